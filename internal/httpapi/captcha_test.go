package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"bidpass/api"
	"bidpass/internal/captcha"
	"bidpass/internal/ephemeral"
	"bidpass/internal/graphiccode"
)

func captchaDeps(t *testing.T, dev bool) Deps {
	t.Helper()
	d := testDeps(t, dev)
	store := ephemeral.NewMemory(d.Clock)
	var err error
	if d.Captcha, err = captcha.New(captcha.Config{}, store); err != nil {
		t.Fatal(err)
	}
	if d.GraphicCodes, err = graphiccode.New(store); err != nil {
		t.Fatal(err)
	}
	return d
}

func decodeAJ(t *testing.T, res *http.Response, data any) captcha.Response {
	t.Helper()
	var raw struct {
		captcha.Response
		RepData json.RawMessage `json:"repData"`
	}
	if err := json.NewDecoder(res.Body).Decode(&raw); err != nil || res.StatusCode != 200 {
		t.Fatalf("not an AJ answer (%d): %v", res.StatusCode, err)
	}
	if data != nil {
		_ = json.Unmarshal(raw.RepData, data)
	}
	return raw.Response
}

// TestCaptchaOverHTTP drives the protocol as a browser does: get, ask the
// dev endpoint for the answer, encrypt it, check, and present the
// verification to the in-process Verify.
func TestCaptchaOverHTTP(t *testing.T) {
	d := captchaDeps(t, true)
	h := NewServer(d)
	for _, typ := range []string{"blockPuzzle", "clickWord"} {
		var got captcha.GetData
		r := decodeAJ(t, do(t, h, "POST", "/captcha/get", `{"captchaType":"`+typ+`","clientUid":"slider-1","ts":1}`, "Content-Type", "application/json"), &got)
		if r.RepCode != "0000" || !r.Success || got.Token == "" || got.SecretKey == "" {
			t.Fatalf("get %s: %+v %+v", typ, r, got)
		}
		res := do(t, h, "GET", "/api/dev/captcha/"+got.Token, "")
		var ans struct {
			Data captcha.Answer `json:"data"`
		}
		_ = json.NewDecoder(res.Body).Decode(&ans)
		if res.StatusCode != 200 || ans.Data.CaptchaType != typ {
			t.Fatalf("dev answer: %d %+v", res.StatusCode, ans)
		}
		enc, _ := captcha.EncryptECB(ans.Data.PointJSON, got.SecretKey)
		body, _ := json.Marshal(captcha.CheckRequest{CaptchaType: typ, PointJSON: enc, Token: got.Token})
		if r := decodeAJ(t, do(t, h, "POST", "/captcha/check", string(body)), nil); r.RepCode != "0000" {
			t.Fatalf("check %s: %+v", typ, r)
		}
		v, _ := captcha.EncryptECB(got.Token+"---"+ans.Data.PointJSON, got.SecretKey)
		if err := d.Captcha.Verify(t.Context(), v); err != nil {
			t.Fatalf("verify %s: %v", typ, err)
		}
	}
	if r := decodeAJ(t, do(t, h, "POST", "/captcha/get", `not json`, markMalformed, "not JSON"), nil); r.RepCode != "0011" {
		t.Fatalf("malformed get: %+v", r)
	}
}

// TestCaptchaLimitsPerAddress is docs/decisions/limits.md, "Limits and abuse paths" #6: the limits and the lock were
// keyed on address + user agent, so a new User-Agent escaped them. They
// follow the address, as the trusted-proxy chain gives it.
func TestCaptchaLimitsPerAddress(t *testing.T) {
	h := NewServer(captchaDeps(t, false))
	get := func(ua string) string {
		return decodeAJ(t, do(t, h, "POST", "/captcha/get", `{"captchaType":"blockPuzzle"}`, "User-Agent", ua), nil).RepCode
	}
	for i := 0; i < 30; i++ {
		if c := get("browser-a"); c != "0000" {
			t.Fatalf("get %d: %s", i+1, c)
		}
	}
	if c := get("browser-a"); c != "6201" {
		t.Fatalf("31st get in a minute: %s", c)
	}
	if c := get("browser-b"); c != "6201" {
		t.Fatalf("a new user agent escaped the limit: %s", c)
	}
}

