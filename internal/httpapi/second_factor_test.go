package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"bidpass/internal/account"
	"bidpass/internal/clock"
)

func (f *authFixture) totpCode(t *testing.T, secret string) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, f.d.Clock.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (f *authFixture) tick() { f.d.Clock.(*clock.Fake).Advance(30 * time.Second) }

// signInFirstStep sends a right password and returns the answer and the
// second step's cookie.
func (f *authFixture) signInFirstStep(t *testing.T, name, pw string) (int, secondStepResponse, string) {
	t.Helper()
	id, code := f.graphicCode(t)
	b, _ := json.Marshal(map[string]string{"userName": name, "password": f.enc(t, pw), "keyId": f.kid,
		"codeId": id, "graphicCode": code, "captcha": f.slider(t)})
	res := do(t, f.h, "PUT", "/api/auth/authToken", string(b))
	var env struct {
		Data secondStepResponse `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	cookie := ""
	for _, c := range res.Cookies() {
		if c.Name == secondStepCookie.name {
			cookie = c.Value
			if !c.HttpOnly || c.SameSite != http.SameSiteStrictMode {
				t.Fatalf("cookie %+v", c)
			}
		}
	}
	return res.StatusCode, env.Data, cookie
}

func (f *authFixture) secondStep(t *testing.T, ticket, cookie, code string) (int, envelope, signInResponse) {
	t.Helper()
	b, _ := json.Marshal(map[string]string{"ticket": ticket, "code": code})
	hdr := []string{}
	if cookie != "" {
		hdr = append(hdr, "Cookie", secondStepCookie.name+"="+cookie)
	}
	res := do(t, f.h, "POST", "/api/auth/second-step", string(b), hdr...)
	var raw struct {
		envelope
		Data signInResponse `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&raw)
	return res.StatusCode, raw.envelope, raw.Data
}

// TestSecondFactorOverHTTP: enrolment in the account centre, then a
// sign-in asks the second step; its ticket is refused from another
// client (without the cookie, or with another one), works once, and the
// session records otp and mfa. Another account's session reaches only
// its own factor.
func TestSecondFactorOverHTTP(t *testing.T) {
	f := newAuthFixture(t, true)
	f.account(t, "zhang01", "13800000001", account.Person, "Passw0rd")
	f.account(t, "li0002", "13800000002", account.Person, "Passw0rd")
	_, _, own := f.signIn(t, "zhang01", "Passw0rd")
	_, _, other := f.signIn(t, "li0002", "Passw0rd")

	var en enrolmentResponse
	if st, e := f.call(t, "POST", "/api/account/security/totp", own.AccessToken, nil, &en); st != 200 || len(en.SecretGroups) != 8 || !strings.HasPrefix(en.QRCode, "data:image/png;base64,") {
		t.Fatalf("begin %d %+v", st, e)
	}
	if st, e := f.call(t, "PUT", "/api/account/security/totp", own.AccessToken, codeBody{Code: "12345"}, nil); st != 400 {
		t.Fatalf("short code %d %+v", st, e)
	}
	var rc recoveryCodesResponse
	if st, e := f.call(t, "PUT", "/api/account/security/totp", own.AccessToken, codeBody{Code: f.totpCode(t, en.Secret)}, &rc); st != 200 || len(rc.RecoveryCodes) != 10 {
		t.Fatalf("confirm %d %+v", st, e)
	}
	var stOut factorStatusResponse
	if st, _ := f.call(t, "GET", "/api/account/security/totp", own.AccessToken, nil, &stOut); st != 200 || !stOut.Enabled || stOut.RecoveryLeft != 10 {
		t.Fatalf("status %d %+v", st, stOut)
	}
	// Another account: its own status (off); the owner's codes do nothing there.
	if st, _ := f.call(t, "GET", "/api/account/security/totp", other.AccessToken, nil, &stOut); st != 200 || stOut.Enabled {
		t.Fatalf("other's status %d %+v", st, stOut)
	}
	f.tick()
	for _, path := range []string{"/api/account/security/totp/remove", "/api/account/security/recovery-codes"} {
		if st, e := f.call(t, "POST", path, other.AccessToken, codeBody{Code: f.totpCode(t, en.Secret)}, nil); st != 409 || e.Reason != "mfa.none" {
			t.Fatalf("%s by another account: %d %+v", path, st, e)
		}
	}
	if st, e := f.call(t, "POST", "/api/account/security/recovery-codes", own.AccessToken, codeBody{Code: f.totpCode(t, en.Secret)}, &rc); st != 200 || len(rc.RecoveryCodes) != 10 {
		t.Fatalf("regenerate %d %+v", st, e)
	}

	// The sign-in: a ticket, no session.
	st, step, cookie := f.signInFirstStep(t, "zhang01", "Passw0rd")
	if st != 200 || step.SecondStep == "" || cookie == "" || step.ExpiresIn != 300 {
		t.Fatalf("first step %d %+v %q", st, step, cookie)
	}
	f.tick()
	code := f.totpCode(t, en.Secret)
	for _, c := range []string{"", "another-browser"} {
		if st, e, _ := f.secondStep(t, step.SecondStep, c, code); st != 400 || e.Reason != "mfa.ticket" {
			t.Fatalf("ticket from another client (cookie %q): %d %+v", c, st, e)
		}
	}
	st, e, res := f.secondStep(t, step.SecondStep, cookie, code)
	if st != 200 || res.AccessToken == "" {
		t.Fatalf("second step %d %+v", st, e)
	}
	p, err := f.d.Sessions.Authenticate(t.Context(), "portal", res.AccessToken)
	if err != nil || strings.Join(p.Methods, " ") != "pwd otp mfa" {
		t.Fatalf("session methods %v %v", p.Methods, err)
	}
	if st, e, _ := f.secondStep(t, step.SecondStep, cookie, rc.RecoveryCodes[0]); st != 400 || e.Reason != "mfa.ticket" {
		t.Fatalf("used ticket: %d %+v", st, e)
	}
	// A recovery code replaces a lost authenticator, then the factor is removed with another.
	_, step, cookie = f.signInFirstStep(t, "zhang01", "Passw0rd")
	if st, e, res := f.secondStep(t, step.SecondStep, cookie, strings.ToUpper(rc.RecoveryCodes[1])); st != 200 || res.AccessToken == "" {
		t.Fatalf("recovery code: %d %+v", st, e)
	}
	if st, e := f.call(t, "POST", "/api/account/security/totp/remove", own.AccessToken, codeBody{Code: rc.RecoveryCodes[1]}, nil); st != 400 {
		t.Fatalf("spent recovery code removed the factor: %d %+v", st, e)
	}
	if st, e := f.call(t, "POST", "/api/account/security/totp/remove", own.AccessToken, codeBody{Code: rc.RecoveryCodes[2]}, nil); st != 200 {
		t.Fatalf("remove %d %+v", st, e)
	}
	if st, _, res := f.signIn(t, "zhang01", "Passw0rd"); st != 200 || res.AccessToken == "" {
		t.Fatalf("sign-in after removal %d", st)
	}
}
