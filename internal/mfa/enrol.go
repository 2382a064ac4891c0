package mfa

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"image/png"
	"regexp"
	"strconv"
	"strings"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"bidpass/internal/session"
)

// Enrolment is what the enrolment card shows: the QR code and the same
// secret typed by hand, in groups of four.
type Enrolment struct {
	Secret       string
	SecretGroups []string
	URL          string // otpauth://totp/…
	QRCode       string // data:image/png;base64,…
}

// BeginTOTP makes a fresh secret for sub (replacing a pending one) and
// answers its QR code; the factor counts only once ConfirmTOTP took a code.
func (s *Service) BeginTOTP(ctx context.Context, sub Subject) (Enrolment, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.d.Issuer, AccountName: sub.Name, Period: Period,
		SecretSize: 20, Digits: Digits, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return Enrolment{}, err
	}
	ok, err := s.d.Store.BeginSecondFactor(ctx, string(sub.Kind), sub.ID, key.Secret(), s.d.Clock.Now().UTC())
	if err != nil {
		return Enrolment{}, err
	}
	if !ok {
		return Enrolment{}, ErrEnrolled
	}
	// The QR code is drawn by the library's encoder (boombuler/barcode).
	img, err := key.Image(240, 240)
	if err != nil {
		return Enrolment{}, err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return Enrolment{}, err
	}
	return Enrolment{Secret: key.Secret(), SecretGroups: groupsOf(key.Secret(), 4), URL: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

func groupsOf(s string, n int) []string {
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}

// ConfirmTOTP takes the first code of the pending secret: the factor
// counts from now on, and the ten recovery codes are issued (shown once).
func (s *Service) ConfirmTOTP(ctx context.Context, sub Subject, code string) ([]string, error) {
	code = normaliseCode(code)
	if !sixDigits.MatchString(code) {
		return nil, ErrCodeRequired
	}
	f, err := s.d.Store.SecondFactor(ctx, string(sub.Kind), sub.ID)
	if err != nil {
		return nil, orNotStarted(err)
	}
	if f.Confirmed {
		return nil, ErrEnrolled
	}
	var codes []string
	err = s.d.Credentials.Try(ctx, sub.key(), ErrWrongCode, func(ctx context.Context) (bool, error) {
		now := s.d.Clock.Now().UTC()
		step, ok := matchStep(f.Secret, code, now)
		if !ok {
			return false, nil
		}
		// The key is loaded outside the transaction: a first key stored in
		// one that rolls back would be remembered but lost.
		if _, err := s.serverKey(ctx); err != nil {
			return false, err
		}
		confirmed := false
		err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
			var err error
			if confirmed, err = s.d.Store.AcceptStep(ctx, string(sub.Kind), sub.ID, step, true, now); err != nil || !confirmed {
				return err
			}
			if codes, err = s.newRecoveryCodes(ctx, sub); err != nil {
				return err
			}
			return s.record(ctx, sub, Enrolled)
		})
		return confirmed, err
	})
	return codes, err
}

func orNotStarted(err error) error {
	if err == ErrNotFound {
		return ErrNotStarted
	}
	return err
}

// RegenerateRecoveryCodes issues ten new recovery codes after a TOTP
// code; the old ones die.
func (s *Service) RegenerateRecoveryCodes(ctx context.Context, sub Subject, code string) ([]string, error) {
	if err := s.Verify(ctx, sub, code, false); err != nil {
		return nil, err
	}
	if _, err := s.serverKey(ctx); err != nil {
		return nil, err
	}
	var codes []string
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if codes, err = s.newRecoveryCodes(ctx, sub); err != nil {
			return err
		}
		return s.record(ctx, sub, CodesRenewed)
	})
	return codes, err
}

// Remove turns sub's factor off after a TOTP or recovery code. A staff
// member cannot: the factor is mandatory there, and only an
// administrator resets it (docs/decisions/second-factor.md, "Staff must have a factor").
func (s *Service) Remove(ctx context.Context, sub Subject, code string) error {
	if sub.Kind != session.Portal {
		return ErrLastFactor
	}
	if err := s.Verify(ctx, sub, code, true); err != nil {
		return err
	}
	return s.drop(ctx, sub, Removed)
}

// ResetByAdministrator removes sub's factor (a staff member who lost the
// phone): the member enrols again at the next sign-in.
func (s *Service) ResetByAdministrator(ctx context.Context, sub Subject) error {
	return s.drop(ctx, sub, Reset)
}

func (s *Service) drop(ctx context.Context, sub Subject, e Event) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.d.Store.DeleteSecondFactor(ctx, string(sub.Kind), sub.ID); err != nil {
			return err
		}
		return s.record(ctx, sub, e)
	})
}

// RecoveryCodeCount is how many recovery codes an enrolment issues.
const RecoveryCodeCount = 10

// recoveryAlphabet leaves out 0, 1, i, l, o: nothing to misread on paper.
const recoveryAlphabet = "23456789abcdefghjkmnpqrstuvwxyz"

var recoveryShape = regexp.MustCompile(`^[` + recoveryAlphabet + `]{10}$`)

func (s *Service) newRecoveryCodes(ctx context.Context, sub Subject) ([]string, error) {
	codes := make([]string, RecoveryCodeCount)
	macs := make([]string, RecoveryCodeCount)
	for i := range codes {
		b := make([]byte, 10)
		if _, err := rand.Read(b); err != nil {
			return nil, err
		}
		for j := range b {
			// 256 is not a multiple of 31: the slight bias costs well
			// under a bit of the code's 49.
			b[j] = recoveryAlphabet[int(b[j])%len(recoveryAlphabet)]
		}
		codes[i] = string(b[:5]) + "-" + string(b[5:])
		mac, err := s.mac(ctx, sub, string(b))
		if err != nil {
			return nil, err
		}
		macs[i] = mac
	}
	if err := s.d.Store.ReplaceRecoveryCodes(ctx, string(sub.Kind), sub.ID, macs, s.d.Clock.Now().UTC()); err != nil {
		return nil, err
	}
	return codes, nil
}

// recoveryKeyName names the recovery codes' HMAC key in the server keys.
const recoveryKeyName = "recovery_codes.hmac"

// mac is the stored form of a recovery code: HMAC-SHA256 under the
// server's key, over the subject and the code, so a copy of the table
// cannot be searched by hashing every possible code
// (docs/decisions/second-factor.md, "Recovery codes").
func (s *Service) mac(ctx context.Context, sub Subject, code string) (string, error) {
	key, err := s.serverKey(ctx)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(string(sub.Kind) + ":" + strconv.FormatInt(sub.ID, 10) + ":" + strings.ToLower(code)))
	return hex.EncodeToString(m.Sum(nil)), nil
}

func (s *Service) serverKey(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.key != nil {
		return s.key, nil
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	k, err := s.d.Store.ServerKey(ctx, recoveryKeyName, fresh)
	if err != nil {
		return nil, err
	}
	s.key = k
	return k, nil
}
