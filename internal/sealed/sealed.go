// Package sealed encrypts personal data and key material at rest under a
// data key from the configuration (envelope encryption: the key never
// enters the database, only what it sealed does).
//
// The API, for every package that stores a secret:
//
//	ring, err := sealed.Load(ctx, sealed.Source{Key: …, File: …, Command: …})
//	text, err := ring.Seal(plain, "transport_keys.private_pem") // "sealed:v1:<key id>:<base64>"
//	plain, err := ring.Open(text, "transport_keys.private_pem")
//	ring.Stale(text)            // sealed under a key other than the current one: reseal it
//	ring.BlindIndex("cert_num", []byte(number)) // hex HMAC-SHA256 for WHERE … = ?
//
// A value is AES-256-GCM with a fresh 96-bit nonce; the purpose string is
// the additional data, so a sealed value copied into another column does
// not open there. The sealed text names the id of the key that sealed it
// (the first 8 bytes of SHA-256 over a label and the key, in hex), so a
// ring holding the old and the new key opens both during a rotation, and
// after `bidpass keys rotate` resealed everything under the new key the
// old one can be dropped from the configuration.
//
// The blind index is HMAC-SHA256 under a key derived from the current data
// key with its own label (never the encryption key itself), so equal
// inputs give equal indexes without the index revealing the value; it
// changes with the data key, so a rotation recomputes it.
//
// A key is 32 random bytes written as standard base64. A ring is one or
// more keys separated by commas or new lines; the first seals, all open.
package sealed

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Prefix starts every sealed text; a column value without it is clear
// (written before encryption existed) and is sealed by the start-up pass.
const Prefix = "sealed:v1:"

// KeySize is the size of a data key in bytes (AES-256).
const KeySize = 32

// DevKeyFile is the file, in the data directory, of the development key
// that dev mode makes when no key is configured.
const DevKeyFile = "data.key"

var (
	// ErrNoKey is the start-up error outside dev mode when no key is configured.
	ErrNoKey = errors.New("no data key: set BIDPASS_DATA_KEY, BIDPASS_DATA_KEY_FILE or BIDPASS_DATA_KEY_COMMAND (`bidpass keys new` prints a fresh key)")
	// ErrUnknownKey means the value was sealed under a key the ring does not hold.
	ErrUnknownKey = errors.New("sealed: the value's key is not configured")
	// ErrCorrupt means the value is not a sealed text or does not authenticate.
	ErrCorrupt = errors.New("sealed: value corrupt or sealed for another purpose")
)

type key struct {
	id    string
	aead  cipher.AEAD
	index []byte // the blind-index key derived from this key
}

// Ring is the configured data keys; the first one seals.
type Ring struct {
	keys []key
}

// Parse reads a ring: base64 keys separated by commas or new lines, the
// current one first. Blank entries and lines starting with # are skipped.
func Parse(text string) (*Ring, error) {
	r := &Ring{}
	seen := map[string]bool{}
	for _, f := range strings.FieldsFunc(text, func(c rune) bool { return c == ',' || c == '\n' || c == '\r' }) {
		f = strings.TrimSpace(f)
		if f == "" || strings.HasPrefix(f, "#") {
			continue
		}
		raw, err := base64.StdEncoding.DecodeString(f)
		if err != nil || len(raw) != KeySize {
			return nil, fmt.Errorf("data key %d: want %d bytes in standard base64", len(r.keys)+1, KeySize)
		}
		k, err := newKey(raw)
		if err != nil {
			return nil, err
		}
		if !seen[k.id] {
			seen[k.id] = true
			r.keys = append(r.keys, k)
		}
	}
	if len(r.keys) == 0 {
		return nil, ErrNoKey
	}
	return r, nil
}

func newKey(raw []byte) (key, error) {
	block, err := aes.NewCipher(raw)
	if err != nil {
		return key{}, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return key{}, err
	}
	return key{id: derive(raw, "bidpass data key id")[:16], aead: aead, index: []byte(derive(raw, "bidpass blind index"))}, nil
}

// derive is HMAC-SHA256(key, label) in hex: the id and the index key are
// both one-way from the key and from each other.
func derive(raw []byte, label string) string {
	m := hmac.New(sha256.New, raw)
	m.Write([]byte(label))
	return hex.EncodeToString(m.Sum(nil))
}

// NewKey returns a fresh key in the text form Parse reads.
func NewKey() string {
	b := make([]byte, KeySize)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.StdEncoding.EncodeToString(b)
}

// Current is the id of the key that seals.
func (r *Ring) Current() string { return r.keys[0].id }

// IDs are the ids of every configured key, the current one first.
func (r *Ring) IDs() []string {
	out := make([]string, len(r.keys))
	for i, k := range r.keys {
		out[i] = k.id
	}
	return out
}

