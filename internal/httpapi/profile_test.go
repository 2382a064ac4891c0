package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certificate"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/password"
	"bidpass/internal/profile"
	"bidpass/internal/refdata"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

type noCodes struct{}

func (noCodes) Verify(context.Context, string, string, string, string) error {
	return apperr.New(apperr.Invalid, "sms.wrong", "短信验证码错误")
}

type noTransport struct{}

func (noTransport) Decrypt(context.Context, string, string) (string, error) {
	return "", apperr.New(apperr.Invalid, "pwtransport.bad", "密码已过期，请重新提交")
}

type profileEnv struct {
	h      http.Handler
	d      Deps
	db     *store.DB
	rv     *review.Service
	a, b   account.Account
	ta, tb string
}

func newProfileEnv(t *testing.T) *profileEnv {
	t.Helper()
	d := testDeps(t, false)
	db := storetest.SQLite(t)
	d.Sessions = session.NewService(db, d.Clock, sessionIdle, sessionAbsolute)
	cat, err := refdata.Load(refdata.Options{})
	if err != nil {
		t.Fatal(err)
	}
	disk, err := files.NewDisk(filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	fs := files.NewService(files.Deps{Store: db.Files(), Blobs: disk, Tx: db, Clock: d.Clock, Log: slog.New(slog.DiscardHandler)})
	rv := review.NewService(review.Deps{Store: db, Tx: db, Clock: d.Clock, Accounts: db})
	d.Profile = profile.NewService(profile.Deps{Tx: db, Store: db, Reviews: rv, Codes: noCodes{}, Transport: noTransport{},
		CheckPassword: password.Check, HashPassword: password.Hash,
		Passwords: credential.NewVerifier(ephemeral.NewMemory(d.Clock), credential.NewArgon2(2), d.Log),
		Sessions:  d.Sessions, Files: fs, Catalog: cat, Rules: identity.NewRules(cat, d.Clock), Clock: d.Clock, Log: d.Log})
	// GET /api/caBuy/params is served by the certificate service (docs/decisions/certificates.md, "CA digital certificates, server side").
	d.Certificates = certificate.New(certificate.Config{Accounts: db, Log: d.Log})
	e := &profileEnv{d: d, db: db, rv: rv}
	e.a = e.person(t, "alice")
	e.b = e.person(t, "bobby")
	e.ta, _ = d.Sessions.Issue(context.Background(), session.Portal, e.a.ID, "", "")
	e.tb, _ = d.Sessions.Issue(context.Background(), session.Portal, e.b.ID, "", "")
	e.h = NewServer(d)
	return e
}

const (
	sessionIdle     = 2 * time.Hour
	sessionAbsolute = 12 * time.Hour
)

func (e *profileEnv) person(t *testing.T, name string) account.Account {
	t.Helper()
	ctx := context.Background()
	now := e.d.Clock.Now()
	a := account.Account{Name: name, Type: account.Person, Phone: "13800138000", PasswordHash: "x", CreatedAt: now, UpdatedAt: now}
	if err := e.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	if _, err := e.db.SavePersonProfile(ctx, account.PersonProfile{AccountID: a.ID, Person: identity.Person{RealName: name, CertType: "1",
		CertNum: "11010519491231002X", CertStart: "2020-01-01", CertEnd: "2040-01-01", Province: "110000", City: "110105",
		DetailAddr: "旧地址"}, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	return a
}

func bearer(tok string) []string {
	return []string{"Authorization", "Bearer " + tok, "Content-Type", "application/json"}
}

// profileRoutes are every account-centre route with a harmless body.
var profileRoutes = []struct{ method, path, body string }{
	{"GET", "/api/account/person", ""},
	{"GET", "/api/account/person/certNum", ""},
	{"GET", "/api/account/enterprise", ""},
	{"GET", "/api/account/enterprise/certNum?which=legal", ""},
	{"GET", "/api/account/auth", ""},
	{"PUT", "/api/account/person/direct/edit", `{"detailAddr":"x"}`},
	{"PUT", "/api/account/person/edit", `{"name":"x"}`},
	{"POST", "/api/account/person/nonAuth/edit", `{"name":"x"}`},
	{"PUT", "/api/update/information", `{"name":"x"}`},
	{"PUT", "/api/account/enterprise/direct/edit", `{"industry":"E"}`},
	{"PUT", "/api/account/enterprise/edit", `{"enterprise":{"name":"x"}}`},
	{"POST", "/api/account/enterprise/nonAuth/edit", `{"name":"x"}`},
	{"PUT", "/api/account/update/information", `{"name":"x"}`},
	{"GET", "/api/account/businessLicense/edit?licenseId=x", ""},
	{"PUT", "/api/account/businessLicense/edit", `{"licenseId":"x"}`},
	{"PUT", "/api/account/reloginname/Newname1", ""},
	{"GET", "/api/account/security/info", ""},
	{"PUT", "/api/account/pwd", `{"keyId":"k","oldPwd":"a","pwd":"b","checkCode":"1","checkCodeId":"2"}`},
	{"PUT", "/api/account/phone/1", `{"phone":"13900139000","checkCode":"1","checkCodeId":"2","smsCode":"3","smsCodeId":"4"}`},
	{"PUT", "/api/account/email/1", `{"email":"a@example.cn","checkCode":"1","checkCodeId":"2","emailCode":"3","emailCodeId":"4"}`},
	{"PUT", "/api/manage/user/revoke", `{}`},
	{"GET", "/api/account/modifyRecords", ""},
	{"PUT", "/api/account/modifyRecord/revert/1", ""},
	{"GET", "/api/management/operation/record", ""},
	{"GET", "/api/caBuy/params", ""},
}

func TestProfileRoutesRefuseNoAccount(t *testing.T) {
	e := newProfileEnv(t)
	for _, rt := range profileRoutes {
		res := do(t, e.h, rt.method, rt.path, rt.body)
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s %s without a session: %d", rt.method, rt.path, res.StatusCode)
		}
		// A staff token is not a portal session either.
		staffTok, _ := e.d.Sessions.Issue(context.Background(), session.Staff, e.a.ID, "", "")
		res = do(t, e.h, rt.method, rt.path, rt.body, bearer(staffTok)...)
		if res.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s %s with a staff session: %d", rt.method, rt.path, res.StatusCode)
		}
	}
	// Every route of the table is served (a typo in the table would pass above).
	for _, rt := range profileRoutes {
		res := do(t, e.h, rt.method, rt.path, rt.body, bearer(e.ta)...)
		if res.StatusCode == http.StatusNotFound && !strings.Contains(rt.path, "revert") {
			t.Errorf("%s %s not served", rt.method, rt.path)
		}
	}
}

func TestProfileRoutesRefuseAnotherAccount(t *testing.T) {
	e := newProfileEnv(t)
	other := strconv.FormatInt(e.b.ID, 10)
	self := strconv.FormatInt(e.a.ID, 10)
	cases := []struct {
		method, path, body string
		want               int
	}{
		{"GET", "/api/account/person?id=" + other, "", 403},
		{"GET", "/api/account/person/certNum?id=" + other, "", 403},
		{"GET", "/api/account/auth?id=" + other, "", 403},
		{"GET", "/api/account/enterprise?accountId=" + other, "", 403},
		{"GET", "/api/account/enterprise/certNum?id=" + other, "", 403},
		{"PUT", "/api/account/person/direct/edit", `{"accountId":` + other + `,"detailAddr":"x"}`, 403},
		{"PUT", "/api/account/person/edit", `{"id":"` + other + `","name":"x"}`, 403},
		{"POST", "/api/account/person/nonAuth/edit", `{"accountId":"` + other + `","name":"x"}`, 403},
		{"PUT", "/api/update/information", `{"accountId":` + other + `,"name":"x"}`, 403},
		{"PUT", "/api/account/enterprise/direct/edit", `{"accountId":` + other + `}`, 403},
		{"PUT", "/api/account/enterprise/edit", `{"accountId":` + other + `}`, 403},
		{"POST", "/api/account/enterprise/nonAuth/edit", `{"accountId":` + other + `}`, 403},
		{"PUT", "/api/account/update/information", `{"accountId":` + other + `}`, 403},
		{"GET", "/api/account/businessLicense/edit?accountId=" + other, "", 403},
		{"PUT", "/api/account/businessLicense/edit", `{"accountId":` + other + `}`, 403},
		{"GET", "/api/account/security/info?id=" + other, "", 403},
		{"PUT", "/api/account/pwd", `{"id":` + other + `,"keyId":"k","oldPwd":"a","pwd":"b","checkCode":"1","checkCodeId":"2"}`, 403},
		{"PUT", "/api/account/phone/" + other, `{"phone":"13900139000","checkCode":"1","checkCodeId":"2","smsCode":"3","smsCodeId":"4"}`, 403},
		{"PUT", "/api/account/email/" + other, `{"email":"a@example.cn","checkCode":"1","checkCodeId":"2","emailCode":"3","emailCodeId":"4"}`, 403},
		{"PUT", "/api/manage/user/revoke", `{"accountId":` + other + `}`, 403},
		{"GET", "/api/account/modifyRecords?id=" + other, "", 403},
		{"GET", "/api/management/operation/record?account=bobby", "", 403},
	}
	for _, c := range cases {
		res := do(t, e.h, c.method, c.path, c.body, bearer(e.ta)...)
		if res.StatusCode != c.want {
			t.Errorf("%s %s naming another account: %d, want %d", c.method, c.path, res.StatusCode, c.want)
		}
	}
	// Naming oneself is fine.
	for _, p := range []string{"/api/account/person?id=" + self, "/api/account/security/info?id=" + self, "/api/management/operation/record?account=ALICE"} {
		if res := do(t, e.h, "GET", p, "", bearer(e.ta)...); res.StatusCode != 200 {
			t.Errorf("GET %s for oneself: %d", p, res.StatusCode)
		}
	}

	// Bob's waiting change cannot be reverted by Alice (404, like an
	// unknown record), and Bob's records are not in Alice's list.
	res := do(t, e.h, "PUT", "/api/account/person/edit", `{"name":"鲍勃"}`, bearer(e.tb)...)
	env := decodeEnvelope(t, res)
	if res.StatusCode != 200 || env.Msg != "修改成功，等待管理员审核" {
		t.Fatalf("bob's edit: %d %+v", res.StatusCode, env)
	}
	rs, _, err := e.d.Profile.ModificationRecords(context.Background(), e.b.ID, 1, 10)
	if err != nil || len(rs) != 1 {
		t.Fatalf("%+v %v", rs, err)
	}
	path := "/api/account/modifyRecord/revert/" + strconv.FormatInt(rs[0].ID, 10)
	if res := do(t, e.h, "PUT", path, "", bearer(e.ta)...); res.StatusCode != 404 {
		t.Fatalf("alice reverting bob's record: %d", res.StatusCode)
	}
	res = do(t, e.h, "GET", "/api/account/modifyRecords", "", bearer(e.ta)...)
	if env := decodeEnvelope(t, res); env.Count == nil || *env.Count != 0 {
		t.Fatalf("alice sees records: %+v", env)
	}
	// Alice's person page is Alice's.
	res = do(t, e.h, "GET", "/api/account/person", "", bearer(e.ta)...)
	if env := decodeEnvelope(t, res); env.Data.(map[string]any)["name"] != "alice" || env.Data.(map[string]any)["certNum"] != "1101**********002X" {
		t.Fatalf("%+v", env.Data)
	}
	// Bob reverts his own.
	if res := do(t, e.h, "PUT", path, "", bearer(e.tb)...); res.StatusCode != 200 {
		t.Fatalf("bob reverting: %d", res.StatusCode)
	}
}

func TestProfileEditsOverHTTP(t *testing.T) {
	e := newProfileEnv(t)
	res := do(t, e.h, "PUT", "/api/account/person/direct/edit", `{"detailAddr":"新地址","updateType":2}`, bearer(e.ta)...)
	if env := decodeEnvelope(t, res); res.StatusCode != 200 || env.Msg != "修改成功" {
		t.Fatalf("%d %+v", res.StatusCode, env)
	}
	// An identity field sent to the "direct" call still waits for review:
	// the server, not the path, decides.
	res = do(t, e.h, "PUT", "/api/account/person/direct/edit", `{"name":"爱丽丝"}`, bearer(e.ta)...)
	if env := decodeEnvelope(t, res); env.Msg != "修改成功，等待管理员审核" {
		t.Fatalf("%+v", env)
	}
	res = do(t, e.h, "PUT", "/api/account/person/direct/edit", `{"detailAddr":"再改"}`, bearer(e.ta)...)
	if env := decodeEnvelope(t, res); res.StatusCode != 409 || env.Msg != "认证中，无法修改信息" {
		t.Fatalf("%d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "PUT", "/api/account/person/direct/edit", `{"detailAddr":""}`, bearer(e.tb)...)
	if env := decodeEnvelope(t, res); res.StatusCode != 400 || env.Fields["detailAddr"] != "请填写详细地址" {
		t.Fatalf("%d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "GET", "/api/caBuy/params", "", bearer(e.tb)...)
	if env := decodeEnvelope(t, res); res.StatusCode != 409 || env.Msg != "账号未完成实名认证，无法申请！" {
		t.Fatalf("%d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "PUT", "/api/account/reloginname/Bobby2", "", bearer(e.tb)...)
	if res.StatusCode != 200 {
		t.Fatalf("rename %d", res.StatusCode)
	}
	res = do(t, e.h, "PUT", "/api/account/reloginname/Bobby3", "", bearer(e.tb)...)
	if env := decodeEnvelope(t, res); res.StatusCode != 409 || env.Msg != "登录账号只能修改一次" {
		t.Fatalf("%d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "PUT", "/api/manage/user/revoke", "", bearer(e.ta)...)
	if res.StatusCode != 200 {
		t.Fatalf("cancel %d", res.StatusCode)
	}
	res = do(t, e.h, "GET", "/api/account/auth", "", bearer(e.ta)...)
	if env := decodeEnvelope(t, res); env.Data.(map[string]any)["level"] != float64(0) {
		t.Fatalf("%+v", env.Data)
	}
	res = do(t, e.h, "GET", "/api/management/operation/record?pageSize=5", "", bearer(e.ta)...)
	if env := decodeEnvelope(t, res); env.Count == nil || *env.Count != 1 {
		t.Fatalf("%+v", env)
	}
}

// TestModifyRecordsSayWhichCanBeWithdrawn: a mixed edit (an address,
// effective at once, and a name, waiting for review) lists the address as
// not revocable, its revert refused, and the name as revocable, its revert
// taken; the page offers 撤销 by that field.
func TestModifyRecordsSayWhichCanBeWithdrawn(t *testing.T) {
	e := newProfileEnv(t)
	res := do(t, e.h, "PUT", "/api/account/person/edit", `{"name":"爱丽丝","detailAddr":"新地址"}`, bearer(e.ta)...)
	if env := decodeEnvelope(t, res); res.StatusCode != 200 || env.Msg != "修改成功，等待管理员审核" {
		t.Fatalf("edit: %d %+v", res.StatusCode, env)
	}
	list := func() map[string]map[string]any {
		res := do(t, e.h, "GET", "/api/account/modifyRecords", "", bearer(e.ta)...)
		env := decodeEnvelope(t, res)
		rows, _ := env.Data.([]any)
		out := map[string]map[string]any{}
		for _, r := range rows {
			m := r.(map[string]any)
			out[m["infoItem"].(string)] = m
		}
		return out
	}
	rs := list()
	addr, name := rs["详细地址"], rs["姓名"]
	if addr == nil || name == nil {
		t.Fatalf("records %+v", rs)
	}
	if addr["revocable"] != false || name["revocable"] != true {
		t.Fatalf("revocable: address %v, name %v", addr["revocable"], name["revocable"])
	}
	revert := func(r map[string]any) *http.Response {
		return do(t, e.h, "PUT", fmt.Sprintf("/api/account/modifyRecord/revert/%v", r["infoId"]), "", bearer(e.ta)...)
	}
	if res := revert(addr); res.StatusCode != http.StatusConflict {
		t.Fatalf("reverting the direct change: %d", res.StatusCode)
	}
	if res := revert(name); res.StatusCode != 200 {
		t.Fatalf("reverting the waiting change: %d", res.StatusCode)
	}
	if rs := list(); rs["姓名"]["revocable"] != false {
		t.Fatalf("withdrawn record still revocable: %+v", rs["姓名"])
	}
}
