package httpapi_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/devclient"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/session"
	"bidpass/internal/staff"
	"bidpass/internal/store/storetest"
)

// roundRobin hands each request to the next instance.
type roundRobin struct {
	hs []http.Handler
	n  atomic.Int64
}

func (rr *roundRobin) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rr.hs[int(rr.n.Add(1)-1)%len(rr.hs)].ServeHTTP(w, r)
}

// cluster opens three instances over one PostgreSQL database, one Redis
// and one files directory, as a deployment behind a balancer runs them.
// Redis database 14 is this test's own (flushed first): the instances'
// counters (SMS per client and day) must not mix with other tests'.
func cluster(t *testing.T) []*app.App {
	t.Helper()
	return instances(t, 3, ephemeraltest.DBCluster)
}

// instances opens n instances over one fresh PostgreSQL database, Redis
// database redisDB (flushed first) and one files directory, sharing one
// data key.
func instances(t *testing.T, n int, redisDB string) []*app.App {
	t.Helper()
	pg := storetest.PostgresURL(t)
	rurl := ephemeraltest.FlushedURL(t, redisDB)
	key := base64.StdEncoding.EncodeToString([]byte("cluster-test-data-key-32-bytes!!"))
	files := t.TempDir()
	var apps []*app.App
	for i := range n {
		cfg, err := config.Load([]string{"--dev", "--data-dir", t.TempDir(), "--database-url", pg,
			"--redis-url", rurl, "--files-dir", files}, func(k string) string {
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
			t.Fatalf("instance %d: %v", i, err)
		}
		t.Cleanup(a.Close)
		apps = append(apps, a)
	}
	return apps
}

// TestThreeInstances (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)"): one user's steps move across three
// instances, each request to the next: the graphic code made on one is
// answered on another and spent on a third; an SMS sent through one is
// read from another's outbox and checked on a third; registration, upload
// and real-name submission are spread over all three; the password
// sign-in's captcha is fetched, checked and redeemed on different
// instances; a reviewer's claim made on one is seen on the others, and a
// second reviewer's claim on another is refused.
func TestThreeInstances(t *testing.T) {
	apps := cluster(t)
	rr := &roundRobin{}
	for _, a := range apps {
		rr.hs = append(rr.hs, a.Handler())
	}
	j := &journey{t: t, a: apps[0], h: rr}
	_, tok := j.register("/api/register/account", "cluster01", "13711190001", "Passw0rd1")
	j.call("POST", "/api/register/person/realInfo", tok, map[string]any{"realName": "张三", "certType": "1",
		"certNum": "11010519491231002X", "certStart": "2020-01-01", "certEnd": "2040-01-01",
		"province": "350000", "city": "350100", "area": "350102", "certDetailAddr": "福州市鼓楼区", "checkType": true}, 200, nil)
	j.call("POST", "/api/register/person/realAuth", tok, map[string]string{"certFrontId": j.upload(tok),
		"certBackId": j.upload(tok), "certTakeId": j.upload(tok), "certDetailAddr": "福州市鼓楼区"}, 200, nil)
	for i := 0; i < 3; i++ { // the session is valid on every instance
		var me struct{ Name string }
		j.call("GET", "/api/auth/me", tok, nil, 200, &me)
	}

	// Password sign-in over real HTTP, each request to the next instance.
	var hosts []string
	for _, a := range apps {
		s := httptest.NewServer(a.Handler())
		t.Cleanup(s.Close)
		hosts = append(hosts, strings.TrimPrefix(s.URL, "http://"))
	}
	dc := devclient.New("http://cluster")
	dc.HTTP.Transport = &hostRotor{hosts: hosts}
	signed, err := dc.SignIn("cluster01", "Passw0rd1")
	if err != nil || signed == "" {
		t.Fatalf("sign-in across instances: %v", err)
	}

	// A reviewer claims on one instance; the others see the claim.
	ctx := context.Background()
	var latest struct{ ID int64 }
	j.call("GET", "/api/manage/audit/realname/latest", tok, nil, 200, &latest)
	staffTok := func(name string) string {
		s, err := apps[0].Staff.Bootstrap(ctx, staff.NewStaff{Name: name, Role: staff.Reviewer, Password: "Reviewer#2026pass"})
		if err != nil {
			t.Fatal(err)
		}
		st, err := apps[1].Sessions.Issue(ctx, session.Staff, s.ID, "", "")
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	first, second := staffTok("reviewerA"), staffTok("reviewerB")
	item := fmt.Sprintf("/api/admin/reviews/%d", latest.ID)
	j.call("POST", item+"/claim", first, nil, 200, nil)
	for i := 0; i < 2; i++ {
		var got json.RawMessage
		j.call("GET", item, first, nil, 200, &got)
		if !strings.Contains(string(got), `"claimedByMe":true`) {
			t.Fatalf("the claim is not seen on the next instance: %s", got)
		}
	}
	j.call("POST", item+"/claim", second, nil, 409, nil)
}

// hostRotor sends each request to the next of hosts.
type hostRotor struct {
	hosts []string
	n     atomic.Int64
}

func (h *hostRotor) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Host = h.hosts[int(h.n.Add(1)-1)%len(h.hosts)]
	r.Host = r.URL.Host
	return http.DefaultTransport.RoundTrip(r)
}
