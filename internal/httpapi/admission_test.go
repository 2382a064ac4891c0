package httpapi_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/httpapi"
	"bidpass/internal/identity"
	"bidpass/internal/session"
	"bidpass/internal/staff"
)

// admWorld is the real composition in dev mode (so the sample organisations
// are there), with exchanges checked against api/openapi.yaml.
type admWorld struct {
	a        *app.App
	h        http.Handler
	reviewer string
	n        int
}

func newAdmWorld(t *testing.T) *admWorld {
	t.Helper()
	a := openDevApp(t, "--data-dir", t.TempDir())
	w := &admWorld{a: a, h: a.Handler()}
	st, err := a.Staff.Bootstrap(context.Background(), staff.NewStaff{Name: "admrev", Role: staff.Reviewer, Password: "Reviewer#2025a"})
	if err != nil {
		t.Fatal(err)
	}
	if w.reviewer, err = a.Sessions.Issue(context.Background(), session.Staff, st.ID, "", ""); err != nil {
		t.Fatal(err)
	}
	return w
}

// account creates an account of typ in real-name state st and returns a
// portal token.
func (w *admWorld) account(t *testing.T, typ account.Type, st account.AuthState) (account.Account, string) {
	t.Helper()
	ctx := context.Background()
	w.n++
	now := w.a.Clock.Now().UTC()
	acc := account.Account{Name: fmt.Sprintf("adm%03d", w.n), Type: typ, Phone: fmt.Sprintf("137000000%02d", w.n), PasswordHash: "x",
		AuthState: st, CreatedAt: now, UpdatedAt: now}
	if err := w.a.DB.CreateAccount(ctx, &acc); err != nil {
		t.Fatal(err)
	}
	if typ == account.Enterprise {
		if _, err := w.a.DB.SaveEnterpriseProfile(ctx, account.EnterpriseProfile{AccountID: acc.ID, UpdatedAt: now,
			Enterprise: identity.Enterprise{Type: "A1", Name: acc.Name + "路桥有限公司"}}); err != nil {
			t.Fatal(err)
		}
	}
	tok, err := w.a.Sessions.Issue(ctx, session.Portal, acc.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return acc, tok
}

type admEnvelope struct {
	Code   int               `json:"code"`
	Msg    string            `json:"msg"`
	Data   json.RawMessage   `json:"data"`
	Fields map[string]string `json:"fields"`
}

func (w *admWorld) call(t *testing.T, tok, method, path, body string) (int, admEnvelope) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res := httpapi.ServeChecked(t, w.h, req)
	var e admEnvelope
	if err := json.NewDecoder(res.Body).Decode(&e); err != nil {
		t.Fatalf("%s %s: not an envelope: %v", method, path, err)
	}
	return res.StatusCode, e
}

// must is call that expects 200 and decodes data into out.
func (w *admWorld) must(t *testing.T, tok, method, path, body string, out any) {
	t.Helper()
	st, e := w.call(t, tok, method, path, body)
	if st != 200 {
		t.Fatalf("%s %s: %d %s %v", method, path, st, e.Msg, e.Fields)
	}
	if out != nil {
		if err := json.Unmarshal(e.Data, out); err != nil {
			t.Fatal(err)
		}
	}
}

// upload posts evidence and returns the file id (or the error envelope).
func (w *admWorld) upload(t *testing.T, tok, name string, content []byte) (int, admEnvelope) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	part, _ := mw.CreateFormFile("file", name)
	_, _ = part.Write(content)
	_ = mw.Close()
	req := httptest.NewRequest("POST", "/api/file/upload?kind=evidence", &b)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+tok)
	res := httpapi.ServeChecked(t, w.h, req)
	var e admEnvelope
	if err := json.NewDecoder(res.Body).Decode(&e); err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, e
}

