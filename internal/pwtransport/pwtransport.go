// Package pwtransport protects passwords on their way from the browser:
// the client encrypts the UTF-8 JSON {"password", "ts", "nonce"} with
// RSA-OAEP-SHA-256 under the server's current public key (GET
// /api/auth/pubkey) and sends the base64 ciphertext with the key id. The
// server refuses a value older than five minutes or a nonce it has seen, so
// a captured request body cannot be replayed. Keys are persisted (so every
// instance and every restart decrypts the same values) and rotatable.
package pwtransport

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
)

// MaxAge is how old an encrypted value may be (docs/spec/DECISIONS.md: 5 minutes).
// The same bound applies to timestamps in the future, for clock skew.
const MaxAge = 5 * time.Minute

// KeyBits is the RSA modulus size of new keys.
const KeyBits = 2048

// Key is a stored transport key.
type Key struct {
	ID         string
	PrivatePEM string // PKCS#8
	CreatedAt  time.Time
	RetiredAt  *time.Time
}

// ErrNotFound is returned by Store.TransportKey for an unknown id.
var ErrNotFound = errors.New("pwtransport: key not found")

// Store persists transport keys (implemented in internal/store).
type Store interface {
	// ActiveTransportKeys returns the keys not retired, newest first.
	ActiveTransportKeys(ctx context.Context) ([]Key, error)
	// TransportKey returns one key, retired or not, or ErrNotFound.
	TransportKey(ctx context.Context, id string) (Key, error)
	CreateTransportKey(ctx context.Context, k Key) error
	// RetireTransportKeysExcept retires every active key but keep.
	RetireTransportKeysExcept(ctx context.Context, keep string, at time.Time) error
	// UseNonce records nonce of keyID as used until expires, atomically;
	// it reports false when it was already recorded (a replay).
	UseNonce(ctx context.Context, keyID, nonce string, expires time.Time) (bool, error)
}

// Errors of Decrypt; all are Invalid on the field "password" and tell the
// user to submit again (the client fetches the key afresh).
var (
	ErrStale     = apperr.New(apperr.Invalid, "password.stale", "密码已过期，请重新提交")
	ErrUndecoded = apperr.New(apperr.Invalid, "password.undecryptable", "密码解密失败，请刷新页面后重试")
)

// Keyring hands out the current public key and decrypts submitted values.
type Keyring struct {
	store  Store
	nonces ephemeral.Store
	clock  clock.Clock

	mu      sync.Mutex
	current *loaded
	byID    map[string]*loaded
}

type loaded struct {
	id      string
	key     *rsa.PrivateKey
	pubPEM  string
	retired *time.Time
	created time.Time
}

// New returns a keyring over store. Used nonces are remembered in store,
// which survives restarts; eph answers a repeat within its lifetime
// without a database write.
func New(store Store, eph ephemeral.Store, c clock.Clock) *Keyring {
	return &Keyring{store: store, nonces: eph, clock: c, byID: map[string]*loaded{}}
}

// Current returns the id and PEM (SubjectPublicKeyInfo) of the key clients
// should use, creating the first key on first use.
func (k *Keyring) Current(ctx context.Context) (keyID, pubPEM string, err error) {
	k.mu.Lock()
	cur := k.current
	k.mu.Unlock()
	if cur != nil {
		return cur.id, cur.pubPEM, nil
	}
	keys, err := k.store.ActiveTransportKeys(ctx)
	if err != nil {
		return "", "", err
	}
	var l *loaded
	if len(keys) > 0 {
		l, err = load(keys[0])
	} else {
		l, err = k.create(ctx)
	}
	if err != nil {
		return "", "", err
	}
	k.mu.Lock()
	k.current = l
	k.byID[l.id] = l
	k.mu.Unlock()
	return l.id, l.pubPEM, nil
}

// Rotate makes a new key current and retires the others. Values encrypted
// under a retired key are still accepted for MaxAge after its retirement,
// so a form opened before the rotation can still be submitted.
func (k *Keyring) Rotate(ctx context.Context) (keyID string, err error) {
	l, err := k.create(ctx)
	if err != nil {
		return "", err
	}
	if err := k.store.RetireTransportKeysExcept(ctx, l.id, k.clock.Now().UTC()); err != nil {
		return "", err
	}
	k.mu.Lock()
	k.current = l
	k.byID = map[string]*loaded{l.id: l}
	k.mu.Unlock()
	return l.id, nil
}

func (k *Keyring) create(ctx context.Context) (*loaded, error) {
	priv, err := rsa.GenerateKey(rand.Reader, KeyBits)
	if err != nil {
		return nil, err
	}
	der, err := x509.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		return nil, err
	}
	id := "k" + strings.ToLower(rand.Text()[:16])
	key := Key{
		ID:         id,
		PrivatePEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		CreatedAt:  k.clock.Now().UTC(),
	}
	if err := k.store.CreateTransportKey(ctx, key); err != nil {
		return nil, err
	}
	return load(key)
}

