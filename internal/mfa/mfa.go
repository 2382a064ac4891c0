// Package mfa is the second factor of portal accounts and staff members:
// a TOTP authenticator (RFC 6238, 6 digits, 30 s, SHA-1, ±1 step), its
// ten single-use recovery codes, and the second step of a sign-in (a
// short-lived, single-use ticket bound to the browser that passed the
// first step). Codes are checked under the same atomic lockout as
// passwords (internal/credential). docs/decisions/second-factor.md holds
// the decisions.
package mfa

import (
	"context"
	"crypto/subtle"
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/session"
)

// The TOTP parameters authenticator apps expect (RFC 6238's defaults).
const (
	Period = 30 // seconds per time step
	Digits = otp.DigitsSix
	Skew   = 1 // steps accepted either side of now
)

var totpOpts = totp.ValidateOpts{Period: Period, Digits: Digits, Algorithm: otp.AlgorithmSHA1}

// Subject is whose factor it is: a portal account or a staff member, and
// the sign-in name its lockout counts under.
type Subject struct {
	Kind session.Kind
	ID   int64
	Name string
}

// key is the lockout key of the subject's codes, a realm apart from its
// password's (docs/decisions/second-factor.md, "Wrong codes count like wrong passwords").
func (s Subject) key() credential.Key {
	if s.Kind == session.Staff {
		return credential.Staff(s.Name).SecondFactor()
	}
	return credential.Portal(s.Name).SecondFactor()
}

// Factor is a stored TOTP factor.
type Factor struct {
	Secret    string // base32, opened from its sealed column
	LastStep  int64
	Confirmed bool
	CreatedAt time.Time
}

// ErrNotFound is what Store.SecondFactor returns when the subject has none.
var ErrNotFound = errors.New("mfa: no second factor")

// Store keeps factors, recovery codes and the server's HMAC key
// (internal/store). Every "once" is one guarded statement.
type Store interface {
	SecondFactor(ctx context.Context, kind string, id int64) (Factor, error)
	// BeginSecondFactor stores a pending (unconfirmed) secret, replacing
	// an earlier pending one; false when a confirmed factor exists.
	BeginSecondFactor(ctx context.Context, kind string, id int64, secret string, at time.Time) (bool, error)
	// AcceptStep records step as the last accepted one, only while it is
	// later than the stored one; confirm also confirms a pending factor
	// (and only a pending one). It reports whether it wrote.
	AcceptStep(ctx context.Context, kind string, id int64, step int64, confirm bool, at time.Time) (bool, error)
	// DeleteSecondFactor removes the factor and its recovery codes.
	DeleteSecondFactor(ctx context.Context, kind string, id int64) error
	// ReplaceRecoveryCodes drops every code of the subject and stores macs.
	ReplaceRecoveryCodes(ctx context.Context, kind string, id int64, macs []string, at time.Time) error
	// UseRecoveryCode marks mac used, once: false when it is unknown or used.
	UseRecoveryCode(ctx context.Context, kind string, id int64, mac string, at time.Time) (bool, error)
	RecoveryCodesLeft(ctx context.Context, kind string, id int64) (int, error)
	// ServerKey returns the key stored under name, storing fresh first
	// when there is none (of parallel first callers, one stores it).
	ServerKey(ctx context.Context, name string, fresh []byte) ([]byte, error)
}

// Tx runs fn in one transaction (store.DB.InTx).
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Event is a change of a factor, for the holder's records and notice.
type Event string

// The events a Recorder receives.
const (
	Enrolled     Event = "enrolled"      // TOTP confirmed, recovery codes issued
	Removed      Event = "removed"       // the holder removed the factor
	Reset        Event = "reset"         // an administrator removed it
	CodesRenewed Event = "codes_renewed" // new recovery codes, the old ones dead
	RecoveryUsed Event = "recovery_used" // a recovery code was used
)

// Recorder writes the operation record of an event (and sends the notice);
// it runs inside the transaction of the change.
type Recorder func(ctx context.Context, sub Subject, e Event) error

// Deps builds a Service.
type Deps struct {
	Store       Store
	Tx          Tx
	Ephemeral   ephemeral.Store
	Credentials *credential.Verifier
	Clock       clock.Clock
	// Issuer is the name authenticator apps show beside the account.
	Issuer string
	// Record receives each event; nil records nothing.
	Record Recorder
}

// Service runs second factors.
type Service struct {
	d Deps

	keyMu sync.Mutex
	key   []byte // the recovery codes' HMAC key, loaded once
}

// New returns the second-factor service.
func New(d Deps) *Service {
	if d.Issuer == "" {
		d.Issuer = "bidpass"
	}
	return &Service{d: d}
}