func (w *admWorld) evidence(t *testing.T, tok string) string {
	t.Helper()
	st, e := w.upload(t, tok, "入库证明.pdf", []byte("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n"))
	var id string
	if st != 200 || json.Unmarshal(e.Data, &id) != nil {
		t.Fatalf("upload: %d %s", st, e.Msg)
	}
	return id
}

type admState struct {
	EnterpriseType int    `json:"enterpriseType"`
	State          int    `json:"state"`
	NoPassReason   string `json:"noPassReason"`
}

func (w *admWorld) states(t *testing.T, tok string) map[int]admState {
	t.Helper()
	var ss []admState
	w.must(t, tok, "GET", "/api/applyState", "", &ss)
	out := map[int]admState{}
	for _, s := range ss {
		out[s.EnterpriseType] = s
	}
	if len(out) != 3 {
		t.Fatalf("applyState %v, want the three roles", ss)
	}
	return out
}

// checkedOrg runs the organisation check and returns the one match's id.
func (w *admWorld) checkedOrg(t *testing.T, tok string, applyType int, name string) int64 {
	t.Helper()
	var ms []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	w.must(t, tok, "POST", "/api/register/enterprise/putStorageCkeck", fmt.Sprintf(`{"applyType":%d,"orgName":%q}`, applyType, name), &ms)
	if len(ms) != 1 {
		t.Fatalf("check %q: %v", name, ms)
	}
	return ms[0].ID
}

// decide has the reviewer decide the account's open admission item.
func (w *admWorld) decide(t *testing.T, accountID int64, body string) {
	t.Helper()
	var items []struct {
		ID        int64 `json:"id"`
		AccountID int64 `json:"accountId"`
	}
	w.must(t, w.reviewer, "GET", "/api/admin/reviews?kind=admission&state=pending&page=1&pageSize=50", "", &items)
	for _, it := range items {
		if it.AccountID == accountID {
			// The reviewer's page: the submission with its role, unit and evidence.
			var d struct {
				Item struct {
					Payload struct {
						RoleName     string `json:"roleName"`
						OrgName      string `json:"orgName"`
						Evidence     string `json:"evidence"`
						EvidenceName string `json:"evidenceName"`
					} `json:"payload"`
				} `json:"item"`
			}
			w.must(t, w.reviewer, "GET", fmt.Sprintf("/api/admin/reviews/%d", it.ID), "", &d)
			if p := d.Item.Payload; p.RoleName == "" || p.OrgName == "" || p.Evidence == "" || p.EvidenceName != "入库证明.pdf" {
				t.Fatalf("review detail payload %+v", p)
			}
			w.must(t, w.reviewer, "POST", fmt.Sprintf("/api/admin/reviews/%d/decision", it.ID), body, nil)
			return
		}
	}
	t.Fatalf("no pending admission item of account %d in %v", accountID, items)
}

