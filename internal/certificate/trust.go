package certificate

import (
	"context"
	"encoding/pem"
	"fmt"
	"os"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/apperr"
)

// ReadCertificates reads every certificate of a PEM file (or one DER
// certificate).
func ReadCertificates(path string) ([]*smx509.Certificate, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []*smx509.Certificate
	for rest := raw; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			break
		}
		if b.Type != "CERTIFICATE" {
			continue
		}
		c, err := smx509.ParseCertificate(b.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		c, err := smx509.ParseCertificate(raw)
		if err != nil {
			return nil, fmt.Errorf("%s: no certificate (PEM or DER)", path)
		}
		out = append(out, c)
	}
	return out, nil
}

// NewTrust builds the trust of the configured CA certificates: the
// self-signed ones are roots, the others intermediates. The certificates
// are returned too, as the possible signers of CRLs.
func NewTrust(files []string, allowSHA1 bool) (*Trust, []*smx509.Certificate, error) {
	t := &Trust{Roots: smx509.NewCertPool(), Intermediates: smx509.NewCertPool(), AllowSHA1: allowSHA1}
	var all []*smx509.Certificate
	for _, f := range files {
		cs, err := ReadCertificates(f)
		if err != nil {
			return nil, nil, err
		}
		for _, c := range cs {
			if !c.IsCA {
				return nil, nil, fmt.Errorf("%s: %s is not a CA certificate", f, c.Subject)
			}
			if string(c.RawIssuer) == string(c.RawSubject) {
				t.Roots.AddCert(c)
			} else {
				t.Intermediates.AddCert(c)
			}
			all = append(all, c)
		}
	}
	return t, all, nil
}

// FileCRL is a CRL source read from a file.
func FileCRL(path string) CRLSource {
	return CRLSource{Name: path, Fetch: func(context.Context) ([]byte, error) { return os.ReadFile(path) }}
}

// ParseCertificateText reads a certificate an administrator pastes: PEM,
// or base64 DER.
func ParseCertificateText(s string) (*smx509.Certificate, error) {
	if b, _ := pem.Decode([]byte(s)); b != nil {
		if c, err := smx509.ParseCertificate(b.Bytes); err == nil {
			return c, nil
		}
		return nil, ErrCertText
	}
	der, err := decodeB64(s)
	if err != nil || len(der) == 0 {
		return nil, ErrCertText
	}
	c, err := smx509.ParseCertificate(der)
	if err != nil {
		return nil, ErrCertText
	}
	return c, nil
}

// ErrCertText refuses a pasted certificate that is neither PEM nor base64 DER.
var ErrCertText = apperr.Field("certificate", "证书格式错误，请粘贴 PEM 或 Base64 编码的证书")
