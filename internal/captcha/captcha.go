// Package captcha is the behavioural captcha that protects sign-in,
// registration, SMS sending and recovery. It speaks the AJ-Captcha protocol
// (get / check / a one-time verification handed to the protected call), so
// existing AJ-Captcha clients work against bidpass unchanged, with two
// types: blockPuzzle (drag a jigsaw piece) and clickWord (click characters
// in order). Images are made here, on procedural or operator-supplied
// backgrounds, with an OFL font embedded in the fonts sub-package.
//
// All state (tokens, verifications, rate-limit counters, locks) lives in an
// ephemeral.Store, so several instances can share it through Redis.
package captcha

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	mrand "math/rand/v2"
	"sync"
	"time"

	"golang.org/x/image/font/sfnt"

	"bidpass/internal/apperr"
	"bidpass/internal/captcha/fonts"
	"bidpass/internal/ephemeral"
)

// The two captcha types, spelled as AJ-Captcha clients send them.
const (
	TypeBlockPuzzle = "blockPuzzle"
	TypeClickWord   = "clickWord"
)

// Response codes of the AJ-Captcha protocol (docs/spec/DECISIONS.md, "The HTTP
// contract"); clients switch on them, so they never change meaning.
const (
	CodeSuccess       = "0000"
	CodeMissingField  = "0011"
	CodeBadFormat     = "0016"
	CodeExpired       = "6110"
	CodeFailed        = "6111"
	CodeTooManyGets   = "6201"
	CodeLocked        = "6202"
	CodeTooManyChecks = "6204"
	CodeInternal      = "9999"
)

// Response is AJ-Captcha's envelope. Success mirrors repCode == "0000" and
// Error its negation, as the reference server serialises both.
type Response struct {
	RepCode string `json:"repCode"`
	RepMsg  string `json:"repMsg"`
	RepData any    `json:"repData"`
	Success bool   `json:"success"`
	Error   bool   `json:"error"`
}

func reply(code, msg string, data any) Response {
	return Response{RepCode: code, RepMsg: msg, RepData: data, Success: code == CodeSuccess, Error: code != CodeSuccess}
}

func ok(data any) Response { return reply(CodeSuccess, "成功", data) }

// GetRequest is the body of POST /captcha/get. ClientUID and TS are accepted
// for compatibility; rate limits key on the caller's address and user agent
// instead, because a client chooses its own clientUid.
type GetRequest struct {
	CaptchaType string `json:"captchaType"`
	ClientUID   string `json:"clientUid"`
	TS          int64  `json:"ts"`
}

// GetData is repData of a successful get. Images are base64 without a data
// URL prefix, as AJ clients expect; the background is JPEG and the piece
// PNG, which browsers sniff whatever the prefix a client puts in front.
type GetData struct {
	CaptchaType         string   `json:"captchaType"`
	OriginalImageBase64 string   `json:"originalImageBase64"`
	JigsawImageBase64   string   `json:"jigsawImageBase64,omitempty"`
	WordList            []string `json:"wordList,omitempty"`
	Token               string   `json:"token"`
	SecretKey           string   `json:"secretKey,omitempty"`
}

// CheckRequest is the body of POST /captcha/check.
type CheckRequest struct {
	CaptchaType string `json:"captchaType"`
	PointJSON   string `json:"pointJson"`
	Token       string `json:"token"`
}

// CheckData is repData of a successful check.
type CheckData struct {
	CaptchaType string `json:"captchaType"`
	Token       string `json:"token"`
	Result      bool   `json:"result"`
}

// Answer is what the development endpoint reveals about a live captcha:
// the plain point JSON that passes its check.
type Answer struct {
	CaptchaType string `json:"captchaType"`
	PointJSON   string `json:"pointJson"`
}

// ErrVerification is returned by Verify when the verification is unknown,
// expired or already used; the protected call asks the user to redo the
// captcha.
var ErrVerification = apperr.New(apperr.Invalid, "captcha.verification", "请先完成安全验证")

