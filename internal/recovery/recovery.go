// Package recovery lets a user who forgot a password prove they hold the
// account's phone number or e-mail address, choose among the accounts on
// it and set a new password. Nobody learns which accounts a phone or
// address has before proving it with a code; the reset accepts only an
// account the proof was issued for, and ends every session of it.
package recovery

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/identity"
	"bidpass/internal/password"
	"bidpass/internal/session"
	"bidpass/internal/sms"
)

// CheckTTL is how long the proof (checkCode) of a verified phone or
// address allows a reset.
const CheckTTL = 10 * time.Minute

// Accounts is what recovery needs from the account store.
type Accounts interface {
	AccountsByPhone(ctx context.Context, phone string) ([]account.Account, error)
	AccountsByEmail(ctx context.Context, email string) ([]account.Account, error)
	AccountByID(ctx context.Context, id int64) (account.Account, error)
	PersonProfile(ctx context.Context, accountID int64) (account.PersonProfile, error)
	EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error)
	SetAccountPassword(ctx context.Context, id int64, hash string, at time.Time) error
}

// Codes verifies SMS and e-mail codes (internal/sms).
type Codes interface {
	Verify(ctx context.Context, scene, to, codeID, code string) error
}

// Decrypter opens a transported password (internal/pwtransport).
type Decrypter interface {
	Decrypt(ctx context.Context, keyID, ciphertextB64 string) (string, error)
}

// Lockout forgets sign-in failures (internal/auth): a reset lifts a lock.
type Lockout interface {
	ClearFailures(ctx context.Context, name string) error
}

// Sessions ends sessions (internal/session).
type Sessions interface {
	RevokeAll(ctx context.Context, kind session.Kind, subjectID int64, keep string) error
}

// Tx runs fn in one transaction (store.DB.InTx).
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Config builds a Service.
type Config struct {
	Accounts  Accounts
	Codes     Codes
	Keys      Decrypter
	Lockout   Lockout
	Sessions  Sessions
	Tx        Tx
	Ephemeral ephemeral.Store
	Clock     clock.Clock
}

// Service runs account recovery.
type Service struct{ cfg Config }

// New returns a recovery service.
func New(cfg Config) *Service { return &Service{cfg: cfg} }

// FindRequest proves a phone (SMS code) or an e-mail address (e-mail code);
// exactly one of Phone and Email is set. Type, when 1 or 2, keeps only
// accounts of that type (the personal and legal-person tabs).
type FindRequest struct {
	Phone     string
	Email     string
	Type      int
	SMSCode   string
	SMSCodeID string
}

// FoundAccount is one account on the proven phone or address (01 §3).
type FoundAccount struct {
	Account     string
	RegTime     string
	Type        int
	SubjectName string
	SubjectCode string // masked
	AuthState   int
	AccountID   int64
}

// FindResult lists the accounts and the proof for the reset. CheckCode is
// empty when no account was found.
type FindResult struct {
	Accounts  []FoundAccount
	CheckCode string
}

type proof struct {
	IDs []int64 `json:"ids"`
}

// Find verifies the code and returns the accounts it proves.
func (s *Service) Find(ctx context.Context, req FindRequest) (FindResult, error) {
	phone, email := strings.TrimSpace(req.Phone), strings.ToLower(strings.TrimSpace(req.Email))
	fields := map[string]string{}
	switch {
	case email != "" && !sms.ValidEmail(email):
		fields["email"] = "请输入正确的邮箱地址"
	case email == "" && phone == "":
		fields["phone"] = "请输入手机号"
	case email == "" && !sms.ValidPhone(phone):
		fields["phone"] = identity.MsgPhonePattern
	}
	if strings.TrimSpace(req.SMSCode) == "" {
		fields["smsCode"] = "请输入短信验证码"
		if email != "" {
			fields["smsCode"] = "请输入邮箱验证码"
		}
	}
	if len(fields) > 0 {
		msg := fields["phone"] + fields["email"]
		if msg == "" {
			msg = fields["smsCode"]
		}
		return FindResult{}, apperr.InvalidFields(msg, fields)
	}
	to := phone
	if email != "" {
		to = email
	}
	if err := s.cfg.Codes.Verify(ctx, sms.SceneRecover, to, req.SMSCodeID, req.SMSCode); err != nil {
		return FindResult{}, err
	}
	var accounts []account.Account
	var err error
	if email != "" {
		accounts, err = s.cfg.Accounts.AccountsByEmail(ctx, email)
	} else {
		accounts, err = s.cfg.Accounts.AccountsByPhone(ctx, phone)
	}
	if err != nil {
		return FindResult{}, err
	}
	if req.Type != 0 {
		accounts = slices.DeleteFunc(accounts, func(a account.Account) bool { return int(a.Type) != req.Type })
	}
	return s.Vouch(ctx, accounts)
}

