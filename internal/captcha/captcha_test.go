package captcha

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
)

const client = "127.0.0.1|test-agent"

func newTestService(t testing.TB, cfg Config) (*Service, *clock.Fake) {
	t.Helper()
	clk := clock.NewFake(time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC))
	s, err := New(cfg, ephemeral.NewMemory(clk))
	if err != nil {
		t.Fatal(err)
	}
	return s, clk
}

func get(t *testing.T, s *Service, typ string) GetData {
	t.Helper()
	resp, err := s.Get(context.Background(), client, GetRequest{CaptchaType: typ, ClientUID: "slider-x", TS: 1})
	if err != nil || resp.RepCode != CodeSuccess {
		t.Fatalf("get %s: %+v, %v", typ, resp, err)
	}
	return resp.RepData.(GetData)
}

// pointsFor encrypts plain point JSON the way an AJ client does.
func pointsFor(t *testing.T, d GetData, plain string) string {
	t.Helper()
	if d.SecretKey == "" {
		return plain
	}
	c, err := EncryptECB(plain, d.SecretKey)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func check(t *testing.T, s *Service, typ, token, pointJSON string) Response {
	t.Helper()
	resp, err := s.Check(context.Background(), client, CheckRequest{CaptchaType: typ, Token: token, PointJSON: pointJSON})
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

func answer(t *testing.T, s *Service, token string) string {
	t.Helper()
	a, err := s.Answer(context.Background(), token)
	if err != nil {
		t.Fatal(err)
	}
	return a.PointJSON
}

// clientVerification is what an AJ client computes after a passed check.
func clientVerification(t *testing.T, d GetData, plain string) string {
	t.Helper()
	return pointsFor(t, d, d.Token+"---"+plain)
}

func TestRoundTrip(t *testing.T) {
	for _, plainMode := range []bool{false, true} {
		for _, typ := range []string{TypeBlockPuzzle, TypeClickWord} {
			t.Run(fmt.Sprintf("%s/plain=%v", typ, plainMode), func(t *testing.T) {
				s, _ := newTestService(t, Config{PlainPoints: plainMode})
				d := get(t, s, typ)
				if (d.SecretKey == "") != plainMode || (d.SecretKey != "" && len(d.SecretKey) != 16) {
					t.Fatalf("secretKey %q with PlainPoints=%v", d.SecretKey, plainMode)
				}
				if typ == TypeClickWord && len(d.WordList) != 3 {
					t.Fatalf("wordList %v", d.WordList)
				}
				plain := answer(t, s, d.Token)
				resp := check(t, s, typ, d.Token, pointsFor(t, d, plain))
				if resp.RepCode != CodeSuccess || !resp.Success || resp.Error {
					t.Fatalf("right answer refused: %+v", resp)
				}
				v := clientVerification(t, d, plain)
				if err := s.Verify(context.Background(), v); err != nil {
					t.Fatalf("verify: %v", err)
				}
				if err := s.Verify(context.Background(), v); !errors.Is(err, ErrVerification) {
					t.Fatalf("verification consumed twice: %v", err)
				}
			})
		}
	}
}

// A client's own JSON.stringify of a slider position is a float with many
// decimals; the verification must be built from exactly that text.
func TestVerificationUsesClientText(t *testing.T) {
	s, _ := newTestService(t, Config{})
	d := get(t, s, TypeBlockPuzzle)
	var p point
	_ = json.Unmarshal([]byte(answer(t, s, d.Token)), &p)
	plain := fmt.Sprintf(`{"x":%.14f,"y":5}`, p.X+1.23456789)
	if r := check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeSuccess {
		t.Fatalf("within tolerance refused: %+v", r)
	}
	if err := s.Verify(context.Background(), clientVerification(t, d, plain)); err != nil {
		t.Fatal(err)
	}
}

func TestWrongAnswers(t *testing.T) {
	s, _ := newTestService(t, Config{})
	tests := []struct {
		name, typ string
		wrong     func(plain string) string
	}{
		{"slider off by 6", TypeBlockPuzzle, func(plain string) string {
			var p point
			_ = json.Unmarshal([]byte(plain), &p)
			return fmt.Sprintf(`{"x":%g,"y":5}`, p.X+6)
		}},
		{"slider wrong y", TypeBlockPuzzle, func(plain string) string {
			var p point
			_ = json.Unmarshal([]byte(plain), &p)
			return fmt.Sprintf(`{"x":%g,"y":40}`, p.X)
		}},
		{"clicks out of order", TypeClickWord, func(plain string) string {
			var ps []point
			_ = json.Unmarshal([]byte(plain), &ps)
			ps[0], ps[1] = ps[1], ps[0]
			b, _ := json.Marshal(ps)
			return string(b)
		}},
		{"click too far", TypeClickWord, func(plain string) string {
			var ps []point
			_ = json.Unmarshal([]byte(plain), &ps)
			ps[2].Y += 31
			b, _ := json.Marshal(ps)
			return string(b)
		}},
		{"two clicks", TypeClickWord, func(plain string) string {
			var ps []point
			_ = json.Unmarshal([]byte(plain), &ps)
			b, _ := json.Marshal(ps[:2])
			return string(b)
		}},
		{"garbage", TypeBlockPuzzle, func(string) string { return "not json" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s.store.Delete(context.Background(), keyFails+clientKey(client))
			d := get(t, s, tt.typ)
			plain := tt.wrong(answer(t, s, d.Token))
			if r := check(t, s, tt.typ, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeFailed || r.RepMsg != "验证失败" || r.Success {
				t.Fatalf("wrong answer: %+v", r)
			}
			if err := s.Verify(context.Background(), clientVerification(t, d, plain)); !errors.Is(err, ErrVerification) {
				t.Fatalf("failed captcha verified: %v", err)
			}
		})
	}
}

func TestEncryptedModeRefusesPlainPoints(t *testing.T) {
	s, _ := newTestService(t, Config{})
	d := get(t, s, TypeBlockPuzzle)
	if r := check(t, s, TypeBlockPuzzle, d.Token, answer(t, s, d.Token)); r.RepCode != CodeFailed {
		t.Fatalf("plain JSON accepted although a key was issued: %+v", r)
	}
}

func TestTokenExpires(t *testing.T) {
	s, clk := newTestService(t, Config{})
	d := get(t, s, TypeBlockPuzzle)
	plain := answer(t, s, d.Token)
	clk.Advance(120 * time.Second)
	if r := check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeExpired {
		t.Fatalf("expired token: %+v", r)
	}
	d = get(t, s, TypeBlockPuzzle)
	plain = answer(t, s, d.Token)
	clk.Advance(119 * time.Second)
	if r := check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeSuccess {
		t.Fatalf("token at 119 s: %+v", r)
	}
}

func TestVerificationExpires(t *testing.T) {
	s, clk := newTestService(t, Config{})
	d := get(t, s, TypeClickWord)
	plain := answer(t, s, d.Token)
	check(t, s, TypeClickWord, d.Token, pointsFor(t, d, plain))
	clk.Advance(180 * time.Second)
	if err := s.Verify(context.Background(), clientVerification(t, d, plain)); !errors.Is(err, ErrVerification) {
		t.Fatalf("verification after 180 s: %v", err)
	}
	if e, ok := apperr.As(ErrVerification); !ok || e.Kind != apperr.Invalid {
		t.Fatal("ErrVerification must be a user-facing Invalid error")
	}
}

func TestOneCheckPerToken(t *testing.T) {
	s, _ := newTestService(t, Config{})
	d := get(t, s, TypeBlockPuzzle)
	plain := answer(t, s, d.Token)
	var p point
	_ = json.Unmarshal([]byte(plain), &p)
	wrong := fmt.Sprintf(`{"x":%g,"y":5}`, p.X+20)
	if r := check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, wrong)); r.RepCode != CodeFailed {
		t.Fatalf("first (wrong) check: %+v", r)
	}
	if r := check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeExpired {
		t.Fatalf("second check on one token: %+v", r)
	}
	d = get(t, s, TypeBlockPuzzle)
	plain = answer(t, s, d.Token)
	check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, plain))
	if r := check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeExpired {
		t.Fatalf("second check after success: %+v", r)
	}
}

