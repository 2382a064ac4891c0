// Command bench-certsignin is the load generator of
// scripts/bench-certsignin.sh: it measures certificate sign-ins per second
// against a running `bidpass serve --dev`.
//
// Setup (untimed): each worker signs its own account in with the password,
// gets a certificate from the development CA in the data directory and binds
// it. Timed: each sign-in is what a browser does, POST /api/login/cert/prev,
// the key signs the challenge (PKCS#7 attached, SHA-256, on the client), POST
// /api/login/cert. The client's signing is inside the timed loop (a
// challenge lives two minutes and at most four are outstanding per serial,
// so they cannot be prepared in bulk); it is measured alone and reported.
package main

import (
	"crypto"
	"crypto/x509/pkix"
	"encoding/base64"
	"flag"
	"fmt"
	"os"
	"slices"
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
	flag.Parse()

	ca, err := devca.Dir(*data + "/devca").Load(devca.Alg(*alg))
	if err != nil {
		fail("development CA: %v", err)
	}
	cl := devclient.New(*addr)
	holders := make([]holder, *c)
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

	var next, failed atomic.Int64
	lat := make([][]time.Duration, *c)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range *c {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := holders[w]
			serial := fmt.Sprintf("%X", h.cert.SerialNumber)
			for next.Add(1) <= int64(*n) {
				t := time.Now()
				var ch string
				st, _, err := cl.Call("POST", "/api/login/cert/prev", "", map[string]string{"serialNumber": serial}, &ch)
				if err == nil && st == 200 {
					var sig string
					if sig, err = h.sign(ch); err == nil {
						st, _, err = cl.Call("POST", "/api/login/cert", "", map[string]any{"serialNumber": serial, "signToken": sig, "signType": 1}, nil)
					}
				}
				if err != nil || st != 200 {
					failed.Add(1)
					continue
				}
				lat[w] = append(lat[w], time.Since(t))
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	all := slices.Concat(lat...)
	slices.Sort(all)
	if len(all) == 0 {
		fail("no sign-in succeeded (%d failed)", failed.Load())
	}
	pct := func(p float64) time.Duration { return all[int(p*float64(len(all)-1))] }
	fmt.Printf("RESULT certificate sign-ins (%s, PKCS#7 attached): %d ok, %d failed, %.0f/s with %d clients; latency p50 %v p95 %v p99 %v (challenge + client signature %v + verification + session)\n",
		*alg, len(all), failed.Load(), float64(len(all))/elapsed.Seconds(), *c,
		pct(0.50).Round(time.Microsecond), pct(0.95).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), signCost.Round(time.Microsecond))
	if failed.Load() > 0 {
		os.Exit(1)
	}
}
