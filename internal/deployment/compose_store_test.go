package deployment

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"bidpass/internal/config"
	"bidpass/internal/files"
	"bidpass/internal/files/s3test"
)

// TestComposeStoreWiring runs the compose file's S3 store as the compose
// file runs it (versitygw with the s3 service's command and environment,
// the volume a temporary directory, the bucket made by the s3-bucket
// service's command) and points bidpass at it with bidpass-1's settings:
// the store answers its health check, bidpass's start check passes and a
// file goes in and out. Only the host names and the volume path are
// replaced; a wrong flag, variable name, bucket or key fails here.
func TestComposeStoreWiring(t *testing.T) {
	var doc struct {
		Services map[string]struct {
			Command     []string
			Entrypoint  []string
			Environment map[string]string
			Healthcheck struct{ Test []string }
		}
	}
	if err := yaml.Unmarshal(read(t, "deploy/docker-compose.yaml"), &doc); err != nil {
		t.Fatal(err)
	}
	store, bucket, bidpass := doc.Services["s3"], doc.Services["s3-bucket"], doc.Services["bidpass-1"]
	vars := map[string]string{"S3_SECRET_KEY": "compose-secret-of-the-test"} // what deploy/.env would say
	ref := regexp.MustCompile(`\$\{([A-Z0-9_]+)(:-([^}]*))?\}`)
	subst := func(v string) string {
		return ref.ReplaceAllStringFunc(v, func(m string) string {
			p := ref.FindStringSubmatch(m)
			if x, ok := vars[p[1]]; ok {
				return x
			}
			if p[3] != "" {
				return p[3]
			}
			return "set-in-env"
		})
	}
	volume := t.TempDir()
	addr := s3test.FreeAddr(t)
	local := func(v string) string {
		v = strings.ReplaceAll(v, "/data", volume)
		return strings.ReplaceAll(strings.ReplaceAll(v, "http://s3:7070", "http://"+addr), ":7070", addr)
	}

	if len(bucket.Entrypoint) != 3 || bucket.Entrypoint[0] != "sh" {
		t.Fatalf("s3-bucket entry point %v: want sh -c …", bucket.Entrypoint)
	}
	if out, err := exec.Command("sh", "-c", local(bucket.Entrypoint[2])).CombinedOutput(); err != nil {
		t.Fatalf("s3-bucket: %v %s", err, out)
	}
	var args, env []string
	for _, a := range store.Command {
		args = append(args, local(a))
	}
	for k, v := range store.Environment {
		env = append(env, k+"="+subst(v))
	}
	s3test.RunVersityGW(t, addr, args, env)

	health := store.Healthcheck.Test
	if len(health) == 0 || !strings.HasPrefix(health[len(health)-1], "http://127.0.0.1:7070/") {
		t.Fatalf("s3 health check %v: want an http probe of the store's port", health)
	}
	resp, err := http.Get("http://" + addr + strings.TrimPrefix(health[len(health)-1], "http://127.0.0.1:7070"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the store's health check: %v %v", resp, err)
	}
	resp.Body.Close()

	cfg, err := config.Load(nil, func(k string) string { return local(subst(bidpass.Environment[k])) })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Files != "s3" {
		t.Fatalf("bidpass-1 keeps files on %q", cfg.Files)
	}
	blobs, err := files.NewS3(files.S3Config{Endpoint: cfg.S3.Endpoint, Bucket: cfg.S3.Bucket, Region: cfg.S3.Region,
		AccessKey: cfg.S3.AccessKey, SecretKey: cfg.S3.SecretKey, PathStyle: cfg.S3.PathStyle, SpoolDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := blobs.Check(ctx); err != nil {
		t.Fatalf("bidpass-1's start check against the compose store: %v", err)
	}
	key := strings.Repeat("5", 32)
	if _, err := blobs.Put(ctx, key, strings.NewReader("a photo")); err != nil {
		t.Fatal(err)
	}
	rc, err := blobs.Open(ctx, key)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(rc)
	rc.Close()
	if !bytes.Equal(got, []byte("a photo")) {
		t.Fatalf("read back %q", got)
	}
}
