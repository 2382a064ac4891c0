package httpapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/auth"
	"bidpass/internal/captcha"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/graphiccode"
	"bidpass/internal/mfa"
	"bidpass/internal/password"
	"bidpass/internal/pwtransport"
	"bidpass/internal/recovery"
	"bidpass/internal/session"
	"bidpass/internal/sms"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

type authFixture struct {
	d   Deps
	h   http.Handler
	db  *store.DB
	pub string
	kid string
	n   int
}

// newAuthFixture wires the issue-4 services the way internal/app does, on a
// real SQLite database, with the outbox as sender when dev is set.
func newAuthFixture(t *testing.T, dev bool) *authFixture {
	t.Helper()
	d := testDeps(t, dev)
	db := storetest.SQLite(t)
	eph := ephemeral.NewMemory(d.Clock)
	var err error
	if d.Captcha, err = captcha.New(captcha.Config{}, eph); err != nil {
		t.Fatal(err)
	}
	if d.GraphicCodes, err = graphiccode.New(eph); err != nil {
		t.Fatal(err)
	}
	d.Sessions = session.NewService(db, d.Clock, 2*time.Hour, 12*time.Hour)
	d.Keys = pwtransport.New(db, eph, d.Clock)
	smsCfg := sms.Config{Store: eph, Clock: d.Clock, GraphicCodes: d.GraphicCodes}
	if dev {
		d.Outbox = sms.NewOutbox(nil)
		smsCfg.SMS = d.Outbox
	}
	d.SMS = sms.New(smsCfg)
	creds := credential.NewVerifier(eph, credential.NewArgon2(0), nil)
	d.SecondFactor = mfa.New(mfa.Deps{Store: db, Tx: db, Ephemeral: eph, Credentials: creds, Clock: d.Clock})
	authCfg := auth.Config{Accounts: db, Sessions: d.Sessions, Keys: d.Keys, GraphicCodes: d.GraphicCodes, Captcha: d.Captcha,
		Ephemeral: eph, Credentials: creds, Clock: d.Clock,
		AuthorizeClients: map[string]string{"tender": "https://tender.example.cn/cb"}, SecondFactor: d.SecondFactor}
	if dev {
		authCfg.Expirer = db
	}
	d.Auth = auth.New(authCfg)
	d.Recovery = recovery.New(recovery.Config{Accounts: db, Codes: d.SMS, Keys: d.Keys, Lockout: d.Auth, Sessions: d.Sessions,
		Tx: db, Ephemeral: eph, Clock: d.Clock})
	f := &authFixture{d: d, h: NewServer(d), db: db}
	if f.kid, f.pub, err = d.Keys.Current(t.Context()); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *authFixture) account(t *testing.T, name, phone string, typ account.Type, pw string) account.Account {
	t.Helper()
	h, _ := password.Hash(pw)
	now := f.d.Clock.Now()
	a := account.Account{Name: name, Type: typ, Phone: phone, PasswordHash: h, AuthState: account.Authenticated, CreatedAt: now, UpdatedAt: now}
	if err := f.db.CreateAccount(t.Context(), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func (f *authFixture) enc(t *testing.T, pw string) string {
	f.n++
	ct, err := pwtransport.Encrypt(f.pub, pw, f.d.Clock.Now(), fmt.Sprintf("nonce-http-%06d", f.n))
	if err != nil {
		t.Fatal(err)
	}
	return ct
}

// call sends a JSON request and decodes the envelope into data.
func (f *authFixture) call(t *testing.T, method, path, token string, body any, data any) (int, envelope) {
	t.Helper()
	var s string
	if body != nil {
		b, _ := json.Marshal(body)
		s = string(b)
	}
	hdr := []string{"Content-Type", "application/json"}
	if token != "" {
		hdr = append(hdr, "Authorization", "Bearer "+token)
	}
	res := do(t, f.h, method, path, s, hdr...)
	var raw struct {
		envelope
		Data json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&raw); err != nil {
		t.Fatalf("%s %s: not an envelope (%d): %v", method, path, res.StatusCode, err)
	}
	if data != nil && len(raw.Data) > 0 {
		if err := json.Unmarshal(raw.Data, data); err != nil {
			t.Fatalf("%s %s data: %v", method, path, err)
		}
	}
	return res.StatusCode, raw.envelope
}

// graphicCode gets a graphic code and its answer (dev endpoint).
func (f *authFixture) graphicCode(t *testing.T) (string, string) {
	var c graphicCodeResponse
	f.call(t, "POST", "/api/auth/verifycode", "", nil, &c)
	var ans struct{ Code string }
	if st, _ := f.call(t, "GET", "/api/dev/verifycode/"+c.ID, "", nil, &ans); st != 200 {
		t.Fatalf("dev verifycode %d", st)
	}
	return c.ID, ans.Code
}

// slider passes a real slider captcha and returns its captchaVerification.
func (f *authFixture) slider(t *testing.T) string {
	var got captcha.GetData
	decodeAJ(t, do(t, f.h, "POST", "/captcha/get", `{"captchaType":"blockPuzzle","clientUid":"u","ts":1}`), &got)
	var ans captcha.Answer
	f.call(t, "GET", "/api/dev/captcha/"+got.Token, "", nil, &ans)
	enc, _ := captcha.EncryptECB(ans.PointJSON, got.SecretKey)
	body, _ := json.Marshal(captcha.CheckRequest{CaptchaType: "blockPuzzle", PointJSON: enc, Token: got.Token})
	if r := decodeAJ(t, do(t, f.h, "POST", "/captcha/check", string(body)), nil); r.RepCode != "0000" {
		t.Fatalf("captcha check %+v", r)
	}
	v, _ := captcha.EncryptECB(got.Token+"---"+ans.PointJSON, got.SecretKey)
	return v
}

func (f *authFixture) signIn(t *testing.T, name, pw string) (int, envelope, signInResponse) {
	id, code := f.graphicCode(t)
	var res signInResponse
	st, e := f.call(t, "PUT", "/api/auth/authToken", "", map[string]string{"userName": name, "password": f.enc(t, pw), "keyId": f.kid,
		"codeId": id, "graphicCode": code, "captcha": f.slider(t)}, &res)
	return st, e, res
}

func TestSignInOverHTTP(t *testing.T) {
	f := newAuthFixture(t, true)
	a := f.account(t, "zhang01", "13800000001", account.Person, "Passw0rd")

	var key struct{ Pubkey, KeyID string }
	if st, _ := f.call(t, "GET", "/api/auth/pubkey", "", nil, &key); st != 200 || !strings.Contains(key.Pubkey, "BEGIN PUBLIC KEY") || key.KeyID != f.kid {
		t.Fatalf("pubkey %d %+v", st, key)
	}

	st, e, _ := f.signIn(t, "zhang01", "Wrong000")
	if st != 400 || e.Msg != "账号或密码错误" {
		t.Fatalf("wrong password: %d %+v", st, e)
	}
	st, e2, _ := f.signIn(t, "nobody01", "Wrong000")
	if st != 400 || e2.Msg != e.Msg || e2.Reason != e.Reason {
		t.Fatalf("unknown account answers differently: %d %+v vs %+v", st, e2, e)
	}
	st, e, res := f.signIn(t, "zhang01", "Passw0rd")
	if st != 200 || res.AccessToken == "" || res.User.ID != a.ID || res.User.Type != 1 {
		t.Fatalf("sign-in: %d %+v %+v", st, e, res)
	}

	var me userResponse
	if st, _ := f.call(t, "GET", "/api/auth/me", res.AccessToken, nil, &me); st != 200 || me.UserName != "zhang01" {
		t.Fatalf("me: %d %+v", st, me)
	}
	if st, e := f.call(t, "GET", "/api/auth/me", "", nil, nil); st != 401 || e.Msg != "认证标识为空, 请重新登录。" {
		t.Fatalf("me without a token: %d %+v", st, e)
	}
	if st, _ := f.call(t, "DELETE", "/api/auth/logout", "", nil, nil); st != 401 {
		t.Fatalf("logout without a token: %d", st)
	}
	if st, _ := f.call(t, "DELETE", "/api/auth/logout", res.AccessToken, nil, nil); st != 200 {
		t.Fatalf("logout: %d", st)
	}
	if st, _ := f.call(t, "GET", "/api/auth/me", res.AccessToken, nil, nil); st != 401 {
		t.Fatalf("me after logout: %d", st)
	}

	// A graphic code is good for one attempt: reusing it fails before the password.
	id, code := f.graphicCode(t)
	body := map[string]string{"userName": "zhang01", "password": f.enc(t, "Passw0rd"), "keyId": f.kid, "codeId": id, "graphicCode": code, "captcha": f.slider(t)}
	f.call(t, "PUT", "/api/auth/authToken", "", body, nil)
	body["password"], body["captcha"] = f.enc(t, "Passw0rd"), f.slider(t)
	if st, e := f.call(t, "PUT", "/api/auth/authToken", "", body, nil); st != 400 || e.Reason != "graphiccode.expired" {
		t.Fatalf("graphic code reused: %d %+v", st, e)
	}
}

func TestSessionExpiryOverHTTP(t *testing.T) {
	f := newAuthFixture(t, true)
	f.account(t, "li0001", "13800000002", account.Person, "Passw0rd")
	_, _, res := f.signIn(t, "li0001", "Passw0rd")
	if st, _ := f.call(t, "POST", "/api/dev/session/expire", "", nil, nil); st != 401 {
		t.Fatalf("expire without a token: %d", st)
	}
	if st, _ := f.call(t, "POST", "/api/dev/session/expire", res.AccessToken, nil, nil); st != 200 {
		t.Fatalf("expire: %d", st)
	}
	if st, e := f.call(t, "GET", "/api/auth/me", res.AccessToken, nil, nil); st != 420 || e.Code != 420 || e.Msg != "登录超时，请重新登录" {
		t.Fatalf("expired session: %d %+v", st, e)
	}
}

func TestAuthorizeOverHTTP(t *testing.T) {
	f := newAuthFixture(t, true)
	f.account(t, "wang01", "13800000003", account.Person, "Passw0rd")
	_, _, res := f.signIn(t, "wang01", "Passw0rd")
	if st, _ := f.call(t, "GET", "/api/auth/authorize?client_id=tender", "", nil, nil); st != 401 {
		t.Fatalf("authorize without a token: %d", st)
	}
	if st, _ := f.call(t, "GET", "/api/auth/authorize?client_id=tender&redirect_uri=https%3A%2F%2Fevil.example%2Fcb", res.AccessToken, nil, nil); st != 403 {
		t.Fatalf("foreign redirect: %d", st)
	}
	var cb string
	if st, _ := f.call(t, "GET", "/api/auth/authorize?client_id=tender&state=x1", res.AccessToken, nil, &cb); st != 200 || !strings.HasPrefix(cb, "https://tender.example.cn/cb?code=") {
		t.Fatalf("authorize: %d %s", st, cb)
	}
	code := cb[strings.Index(cb, "code=")+5 : strings.Index(cb, "&")]
	var u auth.User
	if st, _ := f.call(t, "POST", "/api/auth/authorize/redeem", "", map[string]string{"clientId": "tender", "code": code}, &u); st != 200 || u.UserName != "wang01" {
		t.Fatalf("redeem: %d %+v", st, u)
	}
	if st, _ := f.call(t, "POST", "/api/auth/authorize/redeem", "", map[string]string{"clientId": "tender", "code": code}, nil); st != 400 {
		t.Fatalf("second redeem: %d", st)
	}
}

func TestRecoveryOverHTTP(t *testing.T) {
	f := newAuthFixture(t, true)
	mine := f.account(t, "chen01", "13900000001", account.Person, "OldPassw0rd")
	other := f.account(t, "other01", "13900000002", account.Person, "OldPassw0rd")
	_, _, old := f.signIn(t, "chen01", "OldPassw0rd")

	id, code := f.graphicCode(t)
	var smsID string
	st, e := f.call(t, "POST", "/api/common/sms/send", "", map[string]string{"phone": "13900000001", "scene": "recover", "codeId": id, "verificationCode": code}, &smsID)
	if st != 200 || smsID == "" || e.Msg != "短信码已发送" {
		t.Fatalf("sms send: %d %+v", st, e)
	}
	// The second send within 120 s is refused with the seconds left.
	id, code = f.graphicCode(t)
	if st, e := f.call(t, "POST", "/api/common/sms/send", "", map[string]string{"phone": "13900000001", "scene": "recover", "codeId": id, "verificationCode": code}, nil); st != 429 || !strings.Contains(e.Msg, "120秒") {
		t.Fatalf("second send: %d %+v", st, e)
	}
	var outbox []outboxMessageResponse
	if st, _ := f.call(t, "GET", "/api/dev/outbox", "", nil, &outbox); st != 200 || len(outbox) != 1 || outbox[0].To != "13900000001" {
		t.Fatalf("outbox: %d %+v", st, outbox)
	}
	var found recoverFindResponse
	st, e = f.call(t, "POST", "/api/retrieve/pwd/phone", "", map[string]string{"phone": "13900000001", "smsCode": outbox[0].Code, "smsCodeId": smsID}, &found)
	if st != 200 || len(found.Accounts) != 1 || found.Accounts[0].AccountID != mine.ID || found.CheckCode == "" {
		t.Fatalf("find: %d %+v %+v", st, e, found)
	}
	reset := func(accountID any, pw, confirm string) (int, envelope) {
		return f.call(t, "POST", "/api/retrieve/pwd/reset", "", map[string]any{"password": f.enc(t, pw), "confirmPwd": f.enc(t, confirm),
			"keyId": f.kid, "accountId": accountID, "checkCode": found.CheckCode}, nil)
	}
	if st, _ := reset(other.ID, "NewPassw0rd", "NewPassw0rd"); st != 403 {
		t.Fatalf("reset of another account: %d", st)
	}
	if st, e := reset(mine.ID, "short", "short"); st != 400 || e.Fields["password"] != password.MsgPerson {
		t.Fatalf("weak password: %d %+v", st, e)
	}
	if st, e := reset(fmt.Sprint(mine.ID), "NewPassw0rd", "NewPassw0rd"); st != 200 {
		t.Fatalf("reset: %d %+v", st, e)
	}
	if st, _ := f.call(t, "GET", "/api/auth/me", old.AccessToken, nil, nil); st != 401 {
		t.Fatalf("session survived the reset: %d", st)
	}
	if st, e, _ := f.signIn(t, "chen01", "NewPassw0rd"); st != 200 {
		t.Fatalf("sign-in with the new password: %d %+v", st, e)
	}
}

func TestWithoutDevModeAndSenders(t *testing.T) {
	f := newAuthFixture(t, false)
	for _, p := range []string{"GET /api/dev/outbox", "GET /api/dev/openapi.yaml", "POST /api/dev/session/expire"} {
		m, path, _ := strings.Cut(p, " ")
		if st, _ := f.call(t, m, path, "", nil, nil); st != 404 {
			t.Errorf("%s without --dev: %d, want 404", p, st)
		}
	}
	c, _ := f.d.GraphicCodes.New(t.Context())
	st, e := f.call(t, "POST", "/api/common/sms/send", "", map[string]string{"phone": "13900000001", "scene": "register", "codeId": c.ID, "verificationCode": "x"}, nil)
	if st != 503 || e.Msg != "短信服务未配置" {
		t.Fatalf("sms without a sender: %d %+v", st, e)
	}
	st, e = f.call(t, "POST", "/api/common/email/send", "", map[string]string{"email": "a@example.cn", "scene": "recover", "codeId": c.ID, "verificationCode": "x"}, nil)
	if st != 503 || e.Msg != "邮件服务未配置" {
		t.Fatalf("e-mail without a sender: %d %+v", st, e)
	}
}
