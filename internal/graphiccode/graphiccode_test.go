package graphiccode

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image/png"
	"os"
	"strings"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
)

func setup(t *testing.T) (*Service, *clock.Fake) {
	t.Helper()
	clk := clock.NewFake(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	s, err := New(ephemeral.NewMemory(clk))
	if err != nil {
		t.Fatal(err)
	}
	return s, clk
}

func issue(t *testing.T, s *Service) (Code, string) {
	t.Helper()
	c, err := s.New(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	text, err := s.Peek(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	return c, text
}

func TestCodeAndImage(t *testing.T) {
	s, _ := setup(t)
	c, text := issue(t, s)
	if len(text) != Length || strings.ContainsAny(text, "0O1lI") {
		t.Fatalf("code %q", text)
	}
	b64, ok := strings.CutPrefix(c.Image, "data:image/png;base64,")
	if !ok {
		t.Fatalf("not a PNG data URL: %.40s", c.Image)
	}
	raw, _ := base64.StdEncoding.DecodeString(b64)
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil || img.Bounds().Dx() != Width || img.Bounds().Dy() != Height {
		t.Fatalf("image: %v %v", img.Bounds(), err)
	}
	if dir := os.Getenv("CAPTCHA_DUMP"); dir != "" {
		_ = os.WriteFile(dir+"/graphiccode-"+text+".png", raw, 0o644)
	}
}

func TestCheck(t *testing.T) {
	s, clk := setup(t)
	ctx := context.Background()

	c, text := issue(t, s)
	if err := s.Check(ctx, c.ID, " "+strings.ToLower(text)+" "); err != nil {
		t.Fatalf("right answer in lower case: %v", err)
	}
	if err := s.Check(ctx, c.ID, text); !errors.Is(err, ErrExpired) {
		t.Fatalf("second use: %v", err)
	}

	c, text = issue(t, s)
	if err := s.Check(ctx, c.ID, "ZZZZZ"); !errors.Is(err, ErrWrong) {
		t.Fatalf("wrong answer: %v", err)
	}
	if err := s.Check(ctx, c.ID, text); !errors.Is(err, ErrExpired) {
		t.Fatalf("a wrong guess must use the code up: %v", err)
	}

	c, text = issue(t, s)
	clk.Advance(2 * time.Minute)
	err := s.Check(ctx, c.ID, text)
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid || e.Msg != "验证码已过期" {
		t.Fatalf("after 2 minutes: %v", err)
	}
	if err := s.Check(ctx, "", "ABCD"); !errors.Is(err, ErrExpired) {
		t.Fatalf("empty id: %v", err)
	}
}

// BenchmarkNew is the cost of a code with its picture (POST /api/auth/verifycode, and every
// browser navigation's login page, internal/httpapi/loginpage.go).
func BenchmarkNew(b *testing.B) {
	s, err := New(ephemeral.NewMemory(clock.System{}))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.New(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
