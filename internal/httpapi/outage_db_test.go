package httpapi_test

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"net/http/httptest"
	neturl "net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// outageCalls are DB-backed calls of a signed-in person.
var outageCalls = []struct{ method, path, body string }{
	{"GET", "/api/auth/me", ""},
	{"GET", "/api/account/person", ""},
	{"GET", "/api/account/security/info", ""},
	{"GET", "/api/account/modifyRecords", ""},
	{"GET", "/api/certificate/list", ""},
	{"GET", "/api/account/auth", ""},
}

// TestDatabaseDroppedUnderLoad: the PostgreSQL database is dropped and
// recreated empty while requests run. Every DB-backed call answers 503
// store.unavailable throughout (not 500), /readyz answers 503 (the schema
// is not at this binary's migration) until the migrations run again, then
// 200, and no call answers 5xx after that.
func TestDatabaseDroppedUnderLoad(t *testing.T) {
	pg := storetest.PostgresURL(t)
	cfg, err := config.Load([]string{"--dev", "--data-dir", t.TempDir(), "--database-url", pg}, func(string) string { return "" })
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
	acc := account.Account{Name: "outagep1", Type: account.Person, Phone: "13800000071", PasswordHash: "x",
		AuthState: account.Authenticated, CreatedAt: now, UpdatedAt: now}
	if err := a.DB.CreateAccount(ctx, &acc); err != nil {
		t.Fatal(err)
	}
	tok, err := a.Sessions.Issue(ctx, session.Portal, acc.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	call := func(i int) (int, string) {
		c := outageCalls[i%len(outageCalls)]
		req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+tok)
		req.RemoteAddr = "192.0.2.1:1234"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code, rec.Body.String()
	}
	ready := func() int {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/readyz", nil))
		return rec.Code
	}
	for i := range outageCalls {
		if st, body := call(i); st != 200 {
			t.Fatalf("%s before the loss: %d %s", outageCalls[i].path, st, body)
		}
	}
	if st := ready(); st != 200 {
		t.Fatalf("/readyz before the loss: %d", st)
	}

	// Load: four clients call in a loop; what they get is counted by status
	// from the moment the database is gone.
	var lost atomic.Bool
	var mu sync.Mutex
	during := map[int]int{}
	var bad []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := g; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				st, body := call(i)
				if !lost.Load() {
					continue
				}
				mu.Lock()
				during[st]++
				if st != 503 || !strings.Contains(body, `"reason":"store.unavailable"`) {
					bad = append(bad, outageCalls[i%len(outageCalls)].path+": "+body)
				}
				mu.Unlock()
			}
		}()
	}
	time.Sleep(200 * time.Millisecond)
	admin, err := sql.Open("pgx", os.Getenv(storetest.EnvPostgres))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	u, _ := neturl.Parse(pg)
	name := strings.TrimPrefix(u.Path, "/")
	if _, err := admin.Exec("DROP DATABASE " + name + " WITH (FORCE)"); err != nil {
		t.Fatal(err)
	}
	// Statements that were running when the database went are not counted:
	// they may have finished on it. Everything asked from here is.
	time.Sleep(100 * time.Millisecond)
	lost.Store(true)
	time.Sleep(700 * time.Millisecond)
	readyDropped := ready()
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	readyEmpty := ready()
	close(stop)
	wg.Wait()
	t.Logf("while the database was gone or empty: %v (status: calls); /readyz %d dropped, %d empty", during, readyDropped, readyEmpty)
	if len(bad) > 0 {
		t.Errorf("%d of the calls did not answer 503 store.unavailable, first: %s", len(bad), bad[0])
	}
	if during[503] == 0 {
		t.Error("no call counted during the loss")
	}
	if readyDropped != 503 || readyEmpty != 503 {
		t.Errorf("/readyz answered %d with the database dropped and %d with it empty, want 503", readyDropped, readyEmpty)
	}

	// The migrations run (as a restart or `bidpass migrate` runs them):
	// ready again, and the calls answer without 5xx (the session went
	// with the data: 401).
	db, err := store.Open(pg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	if st := ready(); st != 200 {
		t.Errorf("/readyz after the migrations: %d, want 200", st)
	}
	for i := range outageCalls {
		if st, body := call(i); st >= 500 {
			t.Errorf("%s after the migrations: %d %s", outageCalls[i].path, st, body)
		}
	}
}
