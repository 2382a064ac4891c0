// Package graphiccode is the classic picture of four characters that the
// login, registration and SMS forms ask the user to type. It issues a code
// with an image (POST /api/auth/verifycode) and lets other services check a
// typed answer once.
package graphiccode

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	mrand "math/rand/v2"
	"strings"
	"sync"
	"time"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"bidpass/internal/apperr"
	"bidpass/internal/ephemeral"
)

// Alphabet holds the characters a code is made of: digits and capitals
// without the look-alikes 0/O, 1/I/L, so nobody fails by misreading. The
// check ignores case, so a user may type them in lower case.
const Alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

// Length is the number of characters in a code.
const Length = 4

// TTL is how long a code can be used (docs/spec/DECISIONS.md: 2 minutes).
const TTL = 2 * time.Minute

// Image size in pixels; the login form shows it beside the input.
const (
	Width  = 120
	Height = 40
)

// Errors returned by Check; both are user-facing and mean "get a new code".
var (
	ErrWrong   = apperr.New(apperr.Invalid, "graphiccode.wrong", "验证码错误")
	ErrExpired = apperr.New(apperr.Invalid, "graphiccode.expired", "验证码已过期")
)

// Code is a freshly issued code as the client receives it.
type Code struct {
	ID    string
	Image string // a data URL (image/png)
}

// Service issues and checks graphic codes.
type Service struct {
	store ephemeral.Store
	font  *sfnt.Font
	png   png.Encoder
}

// New returns a service keeping codes in store. The characters are drawn in
// Go Bold, the Go project's own typeface (BSD licence, shipped inside
// golang.org/x/image): the shared Noto subset has no Latin letters or digits.
func New(store ephemeral.Store) (*Service, error) {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		return nil, fmt.Errorf("graphiccode: font: %w", err)
	}
	return &Service{store: store, font: f, png: png.Encoder{BufferPool: &encoderBuffers{}}}, nil
}

const keyPrefix = "gcode:"

// New issues a code and its image.
func (s *Service) New(ctx context.Context) (Code, error) {
	r := mrand.New(mrand.NewChaCha8(seed()))
	text := make([]byte, Length)
	for i := range text {
		text[i] = Alphabet[r.IntN(len(Alphabet))]
	}
	img, err := s.draw(r, string(text))
	if err != nil {
		return Code{}, err
	}
	id := strings.ToLower(rand.Text())
	if err := s.store.Set(ctx, keyPrefix+id, text, TTL); err != nil {
		return Code{}, err
	}
	return Code{ID: id, Image: img}, nil
}

func seed() (b [32]byte) {
	_, _ = rand.Read(b[:])
	return b
}

// Check consumes the code id and compares answer with it, ignoring case and
// surrounding spaces. The code is used up whether the answer is right or
// not, so each picture allows one guess. It returns ErrExpired for an
// unknown, expired or used id and ErrWrong for a wrong answer.
func (s *Service) Check(ctx context.Context, id, answer string) error {
	if id == "" {
		return ErrExpired
	}
	want, err := s.store.Take(ctx, keyPrefix+id)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return ErrExpired
	} else if err != nil {
		return fmt.Errorf("graphiccode: %w", err)
	}
	if !strings.EqualFold(strings.TrimSpace(answer), string(want)) {
		return ErrWrong
	}
	return nil
}

// Peek returns the code behind id without using it up. Only the
// development endpoint may call it, so that end-to-end tests can type it.
func (s *Service) Peek(ctx context.Context, id string) (string, error) {
	b, err := s.store.Get(ctx, keyPrefix+id)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return "", ErrExpired
	}
	return string(b), err
}

