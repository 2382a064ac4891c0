package certificate

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/rsa"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/base64"
	"errors"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/emmansun/gmsm/pkcs7"
	"github.com/emmansun/gmsm/sm2"
	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/apperr"
)

// SignType says what the client sent as signToken (docs/spec/DECISIONS.md).
type SignType int

// The two forms a certificate component returns.
const (
	// PKCS7 is a base64 PKCS#7 / CMS SignedData over the challenge's UTF-8
	// bytes, attached or detached (SOF_SignMessage).
	PKCS7 SignType = 1
	// Raw is a base64 raw signature: PKCS#1 v1.5 for RSA, ASN.1 ECDSA, or
	// SM2 (ASN.1 or the 64-byte r||s) with the default user id
	// (SOF_SignData).
	Raw SignType = 2
)

// Refusals of a signature. Each says what the user can do about it.
var (
	ErrMalformed   = apperr.New(apperr.Invalid, "certificate.malformed", "签名数据格式错误，请重新签名")
	ErrBadSig      = apperr.New(apperr.Invalid, "certificate.signature", "证书签名验证失败，请重新签名")
	ErrChallenge   = apperr.New(apperr.Invalid, "certificate.challenge", "签名随机数已失效，请重新获取后签名")
	ErrExpired     = apperr.New(apperr.Invalid, "certificate.expired", "证书已过期")
	ErrNotYetValid = apperr.New(apperr.Invalid, "certificate.not_yet_valid", "证书尚未生效")
	ErrUntrusted   = apperr.New(apperr.Invalid, "certificate.untrusted", "证书不是由受信任的CA机构签发")
	ErrRevoked     = apperr.New(apperr.Invalid, "certificate.revoked", "证书已被吊销")
	ErrSHA1        = apperr.New(apperr.Invalid, "certificate.sha1", "不再接受SHA-1签名，请升级证书驱动")
	ErrNoCert      = apperr.New(apperr.Invalid, "certificate.missing", "未获取到证书！")
	ErrWrongSerial = apperr.New(apperr.Invalid, "certificate.serial", "签名证书与所选证书不一致")
)

// Trust is what a signature is checked against: the configured CA roots
// (and intermediates), revocation lists, and whether SHA-1 is accepted for
// the signature itself (never for the chain: smx509 refuses SHA-1 links).
type Trust struct {
	Roots         *smx509.CertPool
	Intermediates *smx509.CertPool
	Revoked       Revocation
	AllowSHA1     bool
}

// Revocation answers whether a certificate is revoked (CRLs, see crl.go).
type Revocation interface {
	IsRevoked(c *smx509.Certificate) bool
}

// Signed is a signature as the client sent it, decoded.
type Signed struct {
	Type  SignType
	Value []byte
	// Cert is the certificate sent beside the signature (base64 DER), if any.
	Cert *smx509.Certificate
}

// DecodeSigned decodes the request fields signToken, signType and
// certificate (both base64; standard or URL alphabet, padding optional,
// whitespace ignored as some components wrap lines).
func DecodeSigned(signToken string, signType int, certB64 string) (Signed, error) {
	s := Signed{Type: SignType(signType)}
	if s.Type != PKCS7 && s.Type != Raw {
		return Signed{}, apperr.Field("signType", "签名类型错误")
	}
	v, err := decodeB64(signToken)
	if err != nil || len(v) == 0 {
		return Signed{}, ErrMalformed
	}
	s.Value = v
	if strings.TrimSpace(certB64) != "" {
		der, err := decodeB64(certB64)
		if err != nil {
			return Signed{}, ErrMalformed
		}
		if s.Cert, err = smx509.ParseCertificate(der); err != nil {
			return Signed{}, ErrMalformed
		}
	}
	return s, nil
}

func decodeB64(s string) ([]byte, error) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '\n' || r == '\r' || r == '\t' {
			return -1
		}
		return r
	}, s)
	s = strings.TrimRight(s, "=")
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(s)
	}
	return base64.RawStdEncoding.DecodeString(s)
}

// Verified is the outcome of a successful check.
type Verified struct {
	Cert *smx509.Certificate
	// Content is the index of the challenge (among those offered) that the
	// signature covers.
	Content int
}