func TestCaptchaLockFollowsTheAddress(t *testing.T) {
	d := captchaDeps(t, false)
	_, proxy, _ := net.ParseCIDR("192.0.2.0/24") // httptest's peer is 192.0.2.1
	d.TrustedProxies = []*net.IPNet{proxy}
	h := NewServer(d)
	call := func(path, body, ua, from string) string {
		return decodeAJ(t, do(t, h, "POST", path, body, "User-Agent", ua, "X-Forwarded-For", from), nil).RepCode
	}
	wrong := func(ua, from string) string {
		var got captcha.GetData
		r := decodeAJ(t, do(t, h, "POST", "/captcha/get", `{"captchaType":"blockPuzzle"}`, "User-Agent", ua, "X-Forwarded-For", from), &got)
		if r.RepCode != "0000" {
			return r.RepCode
		}
		enc, _ := captcha.EncryptECB(`{"x":1000,"y":5}`, got.SecretKey)
		body, _ := json.Marshal(captcha.CheckRequest{CaptchaType: "blockPuzzle", PointJSON: enc, Token: got.Token})
		return call("/captcha/check", string(body), ua, from)
	}
	for i := range 5 {
		if c := wrong(fmt.Sprint("bot-", i), "198.51.100.7"); c != "6111" {
			t.Fatalf("wrong answer %d: %s", i+1, c)
		}
	}
	for _, ua := range []string{"bot-0", "a brand new agent"} {
		if c := call("/captcha/get", `{"captchaType":"blockPuzzle"}`, ua, "198.51.100.7"); c != "6202" {
			t.Fatalf("locked address with user agent %q: %s", ua, c)
		}
	}
	// Another client behind the same proxy is not locked.
	if c := call("/captcha/get", `{"captchaType":"blockPuzzle"}`, "bot-0", "198.51.100.8"); c != "0000" {
		t.Fatalf("another address: %s", c)
	}
}

func TestDevCaptchaRoutesOnlyInDevMode(t *testing.T) {
	h := NewServer(captchaDeps(t, false))
	for _, p := range []string{"/api/dev/captcha/abc", "/api/dev/verifycode/abc"} {
		if res := do(t, h, "GET", p, ""); res.StatusCode != 404 {
			t.Fatalf("%s without dev mode: %d", p, res.StatusCode)
		}
	}
}

func TestVerifyCodeOverHTTP(t *testing.T) {
	d := captchaDeps(t, true)
	h := NewServer(d)
	res := do(t, h, "POST", "/api/auth/verifycode", "")
	var e struct {
		Code int                 `json:"code"`
		Data graphicCodeResponse `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&e)
	if res.StatusCode != 200 || e.Code != 0 || e.Data.ID == "" || !strings.HasPrefix(e.Data.Image, "data:image/png;base64,") {
		t.Fatalf("verifycode: %d %+v", res.StatusCode, e.Code)
	}
	res = do(t, h, "GET", "/api/dev/verifycode/"+e.Data.ID, "")
	var c struct {
		Data struct{ Code string } `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&c)
	if err := d.GraphicCodes.Check(t.Context(), e.Data.ID, strings.ToLower(c.Data.Code)); err != nil {
		t.Fatalf("check: %v", err)
	}
}

// TestDevOpenAPIServesTheContract: in dev mode the binary serves the yaml
// it was built with, which the app's API reference page renders.
func TestDevOpenAPIServesTheContract(t *testing.T) {
	res := do(t, NewServer(captchaDeps(t, true)), "GET", "/api/dev/openapi.yaml", "")
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/yaml") || !bytes.Equal(b, api.OpenAPI) {
		t.Fatalf("%d %s, %d bytes", res.StatusCode, res.Header.Get("Content-Type"), len(b))
	}
}
