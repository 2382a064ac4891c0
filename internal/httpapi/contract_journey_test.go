package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/clock"
	"bidpass/internal/config"
	"bidpass/internal/httpapi"
	"bidpass/internal/password"
	"bidpass/internal/pwtransport"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/staff"
)

// journey drives the real composition (app.Open with --dev: dev outbox,
// dev graphic codes) through the public API as the web app does; every
// exchange goes through the contract checker. It exists so that the
// operations the focused tests reach only with refusals are also seen
// succeeding, with their success bodies checked against api/openapi.yaml.
type journey struct {
	t     *testing.T
	a     *app.App
	h     http.Handler
	nonce int
}

func newJourney(t *testing.T) *journey {
	t.Helper()
	a := openDevApp(t, "--data-dir", t.TempDir())
	return &journey{t: t, a: a, h: a.Handler()}
}

// openDevApp opens the real composition as `bidpass serve --dev` would with
// the further flags args and an empty environment, its log discarded, and
// closes it at the end of the test.
func openDevApp(t *testing.T, args ...string) *app.App {
	t.Helper()
	return openDevAppAt(t, clock.System{}, args...)
}

// openDevAppAt is openDevApp on clk.
func openDevAppAt(t *testing.T, clk clock.Clock, args ...string) *app.App {
	t.Helper()
	cfg, err := config.Load(append([]string{"--dev"}, args...), func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.OpenAt(context.Background(), cfg, slog.New(slog.DiscardHandler), clk)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	return a
}

// call sends body as JSON (nil: none), wants status, and decodes data into out.
func (j *journey) call(method, path, tok string, body any, status int, out any) {
	j.t.Helper()
	var rd io.Reader = http.NoBody
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	j.finish(req, tok, status, out)
}

func (j *journey) finish(req *http.Request, tok string, status int, out any) {
	j.t.Helper()
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res := httpapi.ServeChecked(j.t, j.h, req)
	var env struct {
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	if res.StatusCode != status {
		j.t.Fatalf("%s %s: %d %s, want %d", req.Method, req.URL, res.StatusCode, env.Msg, status)
	}
	if out != nil {
		if err := json.Unmarshal(env.Data, out); err != nil {
			j.t.Fatalf("%s %s data: %v", req.Method, req.URL, err)
		}
	}
}

// sms sends a code for scene to phone (graphic code from the dev route)
// and reads it from the dev outbox.
func (j *journey) sms(phone, scene, tok string) (id, code string) {
	j.t.Helper()
	var g struct{ ID string }
	j.call("POST", "/api/auth/verifycode", "", nil, 200, &g)
	var ans struct{ Code string }
	j.call("GET", "/api/dev/verifycode/"+g.ID, "", nil, 200, &ans)
	if strings.Contains(phone, "@") {
		j.call("POST", "/api/common/email/send", tok, map[string]string{"email": phone, "scene": scene, "codeId": g.ID, "verificationCode": ans.Code}, 200, &id)
	} else {
		j.call("POST", "/api/common/sms/send", tok, map[string]string{"phone": phone, "scene": scene, "codeId": g.ID, "verificationCode": ans.Code}, 200, &id)
	}
	var box []struct{ To, Scene, Code string }
	j.call("GET", "/api/dev/outbox", "", nil, 200, &box)
	for _, m := range box {
		if m.To == phone && m.Scene == scene {
			return id, m.Code
		}
	}
	j.t.Fatalf("no %s code to %s", scene, phone)
	return "", ""
}

// enc transports a password as the app does (GET /api/auth/pubkey).
func (j *journey) enc(pw string) (cipher, keyID string) {
	j.t.Helper()
	var k struct{ Pubkey, KeyID string }
	j.call("GET", "/api/auth/pubkey", "", nil, 200, &k)
	j.nonce++
	c, err := pwtransport.Encrypt(k.Pubkey, pw, time.Now(), fmt.Sprintf("journey-%d", j.nonce))
	if err != nil {
		j.t.Fatal(err)
	}
	return c, k.KeyID
}

// upload stores a small real PNG as the token's account.
func (j *journey) upload(tok string) string {
	j.t.Helper()
	var img bytes.Buffer
	_ = png.Encode(&img, image.NewGray(image.Rect(0, 0, 40, 30)))
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	part, _ := mw.CreateFormFile("file", "photo.png")
	_, _ = part.Write(img.Bytes())
	_ = mw.Close()
	req := httptest.NewRequest("POST", "/api/file/upload", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	var id string
	j.finish(req, tok, 200, &id)
	return id
}

func (j *journey) register(path, name, phone, pw string) (int64, string) {
	j.t.Helper()
	smsID, code := j.sms(phone, "register", "")
	c, kid := j.enc(pw)
	var r struct {
		ID          int64
		AccessToken string
	}
	j.call("POST", path, "", map[string]any{"account": name, "phone": phone, "password": c, "keyId": kid,
		"smsCode": code, "smsCodeId": smsID, "isAgree": true}, 200, &r)
	return r.ID, r.AccessToken
}

// pass decides the account's newest real-name item PASS as a reviewer.
func (j *journey) pass(tok string) {
	j.t.Helper()
	var latest struct{ ID int64 }
	j.call("GET", "/api/manage/audit/realname/latest", tok, nil, 200, &latest)
	ctx := context.Background()
	rv, err := j.a.Staff.Bootstrap(ctx, staff.NewStaff{Name: fmt.Sprintf("rev%d", latest.ID), Role: staff.Reviewer, Password: "Reviewer#2026pass"})
	if err != nil {
		j.t.Fatal(err)
	}
	if _, err := j.a.Reviews.Decide(ctx, review.Reviewer{ID: rv.ID, Name: rv.Name}, latest.ID, review.Decision{Action: review.Pass}); err != nil {
		j.t.Fatal(err)
	}
}

// TestContractEnterpriseJourney: registration of an enterprise, review,
// then every enterprise call of the account centre.
func TestContractEnterpriseJourney(t *testing.T) {
	j := newJourney(t)
	_, tok := j.register("/api/register/enterprise", "jcorp01", "13711110001", "Abcdefg12345!")
	cid, ccode := j.sms("13711110002", "contact", tok)
	j.call("POST", "/api/register/enterprise/info", tok, map[string]any{
		"enterpriseDto": map[string]any{"type": "A1", "name": "福建省路桥建设有限公司", "certType": "1", "certNum": "91350100M000100Y43",
			"province": "350000", "city": "350100", "area": "350102", "detailAddr": "五四路100号",
			"industry": "E,E48,E481,E4812", "capital": "5000", "capitalUnit": "WAN_YUAN", "capitalCurrency": "CNY"},
		"legalPersonDto": map[string]any{"name": "李四", "certType": "1", "certNum": "11010519491231002X",
			"linkName": "王五", "linkPhone": "13711110002", "checkCodeId": cid, "checkCode": ccode},
	}, 200, nil)
	j.call("POST", "/api/register/enterprise/realAuth", tok, map[string]string{
		"enterpriseId": j.upload(tok), "personFrontId": j.upload(tok), "personBackId": j.upload(tok)}, 200, nil)
	j.pass(tok)

	j.call("GET", "/api/caBuy/params", tok, nil, 200, nil)
	var info struct{ AuthState int }
	j.call("GET", "/api/account/enterprise", tok, nil, 200, &info)
	if info.AuthState != int(account.Authenticated) {
		t.Fatalf("authState after PASS: %d", info.AuthState)
	}
	var num struct{ CertNum string }
	j.call("GET", "/api/account/enterprise/certNum", tok, nil, 200, &num)
	if num.CertNum != "91350100M000100Y43" {
		t.Fatalf("certNum %q", num.CertNum)
	}
	j.call("GET", "/api/account/enterprise/certNum?which=legal", tok, nil, 200, &num)
	// Direct changes, through each spelling of the enterprise edit.
	j.call("PUT", "/api/account/enterprise/direct/edit", tok, map[string]string{"industry": "E,E48"}, 200, nil)
	j.call("PUT", "/api/account/enterprise/edit", tok, map[string]any{"enterprise": map[string]string{"detailAddr": "五四路101号"}}, 200, nil)
	j.call("POST", "/api/account/enterprise/nonAuth/edit", tok, map[string]string{"detailAddr": "五四路102号"}, 200, nil)
	j.call("PUT", "/api/account/update/information", tok, map[string]string{"capital": "6000"}, 200, nil)
	// A licence change waits for review; withdrawn, it can be sent again.
	j.call("GET", "/api/account/businessLicense/edit?licenseId="+j.upload(tok), tok, nil, 200, nil)
	j.call("PUT", "/api/manage/user/revoke", tok, map[string]any{}, 200, nil)
	j.call("PUT", "/api/account/businessLicense/edit", tok, map[string]string{"licenseId": j.upload(tok)}, 200, nil)
}

// TestContractPersonJourney: a person's registration with photos, then the
// person edits, the password and the phone of the account centre.
func TestContractPersonJourney(t *testing.T) {
	j := newJourney(t)
	_, tok := j.register("/api/register/account", "jperson01", "13711120001", "Passw0rd1")
	j.call("POST", "/api/register/person/realInfo", tok, map[string]any{"realName": "张三", "certType": "1",
		"certNum": "11010519491231002X", "certStart": "2020-01-01", "certEnd": "2040-01-01",
		"province": "350000", "city": "350100", "area": "350102", "certDetailAddr": "福州市鼓楼区", "checkType": true}, 200, nil)
	j.call("POST", "/api/register/person/realAuth", tok, map[string]string{"certFrontId": j.upload(tok),
		"certBackId": j.upload(tok), "certTakeId": j.upload(tok), "certDetailAddr": "福州市鼓楼区"}, 200, nil)
	j.call("PUT", "/api/manage/user/revoke", tok, map[string]any{}, 200, nil)
	j.call("POST", "/api/account/person/nonAuth/edit", tok, map[string]string{"detailAddr": "新地址1"}, 200, nil)
	j.call("PUT", "/api/update/information", tok, map[string]string{"detailAddr": "新地址2"}, 200, nil)

	// One SMS per phone per 120 s: the password and the phone change use
	// accounts of their own.
	pwTok := j.account("jperson02", "13711120002", "Passw0rd1")
	id, code := j.sms("13711120002", "password", pwTok)
	oldC, kid := j.enc("Passw0rd1")
	newC, _ := j.enc("Passw0rd2")
	j.call("PUT", "/api/account/pwd", pwTok, map[string]string{"keyId": kid, "oldPwd": oldC, "pwd": newC, "checkCode": code, "checkCodeId": id}, 200, nil)

	phTok := j.account("jperson03", "13711120003", "Passw0rd1")
	var me struct{ ID int64 }
	j.call("GET", "/api/auth/me", phTok, nil, 200, &me)
	oldID, oldCode := j.sms("13711120003", "phone", phTok)
	newID, newCode := j.sms("13711120004", "phone", phTok)
	j.call("PUT", fmt.Sprintf("/api/account/phone/%d", me.ID), phTok, map[string]string{"checkCode": oldCode, "checkCodeId": oldID,
		"phone": "13711120004", "smsCode": newCode, "smsCodeId": newID}, 200, nil)
}

// account creates a signed-in person directly in the store (no SMS sent).
func (j *journey) account(name, phone, pw string) string {
	j.t.Helper()
	ctx := context.Background()
	hash, _ := password.Hash(pw)
	now := time.Now()
	a := account.Account{Name: name, Type: account.Person, Phone: phone, PasswordHash: hash, CreatedAt: now, UpdatedAt: now}
	if err := j.a.DB.CreateAccount(ctx, &a); err != nil {
		j.t.Fatal(err)
	}
	tok, err := j.a.Sessions.Issue(ctx, session.Portal, a.ID, "", "")
	if err != nil {
		j.t.Fatal(err)
	}
	return tok
}

// TestContractEmailBinding: a person binds an e-mail address (a code to
// the bound phone and one to the address), and the security information
// shows it verified.
func TestContractEmailBinding(t *testing.T) {
	j := newJourney(t)
	tok := j.account("jmail01", "13711120011", "Passw0rd1")
	var me struct{ ID int64 }
	j.call("GET", "/api/auth/me", tok, nil, 200, &me)
	phID, phCode := j.sms("13711120011", "email", tok)
	mID, mCode := j.sms("jmail01@example.cn", "email", tok)
	j.call("PUT", fmt.Sprintf("/api/account/email/%d", me.ID), tok, map[string]string{"checkCode": phCode, "checkCodeId": phID,
		"email": "JMail01@Example.cn", "emailCode": mCode, "emailCodeId": mID}, 200, nil)
	var info struct {
		Email         string
		EmailVerified bool
	}
	j.call("GET", "/api/account/security/info", tok, nil, 200, &info)
	if info.Email != "jmail01@example.cn" || !info.EmailVerified {
		t.Fatalf("security info after binding: %+v", info)
	}
	// Recovery by the bound address: internal/recovery's tests and the e2e newcomer-email test
	// (a second code to the address would wait for its 120 s here).
}

// TestContractRecoveryByEmail: an e-mail code and the recovery by e-mail
// (no account has the address: an empty list, still a success).
func TestContractRecoveryByEmail(t *testing.T) {
	j := newJourney(t)
	var g struct{ ID string }
	j.call("POST", "/api/auth/verifycode", "", nil, 200, &g)
	var ans struct{ Code string }
	j.call("GET", "/api/dev/verifycode/"+g.ID, "", nil, 200, &ans)
	var id string
	j.call("POST", "/api/common/email/send", "", map[string]string{"email": "chen@example.cn", "scene": "recover", "codeId": g.ID, "verificationCode": ans.Code}, 200, &id)
	var box []struct{ To, Code string }
	j.call("GET", "/api/dev/outbox", "", nil, 200, &box)
	if len(box) == 0 || !strings.EqualFold(box[0].To, "chen@example.cn") {
		t.Fatalf("outbox %+v", box)
	}
	var found struct{ Accounts []any }
	j.call("POST", "/api/retrieve/pwd/email", "", map[string]string{"email": "chen@example.cn", "smsCode": box[0].Code, "smsCodeId": id}, 200, &found)
	if len(found.Accounts) != 0 {
		t.Fatalf("accounts %+v", found.Accounts)
	}
}
