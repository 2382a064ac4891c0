package devca_test

import (
	"crypto/x509/pkix"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bidpass/internal/certificate/devca"
)

// TestPFXReadByOpenSSL: the .pfx files `bidpass ca issue` writes open with
// `openssl pkcs12` (no -legacy), for RSA and SM2 keys, and the key inside
// matches the certificate.
func TestPFXReadByOpenSSL(t *testing.T) {
	bin, err := exec.LookPath("openssl")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("openssl is required in CI")
		}
		t.Skip("SKIP: openssl not installed")
	}
	now := time.Now()
	for _, alg := range []devca.Alg{devca.RSA, devca.SM2, devca.ECDSA} {
		t.Run(string(alg), func(t *testing.T) {
			ca, err := devca.NewRoot(alg, pkix.Name{CommonName: "Dev Root " + string(alg)}, now.Add(-time.Hour), now.Add(24*time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			c, k, err := ca.Issue(alg, pkix.Name{CommonName: "某某建设有限公司"}, big.NewInt(77), now.Add(-time.Hour), now.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			pfx, err := devca.MarshalPFX(k, c, nil, "Secret#2026", "某某建设有限公司")
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "x.pfx")
			if err := os.WriteFile(path, pfx, 0o600); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(bin, "pkcs12", "-in", path, "-passin", "pass:Secret#2026", "-nodes").CombinedOutput()
			if err != nil {
				t.Fatalf("openssl pkcs12: %v\n%s", err, out)
			}
			if !strings.Contains(string(out), "BEGIN PRIVATE KEY") || !strings.Contains(string(out), "BEGIN CERTIFICATE") {
				t.Fatalf("no key or certificate:\n%s", out)
			}
			if _, err := exec.Command(bin, "pkcs12", "-in", path, "-passin", "pass:wrong", "-nodes").CombinedOutput(); err == nil {
				t.Fatal("a wrong password opened the file")
			}
		})
	}
}
