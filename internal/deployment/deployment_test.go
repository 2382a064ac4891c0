// Package deployment checks the deployment files under deploy/ and the
// Dockerfile: they parse, carry what a platform team relies on (a non-root
// user, a read-only root, the probes, the disruption budget), and name only
// settings bidpass knows. docker build runs only where a daemon answers.
package deployment

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"bidpass/internal/config"
)

const root = "../.."

func read(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDockerfile: a static build, distroless final stage, a numeric
// non-root user, the binary as entry point.
func TestDockerfile(t *testing.T) {
	var stages []string
	var user, entry string
	cgoOff := false
	sc := bufio.NewScanner(bytes.NewReader(read(t, "Dockerfile")))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "FROM "):
			stages = append(stages, line)
			user = "" // USER applies to its stage
		case strings.HasPrefix(line, "USER "):
			user = strings.TrimSpace(strings.TrimPrefix(line, "USER "))
		case strings.HasPrefix(line, "ENTRYPOINT "):
			entry = line
		case strings.Contains(line, "CGO_ENABLED=0") && strings.Contains(line, "go build"):
			cgoOff = true
		}
	}
	if len(stages) < 2 || !strings.Contains(stages[len(stages)-1], "distroless/static") {
		t.Errorf("final stage %v: want distroless/static", stages)
	}
	uid, _, _ := strings.Cut(user, ":")
	if uid == "" || uid == "0" || uid == "root" || !regexp.MustCompile(`^\d+$`).MatchString(uid) {
		t.Errorf("final USER %q: want a numeric non-root uid (Kubernetes runAsNonRoot checks the number)", user)
	}
	if !cgoOff {
		t.Error("the binary is not built with CGO_ENABLED=0 (static)")
	}
	if !strings.Contains(entry, `"/bidpass"`) {
		t.Errorf("entry point %q", entry)
	}
}

// TestCompose: two bidpass instances behind the proxy, with PostgreSQL,
// Redis and an S3-compatible store holding the files; each instance
// non-root, read-only, probed, and wired to the store with the keys the
// store is started with.
func TestCompose(t *testing.T) {
	var doc struct {
		Services map[string]struct {
			Image       string
			Command     []string
			User        string
			ReadOnly    bool `yaml:"read_only"`
			Environment map[string]string
			Healthcheck map[string]any
			DependsOn   any `yaml:"depends_on"` // a list or a map of conditions
		}
	}
	if err := yaml.Unmarshal(read(t, "deploy/docker-compose.yaml"), &doc); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"bidpass-1", "bidpass-2", "proxy", "postgres", "redis", "s3"} {
		if _, ok := doc.Services[name]; !ok {
			t.Errorf("service %s missing", name)
		}
	}
	for _, name := range []string{"bidpass-1", "bidpass-2"} {
		s := doc.Services[name]
		if uid, _, _ := strings.Cut(s.User, ":"); uid == "" || uid == "0" {
			t.Errorf("%s runs as %q", name, s.User)
		}
		if !s.ReadOnly || s.Healthcheck == nil {
			t.Errorf("%s: read_only %v, healthcheck %v", name, s.ReadOnly, s.Healthcheck)
		}
		for _, k := range []string{"BIDPASS_DATABASE_URL", "BIDPASS_REDIS_URL", "BIDPASS_DATA_KEY", "BIDPASS_FILES_DIR",
			"BIDPASS_S3_ENDPOINT", "BIDPASS_S3_BUCKET", "BIDPASS_S3_ACCESS_KEY", "BIDPASS_S3_SECRET_KEY"} {
			if s.Environment[k] == "" {
				t.Errorf("%s lacks %s", name, k)
			}
		}
		store := doc.Services["s3"]
		if s.Environment["BIDPASS_FILES"] != "s3" || s.Environment["BIDPASS_S3_PATH_STYLE"] != "true" ||
			!strings.HasPrefix(s.Environment["BIDPASS_S3_ENDPOINT"], "http://s3:") {
			t.Errorf("%s does not keep its files in the s3 service: %v", name, s.Environment)
		}
		if port := strings.TrimPrefix(s.Environment["BIDPASS_S3_ENDPOINT"], "http://s3"); !slices.Contains(store.Command, port) {
			t.Errorf("%s reaches the store at %s; the store listens at %v", name, s.Environment["BIDPASS_S3_ENDPOINT"], store.Command)
		}
		if s.Environment["BIDPASS_S3_ACCESS_KEY"] != store.Environment["ROOT_ACCESS_KEY_ID"] ||
			s.Environment["BIDPASS_S3_SECRET_KEY"] != store.Environment["ROOT_SECRET_ACCESS_KEY"] {
			t.Errorf("%s signs with other keys than the store accepts", name)
		}
		deps, _ := s.DependsOn.(map[string]any)
		for _, dep := range []string{"postgres", "redis", "s3"} {
			if _, ok := deps[dep]; !ok {
				t.Errorf("%s does not wait for %s", name, dep)
			}
		}
	}
	conf := string(read(t, "deploy/nginx.conf"))
	if !strings.Contains(conf, "server bidpass-1:8080") || !strings.Contains(conf, "server bidpass-2:8080") {
		t.Error("nginx.conf does not balance over both instances")
	}
}