// TestAdmissionOverHTTP: an enterprise applies as purchaser, is refused
// with a reason (card 2 + reason, SMS of scene admission_result),
// re-applies (type 2) and is admitted (1); a second submit while under
// review and a submit once admitted are 409.
func TestAdmissionOverHTTP(t *testing.T) {
	w := newAdmWorld(t)
	ent, tok := w.account(t, account.Enterprise, account.Authenticated)
	for _, s := range w.states(t, tok) {
		if s.State != -1 {
			t.Fatalf("fresh enterprise: %v", s)
		}
	}
	var tree []struct {
		Name     string `json:"name"`
		Children []any  `json:"children"`
	}
	w.must(t, tok, "GET", "/api/simples?applyType=2", "", &tree)
	if len(tree) == 0 || tree[0].Name != "交通运输部" || len(tree[0].Children) == 0 {
		t.Fatalf("purchaser tree %v", tree)
	}
	org := w.checkedOrg(t, tok, 2, "江苏省交通运输厅")
	if st, e := w.call(t, tok, "POST", "/api/register/enterprise/putStorageCkeck", `{"applyType":2,"orgName":"江苏交通厅"}`); st != 200 || string(e.Data) != "[]" {
		t.Fatalf("miss: %d %s", st, e.Data)
	}
	form := func(evidence string) string {
		return fmt.Sprintf(`[{"accountId":"%d","type":1,"applyType":2,"orgId":%d,"orgName":"江苏省交通运输厅","evidence":%q}]`, ent.ID, org, evidence)
	}
	var app struct {
		Type  int `json:"type"`
		State int `json:"state"`
	}
	body := form(w.evidence(t, tok))
	w.must(t, tok, "POST", "/api/register/enterprise/putStorage", body, &app)
	if app.Type != 1 || app.State != 99 || w.states(t, tok)[2].State != 99 {
		t.Fatalf("applied: %+v", app)
	}
	if st, e := w.call(t, tok, "POST", "/api/register/enterprise/putStorage", body); st != 409 {
		t.Fatalf("second submit under review: %d %s", st, e.Msg)
	}
	w.decide(t, ent.ID, `{"action":"NOT_PASS","remark":"上级单位证明未盖章"}`)
	if s := w.states(t, tok)[2]; s.State != 2 || s.NoPassReason != "上级单位证明未盖章" {
		t.Fatalf("refused: %+v", s)
	}
	msgs := w.a.Outbox.List()
	if len(msgs) == 0 || msgs[0].Scene != "admission_result" || !strings.Contains(msgs[0].Text, "上级单位证明未盖章") {
		t.Fatalf("outbox %+v", msgs)
	}
	w.must(t, tok, "POST", "/api/register/enterprise/putStorage", form(w.evidence(t, tok)), &app)
	if app.Type != 2 {
		t.Fatalf("re-application type %d, want 2 (the client sent 1)", app.Type)
	}
	w.decide(t, ent.ID, `{"action":"PASS","remark":""}`)
	if s := w.states(t, tok)[2]; s.State != 1 || s.NoPassReason != "" {
		t.Fatalf("admitted: %+v", s)
	}
	if st, e := w.call(t, tok, "POST", "/api/register/enterprise/putStorage", form(w.evidence(t, tok))); st != 409 || e.Msg != "该角色已入库，无需重复申请" {
		t.Fatalf("admitted applies again: %d %s", st, e.Msg)
	}
}