func TestMissingFields(t *testing.T) {
	s, _ := newTestService(t, Config{})
	r, _ := s.Get(context.Background(), client, GetRequest{})
	if r.RepCode != CodeMissingField {
		t.Fatalf("get without type: %+v", r)
	}
	r, _ = s.Get(context.Background(), client, GetRequest{CaptchaType: "rotate"})
	if r.RepCode == CodeSuccess {
		t.Fatalf("unknown type: %+v", r)
	}
	for _, req := range []CheckRequest{{Token: "t", PointJSON: "p"}, {CaptchaType: TypeBlockPuzzle, PointJSON: "p"}, {CaptchaType: TypeBlockPuzzle, Token: "t"}} {
		if r := check(t, s, req.CaptchaType, req.Token, req.PointJSON); r.RepCode != CodeMissingField {
			t.Fatalf("check %+v: %+v", req, r)
		}
	}
}

func TestGetLimit(t *testing.T) {
	s, clk := newTestService(t, Config{GetPerMinute: 3})
	for i := 0; i < 3; i++ {
		get(t, s, TypeBlockPuzzle)
	}
	r, _ := s.Get(context.Background(), client, GetRequest{CaptchaType: TypeBlockPuzzle})
	if r.RepCode != CodeTooManyGets || r.RepData != nil {
		t.Fatalf("4th get in a minute: %+v", r)
	}
	if r, _ := s.Get(context.Background(), "10.0.0.9|other", GetRequest{CaptchaType: TypeBlockPuzzle}); r.RepCode != CodeSuccess {
		t.Fatalf("another client limited too: %+v", r)
	}
	clk.Advance(time.Minute)
	get(t, s, TypeBlockPuzzle)
}

