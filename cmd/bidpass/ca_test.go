package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDevCA: ca init makes the roots, ca issue a .pfx that OpenSSL opens,
// whose owner is the account's verified name, and ca revoke puts the serial
// on the CRL.
func TestDevCA(t *testing.T) {
	dir := t.TempDir()
	getenv := func(k string) string {
		if k == "BIDPASS_DATA_KEY" {
			return testDataKey
		}
		if k == "BIDPASS_DATA_DIR" {
			return dir
		}
		return ""
	}
	ctx := context.Background()
	cli := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := run(ctx, args, getenv, &out, io.Discard)
		return out.String(), err
	}
	if _, err := cli("ca", "issue", "--account", "x", "--alg", "rsa", "--out", "x.pfx", "--password", "p"); err == nil {
		t.Fatal("issue before init")
	}
	if out, err := cli("ca", "init"); err != nil || strings.Count(out, "created") != 2 {
		t.Fatalf("init: %q %v", out, err)
	}
	if out, err := cli("ca", "init"); err != nil || strings.Count(out, "exists") != 2 {
		t.Fatalf("second init keeps the roots: %q %v", out, err)
	}
	if _, err := cli("account", "create", "--type", "enterprise", "--account", "gongsi01", "--password", "Passw0rd!Abc12",
		"--phone", "13800000009", "--auth-state", "1", "--name", "某某路桥建设有限公司"); err != nil {
		t.Fatal(err)
	}
	if _, err := cli("account", "create", "--type", "person", "--account", "noname01", "--password", "Passw0rd1", "--phone", "13800000008"); err != nil {
		t.Fatal(err)
	}
	if _, err := cli("ca", "issue", "--account", "noname01", "--alg", "sm2", "--out", filepath.Join(dir, "n.pfx"), "--password", "p"); err == nil || !strings.Contains(err.Error(), "no real name") {
		t.Fatalf("an account without a verified name: %v", err)
	}
	for _, alg := range []string{"rsa", "sm2"} {
		pfx := filepath.Join(dir, alg+".pfx")
		out, err := cli("ca", "issue", "--account", "gongsi01", "--alg", alg, "--out", pfx, "--password", "Secret1", "--days", "30")
		if err != nil {
			t.Fatal(err)
		}
		serial := regexp.MustCompile(`serial ([0-9A-F]+)`).FindStringSubmatch(out)
		if serial == nil {
			t.Fatalf("no serial in %q", out)
		}
		openssl, err := exec.LookPath("openssl")
		if err != nil {
			t.Skip("SKIP: openssl not installed")
		}
		pem, err := exec.Command(openssl, "pkcs12", "-in", pfx, "-passin", "pass:Secret1", "-nokeys", "-clcerts").CombinedOutput()
		if err != nil {
			t.Fatalf("openssl pkcs12: %v\n%s", err, pem)
		}
		text, err := runStdin(openssl, pem, "x509", "-noout", "-subject", "-serial", "-nameopt", "utf8")
		if err != nil || !strings.Contains(text, "CN=某某路桥建设有限公司") || !strings.Contains(strings.Replace(text, "serial=0", "serial=", 1), "serial="+serial[1]) {
			t.Fatalf("certificate: %q %v", text, err)
		}
		if _, err := cli("ca", "revoke", "--serial", serial[1]); err != nil {
			t.Fatal(err)
		}
		crl, err := exec.Command(openssl, "crl", "-in", filepath.Join(dir, "devca", alg, "crl.pem"), "-noout", "-text").CombinedOutput()
		if err != nil || !strings.Contains(strings.ReplaceAll(string(crl), ":", ""), serial[1]) {
			t.Fatalf("CRL does not list %s: %v\n%s", serial[1], err, crl)
		}
	}
	if _, err := cli("ca", "revoke", "--serial", "ABCDEF"); err == nil {
		t.Fatal("revoked a serial the CA never issued")
	}
}

func runStdin(bin string, stdin []byte, args ...string) (string, error) {
	f, err := os.CreateTemp("", "stdin")
	if err != nil {
		return "", err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(stdin); err != nil {
		return "", err
	}
	if _, err := f.Seek(0, 0); err != nil {
		return "", err
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdin = f
	out, err := cmd.CombinedOutput()
	return string(out), err
}
