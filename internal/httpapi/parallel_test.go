package httpapi_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"sync"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/identity"
	"bidpass/internal/session"
	"bidpass/internal/store/storetest"
)

// pgRedisApp opens the real composition (--dev) on a fresh PostgreSQL
// database and the Redis database BIDPASS_TEST_REDIS names (flushed
// first), behind a real HTTP server: the setup where "once" and "at most
// N" rules meet real concurrency. It skips without both.
func pgRedisApp(t *testing.T, args ...string) (*app.App, *httptest.Server) {
	t.Helper()
	pg := storetest.PostgresURL(t)
	rurl := ephemeraltest.FlushedURL(t, ephemeraltest.DBParallel)
	return openApp(t, append([]string{"--database-url", pg, "--redis-url", rurl}, args...)...)
}

// sqliteApp is pgRedisApp on SQLite with in-process state.
func sqliteApp(t *testing.T, args ...string) (*app.App, *httptest.Server) {
	t.Helper()
	return openApp(t, args...)
}

func openApp(t *testing.T, args ...string) (*app.App, *httptest.Server) {
	t.Helper()
	key := base64.StdEncoding.EncodeToString([]byte("parallel-test-data-key-32bytes!!"))
	cfg, err := config.Load(append([]string{"--dev", "--data-dir", t.TempDir()}, args...), func(k string) string {
		if k == "BIDPASS_DATA_KEY" {
			return key
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	a, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	return a, srv
}

// testServer is the real HTTP server in front of an app.
type testServer = *httptest.Server

// answer is one response: status, envelope message and data.
type answer struct {
	Status int
	Msg    string
	Data   json.RawMessage
	Header http.Header
	// Body is the whole body (lastByteSync's answers), for answers that are not the envelope (OAuth's).
	Body []byte
}

// lastByteSync sends every request on its own connection, all but the
// last byte first; when every connection holds its request, the last
// bytes go out together, so the server starts all of them at once (as
// close as a client can get). It returns the answers in order.
func lastByteSync(t *testing.T, srv *httptest.Server, reqs []*http.Request) []answer {
	t.Helper()
	out := make([]answer, len(reqs))
	errs := make([]error, len(reqs))
	var ready, done sync.WaitGroup
	gate := make(chan struct{})
	for i, req := range reqs {
		raw, err := httputil.DumpRequestOut(req, true)
		if err != nil {
			t.Fatal(err)
		}
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = conn.Close() })
		ready.Add(1)
		done.Add(1)
		go func() {
			defer done.Done()
			_, err := conn.Write(raw[:len(raw)-1])
			ready.Done()
			if err != nil {
				errs[i] = err
				return
			}
			<-gate
			if _, err := conn.Write(raw[len(raw)-1:]); err != nil {
				errs[i] = err
				return
			}
			res, err := http.ReadResponse(bufio.NewReader(conn), req)
			if err != nil {
				errs[i] = err
				return
			}
			defer res.Body.Close()
			body, _ := io.ReadAll(res.Body)
			var env struct {
				Msg  string          `json:"msg"`
				Data json.RawMessage `json:"data"`
			}
			_ = json.Unmarshal(body, &env)
			out[i] = answer{Status: res.StatusCode, Msg: env.Msg, Data: env.Data, Header: res.Header, Body: body}
		}()
	}
	ready.Wait()
	close(gate)
	done.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
	}
	return out
}

// newReq is a request to srv with a JSON body (nil: none), signed in with
// the bearer tok when it is not empty.
func newReq(t *testing.T, srv *httptest.Server, method, path, tok string, body any) *http.Request {
	t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, err := http.NewRequest(method, srv.URL+path, bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	return req
}

// send is one request to srv, answered.
func send(t *testing.T, srv *httptest.Server, method, path, tok string, body any) answer {
	t.Helper()
	res, err := srv.Client().Do(newReq(t, srv, method, path, tok, body))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env struct {
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	_ = json.NewDecoder(res.Body).Decode(&env)
	return answer{Status: res.StatusCode, Msg: env.Msg, Data: env.Data, Header: res.Header}
}

// verifiedAccount creates an authenticated account of typ named name with
// a verified name and number, and returns it with a portal session.
func verifiedAccount(t *testing.T, a *app.App, typ account.Type, name string) (account.Account, string) {
	t.Helper()
	ctx := context.Background()
	now := a.Clock.Now()
	acc := account.Account{Name: name, Type: typ, PasswordHash: "x", AuthState: account.Authenticated, CreatedAt: now, UpdatedAt: now}
	if err := a.DB.CreateAccount(ctx, &acc); err != nil {
		t.Fatal(err)
	}
	var err error
	if typ == account.Person {
		_, err = a.DB.SavePersonProfile(ctx, account.PersonProfile{AccountID: acc.ID, UpdatedAt: now,
			Person: identity.Person{RealName: "名字" + name, CertType: "1", CertNum: "11010519491231002X"}})
	} else {
		_, err = a.DB.SaveEnterpriseProfile(ctx, account.EnterpriseProfile{AccountID: acc.ID, UpdatedAt: now,
			Enterprise: identity.Enterprise{Type: "A1", Name: "名字" + name, CertType: "1", CertNum: "91350100M000100Y43"}})
	}
	if err != nil {
		t.Fatal(err)
	}
	tok, err := a.Sessions.Issue(ctx, session.Portal, acc.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return acc, tok
}

// mustStatus fails unless got answers want.
func mustStatus(t *testing.T, what string, got answer, want int) {
	t.Helper()
	if got.Status != want {
		t.Fatalf("%s: %d %s, want %d", what, got.Status, got.Msg, want)
	}
}

// decodeData unmarshals an answer's data into v.
func decodeData(t *testing.T, got answer, v any) {
	t.Helper()
	if err := json.Unmarshal(got.Data, v); err != nil {
		t.Fatalf("data %s: %v", got.Data, err)
	}
}