func TestCheckLimit(t *testing.T) {
	s, _ := newTestService(t, Config{CheckPerMinute: 2, FailLimit: -1})
	for i := 0; i < 2; i++ {
		if r := check(t, s, TypeBlockPuzzle, "nope", "x"); r.RepCode != CodeExpired {
			t.Fatalf("check %d: %+v", i, r)
		}
	}
	if r := check(t, s, TypeBlockPuzzle, "nope", "x"); r.RepCode != CodeTooManyChecks {
		t.Fatalf("3rd check in a minute: %+v", r)
	}
}

func TestLockAfterFailures(t *testing.T) {
	s, clk := newTestService(t, Config{})
	for i := 0; i < 5; i++ {
		d := get(t, s, TypeBlockPuzzle)
		if r := check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, `{"x":0,"y":5}`)); r.RepCode != CodeFailed {
			t.Fatalf("failure %d: %+v", i+1, r)
		}
	}
	r, _ := s.Get(context.Background(), client, GetRequest{CaptchaType: TypeBlockPuzzle})
	if r.RepCode != CodeLocked {
		t.Fatalf("get after 5 failures: %+v", r)
	}
	if r := check(t, s, TypeBlockPuzzle, "any", "x"); r.RepCode != CodeLocked {
		t.Fatalf("check after 5 failures: %+v", r)
	}
	clk.Advance(5*time.Minute - time.Second)
	if r, _ := s.Get(context.Background(), client, GetRequest{CaptchaType: TypeBlockPuzzle}); r.RepCode != CodeLocked {
		t.Fatalf("still locked before 5 min: %+v", r)
	}
	clk.Advance(time.Second)
	get(t, s, TypeBlockPuzzle)
}

func TestFailuresOutsideWindowDoNotLock(t *testing.T) {
	s, clk := newTestService(t, Config{})
	for i := 0; i < 8; i++ {
		d := get(t, s, TypeBlockPuzzle)
		check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, `{"x":0,"y":5}`))
		if i%4 == 3 {
			clk.Advance(5 * time.Minute)
		}
	}
	get(t, s, TypeBlockPuzzle)
}

// A vector made by OpenSSL, an implementation independent of Go's:
//
//	printf '%s' '{"x":123.456,"y":5}' | openssl enc -aes-128-ecb \
//	  -K "$(printf '%s' XwKsGlMcdPMEhR1B | xxd -p)" -base64 -A
func TestAESMatchesOpenSSL(t *testing.T) {
	vectors := []struct{ key, plain, cipher string }{
		{"XwKsGlMcdPMEhR1B", `{"x":123.456,"y":5}`, "64mwu/wnIuVQ2igy+d9eh5TKdr7HaFSa1mH8+maWwDE="},
		{"k8Jd2LmQpZ0aB7cX", `abcdefghijklmnop---[{"x":10,"y":20}]`, "uJC62JeenNBmoBCt2ClF3/7uSA+y48Hyhyv086bTKen7ZUs/QCo0c6W93eIf7QUJ"},
	}
	for _, v := range vectors {
		got, err := EncryptECB(v.plain, v.key)
		if err != nil || got != v.cipher {
			t.Errorf("EncryptECB(%q) = %q, %v; openssl says %q", v.plain, got, err, v.cipher)
		}
		back, err := DecryptECB(v.cipher, v.key)
		if err != nil || back != v.plain {
			t.Errorf("DecryptECB = %q, %v", back, err)
		}
	}
	if _, err := DecryptECB(vectors[0].cipher, "AAAAAAAAAAAAAAAA"); err == nil {
		t.Error("wrong key decrypted without error")
	}
	if _, err := DecryptECB("!!!", vectors[0].key); err == nil {
		t.Error("bad base64 decrypted without error")
	}
}