// TestKubernetes: Deployment (probes, non-root, read-only root), Service,
// PodDisruptionBudget, and the keys in a Secret.
func TestKubernetes(t *testing.T) {
	dec := yaml.NewDecoder(bytes.NewReader(read(t, "deploy/k8s/bidpass.yaml")))
	kinds := map[string]map[string]any{}
	for {
		var m map[string]any
		err := dec.Decode(&m)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		kind, _ := m["kind"].(string)
		if kind == "" || m["apiVersion"] == nil || dig(m, "metadata", "name") == nil {
			t.Fatalf("a document without kind, apiVersion or name: %v", m)
		}
		kinds[kind] = m
	}
	for _, k := range []string{"Deployment", "Service", "PodDisruptionBudget", "Secret", "ConfigMap"} {
		if kinds[k] == nil {
			t.Errorf("no %s", k)
		}
	}
	d := kinds["Deployment"]
	if d == nil {
		return
	}
	spec := dig(d, "spec", "template", "spec").(map[string]any)
	if dig(spec, "securityContext", "runAsNonRoot") != true {
		t.Error("pod not runAsNonRoot")
	}
	c := spec["containers"].([]any)[0].(map[string]any)
	if dig(c, "readinessProbe", "httpGet", "path") != "/readyz" || dig(c, "livenessProbe", "httpGet", "path") != "/healthz" {
		t.Errorf("probes: readiness %v, liveness %v", dig(c, "readinessProbe"), dig(c, "livenessProbe"))
	}
	if dig(c, "securityContext", "readOnlyRootFilesystem") != true || dig(c, "securityContext", "allowPrivilegeEscalation") != false {
		t.Error("container root not read-only or escalation allowed")
	}
	for _, k := range []string{"BIDPASS_DATA_KEY", "BIDPASS_S3_ACCESS_KEY", "BIDPASS_S3_SECRET_KEY"} {
		if s := kinds["Secret"]; s != nil && dig(s, "stringData", k) == nil {
			t.Errorf("%s is not in the Secret", k)
		}
		if c := kinds["ConfigMap"]; c != nil && dig(c, "data", k) != nil {
			t.Errorf("%s is in the ConfigMap, readable by anyone who may read the settings", k)
		}
	}
	if c := kinds["ConfigMap"]; c != nil && (dig(c, "data", "BIDPASS_FILES") != "s3" || dig(c, "data", "BIDPASS_S3_BUCKET") == nil) {
		t.Error("the ConfigMap does not put the files in a bucket")
	}
	if p := kinds["PodDisruptionBudget"]; p != nil && dig(p, "spec", "minAvailable") == nil && dig(p, "spec", "maxUnavailable") == nil {
		t.Error("PodDisruptionBudget without a bound")
	}
}

// TestSystemdUnit: the unit starts the binary hardened, with the key as a
// credential.
func TestSystemdUnit(t *testing.T) {
	unit := string(read(t, "deploy/bidpass.service"))
	for _, want := range []string{"[Service]", "ExecStart=/usr/local/bin/bidpass serve", "NoNewPrivileges=yes",
		"ProtectSystem=strict", "DynamicUser=yes", "LoadCredential=data.key:", "BIDPASS_DATA_KEY_FILE=%d/data.key", "[Install]"} {
		if !strings.Contains(unit, want) {
			t.Errorf("bidpass.service lacks %q", want)
		}
	}
}

// TestSettingsKnown: every BIDPASS_* variable the deployment files set is a
// setting of bidpass (a typo would be silently ignored by a container).
func TestSettingsKnown(t *testing.T) {
	var doc bytes.Buffer
	if err := config.WriteDoc(&doc); err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, m := range regexp.MustCompile("`(BIDPASS_[A-Z0-9_]+)`").FindAllStringSubmatch(doc.String(), -1) {
		known[m[1]] = true
	}
	re := regexp.MustCompile(`\bBIDPASS_[A-Z0-9_]+\b`)
	for _, f := range []string{"Dockerfile", "deploy/docker-compose.yaml", "deploy/k8s/bidpass.yaml", "deploy/bidpass.service", "deploy/env.example"} {
		for _, v := range re.FindAllString(string(read(t, f)), -1) {
			if !known[v] {
				t.Errorf("%s sets %s, which bidpass does not know", f, v)
			}
		}
	}
}

// TestDockerBuild builds the image where a Docker daemon answers.
func TestDockerBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP docker build: -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := exec.LookPath("docker"); err != nil || exec.CommandContext(ctx, "docker", "info").Run() != nil {
		t.Skip("SKIP docker build: no Docker daemon answers here")
	}
	out, err := exec.Command("docker", "build", "-t", "bidpass:test", root).CombinedOutput()
	if err != nil {
		t.Fatalf("docker build: %v\n%s", err, out)
	}
	out, err = exec.Command("docker", "image", "inspect", "-f", "{{.Config.User}}", "bidpass:test").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" || strings.HasPrefix(string(out), "0") {
		t.Fatalf("image user %q (%v)", out, err)
	}
}

// dig walks nested maps by key.
func dig(m any, keys ...string) any {
	for _, k := range keys {
		mm, ok := m.(map[string]any)
		if !ok {
			return nil
		}
		m = mm[k]
	}
	return m
}
