package devca

import (
	"bufio"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// Dir is a development CA kept in the data directory: for each algorithm
// (rsa, sm2) a root certificate and key, the serials it issued and
// revoked, and its CRL:
//
//	DIR/<alg>/root.crt, root.key, issued.txt, revoked.txt, crl.pem
type Dir string

// Algs are the roots `bidpass ca init` makes.
var Algs = []Alg{RSA, SM2}

func (d Dir) path(alg Alg, name string) string { return filepath.Join(string(d), string(alg), name) }

// RootPath and CRLPath name the files the server trusts in dev mode.
func (d Dir) RootPath(alg Alg) string { return d.path(alg, "root.crt") }

// CRLPath is the CA's revocation list (PEM).
func (d Dir) CRLPath(alg Alg) string { return d.path(alg, "crl.pem") }

// Init makes the roots that do not exist yet (valid 20 years) and their
// empty CRLs; it reports which it made.
func (d Dir) Init(now time.Time) ([]Alg, error) {
	var made []Alg
	for _, alg := range Algs {
		if _, err := os.Stat(d.RootPath(alg)); err == nil {
			continue
		}
		if err := os.MkdirAll(filepath.Join(string(d), string(alg)), 0o700); err != nil {
			return made, err
		}
		ca, err := NewRoot(alg, pkix.Name{CommonName: "bidpass 开发测试CA (" + strings.ToUpper(string(alg)) + ")",
			Organization: []string{"bidpass development"}, Country: []string{"CN"}}, now.Add(-time.Hour), now.AddDate(20, 0, 0))
		if err != nil {
			return made, err
		}
		key, err := KeyPEM(ca.Key)
		if err != nil {
			return made, err
		}
		if err := os.WriteFile(d.path(alg, "root.key"), key, 0o600); err != nil {
			return made, err
		}
		if err := os.WriteFile(d.RootPath(alg), CertPEM(ca.Cert), 0o644); err != nil {
			return made, err
		}
		if err := d.writeCRL(ca, alg, nil, now); err != nil {
			return made, err
		}
		made = append(made, alg)
	}
	return made, nil
}

// Load reads the CA of alg.
func (d Dir) Load(alg Alg) (*Authority, error) {
	c, err := os.ReadFile(d.RootPath(alg))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("no development CA in %s: run `bidpass ca init` first", d)
	}
	if err != nil {
		return nil, err
	}
	k, err := os.ReadFile(d.path(alg, "root.key"))
	if err != nil {
		return nil, err
	}
	cert, err := ParseCertPEM(c)
	if err != nil {
		return nil, err
	}
	key, err := ParseKeyPEM(k)
	if err != nil {
		return nil, err
	}
	return &Authority{Cert: cert, Key: key}, nil
}

// RecordIssued notes a serial the CA of alg issued, so revoke can find it.
func (d Dir) RecordIssued(alg Alg, serial *big.Int) error {
	return appendLine(d.path(alg, "issued.txt"), fmt.Sprintf("%X", serial))
}

// Revoke adds serial (hex) to the CRL of the CA that issued it and
// rewrites that CRL; it returns the CA's algorithm.
func (d Dir) Revoke(serialHex string, now time.Time) (Alg, error) {
	serial, ok := new(big.Int).SetString(strings.TrimSpace(serialHex), 16)
	if !ok {
		return "", fmt.Errorf("%q is not a hexadecimal serial", serialHex)
	}
	want := fmt.Sprintf("%X", serial)
	for _, alg := range Algs {
		issued, err := readLines(d.path(alg, "issued.txt"))
		if err != nil {
			return "", err
		}
		if !slices.Contains(issued, want) {
			continue
		}
		ca, err := d.Load(alg)
		if err != nil {
			return "", err
		}
		revoked, err := readLines(d.path(alg, "revoked.txt"))
		if err != nil {
			return "", err
		}
		if !slices.Contains(revoked, want) {
			revoked = append(revoked, want)
			if err := appendLine(d.path(alg, "revoked.txt"), want); err != nil {
				return "", err
			}
		}
		var serials []*big.Int
		for _, s := range revoked {
			n, _ := new(big.Int).SetString(s, 16)
			serials = append(serials, n)
		}
		return alg, d.writeCRL(ca, alg, serials, now)
	}
	return "", fmt.Errorf("serial %s was not issued by the development CA in %s", want, d)
}

func (d Dir) writeCRL(ca *Authority, alg Alg, serials []*big.Int, now time.Time) error {
	der, err := ca.CRL(serials, now.UnixMilli(), now.Add(-time.Minute), now.AddDate(0, 0, 7))
	if err != nil {
		return err
	}
	tmp := d.CRLPath(alg) + ".tmp"
	if err := os.WriteFile(tmp, pem.EncodeToMemory(&pem.Block{Type: "X509 CRL", Bytes: der}), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, d.CRLPath(alg))
}

func appendLine(path, line string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintln(f, line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		if l := strings.TrimSpace(s.Text()); l != "" {
			out = append(out, l)
		}
	}
	return out, s.Err()
}
