package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/graphiccode"
)

// TestNameCheckThrottled is docs/decisions/limits.md, "Limits and abuse paths" #7: 300 account-name checks in half a
// second went through. Released together from one address, exactly
// NameChecksPerMinute are answered and the rest get 429, whatever the user
// agent; another address keeps its own budget.
func TestNameCheckThrottled(t *testing.T) {
	e := newRegEnv(t)
	check := func(addr, ua string) int {
		req := httptest.NewRequest("POST", "/api/register/repeat/check", strings.NewReader(`{"account":"free12"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", ua)
		req.RemoteAddr = addr + ":4000"
		return serve(t, e.h, req).StatusCode
	}
	const n = 300
	codes := make([]int, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			codes[i] = check("203.0.113.5", "agent-"+string(rune('a'+i%26)))
		}()
	}
	close(start)
	wg.Wait()
	answered, refused := 0, 0
	for _, c := range codes {
		switch c {
		case 200:
			answered++
		case 429:
			refused++
		default:
			t.Fatalf("status %d", c)
		}
	}
	if answered != NameChecksPerMinute || refused != n-NameChecksPerMinute {
		t.Fatalf("%d answered, %d refused; want %d answered", answered, refused, NameChecksPerMinute)
	}
	if c := check("203.0.113.6", "agent-a"); c != 200 {
		t.Fatalf("another address: %d", c)
	}
	e.clk.Advance(61e9)
	if c := check("203.0.113.5", "agent-a"); c != 200 {
		t.Fatalf("a minute later: %d", c)
	}
}

// TestGraphicCodesThrottled: one client address is issued at most
// GraphicCodesPerMinute graphic codes a minute, by POST /api/auth/verifycode
// and in the login page together, however many requests race for them. Over
// the budget, the endpoint answers 429 and a navigation gets the static page
// (the spinner; its boot script's request is then told 操作过于频繁). Another
// address keeps its own budget. Run on the memory store and on Redis, where
// instances share the count.
func TestGraphicCodesThrottled(t *testing.T) {
	d0 := testDeps(t, false)
	ephemeraltest.Each(t, d0.Clock, func(t *testing.T, store ephemeral.Store) {
		codes, err := graphiccode.New(store)
		if err != nil {
			t.Fatal(err)
		}
		d := d0
		d.App = fstest.MapFS{"index.html": {Data: []byte(loginPageFixture)}}
		d.Ephemeral, d.GraphicCodes, d.GraphicCodesPerMinute = store, codes, 20
		h := NewServer(d)

		// ask makes one request from addr, half of them navigations, and
		// returns the id of the code it was issued ("" for none).
		ask := func(i int, addr string) string {
			var req *http.Request
			if i%2 == 0 {
				req = httptest.NewRequest("POST", "/api/auth/verifycode", nil)
			} else {
				req = httptest.NewRequest("GET", "/", nil)
				req.Header.Set("Sec-Fetch-Dest", "document")
			}
			req.RemoteAddr = addr + ":4000"
			res := serve(t, h, req)
			switch {
			case i%2 == 1 && res.StatusCode == 200:
				if m := pictureElement.FindStringSubmatch(body(t, res)); m != nil {
					return m[2]
				}
				return ""
			case res.StatusCode == 200:
				return decodeEnvelope(t, res).Data.(map[string]any)["id"].(string)
			case res.StatusCode == 429:
				if e := decodeEnvelope(t, res); e.Msg != "操作过于频繁，请稍后再试" {
					t.Errorf("429 says %q", e.Msg)
				}
				return ""
			default:
				t.Errorf("request %d: status %d", i, res.StatusCode)
				return ""
			}
		}
		const n = 100
		ids := make([]string, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Go(func() {
				<-start
				ids[i] = ask(i, "203.0.113.5")
			})
		}
		close(start)
		wg.Wait()
		issued := 0
		for _, id := range ids {
			if id == "" {
				continue
			}
			issued++
			if _, err := codes.Peek(t.Context(), id); err != nil {
				t.Fatalf("issued code %s is not live: %v", id, err)
			}
		}
		if issued != 20 {
			t.Fatalf("%d codes issued to one address from %d requests; want 20", issued, n)
		}
		if ask(0, "203.0.113.6") == "" || ask(1, "203.0.113.6") == "" {
			t.Fatal("another address was refused a code")
		}
	})
}
