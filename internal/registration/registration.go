// Package registration runs the sign-up of individuals and enterprises (01 §2,
// §4, §5): the account step (name, phone, password, graphic and SMS codes),
// the person's real-name information and authentication photos, and the
// enterprise's basic information, legal representative, contact and
// authentication photos.
//
// A registration is a small persisted state machine on the account row:
// register_process is 1 until the last step of the account's kind is done, and
// register_step is the next step to do. Every step saves what it received, so
// an account that signs in half-way resumes on /completeInfo at the step it
// left, with its data shown again (Progress).
package registration

import (
	"context"
	"errors"
	"fmt"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/session"
)

// The wizard steps (account.StepAccount …), under the names the wizard's
// callers know.
const (
	StepAccount = account.StepAccount
	StepInfo    = account.StepInfo
	StepAuth    = account.StepAuth
	StepDone    = account.StepDone
)

// SMS scenes used here (team-notes: internal/sms scenes).
const (
	SceneRegister = "register"
	SceneContact  = "contact"
)

// Transactor runs fn in one database transaction (store.DB.InTx).
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// SMSVerifier consumes an SMS code sent to a phone for a scene
// (sms.Service.Verify); it returns a user-facing error when the code is wrong
// or expired.
type SMSVerifier interface {
	Verify(ctx context.Context, scene, to, codeID, code string) error
}

// PasswordDecrypter opens the RSA transport form of a password
// (pwtransport.Keyring.Decrypt); it refuses stale or replayed values.
type PasswordDecrypter interface {
	Decrypt(ctx context.Context, keyID, ciphertextB64 string) (string, error)
}

// FileAttacher marks uploaded files as part of a submission
// (files.Service.AttachAs); it refuses files the account does not own.
type FileAttacher interface {
	AttachAs(ctx context.Context, owner int64, kind files.Kind, ids ...string) error
}

// SessionIssuer signs the new account in (session.Service.IssueSignIn).
type SessionIssuer interface {
	IssueSignIn(ctx context.Context, kind session.Kind, subjectID int64, methods []string, clientAddr, userAgent string) (string, error)
}

// ReviewSubmitter queues a real-name review item for a reviewer and returns
// its id; it must run inside the caller's transaction (review.Service.Submit
// with kind realname). subject is "person" or "enterprise".
type ReviewSubmitter func(ctx context.Context, accountID int64, subject identity.Subject, payload any) (int64, error)

// Deps are what the service needs. CheckPassword and HashPassword are the
// password package's Check and Hash.
type Deps struct {
	DB            Transactor
	Accounts      account.Store
	Rules         *identity.Rules
	SMS           SMSVerifier
	Passwords     PasswordDecrypter
	CheckPassword func(t account.Type, pw string) error
	HashPassword  func(pw string) (string, error)
	Files         FileAttacher
	Sessions      SessionIssuer
	SubmitReview  ReviewSubmitter
	// RecordSubmission writes the account's "real-name submitted"
	// operation record (profile.Service.RecordOperation) in the same
	// transaction; nil skips it.
	RecordSubmission func(ctx context.Context, accountID int64, actorName string, fileIDs []string) error
	Clock            clock.Clock
}

// Service runs registrations.
type Service struct{ d Deps }

// New returns a registration service.
func New(d Deps) *Service { return &Service{d: d} }

// User-facing errors of the flow.
var (
	// ErrNameTaken answers an account name already registered (any case).
	ErrNameTaken = &apperr.Error{Kind: apperr.Conflict, Reason: "registration.name_taken", Msg: "该账号已被注册",
		Fields: map[string]string{"account": "该账号已被注册"}}
	// ErrFinished answers a registration step called after registration is
	// complete: later changes go through the account centre and review.
	ErrFinished = account.ErrRegistrationFinished
	// ErrWrongKind answers a person step called by an enterprise account or
	// the other way round.
	ErrWrongKind = apperr.New(apperr.Forbidden, "registration.wrong_kind", "账户类型不符，无法进行此操作")
	// ErrInfoFirst answers an authentication step before the information step.
	ErrInfoFirst = account.ErrInfoFirst
	// ErrAuthVerifying answers a submission while the previous one waits
	// for a reviewer: the holder withdraws it first (撤销) or waits.
	ErrAuthVerifying = account.ErrVerifying
	// ErrAuthDone answers a submission of an authenticated account: changes
	// of identity go through the edit pages and their review instead.
	ErrAuthDone = account.ErrAuthenticated
)

// Message texts of 01 §5 for the account step's own fields.
const (
	msgPasswordEmpty = "请输入密码"
	msgSMSRequired   = "请输入短信验证码"
	msgAgree         = "请阅读并勾选《用户注册协议》"
)

// Client is who sent the request, for the session record.
type Client struct {
	Addr      string
	UserAgent string
}

// CheckName answers whether an account name may be registered: nil when it
// is free, an Invalid error when it breaks the pattern, ErrNameTaken when
// any account already uses it in any case.
func (s *Service) CheckName(ctx context.Context, name string) error {
	name, probs := identity.AccountName(name)
	if err := probs.Err(); err != nil {
		return err
	}
	taken, err := s.d.Accounts.AccountNameTaken(ctx, name)
	if err != nil {
		return fmt.Errorf("registration: name check: %w", err)
	}
	if taken {
		return ErrNameTaken
	}
	return nil
}

