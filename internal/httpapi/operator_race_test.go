package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/app"
)

// operatorSearch runs tok's search for the other party named name and
// returns the one candidate token.
func operatorSearch(t *testing.T, srv testServer, tok string, typ account.Type, name string) string {
	t.Helper()
	path, body := "/api/account/enterprise/operatorInfo?page=1&pageSize=10", map[string]string{"account": name, "name": "名字" + name, "certNum": "11010519491231002X"}
	if typ == account.Person {
		path, body = "/api/common/find/enterprise", map[string]string{"account": name, "name": "名字" + name, "creditCode": "91350100M000100Y43"}
	}
	got := send(t, srv, "POST", path, tok, body)
	mustStatus(t, "search "+name, got, 200)
	var cs []struct{ Candidate string }
	decodeData(t, got, &cs)
	if len(cs) != 1 {
		t.Fatalf("search %s: %s", name, got.Data)
	}
	return cs[0].Candidate
}

type operatorRow struct {
	ID    int64
	State string
}

// operatorRows is the enterprise's operator list.
func operatorRows(t *testing.T, srv testServer, entTok string) []operatorRow {
	t.Helper()
	got := send(t, srv, "GET", "/api/account/enterprise/operator?page=1&pageSize=100", entTok, nil)
	mustStatus(t, "operator list", got, 200)
	var rows []operatorRow
	decodeData(t, got, &rows)
	return rows
}

// TestCrossingOperatorRequestsKeepOneLink: the person applies (25 parallel
// requests) while the enterprise invites (25), all 50 released by their
// last byte at once, on PostgreSQL + Redis. Each trial leaves exactly one
// open link for the pair, at most one of them bound, every loser a
// Chinese 409; after the enterprise unbinds, the person acts for nobody
// (the OpenID Connect enterprises claim's source).
func TestCrossingOperatorRequestsKeepOneLink(t *testing.T) {
	a, srv := pgRedisApp(t)
	crossingTrials(t, a, srv, 8)
}

func crossingTrials(t *testing.T, a *app.App, srv testServer, trials int) {
	today := time.Now().In(time.FixedZone("CST", 8*3600)).Format("2006-01-02")
	end := time.Now().In(time.FixedZone("CST", 8*3600)).AddDate(0, 1, 0).Format("2006-01-02")
	for trial := range trials {
		ent, entTok := verifiedAccount(t, a, account.Enterprise, fmt.Sprintf("xent%02d", trial))
		per, perTok := verifiedAccount(t, a, account.Person, fmt.Sprintf("xper%02d", trial))
		invite := operatorSearch(t, srv, entTok, account.Enterprise, per.Name)
		apply := operatorSearch(t, srv, perTok, account.Person, ent.Name)
		var reqs []*http.Request
		for i := range 25 {
			reqs = append(reqs, newReq(t, srv, "POST", "/api/account/operator/invite", entTok,
				map[string]string{"candidate": invite, "operateStart": today, "operateEnd": end}))
			reqs = append(reqs, newReq(t, srv, "POST", "/api/account/operator/apply/"+apply, perTok, nil))
			_ = i
		}
		answers := lastByteSync(t, srv, reqs)
		ok := 0
		for i, got := range answers {
			switch {
			case got.Status == 200:
				ok++
			case got.Status == 409 && got.Msg != "":
			default:
				t.Fatalf("trial %d request %d: %d %q", trial, i, got.Status, got.Msg)
			}
		}
		open, bound := 0, int64(0)
		for _, r := range operatorRows(t, srv, entTok) {
			if r.State == "A0" || r.State == "A1" {
				open++
			}
			if r.State == "A1" {
				bound = r.ID
			}
		}
		t.Logf("trial %d: %d of 50 answered 200, %d open link(s)", trial, ok, open)
		if open != 1 || ok < 1 || ok > 2 {
			t.Fatalf("trial %d: %d open links, %d requests succeeded", trial, open, ok)
		}
		if bound == 0 {
			continue
		}
		mustStatus(t, "unbind", send(t, srv, "DELETE", fmt.Sprintf("/api/account/operator/frOperator/%d", bound), entTok, nil), 200)
		got := send(t, srv, "GET", "/api/account/operator/active", perTok, nil)
		mustStatus(t, "active", got, 200)
		var active []struct{ AccountID int64 }
		decodeData(t, got, &active)
		if len(active) != 0 {
			t.Fatalf("trial %d: after the unbinding the person still acts for %s", trial, got.Data)
		}
	}
}

// TestCrossingOperatorRequestsOnSQLite is the same on SQLite, which
// serialises the writers.
func TestCrossingOperatorRequestsOnSQLite(t *testing.T) {
	a, srv := sqliteApp(t)
	crossingTrials(t, a, srv, 2)
}
