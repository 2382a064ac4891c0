package store_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"bidpass/internal/sealed"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestSecondFactorSealedAtRest: the TOTP secret and the server key are
// sealed in their columns and open to the stored values; a confirmed
// factor is not replaced by a new enrolment.
func TestSecondFactorSealedAtRest(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if ok, err := db.BeginSecondFactor(ctx, "portal", 7, "JBSWY3DPEHPK3PXP", time.Now()); err != nil || !ok {
			t.Fatal(ok, err)
		}
		f, err := db.SecondFactor(ctx, "portal", 7)
		if err != nil || f.Secret != "JBSWY3DPEHPK3PXP" || f.Confirmed {
			t.Fatalf("%+v %v", f, err)
		}
		var raw string
		if err := db.SQLForTest().QueryRow(`SELECT secret_sealed FROM second_factors WHERE subject_id = 7`).Scan(&raw); err != nil || !strings.HasPrefix(raw, sealed.Prefix) {
			t.Fatalf("stored %q %v", raw, err)
		}
		if ok, err := db.AcceptStep(ctx, "portal", 7, 100, true, time.Now()); err != nil || !ok {
			t.Fatal(ok, err)
		}
		if ok, err := db.BeginSecondFactor(ctx, "portal", 7, "KRSXG5CTMVRXEZLU", time.Now()); err != nil || ok {
			t.Fatalf("a new enrolment replaced the confirmed factor: %v %v", ok, err)
		}
		k1, err := db.ServerKey(ctx, "k", []byte("first-key-32-bytes-long-........"))
		if err != nil {
			t.Fatal(err)
		}
		k2, err := db.ServerKey(ctx, "k", []byte("second-key-32-bytes-long-......."))
		if err != nil || string(k1) != string(k2) {
			t.Fatalf("server key changed: %q %q %v", k1, k2, err)
		}
		if err := db.SQLForTest().QueryRow(`SELECT value_sealed FROM server_keys WHERE name = 'k'`).Scan(&raw); err != nil || !strings.HasPrefix(raw, sealed.Prefix) {
			t.Fatalf("server key stored %q %v", raw, err)
		}
	})
}
