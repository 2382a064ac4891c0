package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/mfa"
	"bidpass/internal/refdata"
	"bidpass/internal/review"
	"bidpass/internal/session"
	staffsvc "bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

type plainKeys struct{}

func (plainKeys) Decrypt(_ context.Context, _, c string) (string, error) {
	if !strings.HasPrefix(c, "enc:") {
		return "", apperr.New(apperr.Invalid, "pw.bad", "密码已过期，请重新提交")
	}
	return strings.TrimPrefix(c, "enc:"), nil
}

type passAll struct{}

func (passAll) Verify(context.Context, string) error        { return nil }
func (passAll) Check(context.Context, string, string) error { return nil }

type setAuthState struct{ db *store.DB }

func (e setAuthState) set(ctx context.Context, id int64, st account.AuthState) error {
	return storetest.SetAuthState(ctx, e.db, id, st)
}
func (e setAuthState) Approve(ctx context.Context, it review.Item, _ review.Reviewer) error {
	return e.set(ctx, it.AccountID, account.Authenticated)
}
func (e setAuthState) Reject(ctx context.Context, it review.Item, _ review.Reviewer, _ string) error {
	return e.set(ctx, it.AccountID, account.NotPassed)
}

type adminEnv struct {
	h                 http.Handler
	d                 Deps
	db                *store.DB
	admin, rev, rev2  staffsvc.Staff
	adminT, revT, r2T string
	holder, other     account.Account
	holderT, otherT   string
	item              int64
	photo             string
	changeAccounts    int // accounts made by submitChange
}

const staffPW = "Reviewer#2025a"

func newAdminEnv(t *testing.T) *adminEnv {
	t.Helper()
	ctx := context.Background()
	d := testDeps(t, false)
	db := storetest.SQLite(t)
	d.Sessions = session.NewService(db, d.Clock, 2*time.Hour, 12*time.Hour)
	disk, err := files.NewDisk(filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	d.Files = files.NewService(files.Deps{Store: db.Files(), Blobs: disk, Tx: db, Clock: d.Clock, Log: slog.New(slog.DiscardHandler)})
	if d.RefData, err = refdata.Load(refdata.Options{}); err != nil {
		t.Fatal(err)
	}
	eph := ephemeral.NewMemory(d.Clock)
	creds := credential.NewVerifier(eph, credential.NewArgon2(0), nil)
	d.SecondFactor = mfa.New(mfa.Deps{Store: db, Tx: db, Ephemeral: eph, Credentials: creds, Clock: d.Clock})
	d.Staff = staffsvc.NewService(staffsvc.Deps{Store: db, Tx: db, Clock: d.Clock, Sessions: d.Sessions, Keys: plainKeys{},
		Captcha: passAll{}, Codes: passAll{}, Credentials: creds, Factors: d.SecondFactor})
	d.Reviews = review.NewService(review.Deps{Store: db, Tx: db, Clock: d.Clock, Accounts: db, Effects: setAuthState{db},
		Files: d.Files, Auditor: d.Staff, Log: slog.New(slog.DiscardHandler)})
	e := &adminEnv{d: d, db: db}
	mk := func(name string, role staffsvc.Role) staffsvc.Staff {
		st, err := d.Staff.Bootstrap(ctx, staffsvc.NewStaff{Name: name, Role: role, Password: staffPW})
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	e.admin, e.rev, e.rev2 = mk("root1", staffsvc.Administrator), mk("alice", staffsvc.Reviewer), mk("bobby", staffsvc.Reviewer)
	e.adminT, e.revT, e.r2T = e.tok(t, session.Staff, e.admin.ID), e.tok(t, session.Staff, e.rev.ID), e.tok(t, session.Staff, e.rev2.ID)
	for i, name := range []string{"zhangsan", "lisi"} {
		a := account.Account{Name: name, Type: account.Person, Phone: fmt.Sprintf("1380000000%d", i), PasswordHash: "x",
			AuthState: account.Verifying, CreatedAt: d.Clock.Now(), UpdatedAt: d.Clock.Now()}
		if err := db.CreateAccount(ctx, &a); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			e.holder = a
		} else {
			e.other = a
		}
	}
	e.holderT, e.otherT = e.tok(t, session.Portal, e.holder.ID), e.tok(t, session.Portal, e.other.ID)
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 64)...)
	f, err := d.Files.Upload(ctx, e.holder.ID, files.KindPhoto, "front.png", bytes.NewReader(png))
	if err != nil {
		t.Fatal(err)
	}
	e.photo = f.ID
	if _, err := db.SavePersonProfile(ctx, account.PersonProfile{AccountID: e.holder.ID,
		Person:      identity.Person{RealName: "张三", CertType: "1", Province: "110000", City: "110101"},
		CertFrontID: f.ID, UpdatedAt: d.Clock.Now()}); err != nil {
		t.Fatal(err)
	}
	if e.item, err = d.Reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: e.holder.ID,
		Subject: review.SubjectPerson, Payload: map[string]string{"realName": "张三", "certFrontId": f.ID, "certType": "1", "province": "110000", "city": "110101"}}); err != nil {
		t.Fatal(err)
	}
	e.h = NewServer(d)
	return e
}