func decode(t *testing.T, b64 string) (image.Image, string, int) {
	t.Helper()
	raw, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	img, format, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	return img, format, len(raw)
}

func TestImageSizes(t *testing.T) {
	s, _ := newTestService(t, Config{GetPerMinute: -1})
	dump := os.Getenv("CAPTCHA_DUMP") // a folder: write the images to look at them
	for i := 0; i < 5; i++ {
		d := get(t, s, TypeBlockPuzzle)
		bg, format, n := decode(t, d.OriginalImageBase64)
		if bg.Bounds().Dx() != 310 || bg.Bounds().Dy() != 155 || format != "jpeg" || n > 25000 {
			t.Fatalf("background %v %s %d bytes", bg.Bounds(), format, n)
		}
		strip, format, n := decode(t, d.JigsawImageBase64)
		if strip.Bounds().Dx() != pieceSize || strip.Bounds().Dy() != 155 || format != "png" || n > 25000 {
			t.Fatalf("piece %v %s %d bytes", strip.Bounds(), format, n)
		}
		if _, _, _, a := strip.At(0, 0).RGBA(); a != 0 {
			t.Fatal("the strip around the piece must be transparent")
		}
		w := get(t, s, TypeClickWord)
		cw, _, n := decode(t, w.OriginalImageBase64)
		if cw.Bounds().Dx() != 310 || cw.Bounds().Dy() != 155 || n > 25000 {
			t.Fatalf("click-word %v %d bytes", cw.Bounds(), n)
		}
		if dump != "" {
			// A contact sheet per captcha: the puzzle, the puzzle with the
			// piece dropped at the answer, and the click-word picture.
			var p point
			_ = json.Unmarshal([]byte(answer(t, s, d.Token)), &p)
			sheet := image.NewRGBA(image.Rect(0, 0, 3*310+20, 155))
			draw.Draw(sheet, bg.Bounds(), bg, image.Point{}, draw.Src)
			solved := bg.Bounds().Add(image.Pt(320, 0))
			draw.Draw(sheet, solved, bg, image.Point{}, draw.Src)
			draw.Draw(sheet, strip.Bounds().Add(image.Pt(320+int(p.X), 0)), strip, image.Point{}, draw.Over)
			draw.Draw(sheet, cw.Bounds().Add(image.Pt(640, 0)), cw, image.Point{}, draw.Src)
			f, _ := os.Create(filepath.Join(dump, fmt.Sprintf("sheet-%d.png", i)))
			_ = png.Encode(f, sheet)
			_ = f.Close()
			t.Logf("%d: words %v at %s", i, w.WordList, answer(t, s, w.Token))
		}
	}
}

// Two backgrounds in a row must differ: a fixed set could be template-matched.
func TestBackgroundsDiffer(t *testing.T) {
	s, _ := newTestService(t, Config{})
	a := get(t, s, TypeClickWord).OriginalImageBase64
	b := get(t, s, TypeClickWord).OriginalImageBase64
	if a == b {
		t.Fatal("two captchas had the same picture")
	}
}

// The service on the shared store: a round trip, one check per token and
// the lock, as several instances behind a load balancer would run it.
func TestOnRedis(t *testing.T) {
	url := os.Getenv("BIDPASS_TEST_REDIS")
	if url == "" {
		t.Skip("SKIP redis: BIDPASS_TEST_REDIS not set")
	}
	store, err := ephemeral.NewRedis(url, "bidpass-test:captcha:"+newToken()+":")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	s, err := New(Config{FailLimit: 2}, store)
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{TypeBlockPuzzle, TypeClickWord} {
		d := get(t, s, typ)
		plain := answer(t, s, d.Token)
		if r := check(t, s, typ, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeSuccess {
			t.Fatalf("%s: %+v", typ, r)
		}
		if r := check(t, s, typ, d.Token, pointsFor(t, d, plain)); r.RepCode != CodeExpired {
			t.Fatalf("%s second check: %+v", typ, r)
		}
		v := clientVerification(t, d, plain)
		if s.Verify(context.Background(), v) != nil || s.Verify(context.Background(), v) == nil {
			t.Fatalf("%s: verification must pass exactly once", typ)
		}
	}
	for i := 0; i < 2; i++ {
		d := get(t, s, TypeBlockPuzzle)
		check(t, s, TypeBlockPuzzle, d.Token, pointsFor(t, d, `{"x":1,"y":5}`))
	}
	if r, _ := s.Get(context.Background(), client, GetRequest{CaptchaType: TypeBlockPuzzle}); r.RepCode != CodeLocked {
		t.Fatalf("after the fail limit: %+v", r)
	}
}
