package certificate_test

import (
	"testing"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
)

// BenchmarkVerify measures what the server does per certificate sign-in
// besides the database and the session: parse, chain at now, signature.
func BenchmarkVerify(b *testing.B) {
	p := newPKI(b)
	challenge := []byte("YmVuY2htYXJrY2hhbGxlbmdl")
	for _, alg := range []devca.Alg{devca.RSA, devca.ECDSA, devca.SM2} {
		h := p.valid(alg, "压测")
		var sig certificate.Signed
		if alg == devca.SM2 {
			s, err := devca.SignSM2(h.key, challenge)
			if err != nil {
				b.Fatal(err)
			}
			sig = rawSig(s, nil)
		} else {
			sig = pkcs7Sig(p.cms(h, challenge, "sha256", true, false), nil)
		}
		trust := p.trust(nil)
		b.Run(string(alg), func(b *testing.B) {
			for b.Loop() {
				if _, err := trust.Verify(sig, [][]byte{challenge}, []*smx509.Certificate{h.cert}, p.now); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