// ErrNoCaptcha is returned by Answer for an unknown or expired token.
var ErrNoCaptcha = apperr.New(apperr.NotFound, "captcha.not_found", "验证码已失效，请重新获取")

// Service issues and checks captchas.
type Service struct {
	cfg   Config
	store ephemeral.Store
	bg    backgrounds
	font  *sfnt.Font
	chars []rune
}

// New returns a captcha service keeping its state in store. It fails when
// the configured background folder cannot be read, so a bad setting stops
// the server at start rather than at the first sign-in.
func New(cfg Config, store ephemeral.Store) (*Service, error) {
	cfg = cfg.withDefaults()
	f, err := fonts.NotoSansSC()
	if err != nil {
		return nil, fmt.Errorf("captcha: font: %w", err)
	}
	s := &Service{cfg: cfg, store: store, bg: procedural{}, font: f, chars: fonts.ClickWordChars()}
	if cfg.BackgroundDir != "" {
		fb, err := loadFolder(cfg.BackgroundDir)
		if err != nil {
			return nil, err
		}
		s.bg = fb
	}
	return s, nil
}

// Store keys; the client part is a hash so that addresses and user agents
// are not kept in the store in the clear.
const (
	keyToken  = "captcha:tok:"
	keyVerify = "captcha:ver:"
	keyGets   = "captcha:get:"
	keyChecks = "captcha:chk:"
	keyFails  = "captcha:fail:"
	keyLock   = "captcha:lock:"
)

func clientKey(client string) string {
	h := sha256.Sum256([]byte(client))
	return hex.EncodeToString(h[:16])
}

// record is what the store keeps per token.
type record struct {
	Type   string  `json:"t"`
	Key    string  `json:"k,omitempty"`
	X      int     `json:"x,omitempty"`
	Points []point `json:"p,omitempty"`
}

// Get makes a new captcha for client (the caller's address and user agent,
// as the HTTP layer identifies it). The error is non-nil only for internal
// failures, in which case the response is the generic 9999 answer.
func (s *Service) Get(ctx context.Context, client string, req GetRequest) (Response, error) {
	if req.CaptchaType == "" {
		return reply(CodeMissingField, "captchaType不能为空", nil), nil
	}
	if req.CaptchaType != TypeBlockPuzzle && req.CaptchaType != TypeClickWord {
		return reply(CodeBadFormat, "captchaType格式错误", nil), nil
	}
	ck := clientKey(client)
	if resp, err := s.limit(ctx, ck, keyGets, s.cfg.GetPerMinute, CodeTooManyGets, "get接口请求次数超限，请稍后再试!"); resp != nil || err != nil {
		return s.internal(resp, err)
	}
	rec, data, err := s.generate(req.CaptchaType)
	if err != nil {
		return s.internal(nil, err)
	}
	b, _ := json.Marshal(rec)
	if err := s.store.Set(ctx, keyToken+data.Token, b, s.cfg.TokenTTL); err != nil {
		return s.internal(nil, err)
	}
	return ok(data), nil
}

// internal answers resp, or the generic 9999 for an error: 服务不可用 when
// the store is down (the limits cannot be read, so nothing is served),
// 服务器内部异常 otherwise.
func (s *Service) internal(resp *Response, err error) (Response, error) {
	if apperr.KindOf(err) == apperr.Unavailable {
		return reply(CodeInternal, "服务不可用", nil), err
	}
	if err != nil {
		return reply(CodeInternal, "服务器内部异常", nil), err
	}
	return *resp, nil
}

// limit answers the lock (6202) or a per-minute limit code, or nil when the
// request may go on.
func (s *Service) limit(ctx context.Context, ck, counter string, perMinute int, code, msg string) (*Response, error) {
	if s.cfg.FailLimit > 0 {
		if _, err := s.store.Get(ctx, keyLock+ck); err == nil {
			r := reply(CodeLocked, "接口验证失败数过多，请稍后再试", nil)
			return &r, nil
		} else if !errors.Is(err, ephemeral.ErrNotFound) {
			return nil, err
		}
	}
	if perMinute < 0 {
		return nil, nil
	}
	n, err := s.store.Incr(ctx, counter+ck, time.Minute)
	if err != nil {
		return nil, err
	}
	if n > int64(perMinute) {
		r := reply(code, msg, nil)
		return &r, nil
	}
	return nil, nil
}