// oidSM2WithSM3 is the standard SM2-with-SM3 signature OID; gmsm's PKCS#7
// code knows only GB/T 35275's SM2-1 (1.2.156.10197.1.301.1) in signer
// infos, so a signer info naming this one is read as that.
var oidSM2WithSM3 = asn1.ObjectIdentifier{1, 2, 156, 10197, 1, 501}

var oidSHA1 = asn1.ObjectIdentifier{1, 3, 14, 3, 2, 26}

// Verify checks that sig is a signature over one of contents made with the
// key of a certificate that chains to the roots at now, is within its
// validity at now and is not revoked. candidates, when not empty, are the
// only certificates accepted as the signer (the bound ones of a sign-in);
// when empty the signer's certificate is taken from the signature or sent
// beside it (binding).
func (t *Trust) Verify(sig Signed, contents [][]byte, candidates []*smx509.Certificate, now time.Time) (Verified, error) {
	var v Verified
	var err error
	switch sig.Type {
	case PKCS7:
		v, err = t.verifyPKCS7(sig, contents, candidates, now)
	case Raw:
		v, err = t.verifyRaw(sig, contents, candidates, now)
	default:
		return Verified{}, ErrMalformed
	}
	if err != nil {
		return Verified{}, err
	}
	if t.Revoked != nil && t.Revoked.IsRevoked(v.Cert) {
		return Verified{}, ErrRevoked
	}
	return v, nil
}

func (t *Trust) verifyPKCS7(sig Signed, contents [][]byte, candidates []*smx509.Certificate, now time.Time) (Verified, error) {
	p7, err := pkcs7.Parse(sig.Value)
	if err != nil || len(p7.Signers) != 1 {
		return Verified{}, ErrMalformed
	}
	si := &p7.Signers[0]
	if si.DigestAlgorithm.Algorithm.Equal(oidSHA1) && !t.AllowSHA1 {
		return Verified{}, ErrSHA1
	}
	if si.DigestEncryptionAlgorithm.Algorithm.Equal(oidSM2WithSM3) {
		si.DigestEncryptionAlgorithm.Algorithm = pkcs7.OIDDigestEncryptionAlgorithmSM2
	}
	// The accepted certificates go first: gmsm takes the first one whose
	// issuer and serial match the signer, so a look-alike certificate in
	// the message cannot stand in for the bound one.
	certs := append([]*smx509.Certificate{}, candidates...)
	if len(candidates) == 0 && sig.Cert != nil {
		certs = append(certs, sig.Cert)
	}
	p7.Certificates = append(certs, p7.Certificates...)
	ee := p7.GetOnlySigner()
	if ee == nil {
		if len(candidates) > 0 {
			return Verified{}, ErrWrongSerial
		}
		return Verified{}, ErrNoCert
	}
	if len(candidates) > 0 && !slices.Contains(candidates, ee) {
		return Verified{}, ErrWrongSerial
	}
	if err := t.checkCert(ee, p7.Certificates, now); err != nil {
		return Verified{}, err
	}
	if len(p7.Content) > 0 {
		// Attached: the content must be one of the outstanding challenges.
		for i, c := range contents {
			if bytes.Equal(p7.Content, c) {
				if err := p7.VerifyWithChainAtTime(t.Roots, &now); err != nil {
					return Verified{}, ErrBadSig.Wrap(err)
				}
				return Verified{Cert: ee, Content: i}, nil
			}
		}
		return Verified{}, ErrChallenge
	}
	// Detached: the signature says which challenge it covers only by
	// verifying over it.
	var last error = ErrChallenge
	for i, c := range contents {
		p7.Content = c
		if err := p7.VerifyWithChainAtTime(t.Roots, &now); err == nil {
			return Verified{Cert: ee, Content: i}, nil
		} else {
			last = err
		}
	}
	if len(contents) == 0 {
		return Verified{}, ErrChallenge
	}
	var mismatch *pkcs7.MessageDigestMismatchError
	if errors.As(last, &mismatch) {
		return Verified{}, ErrChallenge.Wrap(last)
	}
	return Verified{}, ErrBadSig.Wrap(last)
}

// Check tells whether c is a certificate this trust accepts now: within its
// validity, chaining to a configured CA, not revoked (binding a staff
// member's certificate, where no signature is at hand).
func (t *Trust) Check(c *smx509.Certificate, now time.Time) error {
	if err := t.checkCert(c, nil, now); err != nil {
		return err
	}
	if t.Revoked != nil && t.Revoked.IsRevoked(c) {
		return ErrRevoked
	}
	return nil
}

