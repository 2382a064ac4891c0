package certificate_test

import (
	"crypto"
	"crypto/x509/pkix"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
)

// requireTool returns the path of an external tool the test signs with.
// Missing, the test is skipped with a clear line, except in CI
// (CI or BIDPASS_TEST_BROWSER set), where it fails.
func requireTool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" || os.Getenv("BIDPASS_TEST_BROWSER") != "" {
			t.Fatalf("%s is required here (CI): %v", name, err)
		}
		t.Skipf("SKIP: %s not installed", name)
	}
	return p
}

// testPKI is a set of CAs and end-entity certificates made for one test,
// their keys written where OpenSSL can read them.
type testPKI struct {
	t    testing.TB
	dir  string
	now  time.Time
	ca   map[devca.Alg]*devca.Authority
	last int64
}

func newPKI(t testing.TB) *testPKI {
	t.Helper()
	p := &testPKI{t: t, dir: t.TempDir(), now: time.Now(), ca: map[devca.Alg]*devca.Authority{}}
	for _, alg := range []devca.Alg{devca.RSA, devca.ECDSA, devca.SM2} {
		ca, err := devca.NewRoot(alg, pkix.Name{CommonName: "Test Root " + string(alg), Organization: []string{"bidpass tests"}},
			p.now.Add(-24*time.Hour), p.now.Add(10*365*24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		p.ca[alg] = ca
	}
	return p
}

// trust returns a Trust of the PKI's roots.
func (p *testPKI) trust(revoked certificate.Revocation) *certificate.Trust {
	pool := smx509.NewCertPool()
	for _, ca := range p.ca {
		pool.AddCert(ca.Cert)
	}
	return &certificate.Trust{Roots: pool, AllowSHA1: true, Revoked: revoked}
}

// holder is an end-entity certificate with its key on disk.
type holder struct {
	cert     *smx509.Certificate
	key      crypto.Signer
	certPath string
	keyPath  string
}

// issue makes a certificate of alg for cn under the root of the same
// algorithm (or under ca when given), valid from nb to na.
func (p *testPKI) issue(alg devca.Alg, cn string, nb, na time.Time, ca ...*devca.Authority) holder {
	p.t.Helper()
	issuer := p.ca[alg]
	if len(ca) > 0 {
		issuer = ca[0]
	}
	p.last++
	c, k, err := issuer.Issue(alg, pkix.Name{CommonName: cn, Organization: []string{cn}}, big.NewInt(1000+p.last), nb, na)
	if err != nil {
		p.t.Fatal(err)
	}
	h := holder{cert: c, key: k}
	h.certPath = filepath.Join(p.dir, cn+"-"+big.NewInt(p.last).String()+".crt")
	h.keyPath = h.certPath + ".key"
	kp, err := devca.KeyPEM(k)
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(h.certPath, devca.CertPEM(c), 0o600); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(h.keyPath, kp, 0o600); err != nil {
		p.t.Fatal(err)
	}
	return h
}

// valid issues a certificate valid from a day ago for a year.
func (p *testPKI) valid(alg devca.Alg, cn string) holder {
	return p.issue(alg, cn, p.now.Add(-24*time.Hour), p.now.Add(365*24*time.Hour))
}

// openssl runs openssl with args, feeding stdin, and returns its output.
func (p *testPKI) openssl(stdin []byte, args ...string) []byte {
	p.t.Helper()
	bin := requireTool(p.t, "openssl")
	cmd := exec.Command(bin, args...)
	in := filepath.Join(p.dir, "stdin")
	if err := os.WriteFile(in, stdin, 0o600); err != nil {
		p.t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		p.t.Fatal(err)
	}
	defer f.Close()
	cmd.Stdin = f
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = string(ee.Stderr)
		}
		p.t.Fatalf("openssl %v: %v\n%s", args, err, msg)
	}
	return out
}

// cms signs content with openssl cms: md sha1 or sha256, attached or
// detached, with or without the signer's certificate in the message.
func (p *testPKI) cms(h holder, content []byte, md string, attached, withCert bool) []byte {
	args := []string{"cms", "-sign", "-binary", "-outform", "DER", "-signer", h.certPath, "-inkey", h.keyPath, "-md", md}
	if attached {
		args = append(args, "-nodetach")
	}
	if !withCert {
		args = append(args, "-nocerts")
	}
	return p.openssl(content, args...)
}

// raw signs content with openssl pkeyutl over its digest: PKCS#1 v1.5 for
// RSA, ASN.1 ECDSA for EC keys (what SOF_SignData returns).
func (p *testPKI) raw(h holder, content []byte, md string) []byte {
	digest := p.openssl(content, "dgst", "-"+md, "-binary")
	return p.openssl(digest, "pkeyutl", "-sign", "-inkey", h.keyPath, "-pkeyopt", "digest:"+md)
}