// runtimeSource draws from the runtime's per-thread ChaCha8 generator,
// which is seeded from the operating system: unpredictable enough for
// piece positions and cheaper than a new generator per request.
type runtimeSource struct{}

func (runtimeSource) Uint64() uint64 { return mrand.Uint64() }

func newRand() *mrand.Rand { return mrand.New(runtimeSource{}) }

func (s *Service) generate(typ string) (record, GetData, error) {
	r := newRand()
	rec := record{Type: typ}
	data := GetData{CaptchaType: typ}
	data.Token = newToken()
	if !s.cfg.PlainPoints {
		rec.Key = rand.Text()[:16]
		data.SecretKey = rec.Key
	}
	bg := rgbaPool.Get().(*image.RGBA)
	defer rgbaPool.Put(bg)
	s.bg.background(r, bg)
	var err error
	switch typ {
	case TypeBlockPuzzle:
		p := newBlockPuzzle(r, bg)
		defer stripPool.Put(p.strip)
		rec.X = p.x
		if data.OriginalImageBase64, err = encodeJPEG(p.background, s.cfg.JPEGQuality); err != nil {
			return rec, data, err
		}
		data.JigsawImageBase64, err = encodePNG(p.strip)
	case TypeClickWord:
		var w clickWord
		if w, err = newClickWord(r, bg, s.font, s.chars); err != nil {
			return rec, data, err
		}
		rec.Points = w.points
		data.WordList = w.words
		data.OriginalImageBase64, err = encodeJPEG(w.background, s.cfg.JPEGQuality)
	}
	return rec, data, err
}

// newToken returns 32 random hex characters, the shape of AJ's tokens.
func newToken() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

var bufPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// pngEncoder reuses its compression buffers across requests; BestSpeed
// because the strip is mostly transparent and compresses well regardless.
var pngEncoder = &png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngPool{}}

type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}
func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

func encodeJPEG(img image.Image, quality int) (string, error) {
	buf := bufPool.Get().(*bytes.Buffer)
	defer bufPool.Put(buf)
	buf.Reset()
	if err := jpeg.Encode(buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

func encodePNG(img image.Image) (string, error) {
	buf := bufPool.Get().(*bytes.Buffer)
	defer bufPool.Put(buf)
	buf.Reset()
	if err := pngEncoder.Encode(buf, img); err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(buf.Bytes()), nil
}

// Check answers one attempt at a captcha. A token gets exactly one check,
// right or wrong, so a bot cannot search for the answer on one image. The
// error is non-nil only for internal failures.
func (s *Service) Check(ctx context.Context, client string, req CheckRequest) (Response, error) {
	switch {
	case req.CaptchaType == "":
		return reply(CodeMissingField, "captchaType不能为空", nil), nil
	case req.Token == "":
		return reply(CodeMissingField, "token不能为空", nil), nil
	case req.PointJSON == "":
		return reply(CodeMissingField, "pointJson不能为空", nil), nil
	}
	ck := clientKey(client)
	if resp, err := s.limit(ctx, ck, keyChecks, s.cfg.CheckPerMinute, CodeTooManyChecks, "check接口请求次数超限，请稍后再试!"); resp != nil || err != nil {
		return s.internal(resp, err)
	}
	raw, err := s.store.Take(ctx, keyToken+req.Token)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return reply(CodeExpired, "验证码已失效，请重新获取", nil), nil
	} else if err != nil {
		return s.internal(nil, err)
	}
	var rec record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return s.internal(nil, err)
	}
	plain, good := s.judge(rec, req)
	if !good {
		return s.fail(ctx, ck)
	}
	// The verification is what the client computes too: the token, three
	// dashes and the very point JSON it sent, encrypted when a key was
	// issued. Using the decrypted text byte for byte (not a re-encoding)
	// keeps the two sides equal.
	verification := req.Token + "---" + plain
	if rec.Key != "" {
		if verification, err = EncryptECB(verification, rec.Key); err != nil {
			return s.internal(nil, err)
		}
	}
	if err := s.store.Set(ctx, verifyKey(verification), []byte(rec.Type), s.cfg.VerificationTTL); err != nil {
		return s.internal(nil, err)
	}
	return ok(CheckData{CaptchaType: rec.Type, Token: req.Token, Result: true}), nil
}

