package httpapi

import (
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// TestNameCheckThrottled is issue 16 #7: 300 account-name checks in half a
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
