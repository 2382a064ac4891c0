package certificate_test

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/emmansun/gmsm/pkcs7"
	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/apperr"
	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
)

func pkcs7Sig(b []byte, cert *smx509.Certificate) certificate.Signed {
	return certificate.Signed{Type: certificate.PKCS7, Value: b, Cert: cert}
}

func rawSig(b []byte, cert *smx509.Certificate) certificate.Signed {
	return certificate.Signed{Type: certificate.Raw, Value: b, Cert: cert}
}

// mustRefuse checks that err is the refusal want (same reason key; a
// refusal may wrap the library's error).
func mustRefuse(t *testing.T, err error, want *apperr.Error) {
	t.Helper()
	if e, ok := apperr.As(err); !ok || e.Reason != want.Reason {
		t.Fatalf("got %v, want %v", err, want)
	}
}

// TestOpenSSLCMS verifies what `openssl cms -sign` makes: RSA and ECDSA,
// SHA-1 and SHA-256, attached and detached, with and without the
// certificate in the message (the bound certificate supplies it then).
func TestOpenSSLCMS(t *testing.T) {
	p := newPKI(t)
	trust := p.trust(nil)
	challenge := []byte("Zm9vYmFyYmF6cXV4MTIzNA")
	other := []byte("b3RoZXJjaGFsbGVuZ2UxMjM")
	for _, alg := range []devca.Alg{devca.RSA, devca.ECDSA} {
		h := p.valid(alg, "张三")
		for _, md := range []string{"sha1", "sha256"} {
			for _, attached := range []bool{true, false} {
				for _, withCert := range []bool{true, false} {
					name := fmt.Sprintf("%s/%s/attached=%v/cert=%v", alg, md, attached, withCert)
					t.Run(name, func(t *testing.T) {
						der := p.cms(h, challenge, md, attached, withCert)
						// A sign-in: the bound certificate is the candidate;
						// the challenge is the second of those outstanding.
						v, err := trust.Verify(pkcs7Sig(der, nil), [][]byte{other, challenge}, []*smx509.Certificate{h.cert}, p.now)
						if err != nil {
							t.Fatal(err)
						}
						if v.Content != 1 || !bytes.Equal(v.Cert.Raw, h.cert.Raw) {
							t.Fatalf("verified content %d, cert %v", v.Content, v.Cert.Subject)
						}
						// A binding: no candidates; the certificate comes
						// with the message or beside it.
						var beside *smx509.Certificate
						if !withCert {
							beside = h.cert
						}
						if _, err := trust.Verify(pkcs7Sig(der, beside), [][]byte{challenge}, nil, p.now); err != nil {
							t.Fatal(err)
						}
						// Only a challenge outstanding counts.
						_, err = trust.Verify(pkcs7Sig(der, beside), [][]byte{other}, nil, p.now)
						mustRefuse(t, err, certificate.ErrChallenge)
						if md == "sha1" {
							strict := *trust
							strict.AllowSHA1 = false
							_, err := strict.Verify(pkcs7Sig(der, beside), [][]byte{challenge}, nil, p.now)
							mustRefuse(t, err, certificate.ErrSHA1)
						}
					})
				}
			}
		}
	}
}

// TestOpenSSLRaw verifies raw signatures made with openssl pkeyutl (what
// SOF_SignData returns), with the certificate sent beside them.
func TestOpenSSLRaw(t *testing.T) {
	p := newPKI(t)
	trust := p.trust(nil)
	challenge := []byte("cmF3Y2hhbGxlbmdlMTIzNDU")
	for _, alg := range []devca.Alg{devca.RSA, devca.ECDSA} {
		h := p.valid(alg, "李四")
		for _, md := range []string{"sha1", "sha256"} {
			t.Run(string(alg)+"/"+md, func(t *testing.T) {
				sig := p.raw(h, challenge, md)
				if _, err := trust.Verify(rawSig(sig, h.cert), [][]byte{[]byte("x"), challenge}, nil, p.now); err != nil {
					t.Fatal(err)
				}
				if _, err := trust.Verify(rawSig(sig, nil), [][]byte{challenge}, []*smx509.Certificate{h.cert}, p.now); err != nil {
					t.Fatal(err)
				}
				_, err := trust.Verify(rawSig(sig, h.cert), [][]byte{[]byte("another challenge")}, nil, p.now)
				mustRefuse(t, err, certificate.ErrBadSig)
				if md == "sha1" {
					strict := *trust
					strict.AllowSHA1 = false
					_, err := strict.Verify(rawSig(sig, h.cert), [][]byte{challenge}, nil, p.now)
					mustRefuse(t, err, certificate.ErrSHA1)
				}
			})
		}
	}
}