// TestAdmissionRefusals: who may not apply and what is wrong with a form,
// with the spec's messages and statuses.
func TestAdmissionRefusals(t *testing.T) {
	w := newAdmWorld(t)
	ent, tok := w.account(t, account.Enterprise, account.Authenticated)
	ev := w.evidence(t, tok)
	org := w.checkedOrg(t, tok, 3, "中国招标投标协会")
	for _, c := range []struct {
		name, body string
		status     int
		msg, field string
	}{
		{"two elements", `[{"applyType":1},{"applyType":2}]`, 400, "每次提交一个入库申请", ""},
		{"no role", fmt.Sprintf(`[{"orgId":%d,"orgName":"中国招标投标协会","evidence":%q}]`, org, ev), 400, "", "applyType"},
		{"no name", fmt.Sprintf(`[{"applyType":3,"orgId":%d,"evidence":%q}]`, org, ev), 400, "", "orgName"},
		{"no org", fmt.Sprintf(`[{"applyType":3,"orgName":"中国招标投标协会","evidence":%q}]`, ev), 400, "", "orgId"},
		{"wrong name", fmt.Sprintf(`[{"applyType":3,"orgId":%d,"orgName":"中国招标协会","evidence":%q}]`, org, ev), 400, "输入单位有误，请核实后重新输入！", "orgName"},
		{"no evidence", fmt.Sprintf(`[{"applyType":3,"orgId":%d,"orgName":"中国招标投标协会"}]`, org), 400, "", "evidence"},
		{"another account", fmt.Sprintf(`[{"accountId":%d,"applyType":3,"orgId":%d,"orgName":"中国招标投标协会","evidence":%q}]`, ent.ID+100, org, ev), 403, "", ""},
	} {
		st, e := w.call(t, tok, "POST", "/api/register/enterprise/putStorage", c.body)
		if st != c.status || (c.msg != "" && e.Msg != c.msg) || (c.field != "" && e.Fields[c.field] == "") {
			t.Errorf("%s: %d %s %v", c.name, st, e.Msg, e.Fields)
		}
	}
	for _, c := range []struct {
		typ account.Type
		st  account.AuthState
		msg string
	}{
		{account.Person, account.Authenticated, "仅企业账号可以申请入库"},
		{account.Enterprise, account.NotAuthenticated, "实名认证未完成，无法申请入库"},
		{account.Enterprise, account.Verifying, "实名认证未完成，无法申请入库"},
		{account.Enterprise, account.NotPassed, "实名认证未通过！"},
	} {
		_, tok := w.account(t, c.typ, c.st)
		body := fmt.Sprintf(`[{"applyType":1,"orgName":"x","evidence":%q}]`, w.evidence(t, tok))
		if st, e := w.call(t, tok, "POST", "/api/register/enterprise/putStorage", body); st != 403 || e.Msg != c.msg {
			t.Errorf("type %d state %d: %d %s", c.typ, c.st, st, e.Msg)
		}
	}
	// An executable named .doc is refused by its bytes.
	if st, e := w.upload(t, tok, "承诺书.doc", []byte("MZ\x90\x00\x03\x00\x00\x00PE\x00\x00")); st != 400 || !strings.Contains(e.Msg, "docx") {
		t.Fatalf("exe as .doc: %d %s", st, e.Msg)
	}
}

// TestAdmissionDraftOverHTTP: save, show with fileinfo, none for another role.
func TestAdmissionDraftOverHTTP(t *testing.T) {
	w := newAdmWorld(t)
	_, tok := w.account(t, account.Enterprise, account.Authenticated)
	var none any = "unset"
	w.must(t, tok, "GET", "/api/register/enterprise/putStorageShow?applyType=3", "", &none)
	if none != nil {
		t.Fatalf("no draft: %v", none)
	}
	ev := w.evidence(t, tok)
	w.must(t, tok, "PUT", "/api/register/enterprise/putStorageDraft", fmt.Sprintf(`{"applyType":3,"orgName":"中国公路学会","evidence":%q}`, ev), nil)
	var d struct {
		ApplyType int    `json:"applyType"`
		OrgID     *int64 `json:"orgId"`
		OrgName   string `json:"orgName"`
		Evidence  string `json:"evidence"`
		Fileinfo  struct {
			Fname string `json:"fname"`
			Ctime string `json:"ctime"`
		} `json:"fileinfo"`
	}
	w.must(t, tok, "GET", "/api/register/enterprise/putStorageShow?applyType=3", "", &d)
	if d.ApplyType != 3 || d.OrgID != nil || d.OrgName != "中国公路学会" || d.Evidence != ev || d.Fileinfo.Fname != "入库证明.pdf" || d.Fileinfo.Ctime == "" {
		t.Fatalf("draft %+v", d)
	}
	_, other := w.account(t, account.Enterprise, account.Authenticated)
	if st, e := w.call(t, other, "PUT", "/api/register/enterprise/putStorageDraft", fmt.Sprintf(`{"applyType":3,"evidence":%q}`, ev)); st != 400 {
		t.Fatalf("another's evidence in a draft: %d %s", st, e.Msg)
	}
}

