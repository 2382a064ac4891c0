package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/session"
	"bidpass/internal/staff"
	"bidpass/internal/store/storetest"
)

// TestControlBytesInPathIDs: a path parameter holding a control byte (NUL
// and the like) or bytes that are not UTF-8 names nothing, whatever the
// route: it answers 400 or 404, never 5xx. PostgreSQL refuses such text in
// a statement (SQLSTATE 22021), which three administrator routes answered
// with 500. Every operation of api/openapi.yaml (TestRoutesMatchOpenAPI
// holds it equal to routes.go) is called with each value by each kind of
// principal, on PostgreSQL when BIDPASS_TEST_POSTGRES is set and on SQLite.
func TestControlBytesInPathIDs(t *testing.T) {
	dbs := map[string][]string{"sqlite": nil}
	if os.Getenv(storetest.EnvPostgres) != "" {
		dbs["postgres"] = []string{"--database-url", storetest.PostgresURL(t)}
	} else {
		t.Log("SKIP postgres: " + storetest.EnvPostgres + " not set")
	}
	for name, args := range dbs {
		t.Run(name, func(t *testing.T) {
			cfg, err := config.Load(append([]string{"--dev", "--data-dir", t.TempDir()}, args...), func(string) string { return "" })
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			a, err := app.Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(a.Close)
			h := a.Handler()
			now := a.Clock.Now().UTC()
			var tokens []string
			for i, typ := range []account.Type{account.Person, account.Enterprise} {
				acc := account.Account{Name: "pathids" + string(rune('a'+i)), Type: typ, Phone: "1380000009" + string(rune('1'+i)),
					PasswordHash: "x", AuthState: account.Authenticated, CreatedAt: now, UpdatedAt: now}
				if err := a.DB.CreateAccount(ctx, &acc); err != nil {
					t.Fatal(err)
				}
				tok, err := a.Sessions.Issue(ctx, session.Portal, acc.ID, "", "")
				if err != nil {
					t.Fatal(err)
				}
				tokens = append(tokens, tok)
			}
			for i, role := range []staff.Role{staff.Reviewer, staff.Administrator} {
				s, err := a.Staff.Bootstrap(ctx, staff.NewStaff{Name: "pathidstaff" + string(rune('a'+i)), Role: role, Password: "Reviewer#2025a"})
				if err != nil {
					t.Fatal(err)
				}
				tok, err := a.Sessions.Issue(ctx, session.Staff, s.ID, "", "")
				if err != nil {
					t.Fatal(err)
				}
				tokens = append(tokens, tok)
			}
			values := []string{"%00", "1%00", "%00abc", "%01", "abc%1F", "%7F", "%C0%80", "%FF"}
			param := regexp.MustCompile(`\{[^}]+\}`)
			calls, fivexx := 0, 0
			for _, op := range operations(t) {
				method, p, _ := strings.Cut(op, " ")
				if !param.MatchString(p) {
					continue
				}
				for _, v := range values {
					for _, tok := range append([]string{""}, tokens...) {
						req := httptest.NewRequest(method, param.ReplaceAllString(p, v), strings.NewReader("{}"))
						req.Header.Set("Content-Type", "application/json")
						if tok != "" {
							req.Header.Set("Authorization", "Bearer "+tok)
						}
						rec := httptest.NewRecorder()
						h.ServeHTTP(rec, req)
						calls++
						if rec.Code >= 500 {
							fivexx++
							t.Errorf("%s with %q: %d %s", op, v, rec.Code, strings.TrimSpace(rec.Body.String()))
						}
					}
				}
			}
			t.Logf("%d calls with control bytes or non-UTF-8 in a path parameter: %d answered 5xx", calls, fivexx)
		})
	}
}
