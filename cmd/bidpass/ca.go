package main

import (
	"context"
	"crypto/x509/pkix"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/certificate/devca"
	"bidpass/internal/config"
)

func init() { commands["ca"] = caCommand }

const caUsage = `Usage:
  bidpass ca init [settings flags]
  bidpass ca issue --account NAME --alg rsa|sm2 --out FILE.pfx --password PW
                   [--days N] [--not-before YYYY-MM-DD] [settings flags]
  bidpass ca revoke --serial HEX [settings flags]

A development CA in DATA_DIR/devca, so every certificate path can be tried
on one machine. init makes an RSA and an SM2 root (the server trusts them,
and reads their CRLs, in --dev mode only). issue writes a .pfx (readable by
openssl pkcs12) whose owner name (CN) is the account's verified person or
enterprise name; --days defaults to 365, --not-before to today (China time).
revoke adds a serial to the CRL of the root that issued it; a running
server sees it at its next CRL refresh (BIDPASS_CA_CRL_REFRESH).
`

var chinaTime = time.FixedZone("CST", 8*3600)

// caCommand implements `bidpass ca init|issue|revoke`.
func caCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, caUsage)
		return errors.New("usage: bidpass ca init|issue|revoke …")
	}
	switch args[0] {
	case "init":
		return caInit(args[1:], getenv, stdout)
	case "issue":
		return caIssue(ctx, args[1:], getenv, stdout, stderr)
	case "revoke":
		return caRevoke(args[1:], getenv, stdout, stderr)
	}
	fmt.Fprint(stderr, caUsage)
	return fmt.Errorf("unknown ca command %q", args[0])
}

// devCADir is where the development CA lives in the data directory.
func devCADir(cfg *config.Config) devca.Dir { return devca.Dir(app.DevCADir(cfg)) }

// ensureDevCA makes the development CA in dev mode's data directory when it
// is not there yet, saying so in one line.
func ensureDevCA(cfg *config.Config, stdout io.Writer) error {
	d := devCADir(cfg)
	made, err := d.Init(time.Now())
	if err != nil {
		return fmt.Errorf("development CA: %w", err)
	}
	if len(made) > 0 {
		fmt.Fprintf(stdout, "development CA created in %s: certificate sign-in trusts it (bidpass ca issue makes a certificate)\n", string(d))
	}
	return nil
}

func caInit(args []string, getenv func(string) string, stdout io.Writer) error {
	cfg, err := config.Load(args, getenv)
	if err != nil {
		return err
	}
	d := devCADir(cfg)
	made, err := d.Init(time.Now())
	if err != nil {
		return err
	}
	for _, alg := range devca.Algs {
		state := "exists"
		for _, m := range made {
			if m == alg {
				state = "created"
			}
		}
		fmt.Fprintf(stdout, "%s root %s: %s\n", alg, state, d.RootPath(alg))
	}
	return nil
}

func caIssue(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	own := map[string]string{"account": "", "alg": "", "out": "", "password": "", "days": "365", "not-before": ""}
	rest, err := takeFlags(args, own)
	if err != nil {
		fmt.Fprint(stderr, caUsage)
		return err
	}
	alg := devca.Alg(own["alg"])
	if alg != devca.RSA && alg != devca.SM2 {
		return errors.New("--alg must be rsa or sm2")
	}
	if own["account"] == "" || own["out"] == "" || own["password"] == "" {
		fmt.Fprint(stderr, caUsage)
		return errors.New("--account, --out and --password are required")
	}
	days, err := strconv.Atoi(own["days"])
	if err != nil || days < 1 {
		return errors.New("--days must be a whole number of at least 1")
	}
	notBefore := time.Now().Add(-time.Minute)
	if nb := own["not-before"]; nb != "" {
		if notBefore, err = time.ParseInLocation("2006-01-02", nb, chinaTime); err != nil {
			return errors.New("--not-before must be YYYY-MM-DD")
		}
	}
	a, err := openApp(ctx, rest, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	acc, err := a.DB.AccountByName(ctx, own["account"])
	if errors.Is(err, account.ErrNotFound) {
		return fmt.Errorf("no account %q", own["account"])
	} else if err != nil {
		return err
	}
	name, err := verifiedName(ctx, a.DB, acc)
	if err != nil {
		return err
	}
	d := devCADir(a.Config)
	ca, err := d.Load(alg)
	if err != nil {
		return err
	}
	serial := devca.RandomSerial()
	subject := pkix.Name{CommonName: name, Country: []string{"CN"}}
	if acc.Type == account.Enterprise {
		subject.Organization = []string{name}
	}
	cert, key, err := ca.Issue(alg, subject, serial, notBefore, notBefore.AddDate(0, 0, days))
	if err != nil {
		return err
	}
	if err := d.RecordIssued(alg, serial); err != nil {
		return err
	}
	pfx, err := devca.MarshalPFX(key, cert, []*smx509.Certificate{ca.Cert}, own["password"], name)
	if err != nil {
		return err
	}
	if err := os.WriteFile(own["out"], pfx, 0o600); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "issued %s certificate for %s (account %s)\nserial %X\nvalid %s to %s\nwritten to %s\n",
		alg, name, acc.Name, serial, cert.NotBefore.In(chinaTime).Format(time.DateTime), cert.NotAfter.In(chinaTime).Format(time.DateTime), own["out"])
	return nil
}

// verifiedName is the account's verified person or enterprise name.
func verifiedName(ctx context.Context, db interface {
	PersonProfile(ctx context.Context, id int64) (account.PersonProfile, error)
	EnterpriseProfile(ctx context.Context, id int64) (account.EnterpriseProfile, error)
}, a account.Account) (string, error) {
	var name string
	if a.Type == account.Enterprise {
		p, err := db.EnterpriseProfile(ctx, a.ID)
		if err != nil && !errors.Is(err, account.ErrNotFound) {
			return "", err
		}
		name = p.Name
	} else {
		p, err := db.PersonProfile(ctx, a.ID)
		if err != nil && !errors.Is(err, account.ErrNotFound) {
			return "", err
		}
		name = p.RealName
	}
	if name == "" {
		return "", fmt.Errorf("account %q has no real name or enterprise name yet", a.Name)
	}
	return name, nil
}

func caRevoke(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	own := map[string]string{"serial": ""}
	rest, err := takeFlags(args, own)
	if err != nil || own["serial"] == "" {
		fmt.Fprint(stderr, caUsage)
		return errors.New("--serial is required")
	}
	cfg, err := config.Load(rest, getenv)
	if err != nil {
		return err
	}
	d := devCADir(cfg)
	alg, err := d.Revoke(own["serial"], time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "revoked %s by the %s root; CRL %s\n", own["serial"], alg, d.CRLPath(alg))
	return nil
}