// TestCommitmentTemplates: both templates download as Word documents.
func TestCommitmentTemplates(t *testing.T) {
	w := newAdmWorld(t)
	for _, name := range []string{"supplier_commitment", "agency_commitment"} {
		res := httpapi.ServeChecked(t, w.h, httptest.NewRequest("GET", "/api/management/templateFiles/"+name, nil))
		b, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Content-Type"), "wordprocessingml") ||
			!strings.Contains(res.Header.Get("Content-Disposition"), ".docx") {
			t.Fatalf("%s: %d %v", name, res.StatusCode, res.Header)
		}
		if _, err := zip.NewReader(bytes.NewReader(b), int64(len(b))); err != nil {
			t.Fatalf("%s is not a package: %v", name, err)
		}
	}
}

// TestOrganisationsOverHTTP: an administrator adds a unit and the
// enterprise's cascader shows it; a disabled unit leaves it; a CSV import
// adds units and a bad line is named; each change is in the action log.
func TestOrganisationsOverHTTP(t *testing.T) {
	w := newAdmWorld(t)
	ctx := context.Background()
	st, err := w.a.Staff.Bootstrap(ctx, staff.NewStaff{Name: "admroot", Role: staff.Administrator, Password: "Reviewer#2025a"})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := w.a.Sessions.Issue(ctx, session.Staff, st.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	_, tok := w.account(t, account.Enterprise, account.Authenticated)
	roots := func() []string {
		var tree []struct {
			Name string `json:"name"`
		}
		w.must(t, tok, "GET", "/api/simples?applyType=3", "", &tree)
		var out []string
		for _, n := range tree {
			out = append(out, n.Name)
		}
		return out
	}
	var o struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
	}
	w.must(t, admin, "POST", "/api/admin/organisations", `{"applyType":3,"name":"四川省招标投标协会"}`, &o)
	if got := roots(); !slices.Contains(got, "四川省招标投标协会") {
		t.Fatalf("added unit not offered: %v", got)
	}
	if st, e := w.call(t, admin, "POST", "/api/admin/organisations", `{"applyType":3,"name":"四川省招标投标协会"}`); st != 400 || e.Fields["name"] != "该单位已存在" {
		t.Fatalf("duplicate: %d %s %v", st, e.Msg, e.Fields)
	}
	// The administrators' list shows every unit of the role, disabled ones too.
	type unit struct {
		ID       int64 `json:"id"`
		Disabled bool  `json:"disabled"`
	}
	var all []unit
	w.must(t, admin, "PUT", fmt.Sprintf("/api/admin/organisations/%d", o.ID), `{"disabled":true}`, nil)
	w.must(t, admin, "GET", "/api/admin/organisations?applyType=3", "", &all)
	if !slices.ContainsFunc(all, func(x unit) bool { return x.ID == o.ID && x.Disabled }) {
		t.Fatalf("administrators' list lacks the disabled unit: %+v", all)
	}
	if got := roots(); slices.Contains(got, "四川省招标投标协会") {
		t.Fatalf("disabled unit offered: %v", got)
	}
	var imp struct {
		Added int `json:"added"`
	}
	w.must(t, admin, "POST", "/api/admin/organisations/import", `{"csv":"applyType,parentName,name\n3,,湖北省招标投标协会\n3,湖北省招标投标协会,武汉市招标投标协会\n"}`, &imp)
	if imp.Added != 2 || !slices.Contains(roots(), "湖北省招标投标协会") {
		t.Fatalf("import: %+v %v", imp, roots())
	}
	if st, e := w.call(t, admin, "POST", "/api/admin/organisations/import", `{"csv":"3,没有的单位,某协会\n"}`); st != 400 || e.Fields["file"] != "第1行：上级单位不存在：没有的单位" {
		t.Fatalf("bad import: %d %v", st, e.Fields)
	}
	var actions []struct {
		Action string `json:"action"`
	}
	w.must(t, admin, "GET", "/api/admin/actions?page=1&pageSize=20", "", &actions)
	seen := map[string]bool{}
	for _, a := range actions {
		seen[a.Action] = true
	}
	if !seen["organisation.add"] || !seen["organisation.update"] || !seen["organisation.import"] {
		t.Fatalf("action log %v", actions)
	}
}
