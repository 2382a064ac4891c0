package httpapi_test

import (
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/certificate/devca"
)

// certClient is one browser at one address: its challenge cookie and
// X-Forwarded-For (the server trusts the loopback proxy in these tests).
type certClient struct {
	addr, cookie string
}

func (c *certClient) req(t *testing.T, srv testServer, path string, body any) *http.Request {
	r := newReq(t, srv, "POST", path, "", body)
	r.Header.Set("X-Forwarded-For", c.addr)
	if c.cookie != "" {
		r.Header.Set("Cookie", c.cookie)
	}
	return r
}

// challenge asks a challenge at path as this browser, keeping the cookie.
func (c *certClient) challenge(t *testing.T, srv testServer, path, serial string) string {
	t.Helper()
	res, err := srv.Client().Do(c.req(t, srv, path, map[string]string{"serialNumber": serial}))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	for _, k := range res.Cookies() {
		c.cookie = k.Name + "=" + k.Value
	}
	var env struct{ Data string }
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 200 || env.Data == "" || c.cookie == "" {
		t.Fatalf("challenge: %d %v %q", res.StatusCode, err, c.cookie)
	}
	return env.Data
}

// rawSign signs s as SOF_SignData does (PKCS#1 v1.5, SHA-256), base64.
func rawSign(t *testing.T, key crypto.Signer, s string) string {
	sum := sha256.Sum256([]byte(s))
	sig, err := key.Sign(rand.Reader, sum[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(sig)
}

// TestStrangerCannotDenyCertificateSignIn: a stranger who knows the
// holder's serial asks 8 challenges and sends 10 bad signatures, 18
// requests released together with the holder's sign-in, from their own
// browser and address, on PostgreSQL + Redis. The holder, who asked for a
// challenge first, signs in with it at once, and recovers its password
// by certificate after the same attack.
func TestStrangerCannotDenyCertificateSignIn(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	ca, err := devca.NewRoot(devca.RSA, pkix.Name{CommonName: "Denial Test Root"}, now.Add(-time.Hour), now.AddDate(1, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	roots := filepath.Join(dir, "roots.pem")
	if err := os.WriteFile(roots, devca.CertPEM(ca.Cert), 0o600); err != nil {
		t.Fatal(err)
	}
	a, srv := pgRedisApp(t, "--ca-roots", roots, "--trusted-proxies", "127.0.0.1/32,::1/128")
	_, tok := verifiedAccount(t, a, account.Person, "holder01")
	cert, key, err := ca.Issue(devca.RSA, pkix.Name{CommonName: "名字holder01"}, devca.RandomSerial(), now.Add(-time.Hour), now.AddDate(0, 6, 0))
	if err != nil {
		t.Fatal(err)
	}
	der := base64.StdEncoding.EncodeToString(cert.Raw)
	bindCh := send(t, srv, "POST", "/api/certificate/add/prev", tok, nil)
	mustStatus(t, "bind challenge", bindCh, 200)
	var ch string
	decodeData(t, bindCh, &ch)
	mustStatus(t, "bind", send(t, srv, "POST", "/api/certificate/add", tok, map[string]any{"signToken": rawSign(t, key, ch), "signType": 2, "certificate": der}), 200)
	serial := fmt.Sprintf("%X", cert.SerialNumber)

	for _, flow := range []struct{ prev, prove string }{
		{"/api/login/cert/prev", "/api/login/cert"},
		{"/api/retrieve/pwd/cert/prev", "/api/retrieve/pwd/cert"},
	} {
		holder := &certClient{addr: "203.0.113.10"}
		mine := holder.challenge(t, srv, flow.prev, serial)
		stranger := &certClient{addr: "203.0.113.66"}
		stranger.challenge(t, srv, flow.prev, serial)
		var reqs []*http.Request
		for range 8 {
			reqs = append(reqs, stranger.req(t, srv, flow.prev, map[string]string{"serialNumber": serial}))
			// A stranger without the cookie: a new browser each time.
			reqs = append(reqs, (&certClient{addr: stranger.addr}).req(t, srv, flow.prev, map[string]string{"serialNumber": serial}))
		}
		for i := range 10 {
			bad := rawSign(t, key, fmt.Sprintf("not the challenge %d", i))
			reqs = append(reqs, stranger.req(t, srv, flow.prove, map[string]any{"serialNumber": serial, "signToken": bad, "signType": 2, "certificate": der}))
		}
		for i, got := range lastByteSync(t, srv, reqs) {
			if got.Status != 200 && got.Status != 400 {
				t.Fatalf("%s: stranger's request %d: %d %s", flow.prove, i, got.Status, got.Msg)
			}
		}
		got := lastByteSync(t, srv, []*http.Request{holder.req(t, srv, flow.prove,
			map[string]any{"serialNumber": serial, "signToken": rawSign(t, key, mine), "signType": 2, "certificate": der})})[0]
		if got.Status != 200 {
			t.Fatalf("%s: the holder after the stranger: %d %s", flow.prove, got.Status, got.Msg)
		}
		t.Logf("%s: the holder got in after 16 stranger challenges and 10 bad signatures (%s)", flow.prove, got.Msg)
	}
}