// Vouch lists accounts whose holder has proved themselves (a phone or
// e-mail code here, a bound certificate in internal/certificate) and issues
// the checkCode that lets Reset set a new password for one of them.
func (s *Service) Vouch(ctx context.Context, accounts []account.Account) (FindResult, error) {
	res := FindResult{Accounts: []FoundAccount{}}
	var ids []int64
	for _, a := range accounts {
		f := FoundAccount{Account: a.Name, RegTime: a.CreatedAt.In(clock.China).Format("2006-01-02 15:04:05"),
			Type: int(a.Type), AuthState: int(a.AuthState), AccountID: a.ID}
		if a.Type == account.Person {
			if p, err := s.cfg.Accounts.PersonProfile(ctx, a.ID); err == nil {
				f.SubjectName, f.SubjectCode = p.RealName, certno.Mask(p.CertNum)
			} else if !errors.Is(err, account.ErrNotFound) {
				return FindResult{}, err
			}
		} else {
			if p, err := s.cfg.Accounts.EnterpriseProfile(ctx, a.ID); err == nil {
				f.SubjectName, f.SubjectCode = p.Name, certno.Mask(p.CertNum)
			} else if !errors.Is(err, account.ErrNotFound) {
				return FindResult{}, err
			}
		}
		res.Accounts = append(res.Accounts, f)
		ids = append(ids, a.ID)
	}
	if len(ids) == 0 {
		return res, nil
	}
	res.CheckCode = strings.ToLower(rand.Text())
	b, _ := json.Marshal(proof{IDs: ids})
	if err := s.cfg.Ephemeral.Set(ctx, "recover:check:"+res.CheckCode, b, CheckTTL); err != nil {
		return FindResult{}, err
	}
	return res, nil
}

// ResetRequest sets a new password; Password and ConfirmPwd are in the
// transported (encrypted) form under KeyID.
type ResetRequest struct {
	Password   string
	ConfirmPwd string
	KeyID      string
	AccountID  int64
	CheckCode  string
}

// Errors of Reset.
var (
	ErrCheckExpired = apperr.New(apperr.Invalid, "recover.expired", "验证已过期，请重新验证身份")
	ErrNotYours     = apperr.New(apperr.Forbidden, "recover.account", "该账号不属于已验证的手机号或邮箱")
	// ErrCheckUsed answers a reset whose proof another reset spent first.
	ErrCheckUsed = apperr.New(apperr.Conflict, "recover.used", "该验证已使用，请重新验证身份")
)

// Reset checks the proof, the account and the password rule of its type,
// stores the new hash, ends every session of the account and lifts any
// sign-in lock. The proof is used up by the reset that passes every check,
// even when its write then fails (the user verifies again).
func (s *Service) Reset(ctx context.Context, req ResetRequest) error {
	raw, err := s.cfg.Ephemeral.Get(ctx, "recover:check:"+req.CheckCode)
	if errors.Is(err, ephemeral.ErrNotFound) || req.CheckCode == "" {
		return ErrCheckExpired
	}
	if err != nil {
		return err
	}
	var p proof
	if err := json.Unmarshal(raw, &p); err != nil {
		return err
	}
	if !slices.Contains(p.IDs, req.AccountID) {
		return ErrNotYours
	}
	a, err := s.cfg.Accounts.AccountByID(ctx, req.AccountID)
	if err != nil {
		return err
	}
	pw, err := s.cfg.Keys.Decrypt(ctx, req.KeyID, req.Password)
	if err != nil {
		return err
	}
	if err := password.Check(a.Type, pw); err != nil {
		return err
	}
	confirm, err := s.cfg.Keys.Decrypt(ctx, req.KeyID, req.ConfirmPwd)
	if err != nil {
		return err
	}
	if confirm != pw {
		return apperr.Field("confirmPwd", "两次密码不一致")
	}
	hash, err := password.Hash(pw)
	if err != nil {
		return err
	}
	// The proof is spent here, in one atomic step of the shared store,
	// after every check a user could still correct and before the write:
	// of parallel resets with one checkCode exactly one gets past this
	// line (docs/decisions/races-and-denial.md, "Recovery proof").
	if _, err := s.cfg.Ephemeral.Take(ctx, "recover:check:"+req.CheckCode); errors.Is(err, ephemeral.ErrNotFound) {
		return ErrCheckUsed
	} else if err != nil {
		return err
	}
	err = s.cfg.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.cfg.Accounts.SetAccountPassword(ctx, a.ID, hash, s.cfg.Clock.Now().UTC()); err != nil {
			return err
		}
		return s.cfg.Sessions.RevokeAll(ctx, session.Portal, a.ID, "")
	})
	if err != nil {
		return err
	}
	return s.cfg.Lockout.ClearFailures(ctx, a.Name)
}
