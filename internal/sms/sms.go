// Package sms sends and checks the six-digit codes that prove a user holds a
// phone number (SMS) or an e-mail address, and sends plain notices (review
// outcomes). A code is bound to its channel, its address and its scene (the
// purpose it was sent for), is valid five minutes, is used once and dies
// after five wrong tries. Sending needs a fresh graphic code (one graphic
// code allows one send), waits 120 s between sends to one address, and is
// capped per address and per client each day (docs/spec/DECISIONS.md).
package sms

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
)

// Channel is how a code travels.
type Channel string

// The channels.
const (
	SMS   Channel = "sms"
	Email Channel = "email"
)

// Scenes a code can be sent for (docs/spec/DECISIONS.md); a code is valid only for
// its scene.
const (
	SceneRegister = "register"
	SceneRecover  = "recover"
	ScenePassword = "password"
	ScenePhone    = "phone"
	SceneContact  = "contact"
	SceneLogin    = "login"
	SceneEmail    = "email" // binding or changing the account's e-mail address
)

// Scenes of notices (no code): a plain notice, and the outcome of each kind
// of review, each with a template of its own at a template-only vendor.
const (
	SceneNotice          = "notice"
	SceneRealNameResult  = "realname_result"
	SceneChangeResult    = "change_result"
	SceneAdmissionResult = "admission_result"
	SceneNewDevice       = "new_device" // a sign-in from a device not seen lately (internal/devices)
)

var scenes = map[string]bool{
	SceneRegister: true, SceneRecover: true, ScenePassword: true, ScenePhone: true,
	SceneContact: true, SceneLogin: true, SceneEmail: true,
}

// Limits (docs/spec/DECISIONS.md).
const (
	CodeTTL        = 5 * time.Minute
	Cooldown       = 120 * time.Second
	MaxWrongTries  = 5
	PerAddressDay  = 10
	PerClientDay   = 50
	codeDigits     = 6
	keyCode        = "sms:code:"
	keyTries       = "sms:tries:"
	keyCooldown    = "sms:cool:"
	keyDayAddress  = "sms:day:to:"
	keyDayClient   = "sms:day:client:"
	dayCounterTTL  = 24 * time.Hour
	maxTextLength  = 500
	maxEmailLength = 100
)

// Message is one outbound SMS or e-mail.
type Message struct {
	Channel Channel
	To      string
	Scene   string
	Subject string // e-mail only
	Text    string
	Code    string // empty for notices
	// Params are the values of the scene's registered template, for the
	// vendors that send only templates (internal/sms/smsvendor): "code" for
	// a code; "kind", "result" and "reason" for a review outcome. Text is
	// the same message written out, for the senders that take free text.
	Params map[string]string
	At     time.Time
}

// Sender delivers messages of one channel.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// GraphicCodes checks a typed graphic code once (internal/graphiccode).
type GraphicCodes interface {
	Check(ctx context.Context, id, code string) error
}

// SendRequest asks for a code. Exactly one of Phone and Email is set.
type SendRequest struct {
	Phone         string
	Email         string
	Scene         string
	GraphicCodeID string
	GraphicCode   string
	Client        string // the client's address, for the daily cap per client
}

// Config builds a Service. A nil sender means that channel is not
// configured: its calls answer 503.
type Config struct {
	Store        ephemeral.Store
	Clock        clock.Clock
	GraphicCodes GraphicCodes
	SMS          Sender
	Email        Sender
	Log          *slog.Logger
	SiteName     string // signature of messages, e.g. 公路桥梁电子招标采购交易平台
}

// Service sends and verifies codes.
type Service struct {
	cfg Config
}

// New returns a service.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.SiteName == "" {
		cfg.SiteName = "公路桥梁电子招标采购交易平台"
	}
	return &Service{cfg: cfg}
}

// User-facing errors.
var (
	ErrSMSUnavailable   = apperr.New(apperr.Unavailable, "sms.unavailable", "短信服务未配置")
	ErrEmailUnavailable = apperr.New(apperr.Unavailable, "email.unavailable", "邮件服务未配置")
	ErrSendFailed       = apperr.New(apperr.Unavailable, "sms.send_failed", "短信发送失败，请稍后重试")
	ErrEmailSendFailed  = apperr.New(apperr.Unavailable, "email.send_failed", "邮件发送失败，请稍后重试")
	ErrWrongCode        = apperr.New(apperr.Invalid, "sms.wrong", "短信验证码错误")
	ErrExpiredCode      = apperr.New(apperr.Invalid, "sms.expired", "短信验证码已过期，请重新获取")
	ErrWrongEmailCode   = apperr.New(apperr.Invalid, "email.wrong", "邮箱验证码错误")
	ErrExpiredEmailCode = apperr.New(apperr.Invalid, "email.expired", "邮箱验证码已过期，请重新获取")
	ErrBadScene         = apperr.Field("scene", "短信类型错误")
	ErrBadPhone         = apperr.Field("phone", "请输入正确的手机号")
	ErrBadEmail         = apperr.Field("email", "请输入正确的邮箱")
	ErrAddressDayCap    = apperr.New(apperr.TooMany, "sms.daily_cap", "今日发送次数已达上限，请明天再试")
	ErrClientDayCap     = apperr.New(apperr.TooMany, "sms.client_cap", "发送过于频繁，请明天再试")
)

