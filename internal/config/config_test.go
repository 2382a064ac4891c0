package config

import (
	"os"
	"strings"
	"testing"
	"time"
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
	if c.SessionIdle != 2*time.Hour || c.SessionAbsolute != 12*time.Hour || !c.JSONLogs() {
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
