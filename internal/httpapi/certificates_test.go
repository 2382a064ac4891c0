package httpapi

import (
	"context"
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/emmansun/gmsm/pkcs7"
	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/account"
	"bidpass/internal/auth"
	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
	"bidpass/internal/ephemeral"
	"bidpass/internal/identity"
	"bidpass/internal/recovery"
	"bidpass/internal/session"
	staffsvc "bidpass/internal/staff"
	"bidpass/internal/store"
)

// certFixture is the HTTP surface with the real certificate, sign-in and
// recovery services on SQLite, a development CA the server trusts, and
// signed-in accounts.
type certFixture struct {
	db  *store.DB
	d   Deps
	ca  *devca.Authority
	n   int
	tok map[int64]string
	// browser is the challenge cookie the server gave this fixture's one
	// browser, sent back with every call as a browser does.
	browser string
}

func newCertFixture(t *testing.T, apply, driver string) *certFixture {
	t.Helper()
	d := testDeps(t, false)
	db := d.Ready["database"].(*store.DB)
	now := d.Clock.Now()
	ca, err := devca.NewRoot(devca.RSA, pkix.Name{CommonName: "HTTP Test Root"}, now.Add(-time.Hour), now.AddDate(5, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	eph := ephemeral.NewMemory(d.Clock)
	d.Auth = auth.New(auth.Config{Accounts: db, Sessions: d.Sessions, Ephemeral: eph, Clock: d.Clock})
	rec := recovery.New(recovery.Config{Accounts: db, Sessions: d.Sessions, Tx: db, Ephemeral: eph, Clock: d.Clock})
	d.Certificates = certificate.New(certificate.Config{Store: db, Accounts: db, Tx: db, Ephemeral: eph,
		Trust: certTrust(ca), Portal: d.Auth, Recovery: rec, Clock: d.Clock, Log: d.Log,
		ApplyURL: apply, DriverFile: driver})
	return &certFixture{db: db, d: d, ca: ca, tok: map[int64]string{}}
}

// account creates an account of authState with a verified name and a
// portal session.
func (f *certFixture) account(t *testing.T, name string, state account.AuthState) account.Account {
	t.Helper()
	ctx := context.Background()
	f.n++
	now := f.d.Clock.Now()
	a := account.Account{Name: fmt.Sprintf("ca%03d", f.n), Type: account.Person, PasswordHash: "x", AuthState: state, CreatedAt: now, UpdatedAt: now}
	if err := f.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	if _, err := f.db.SavePersonProfile(ctx, account.PersonProfile{AccountID: a.ID, UpdatedAt: now, Person: identity.Person{RealName: name, CertType: "1"}}); err != nil {
		t.Fatal(err)
	}
	tok, err := f.d.Sessions.Issue(ctx, session.Portal, a.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	f.tok[a.ID] = tok
	return a
}

// holder is a certificate for name under the fixture's CA, and its key.
type certHolder struct {
	cert *smx509.Certificate
	key  crypto.Signer
}

func (f *certFixture) issue(t *testing.T, name string) certHolder {
	t.Helper()
	now := f.d.Clock.Now()
	c, k, err := f.ca.Issue(devca.RSA, pkix.Name{CommonName: name}, devca.RandomSerial(), now.Add(-time.Hour), now.AddDate(1, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	return certHolder{c, k}
}

func (h certHolder) serial() string { return fmt.Sprintf("%X", h.cert.SerialNumber) }

// raw signs challenge as SOF_SignData does (PKCS#1 v1.5, SHA-256).
func (h certHolder) raw(t *testing.T, challenge string) string {
	sum := sha256.Sum256([]byte(challenge))
	sig, err := h.key.Sign(rand.Reader, sum[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(sig)
}

// pkcs7 signs challenge as SOF_SignMessage does (attached, SHA-1).
func (h certHolder) pkcs7(t *testing.T, challenge string) string {
	sd, err := pkcs7.NewSignedData([]byte(challenge))
	if err != nil {
		t.Fatal(err)
	}
	sd.SetDigestAlgorithm(pkcs7.OIDDigestAlgorithmSHA1)
	if err := sd.AddSigner(h.cert, h.key, pkcs7.SignerInfoConfig{}); err != nil {
		t.Fatal(err)
	}
	der, err := sd.Finish()
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(der)
}

// call sends body (JSON-encoded unless a string) with token and decodes
// the envelope's data into out.
func (f *certFixture) call(t *testing.T, method, path, token string, body any, out any) (int, envelope) {
	t.Helper()
	s := ""
	switch b := body.(type) {
	case nil:
	case string:
		s = b
	default:
		j, _ := json.Marshal(b)
		s = string(j)
	}
	var hdr []string
	if token != "" {
		hdr = []string{"Authorization", "Bearer " + token}
	}
	if f.browser != "" {
		hdr = append(hdr, "Cookie", certBrowserCookie+"="+f.browser)
	}
	res := do(t, NewServer(f.d), method, path, s, hdr...)
	for _, c := range res.Cookies() {
		if c.Name == certBrowserCookie {
			f.browser = c.Value
		}
	}
	e := decodeEnvelope(t, res)
	if out != nil && e.Data != nil {
		j, _ := json.Marshal(e.Data)
		if err := json.Unmarshal(j, out); err != nil {
			t.Fatal(err)
		}
	}
	return res.StatusCode, e
}

// bind binds h to a through the routes.
func (f *certFixture) bind(t *testing.T, a account.Account, h certHolder) (int, envelope) {
	t.Helper()
	var ch string
	if st, e := f.call(t, "POST", "/api/certificate/add/prev", f.tok[a.ID], nil, &ch); st != 200 {
		return st, e
	}
	return f.call(t, "POST", "/api/certificate/add", f.tok[a.ID], map[string]any{"signToken": h.raw(t, ch), "signType": 2,
		"certificate": base64.StdEncoding.EncodeToString(h.cert.Raw)}, nil)
}

func TestCertificateBindSignInRecover(t *testing.T) {
	f := newCertFixture(t, "", "")
	zhang := f.account(t, "张三", account.Authenticated)
	h := f.issue(t, "张三")

	var bound certificateJSON
	st, e := f.bind(t, zhang, h)
	if st != 200 || e.Msg != "绑定成功" {
		t.Fatalf("bind: %d %+v", st, e)
	}
	j, _ := json.Marshal(e.Data)
	_ = json.Unmarshal(j, &bound)
	if bound.Number != h.serial() || !strings.Contains(bound.DN, "张三") || bound.State != 1 {
		t.Fatalf("bound %+v", bound)
	}
	var list []certificateJSON
	if st, _ := f.call(t, "GET", "/api/certificate/list", f.tok[zhang.ID], nil, &list); st != 200 || len(list) != 1 || list[0].Number != h.serial() {
		t.Fatalf("list %d %+v", st, list)
	}

	// Sign in with the bound certificate: PKCS#7, SHA-1, attached.
	var ch string
	if st, e := f.call(t, "POST", "/api/login/cert/prev", "", map[string]string{"serialNumber": strings.ToLower(h.serial())}, &ch); st != 200 || len(ch) < 22 {
		t.Fatalf("challenge %d %+v", st, e)
	}
	var res signInResponse
	st, e = f.call(t, "POST", "/api/login/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.pkcs7(t, ch), "signType": 1}, &res)
	if st != 200 || e.Msg != "登录成功" || res.User.ID != zhang.ID || res.User.UserName != zhang.Name {
		t.Fatalf("sign-in %d %+v %+v", st, e, res)
	}
	var me userResponse
	if st, _ := f.call(t, "GET", "/api/auth/me", res.AccessToken, nil, &me); st != 200 || me.ID != zhang.ID {
		t.Fatalf("the certificate session is a portal session: %d %+v", st, me)
	}
	// The same signature again: the challenge is spent.
	st, e = f.call(t, "POST", "/api/login/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.pkcs7(t, ch), "signType": "1"}, nil)
	if st != 400 || e.Reason != "certificate.challenge" {
		t.Fatalf("replay: %d %+v", st, e)
	}

	// Recovery: the account and a checkCode.
	if st, _ := f.call(t, "POST", "/api/retrieve/pwd/cert/prev", "", map[string]string{"serialNumber": h.serial()}, &ch); st != 200 {
		t.Fatal(st)
	}
	var found recoverFindResponse
	st, e = f.call(t, "POST", "/api/retrieve/pwd/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.raw(t, ch), "signType": 2}, &found)
	if st != 200 || len(found.Accounts) != 1 || found.Accounts[0].AccountID != zhang.ID || found.CheckCode == "" {
		t.Fatalf("recover %d %+v %+v", st, e, found)
	}

	// Unbind, then the record holds both.
	if st, e := f.call(t, "DELETE", "/api/certificate/log/"+strconv.FormatInt(zhang.ID, 10), f.tok[zhang.ID], nil, nil); st != 200 {
		t.Fatalf("unbind %d %+v", st, e)
	}
	var log []certificateLogJSON
	st, e = f.call(t, "GET", "/api/certificate/log?page=1&pageSize=10", f.tok[zhang.ID], nil, &log)
	if st != 200 || len(log) != 2 || log[0].HandleType != 2 || log[1].HandleType != 1 || e.Count == nil || *e.Count != 2 {
		t.Fatalf("log %d %+v", st, log)
	}
	if st, e := f.call(t, "POST", "/api/login/cert/prev", "", map[string]string{"serialNumber": h.serial()}, &ch); st != 200 {
		t.Fatal(st, e)
	}
	st, e = f.call(t, "POST", "/api/login/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.pkcs7(t, ch)}, nil)
	if st != 400 || e.Reason != "certificate.unbound" {
		t.Fatalf("unbound certificate signs in: %d %+v", st, e)
	}
}

func TestCertificateRefusals(t *testing.T) {
	f := newCertFixture(t, "", "")
	zhang := f.account(t, "张三", account.Authenticated)
	cases := []struct {
		name   string
		a      account.Account
		h      certHolder
		status int
		reason string
	}{
		{"not authenticated", f.account(t, "李四", account.NotAuthenticated), f.issue(t, "李四"), 409, "certificate.not_authenticated"},
		{"owner name", zhang, f.issue(t, "王五"), 409, "certificate.name"},
	}
	for _, c := range cases {
		if st, e := f.bind(t, c.a, c.h); st != c.status || e.Reason != c.reason || e.Msg == "" {
			t.Errorf("%s: %d %+v", c.name, st, e)
		}
	}
	// Bad input: the form's messages, 400.
	for _, body := range []string{`{"serialNumber": ""}`, `{"serialNumber": "xyz"}`} {
		if st, e := f.call(t, "POST", "/api/login/cert/prev", "", body, nil); st != 400 || e.Msg != "请选择证书" || e.Fields["serialNumber"] == "" {
			t.Errorf("%s: %d %+v", body, st, e)
		}
	}
	res := do(t, NewServer(f.d), "POST", "/api/login/cert", `{"serialNumber": "AB", "signToken": "AAAA", "signType": 3}`, markMalformed, "signType 3 is outside the contract")
	if e := decodeEnvelope(t, res); res.StatusCode != 400 || e.Fields["signType"] == "" {
		t.Errorf("signType 3: %d %+v", res.StatusCode, e)
	}
	if st, e := f.call(t, "POST", "/api/login/cert", "", `{"serialNumber": "AB", "signToken": "%%%", "signType": 1}`, nil); st != 400 || e.Reason != "certificate.malformed" {
		t.Errorf("bad base64: %d %+v", st, e)
	}
}

// TestCertificateRoutesActForTheCaller: every secured route answers 401
// without a token, and an id naming another account is refused (403) or
// does not reach the other account's data.
func TestCertificateRoutesActForTheCaller(t *testing.T) {
	f := newCertFixture(t, "https://ca.example.cn/apply", "")
	owner := f.account(t, "张三", account.Authenticated)
	other := f.account(t, "李四", account.Authenticated)
	if st, e := f.bind(t, owner, f.issue(t, "张三")); st != 200 {
		t.Fatal(st, e)
	}
	ownerID := strconv.FormatInt(owner.ID, 10)
	secured := []struct{ method, path, body string }{
		{"GET", "/api/certificate/list", ""},
		{"GET", "/api/certificate/log", ""},
		{"POST", "/api/certificate/add/prev", ""},
		{"POST", "/api/certificate/add", `{"signToken": "AAAA", "signType": 2}`},
		{"DELETE", "/api/certificate/log/" + ownerID, ""},
		{"GET", "/api/caBuy/params", ""},
	}
	for _, r := range secured {
		if st, e := f.call(t, r.method, r.path, "", r.body, nil); st != 401 {
			t.Errorf("%s %s without a token: %d %+v", r.method, r.path, st, e)
		}
	}
	for _, r := range []struct{ method, path, body string }{
		{"GET", "/api/certificate/list?accountId=" + ownerID, ""},
		{"GET", "/api/certificate/log?accountId=" + ownerID, ""},
		{"POST", "/api/certificate/add", `{"signToken": "AAAA", "signType": 2, "accountId": ` + ownerID + `}`},
		{"DELETE", "/api/certificate/log/" + ownerID, ""},
		{"GET", "/api/caBuy/params?accountId=" + ownerID, ""},
	} {
		if st, e := f.call(t, r.method, r.path, f.tok[other.ID], r.body, nil); st != 403 || e.Reason != "account.other" {
			t.Errorf("%s %s by another account: %d %+v", r.method, r.path, st, e)
		}
	}
	// Without an id, the other account sees its own (empty) lists, and the
	// owner's binding is still there.
	var list []certificateJSON
	if st, _ := f.call(t, "GET", "/api/certificate/list", f.tok[other.ID], nil, &list); st != 200 || len(list) != 0 {
		t.Fatalf("other's list: %d %+v", st, list)
	}
	if st, _ := f.call(t, "GET", "/api/certificate/list", f.tok[owner.ID], nil, &list); st != 200 || len(list) != 1 {
		t.Fatalf("owner's list: %d %+v", st, list)
	}
	if st, e := f.call(t, "DELETE", "/api/certificate/log/"+strconv.FormatInt(other.ID, 10), f.tok[other.ID], nil, nil); st != 404 || e.Reason != "certificate.not_bound" {
		t.Fatalf("other unbinds nothing: %d %+v", st, e)
	}
}

func TestCAApplyAndDriver(t *testing.T) {
	f := newCertFixture(t, "", "")
	if st, e := f.call(t, "GET", "/api/caBuy/params", f.tok[f.account(t, "张三", account.Verifying).ID], nil, nil); st != 409 || e.Msg != "账号未完成实名认证，无法申请！" {
		t.Fatalf("not authenticated: %d %+v", st, e)
	}
	authed := f.account(t, "李四", account.Authenticated)
	if st, e := f.call(t, "GET", "/api/caBuy/params", f.tok[authed.ID], nil, nil); st != 200 || e.Data != "" || e.Msg != certificate.MsgApplyMissing {
		t.Fatalf("unconfigured: %d %+v", st, e)
	}
	if st, e := f.call(t, "GET", "/api/management/templateFiles/ca_driver", "", nil, nil); st != 404 || e.Reason != "certificate.driver_unconfigured" {
		t.Fatalf("no driver: %d %+v", st, e)
	}

	driver := filepath.Join(t.TempDir(), "CA驱动-setup.exe")
	if err := os.WriteFile(driver, []byte("MZ driver bytes"), 0o600); err != nil {
		t.Fatal(err)
	}
	f = newCertFixture(t, "https://ca.example.cn/apply?from=bidpass", driver)
	authed = f.account(t, "李四", account.Authenticated)
	var u string
	if st, e := f.call(t, "GET", "/api/caBuy/params", f.tok[authed.ID], nil, &u); st != 200 || u != "https://ca.example.cn/apply?from=bidpass" {
		t.Fatalf("apply: %d %+v", st, e)
	}
	res := do(t, NewServer(f.d), "GET", "/api/management/templateFiles/ca_driver", "")
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || string(body) != "MZ driver bytes" || !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment;") ||
		!strings.Contains(res.Header.Get("Content-Disposition"), "filename*=UTF-8''CA%E9%A9%B1") {
		t.Fatalf("driver: %d %q %v", res.StatusCode, body, res.Header)
	}
}

// TestStaffCertificateSignIn: an administrator binds a reviewer's
// certificate; the reviewer then signs in with it and gets a staff session
// (no portal call accepts it); a reviewer may not bind; a portal
// certificate does not sign staff in.
func TestStaffCertificateSignIn(t *testing.T) {
	f := newCertFixture(t, "", "")
	db := f.db
	ctx := context.Background()
	f.d.Staff = staffsvc.NewService(staffsvc.Deps{Store: db, Tx: db, Clock: f.d.Clock, Sessions: f.d.Sessions, Log: f.d.Log})
	f.d.Certificates = certificate.New(certificate.Config{Store: db, Accounts: db, Tx: db, Ephemeral: ephemeral.NewMemory(f.d.Clock),
		Trust: certTrust(f.ca), Portal: f.d.Auth, Staff: f.d.Staff, Clock: f.d.Clock, Log: f.d.Log})
	staffTok := map[string]string{}
	ids := map[string]int64{}
	for _, m := range []struct {
		name string
		role staffsvc.Role
	}{{"admin01", staffsvc.Administrator}, {"review01", staffsvc.Reviewer}} {
		st, err := f.d.Staff.Bootstrap(ctx, staffsvc.NewStaff{Name: m.name, Role: m.role, Password: "Passw0rd!staff1"})
		if err != nil {
			t.Fatal(err)
		}
		ids[m.name] = st.ID
		staffTok[m.name], _ = f.d.Sessions.Issue(ctx, session.Staff, st.ID, "", "")
	}
	h := f.issue(t, "评审员甲")
	path := "/api/admin/staff/" + strconv.FormatInt(ids["review01"], 10) + "/certificate"
	der := base64.StdEncoding.EncodeToString(h.cert.Raw)
	if st, e := f.call(t, "POST", path+"/prev", staffTok["review01"], nil, nil); st != 403 {
		t.Fatalf("a reviewer asks a binding challenge: %d %+v", st, e)
	}
	var ch string
	if st, e := f.call(t, "POST", path+"/prev", staffTok["admin01"], nil, &ch); st != 200 || len(ch) < 22 {
		t.Fatalf("binding challenge: %d %+v", st, e)
	}
	if st, e := f.call(t, "PUT", path, staffTok["review01"], map[string]any{"signToken": h.raw(t, ch), "signType": 2, "certificate": der}, nil); st != 403 {
		t.Fatalf("a reviewer binds: %d %+v", st, e)
	}
	// The certificate alone (public: a portal holder's, say) binds nothing:
	// the old body, a signature by another key, a challenge signed for
	// another member, another administrator's challenge.
	pemBody, _ := json.Marshal(map[string]string{"certificate": string(devca.CertPEM(h.cert))})
	if res := do(t, NewServer(f.d), "PUT", path, string(pemBody), "Authorization", "Bearer "+staffTok["admin01"], markMalformed, "the certificate alone, without signToken"); res.StatusCode != 400 {
		t.Fatalf("certificate without a signature: %d", res.StatusCode)
	}
	stranger := f.issue(t, "路人")
	if st, e := f.call(t, "PUT", path, staffTok["admin01"], map[string]any{"signToken": stranger.raw(t, ch), "signType": 2, "certificate": der}, nil); st != 400 || e.Reason != "certificate.signature" {
		t.Fatalf("another key's signature: %d %+v", st, e)
	}
	otherPath := "/api/admin/staff/" + strconv.FormatInt(ids["admin01"], 10) + "/certificate"
	var otherCh string
	f.call(t, "POST", otherPath+"/prev", staffTok["admin01"], nil, &otherCh)
	if st, e := f.call(t, "PUT", path, staffTok["admin01"], map[string]any{"signToken": h.raw(t, otherCh), "signType": 2, "certificate": der}, nil); st != 400 {
		t.Fatalf("another member's challenge: %d %+v", st, e)
	}
	if st, e := f.call(t, "PUT", path, staffTok["admin01"], map[string]any{"signToken": h.pkcs7(t, ch), "signType": 1}, nil); st != 200 || e.Msg != "绑定成功" {
		t.Fatalf("bind: %d %+v", st, e)
	}
	if st, e := f.call(t, "PUT", path, staffTok["admin01"], map[string]any{"signToken": h.pkcs7(t, ch), "signType": 1}, nil); st == 200 {
		t.Fatalf("the challenge bound twice: %d %+v", st, e)
	}
	var list []certificateJSON
	if st, _ := f.call(t, "GET", path, staffTok["admin01"], nil, &list); st != 200 || len(list) != 1 || list[0].Number != h.serial() {
		t.Fatalf("list %d %+v", st, list)
	}

	// A portal challenge does not sign staff in.
	f.call(t, "POST", "/api/login/cert/prev", "", map[string]string{"serialNumber": h.serial()}, &ch)
	if st, e := f.call(t, "POST", "/api/admin/login/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.raw(t, ch), "signType": 2}, nil); st != 400 || e.Reason != "certificate.challenge" {
		t.Fatalf("portal challenge for staff: %d %+v", st, e)
	}
	f.call(t, "POST", "/api/admin/login/cert/prev", "", map[string]string{"serialNumber": h.serial()}, &ch)
	var signed staffSignedIn
	if st, e := f.call(t, "POST", "/api/admin/login/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.pkcs7(t, ch), "signType": 1}, &signed); st != 200 || signed.Staff.ID != ids["review01"] {
		t.Fatalf("staff sign-in: %d %+v %+v", st, e, signed)
	}
	if p, err := f.d.Sessions.Authenticate(ctx, session.Staff, signed.AccessToken); err != nil || p.ID != ids["review01"] {
		t.Fatalf("staff session: %v %v", p, err)
	}
	// The staff certificate does not sign in to the portal.
	f.call(t, "POST", "/api/login/cert/prev", "", map[string]string{"serialNumber": h.serial()}, &ch)
	if st, e := f.call(t, "POST", "/api/login/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.pkcs7(t, ch)}, nil); st != 400 || e.Reason != "certificate.unbound" {
		t.Fatalf("staff certificate at the portal: %d %+v", st, e)
	}
	// Nor may it be bound to a portal account while bound to staff.
	if st, e := f.bind(t, f.account(t, "评审员甲", account.Authenticated), h); st != 409 || e.Reason != "certificate.bound_elsewhere" {
		t.Fatalf("portal bind of a staff certificate: %d %+v", st, e)
	}
	if st, e := f.call(t, "DELETE", path, staffTok["admin01"], nil, nil); st != 200 {
		t.Fatalf("unbind: %d %+v", st, e)
	}
	f.call(t, "POST", "/api/admin/login/cert/prev", "", map[string]string{"serialNumber": h.serial()}, &ch)
	if st, e := f.call(t, "POST", "/api/admin/login/cert", "", map[string]any{"serialNumber": h.serial(), "signToken": h.pkcs7(t, ch)}, nil); st != 400 || e.Reason != "certificate.unbound" {
		t.Fatalf("after unbind: %d %+v", st, e)
	}
}

func certTrust(ca *devca.Authority) *certificate.Trust {
	pool := smx509.NewCertPool()
	pool.AddCert(ca.Cert)
	return &certificate.Trust{Roots: pool, AllowSHA1: true}
}
