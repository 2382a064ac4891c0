package devca

import (
	"crypto"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509/pkix"
	"encoding/asn1"
	"errors"
	"math/big"
	"unicode/utf16"

	"github.com/emmansun/gmsm/pkcs8"
	"github.com/emmansun/gmsm/smx509"
)

// PKCS#12 as OpenSSL 3 writes it by default: the key in a shrouded bag
// (PBES2, PBKDF2-HMAC-SHA256, AES-256-CBC), the certificates in a plain bag,
// and an HMAC-SHA256 integrity MAC keyed by the PKCS#12 KDF. `openssl
// pkcs12` reads it without -legacy, and so do PKIjs and node-forge. gmsm has
// no general PKCS#12 writer (its cfca package writes CFCA's SM2 format,
// which OpenSSL does not read), hence this small one.

var (
	oidData            = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 7, 1}
	oidCertBag         = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 10, 1, 3}
	oidShroudedKeyBag  = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 12, 10, 1, 2}
	oidX509Certificate = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 22, 1}
	oidLocalKeyID      = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 21}
	oidFriendlyName    = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 20}
	oidSHA256          = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 1}
)

type contentInfo struct {
	ContentType asn1.ObjectIdentifier
	Content     asn1.RawValue `asn1:"explicit,optional,tag:0"`
}

type pfxAttribute struct {
	ID     asn1.ObjectIdentifier
	Values asn1.RawValue // a SET, tagged by hand
}

type safeBag struct {
	ID         asn1.ObjectIdentifier
	Value      asn1.RawValue  `asn1:"explicit,tag:0"`
	Attributes []pfxAttribute `asn1:"set,optional"`
}

type certBag struct {
	ID   asn1.ObjectIdentifier
	Data []byte `asn1:"explicit,tag:0"`
}

type digestInfo struct {
	Algorithm pkix.AlgorithmIdentifier
	Digest    []byte
}

type macData struct {
	Mac        digestInfo
	MacSalt    []byte
	Iterations int `asn1:"optional,default:1"`
}

type pfxPdu struct {
	Version  int
	AuthSafe contentInfo
	MacData  macData `asn1:"optional"`
}

const pfxIterations = 2048

// MarshalPFX encodes key and cert (with the chain after it) as a .pfx
// protected by password.
func MarshalPFX(key crypto.Signer, cert *smx509.Certificate, chain []*smx509.Certificate, password string, friendlyName string) ([]byte, error) {
	if password == "" {
		return nil, errors.New("a .pfx needs a password")
	}
	keyID := sha256.Sum256(cert.Raw)
	localKeyID, err := attr(oidLocalKeyID, keyID[:8])
	if err != nil {
		return nil, err
	}
	attrs := []pfxAttribute{localKeyID}
	if friendlyName != "" {
		// friendlyName is a BMPString, written by hand (encoding/asn1 has
		// no BMPString).
		attrs = append(attrs, pfxAttribute{ID: oidFriendlyName, Values: asn1.RawValue{Tag: 17, IsCompound: true, Bytes: bmpString(friendlyName)}})
	}

	var certBags []safeBag
	for i, c := range append([]*smx509.Certificate{cert}, chain...) {
		b, err := asn1.Marshal(certBag{ID: oidX509Certificate, Data: c.Raw})
		if err != nil {
			return nil, err
		}
		bag := safeBag{ID: oidCertBag, Value: asn1.RawValue{FullBytes: explicit0(b)}}
		if i == 0 {
			bag.Attributes = attrs
		}
		certBags = append(certBags, bag)
	}
	encKey, err := pkcs8.MarshalPrivateKey(key, []byte(password), nil)
	if err != nil {
		return nil, err
	}
	keyBags := []safeBag{{ID: oidShroudedKeyBag, Value: asn1.RawValue{FullBytes: explicit0(encKey)}, Attributes: attrs}}

	var safes []contentInfo
	for _, bags := range [][]safeBag{certBags, keyBags} {
		sc, err := asn1.Marshal(bags)
		if err != nil {
			return nil, err
		}
		ci, err := dataInfo(sc)
		if err != nil {
			return nil, err
		}
		safes = append(safes, ci)
	}
	authSafe, err := asn1.Marshal(safes)
	if err != nil {
		return nil, err
	}
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return nil, err
	}
	macKey := pkcs12KDF(bmpPassword(password), salt, pfxIterations, 3, 32)
	mac := hmac.New(sha256.New, macKey)
	mac.Write(authSafe)
	outer, err := dataInfo(authSafe)
	if err != nil {
		return nil, err
	}
	return asn1.Marshal(pfxPdu{Version: 3, AuthSafe: outer, MacData: macData{
		Mac:     digestInfo{Algorithm: pkix.AlgorithmIdentifier{Algorithm: oidSHA256, Parameters: asn1.NullRawValue}, Digest: mac.Sum(nil)},
		MacSalt: salt, Iterations: pfxIterations,
	}})
}

