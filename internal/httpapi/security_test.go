package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"bidpass/internal/httpapi"
	"bidpass/internal/session"
)

// TestEverySecuredRouteRefusesStrangers walks api/openapi.yaml against the
// real composition (app.Open on a fresh SQLite database, every service as
// in production): every operation that declares a security scheme answers
// 401 without a token, and 401 with a token of the other kind (a portal
// token never reaches a staff API, nor the other way round), and an operation
// documented as open does not ask for a session. Together with
// TestRoutesMatchOpenAPI this covers every route the server has.
func TestEverySecuredRouteRefusesStrangers(t *testing.T) {
	b, err := os.ReadFile("../../api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]struct {
			Security []map[string][]string `yaml:"security"`
		} `yaml:"paths"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	a := openDevApp(t, "--data-dir", t.TempDir())
	h := a.Handler()
	portalTok, _ := a.Sessions.Issue(ctx, session.Portal, 1, "", "")
	staffTok, _ := a.Sessions.Issue(ctx, session.Staff, 1, "", "")

	status := func(method, path, token string) int {
		req := httptest.NewRequest(method, path, strings.NewReader("{}"))
		req.Header.Set("Content-Type", "application/json")
		// "{}" and the ids "1" only have to reach the session check; the
		// answer (401 in the error envelope) is checked against the yaml.
		req.Header.Set(httpapi.MarkMalformed, "session probe")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		return httpapi.ServeChecked(t, h, req).StatusCode
	}
	param := regexp.MustCompile(`\{[^}]+\}`)
	checked := 0
	for p, ops := range doc.Paths {
		for m, op := range ops {
			if len(op.Security) == 0 {
				// A route documented as open must not ask for a session:
				// otherwise the document hides that it needs one.
				if got := status(strings.ToUpper(m), param.ReplaceAllString(p, "1"), ""); got == http.StatusUnauthorized || got == 420 {
					t.Errorf("%s %s is documented without security but answers %d without a token", strings.ToUpper(m), p, got)
				}
				continue
			}
			schemes := map[string]bool{}
			for _, s := range op.Security {
				for k := range s {
					schemes[k] = true
				}
			}
			method, path := strings.ToUpper(m), param.ReplaceAllString(p, "1")
			if got := status(method, path, ""); got != http.StatusUnauthorized {
				t.Errorf("%s %s without a token: %d, want 401", method, p, got)
			}
			if !schemes["staff"] {
				if got := status(method, path, staffTok); got != http.StatusUnauthorized {
					t.Errorf("%s %s with a staff token: %d, want 401", method, p, got)
				}
			}
			if !schemes["portal"] {
				if got := status(method, path, portalTok); got != http.StatusUnauthorized {
					t.Errorf("%s %s with a portal token: %d, want 401", method, p, got)
				}
			}
			checked++
		}
	}
	if checked < 40 {
		t.Fatalf("only %d secured operations found in api/openapi.yaml", checked)
	}
	t.Logf("%d secured operations checked", checked)
}