// Seal encrypts plain for purpose (a stable name such as the column) under
// the current key.
func (r *Ring) Seal(plain []byte, purpose string) (string, error) {
	k := r.keys[0]
	nonce := make([]byte, k.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	ct := k.aead.Seal(nonce, nonce, plain, []byte(purpose))
	return Prefix + k.id + ":" + base64.RawStdEncoding.EncodeToString(ct), nil
}

// Open decrypts a text Seal made for the same purpose, under whichever
// configured key sealed it.
func (r *Ring) Open(text, purpose string) ([]byte, error) {
	id, body, ok := split(text)
	if !ok {
		return nil, ErrCorrupt
	}
	for _, k := range r.keys {
		if k.id != id {
			continue
		}
		ct, err := base64.RawStdEncoding.DecodeString(body)
		if err != nil || len(ct) < k.aead.NonceSize() {
			return nil, ErrCorrupt
		}
		n := k.aead.NonceSize()
		plain, err := k.aead.Open(nil, ct[:n], ct[n:], []byte(purpose))
		if err != nil {
			return nil, ErrCorrupt
		}
		return plain, nil
	}
	return nil, fmt.Errorf("%w (key id %s)", ErrUnknownKey, id)
}

// KeyID is the id of the key that sealed text; ok is false for a value
// that is not sealed.
func KeyID(text string) (id string, ok bool) {
	id, _, ok = split(text)
	return id, ok
}

// IsSealed reports whether text is a sealed value (not a clear one).
func IsSealed(text string) bool { return strings.HasPrefix(text, Prefix) }

// Stale reports whether text should be (re)sealed: it is clear, or sealed
// under a key other than the current one. The empty string is never
// stale: an absent value is stored as it is.
func (r *Ring) Stale(text string) bool {
	if text == "" {
		return false
	}
	id, ok := KeyID(text)
	return !ok || id != r.Current()
}

func split(text string) (id, body string, ok bool) {
	rest, found := strings.CutPrefix(text, Prefix)
	if !found {
		return "", "", false
	}
	id, body, ok = strings.Cut(rest, ":")
	return id, body, ok && id != "" && body != ""
}

// BlindIndex is the hex HMAC-SHA256 of value for purpose under the current
// key's index key: store it beside the sealed value and look the value up
// by it. Callers normalise value first (equal numbers, equal bytes).
func (r *Ring) BlindIndex(purpose string, value []byte) string {
	m := hmac.New(sha256.New, r.keys[0].index)
	m.Write([]byte(purpose))
	m.Write([]byte{0})
	m.Write(value)
	return hex.EncodeToString(m.Sum(nil))
}

// Source says where the ring comes from; the first non-empty one is used.
type Source struct {
	Key     string // the keys themselves (BIDPASS_DATA_KEY)
	File    string // a file holding them (BIDPASS_DATA_KEY_FILE)
	Command string // a command that prints them, run by sh -c (BIDPASS_DATA_KEY_COMMAND), as KMS clients do
}

// Empty reports whether no source is set.
func (s Source) Empty() bool { return s.Key == "" && s.File == "" && s.Command == "" }

// Load reads the ring from src; ErrNoKey when src is empty.
func Load(ctx context.Context, src Source) (*Ring, error) {
	switch {
	case src.Key != "":
		return Parse(src.Key)
	case src.File != "":
		b, err := os.ReadFile(src.File)
		if err != nil {
			return nil, fmt.Errorf("data key file: %w", err)
		}
		return Parse(string(b))
	case src.Command != "":
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		var stderr bytes.Buffer
		cmd := exec.CommandContext(ctx, "sh", "-c", src.Command)
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("data key command: %w: %s", err, strings.TrimSpace(stderr.String()))
		}
		return Parse(string(out))
	}
	return nil, ErrNoKey
}

// DevRing reads the development key in dir/data.key. With create it makes
// the key when there is none; without, a missing file is ErrNoKey. The key
// is written to a temporary file and linked into place, which fails if the
// name exists, so two processes starting at once agree on one complete
// key: the loser reads the winner's.
func DevRing(dir string, create bool) (*Ring, error) {
	path := filepath.Join(dir, DevKeyFile)
	b, err := os.ReadFile(path)
	if err == nil {
		return Parse(string(b))
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if !create {
		return nil, ErrNoKey
	}
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(dir, ".data.key-*")
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name())
	text := "# bidpass development data key: not for production\n" + NewKey() + "\n"
	_, err = f.WriteString(text)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, err
	}
	if err := os.Link(f.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, err
	}
	if b, err = os.ReadFile(path); err != nil {
		return nil, err
	}
	return Parse(string(b))
}
