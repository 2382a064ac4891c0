// Package password holds the password rule of both account types and the
// argon2id hashing of stored passwords (PHC strings, so parameters can be
// raised later and old hashes upgraded on sign-in).
package password

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
)

// The messages of the password rule (spec wording, docs/spec/DECISIONS.md).
const (
	MsgPerson     = "8-20位，必须包含数字、小写字母、大写字母、特殊字符中的2种"
	MsgEnterprise = "13-20位，必须包含数字、小写字母、大写字母、特殊字符中的3种"
)

// Check applies the password rule of the account type: a person's password
// is 8–20 characters with at least 2 of {digit, lower, upper, special}; an
// enterprise's 13–20 with at least 3. Only printable ASCII is allowed (a
// space or a Chinese character would be typed differently on another
// keyboard and lock the user out). It returns an Invalid *apperr.Error on
// field "password".
func Check(t account.Type, pw string) error {
	minLen, minKinds, msg := 8, 2, MsgPerson
	if t == account.Enterprise {
		minLen, minKinds, msg = 13, 3, MsgEnterprise
	}
	n := utf8.RuneCountInString(pw)
	if n < minLen || n > 20 {
		return apperr.Field("password", msg)
	}
	var digit, lower, upper, special bool
	for _, r := range pw {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		case r > ' ' && r < 0x7f:
			special = true
		default:
			return apperr.Field("password", msg)
		}
	}
	kinds := 0
	for _, b := range []bool{digit, lower, upper, special} {
		if b {
			kinds++
		}
	}
	if kinds < minKinds {
		return apperr.Field("password", msg)
	}
	return nil
}

// Params are argon2id cost parameters.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32
	Threads uint8
	KeyLen  uint32
	SaltLen int
}

// Current are the parameters new hashes get: the OWASP Password Storage
// Cheat Sheet's first argon2id line (m=19 MiB, t=2, p=1). A stored hash with
// other parameters is rehashed at the next successful sign-in.
var Current = Params{Memory: 19 * 1024, Time: 2, Threads: 1, KeyLen: 32, SaltLen: 16}

// Hash returns the argon2id PHC string of pw with the Current parameters.
func Hash(pw string) (string, error) { return HashWith(Current, pw) }

// HashWith hashes with explicit parameters (tests use it to make an
// outdated hash).
func HashWith(p Params, pw string) (string, error) {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// ErrMalformed is returned by Verify for a string that is not an argon2id
// PHC hash.
var ErrMalformed = errors.New("password: malformed hash")

// Verify compares pw with the PHC hash. needsRehash is true when the hash
// was made with parameters other than Current (only meaningful when ok).
func Verify(phc, pw string) (ok bool, needsRehash bool, err error) {
	p, salt, key, err := parse(phc)
	if err != nil {
		return false, false, err
	}
	got := argon2.IDKey([]byte(pw), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	ok = subtle.ConstantTimeCompare(got, key) == 1
	needsRehash = p.Memory != Current.Memory || p.Time != Current.Time || p.Threads != Current.Threads ||
		uint32(len(key)) != Current.KeyLen || len(salt) != Current.SaltLen
	return ok, needsRehash, nil
}

func parse(phc string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(phc, "$")
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, key
	if len(parts) != 6 || parts[1] != "argon2id" {
		return p, nil, nil, ErrMalformed
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return p, nil, nil, ErrMalformed
	}
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return p, nil, nil, ErrMalformed
	}
	// Bound the cost a stored string can ask for, so a corrupted row cannot
	// make one sign-in allocate gigabytes.
	if p.Memory == 0 || p.Memory > 1<<20 || p.Time == 0 || p.Time > 20 || p.Threads == 0 {
		return p, nil, nil, ErrMalformed
	}
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return p, nil, nil, ErrMalformed
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 {
		return p, nil, nil, ErrMalformed
	}
	return p, salt, key, nil
}