func load(key Key) (*loaded, error) {
	b, _ := pem.Decode([]byte(key.PrivatePEM))
	if b == nil {
		return nil, fmt.Errorf("pwtransport: key %s: no PEM block", key.ID)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		return nil, fmt.Errorf("pwtransport: key %s: %w", key.ID, err)
	}
	priv, ok := parsed.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("pwtransport: key %s is not RSA", key.ID)
	}
	pub, err := x509.MarshalPKIXPublicKey(&priv.PublicKey)
	if err != nil {
		return nil, err
	}
	return &loaded{
		id: key.ID, key: priv, retired: key.RetiredAt, created: key.CreatedAt,
		pubPEM: string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})),
	}, nil
}

func (k *Keyring) lookup(ctx context.Context, id string) (*loaded, error) {
	k.mu.Lock()
	l := k.byID[id]
	k.mu.Unlock()
	if l != nil {
		return l, nil
	}
	key, err := k.store.TransportKey(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil, ErrStale
	}
	if err != nil {
		return nil, err
	}
	if l, err = load(key); err != nil {
		return nil, err
	}
	k.mu.Lock()
	k.byID[id] = l
	k.mu.Unlock()
	return l, nil
}

// Payload is the plain JSON the client encrypts.
type Payload struct {
	Password string `json:"password"`
	TS       int64  `json:"ts"` // unix milliseconds
	Nonce    string `json:"nonce"`
}

// Decrypt returns the password inside a value encrypted under keyID. It
// refuses (ErrStale) a value older than MaxAge, a nonce seen before and a
// key retired longer than MaxAge ago; anything that does not decrypt or
// parse is ErrUndecoded. Each value is accepted once.
func (k *Keyring) Decrypt(ctx context.Context, keyID, ciphertextB64 string) (string, error) {
	if keyID == "" || ciphertextB64 == "" {
		return "", ErrUndecoded
	}
	l, err := k.lookup(ctx, keyID)
	if err != nil {
		return "", err
	}
	now := k.clock.Now()
	if l.retired != nil && now.Sub(*l.retired) > MaxAge {
		return "", ErrStale
	}
	ct, err := base64.StdEncoding.DecodeString(strings.TrimSpace(ciphertextB64))
	if err != nil {
		return "", ErrUndecoded.Wrap(err)
	}
	plain, err := rsa.DecryptOAEP(sha256.New(), nil, l.key, ct, nil)
	if err != nil {
		return "", ErrUndecoded.Wrap(err)
	}
	var p Payload
	if err := json.Unmarshal(plain, &p); err != nil {
		return "", ErrUndecoded.Wrap(err)
	}
	if len(p.Nonce) < 8 || len(p.Nonce) > 128 {
		return "", ErrUndecoded
	}
	age := now.Sub(time.UnixMilli(p.TS))
	if age > MaxAge || age < -MaxAge {
		return "", ErrStale
	}
	// The nonce is remembered for twice MaxAge: long enough to cover every
	// timestamp that is still accepted, including skewed future ones. The
	// ephemeral store turns a repeat away at once; the database is the
	// record that outlives a restart of the server or of Redis, where a
	// forgotten nonce let a captured value in again (docs/decisions/limits.md, "Limits and abuse paths" #8).
	nonceKey := "pwnonce:" + keyID + ":" + p.Nonce
	fresh, err := k.nonces.SetNX(ctx, nonceKey, []byte{1}, 2*MaxAge)
	if err != nil {
		return "", err
	}
	if !fresh {
		return "", ErrStale
	}
	if fresh, err = k.store.UseNonce(ctx, keyID, p.Nonce, now.Add(2*MaxAge)); err != nil {
		return "", err
	}
	if !fresh {
		return "", ErrStale
	}
	return p.Password, nil
}

// Encrypt produces what a browser sends for pw: base64 of RSA-OAEP-SHA-256
// over the JSON payload. The server never needs it; tests, the load
// generator and the command line use it to act like a client.
func Encrypt(pubPEM, pw string, ts time.Time, nonce string) (string, error) {
	b, _ := pem.Decode([]byte(pubPEM))
	if b == nil {
		return "", errors.New("pwtransport: no PEM block")
	}
	parsed, err := x509.ParsePKIXPublicKey(b.Bytes)
	if err != nil {
		return "", err
	}
	pub, ok := parsed.(*rsa.PublicKey)
	if !ok {
		return "", errors.New("pwtransport: not an RSA key")
	}
	if nonce == "" {
		nonce = rand.Text()
	}
	plain, err := json.Marshal(Payload{Password: pw, TS: ts.UnixMilli(), Nonce: nonce})
	if err != nil {
		return "", err
	}
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, plain, nil)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(ct), nil
}
