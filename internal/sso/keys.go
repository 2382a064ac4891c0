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

// Key rotation (docs/sso.md, "Key rotation"). A new key is published in the
// JWKS when it is created and signs only from its SignsFrom, a delay later,
// so a relying party that cached the JWKS before the rotation has fetched it
// again before it meets the new kid. The key that signs is the published one
// with the latest SignsFrom not in the future: a rule on times stored in the
// database, so every instance picks the same key at the same moment. A key
// that stopped signing stays published until every token it signed has
// expired (KeyVerifyFor).

// KeyCacheFor bounds how stale an instance's copy of the key rows may be:
// a key another instance created is published here, and takes part in the
// choice of the signing key, within this time. KeyRotationDelayMin keeps
// every delay longer than this plus the JWKS caches of relying parties.
const KeyCacheFor = 15 * time.Second

// KeyVerifyFor is how long a key stays published after it stopped signing:
// the longest life of a token it signs (ID token, access token, logout
// token) and a minute for the clocks of instances and relying parties.
const KeyVerifyFor = max(IDTokenTTL, AccessTTL, LogoutTokenTTL) + time.Minute

// KeyRotationDelayMin is the shortest delay between publishing a key and
// signing with it: openid-client (oauth4webapi) refetches a JWKS on an
// unknown kid only when its copy is at least 60 s old, and another instance
// may publish the key KeyCacheFor late.
const KeyRotationDelayMin = time.Minute + KeyCacheFor

// DefaultKeyRotationDelay is the delay when none is configured: longer than
// oauth4webapi's 5-minute JWKS cache, so even a client that never refetches
// on an unknown kid has the new key by then.
const DefaultKeyRotationDelay = 10 * time.Minute

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

// storedKey is a key row with its private key opened.
type storedKey struct {
	signingKey
	signsFrom   time.Time
	verifyUntil *time.Time
}

// keyring loads and creates the signing keys.
type keyring struct {
	store  Store
	sealer Sealer
	clock  clock.Clock

	mu       sync.Mutex
	loadedAt time.Time
	rows     []storedKey                // the latest signsFrom first
	opened   map[string]*rsa.PrivateKey // by id: each key is unsealed once
}

// KeyInfo describes a stored key (the command prints it).
type KeyInfo struct {
	ID          string
	SignsFrom   time.Time
	RetiredAt   *time.Time // when it stops signing (its successor's start)
	VerifyUntil *time.Time
}

// current returns the keys to publish and the one that signs at now.
func (k *keyring) current(ctx context.Context) ([]signingKey, signingKey, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	now := k.clock.Now().UTC()
	if k.rows == nil || now.Sub(k.loadedAt) >= KeyCacheFor || now.Before(k.loadedAt) {
		if err := k.load(ctx, now); err != nil {
			return nil, signingKey{}, err
		}
	}
	published, signing, ok := choose(k.rows, now)
	if !ok {
		// No key signs yet (a new database): the first one signs at once,
		// since no relying party has cached a JWKS without it.
		if _, err := k.create(ctx, now, now); err != nil {
			return nil, signingKey{}, err
		}
		if err := k.load(ctx, now); err != nil {
			return nil, signingKey{}, err
		}
		if published, signing, ok = choose(k.rows, now); !ok {
			return nil, signingKey{}, fmt.Errorf("oidc keys: no signing key after creating one")
		}
	}
	return published, signing, nil
}

// choose applies the rule of the package comment to rows (the latest
// signsFrom first).
func choose(rows []storedKey, now time.Time) (published []signingKey, signing signingKey, ok bool) {
	for _, r := range rows {
		if r.verifyUntil != nil && !now.Before(*r.verifyUntil) {
			continue
		}
		published = append(published, r.signingKey)
		if !ok && !r.signsFrom.After(now) {
			signing, ok = r.signingKey, true
		}
	}
	return published, signing, ok
}

