// Package auth signs portal accounts in with a password: it checks the
// graphic code and the slider verification, decrypts the transported
// password, checks it through internal/credential (lockout, equal cost for
// unknown names, the argon2id cap, rehashing when the parameters have been
// raised) and starts a session. It also issues the one-time codes of
// third-party authorisation login.
package auth

import (
	"context"
	"errors"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/mfa"
	"bidpass/internal/session"
)

// Accounts is what sign-in needs from the account store.
type Accounts interface {
	AccountByName(ctx context.Context, name string) (account.Account, error)
	AccountByID(ctx context.Context, id int64) (account.Account, error)
	// UpgradeAccountPasswordHash replaces an outdated hash with hash,
	// only while the stored hash is still old.
	UpgradeAccountPasswordHash(ctx context.Context, id int64, old, hash string, at time.Time) error
}

// GraphicCodes checks a typed graphic code once (internal/graphiccode).
type GraphicCodes interface {
	Check(ctx context.Context, id, code string) error
}

// Captcha checks the slider's single-use verification (internal/captcha).
type Captcha interface {
	Verify(ctx context.Context, captchaVerification string) error
}

// Decrypter opens a transported password (internal/pwtransport).
type Decrypter interface {
	Decrypt(ctx context.Context, keyID, ciphertextB64 string) (string, error)
}

// Config builds a Service.
type Config struct {
	Accounts     Accounts
	Sessions     *session.Service
	Keys         Decrypter
	GraphicCodes GraphicCodes
	Captcha      Captcha
	Ephemeral    ephemeral.Store
	// Credentials checks passwords: the process's one verifier, shared
	// with staff sign-in and change-password.
	Credentials *credential.Verifier
	Clock       clock.Clock
	// AuthorizeClients maps a client id to the callback URL prefix it may
	// be sent to (config.AuthorizeClients).
	AuthorizeClients map[string]string
	// Expirer is set in development mode only (ExpireForDev).
	Expirer SessionExpirer
	// SecondFactor asks the second step of accounts with a factor
	// (second_step.go); nil asks none.
	SecondFactor *mfa.Service
}

// SessionExpirer ends a session by moving its expiry (internal/store).
type SessionExpirer interface {
	ExpireSession(ctx context.Context, tokenHash string, at time.Time) error
}

// Service signs accounts in.
type Service struct {
	cfg Config
}

// New returns a sign-in service.
func New(cfg Config) *Service {
	return &Service{cfg: cfg}
}

// User is the user object of the sign-in response (01 §3).
type User struct {
	UserName        string
	ID              int64
	Type            int
	RegisterProcess int
	AuthState       int
}

// UserOf returns the user object of a.
func UserOf(a account.Account) User {
	return User{UserName: a.Name, ID: a.ID, Type: int(a.Type), RegisterProcess: a.RegisterProcess, AuthState: int(a.AuthState)}
}

// SignInRequest is the sign-in payload plus who sends it.
type SignInRequest struct {
	UserName    string
	Password    string // transported (encrypted) form
	KeyID       string
	CodeID      string
	GraphicCode string
	Captcha     string // the slider's captchaVerification
	ClientAddr  string
	UserAgent   string
}

// SignInResult is what a successful sign-in returns.
type SignInResult struct {
	AccessToken string
	User        User
	// SecondStep is set instead of the session when the account has a
	// second factor (second_step.go).
	SecondStep mfa.Ticket
}

// User-facing errors of sign-in.
var (
	ErrBadCredentials = credential.ErrBadCredentials
	ErrDisabled       = apperr.New(apperr.Forbidden, "auth.disabled", "账号已被停用，请联系客服")
	ErrCaptchaMissing = apperr.New(apperr.Invalid, "auth.captcha", "请完成安全验证")
)

// SignIn checks the request and starts a portal session.
func (s *Service) SignIn(ctx context.Context, req SignInRequest) (SignInResult, error) {
	fields := map[string]string{}
	if strings.TrimSpace(req.UserName) == "" {
		fields["userName"] = "请输入账号"
	}
	if req.Password == "" {
		fields["password"] = "请输入密码"
	}
	if strings.TrimSpace(req.GraphicCode) == "" {
		fields["graphicCode"] = "请输入验证码"
	}
	if len(fields) > 0 {
		return SignInResult{}, apperr.InvalidFields(firstOf(fields, "userName", "password", "graphicCode"), fields)
	}
	// The cheap single-use checks come first, so a script without a human
	// in front of it never reaches the costly hash.
	if err := s.cfg.GraphicCodes.Check(ctx, req.CodeID, req.GraphicCode); err != nil {
		return SignInResult{}, err
	}
	if req.Captcha == "" {
		return SignInResult{}, ErrCaptchaMissing
	}
	if err := s.cfg.Captcha.Verify(ctx, req.Captcha); err != nil {
		return SignInResult{}, err
	}
	pw, err := s.cfg.Keys.Decrypt(ctx, req.KeyID, req.Password)
	if err != nil {
		return SignInResult{}, err
	}
	a, err := s.checkPassword(ctx, req.UserName, pw)
	if err != nil {
		// A refusal on an existing account goes into its sign-in history
		// (an unknown name has none to go into).
		if why := refusalOf(err); why != "" {
			s.cfg.Sessions.Refused(ctx, session.Refusal{Kind: session.Portal, SubjectID: a.ID, Methods: []string{session.MethodPassword},
				Reason: why, ClientAddr: req.ClientAddr, UserAgent: req.UserAgent})
		}
		return SignInResult{}, err
	}
	return s.startOrAsk(ctx, a, []string{session.MethodPassword}, req.ClientAddr, req.UserAgent)
}

