// Command bench-certsignin is the load generator of
// scripts/bench-certsignin.sh: it measures certificate sign-ins per second
// against a running `bidpass serve --dev`.
//
// Setup (untimed): each worker signs its own account in with the password,
// gets a certificate from the development CA in the data directory and binds
// it. Timed: each sign-in is what a browser does, POST /api/login/cert/prev,
// the key signs the challenge (PKCS#7 attached, SHA-256, on the client), POST
// /api/login/cert. Challenges are asked for and signed before the timed loop,
// each by its own browser (cookie jar: at most four are outstanding per serial
// and browser) within their two minutes' lifetime, so the timed loop is the
// server's work only: POST /api/login/cert. With -pid, the server's CPU time
// per sign-in is read from /proc.
package main

import (
	"crypto"
	"crypto/x509/pkix"
	"encoding/base64"
	"flag"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emmansun/gmsm/pkcs7"
	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/certificate/devca"
	"bidpass/internal/devclient"
)

type holder struct {
	cert *smx509.Certificate
	key  crypto.Signer
}

// sign makes a PKCS#7 attached signature: SHA-256 for RSA, GB/T 35275
// SM2/SM3 for SM2 keys.
func (h holder) sign(challenge string) (string, error) {
	newSD := func(b []byte) (*pkcs7.SignedData, error) {
		sd, err := pkcs7.NewSignedData(b)
		if err == nil {
			sd.SetDigestAlgorithm(pkcs7.OIDDigestAlgorithmSHA256)
		}
		return sd, err
	}
	if h.cert.PublicKeyAlgorithm != smx509.RSA {
		newSD = pkcs7.NewSMSignedData
	}
	sd, err := newSD([]byte(challenge))
	if err != nil {
		return "", err
	}
	if err := sd.AddSigner(h.cert, h.key, pkcs7.SignerInfoConfig{}); err != nil {
		return "", err
	}
	der, err := sd.Finish()
	return base64.StdEncoding.EncodeToString(der), err
}

func fail(format string, a ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", a...)
	os.Exit(1)
}

