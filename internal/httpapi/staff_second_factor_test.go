package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"bidpass/internal/clock"
	"bidpass/internal/mfa"
)

// stepAnswer is the answer of a staff sign-in step.
type stepAnswer struct {
	AccessToken   string   `json:"accessToken"`
	RecoveryCodes []string `json:"recoveryCodes"`
	SecondStep    string   `json:"secondStep"`
	Enrolment     string   `json:"enrolment"`
	Secret        string   `json:"secret"`
	QRCode        string   `json:"qrCode"`
}

// staffStep sends a step of a staff sign-in with the step cookie (when
// not empty) and answers status, envelope, data and the cookie it set.
func (e *adminEnv) staffStep(t *testing.T, method, path, cookie string, body any) (int, envelope, stepAnswer, *http.Cookie) {
	t.Helper()
	b, _ := json.Marshal(body)
	hdr := []string{}
	if cookie != "" {
		hdr = append(hdr, "Cookie", staffStepCookie.name+"="+cookie)
	}
	res := do(t, e.h, method, path, string(b), hdr...)
	var env struct {
		envelope
		Data stepAnswer `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	var set *http.Cookie
	for _, c := range res.Cookies() {
		if c.Name == staffStepCookie.name {
			set = c
		}
	}
	return res.StatusCode, env.envelope, env.Data, set
}

// staffSignIn signs name in over HTTP with its second factor: the
// enrolment when secret is empty (it answers the new secret), the code
// of secret otherwise (a time step later: a code is accepted once).
func (e *adminEnv) staffSignIn(t *testing.T, name, secret string) (string, string) {
	t.Helper()
	body := map[string]string{"userName": name, "password": "enc:" + staffPW, "keyId": "k", "codeId": "c", "graphicCode": "x", "captcha": "v"}
	st, env, step, ck := e.staffStep(t, "PUT", "/api/admin/auth/authToken", "", body)
	if st != 200 || step.AccessToken != "" || ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode || ck.Path != "/api/admin/auth/" {
		t.Fatalf("password step: %d %+v %+v %+v", st, env, step, ck)
	}
	clk := e.d.Clock.(*clock.Fake)
	if secret == "" {
		if step.Enrolment == "" || env.Msg != "工作人员须绑定动态口令后登录" {
			t.Fatalf("a member without a factor was not asked to enrol: %+v %+v", env, step)
		}
		_, _, en, _ := e.staffStep(t, "POST", "/api/admin/auth/enrolment", ck.Value, map[string]string{"ticket": step.Enrolment})
		code, _ := totp.GenerateCode(en.Secret, clk.Now())
		st, env, done, _ := e.staffStep(t, "PUT", "/api/admin/auth/enrolment", ck.Value, map[string]string{"ticket": step.Enrolment, "code": code})
		if st != 200 || done.AccessToken == "" || len(done.RecoveryCodes) != mfa.RecoveryCodeCount {
			t.Fatalf("enrolment: %d %+v %+v", st, env, done)
		}
		return done.AccessToken, en.Secret
	}
	if step.SecondStep == "" {
		t.Fatalf("a member with a factor was not asked the code: %+v", step)
	}
	clk.Advance(mfa.Period * time.Second)
	code, _ := totp.GenerateCode(secret, clk.Now())
	st, env, done, _ := e.staffStep(t, "POST", "/api/admin/auth/second-step", ck.Value, map[string]string{"ticket": step.SecondStep, "code": code})
	if st != 200 || done.AccessToken == "" || done.RecoveryCodes != nil {
		t.Fatalf("second step: %d %+v %+v", st, env, done)
	}
	return done.AccessToken, secret
}

// The console's sign-in over HTTP: the password answers the enrolment,
// whose ticket works only with its cookie; the enrolment answers the
// token and the recovery codes; the staff list shows the factor; an
// administrator's reset ends the member's sessions and brings the
// enrolment back; nobody resets their own, and a reviewer nobody's.
func TestStaffSecondFactorOverHTTP(t *testing.T) {
	e := newAdminEnv(t)
	body := map[string]string{"userName": "alice", "password": "enc:" + staffPW, "keyId": "k", "codeId": "c", "graphicCode": "x", "captcha": "v"}
	_, _, step, ck := e.staffStep(t, "PUT", "/api/admin/auth/authToken", "", body)
	for _, cookie := range []string{"", "forged"} {
		if st, env, _, _ := e.staffStep(t, "POST", "/api/admin/auth/enrolment", cookie, map[string]string{"ticket": step.Enrolment}); st != 400 || env.Reason != "mfa.ticket" {
			t.Fatalf("enrolment with cookie %q: %d %+v", cookie, st, env)
		}
	}
	if st, env, _, _ := e.staffStep(t, "POST", "/api/admin/auth/second-step", ck.Value, map[string]string{"ticket": step.Enrolment, "code": "123456"}); st != 400 || env.Reason != "mfa.ticket" {
		t.Fatalf("an enrolment ticket as a second step: %d %+v", st, env)
	}
	st, _, en, _ := e.staffStep(t, "POST", "/api/admin/auth/enrolment", ck.Value, map[string]string{"ticket": step.Enrolment})
	if st != 200 || en.Secret == "" || en.QRCode == "" {
		t.Fatalf("enrolment: %d %+v", st, en)
	}
	if st, env, _, _ := e.staffStep(t, "PUT", "/api/admin/auth/enrolment", ck.Value, map[string]string{"ticket": step.Enrolment, "code": "000000"}); st != 400 || env.Fields["code"] == "" {
		t.Fatalf("wrong first code: %d %+v", st, env)
	}
	code, _ := totp.GenerateCode(en.Secret, e.d.Clock.Now())
	st, env, done, cleared := e.staffStep(t, "PUT", "/api/admin/auth/enrolment", ck.Value, map[string]string{"ticket": step.Enrolment, "code": code})
	if st != 200 || env.Msg != "登录成功" || done.AccessToken == "" || len(done.RecoveryCodes) != mfa.RecoveryCodeCount || cleared == nil || cleared.MaxAge >= 0 {
		t.Fatalf("confirm: %d %+v %+v %+v", st, env, done, cleared)
	}
	tok := done.AccessToken
	list := func() map[string]bool {
		res, env := e.call(t, "GET", "/api/admin/staff", e.adminT, "")
		if res.StatusCode != 200 {
			t.Fatalf("list %d", res.StatusCode)
		}
		on := map[string]bool{}
		for _, it := range env.Data.([]any) {
			m := it.(map[string]any)
			on[m["account"].(string)] = m["secondFactor"].(bool)
		}
		return on
	}
	if on := list(); !on["alice"] || on["bobby"] {
		t.Fatalf("list's factors: %v", on)
	}
	// The next sign-in asks the code.
	tok2, _ := e.staffSignIn(t, "alice", en.Secret)

	reset := func(tok string, id int64) (*http.Response, envelope) {
		return e.call(t, "DELETE", fmt.Sprintf("/api/admin/staff/%d/second-factor", id), tok, "")
	}
	if res, _ := reset(tok, e.rev2.ID); res.StatusCode != 403 {
		t.Fatalf("a reviewer reset a factor: %d", res.StatusCode)
	}
	if res, env := reset(e.adminT, e.admin.ID); res.StatusCode != 409 || env.Reason != "staff.self_factor" {
		t.Fatalf("own reset: %d %+v", res.StatusCode, env)
	}
	if res, _ := reset(e.adminT, 99999); res.StatusCode != 404 {
		t.Fatalf("reset of nobody: %d", res.StatusCode)
	}
	if res, env := reset(e.adminT, e.rev.ID); res.StatusCode != 200 {
		t.Fatalf("reset: %d %+v", res.StatusCode, env)
	}
	for _, tk := range []string{tok, tok2} {
		if res, _ := e.call(t, "GET", "/api/admin/me", tk, ""); res.StatusCode != 401 {
			t.Fatalf("a session after the reset: %d", res.StatusCode)
		}
	}
	if on := list(); on["alice"] {
		t.Fatal("factor listed after the reset")
	}
	e.staffSignIn(t, "alice", "") // enrols again
}