// judge decrypts the points and compares them with the answer; it returns
// the plain point JSON and whether it passes.
func (s *Service) judge(rec record, req CheckRequest) (string, bool) {
	if rec.Type != req.CaptchaType {
		return "", false
	}
	plain := req.PointJSON
	if rec.Key != "" {
		var err error
		if plain, err = DecryptECB(req.PointJSON, rec.Key); err != nil {
			return "", false
		}
	}
	switch rec.Type {
	case TypeBlockPuzzle:
		var p point
		if json.Unmarshal([]byte(plain), &p) != nil {
			return "", false
		}
		return plain, math.Abs(p.X-float64(rec.X)) <= s.cfg.SliderTolerance && math.Abs(p.Y-fixedY) <= 1
	case TypeClickWord:
		var ps []point
		if json.Unmarshal([]byte(plain), &ps) != nil || len(ps) != len(rec.Points) {
			return "", false
		}
		for i, want := range rec.Points {
			if math.Abs(ps[i].X-want.X) > s.cfg.ClickTolerance || math.Abs(ps[i].Y-want.Y) > s.cfg.ClickTolerance {
				return "", false
			}
		}
		return plain, true
	}
	return "", false
}

// fail counts a failed check and locks the client once it reaches the limit.
func (s *Service) fail(ctx context.Context, ck string) (Response, error) {
	if s.cfg.FailLimit > 0 {
		n, err := s.store.Incr(ctx, keyFails+ck, s.cfg.FailWindow)
		if err != nil {
			return s.internal(nil, err)
		}
		if n >= int64(s.cfg.FailLimit) {
			if err := s.store.Set(ctx, keyLock+ck, []byte("1"), s.cfg.LockDuration); err != nil {
				return s.internal(nil, err)
			}
			_ = s.store.Delete(ctx, keyFails+ck)
		}
	}
	return reply(CodeFailed, "验证失败", nil), nil
}

func verifyKey(v string) string {
	h := sha256.Sum256([]byte(v))
	return keyVerify + hex.EncodeToString(h[:])
}

// Verify consumes a captchaVerification presented with a protected call
// (sign-in, SMS sending, recovery). It succeeds once per passed captcha,
// within VerificationTTL; otherwise it returns ErrVerification.
func (s *Service) Verify(ctx context.Context, captchaVerification string) error {
	if captchaVerification == "" {
		return ErrVerification
	}
	if _, err := s.store.Take(ctx, verifyKey(captchaVerification)); errors.Is(err, ephemeral.ErrNotFound) {
		return ErrVerification
	} else if err != nil {
		return fmt.Errorf("captcha: verify: %w", err)
	}
	return nil
}

// Answer returns the plain point JSON that passes the captcha behind token,
// without using it up. Only the development endpoint may call it: it hands
// out the answer so that end-to-end tests can drive the real widgets.
func (s *Service) Answer(ctx context.Context, token string) (Answer, error) {
	raw, err := s.store.Get(ctx, keyToken+token)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return Answer{}, ErrNoCaptcha
	} else if err != nil {
		return Answer{}, err
	}
	var rec record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return Answer{}, err
	}
	var b []byte
	if rec.Type == TypeBlockPuzzle {
		b, _ = json.Marshal(point{X: float64(rec.X), Y: fixedY})
	} else {
		b, _ = json.Marshal(rec.Points)
	}
	return Answer{CaptchaType: rec.Type, PointJSON: string(b)}, nil
}