// AccountForm is the account step of either kind (the spec's regForm).
// Password is the RSA transport value of docs/spec/DECISIONS.md; the confirmation is
// compared by the client, because the server never sees two plain texts.
// There is no graphic code: the SMS send used it up (one picture, one
// send), and the final submit is protected by the SMS code, which is bound
// to the phone and the scene (docs/decisions/registration.md, "Registration (registration engineer)").
type AccountForm struct {
	Account   string
	Phone     string
	Password  string
	KeyID     string
	SMSCode   string
	SMSCodeID string
	IsAgree   bool
	// Email is optional; it is stored unverified until account security's
	// 绑定邮箱 confirms it with a code (docs/decisions/sign-in.md, "E-mail binding").
	Email string
}

// Registered is the result of the account step: the new account, signed in.
type Registered struct {
	ID          int64
	AccessToken string
	Account     account.Account
}

// RegisterPerson creates a person account (type 1) from the account step.
func (s *Service) RegisterPerson(ctx context.Context, f AccountForm, c Client) (Registered, error) {
	return s.register(ctx, account.Person, f, c)
}

// RegisterEnterprise creates an enterprise account (type 2) from the
// account step; the enterprise password rule applies.
func (s *Service) RegisterEnterprise(ctx context.Context, f AccountForm, c Client) (Registered, error) {
	return s.register(ctx, account.Enterprise, f, c)
}

// register checks the form in the order a user fixes it: the fields the
// form validates, the name's availability, the password rule, and last the
// SMS code, which is consumed: nothing the user can still correct costs it.
func (s *Service) register(ctx context.Context, t account.Type, f AccountForm, c Client) (Registered, error) {
	var probs, pp identity.Problems
	f.Account, probs = identity.AccountName(f.Account)
	f.Phone, pp = identity.Mobile(f.Phone, identity.MsgPhoneRequired)
	probs.Append(pp)
	f.SMSCode = identity.StripSpaces(f.SMSCode)
	if f.Password == "" {
		probs.Add("password", msgPasswordEmpty)
	}
	if f.SMSCode == "" {
		probs.Add("smsCode", msgSMSRequired)
	}
	if !f.IsAgree {
		probs.Add("isAgree", msgAgree)
	}
	email, ep := identity.Email(f.Email, "")
	f.Email = email
	probs.Append(ep)
	if err := probs.Err(); err != nil {
		return Registered{}, err
	}
	if err := s.CheckName(ctx, f.Account); err != nil {
		return Registered{}, err
	}
	plain, err := s.d.Passwords.Decrypt(ctx, f.KeyID, f.Password)
	if err != nil {
		return Registered{}, withField(err, "password")
	}
	if err := s.d.CheckPassword(t, plain); err != nil {
		return Registered{}, withField(err, "password")
	}
	// The code is consumed last, so a weak password or a taken name does
	// not cost the user a new SMS.
	if err := s.d.SMS.Verify(ctx, SceneRegister, f.Phone, f.SMSCodeID, f.SMSCode); err != nil {
		return Registered{}, withField(err, "smsCode")
	}
	hash, err := s.d.HashPassword(plain)
	if err != nil {
		return Registered{}, fmt.Errorf("registration: hash: %w", err)
	}

	now := s.d.Clock.Now().UTC()
	a := account.Account{
		Name: f.Account, Type: t, Phone: f.Phone, Email: f.Email, PasswordHash: hash,
		RegisterProcess: 1, RegisterStep: account.StepInfo, AuthState: account.NotAuthenticated,
		CreatedAt: now, UpdatedAt: now,
	}
	var token string
	err = s.d.DB.InTx(ctx, func(ctx context.Context) error {
		if err := s.d.Accounts.CreateAccount(ctx, &a); err != nil {
			return err
		}
		var err error
		// The account step proved the phone with an SMS code: that is the
		// sign-in (docs/sso.md, "Authentication context (amr, acr)").
		token, err = s.d.Sessions.IssueSignIn(ctx, session.Portal, a.ID, []string{session.MethodSMS}, c.Addr, c.UserAgent)
		return err
	})
	if errors.Is(err, account.ErrNameTaken) {
		// Two registrations raced for the same name; the unique key decided.
		return Registered{}, ErrNameTaken
	}
	if err != nil {
		return Registered{}, fmt.Errorf("registration: create account: %w", err)
	}
	return Registered{ID: a.ID, AccessToken: token, Account: a}, nil
}

// withField puts an Invalid error of another capability (a wrong code, a
// weak password) on the form field it belongs to, so the client can show it
// there; other errors pass unchanged.
func withField(err error, field string) error {
	e, ok := apperr.As(err)
	if !ok || e.Kind != apperr.Invalid {
		return err
	}
	c := *e
	c.Fields = map[string]string{field: e.Msg}
	return &c
}

// accountOfKind loads the acting account inside the transaction and checks
// that it is of kind t; what it may do next is the lifecycle's to say.
func (s *Service) accountOfKind(ctx context.Context, accountID int64, t account.Type) (account.Account, error) {
	a, err := s.d.Accounts.AccountByID(ctx, accountID)
	if errors.Is(err, account.ErrNotFound) {
		return a, apperr.ErrUnauthenticated
	}
	if err != nil {
		return a, fmt.Errorf("registration: load account: %w", err)
	}
	if a.Type != t {
		return a, ErrWrongKind
	}
	return a, nil
}