var (
	phoneRE = regexp.MustCompile(`^1[3-9]\d{9}$`)
	emailRE = regexp.MustCompile(`^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}$`)
)

// ValidPhone reports whether s is a mainland mobile number.
func ValidPhone(s string) bool { return phoneRE.MatchString(s) }

// ValidEmail reports whether s looks like an e-mail address.
func ValidEmail(s string) bool { return len(s) <= maxEmailLength && emailRE.MatchString(s) }

type stored struct {
	Channel Channel `json:"ch"`
	To      string  `json:"to"`
	Scene   string  `json:"scene"`
	Code    string  `json:"code"`
}

// Send checks the graphic code (used up whatever follows, so one picture
// allows one send), the cooldown and the daily caps, then sends a fresh
// code and returns its id. Errors: Invalid (scene, phone/e-mail, graphic
// code), TooMany (cooldown with the seconds left, caps), Unavailable (no
// sender, or the sender failed).
func (s *Service) Send(ctx context.Context, req SendRequest) (string, error) {
	ch, to := SMS, strings.TrimSpace(req.Phone)
	if req.Email != "" {
		ch, to = Email, strings.ToLower(strings.TrimSpace(req.Email))
	}
	if !scenes[req.Scene] {
		return "", ErrBadScene
	}
	if ch == SMS && !ValidPhone(to) {
		return "", ErrBadPhone
	}
	if ch == Email && !ValidEmail(to) {
		return "", ErrBadEmail
	}
	sender := s.sender(ch)
	if sender == nil {
		return "", s.unavailable(ch)
	}
	if err := s.cfg.GraphicCodes.Check(ctx, req.GraphicCodeID, req.GraphicCode); err != nil {
		if e, ok := apperr.As(err); ok && e.Kind == apperr.Invalid && len(e.Fields) == 0 {
			c := *e
			c.Fields = map[string]string{"verificationCode": e.Msg}
			return "", &c
		}
		return "", err
	}
	addr := string(ch) + ":" + to
	first, err := s.cfg.Store.SetNX(ctx, keyCooldown+addr, []byte{1}, Cooldown)
	if err != nil {
		return "", err
	}
	if !first {
		left, err := s.cfg.Store.TTL(ctx, keyCooldown+addr)
		if err != nil && !errors.Is(err, ephemeral.ErrNotFound) {
			return "", err
		}
		secs := int((left + time.Second - 1) / time.Second)
		if secs < 1 {
			secs = 1
		}
		return "", apperr.New(apperr.TooMany, "sms.cooldown", fmt.Sprintf("发送过于频繁，请%d秒后再试", secs))
	}
	day := s.cfg.Clock.Now().UTC().Add(8 * time.Hour).Format("20060102") // the caps follow the Beijing day
	n, err := s.cfg.Store.Incr(ctx, keyDayAddress+addr+":"+day, dayCounterTTL)
	if err != nil {
		return "", err
	}
	if n > PerAddressDay {
		return "", ErrAddressDayCap
	}
	if req.Client != "" {
		n, err := s.cfg.Store.Incr(ctx, keyDayClient+req.Client+":"+day, dayCounterTTL)
		if err != nil {
			return "", err
		}
		if n > PerClientDay {
			return "", ErrClientDayCap
		}
	}
	code, err := randomDigits(codeDigits)
	if err != nil {
		return "", err
	}
	id := strings.ToLower(rand.Text())
	rec, _ := json.Marshal(stored{Channel: ch, To: to, Scene: req.Scene, Code: code})
	if err := s.cfg.Store.Set(ctx, keyCode+id, rec, CodeTTL); err != nil {
		return "", err
	}
	m := Message{Channel: ch, To: to, Scene: req.Scene, Code: code, Params: map[string]string{"code": code}, At: s.cfg.Clock.Now().UTC()}
	if ch == SMS {
		m.Text = fmt.Sprintf("【%s】您的验证码为%s，5分钟内有效，请勿泄露给他人。", s.cfg.SiteName, code)
	} else {
		m.Subject = s.cfg.SiteName + "邮箱验证码"
		m.Text = fmt.Sprintf("您好：\n\n您的验证码为 %s ，5分钟内有效，请勿泄露给他人。如非本人操作，请忽略本邮件。\n\n%s", code, s.cfg.SiteName)
	}
	if err := sender.Send(ctx, m); err != nil {
		// Nothing reached the user: let them try again at once.
		_ = s.cfg.Store.Delete(ctx, keyCode+id)
		_ = s.cfg.Store.Delete(ctx, keyCooldown+addr)
		if e, ok := apperr.As(err); ok {
			return "", e // a vendor's refusal already in the user's words (smsvendor)
		}
		if ch == Email {
			return "", ErrEmailSendFailed.Wrap(err)
		}
		return "", ErrSendFailed.Wrap(err)
	}
	return id, nil
}

