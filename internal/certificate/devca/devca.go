// Package devca is a small certificate authority for development and
// tests: RSA, ECDSA P-256 and SM2 roots, end-entity certificates, CRLs and
// PKCS#12 (.pfx) files that OpenSSL, node-forge and PKIjs read. It is never
// trusted outside development mode.
package devca

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/emmansun/gmsm/sm2"
	"github.com/emmansun/gmsm/smx509"
)

// Alg is a key algorithm.
type Alg string

// The key algorithms a development CA makes.
const (
	RSA   Alg = "rsa"
	ECDSA Alg = "ecdsa"
	SM2   Alg = "sm2"
)

// NewKey makes a key of alg: RSA-2048, P-256 or SM2.
func NewKey(alg Alg) (crypto.Signer, error) {
	switch alg {
	case RSA:
		return rsa.GenerateKey(rand.Reader, 2048)
	case ECDSA:
		return ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case SM2:
		return sm2.GenerateKey(rand.Reader)
	}
	return nil, fmt.Errorf("unknown algorithm %q (rsa, ecdsa or sm2)", alg)
}

func sigAlg(key crypto.Signer) smx509.SignatureAlgorithm {
	switch key.(type) {
	case *rsa.PrivateKey:
		return smx509.SHA256WithRSA
	case *sm2.PrivateKey:
		return smx509.SM2WithSM3
	}
	return smx509.ECDSAWithSHA256
}

// Authority is a CA: its certificate and key.
type Authority struct {
	Cert *smx509.Certificate
	Key  crypto.Signer
}

// RandomSerial returns a positive 128-bit serial.
func RandomSerial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	return n.Add(n, big.NewInt(1))
}

// NewRoot makes a self-signed root of alg valid from notBefore to notAfter.
func NewRoot(alg Alg, name pkix.Name, notBefore, notAfter time.Time) (*Authority, error) {
	key, err := NewKey(alg)
	if err != nil {
		return nil, err
	}
	tpl := &smx509.Certificate{
		SerialNumber: RandomSerial(), Subject: name, NotBefore: notBefore, NotAfter: notAfter,
		IsCA: true, BasicConstraintsValid: true, KeyUsage: smx509.KeyUsageCertSign | smx509.KeyUsageCRLSign,
		SignatureAlgorithm: sigAlg(key),
	}
	der, err := smx509.CreateCertificate(rand.Reader, tpl, tpl, key.Public(), key)
	if err != nil {
		return nil, err
	}
	c, err := smx509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	return &Authority{Cert: c, Key: key}, nil
}

// Issue makes an end-entity certificate for a new key of alg.
func (ca *Authority) Issue(alg Alg, subject pkix.Name, serial *big.Int, notBefore, notAfter time.Time) (*smx509.Certificate, crypto.Signer, error) {
	key, err := NewKey(alg)
	if err != nil {
		return nil, nil, err
	}
	tpl := &smx509.Certificate{
		SerialNumber: serial, Subject: subject, NotBefore: notBefore, NotAfter: notAfter,
		KeyUsage:           smx509.KeyUsageDigitalSignature | smx509.KeyUsageContentCommitment,
		ExtKeyUsage:        []smx509.ExtKeyUsage{smx509.ExtKeyUsageClientAuth, smx509.ExtKeyUsageEmailProtection},
		SignatureAlgorithm: sigAlg(ca.Key),
	}
	der, err := smx509.CreateCertificate(rand.Reader, tpl, ca.Cert, key.Public(), ca.Key)
	if err != nil {
		return nil, nil, err
	}
	c, err := smx509.ParseCertificate(der)
	return c, key, err
}

// CRL makes the CA's revocation list naming serials.
func (ca *Authority) CRL(serials []*big.Int, number int64, thisUpdate, nextUpdate time.Time) ([]byte, error) {
	tpl := &smx509.RevocationList{Number: big.NewInt(number), ThisUpdate: thisUpdate, NextUpdate: nextUpdate,
		SignatureAlgorithm: sigAlg(ca.Key)}
	for _, s := range serials {
		tpl.RevokedCertificateEntries = append(tpl.RevokedCertificateEntries,
			smx509.RevocationListEntry{SerialNumber: s, RevocationTime: thisUpdate})
	}
	return smx509.CreateRevocationList(rand.Reader, tpl, ca.Cert, ca.Key)
}

// CertPEM encodes a certificate as PEM.
func CertPEM(c *smx509.Certificate) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: c.Raw})
}

// KeyPEM encodes a private key as unencrypted PKCS#8 PEM.
func KeyPEM(key crypto.Signer) ([]byte, error) {
	der, err := smx509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// ParseKeyPEM reads a PKCS#8 PEM key written by KeyPEM.
func ParseKeyPEM(b []byte) (crypto.Signer, error) {
	blk, _ := pem.Decode(b)
	if blk == nil {
		return nil, errors.New("no PEM block")
	}
	k, err := smx509.ParsePKCS8PrivateKey(blk.Bytes)
	if err != nil {
		return nil, err
	}
	s, ok := k.(crypto.Signer)
	if !ok {
		return nil, errors.New("not a signing key")
	}
	return s, nil
}

// ParseCertPEM reads the first certificate of a PEM text.
func ParseCertPEM(b []byte) (*smx509.Certificate, error) {
	blk, _ := pem.Decode(b)
	if blk == nil {
		return nil, errors.New("no PEM block")
	}
	return smx509.ParseCertificate(blk.Bytes)
}

// SignSM2 signs msg with an SM2 key as GM/T 0020's SOF_SignData does: SM3
// over Z (the default user id 1234567812345678) and msg, ASN.1 encoded.
func SignSM2(key crypto.Signer, msg []byte) ([]byte, error) {
	k, ok := key.(*sm2.PrivateKey)
	if !ok {
		return nil, errors.New("not an SM2 key")
	}
	return k.Sign(rand.Reader, msg, sm2.DefaultSM2SignerOpts)
}
