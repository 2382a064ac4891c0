package httpapi_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/files"
	"bidpass/internal/httpapi"
	"bidpass/internal/identity"
	"bidpass/internal/operator"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/staff"
)

// The principals of the authorisation matrix (docs/decisions/limits.md, "Limits and abuse paths"), in column order.
const (
	colAnonymous = iota
	colOtherPerson
	colOtherEnterprise
	colOwner
	colReviewer
	colAdministrator
	columns
)

var columnNames = [columns]string{"anonymous", "another person", "another enterprise", "owner", "reviewer", "administrator"}

// matrixRow is what each principal gets from one operation: 401, 403, 404
// (the answer to an unknown id), or ok (admitted: any other status, the 400
// of the probe's empty body included). owner says whose resources fill the
// path and who the owner column is: P the person, E the enterprise that
// invited the person, A the enterprise the person applied to, B the
// enterprise the person is bound to (a pair holds one open link, so the
// invitation and the bound link are with two enterprises).
type matrixRow struct {
	owner    byte
	outcomes string // six outcomes, space-separated, in column order
}

// matrixWorld is the real composition with two persons, two enterprises, a
// reviewer, an administrator, and resources of the owners.
type matrixWorld struct {
	a                   *app.App
	h                   http.Handler
	person, person2     account.Account
	ent, ent2, applied  account.Account
	boundTo             account.Account
	reviewer, admin     staff.Staff
	personFile, entFile string
	review              int64
	invitation, bound   int64
	application         int64
	block               int64  // the person's block of ent2
	device              string // the public id of one of the person's sessions
}

