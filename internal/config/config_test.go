package config

import (
	"os"
	"strings"
	"testing"
	"time"

	"bidpass/internal/sso"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load(nil, env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DatabaseURL != "data/bidpass.db" || c.FilesDir != "data/files" || c.Dev {
		t.Fatalf("defaults: %+v", c)
	}
	if c.SessionIdle != 30*time.Minute || c.SessionAbsolute != 12*time.Hour || c.StaffSessionIdle != 15*time.Minute ||
		c.StaffSessionAbsolute != 8*time.Hour || !c.JSONLogs() {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestFlagBeatsEnvironment(t *testing.T) {
	c, err := Load([]string{"--dev", "--addr", "127.0.0.1:0"}, env(map[string]string{"BIDPASS_ADDR": "0.0.0.0:9", "BIDPASS_DEV": "false"}))
	if err != nil {
		t.Fatal(err)
	}
	if !c.Dev || c.Addr != "127.0.0.1:0" || c.JSONLogs() {
		t.Fatalf("got %+v", c)
	}
}

func TestInvalidNamesTheSetting(t *testing.T) {
	cases := map[string]map[string]string{
		"BIDPASS_ADDR":              {"BIDPASS_ADDR": "nonsense"},
		"BIDPASS_REDIS_URL":         {"BIDPASS_REDIS_URL": "localhost:6379"},
		"BIDPASS_PUBLIC_URL":        {"BIDPASS_PUBLIC_URL": "example.com"},
		"BIDPASS_DEV":               {"BIDPASS_DEV": "yes please"},
		"BIDPASS_SESSION_IDLE":      {"BIDPASS_SESSION_IDLE": "-1s"},
		"BIDPASS_AUTHORIZE_CLIENTS": {"BIDPASS_AUTHORIZE_CLIENTS": "app=/relative"},
		"BIDPASS_TRUSTED_PROXIES":   {"BIDPASS_TRUSTED_PROXIES": "10.0.0.1"},
	}
	for name, e := range cases {
		_, err := Load(nil, env(e))
		if err == nil || !strings.Contains(err.Error(), name) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v should name the setting on one line", name, err)
		}
	}
}

func TestDocListsEverySetting(t *testing.T) {
	var b strings.Builder
	if err := WriteDoc(&b); err != nil {
		t.Fatal(err)
	}
	for _, s := range settings {
		if !strings.Contains(b.String(), s.env()) {
			t.Errorf("doc misses %s", s.env())
		}
	}
}

// TestConfigurationDocIsTrue fails when a setting is missing from
// docs/configuration.md or its default there is stale.
func TestConfigurationDocIsTrue(t *testing.T) {
	b, err := os.ReadFile("../../docs/configuration.md")
	if err != nil {
		t.Fatal(err)
	}
	var table strings.Builder
	if err := WriteDoc(&table); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(table.String()), "\n") {
		if !strings.Contains(string(b), line) {
			t.Errorf("docs/configuration.md lacks or differs on: %s\n(run make docs)", line)
		}
	}
}

// TestS3Files: BIDPASS_FILES=s3 needs the endpoint, bucket and keys, and
// takes the secret from a file when only the file is given (a mounted
// Kubernetes secret).
func TestS3Files(t *testing.T) {
	secret := t.TempDir() + "/s3-secret"
	if err := os.WriteFile(secret, []byte("from-the-file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	base := map[string]string{
		"BIDPASS_FILES": "s3", "BIDPASS_S3_ENDPOINT": "http://minio:9000/", "BIDPASS_S3_BUCKET": "bidpass-files",
		"BIDPASS_S3_ACCESS_KEY": "bidpass", "BIDPASS_S3_SECRET_KEY_FILE": secret, "BIDPASS_S3_PATH_STYLE": "true",
	}
	c, err := Load(nil, env(base))
	if err != nil {
		t.Fatal(err)
	}
	want := S3{Endpoint: "http://minio:9000", Bucket: "bidpass-files", Region: "us-east-1", AccessKey: "bidpass",
		SecretKey: "from-the-file", SecretKeyFile: secret, PathStyle: true}
	if c.Files != "s3" || c.S3 != want {
		t.Fatalf("got %s %+v", c.Files, c.S3)
	}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for a, b := range base {
			m[a] = b
		}
		m[k] = v
		return m
	}
	for _, tt := range []struct {
		env  map[string]string
		want string
	}{
		{with("BIDPASS_S3_BUCKET", ""), "s3 needs BIDPASS_S3_BUCKET"},
		{with("BIDPASS_S3_ENDPOINT", ""), "s3 needs BIDPASS_S3_ENDPOINT"},
		{with("BIDPASS_S3_ENDPOINT", "minio:9000"), "BIDPASS_S3_ENDPOINT"},
		{with("BIDPASS_S3_SECRET_KEY_FILE", ""), "s3 needs BIDPASS_S3_SECRET_KEY"},
		{with("BIDPASS_S3_SECRET_KEY_FILE", secret+".missing"), "BIDPASS_S3_SECRET_KEY_FILE"},
		{with("BIDPASS_FILES", "nfs"), "BIDPASS_FILES"},
	} {
		if _, err := Load(nil, env(tt.env)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("got %v, want an error naming %s", err, tt.want)
		}
	}
	if c, err := Load(nil, env(with("BIDPASS_FILES", "disk"))); err != nil || c.Files != "disk" {
		t.Errorf("disk with S3 settings left over: %v", err)
	}
}

// TestOIDCKeyRotationDelayMin: the setting's minimum is the provider's
// (config cannot import sso).
func TestOIDCKeyRotationDelayMin(t *testing.T) {
	if OIDCKeyRotationDelayMin != sso.KeyRotationDelayMin {
		t.Fatalf("config %s, sso %s", OIDCKeyRotationDelayMin, sso.KeyRotationDelayMin)
	}
	if _, err := Load([]string{"--oidc-key-rotation-delay", "30s"}, func(string) string { return "" }); err == nil {
		t.Fatal("a delay shorter than a relying party's JWKS refetch was accepted")
	}
	c, err := Load([]string{"--oidc-key-rotate-every", "0"}, func(string) string { return "" })
	if err != nil || c.OIDCKeyRotateEvery != 0 || c.OIDCKeyRotationDelay != 10*time.Minute {
		t.Fatalf("rotation off: %v %+v", err, c)
	}
}
