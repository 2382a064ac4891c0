package certificate_test

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"

	"github.com/emmansun/gmsm/sm2"
	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
)

// jsSignatures runs web/scripts/cert-signatures.mjs (node-forge, PKIjs,
// sm-crypto-v2 from web/node_modules) and returns what it signed. Without
// node or the modules the test is skipped with a clear line, except in CI
// (CI or BIDPASS_TEST_BROWSER set), where it fails.
func jsSignatures(t *testing.T, in map[string]any) map[string]struct {
	SignType    int    `json:"signType"`
	SignToken   string `json:"signToken"`
	Certificate string `json:"certificate"`
} {
	t.Helper()
	web, _ := filepath.Abs("../../web")
	missing := func(what string) {
		if os.Getenv("CI") != "" || os.Getenv("BIDPASS_TEST_BROWSER") != "" {
			t.Fatalf("%s is required here (CI)", what)
		}
		t.Skipf("SKIP: %s missing (cd web && npm ci)", what)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		missing("node")
	}
	for _, m := range []string{"node-forge", "pkijs", "asn1js", "sm-crypto-v2"} {
		if _, err := os.Stat(filepath.Join(web, "node_modules", m)); err != nil {
			missing("web/node_modules/" + m)
		}
	}
	j, _ := json.Marshal(in)
	cmd := exec.Command(node, filepath.Join(web, "scripts", "cert-signatures.mjs"))
	cmd.Stdin = bytes.NewReader(j)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node cert-signatures.mjs: %v\n%s", err, stderr.String())
	}
	var res map[string]struct {
		SignType    int    `json:"signType"`
		SignToken   string `json:"signToken"`
		Certificate string `json:"certificate"`
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

func pkcs8B64(t *testing.T, h holder) string {
	der, err := smx509.MarshalPKCS8PrivateKey(h.key)
	if err != nil {
		t.Fatal(err)
	}
	return base64.StdEncoding.EncodeToString(der)
}

// TestJavaScriptClients verifies signatures made in JavaScript the way
// browser-side certificate code makes them: node-forge and PKIjs PKCS#7 /
// CMS (RSA, ECDSA; SHA-1 and SHA-256; attached and detached), sm-crypto-v2
// raw SM2 (ASN.1 and r||s), and SM2 CMS assembled with PKIjs/asn1js
// around an sm-crypto-v2 signature, with both the GB/T 35275 and the
// standard OIDs.
func TestJavaScriptClients(t *testing.T) {
	p := newPKI(t)
	rsaH, ecH, smH := p.valid(devca.RSA, "张三"), p.valid(devca.ECDSA, "张三"), p.valid(devca.SM2, "张三")
	smKey := smH.key.(*sm2.PrivateKey)
	pub, err := sm2.PublicKeyToECDH(smKey.Public().(*ecdsa.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	challenge := "anNjbGllbnRjaGFsbGVuZ2U"
	sigs := jsSignatures(t, map[string]any{
		"challenge": challenge,
		"rsa":       map[string]string{"key": pkcs8B64(t, rsaH), "cert": base64.StdEncoding.EncodeToString(rsaH.cert.Raw)},
		"ecdsa":     map[string]string{"key": pkcs8B64(t, ecH), "cert": base64.StdEncoding.EncodeToString(ecH.cert.Raw)},
		"sm2": map[string]string{
			"priv": fmt.Sprintf("%064x", smKey.D),
			"pub":  fmt.Sprintf("%x", pub.Bytes()),
			"cert": base64.StdEncoding.EncodeToString(smH.cert.Raw),
		},
	})
	signer := map[string]holder{}
	for name := range sigs {
		switch {
		case bytes.Contains([]byte(name), []byte("/rsa/")):
			signer[name] = rsaH
		case bytes.Contains([]byte(name), []byte("/ecdsa/")):
			signer[name] = ecH
		default:
			signer[name] = smH
		}
	}
	names := make([]string, 0, len(sigs))
	for n := range sigs {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) != 13 {
		t.Fatalf("the script made %d signatures: %v", len(names), names)
	}
	trust := p.trust(nil)
	other := []byte("b3RoZXJjaGFsbGVuZ2U")
	for _, name := range names {
		s := sigs[name]
		t.Run(name, func(t *testing.T) {
			sig, err := certificate.DecodeSigned(s.SignToken, s.SignType, s.Certificate)
			if err != nil {
				t.Fatal(err)
			}
			if name == "forge/rsa/unsorted" {
				// Go re-sorts the signed attributes (DER), so a signature
				// over another order does not verify: the pitfall the
				// browser code must avoid.
				_, err := trust.Verify(sig, [][]byte{[]byte(challenge)}, nil, p.now)
				mustRefuse(t, err, certificate.ErrBadSig)
				return
			}
			// Binding (the certificate from the message or beside it).
			v, err := trust.Verify(sig, [][]byte{other, []byte(challenge)}, nil, p.now)
			if err != nil {
				t.Fatal(err)
			}
			if v.Content != 1 || !bytes.Equal(v.Cert.Raw, signer[name].cert.Raw) {
				t.Fatalf("content %d, signer %s", v.Content, v.Cert.Subject)
			}
			// Sign-in (the bound certificate as the only candidate).
			sig.Cert = nil
			if _, err := trust.Verify(sig, [][]byte{[]byte(challenge)}, []*smx509.Certificate{signer[name].cert}, p.now); err != nil {
				t.Fatal(err)
			}
			// Another challenge is refused.
			if _, err := trust.Verify(sig, [][]byte{other}, []*smx509.Certificate{signer[name].cert}, p.now); err == nil {
				t.Fatal("verified over another challenge")
			}
		})
	}
}
