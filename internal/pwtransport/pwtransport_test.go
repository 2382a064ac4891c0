package pwtransport_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/pwtransport"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

func TestKeyring(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
		eph := ephemeral.NewMemory(clk)
		k := pwtransport.New(db, eph, clk)
		id, pub, err := k.Current(ctx)
		if err != nil {
			t.Fatal(err)
		}

		t.Run("round trip once", func(t *testing.T) {
			ct, err := pwtransport.Encrypt(pub, "Secret123!", clk.Now(), "nonce-0001")
			if err != nil {
				t.Fatal(err)
			}
			pw, err := k.Decrypt(ctx, id, ct)
			if err != nil || pw != "Secret123!" {
				t.Fatalf("Decrypt = %q, %v", pw, err)
			}
			if _, err := k.Decrypt(ctx, id, ct); !errors.Is(err, pwtransport.ErrStale) {
				t.Fatalf("replayed value: err = %v, want ErrStale", err)
			}
		})

		t.Run("stale value refused", func(t *testing.T) {
			ct, _ := pwtransport.Encrypt(pub, "Secret123!", clk.Now().Add(-pwtransport.MaxAge-time.Second), "nonce-0002")
			if _, err := k.Decrypt(ctx, id, ct); !errors.Is(err, pwtransport.ErrStale) {
				t.Fatalf("err = %v, want ErrStale", err)
			}
			ct, _ = pwtransport.Encrypt(pub, "Secret123!", clk.Now().Add(-pwtransport.MaxAge+time.Second), "nonce-0003")
			if _, err := k.Decrypt(ctx, id, ct); err != nil {
				t.Fatalf("value just inside the window refused: %v", err)
			}
		})

		t.Run("garbage refused", func(t *testing.T) {
			for _, ct := range []string{"", "!!!", "aGVsbG8="} {
				_, err := k.Decrypt(ctx, id, ct)
				if e, ok := apperr.As(err); !ok || e.Kind != apperr.Invalid {
					t.Errorf("Decrypt(%q) = %v, want Invalid", ct, err)
				}
			}
		})

		t.Run("persisted across restarts", func(t *testing.T) {
			k2 := pwtransport.New(db, eph, clk)
			id2, pub2, err := k2.Current(ctx)
			if err != nil || id2 != id || pub2 != pub {
				t.Fatalf("second keyring offers %s, want the stored %s (%v)", id2, id, err)
			}
		})

		t.Run("rotation", func(t *testing.T) {
			before, _ := pwtransport.Encrypt(pub, "Secret123!", clk.Now(), "nonce-0004")
			late, _ := pwtransport.Encrypt(pub, "Secret123!", clk.Now(), "nonce-0005")
			newID, err := k.Rotate(ctx)
			if err != nil || newID == id {
				t.Fatalf("Rotate = %s, %v", newID, err)
			}
			cur, newPub, _ := k.Current(ctx)
			if cur != newID || newPub == pub {
				t.Fatal("Current does not offer the rotated key")
			}
			if _, err := k.Decrypt(ctx, id, before); err != nil {
				t.Fatalf("value under the just-retired key refused: %v", err)
			}
			clk.Advance(pwtransport.MaxAge + time.Second)
			if _, err := k.Decrypt(ctx, id, late); !errors.Is(err, pwtransport.ErrStale) {
				t.Fatalf("retired key long ago: err = %v, want ErrStale", err)
			}
			ct, _ := pwtransport.Encrypt(newPub, "Secret123!", clk.Now(), "nonce-0006")
			if pw, err := k.Decrypt(ctx, newID, ct); err != nil || pw != "Secret123!" {
				t.Fatalf("new key: %q %v", pw, err)
			}
		})

		t.Run("unknown key", func(t *testing.T) {
			ct, _ := pwtransport.Encrypt(pub, "x", clk.Now(), "nonce-0007")
			if _, err := k.Decrypt(ctx, "nokey", ct); !errors.Is(err, pwtransport.ErrStale) {
				t.Fatalf("err = %v", err)
			}
		})
	})
}
