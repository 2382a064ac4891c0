package sso

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"fmt"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/op"

	"bidpass/internal/clock"
)

// keyCacheFor bounds how stale an instance's view of the keys may be: a
// key another instance created is published here within this time, and
// relying parties refetch the JWKS on an unknown kid anyway.
const keyCacheFor = time.Minute

// signingKey is an RSA key (RS256: what every OIDC library verifies by default).
type signingKey struct {
	id  string
	key *rsa.PrivateKey
}

func (k signingKey) SignatureAlgorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k signingKey) Key() any                                    { return k.key }
func (k signingKey) ID() string                                  { return k.id }

type publicKey struct{ signingKey }

func (k publicKey) Algorithm() jose.SignatureAlgorithm { return jose.RS256 }
func (k publicKey) Use() string                        { return "sig" }
func (k publicKey) Key() any                           { return &k.key.PublicKey }

// keyring loads, creates and rotates the signing keys.
type keyring struct {
	store  Store
	sealer Sealer
	clock  clock.Clock

	mu       sync.Mutex
	loadedAt time.Time
	keys     []signingKey // newest first; keys[0] signs when not retired
	signing  *signingKey
}

// current returns the published keys and the one that signs, rotating
// when the newest is older than KeyRotateEvery (or there is none).
func (k *keyring) current(ctx context.Context) ([]signingKey, signingKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	now := k.clock.Now().UTC()
	if k.signing != nil && now.Sub(k.loadedAt) < keyCacheFor {
		return k.keys, *k.signing, nil
	}
	rows, err := k.store.OIDCKeys(ctx, now)
	if err != nil {
		return nil, signingKey{}, err
	}
	var keys []signingKey
	var signing *signingKey
	for _, r := range rows {
		plain, err := k.sealer.Open(r.PrivateSealed, keyPurpose)
		if err != nil {
			return nil, signingKey{}, fmt.Errorf("oidc key %s: %w", r.ID, err)
		}
		pk, err := x509.ParsePKCS1PrivateKey(plain)
		if err != nil {
			return nil, signingKey{}, fmt.Errorf("oidc key %s: %w", r.ID, err)
		}
		sk := signingKey{id: r.ID, key: pk}
		keys = append(keys, sk)
		if signing == nil && r.RetiredAt == nil && now.Sub(r.CreatedAt) < KeyRotateEvery {
			signing = &sk
		}
	}
	if signing == nil {
		sk, err := k.rotate(ctx, now)
		if err != nil {
			return nil, signingKey{}, err
		}
		keys = append([]signingKey{sk}, keys...)
		signing = &sk
	}
	k.keys, k.signing, k.loadedAt = keys, signing, now
	return keys, *signing, nil
}

// rotate creates a key and retires the others (they stay published for
// KeyVerifyFor). Two instances rotating at once each create one; the
// later retire leaves one signing, and both stay published.
func (k *keyring) rotate(ctx context.Context, now time.Time) (signingKey, error) {
	pk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return signingKey{}, err
	}
	sealed, err := k.sealer.Seal(x509.MarshalPKCS1PrivateKey(pk), keyPurpose)
	if err != nil {
		return signingKey{}, err
	}
	sk := signingKey{id: newID(), key: pk}
	if err := k.store.CreateOIDCKey(ctx, KeyRow{ID: sk.id, Algorithm: string(jose.RS256), PrivateSealed: sealed, CreatedAt: now}); err != nil {
		return signingKey{}, err
	}
	if err := k.store.RetireOIDCKeys(ctx, sk.id, now, now.Add(KeyVerifyFor)); err != nil {
		return signingKey{}, err
	}
	return sk, nil
}

// Rotate starts a new signing key now (the command and the tests).
func (s *Service) Rotate(ctx context.Context) error {
	s.keys.mu.Lock()
	defer s.keys.mu.Unlock()
	_, err := s.keys.rotate(ctx, s.now())
	s.keys.signing = nil
	return err
}

func (st *storage) SigningKey(ctx context.Context) (op.SigningKey, error) {
	_, sk, err := st.s.keys.current(ctx)
	return sk, err
}

func (st *storage) SignatureAlgorithms(context.Context) ([]jose.SignatureAlgorithm, error) {
	return []jose.SignatureAlgorithm{jose.RS256}, nil
}

func (st *storage) KeySet(ctx context.Context) ([]op.Key, error) {
	keys, _, err := st.s.keys.current(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]op.Key, 0, len(keys))
	for _, k := range keys {
		out = append(out, publicKey{k})
	}
	return out, nil
}
