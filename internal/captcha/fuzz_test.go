package captcha

import (
	"encoding/json"
	"math"
	"testing"
)

// FuzzPointJSON feeds the checker what a client controls in POST
// /captcha/check: the pointJson, either as arbitrary ciphertext or as
// arbitrary plain text encrypted under the captcha's key (so the JSON
// parser behind the decryption is reached too), for both captcha types.
// Properties: no panic; the AES round trip holds; a pass is never granted
// to points outside the tolerance, and the verification text is the very
// decrypted plain text.
func FuzzPointJSON(f *testing.F) {
	f.Add(`{"x":100,"y":5}`, true, false)
	f.Add(`{"x":100.4,"y":5.0}`, true, false)
	f.Add(`{"x":"100","y":5}`, true, false)
	f.Add(`[{"x":10,"y":20},{"x":50,"y":60},{"x":90,"y":100}]`, true, true)
	f.Add(`[{"x":1e308,"y":-1e308}]`, true, true)
	f.Add(`eyJ4IjoxMDB9`, false, false)
	f.Add(`AAAAAAAAAAAAAAAAAAAAAA==`, false, true)
	f.Add(``, true, false)
	s, _ := newTestService(f, Config{})
	const key = "0123456789abcdef"
	want := []point{{X: 10, Y: 20}, {X: 50, Y: 60}, {X: 90, Y: 100}}
	f.Fuzz(func(t *testing.T, input string, encrypt, clickWord bool) {
		rec := record{Type: TypeBlockPuzzle, Key: key, X: 100}
		if clickWord {
			rec = record{Type: TypeClickWord, Key: key, Points: want}
		}
		pointJSON := input
		if encrypt {
			var err error
			if pointJSON, err = EncryptECB(input, key); err != nil {
				t.Fatal(err)
			}
			if back, err := DecryptECB(pointJSON, key); err != nil || back != input {
				t.Fatalf("AES round trip: %q, %v; want %q", back, err, input)
			}
		}
		plain, pass := s.judge(rec, CheckRequest{CaptchaType: rec.Type, PointJSON: pointJSON, Token: "t"})
		if !pass {
			return
		}
		if encrypt && plain != input {
			t.Fatalf("passed with verification text %q, want the decrypted %q", plain, input)
		}
		if clickWord {
			var ps []point
			if err := json.Unmarshal([]byte(plain), &ps); err != nil || len(ps) != len(want) {
				t.Fatalf("passed unreadable clicks %q", plain)
			}
			for i := range want {
				if math.Abs(ps[i].X-want[i].X) > s.cfg.ClickTolerance || math.Abs(ps[i].Y-want[i].Y) > s.cfg.ClickTolerance {
					t.Fatalf("passed click %d at %+v, answer %+v", i, ps[i], want[i])
				}
			}
			return
		}
		var p point
		if err := json.Unmarshal([]byte(plain), &p); err != nil || math.Abs(p.X-100) > s.cfg.SliderTolerance || math.IsNaN(p.X) {
			t.Fatalf("passed slider %q", plain)
		}
	})
}
