package certificate_test

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"testing"

	"github.com/emmansun/gmsm/pkcs7"
	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/apperr/apperrtest"
	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
)

// FuzzVerify feeds the certificate sign-in's verify path what a client
// controls: signToken, signType and the certificate beside it, through
// DecodeSigned and Trust.Verify (the PKCS#7 parser of gmsm, the raw
// signature forms, the certificate parser). The seeds are real signatures
// of this run's test PKI (gmsm signs, so no OpenSSL is needed): RSA and SM2
// PKCS#7 attached and detached, raw RSA, ECDSA and SM2 in both forms.
// Properties: no panic; a refusal is a typed Invalid error with a Chinese
// message; an acceptance names the outstanding challenge and one of the
// PKI's certificates (bound ones only, when the sign-in has some).
func FuzzVerify(f *testing.F) {
	p := newPKI(f)
	trust := p.trust(nil)
	challenge := []byte("Zm9vYmFyYmF6cXV4MTIzNA")
	holders := map[devca.Alg]holder{}
	for _, alg := range []devca.Alg{devca.RSA, devca.ECDSA, devca.SM2} {
		holders[alg] = p.valid(alg, "张三"+string(alg))
	}
	b64 := base64.StdEncoding.EncodeToString
	for alg, h := range holders {
		cert := b64(h.cert.Raw)
		for _, detached := range []bool{false, true} {
			if der, ok := fuzzPKCS7(h, alg == devca.SM2, challenge, detached); ok {
				f.Add(b64(der), int(certificate.PKCS7), "", true)
				f.Add(base64.RawURLEncoding.EncodeToString(der), int(certificate.PKCS7), cert, false)
			}
		}
		var sig []byte
		var err error
		if alg == devca.SM2 {
			sig, err = devca.SignSM2(h.key, challenge)
		} else {
			d := sha256.Sum256(challenge)
			sig, err = h.key.Sign(rand.Reader, d[:], crypto.SHA256)
		}
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b64(sig), int(certificate.Raw), cert, false)
		f.Add(b64(sig), int(certificate.Raw), "", true)
	}
	f.Add("", 1, "", false)
	f.Add("MIIB", 3, "!!", false)
	f.Add("MAA=", 1, "MAA=", true)

	bound := []*smx509.Certificate{holders[devca.RSA].cert, holders[devca.SM2].cert, holders[devca.ECDSA].cert}
	f.Fuzz(func(t *testing.T, signToken string, signType int, certB64 string, signIn bool) {
		sig, err := certificate.DecodeSigned(signToken, signType, certB64)
		if err != nil {
			apperrtest.RequireChinese(t, err)
			return
		}
		var candidates []*smx509.Certificate
		if signIn {
			candidates = bound
		}
		v, err := trust.Verify(sig, [][]byte{challenge}, candidates, p.now)
		if err != nil {
			apperrtest.RequireChinese(t, err)
			return
		}
		if v.Content != 0 {
			t.Fatalf("accepted for challenge %d of 1", v.Content)
		}
		for _, c := range bound {
			if bytes.Equal(c.Raw, v.Cert.Raw) {
				return
			}
		}
		t.Fatalf("accepted a signature of %v, not a certificate of the test PKI", v.Cert.Subject)
	})
}

// fuzzPKCS7 signs content as the certificate components do: SHA-256 for
// RSA and ECDSA, GB/T 35275 SM2/SM3 for SM2 keys.
func fuzzPKCS7(h holder, sm2 bool, content []byte, detached bool) ([]byte, bool) {
	var sd *pkcs7.SignedData
	var err error
	if !sm2 {
		if sd, err = pkcs7.NewSignedData(content); err == nil {
			sd.SetDigestAlgorithm(pkcs7.OIDDigestAlgorithmSHA256)
		}
	} else {
		sd, err = pkcs7.NewSMSignedData(content)
	}
	if err != nil || sd.AddSigner(h.cert, h.key, pkcs7.SignerInfoConfig{}) != nil {
		return nil, false
	}
	if detached {
		sd.Detach()
	}
	der, err := sd.Finish()
	return der, err == nil
}
