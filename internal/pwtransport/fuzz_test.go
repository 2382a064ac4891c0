package pwtransport_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/apperr/apperrtest"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/pwtransport"
)

// FuzzEnvelope feeds Decrypt what a client controls in the password field
// of sign-in, registration and the staff forms: arbitrary base64 text, or an
// arbitrary plain payload encrypted under the current key (so the JSON
// reader, the age and the nonce checks behind RSA-OAEP are reached). A
// password the fuzzer picks also goes through Encrypt and back.
// Properties: no panic; every refusal is a typed Invalid error with a
// Chinese message; an accepted payload is a fresh, well-formed one and
// yields its password; the round trip returns the password exactly.
func FuzzEnvelope(f *testing.F) {
	now := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	ms := now.UnixMilli()
	f.Add([]byte(fmt.Sprintf(`{"password":"Secret123!","ts":%d,"nonce":"nonce-0001"}`, ms)), true, "Secret123!")
	f.Add([]byte(fmt.Sprintf(`{"password":"","ts":%d,"nonce":"12345678"}`, ms-299_000)), true, "")
	f.Add([]byte(fmt.Sprintf(`{"password":"密码\u0000x","ts":%d,"nonce":"n"}`, ms)), true, "密码")
	f.Add([]byte(`{"password":1,"ts":"x"}`), true, "\xff\xfe")
	f.Add([]byte(`null`), true, "a")
	f.Add([]byte("aGVsbG8="), false, "Passw0rd!x")
	f.Add([]byte("!!!"), false, "")
	f.Add([]byte("  QUFB\nQUFB  "), false, "x")

	// Keys and nonces in memory: the fuzzer is after the parsing, and a
	// database write per input would make it a hundred times slower.
	clk := clock.NewFake(now)
	k := pwtransport.New(&memKeys{nonces: map[string]bool{}}, ephemeral.NewMemory(clk), clk)
	ctx := context.Background()
	id, pubPEM, err := k.Current(ctx)
	if err != nil {
		f.Fatal(err)
	}
	blk, _ := pem.Decode([]byte(pubPEM))
	parsed, err := x509.ParsePKIXPublicKey(blk.Bytes)
	if err != nil {
		f.Fatal(err)
	}
	pub := parsed.(*rsa.PublicKey)
	var nonces atomic.Int64
	f.Fuzz(func(t *testing.T, payload []byte, encrypt bool, password string) {
		ct := string(payload)
		if encrypt {
			b, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, payload, nil)
			if err != nil {
				return // longer than one OAEP block: no client can send it
			}
			ct = base64.StdEncoding.EncodeToString(b)
		}
		got, err := k.Decrypt(ctx, id, ct)
		if err != nil {
			apperrtest.RequireChinese(t, err)
		} else {
			var p pwtransport.Payload
			if !encrypt || json.Unmarshal(payload, &p) != nil {
				t.Fatalf("accepted %q, which is not an encrypted payload", payload)
			}
			if age := now.Sub(time.UnixMilli(p.TS)); age > pwtransport.MaxAge || age < -pwtransport.MaxAge || len(p.Nonce) < 8 {
				t.Fatalf("accepted a stale or unnonced payload %q", payload)
			}
			if got != p.Password {
				t.Fatalf("password %q, want %q", got, p.Password)
			}
			if _, err := k.Decrypt(ctx, id, ct); err == nil {
				t.Fatalf("the same value was accepted twice: %q", payload)
			}
		}
		// A fresh nonce per round trip: a repeated one is a replay.
		nonce := fmt.Sprintf("fuzz-%012d", nonces.Add(1))
		ct, err = pwtransport.Encrypt(pubPEM, password, now, nonce)
		if err != nil {
			return // too long for one block
		}
		// json.Marshal, like a browser's TextEncoder, turns each invalid
		// UTF-8 byte into U+FFFD, as the conversion to runes does.
		want := string([]rune(password))
		if back, err := k.Decrypt(ctx, id, ct); err != nil || back != want {
			t.Fatalf("round trip of %q: %q, %v", password, back, err)
		}
	})
}

// memKeys is pwtransport.Store in memory.
type memKeys struct {
	mu     sync.Mutex
	keys   []pwtransport.Key
	nonces map[string]bool
}

func (m *memKeys) ActiveTransportKeys(context.Context) ([]pwtransport.Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []pwtransport.Key
	for i := len(m.keys) - 1; i >= 0; i-- {
		if m.keys[i].RetiredAt == nil {
			out = append(out, m.keys[i])
		}
	}
	return out, nil
}

func (m *memKeys) TransportKey(_ context.Context, id string) (pwtransport.Key, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, k := range m.keys {
		if k.ID == id {
			return k, nil
		}
	}
	return pwtransport.Key{}, pwtransport.ErrNotFound
}

func (m *memKeys) CreateTransportKey(_ context.Context, k pwtransport.Key) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.keys = append(m.keys, k)
	return nil
}

func (m *memKeys) RetireTransportKeysExcept(_ context.Context, keep string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := range m.keys {
		if m.keys[i].ID != keep && m.keys[i].RetiredAt == nil {
			m.keys[i].RetiredAt = &at
		}
	}
	return nil
}

func (m *memKeys) UseNonce(_ context.Context, keyID, nonce string, _ time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := keyID + ":" + nonce
	if m.nonces[k] {
		return false, nil
	}
	m.nonces[k] = true
	return true, nil
}