func attr(id asn1.ObjectIdentifier, octets []byte) (pfxAttribute, error) {
	v, err := asn1.Marshal(octets)
	if err != nil {
		return pfxAttribute{}, err
	}
	return pfxAttribute{ID: id, Values: asn1.RawValue{Tag: 17, IsCompound: true, Bytes: v}}, nil
}

// explicit0 wraps DER in a [0] EXPLICIT tag.
func explicit0(der []byte) []byte {
	b, _ := asn1.Marshal(asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: der})
	return b
}

// dataInfo is a ContentInfo of type data holding content as an OCTET STRING.
func dataInfo(content []byte) (contentInfo, error) {
	os, err := asn1.Marshal(content)
	if err != nil {
		return contentInfo{}, err
	}
	return contentInfo{ContentType: oidData, Content: asn1.RawValue{Class: asn1.ClassContextSpecific, Tag: 0, IsCompound: true, Bytes: os}}, nil
}

// bmpString is the DER of a BMPString (UTF-16BE).
func bmpString(s string) []byte {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 0, 2*len(u))
	for _, r := range u {
		b = append(b, byte(r>>8), byte(r))
	}
	out, _ := asn1.Marshal(asn1.RawValue{Tag: 30, Bytes: b})
	return out
}

// bmpPassword is the password as the PKCS#12 KDF takes it: UTF-16BE with
// a terminating zero (RFC 7292 B.1).
func bmpPassword(s string) []byte {
	u := utf16.Encode([]rune(s))
	b := make([]byte, 0, 2*len(u)+2)
	for _, r := range u {
		b = append(b, byte(r>>8), byte(r))
	}
	return append(b, 0, 0)
}

// pkcs12KDF is RFC 7292 appendix B.2 with SHA-256 (u = 32, v = 64).
func pkcs12KDF(password, salt []byte, iterations int, id byte, size int) []byte {
	const u, v = 32, 64
	fill := func(src []byte) []byte {
		if len(src) == 0 {
			return nil
		}
		n := v * ((len(src) + v - 1) / v)
		out := make([]byte, n)
		for i := range out {
			out[i] = src[i%len(src)]
		}
		return out
	}
	D := make([]byte, v)
	for i := range D {
		D[i] = id
	}
	I := append(fill(salt), fill(password)...)
	var out []byte
	for len(out) < size {
		h := sha256.New()
		h.Write(D)
		h.Write(I)
		A := h.Sum(nil)
		for range iterations - 1 {
			s := sha256.Sum256(A)
			A = s[:]
		}
		out = append(out, A...)
		if len(out) >= size {
			break
		}
		// I_j = (I_j + B + 1) mod 2^(8v) for each v-byte block of I.
		B := new(big.Int).SetBytes(fill(A)[:v])
		B.Add(B, big.NewInt(1))
		mod := new(big.Int).Lsh(big.NewInt(1), 8*v)
		for j := 0; j < len(I); j += v {
			Ij := new(big.Int).SetBytes(I[j : j+v])
			Ij.Add(Ij, B).Mod(Ij, mod)
			b := Ij.Bytes()
			blk := I[j : j+v]
			clear(blk)
			copy(blk[v-len(b):], b)
		}
	}
	return out[:size]
}