// draw renders text with each character rotated and shifted, over a light
// background with noise curves and dots, and returns a PNG data URL. PNG
// because the picture has few colours and sharp edges, where JPEG would
// blur the strokes and be no smaller.
func (s *Service) draw(r *mrand.Rand, text string) (string, error) {
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	bg := color.RGBA{uint8(230 + r.IntN(20)), uint8(230 + r.IntN(20)), uint8(230 + r.IntN(20)), 255}
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = bg.R, bg.G, bg.B, 255
	}
	z := vector.NewRasterizer(Width, Height)
	// Noise curves, drawn as thin filled bands.
	for i := 0; i < 3; i++ {
		z.Reset(Width, Height)
		y0, y1 := r.Float32()*Height, r.Float32()*Height
		cy := r.Float32() * Height
		z.MoveTo(0, y0)
		z.QuadTo(Width/2, cy, Width, y1)
		z.LineTo(Width, y1+1.4)
		z.QuadTo(Width/2, cy+1.4, 0, y0+1.4)
		z.ClosePath()
		z.Draw(img, img.Bounds(), image.NewUniform(darkColour(r, 160)), image.Point{})
	}
	var buf sfnt.Buffer
	const size = 28.0
	step := float64(Width-16) / Length
	for i, ch := range text {
		idx, err := s.font.GlyphIndex(&buf, ch)
		if err != nil {
			return "", err
		}
		segs, err := s.font.LoadGlyph(&buf, idx, fixed.I(int(size)), nil)
		if err != nil {
			return "", err
		}
		b := segs.Bounds()
		gx, gy := float64(b.Min.X+b.Max.X)/128, float64(b.Min.Y+b.Max.Y)/128
		cx := 8 + step*(float64(i)+0.5) + (r.Float64()*2-1)*3
		cy := Height/2 + (r.Float64()*2-1)*4
		sin, cos := math.Sincos((r.Float64()*2 - 1) * math.Pi / 7)
		tf := func(p fixed.Point26_6) (float32, float32) {
			dx, dy := float64(p.X)/64-gx, float64(p.Y)/64-gy
			return float32(cx + dx*cos - dy*sin), float32(cy + dx*sin + dy*cos)
		}
		z.Reset(Width, Height)
		for _, sg := range segs {
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				z.ClosePath()
				z.MoveTo(tf(sg.Args[0]))
			case sfnt.SegmentOpLineTo:
				z.LineTo(tf(sg.Args[0]))
			case sfnt.SegmentOpQuadTo:
				x1, y1 := tf(sg.Args[0])
				x2, y2 := tf(sg.Args[1])
				z.QuadTo(x1, y1, x2, y2)
			case sfnt.SegmentOpCubeTo:
				x1, y1 := tf(sg.Args[0])
				x2, y2 := tf(sg.Args[1])
				x3, y3 := tf(sg.Args[2])
				z.CubeTo(x1, y1, x2, y2, x3, y3)
			}
		}
		z.ClosePath()
		z.Draw(img, img.Bounds(), image.NewUniform(darkColour(r, 255)), image.Point{})
	}
	// Speckles.
	for i := 0; i < 60; i++ {
		img.Set(r.IntN(Width), r.IntN(Height), darkColour(r, 255))
	}
	var raw bytes.Buffer
	if err := s.png.Encode(&raw, img); err != nil {
		return "", err
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(raw.Bytes()), nil
}

// encoderBuffers lets png.Encoder reuse its compressor between pictures: a new one is
// ~800 KB of allocation, most of the cost of a code (BenchmarkNew).
type encoderBuffers struct{ pool sync.Pool }

func (b *encoderBuffers) Get() *png.EncoderBuffer {
	e, _ := b.pool.Get().(*png.EncoderBuffer)
	return e
}

func (b *encoderBuffers) Put(e *png.EncoderBuffer) { b.pool.Put(e) }

// darkColour is a random saturated dark colour at opacity a/255, so the
// text contrasts with the light background.
func darkColour(r *mrand.Rand, a uint8) color.RGBA {
	c := [3]int{20 + r.IntN(110), 20 + r.IntN(110), 20 + r.IntN(110)}
	f := func(v int) uint8 { return uint8(v * int(a) / 255) }
	return color.RGBA{f(c[0]), f(c[1]), f(c[2]), a}
}