// checkCert gives the specific refusal (expired, not yet valid, untrusted)
// before the signature is checked, so the user is told what is wrong with
// the certificate rather than that "the signature failed".
func (t *Trust) checkCert(ee *smx509.Certificate, extra []*smx509.Certificate, now time.Time) error {
	if now.After(ee.NotAfter) {
		return ErrExpired
	}
	if now.Before(ee.NotBefore) {
		return ErrNotYetValid
	}
	inter := smx509.NewCertPool()
	if t.Intermediates != nil {
		inter = t.Intermediates.Clone()
	}
	for _, c := range extra {
		inter.AddCert(c)
	}
	_, err := ee.Verify(smx509.VerifyOptions{Roots: t.Roots, Intermediates: inter, CurrentTime: now,
		KeyUsages: []smx509.ExtKeyUsage{smx509.ExtKeyUsageAny}})
	if err != nil {
		return ErrUntrusted.Wrap(err)
	}
	return nil
}

func (t *Trust) verifyRaw(sig Signed, contents [][]byte, candidates []*smx509.Certificate, now time.Time) (Verified, error) {
	certs := candidates
	if len(candidates) == 0 {
		if sig.Cert == nil {
			return Verified{}, ErrNoCert
		}
		certs = []*smx509.Certificate{sig.Cert}
	} else if sig.Cert != nil {
		// The client named its certificate: only that one of the bound
		// ones is tried.
		certs = nil
		for _, c := range candidates {
			if bytes.Equal(c.Raw, sig.Cert.Raw) {
				certs = append(certs, c)
			}
		}
		if len(certs) == 0 {
			return Verified{}, ErrWrongSerial
		}
	}
	var certErr error
	for _, c := range certs {
		if err := t.checkCert(c, nil, now); err != nil {
			certErr = err
			continue
		}
		for i, content := range contents {
			ok, err := t.rawValid(c.PublicKey, content, sig.Value)
			if err != nil {
				return Verified{}, err
			}
			if ok {
				return Verified{Cert: c, Content: i}, nil
			}
		}
	}
	if certErr != nil && len(certs) == 1 {
		return Verified{}, certErr
	}
	if len(contents) == 0 {
		return Verified{}, ErrChallenge
	}
	return Verified{}, ErrBadSig
}

// rawValid reports whether sig is a raw signature of msg under pub. The
// hash is not named by a raw signature, so SHA-256 is tried, then SHA-1
// where allowed; an SHA-1 signature found while SHA-1 is off is reported as
// such rather than as a bad signature.
func (t *Trust) rawValid(pub any, msg, sig []byte) (bool, error) {
	h256 := sha256.Sum256(msg)
	h1 := sha1.Sum(msg)
	switch k := pub.(type) {
	case *rsa.PublicKey:
		if rsa.VerifyPKCS1v15(k, crypto.SHA256, h256[:], sig) == nil {
			return true, nil
		}
		if rsa.VerifyPKCS1v15(k, crypto.SHA1, h1[:], sig) == nil {
			return t.AllowSHA1, sha1Refused(t.AllowSHA1)
		}
	case *ecdsa.PublicKey:
		if sm2.IsSM2PublicKey(k) {
			if len(sig) == 64 {
				sig = rsToASN1(sig)
			}
			return sm2.VerifyASN1WithSM2(k, nil, msg, sig), nil
		}
		if ecdsa.VerifyASN1(k, h256[:], sig) {
			return true, nil
		}
		if ecdsa.VerifyASN1(k, h1[:], sig) {
			return t.AllowSHA1, sha1Refused(t.AllowSHA1)
		}
	}
	return false, nil
}

func sha1Refused(allowed bool) error {
	if allowed {
		return nil
	}
	return ErrSHA1
}

// rsToASN1 turns SM2's fixed 64-byte r||s form (what several components and
// sm-crypto return) into the ASN.1 SEQUENCE the verifier takes.
func rsToASN1(rs []byte) []byte {
	b, _ := asn1.Marshal(struct{ R, S *big.Int }{new(big.Int).SetBytes(rs[:32]), new(big.Int).SetBytes(rs[32:])})
	return b
}