func newMatrixWorld(t testing.TB) *matrixWorld {
	t.Helper()
	cfg, err := config.Load([]string{"--dev", "--data-dir", t.TempDir()}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	a, err := app.Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	w := &matrixWorld{a: a, h: a.Handler()}
	now := a.Clock.Now().UTC()
	mk := func(name string, typ account.Type, phone string) account.Account {
		acc := account.Account{Name: name, Type: typ, Phone: phone, PasswordHash: "x", AuthState: account.Authenticated,
			CreatedAt: now, UpdatedAt: now}
		if err := a.DB.CreateAccount(ctx, &acc); err != nil {
			t.Fatal(err)
		}
		if typ == account.Person {
			_, err = a.DB.SavePersonProfile(ctx, account.PersonProfile{AccountID: acc.ID, UpdatedAt: now, Person: identity.Person{
				RealName: "张三", CertType: "1", CertNum: "11010519491231002X", CertStart: "2020-01-01", CertEnd: "2040-01-01",
				Province: "110000", City: "110101", DetailAddr: "东长安街1号"}})
		} else {
			_, err = a.DB.SaveEnterpriseProfile(ctx, account.EnterpriseProfile{AccountID: acc.ID, UpdatedAt: now,
				Enterprise: identity.Enterprise{Type: "A1", Name: name + "有限公司", CertType: "1", CertNum: "91350100M000100Y43",
					Province: "350000", City: "350100", Area: "350102", DetailAddr: "五四路100号", Industry: "E,E48,E481,E4812",
					Capital: "5000.50", CapitalUnit: "WAN_YUAN", CapitalCurrency: "CNY"},
				Legal:   identity.LegalPerson{Name: "李四", CertType: "1", CertNum: "11010519491231002X"},
				Contact: identity.Contact{Name: "王五", Phone: "13700137000"}})
		}
		if err != nil {
			t.Fatal(err)
		}
		return acc
	}
	w.person, w.person2 = mk("matrixp1", account.Person, "13800000011"), mk("matrixp2", account.Person, "13800000012")
	w.ent, w.ent2 = mk("matrixe1", account.Enterprise, "13800000013"), mk("matrixe2", account.Enterprise, "13800000014")
	w.applied = mk("matrixe3", account.Enterprise, "13800000015")
	w.boundTo = mk("matrixe4", account.Enterprise, "13800000016")
	for _, s := range []struct {
		to   *staff.Staff
		name string
		role staff.Role
	}{{&w.reviewer, "matrixrev", staff.Reviewer}, {&w.admin, "matrixadm", staff.Administrator}} {
		if *s.to, err = a.Staff.Bootstrap(ctx, staff.NewStaff{Name: s.name, Role: s.role, Password: "Reviewer#2025a"}); err != nil {
			t.Fatal(err)
		}
	}
	jpeg := append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0}, make([]byte, 200)...)
	for _, f := range []struct {
		id    *string
		owner int64
	}{{&w.personFile, w.person.ID}, {&w.entFile, w.ent.ID}} {
		up, err := a.Files.Upload(ctx, f.owner, files.KindPhoto, "a.jpg", bytes.NewReader(jpeg))
		if err != nil {
			t.Fatal(err)
		}
		*f.id = up.ID
	}
	if w.review, err = a.Reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: w.person.ID,
		Subject: review.SubjectPerson, Payload: map[string]string{"realName": "张matrixp1"}}); err != nil {
		t.Fatal(err)
	}
	for _, l := range []struct {
		id    *int64
		ent   int64
		typ   operator.HandleType
		state operator.State
	}{
		{&w.invitation, w.ent.ID, operator.Invitation, operator.Pending},
		{&w.bound, w.boundTo.ID, operator.Invitation, operator.Bound},
		{&w.application, w.applied.ID, operator.Application, operator.Pending},
	} {
		link := operator.Link{EnterpriseID: l.ent, PersonID: w.person.ID, HandleType: l.typ, State: l.state,
			CreatedAt: now, UpdatedAt: now}
		if err := a.DB.CreateOperatorLink(ctx, &link); err != nil {
			t.Fatal(err)
		}
		*l.id = link.ID
	}
	pair, err := a.DB.LockOperatorPair(ctx, w.ent2.ID, w.person.ID, now)
	if err != nil {
		t.Fatal(err)
	}
	pair.BlockedAt = now
	if err := a.DB.SaveOperatorPair(ctx, &pair, now); err != nil {
		t.Fatal(err)
	}
	w.block = pair.ID
	tok, err := a.Sessions.Issue(ctx, session.Portal, w.person.ID, "203.0.113.9", "matrix")
	if err != nil {
		t.Fatal(err)
	}
	p, err := a.Sessions.Authenticate(ctx, session.Portal, tok)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := a.Devices.List(ctx, p)
	if err != nil || len(ds) == 0 {
		t.Fatal(ds, err)
	}
	w.device = ds[0].ID
	return w
}

// path fills an operation's path parameter (each has at most one) with
// the owner's resource; where the world holds none (development tokens,
// modification records) "1" names an unknown one.
func (w *matrixWorld) path(p string, ownerKind byte) string {
	own, file := w.person, w.personFile
	if ownerKind == 'E' {
		own, file = w.ent, w.entFile
	}
	link := w.invitation
	switch {
	case strings.Contains(p, "frOperator") || strings.HasSuffix(p, "/operator/{id}"):
		link = w.bound
	case strings.Contains(p, "pply"):
		link = w.application
	}
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	v := "1"
	switch {
	case strings.Contains(p, "/file/download/") || strings.Contains(p, "/admin/files/"):
		v = file
	case strings.Contains(p, "/admin/reviews/"):
		v = id(w.review)
	case strings.Contains(p, "/admin/staff/"):
		v = id(w.reviewer.ID)
	case strings.Contains(p, "/account/devices/"):
		v = w.device
	case strings.Contains(p, "/account/operator/blocks/"):
		v = id(w.block)
	case strings.Contains(p, "/account/operator/"):
		v = id(link)
	case strings.Contains(p, "{accountId}") || strings.HasPrefix(p, "/api/account/phone/") || strings.HasPrefix(p, "/api/account/email/"):
		v = id(own.ID)
	case strings.Contains(p, "{newAccount}"):
		v = "matrixnew1"
	}
	return regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(p, v)
}

