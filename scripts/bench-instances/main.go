// Command bench-instances is the load generator of
// scripts/bench-instances.sh: against one, two or three running instances
// (each request to the next one), it measures captcha gets per second and
// password sign-ins per second, each sign-in prepared untimed (graphic
// code, slider answered through the development endpoints) across the
// instances too.
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"bidpass/internal/devclient"
)

// rotor sends each request to the next instance.
type rotor struct {
	hosts []string
	n     atomic.Int64
	base  http.RoundTripper
}

func (r *rotor) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Host = r.hosts[int(r.n.Add(1)-1)%len(r.hosts)]
	req.Host = req.URL.Host
	return r.base.RoundTrip(req)
}

func main() {
	addrs := flag.String("addrs", "", "comma-separated base URLs of the instances")
	n := flag.Int("n", 200, "sign-ins (and captcha gets ×5) to time")
	c := flag.Int("c", 8, "concurrent clients")
	flag.Parse()
	var hosts []string
	for _, a := range strings.Split(*addrs, ",") {
		hosts = append(hosts, strings.TrimPrefix(strings.TrimSpace(a), "http://"))
	}
	dc := devclient.New("http://instances")
	dc.HTTP.Transport = &rotor{hosts: hosts, base: &http.Transport{MaxIdleConnsPerHost: 64}}

	// Captcha gets: cheap, generated images; 5n of them.
	gets := 5 * *n
	rate, p99 := timed(gets, *c, func(int) error {
		var got struct{ RepCode string }
		if err := dc.Raw("POST", "/captcha/get", map[string]any{"captchaType": "blockPuzzle", "clientUid": "bench", "ts": 0}, &got); err != nil {
			return err
		}
		if got.RepCode != "0000" {
			return fmt.Errorf("captcha get: %s", got.RepCode)
		}
		return nil
	})
	fmt.Printf("RESULT instances=%d captcha_get_per_s=%.0f p99_ms=%.1f\n", len(hosts), rate, p99)

	// Sign-ins: bodies prepared first (untimed), then only PUT authToken.
	bodies := make([]map[string]string, *n)
	for i := range bodies {
		b, err := dc.SignInBody("benchuser", "Passw0rd!bench")
		if err != nil {
			fmt.Fprintln(os.Stderr, "prepare:", err)
			os.Exit(1)
		}
		bodies[i] = b
	}
	rate, p99 = timed(*n, *c, func(i int) error {
		st, e, err := dc.Call("PUT", "/api/auth/authToken", "", bodies[i], nil)
		if err != nil {
			return err
		}
		if st != 200 {
			return fmt.Errorf("sign-in: %d %s", st, e.Msg)
		}
		return nil
	})
	fmt.Printf("RESULT instances=%d signin_per_s=%.1f p99_ms=%.1f\n", len(hosts), rate, p99)
}

// timed runs do(0..total-1) on c workers and returns the rate and the p99.
func timed(total, c int, do func(int) error) (float64, float64) {
	var next atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	start := time.Now()
	for w := 0; w < c; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				t := time.Now()
				if err := do(i); err != nil {
					fmt.Fprintln(os.Stderr, err)
					os.Exit(1)
				}
				mu.Lock()
				lat = append(lat, time.Since(t))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	took := time.Since(start)
	slices.Sort(lat)
	return float64(total) / took.Seconds(), float64(lat[len(lat)*99/100].Microseconds()) / 1000
}