// load reads the key rows, opening the keys not opened before.
func (k *keyring) load(ctx context.Context, now time.Time) error {
	rows, err := k.store.OIDCKeys(ctx, now)
	if err != nil {
		return err
	}
	if k.opened == nil {
		k.opened = map[string]*rsa.PrivateKey{}
	}
	out := make([]storedKey, 0, len(rows))
	for _, r := range rows {
		pk := k.opened[r.ID]
		if pk == nil {
			plain, err := k.sealer.Open(r.PrivateSealed, keyPurpose)
			if err != nil {
				return fmt.Errorf("oidc key %s: %w", r.ID, err)
			}
			if pk, err = x509.ParsePKCS1PrivateKey(plain); err != nil {
				return fmt.Errorf("oidc key %s: %w", r.ID, err)
			}
			k.opened[r.ID] = pk
		}
		out = append(out, storedKey{signingKey: signingKey{id: r.ID, key: pk}, signsFrom: r.SignsFrom, verifyUntil: r.VerifyUntil})
	}
	k.rows, k.loadedAt = out, now
	return nil
}

// create stores a new key, sealed, that signs from signsFrom, and retires
// each key at the start of the key after it. Two instances rotating at
// once each create one: the later start wins, and whichever of them reads
// the rows last sees both, so each key ends retired at its successor's
// start and stays published for as long as tokens it signed live.
func (k *keyring) create(ctx context.Context, now, signsFrom time.Time) (KeyInfo, error) {
	pk, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		return KeyInfo{}, err
	}
	sealed, err := k.sealer.Seal(x509.MarshalPKCS1PrivateKey(pk), keyPurpose)
	if err != nil {
		return KeyInfo{}, err
	}
	id := newID()
	if err := k.store.CreateOIDCKey(ctx, KeyRow{ID: id, Algorithm: string(jose.RS256), PrivateSealed: sealed, CreatedAt: now, SignsFrom: signsFrom}); err != nil {
		return KeyInfo{}, err
	}
	rows, err := k.store.OIDCKeys(ctx, now)
	if err != nil {
		return KeyInfo{}, err
	}
	// rows come the latest start first: each row's successor is the
	// nearest earlier row with a later start.
	for i := 1; i < len(rows); i++ {
		r := rows[i]
		var next *KeyRow
		for j := i - 1; j >= 0; j-- {
			if rows[j].SignsFrom.After(r.SignsFrom) {
				next = &rows[j]
				break
			}
		}
		if next == nil || (r.RetiredAt != nil && !r.RetiredAt.After(next.SignsFrom)) {
			continue
		}
		if err := k.store.RetireOIDCKey(ctx, r.ID, next.SignsFrom, next.SignsFrom.Add(KeyVerifyFor)); err != nil {
			return KeyInfo{}, err
		}
	}
	return KeyInfo{ID: id, SignsFrom: signsFrom}, nil
}

// RotateKeys creates the next signing key: published at once, signing
// after delay (at least KeyRotationDelayMin, unless no key exists yet: then
// it signs at once). It returns the new key. `bidpass oidc keys rotate` and
// the scheduled rotation both come here.
func (s *Service) RotateKeys(ctx context.Context, delay time.Duration) (KeyInfo, error) {
	k := s.keys
	k.mu.Lock()
	defer k.mu.Unlock()
	now := k.clock.Now().UTC()
	if err := k.load(ctx, now); err != nil {
		return KeyInfo{}, err
	}
	if len(k.rows) == 0 {
		delay = 0
	}
	info, err := k.create(ctx, now, now.Add(delay))
	if err != nil {
		return KeyInfo{}, err
	}
	// Publish it here at once; other instances do within KeyCacheFor.
	return info, k.load(ctx, now)
}

// RotateKeysIfDue rotates when the newest key's start is every ago or
// more (the maintenance job calls it under its lease; the stored times
// make a second instance, or a second run, find nothing due).
func (s *Service) RotateKeysIfDue(ctx context.Context, every, delay time.Duration) (bool, error) {
	if every <= 0 {
		return false, nil
	}
	keys, err := s.Keys(ctx)
	if err != nil {
		return false, err
	}
	if len(keys) > 0 && s.keys.clock.Now().Before(keys[0].SignsFrom.Add(every)) {
		return false, nil
	}
	_, err = s.RotateKeys(ctx, delay)
	return err == nil, err
}

// Keys lists the published keys, the latest start first.
func (s *Service) Keys(ctx context.Context) ([]KeyInfo, error) {
	rows, err := s.d.Store.OIDCKeys(ctx, s.keys.clock.Now().UTC())
	if err != nil {
		return nil, err
	}
	out := make([]KeyInfo, 0, len(rows))
	for _, r := range rows {
		out = append(out, KeyInfo{ID: r.ID, SignsFrom: r.SignsFrom, RetiredAt: r.RetiredAt, VerifyUntil: r.VerifyUntil})
	}
	return out, nil
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