// token signs the column's principal in afresh (an operation may end the
// session it was called with); anonymous has none.
func (w *matrixWorld) token(t testing.TB, col int, ownerKind byte) string {
	t.Helper()
	kind, id := session.Portal, int64(0)
	switch col {
	case colAnonymous:
		return ""
	case colOtherPerson:
		id = w.person2.ID
	case colOtherEnterprise:
		id = w.ent2.ID
	case colOwner:
		id = map[byte]int64{'P': w.person.ID, 'E': w.ent.ID, 'A': w.applied.ID, 'B': w.boundTo.ID}[ownerKind]
	case colReviewer:
		kind, id = session.Staff, w.reviewer.ID
	case colAdministrator:
		kind, id = session.Staff, w.admin.ID
	}
	tok, err := w.a.Sessions.Issue(context.Background(), kind, id, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func outcome(status int) string {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound:
		return strconv.Itoa(status)
	}
	return "ok"
}

// operations lists "METHOD /path" of every operation of api/openapi.yaml.
func operations(t *testing.T) []string {
	t.Helper()
	b, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var ops []string
	for p, ms := range doc.Paths {
		for m := range ms {
			switch m {
			case "get", "put", "post", "delete", "patch":
				ops = append(ops, strings.ToUpper(m)+" "+p)
			}
		}
	}
	slices.Sort(ops)
	return ops
}

// TestAuthorisationMatrix (docs/decisions/limits.md, "Limits and abuse paths"): every operation of api/openapi.yaml,
// called by each principal on the real composition, answers what its row
// of authzMatrix says; an operation without a row fails.
func TestAuthorisationMatrix(t *testing.T) {
	w := newMatrixWorld(t)
	var probe strings.Builder
	ops := operations(t)
	for _, op := range ops {
		method, p, _ := strings.Cut(op, " ")
		row, ok := authzMatrix[op]
		if !ok {
			row.owner = 'P' // probed as the person's; the new row names its real owner
		}
		body := matrixBodies[op]
		if body == "" {
			body = "{}"
		}
		var got [columns]string
		for col := range columns {
			req := httptest.NewRequest(method, w.path(p, row.owner), strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			// The empty body only has to get past the session and the
			// ownership checks; the answer is checked against the yaml.
			req.Header.Set(httpapi.MarkMalformed, "authorisation probe")
			if tok := w.token(t, col, row.owner); tok != "" {
				req.Header.Set("Authorization", "Bearer "+tok)
			}
			got[col] = outcome(httpapi.ServeChecked(t, w.h, req).StatusCode)
		}
		gotRow := strings.Join(got[:], " ")
		if !ok {
			probe.WriteString("\t\"" + op + "\": {'" + string(row.owner) + "', \"" + gotRow + "\"},\n")
			t.Errorf("%s has no row in authzMatrix (it answers %s)", op, gotRow)
			continue
		}
		if gotRow != row.outcomes {
			want := strings.Fields(row.outcomes)
			var diff []string
			for col := range columns {
				if col >= len(want) || got[col] != want[col] {
					diff = append(diff, columnNames[col]+" "+got[col])
				}
			}
			t.Errorf("%s answers %q, want %q (%s)", op, gotRow, row.outcomes, strings.Join(diff, ", "))
		}
	}
	for op := range authzMatrix {
		if !slices.Contains(ops, op) {
			t.Errorf("authzMatrix has a row for %s, which api/openapi.yaml does not list", op)
		}
	}
	if probe.Len() > 0 {
		t.Logf("what the new operations answer now (check each outcome is meant, fix the owner, add the rows):\n%s", probe.String())
	}
}

// matrixBodies are the bodies of the operations whose handlers read the
// body before they look at the resource: with an empty body a stranger
// would get the 400 of the body and the row would not show the ownership
// check.
var matrixBodies = map[string]string{
	"PUT /api/account/operator/invite/{id}":        `{"action":"A0"}`,
	"PUT /api/account/operator/apply/confirm/{id}": `{"operateStart":"2026-01-01","operateEnd":"2030-12-31"}`,
	"POST /api/register/enterprise/putStorage":     `[{"applyType":2}]`,
	"PUT /api/register/enterprise/putStorageDraft": `{"applyType":2}`,
}

// authzMatrix is the expected answer of every operation to every principal
// (columns: anonymous, another person, another enterprise, owner, reviewer,
// administrator). Reading it: staff tokens never pass a portal route and
// portal tokens never a staff one (401); another account's resource is
// 404 or 403, never admitted; a person on an enterprise-only page is 403;
// reviewer-only and administrator-only staff routes refuse the other role
// (403). Rows where the owner is 404 name resources the world holds none
// of (a certificate binding, a modification record, development tokens).
var authzMatrix = map[string]matrixRow{
	"GET /api/admin/organisations":                          {'P', "401 401 401 401 403 ok"},
	"GET /.well-known/openid-configuration":                 {'P', "ok ok ok ok ok ok"},
	"GET /oidc/keys":                                        {'P', "ok ok ok ok ok ok"},
	"GET /oidc/authorize":                                   {'P', "ok ok ok ok ok ok"},
	"GET /oidc/authorize/callback":                          {'P', "ok ok ok ok ok ok"},
	"POST /oidc/token":                                      {'P', "401 401 401 401 401 401"},
	"GET /oidc/userinfo":                                    {'P', "401 401 401 401 401 401"},
	"POST /oidc/userinfo":                                   {'P', "401 401 401 401 401 401"},
	"POST /oidc/introspect":                                 {'P', "401 401 401 401 401 401"},
	"POST /oidc/revoke":                                     {'P', "401 401 401 401 401 401"},
	"GET /oidc/end_session":                                 {'P', "ok ok ok ok ok ok"},
	"GET /api/sso/requests/{id}":                            {'P', "401 404 404 404 401 401"},
	"POST /api/sso/requests/{id}/consent":                   {'P', "401 404 404 404 401 401"},
	"GET /api/sso/requests/{id}/login-required":             {'P', "404 404 404 404 404 404"},
	"GET /api/sso/requests/{id}/login":                      {'P', "404 404 404 404 404 404"},
	"GET /api/admin/oidc/clients":                           {'P', "401 401 401 401 403 ok"},
	"POST /api/admin/oidc/clients":                          {'P', "401 401 401 401 403 ok"},
	"PUT /api/admin/oidc/clients/{id}":                      {'P', "401 401 401 401 403 404"},
	"POST /api/admin/oidc/clients/{id}/secret":              {'P', "401 401 401 401 403 404"},
	"PUT /api/admin/oidc/clients/{id}/disabled":             {'P', "401 401 401 401 403 404"},
	"POST /api/admin/organisations":                         {'P', "401 401 401 401 403 ok"},
	"PUT /api/admin/organisations/{id}":                     {'P', "401 401 401 401 403 ok"},
	"POST /api/admin/organisations/import":                  {'P', "401 401 401 401 403 ok"},
	"GET /api/applyState":                                   {'E', "401 403 ok ok 401 401"},
	"GET /api/management/templateFiles/agency_commitment":   {'P', "ok ok ok ok ok ok"},
	"GET /api/management/templateFiles/supplier_commitment": {'P', "ok ok ok ok ok ok"},
	"GET /api/register/enterprise/putStorageShow":           {'E', "401 403 ok ok 401 401"},
	"GET /api/simples":                                      {'P', "401 ok ok ok 401 401"},
	"POST /api/register/enterprise/putStorage":              {'E', "401 403 ok ok 401 401"},
	"POST /api/register/enterprise/putStorageCkeck":         {'P', "401 ok ok ok 401 401"},
	"PUT /api/register/enterprise/putStorageDraft":          {'E', "401 403 ok ok 401 401"},
	"DELETE /api/account/operator/apply/{id}":               {'P', "401 404 403 ok 401 401"},
	"DELETE /api/account/operator/frApply/{id}":             {'A', "401 403 404 ok 401 401"},
	"DELETE /api/account/operator/frOperator/{id}":          {'B', "401 403 404 ok 401 401"},
	"DELETE /api/account/operator/invite/{id}":              {'E', "401 403 404 ok 401 401"},
	"DELETE /api/account/operator/{id}":                     {'P', "401 404 403 ok 401 401"},
	"DELETE /api/account/operator/blocks/{id}":              {'P', "401 404 403 ok 401 401"},
	"DELETE /api/admin/auth/authToken":                      {'P', "401 401 401 401 ok ok"},
	"DELETE /api/admin/staff/{id}/certificate":              {'P', "401 401 401 401 403 404"},
	"DELETE /api/admin/staff/{id}/second-factor":            {'P', "401 401 401 401 403 ok"},
	"DELETE /api/auth/logout":                               {'P', "401 ok ok ok 401 401"},
	"DELETE /api/certificate/log/{accountId}":               {'P', "401 403 403 404 401 401"},
	"GET /api/account/auth":                                 {'P', "401 ok ok ok 401 401"},
	"GET /api/account/businessLicense/edit":                 {'E', "401 403 ok ok 401 401"},
	"GET /api/account/enterprise":                           {'E', "401 403 ok ok 401 401"},
	"GET /api/account/enterprise/certNum":                   {'E', "401 ok ok ok 401 401"},
	"GET /api/account/enterprise/operator":                  {'E', "401 403 ok ok 401 401"},
	"GET /api/account/modifyRecords":                        {'P', "401 ok ok ok 401 401"},
	"GET /api/account/export":                               {'P', "401 ok ok ok 401 401"},
	"GET /api/account/operate/enterprise":                   {'P', "401 ok 403 ok 401 401"},
	"GET /api/account/operator/active":                      {'P', "401 ok ok ok 401 401"},
	"GET /api/account/operator/blocks":                      {'P', "401 ok 403 ok 401 401"},
	"GET /api/account/person":                               {'P', "401 ok 403 ok 401 401"},
	"GET /api/account/person/certNum":                       {'P', "401 ok ok ok 401 401"},
	"GET /api/account/security/info":                        {'P', "401 ok ok ok 401 401"},
	"GET /api/account/devices":                              {'P', "401 ok ok ok 401 401"},
	"GET /api/account/signInHistory":                        {'P', "401 ok ok ok 401 401"},
	// As the enterprise: the person's end-all would end the session the
	// next row's owner ends by id.
	"DELETE /api/account/devices":                   {'E', "401 ok ok ok 401 401"},
	"DELETE /api/account/devices/{id}":              {'P', "401 404 404 ok 401 401"},
	"GET /api/admin/actions":                        {'P', "401 401 401 401 403 ok"},
	"GET /api/admin/files/{id}":                     {'P', "401 401 401 401 ok 403"},
	"GET /api/admin/me":                             {'P', "401 401 401 401 ok ok"},
	"GET /api/admin/reviews":                        {'P', "401 401 401 401 ok 403"},
	"GET /api/admin/reviews/{id}":                   {'P', "401 401 401 401 ok 403"},
	"GET /api/admin/staff":                          {'P', "401 401 401 401 403 ok"},
	"GET /api/admin/staff/{id}/certificate":         {'P', "401 401 401 401 403 ok"},
	"GET /api/auth/authorize":                       {'P', "401 403 403 403 401 401"},
	"GET /api/auth/me":                              {'P', "401 ok ok ok 401 401"},
	"GET /api/auth/pubkey":                          {'P', "ok ok ok ok ok ok"},
	"GET /api/caBuy/params":                         {'P', "401 ok ok ok 401 401"},
	"GET /api/certificate/list":                     {'P', "401 ok ok ok 401 401"},
	"GET /api/certificate/log":                      {'P', "401 ok ok ok 401 401"},
	"GET /api/common/agreement":                     {'P', "ok ok ok ok ok ok"},
	"GET /api/common/areas":                         {'P', "ok ok ok ok ok ok"},
	"GET /api/common/config":                        {'P', "ok ok ok ok ok ok"},
	"GET /api/common/industries":                    {'P', "ok ok ok ok ok ok"},
	"GET /api/common/privacy":                       {'P', "ok ok ok ok ok ok"},
	"GET /api/dev/captcha/{token}":                  {'P', "404 404 404 404 404 404"},
	"GET /api/dev/outbox":                           {'P', "ok ok ok ok ok ok"},
	"GET /api/dev/openapi.yaml":                     {'P', "ok ok ok ok ok ok"},
	"GET /api/dev/verifycode/{id}":                  {'P', "ok ok ok ok ok ok"},
	"GET /api/file/download/{id}":                   {'P', "401 404 404 ok 401 401"},
	"GET /api/manage/audit/entity/logs":             {'P', "401 ok ok ok 401 401"},
	"GET /api/manage/audit/realname/latest":         {'P', "401 ok ok ok 401 401"},
	"GET /api/management/operation/record":          {'P', "401 ok ok ok 401 401"},
	"GET /api/management/templateFiles/ca_driver":   {'P', "404 404 404 404 404 404"},
	"GET /api/register/progress":                    {'P', "401 ok ok ok 401 401"},
	"GET /healthz":                                  {'P', "ok ok ok ok ok ok"},
	"GET /readyz":                                   {'P', "ok ok ok ok ok ok"},
	"POST /api/account/enterprise/nonAuth/edit":     {'E', "401 403 ok ok 401 401"},
	"POST /api/account/enterprise/operatorInfo":     {'E', "401 ok ok ok 401 401"},
	"POST /api/account/operator/apply/{id}":         {'P', "401 ok 403 ok 401 401"},
	"POST /api/account/operator/invite":             {'E', "401 ok ok ok 401 401"},
	"POST /api/account/operator/block/{id}":         {'P', "401 404 403 ok 401 401"},
	"POST /api/account/person/nonAuth/edit":         {'P', "401 ok 403 ok 401 401"},
	"POST /api/admin/files":                         {'P', "401 401 401 401 ok 403"},
	"POST /api/admin/login/cert":                    {'P', "ok ok ok ok ok ok"},
	"POST /api/admin/login/cert/prev":               {'P', "ok ok ok ok ok ok"},
	"POST /api/admin/reviews/{id}/claim":            {'P', "401 401 401 401 ok 403"},
	"POST /api/admin/reviews/{id}/decision":         {'P', "401 401 401 401 ok 403"},
	"POST /api/admin/staff":                         {'P', "401 401 401 401 403 ok"},
	"POST /api/admin/staff/{id}/certificate/prev":   {'P', "401 401 401 401 403 ok"},
	"POST /api/auth/authorize/redeem":               {'P', "ok ok ok ok ok ok"},
	"POST /api/auth/verifycode":                     {'P', "ok ok ok ok ok ok"},
	"POST /api/certificate/add":                     {'P', "401 ok ok ok 401 401"},
	"POST /api/certificate/add/prev":                {'P', "401 ok ok ok 401 401"},
	"POST /api/common/email/send":                   {'P', "ok ok ok ok ok ok"},
	"POST /api/common/find/enterprise":              {'P', "401 ok ok ok 401 401"},
	"POST /api/common/sms/send":                     {'P', "ok ok ok ok ok ok"},
	"POST /api/dev/session/expire":                  {'P', "401 ok ok ok 401 401"},
	"POST /api/file/upload":                         {'P', "401 ok ok ok 401 401"},
	"POST /api/login/cert":                          {'P', "ok ok ok ok ok ok"},
	"POST /api/login/cert/prev":                     {'P', "ok ok ok ok ok ok"},
	"POST /api/register/account":                    {'P', "ok ok ok ok ok ok"},
	"POST /api/register/enterprise":                 {'E', "ok ok ok ok ok ok"},
	"POST /api/register/enterprise/info":            {'E', "401 ok ok ok 401 401"},
	"POST /api/register/enterprise/realAuth":        {'E', "401 ok ok ok 401 401"},
	"POST /api/register/person/realAuth":            {'P', "401 ok ok ok 401 401"},
	"POST /api/register/person/realInfo":            {'P', "401 ok ok ok 401 401"},
	"POST /api/register/repeat/check":               {'P', "ok ok ok ok ok ok"},
	"POST /api/retrieve/pwd/cert":                   {'P', "ok ok ok ok ok ok"},
	"POST /api/retrieve/pwd/cert/prev":              {'P', "ok ok ok ok ok ok"},
	"POST /api/retrieve/pwd/email":                  {'P', "ok ok ok ok ok ok"},
	"POST /api/retrieve/pwd/phone":                  {'P', "ok ok ok ok ok ok"},
	"POST /api/retrieve/pwd/reset":                  {'P', "ok ok ok ok ok ok"},
	"POST /captcha/check":                           {'P', "ok ok ok ok ok ok"},
	"POST /captcha/get":                             {'P', "ok ok ok ok ok ok"},
	"PUT /api/account/businessLicense/edit":         {'E', "401 403 ok ok 401 401"},
	"PUT /api/account/enterprise/direct/edit":       {'E', "401 403 ok ok 401 401"},
	"PUT /api/account/enterprise/edit":              {'E', "401 403 ok ok 401 401"},
	"PUT /api/account/modifyRecord/revert/{infoId}": {'P', "401 404 404 404 401 401"},
	"PUT /api/account/operator/apply/confirm/{id}":  {'A', "401 403 404 ok 401 401"},
	"PUT /api/account/operator/invite/{id}":         {'P', "401 404 403 ok 401 401"},
	"PUT /api/account/person/direct/edit":           {'P', "401 ok 403 ok 401 401"},
	"PUT /api/account/person/edit":                  {'P', "401 ok 403 ok 401 401"},
	"PUT /api/account/phone/{id}":                   {'P', "401 403 403 ok 401 401"},
	"PUT /api/account/email/{id}":                   {'P', "401 403 403 ok 401 401"},
	"PUT /api/account/pwd":                          {'P', "401 ok ok ok 401 401"},
	"PUT /api/account/reloginname/{newAccount}":     {'P', "401 ok ok ok 401 401"},
	"PUT /api/account/update/information":           {'E', "401 403 ok ok 401 401"},
	"PUT /api/admin/auth/authToken":                 {'P', "ok ok ok ok ok ok"},
	"POST /api/admin/auth/second-step":              {'P', "ok ok ok ok ok ok"},
	"POST /api/admin/auth/enrolment":                {'P', "ok ok ok ok ok ok"},
	"PUT /api/admin/auth/enrolment":                 {'P', "ok ok ok ok ok ok"},
	"PUT /api/admin/staff/{id}/certificate":         {'P', "401 401 401 401 403 ok"},
	"PUT /api/admin/staff/{id}/disabled":            {'P', "401 401 401 401 403 ok"},
	"PUT /api/admin/staff/{id}/password":            {'P', "401 401 401 401 403 ok"},
	"PUT /api/auth/authToken":                       {'P', "ok ok ok ok ok ok"},
	"PUT /api/manage/user/revoke":                   {'P', "401 ok ok ok 401 401"},
	"PUT /api/update/information":                   {'P', "401 ok 403 ok 401 401"},
	"GET /api/account/security/totp":                {'P', "401 ok ok ok 401 401"},
	"POST /api/account/security/totp":               {'P', "401 ok ok ok 401 401"},
	"PUT /api/account/security/totp":                {'P', "401 ok ok ok 401 401"},
	"POST /api/account/security/totp/remove":        {'P', "401 ok ok ok 401 401"},
	"POST /api/account/security/recovery-codes":     {'P', "401 ok ok ok 401 401"},
	"POST /api/auth/second-step":                    {'P', "ok ok ok ok ok ok"},
}
