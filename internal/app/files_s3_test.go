package app_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/files"
	"bidpass/internal/files/s3test"
	"bidpass/internal/store/storetest"
)

// TestFilesOnS3AcrossInstances (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)"): two instances configured with
// BIDPASS_FILES=s3 and their own files directories (the spool) share one
// bucket: a file uploaded through one opens through the other, the sweep
// run by the other removes the object from the bucket, and a wrong secret
// stops the start with a line that says so. On SQLite and PostgreSQL, with
// the signed test server and with versitygw.
func TestFilesOnS3AcrossInstances(t *testing.T) {
	t.Run("gofakes3", func(t *testing.T) {
		srv := s3test.Start(t)
		filesOnS3AcrossInstances(t, srv.URL, srv.Objects)
		// One refusal: the start with the wrong secret; every other
		// request was signed right.
		if srv.Refused.Load() != 1 {
			t.Errorf("the store refused %d of the instances' requests, want 1", srv.Refused.Load())
		}
	})
	t.Run("versitygw", func(t *testing.T) {
		gw := s3test.StartVersityGW(t)
		filesOnS3AcrossInstances(t, gw.URL, gw.Objects)
	})
}

func filesOnS3AcrossInstances(t *testing.T, storeURL string, objects func(testing.TB) int) {
	open := func(t *testing.T, dbURL, secret string) (*app.App, error) {
		key := base64.StdEncoding.EncodeToString(make([]byte, 32))
		env := map[string]string{
			"BIDPASS_DATA_KEY": key, "BIDPASS_FILES": "s3", "BIDPASS_S3_ENDPOINT": storeURL,
			"BIDPASS_S3_BUCKET": s3test.Bucket, "BIDPASS_S3_ACCESS_KEY": s3test.AccessKey,
			"BIDPASS_S3_SECRET_KEY": secret, "BIDPASS_S3_PATH_STYLE": "true",
		}
		cfg, err := config.Load([]string{"--data-dir", t.TempDir(), "--database-url", dbURL}, func(k string) string { return env[k] })
		if err != nil {
			t.Fatal(err)
		}
		a, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler))
		if err == nil {
			t.Cleanup(a.Close)
		}
		return a, err
	}
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			dbURL := filepath.Join(t.TempDir(), "bidpass.db")
			if dialect == "postgres" {
				dbURL = storetest.PostgresURL(t)
			}
			one, err := open(t, dbURL, s3test.SecretKey)
			if err != nil {
				t.Fatal(err)
			}
			two, err := open(t, dbURL, s3test.SecretKey)
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			photo := append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0}, bytes.Repeat([]byte{7}, 300<<10)...)
			before := objects(t)
			f, err := one.Files.Upload(ctx, 41, files.KindPhoto, "正面.jpg", bytes.NewReader(photo))
			if err != nil {
				t.Fatal(err)
			}
			if n := objects(t); n != before+1 {
				t.Fatalf("%d objects in the bucket after one upload, want %d", n, before+1)
			}
			_, rc, err := two.Files.Open(ctx, files.Actor{AccountID: 41}, f.ID)
			if err != nil {
				t.Fatalf("the other instance cannot open the file: %v", err)
			}
			got, _ := io.ReadAll(rc)
			rc.Close()
			if !bytes.Equal(got, photo) {
				t.Fatalf("read %d bytes through the other instance, want %d", len(got), len(photo))
			}
			// Never attached: a sweep with no grace period removes it.
			if n, err := two.Files.Sweep(ctx, 0); err != nil || n != 1 {
				t.Fatalf("sweep removed %d (%v), want 1", n, err)
			}
			if n := objects(t); n != before {
				t.Errorf("%d objects after the sweep, want %d", n, before)
			}
			if _, _, err := one.Files.Open(ctx, files.Actor{AccountID: 41}, f.ID); !errors.Is(err, files.ErrFileNotFound) {
				t.Errorf("swept file opens: %v", err)
			}
		})
	}
	t.Run("wrong secret", func(t *testing.T) {
		_, err := open(t, filepath.Join(t.TempDir(), "bidpass.db"), "not the secret")
		if err == nil || !strings.Contains(err.Error(), "BIDPASS_FILES=s3") || !strings.Contains(err.Error(), "refused the access key") {
			t.Fatalf("start with a wrong secret: %v", err)
		}
	})
}