// TestRefusals covers what must never verify.
func TestRefusals(t *testing.T) {
	p := newPKI(t)
	challenge := []byte("cmVmdXNhbGNoYWxsZW5nZTE")
	day := 24 * time.Hour

	t.Run("expired", func(t *testing.T) {
		h := p.issue(devca.RSA, "过期", p.now.Add(-400*day), p.now.Add(-day))
		_, err := p.trust(nil).Verify(pkcs7Sig(p.cms(h, challenge, "sha256", true, true), nil), [][]byte{challenge}, nil, p.now)
		mustRefuse(t, err, certificate.ErrExpired)
		_, err = p.trust(nil).Verify(rawSig(p.raw(h, challenge, "sha256"), h.cert), [][]byte{challenge}, nil, p.now)
		mustRefuse(t, err, certificate.ErrExpired)
	})
	t.Run("not yet valid", func(t *testing.T) {
		h := p.issue(devca.ECDSA, "未生效", p.now.Add(day), p.now.Add(400*day))
		_, err := p.trust(nil).Verify(pkcs7Sig(p.cms(h, challenge, "sha256", true, true), nil), [][]byte{challenge}, nil, p.now)
		mustRefuse(t, err, certificate.ErrNotYetValid)
	})
	t.Run("untrusted root", func(t *testing.T) {
		stranger, err := devca.NewRoot(devca.RSA, p.ca[devca.RSA].Cert.Subject, p.now.Add(-day), p.now.Add(400*day))
		if err != nil {
			t.Fatal(err)
		}
		h := p.issue(devca.RSA, "冒名", p.now.Add(-day), p.now.Add(day), stranger)
		_, err = p.trust(nil).Verify(pkcs7Sig(p.cms(h, challenge, "sha256", true, true), nil), [][]byte{challenge}, nil, p.now)
		mustRefuse(t, err, certificate.ErrUntrusted)
		_, err = p.trust(nil).Verify(rawSig(p.raw(h, challenge, "sha256"), h.cert), [][]byte{challenge}, nil, p.now)
		mustRefuse(t, err, certificate.ErrUntrusted)
	})
	t.Run("revoked", func(t *testing.T) {
		h := p.valid(devca.RSA, "吊销")
		crl, err := p.ca[devca.RSA].CRL([]*big.Int{h.cert.SerialNumber}, 1, p.now.Add(-time.Hour), p.now.Add(day))
		if err != nil {
			t.Fatal(err)
		}
		crls := certificate.NewCRLs([]*smx509.Certificate{p.ca[devca.RSA].Cert},
			[]certificate.CRLSource{{Name: "test", Fetch: func(context.Context) ([]byte, error) { return crl, nil }}}, nil)
		if err := crls.Refresh(context.Background()); err != nil {
			t.Fatal(err)
		}
		sig := pkcs7Sig(p.cms(h, challenge, "sha256", true, true), nil)
		if _, err := p.trust(nil).Verify(sig, [][]byte{challenge}, nil, p.now); err != nil {
			t.Fatalf("without the CRL it verifies: %v", err)
		}
		_, err = p.trust(crls).Verify(sig, [][]byte{challenge}, nil, p.now)
		mustRefuse(t, err, certificate.ErrRevoked)
		// Another certificate of the same CA is not revoked.
		ok := p.valid(devca.RSA, "正常")
		if _, err := p.trust(crls).Verify(pkcs7Sig(p.cms(ok, challenge, "sha256", true, true), nil), [][]byte{challenge}, nil, p.now); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("tampered content", func(t *testing.T) {
		h := p.valid(devca.RSA, "篡改")
		other := []byte("dGFtcGVyZWRjaGFsbGVuZ2U")
		der := p.cms(h, challenge, "sha256", true, true)
		// The content now reads as another outstanding challenge of the
		// same length, but the signature covers the first one.
		tampered := bytes.Replace(der, challenge, other, 1)
		_, err := p.trust(nil).Verify(pkcs7Sig(tampered, nil), [][]byte{challenge, other}, nil, p.now)
		mustRefuse(t, err, certificate.ErrBadSig)
		detached := p.cms(h, challenge, "sha256", false, true)
		_, err = p.trust(nil).Verify(pkcs7Sig(detached, nil), [][]byte{other}, nil, p.now)
		mustRefuse(t, err, certificate.ErrChallenge)
		sig := p.raw(h, challenge, "sha256")
		sig[len(sig)/2] ^= 1
		_, err = p.trust(nil).Verify(rawSig(sig, h.cert), [][]byte{challenge}, nil, p.now)
		mustRefuse(t, err, certificate.ErrBadSig)
	})
	t.Run("back-dated signing time on an expired certificate", func(t *testing.T) {
		// Signed now, while valid (signingTime inside the validity);
		// checked two days later, after the certificate expired.
		h := p.issue(devca.RSA, "回溯", p.now.Add(-time.Hour), p.now.Add(time.Hour))
		der := p.cms(h, challenge, "sha256", true, true)
		later := p.now.Add(2 * day)
		p7, err := pkcs7.Parse(der)
		if err != nil {
			t.Fatal(err)
		}
		pool := smx509.NewCertPool()
		pool.AddCert(p.ca[devca.RSA].Cert)
		if err := p7.VerifyWithChain(pool); err != nil {
			t.Fatalf("plain VerifyWithChain was expected to accept this (the reason not to use it): %v", err)
		}
		_, err = p.trust(nil).Verify(pkcs7Sig(der, nil), [][]byte{challenge}, nil, later)
		mustRefuse(t, err, certificate.ErrExpired)
	})
	t.Run("signer not among the bound certificates", func(t *testing.T) {
		bound := p.valid(devca.RSA, "绑定")
		other := p.valid(devca.RSA, "其他")
		_, err := p.trust(nil).Verify(pkcs7Sig(p.cms(other, challenge, "sha256", true, true), nil), [][]byte{challenge}, []*smx509.Certificate{bound.cert}, p.now)
		mustRefuse(t, err, certificate.ErrWrongSerial)
		_, err = p.trust(nil).Verify(rawSig(p.raw(other, challenge, "sha256"), nil), [][]byte{challenge}, []*smx509.Certificate{bound.cert}, p.now)
		mustRefuse(t, err, certificate.ErrBadSig)
	})
}