// User-facing errors.
var (
	ErrWrongCode    = &apperr.Error{Kind: apperr.Invalid, Reason: "mfa.wrong_code", Msg: "动态口令或恢复码不正确", Fields: map[string]string{"code": "动态口令或恢复码不正确"}}
	ErrNoFactor     = apperr.New(apperr.Conflict, "mfa.none", "尚未开启动态口令")
	ErrEnrolled     = apperr.New(apperr.Conflict, "mfa.enrolled", "动态口令已开启，如需更换请先关闭")
	ErrNotStarted   = apperr.New(apperr.Conflict, "mfa.not_started", "请先获取新的二维码")
	ErrCodeRequired = apperr.Field("code", "请输入动态口令或恢复码")
	ErrLastFactor   = apperr.New(apperr.Forbidden, "mfa.last_factor", "工作人员必须保留动态口令，不能关闭")
)

// Status is what the account centre shows.
type Status struct {
	Enabled      bool
	RecoveryLeft int
	EnrolledAt   time.Time
}

// Status answers whether sub has a confirmed factor and how many recovery codes are left.
func (s *Service) Status(ctx context.Context, sub Subject) (Status, error) {
	f, err := s.d.Store.SecondFactor(ctx, string(sub.Kind), sub.ID)
	if errors.Is(err, ErrNotFound) || (err == nil && !f.Confirmed) {
		return Status{}, nil
	}
	if err != nil {
		return Status{}, err
	}
	left, err := s.d.Store.RecoveryCodesLeft(ctx, string(sub.Kind), sub.ID)
	return Status{Enabled: true, RecoveryLeft: left, EnrolledAt: f.CreatedAt}, err
}

// Enabled reports whether sub has a confirmed factor: one read, without
// Status's count of recovery codes (every sign-in and the staff list ask it).
func (s *Service) Enabled(ctx context.Context, sub Subject) (bool, error) {
	f, err := s.d.Store.SecondFactor(ctx, string(sub.Kind), sub.ID)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil && f.Confirmed, err
}

var sixDigits = regexp.MustCompile(`^[0-9]{6}$`)

// normaliseCode drops spaces and dashes and lowers the case, as people
// type codes read off a phone or a sheet of paper.
func normaliseCode(code string) string {
	return strings.ToLower(strings.NewReplacer(" ", "", "-", "", "\u3000", "").Replace(strings.TrimSpace(code)))
}

// matchStep is the time step within ±Skew of now whose code is code.
func matchStep(secret, code string, now time.Time) (int64, bool) {
	step := now.Unix() / Period
	for s := step - Skew; s <= step+Skew; s++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(s*Period, 0).UTC(), totpOpts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return s, true
		}
	}
	return 0, false
}

// Verify checks code (a TOTP code, or a recovery code when allowRecovery)
// for sub's confirmed factor under the lockout, and answers the sign-in
// method it proves (session.MethodOTP either way: both are one-time codes
// of the second factor). A TOTP code is accepted once: its step must be
// later than the last accepted one. A recovery code is spent; the use is
// recorded (Event RecoveryUsed).
func (s *Service) Verify(ctx context.Context, sub Subject, code string, allowRecovery bool) error {
	code = normaliseCode(code)
	if code == "" {
		return ErrCodeRequired
	}
	f, err := s.d.Store.SecondFactor(ctx, string(sub.Kind), sub.ID)
	if errors.Is(err, ErrNotFound) || (err == nil && !f.Confirmed) {
		return ErrNoFactor
	}
	if err != nil {
		return err
	}
	usedRecovery := false
	err = s.d.Credentials.Try(ctx, sub.key(), ErrWrongCode, func(ctx context.Context) (bool, error) {
		now := s.d.Clock.Now().UTC()
		if sixDigits.MatchString(code) {
			step, ok := matchStep(f.Secret, code, now)
			if !ok {
				return false, nil
			}
			return s.d.Store.AcceptStep(ctx, string(sub.Kind), sub.ID, step, false, now)
		}
		if !allowRecovery || !recoveryShape.MatchString(code) {
			return false, nil
		}
		mac, err := s.mac(ctx, sub, code)
		if err != nil {
			return false, err
		}
		ok, err := s.d.Store.UseRecoveryCode(ctx, string(sub.Kind), sub.ID, mac, now)
		usedRecovery = ok
		return ok, err
	})
	if err != nil {
		return err
	}
	if usedRecovery {
		return s.record(ctx, sub, RecoveryUsed)
	}
	return nil
}

func (s *Service) record(ctx context.Context, sub Subject, e Event) error {
	if s.d.Record == nil {
		return nil
	}
	return s.d.Record(ctx, sub, e)
}