func main() {
	addr := flag.String("addr", "http://127.0.0.1:8080", "server base address")
	data := flag.String("data", "", "the server's data directory (its development CA issues the certificates)")
	n := flag.Int("n", 400, "sign-ins")
	c := flag.Int("c", 4, "concurrent clients (each with its own account, named PREFIXnn)")
	prefix := flag.String("account", "certbench", "account name prefix")
	pw := flag.String("password", "Passw0rd!bench", "the accounts' password")
	name := flag.String("name", "压测用户", "the accounts' verified name")
	alg := flag.String("alg", "rsa", "key algorithm: rsa or sm2")
	certs := flag.Int("certs", 0, "accounts with a bound certificate (PREFIXnn; default: c)")
	pid := flag.Int("pid", 0, "the server's process id, for its CPU time per sign-in (/proc/PID/stat)")
	flag.Parse()

	ca, err := devca.Dir(*data + "/devca").Load(devca.Alg(*alg))
	if err != nil {
		fail("development CA: %v", err)
	}
	cl := devclient.New(*addr)
	if *certs <= 0 {
		*certs = *c
	}
	holders := make([]holder, *certs)
	for i := range holders {
		user := fmt.Sprintf("%s%02d", *prefix, i)
		tok, err := cl.SignIn(user, *pw)
		if err != nil {
			fail("%s: %v", user, err)
		}
		now := time.Now()
		cert, key, err := ca.Issue(devca.Alg(*alg), pkix.Name{CommonName: *name}, devca.RandomSerial(), now.Add(-time.Hour), now.AddDate(0, 0, 7))
		if err != nil {
			fail("issue: %v", err)
		}
		holders[i] = holder{cert, key}
		var ch string
		if st, e, err := cl.Call("POST", "/api/certificate/add/prev", tok, nil, &ch); err != nil || st != 200 {
			fail("bind challenge: %d %s %v", st, e.Msg, err)
		}
		sig, err := holders[i].sign(ch)
		if err != nil {
			fail("sign: %v", err)
		}
		if st, e, err := cl.Call("POST", "/api/certificate/add", tok, map[string]any{"signToken": sig, "signType": 1}, nil); err != nil || st != 200 {
			fail("bind: %d %s %v", st, e.Msg, err)
		}
	}

	// The client's own cost of one signature, measured alone.
	t0 := time.Now()
	for range 50 {
		if _, err := holders[0].sign("bWVhc3VyZW1lbnRjaGFsbGVuZ2U"); err != nil {
			fail("sign: %v", err)
		}
	}
	signCost := time.Since(t0) / 50

	// Prepared outside the timed loop, within the challenges' lifetime: each sign-in is its
	// own browser (a cookie jar; a serial's challenges are kept per browser, at most four),
	// all over one connection pool, with the challenge asked for and signed ahead.
	shared := &http.Transport{MaxIdleConnsPerHost: 2 * *c}
	type ready struct {
		cl   *devclient.Client
		body map[string]any
	}
	batch := make([]ready, *n)
	var next, failed atomic.Int64
	var wg sync.WaitGroup
	for range *c {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < *n; i = int(next.Add(1)) - 1 {
				h := holders[i%len(holders)]
				serial := fmt.Sprintf("%X", h.cert.SerialNumber)
				jar, _ := cookiejar.New(nil)
				cl := &devclient.Client{Base: *addr, HTTP: &http.Client{Timeout: 30 * time.Second, Jar: jar, Transport: shared}}
				var ch string
				if st, e, err := cl.Call("POST", "/api/login/cert/prev", "", map[string]string{"serialNumber": serial}, &ch); err != nil || st != 200 {
					fail("challenge: %d %s %v", st, e.Msg, err)
				}
				sig, err := h.sign(ch)
				if err != nil {
					fail("sign: %v", err)
				}
				batch[i] = ready{cl, map[string]any{"serialNumber": serial, "signToken": sig, "signType": 1}}
			}
		})
	}
	wg.Wait()

	next.Store(0)
	lat := make([][]time.Duration, *c)
	cpu0 := cpuOf(*pid)
	start := time.Now()
	for w := range *c {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < *n; i = int(next.Add(1)) - 1 {
				t := time.Now()
				st, e, err := batch[i].cl.Call("POST", "/api/login/cert", "", batch[i].body, nil)
				if err != nil || st != 200 {
					if failed.Add(1) == 1 {
						fmt.Fprintf(os.Stderr, "sign-in: %d %s %v\n", st, e.Msg, err)
					}
					continue
				}
				lat[w] = append(lat[w], time.Since(t))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) == 0 {
		fail("no sign-in succeeded (%d failed)", failed.Load())
	}
	pct := func(p float64) time.Duration { return all[int(p*float64(len(all)-1))] }
	cpu := "unknown (no -pid)"
	if *pid > 0 {
		perSignIn := float64(cpuOf(*pid)-cpu0) / clockTicks / float64(len(all)+int(failed.Load()))
		cpu = time.Duration(perSignIn * float64(time.Second)).Round(time.Microsecond).String()
		cpu += fmt.Sprintf(" (limit on %d cores: %.0f/s)", runtime.NumCPU(), float64(runtime.NumCPU())/perSignIn)
	}
	fmt.Printf("RESULT certificate sign-ins (%s, PKCS#7 attached, signed ahead): %d ok, %d failed, %.0f/s with %d clients over %d certificates; latency p50 %v p95 %v p99 %v; server CPU per sign-in %s (client signature %v, outside the timed loop)\n",
		*alg, len(all), failed.Load(), float64(len(all))/elapsed.Seconds(), *c, len(holders),
		pct(0.50).Round(time.Microsecond), pct(0.95).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), cpu, signCost.Round(time.Microsecond))
	if failed.Load() > 0 {
		os.Exit(1)
	}
}

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat's CPU times (100 on Linux).
const clockTicks = 100

// cpuOf is the process's user + system CPU time in clock ticks (0 without a pid).
func cpuOf(pid int) int64 {
	if pid <= 0 {
		return 0
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		fail("server CPU: %v", err)
	}
	// After the command name in parentheses: state is field 3, utime 14, stime 15.
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+2:]))
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return u + st
}