// Verify checks a code sent for scene to the phone number or e-mail
// address to (an address containing @ is e-mail) and consumes it on
// success. A code for another scene or address is refused as wrong; after
// MaxWrongTries tries the code is gone.
//
// Each request reserves its try (an atomic increment) before it reads the
// code, and only the first MaxWrongTries reservations get to compare: the
// limit holds for any number of parallel guesses on any store, where a
// read-compare-then-count would let every guess in flight be evaluated
// (docs/decisions/limits.md, "Limits and abuse paths" #1). The right answer uses a try like any other.
func (s *Service) Verify(ctx context.Context, scene, to, codeID, code string) error {
	ch := SMS
	to = strings.TrimSpace(to)
	if strings.Contains(to, "@") {
		ch, to = Email, strings.ToLower(to)
	}
	wrong, expired := ErrWrongCode, ErrExpiredCode
	if ch == Email {
		wrong, expired = ErrWrongEmailCode, ErrExpiredEmailCode
	}
	if codeID == "" {
		return expired
	}
	try, err := s.cfg.Store.Incr(ctx, keyTries+codeID, CodeTTL)
	if err != nil {
		return err
	}
	if try > MaxWrongTries {
		_ = s.cfg.Store.Delete(ctx, keyCode+codeID)
		return expired
	}
	raw, err := s.cfg.Store.Get(ctx, keyCode+codeID)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return expired
	}
	if err != nil {
		return err
	}
	var rec stored
	if err := json.Unmarshal(raw, &rec); err != nil {
		return err
	}
	match := rec.Channel == ch && rec.To == to && rec.Scene == scene &&
		subtle.ConstantTimeCompare([]byte(rec.Code), []byte(strings.TrimSpace(code))) == 1
	if !match {
		if try == MaxWrongTries {
			_ = s.cfg.Store.Delete(ctx, keyCode+codeID)
			return expired
		}
		return wrong
	}
	// Take makes the success single-use even when two requests race.
	if _, err := s.cfg.Store.Take(ctx, keyCode+codeID); errors.Is(err, ephemeral.ErrNotFound) {
		return expired
	} else if err != nil {
		return err
	}
	return nil
}

// Notify sends a plain SMS notice (no code).
func (s *Service) Notify(ctx context.Context, phone, text string) error {
	return s.NotifyScene(ctx, phone, SceneNotice, text, nil)
}

// NotifyScene sends a notice under a scene of its own with its template's
// parameters, so a vendor that sends only registered templates can pick
// the notice's template by the scene (e.g. SceneAdmissionResult). Notice
// scenes carry no code and cannot be asked for through Send. It returns
// ErrSMSUnavailable when no SMS sender is configured.
func (s *Service) NotifyScene(ctx context.Context, phone, scene, text string, params map[string]string) error {
	if s.cfg.SMS == nil {
		return ErrSMSUnavailable
	}
	if !ValidPhone(phone) {
		return ErrBadPhone
	}
	return s.cfg.SMS.Send(ctx, Message{Channel: SMS, To: phone, Scene: scene, Params: params,
		Text: fmt.Sprintf("【%s】%s", s.cfg.SiteName, Clip(text, maxTextLength)), At: s.cfg.Clock.Now().UTC()})
}

// NotifyOn is NotifyScene on a channel: an e-mail notice goes to the
// address to, with the same text.
func (s *Service) NotifyOn(ctx context.Context, ch Channel, to, scene, text string, params map[string]string) error {
	if ch != Email {
		return s.NotifyScene(ctx, to, scene, text, params)
	}
	if s.cfg.Email == nil {
		return ErrEmailUnavailable
	}
	return s.cfg.Email.Send(ctx, Message{Channel: Email, To: to, Scene: scene, Params: params, Subject: s.cfg.SiteName + "账号通知",
		Text: fmt.Sprintf("【%s】%s", s.cfg.SiteName, text), At: s.cfg.Clock.Now().UTC()})
}

// Clip cuts s to at most n bytes at a character boundary (a Chinese
// character is three bytes).
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Configured reports whether a channel has a sender.
func (s *Service) Configured(ch Channel) bool { return s.sender(ch) != nil }

func (s *Service) sender(ch Channel) Sender {
	if ch == Email {
		return s.cfg.Email
	}
	return s.cfg.SMS
}

func (s *Service) unavailable(ch Channel) error {
	if ch == Email {
		return ErrEmailUnavailable
	}
	return ErrSMSUnavailable
}

func randomDigits(n int) (string, error) {
	max := big.NewInt(10)
	b := make([]byte, n)
	for i := range b {
		d, err := rand.Int(rand.Reader, max)
		if err != nil {
			return "", err
		}
		b[i] = byte('0' + d.Int64())
	}
	return string(b), nil
}