func (e *adminEnv) tok(t *testing.T, k session.Kind, id int64) string {
	t.Helper()
	tok, err := e.d.Sessions.Issue(context.Background(), k, id, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (e *adminEnv) call(t *testing.T, method, path, tok, body string, more ...string) (*http.Response, envelope) {
	t.Helper()
	hdr := more
	if tok != "" {
		hdr = append(hdr, "Authorization", "Bearer "+tok)
	}
	if body != "" {
		hdr = append(hdr, "Content-Type", "application/json")
	}
	res := do(t, e.h, method, path, body, hdr...)
	var env envelope
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		env = decodeEnvelope(t, res)
	}
	return res, env
}

// TestStaffAPIRefusesWrongTokens calls every staff route with no token, a
// portal token and the wrong role.
func TestStaffAPIRefusesWrongTokens(t *testing.T) {
	e := newAdminEnv(t)
	id := fmt.Sprint(e.item)
	type route struct {
		method, path, body string
		role               string // "reviewer", "administrator" or "any"
	}
	routes := []route{
		{"DELETE", "/api/admin/auth/authToken", "", "any"},
		{"GET", "/api/admin/me", "", "any"},
		{"GET", "/api/admin/reviews?kind=realname", "", "reviewer"},
		{"GET", "/api/admin/reviews/" + id, "", "reviewer"},
		{"POST", "/api/admin/reviews/" + id + "/claim", "", "reviewer"},
		{"POST", "/api/admin/reviews/" + id + "/decision", `{"action":"PASS"}`, "reviewer"},
		{"POST", "/api/admin/files", "", "reviewer"},
		{"GET", "/api/admin/files/" + e.photo, "", "reviewer"},
		{"GET", "/api/admin/staff", "", "administrator"},
		{"POST", "/api/admin/staff", `{}`, "administrator"},
		{"PUT", fmt.Sprintf("/api/admin/staff/%d/disabled", e.rev.ID), `{"disabled":true}`, "administrator"},
		{"PUT", fmt.Sprintf("/api/admin/staff/%d/password", e.rev.ID), `{}`, "administrator"},
		{"GET", "/api/admin/actions", "", "administrator"},
	}
	// The bodies only have to reach the role check, not be complete.
	probe := []string{markMalformed, "role probe"}
	for _, r := range routes {
		if res, _ := e.call(t, r.method, r.path, "", r.body, probe...); res.StatusCode != 401 {
			t.Errorf("%s %s without token: %d", r.method, r.path, res.StatusCode)
		}
		if res, _ := e.call(t, r.method, r.path, e.holderT, r.body, probe...); res.StatusCode != 401 {
			t.Errorf("%s %s with a portal token: %d", r.method, r.path, res.StatusCode)
		}
		switch r.role {
		case "reviewer":
			if res, env := e.call(t, r.method, r.path, e.adminT, r.body, probe...); res.StatusCode != 403 || env.Reason != "staff.role" {
				t.Errorf("%s %s as administrator: %d %s", r.method, r.path, res.StatusCode, env.Reason)
			}
		case "administrator":
			if res, env := e.call(t, r.method, r.path, e.revT, r.body, probe...); res.StatusCode != 403 || env.Reason != "staff.role" {
				t.Errorf("%s %s as reviewer: %d %s", r.method, r.path, res.StatusCode, env.Reason)
			}
		}
	}
	// and the other way round: a staff token reaches no portal call
	if res, _ := e.call(t, "GET", fmt.Sprintf("/api/manage/audit/entity/logs?id=%d", e.item), e.revT, ""); res.StatusCode != 401 {
		t.Errorf("staff token on a portal call: %d", res.StatusCode)
	}
	if res, _ := e.call(t, "GET", fmt.Sprintf("/api/manage/audit/entity/logs?id=%d", e.item), "", ""); res.StatusCode != 401 {
		t.Errorf("audit log without token: %d", res.StatusCode)
	}
}

func TestReviewOverHTTP(t *testing.T) {
	e := newAdminEnv(t)
	base := fmt.Sprintf("/api/admin/reviews/%d", e.item)

	res, env := e.call(t, "GET", "/api/admin/reviews?kind=realname&subject=person&state=pending", e.revT, "")
	if res.StatusCode != 200 || env.Count == nil || *env.Count != 1 {
		t.Fatalf("queue: %d %+v", res.StatusCode, env)
	}
	row := env.Data.([]any)[0].(map[string]any)
	if row["account"] != "zhangsan" || row["state"] != "pending" {
		t.Fatalf("row %+v", row)
	}
	if res, env = e.call(t, "POST", base+"/claim", e.revT, ""); res.StatusCode != 200 {
		t.Fatalf("claim: %d %+v", res.StatusCode, env)
	}
	// bobby cannot claim or decide alice's item
	if res, env = e.call(t, "POST", base+"/claim", e.r2T, ""); res.StatusCode != 409 || env.Reason != "review.claimed" {
		t.Fatalf("second claim: %d %+v", res.StatusCode, env)
	}
	if res, env = e.call(t, "POST", base+"/decision", e.r2T, `{"action":"PASS"}`); res.StatusCode != 409 || env.Reason != "review.claimed" {
		t.Fatalf("decision by another: %d %+v", res.StatusCode, env)
	}
	// NOT_PASS needs a remark, shown on the field
	if res, env = e.call(t, "POST", base+"/decision", e.revT, `{"action":"NOT_PASS","remark":""}`); res.StatusCode != 400 || env.Fields["remark"] != "请填写不通过原因" {
		t.Fatalf("no remark: %d %+v", res.StatusCode, env)
	}
	// the detail: submitted and current side by side, with the view logged
	res, env = e.call(t, "GET", base, e.revT, "")
	if res.StatusCode != 200 {
		t.Fatalf("detail %d", res.StatusCode)
	}
	data := env.Data.(map[string]any)
	if data["current"].(map[string]any)["realName"] != "张三" || data["item"].(map[string]any)["payload"].(map[string]any)["certFrontId"] != e.photo {
		t.Fatalf("detail %+v", data)
	}
	// coded values come with their names, so the page does not show 1 or 110101
	labels, _ := data["labels"].(map[string]any)
	for key, want := range map[string][2]string{"certType": {"1", "居民身份证"}, "province": {"110000", "北京市"}, "city": {"110101", "北京市东城区"}} {
		if m, _ := labels[key].(map[string]any); m == nil || m[want[0]] != want[1] {
			t.Errorf("labels[%s] = %v, want %s → %s", key, labels[key], want[0], want[1])
		}
	}
	// the rows: labels, kinds and code names from the identity catalogue
	// (the page guesses nothing)
	rows := map[string]map[string]any{}
	for _, r := range data["fields"].([]any) {
		row := r.(map[string]any)
		rows[row["key"].(string)] = row
	}
	if r := rows["certFrontId"]; r == nil || r["kind"] != "photo" || r["label"] != "证件人像面照片" || r["submitted"] != e.photo {
		t.Errorf("photo row %v", r)
	}
	if r := rows["certType"]; r == nil || r["kind"] != "text" || r["submittedName"] != "居民身份证" {
		t.Errorf("certType row %v", r)
	}
	if r := rows["realName"]; r == nil || r["label"] != "姓名" || r["submitted"] != "张三" || r["current"] != "张三" {
		t.Errorf("name row %v", r)
	}
	// the photo at full size through the staff download, logged
	if res, _ = e.call(t, "GET", "/api/admin/files/"+e.photo, e.revT, ""); res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("photo: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	// a decision attachment uploaded by the reviewer
	fileID := e.stafUpload(t, e.revT)
	// a portal account whose id equals the reviewer's cannot open it
	sameID := e.tok(t, session.Portal, e.rev.ID)
	if res, _ = e.call(t, "GET", "/api/file/download/"+fileID, sameID, ""); res.StatusCode != 404 {
		t.Fatalf("staff upload opened by portal account %d: %d", e.rev.ID, res.StatusCode)
	}
	res, env = e.call(t, "POST", base+"/decision", e.revT, fmt.Sprintf(`{"action":"NOT_PASS","remark":"照片模糊","files":[%q]}`, fileID))
	if res.StatusCode != 200 {
		t.Fatalf("decide: %d %+v", res.StatusCode, env)
	}
	if res, env = e.call(t, "POST", base+"/decision", e.revT, `{"action":"PASS"}`); res.StatusCode != 409 || env.Reason != "review.decided" {
		t.Fatalf("decided twice: %d %+v", res.StatusCode, env)
	}
	a, _ := e.db.AccountByID(context.Background(), e.holder.ID)
	if a.AuthState != account.NotPassed {
		t.Fatalf("authState %d", a.AuthState)
	}
	// the holder reads the audit record; another account cannot
	res, env = e.call(t, "GET", fmt.Sprintf("/api/manage/audit/entity/logs?id=%d", e.item), e.holderT, "")
	if res.StatusCode != 200 {
		t.Fatalf("audit log: %d", res.StatusCode)
	}
	logs := env.Data.([]any)
	entry := logs[0].(map[string]any)
	if len(logs) != 1 || entry["userName"] != "alice" || entry["action"] != "NOT_PASS" || entry["remark"] != "照片模糊" ||
		len(entry["files"].([]any)) != 1 || entry["staffId"] != nil {
		t.Fatalf("audit log %+v", logs)
	}
	if res, _ = e.call(t, "GET", fmt.Sprintf("/api/manage/audit/entity/logs?id=%d", e.item), e.otherT, ""); res.StatusCode != 404 {
		t.Fatalf("another account's audit log: %d", res.StatusCode)
	}
	// the holder's newest real-name outcome, for the authentication card; the
	// account is the session's, so another account sees only its own (none)
	res, env = e.call(t, "GET", "/api/manage/audit/realname/latest", e.holderT, "")
	latest, _ := env.Data.(map[string]any)
	if res.StatusCode != 200 || latest == nil || latest["id"] != float64(e.item) || latest["state"] != "decided" {
		t.Fatalf("latest: %d %+v", res.StatusCode, env)
	}
	if ds := latest["decisions"].([]any); len(ds) != 1 || ds[0].(map[string]any)["remark"] != "照片模糊" || ds[0].(map[string]any)["userName"] != "alice" {
		t.Fatalf("latest decisions %+v", latest["decisions"])
	}
	if res, env = e.call(t, "GET", "/api/manage/audit/realname/latest", e.otherT, ""); res.StatusCode != 200 || env.Data != nil {
		t.Fatalf("another account's latest: %d %+v", res.StatusCode, env)
	}
	if res, _ = e.call(t, "GET", "/api/manage/audit/realname/latest", "", ""); res.StatusCode != 401 {
		t.Fatalf("latest without a token: %d", res.StatusCode)
	}
	if res, _ = e.call(t, "GET", "/api/manage/audit/realname/latest", e.revT, ""); res.StatusCode != 401 {
		t.Fatalf("latest with a staff token: %d", res.StatusCode)
	}
	// the administrator sees every action, with the address
	res, env = e.call(t, "GET", "/api/admin/actions?pageSize=50", e.adminT, "")
	if res.StatusCode != 200 {
		t.Fatalf("actions %d", res.StatusCode)
	}
	var kinds []string
	for _, x := range env.Data.([]any) {
		m := x.(map[string]any)
		kinds = append(kinds, m["action"].(string))
		if m["clientAddr"] == "" {
			t.Errorf("action without address: %+v", m)
		}
	}
	if got := strings.Join(kinds, ","); got != "review.decide,file.upload,file.view,review.view,review.claim" {
		t.Fatalf("actions %s", got)
	}
}

func (e *adminEnv) stafUpload(t *testing.T, tok string) string {
	t.Helper()
	res, env := e.staffUploadAnswer(t, tok)
	if res.StatusCode != 200 {
		t.Fatalf("staff upload: %d %+v", res.StatusCode, env)
	}
	return env.Data.(map[string]any)["id"].(string)
}

// staffUploadAnswer posts a PDF to /api/admin/files with tok.
func (e *adminEnv) staffUploadAnswer(t *testing.T, tok string) (*http.Response, envelope) {
	t.Helper()
	res := serve(t, e.h, staffUploadRequest(tok))
	var env envelope
	_ = json.NewDecoder(res.Body).Decode(&env)
	return res, env
}

// staffUploadRequest is a reviewer's upload of a PDF with tok.
func staffUploadRequest(tok string) *http.Request {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	part, _ := mw.CreateFormFile("file", "核查说明.pdf")
	_, _ = io.WriteString(part, "%PDF-1.4\n%%EOF\n")
	_ = mw.Close()
	req := httptest.NewRequest("POST", "/api/admin/files", &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+tok)
	return req
}

func TestStaffSignInAndManagementOverHTTP(t *testing.T) {
	e := newAdminEnv(t)
	tok, _ := e.staffSignIn(t, "alice", "")
	var res *http.Response
	var env envelope
	if res, env = e.call(t, "GET", "/api/admin/me", tok, ""); res.StatusCode != 200 || env.Data.(map[string]any)["role"] != "reviewer" {
		t.Fatalf("me: %d %+v", res.StatusCode, env)
	}
	// the staff token is no portal token
	if res, _ = e.call(t, "GET", "/api/file/download/"+e.photo, "", ""); res.StatusCode != 401 {
		t.Fatalf("download without token %d", res.StatusCode)
	}
	// administrator adds a reviewer, then disables them: their token dies
	res, env = e.call(t, "POST", "/api/admin/staff", e.adminT, fmt.Sprintf(`{"account":"carol","role":"reviewer","password":"enc:%s","keyId":"k"}`, staffPW))
	if res.StatusCode != 200 {
		t.Fatalf("create %d %+v", res.StatusCode, env)
	}
	carol := int64(env.Data.(map[string]any)["id"].(float64))
	ct := e.tok(t, session.Staff, carol)
	if res, _ = e.call(t, "GET", "/api/admin/reviews", ct, ""); res.StatusCode != 200 {
		t.Fatalf("carol's queue %d", res.StatusCode)
	}
	if res, _ = e.call(t, "PUT", fmt.Sprintf("/api/admin/staff/%d/disabled", carol), e.adminT, `{"disabled":true}`); res.StatusCode != 200 {
		t.Fatalf("disable %d", res.StatusCode)
	}
	if res, _ = e.call(t, "GET", "/api/admin/reviews", ct, ""); res.StatusCode != 401 {
		t.Fatalf("disabled reviewer's token: %d", res.StatusCode)
	}
	res, env = e.call(t, "GET", "/api/admin/staff", e.adminT, "")
	if res.StatusCode != 200 || *env.Count != 4 {
		t.Fatalf("staff list %d %+v", res.StatusCode, env)
	}
	if res, env = e.call(t, "PUT", fmt.Sprintf("/api/admin/staff/%d/password", e.rev.ID), e.adminT, `{"password":"enc:short","keyId":"k"}`); res.StatusCode != 400 || env.Fields["password"] == "" {
		t.Fatalf("weak reset %d %+v", res.StatusCode, env)
	}
	if res, _ = e.call(t, "PUT", fmt.Sprintf("/api/admin/staff/%d/password", e.rev.ID), e.adminT, `{"password":"enc:NewPass#2025xyz","keyId":"k"}`); res.StatusCode != 200 {
		t.Fatalf("reset %d", res.StatusCode)
	}
	if res, _ = e.call(t, "GET", "/api/admin/me", tok, ""); res.StatusCode != 401 {
		t.Fatalf("token after password reset: %d", res.StatusCode)
	}
	if res, _ = e.call(t, "DELETE", "/api/admin/auth/authToken", e.r2T, ""); res.StatusCode != 200 {
		t.Fatalf("sign-out %d", res.StatusCode)
	}
	if res, _ = e.call(t, "GET", "/api/admin/me", e.r2T, ""); res.StatusCode != 401 {
		t.Fatalf("token after sign-out: %d", res.StatusCode)
	}
}