// start issues the portal session of a sign-in made with methods and its answer.
func (s *Service) start(ctx context.Context, a account.Account, methods []string, clientAddr, userAgent string) (SignInResult, error) {
	token, err := s.cfg.Sessions.IssueSignIn(ctx, session.Portal, a.ID, methods, clientAddr, userAgent)
	if err != nil {
		return SignInResult{}, err
	}
	return SignInResult{AccessToken: token, User: UserOf(a)}, nil
}

// SignInAs starts the session of an account another proof has already
// identified (a certificate sign-in), exactly as a password sign-in would:
// same session, same answer, and a disabled account refused the same way.
// methods say how that proof was made (session.Method…).
func (s *Service) SignInAs(ctx context.Context, accountID int64, methods []string, clientAddr, userAgent string) (SignInResult, error) {
	a, err := s.cfg.Accounts.AccountByID(ctx, accountID)
	if err != nil {
		return SignInResult{}, err
	}
	if a.Disabled {
		return SignInResult{}, ErrDisabled
	}
	return s.start(ctx, a, methods, clientAddr, userAgent)
}

// CheckPassword verifies name and plain password under the lockout rule
// and returns the account. It rehashes an outdated hash and clears the
// failure count on success. Errors: ErrBadCredentials (same message and
// cost for an unknown name), the lockout (TooMany, with the minutes left),
// ErrDisabled.
func (s *Service) CheckPassword(ctx context.Context, name, pw string) (account.Account, error) {
	a, err := s.checkPassword(ctx, name, pw)
	if err != nil {
		return account.Account{}, err
	}
	return a, nil
}

// checkPassword is CheckPassword that returns the account named also
// when it refuses it (a zero account for an unknown name or an outage).
func (s *Service) checkPassword(ctx context.Context, name, pw string) (account.Account, error) {
	a, err := s.cfg.Accounts.AccountByName(ctx, strings.TrimSpace(name))
	if errors.Is(err, account.ErrNotFound) {
		a = account.Account{} // no hash: the dummy is verified instead
	} else if err != nil {
		return account.Account{}, err
	}
	err = s.cfg.Credentials.Check(ctx, credential.Attempt{Key: credential.Portal(name), Password: pw, Hash: a.PasswordHash,
		Rehash: func(ctx context.Context, h string) error {
			return s.cfg.Accounts.UpgradeAccountPasswordHash(ctx, a.ID, a.PasswordHash, h, s.cfg.Clock.Now().UTC())
		}})
	if err != nil {
		return a, err
	}
	// Only after the right password, so a disabled account reveals nothing.
	if a.Disabled {
		return a, ErrDisabled
	}
	return a, nil
}

// refusalOf names why a password check refused (session.Refused…), or
// "" when it was not the account's answer (busy, an outage).
func refusalOf(err error) string {
	var e *apperr.Error
	switch {
	case errors.Is(err, ErrDisabled):
		return session.RefusedDisabled
	case errors.Is(err, ErrBadCredentials):
		return session.RefusedPassword
	case errors.As(err, &e) && e.Reason == "auth.locked":
		return session.RefusedLocked
	default:
		return ""
	}
}

// ClearFailures forgets the failures and any lock of an account name; a
// password reset calls it (docs/spec/DECISIONS.md).
func (s *Service) ClearFailures(ctx context.Context, name string) error {
	return s.cfg.Credentials.Clear(ctx, credential.Portal(name))
}

// Me returns the user object of the signed-in account.
func (s *Service) Me(ctx context.Context, accountID int64) (User, error) {
	a, err := s.cfg.Accounts.AccountByID(ctx, accountID)
	if errors.Is(err, account.ErrNotFound) {
		return User{}, apperr.ErrUnauthenticated
	}
	if err != nil {
		return User{}, err
	}
	return UserOf(a), nil
}

// ExpireForDev makes the session of p time out now, as if it had been idle
// too long; the development route behind it exists only with --dev.
func (s *Service) ExpireForDev(ctx context.Context, p session.Principal) error {
	if s.cfg.Expirer == nil {
		return apperr.ErrNotFound
	}
	return s.cfg.Expirer.ExpireSession(ctx, p.TokenHash, s.cfg.Clock.Now().UTC())
}

// SignOut revokes the session of p.
func (s *Service) SignOut(ctx context.Context, p session.Principal) error {
	return s.cfg.Sessions.Revoke(ctx, p)
}

func firstOf(fields map[string]string, order ...string) string {
	for _, k := range order {
		if m, ok := fields[k]; ok {
			return m
		}
	}
	return ""
}
