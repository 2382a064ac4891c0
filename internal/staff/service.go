package staff

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"unicode/utf8"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/identity"
	"bidpass/internal/password"
	"bidpass/internal/session"
)

// Tx runs fn in a transaction (store.DB.InTx).
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// PasswordDecrypter opens the RSA-encrypted password of docs/spec/DECISIONS.md
// (internal/pwtransport.Keyring).
type PasswordDecrypter interface {
	Decrypt(ctx context.Context, keyID, ciphertextB64 string) (string, error)
}

// CaptchaVerifier consumes a slider captcha verification (internal/captcha).
type CaptchaVerifier interface {
	Verify(ctx context.Context, captchaVerification string) error
}

// GraphicCodeChecker consumes a graphic code (internal/graphiccode).
type GraphicCodeChecker interface {
	Check(ctx context.Context, id, code string) error
}

// User-facing errors.
var (
	ErrBadCredentials = apperr.New(apperr.Invalid, "staff.bad_credentials", "账号或密码错误")
	ErrDisabled       = apperr.New(apperr.Forbidden, "staff.disabled", "账号已停用，请联系管理员")
	ErrNotAllowed     = apperr.New(apperr.Forbidden, "staff.role", "无权执行此操作")
	ErrStaffNotFound  = apperr.New(apperr.NotFound, "staff.not_found", "工作人员不存在")
	ErrNameTakenMsg   = apperr.Field("account", "该账号已存在")
	ErrBadRole        = apperr.Field("role", "角色无效")
	ErrSelf           = apperr.New(apperr.Conflict, "staff.self", "不能停用自己的账号")
	ErrDisplayName    = apperr.Field("displayName", "姓名不能超过30个字")
)

// Service signs staff in, manages them and keeps their action log.
type Service struct {
	store    Store
	tx       Tx
	clock    clock.Clock
	sessions *session.Service
	keys     PasswordDecrypter
	captcha  CaptchaVerifier
	codes    GraphicCodeChecker
	creds    *credential.Verifier
	factors  SecondFactor
	log      *slog.Logger
}

// Deps are the collaborators of a Service; Keys, Captcha, Codes and
// Credentials are needed only for sign-in and password resets.
type Deps struct {
	Store    Store
	Tx       Tx
	Clock    clock.Clock
	Sessions *session.Service
	Keys     PasswordDecrypter
	Captcha  CaptchaVerifier
	Codes    GraphicCodeChecker
	// Credentials checks passwords: the process's one verifier, shared
	// with portal sign-in (lockout, argon2id cap, rehash).
	Credentials *credential.Verifier
	// Factors is the members' mandatory second factor (internal/mfa):
	// no password sign-in ends in a session without it.
	Factors SecondFactor
	Log     *slog.Logger
}

// NewService returns a staff service.
func NewService(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, tx: d.Tx, clock: d.Clock, sessions: d.Sessions, keys: d.Keys,
		captcha: d.Captcha, codes: d.Codes, creds: d.Credentials, factors: d.Factors, log: d.Log}
}

// CheckPassword applies the staff password rule: the enterprise rule
// (13–20 characters, 3 of 4 kinds), the strictest of the portal's, because
// a staff account opens everyone's personal data.
func CheckPassword(pw string) error { return password.Check(account.Enterprise, pw) }

// SignInRequest is the staff sign-in payload (the portal's, docs/spec/DECISIONS.md).
type SignInRequest struct {
	UserName    string
	Password    string // RSA ciphertext, base64
	KeyID       string
	CodeID      string
	GraphicCode string
	Captcha     string // captchaVerification of the slider
	Addr        string
	UserAgent   string
}

// SignIn checks the graphic code, the slider captcha and the password.
// The password alone never starts a staff session: it answers the second
// step's ticket, or the enrolment's for a member without a factor
// (docs/decisions/second-factor.md, "Staff enrol at the first sign-in").
// Both codes are used up whatever the outcome.
func (s *Service) SignIn(ctx context.Context, req SignInRequest) (SignInResult, error) {
	name := strings.TrimSpace(req.UserName)
	if name == "" {
		return SignInResult{}, apperr.Field("userName", "请输入账号")
	}
	if s.codes == nil || s.captcha == nil || s.keys == nil || s.creds == nil || s.factors == nil {
		return SignInResult{}, errors.New("staff: sign-in collaborators not configured")
	}
	if err := s.codes.Check(ctx, req.CodeID, req.GraphicCode); err != nil {
		return SignInResult{}, err
	}
	if err := s.captcha.Verify(ctx, req.Captcha); err != nil {
		return SignInResult{}, err
	}
	pw, err := s.keys.Decrypt(ctx, req.KeyID, req.Password)
	if err != nil {
		return SignInResult{}, err
	}
	st, err := s.store.StaffByName(ctx, name)
	if errors.Is(err, ErrNotFound) {
		st = Staff{} // no hash: the dummy is verified instead
	} else if err != nil {
		return SignInResult{}, err
	}
	err = s.creds.Check(ctx, credential.Attempt{Key: credential.Staff(name), Password: pw, Hash: st.PasswordHash,
		Rehash: func(ctx context.Context, h string) error {
			return s.store.UpgradeStaffPasswordHash(ctx, st.ID, st.PasswordHash, h, s.clock.Now().UTC())
		},
		Wrong: ErrBadCredentials})
	// A wrong password is logged for a known member, also when it is the
	// one that locks the name (the lock wraps ErrBadCredentials).
	if errors.Is(err, ErrBadCredentials) && st.ID != 0 {
		_ = s.Record(ctx, st.ID, "auth.signin_failed", target(st.ID), "密码错误", req.Addr)
	}
	if err != nil {
		return SignInResult{}, err
	}
	return s.askSecondFactor(ctx, st)
}

// start refuses a disabled member, issues the staff session of a sign-in
// made with methods and records it (detail says how: 登录, 证书登录).
func (s *Service) start(ctx context.Context, st Staff, methods []string, detail, addr, userAgent string) (string, Staff, error) {
	if st.Disabled {
		return "", Staff{}, ErrDisabled
	}
	tok, err := s.sessions.IssueSignIn(ctx, session.Staff, st.ID, methods, addr, userAgent)
	if err != nil {
		return "", Staff{}, err
	}
	if err := s.Record(ctx, st.ID, "auth.signin", target(st.ID), detail, addr); err != nil {
		return "", Staff{}, err
	}
	return tok, st, nil
}

// SignInAs starts the session of a member another proof identified (a
// certificate bound to them, whose key and PIN are two factors in
// themselves: no second step follows), as a password sign-in does.
func (s *Service) SignInAs(ctx context.Context, staffID int64, methods []string, addr, userAgent string) (string, Staff, error) {
	st, err := s.store.StaffByID(ctx, staffID)
	if errors.Is(err, ErrNotFound) {
		return "", Staff{}, apperr.ErrUnauthenticated
	}
	if err != nil {
		return "", Staff{}, err
	}
	return s.start(ctx, st, methods, "证书登录", addr, userAgent)
}

// Authorize returns the staff member behind a session if they are enabled
// and hold one of roles (any role when none is given). A disabled member is
// Unauthenticated: their sessions were revoked when they were disabled, so
// this only closes the gap of a session checked in that instant.
func (s *Service) Authorize(ctx context.Context, staffID int64, roles ...Role) (Staff, error) {
	st, err := s.store.StaffByID(ctx, staffID)
	if errors.Is(err, ErrNotFound) {
		return Staff{}, apperr.ErrUnauthenticated
	}
	if err != nil {
		return Staff{}, err
	}
	if st.Disabled {
		return Staff{}, apperr.ErrUnauthenticated
	}
	if len(roles) == 0 {
		return st, nil
	}
	for _, r := range roles {
		if st.Role == r {
			return st, nil
		}
	}
	return Staff{}, ErrNotAllowed
}

// IsReviewer reports whether the staff member may open any uploaded file
// (an enabled reviewer); it is the files download's ReviewerChecker.
func (s *Service) IsReviewer(ctx context.Context, staffID int64) (bool, error) {
	st, err := s.store.StaffByID(ctx, staffID)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return !st.Disabled && st.Role == Reviewer, nil
}

// SignOut ends the session of p.
func (s *Service) SignOut(ctx context.Context, p session.Principal, addr string) error {
	if err := s.sessions.Revoke(ctx, p); err != nil {
		return err
	}
	return s.Record(ctx, p.ID, "auth.signout", "staff:"+strconv.FormatInt(p.ID, 10), "退出登录", addr)
}

// NewStaff is what an administrator (or `bidpass admin create`) supplies.
type NewStaff struct {
	Name        string
	DisplayName string
	Role        Role
	Password    string // plain
}

func (s *Service) validate(n *NewStaff) error {
	var probs identity.Problems
	n.Name, probs = identity.AccountName(n.Name) // the portal's rule and message
	n.DisplayName = strings.TrimSpace(n.DisplayName)
	fields := map[string]string{}
	for _, p := range probs {
		fields[p.Field] = p.Msg
	}
	if !n.Role.Valid() {
		fields["role"] = ErrBadRole.Msg
	}
	if utf8.RuneCountInString(n.DisplayName) > 30 {
		fields["displayName"] = ErrDisplayName.Msg
	}
	if err := CheckPassword(n.Password); err != nil {
		fields["password"] = password.MsgEnterprise
	}
	if len(fields) > 0 {
		for _, k := range []string{"account", "role", "displayName", "password"} {
			if m, ok := fields[k]; ok {
				return apperr.InvalidFields(m, fields)
			}
		}
	}
	return nil
}

// Bootstrap creates a staff member without an acting administrator: the
// `bidpass admin create` command, run by whoever operates the server.
func (s *Service) Bootstrap(ctx context.Context, n NewStaff) (Staff, error) {
	if err := s.validate(&n); err != nil {
		return Staff{}, err
	}
	return s.create(ctx, n)
}

func (s *Service) create(ctx context.Context, n NewStaff) (Staff, error) {
	hash, err := password.Hash(n.Password)
	if err != nil {
		return Staff{}, err
	}
	now := s.clock.Now().UTC()
	st := Staff{Name: n.Name, DisplayName: n.DisplayName, Role: n.Role, PasswordHash: hash, CreatedAt: now, UpdatedAt: now}
	err = s.store.CreateStaff(ctx, &st)
	if errors.Is(err, ErrNameTaken) {
		return Staff{}, ErrNameTakenMsg
	}
	return st, err
}

// Create adds a staff member on behalf of the administrator by; the
// password arrives RSA-encrypted.
func (s *Service) Create(ctx context.Context, by Staff, addr string, n NewStaff, keyID string) (Staff, error) {
	if by.Role != Administrator {
		return Staff{}, ErrNotAllowed
	}
	pw, err := s.decrypt(ctx, keyID, n.Password)
	if err != nil {
		return Staff{}, err
	}
	n.Password = pw
	if err := s.validate(&n); err != nil {
		return Staff{}, err
	}
	var st Staff
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if st, err = s.create(ctx, n); err != nil {
			return err
		}
		return s.Record(ctx, by.ID, "staff.create", target(st.ID), "新增"+roleLabel(st.Role)+" "+st.Name, addr)
	})
	return st, err
}

func (s *Service) decrypt(ctx context.Context, keyID, cipher string) (string, error) {
	if cipher == "" {
		return "", apperr.Field("password", "请输入密码")
	}
	if s.keys == nil {
		return "", errors.New("staff: no password keyring")
	}
	return s.keys.Decrypt(ctx, keyID, cipher)
}

// SetDisabled disables or re-enables a staff member; disabling ends their
// sessions at once. An administrator cannot disable themself (there could
// be no one left to undo it).
func (s *Service) SetDisabled(ctx context.Context, by Staff, addr string, id int64, disabled bool) (Staff, error) {
	if by.Role != Administrator {
		return Staff{}, ErrNotAllowed
	}
	if id == by.ID && disabled {
		return Staff{}, ErrSelf
	}
	var st Staff
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		st, err = s.store.StaffByID(ctx, id)
		if errors.Is(err, ErrNotFound) {
			return ErrStaffNotFound
		}
		if err != nil {
			return err
		}
		st.Disabled = disabled
		st.UpdatedAt = s.clock.Now().UTC()
		if err := s.store.UpdateStaff(ctx, st); err != nil {
			return err
		}
		what := "启用"
		if disabled {
			what = "停用"
			if err := s.sessions.RevokeAll(ctx, session.Staff, id, ""); err != nil {
				return err
			}
		}
		return s.Record(ctx, by.ID, "staff.disable", target(id), what+" "+st.Name, addr)
	})
	return st, err
}

// ResetPassword sets a new password (RSA-encrypted) for a staff member and
// ends their sessions.
func (s *Service) ResetPassword(ctx context.Context, by Staff, addr string, id int64, keyID, cipher string) error {
	if by.Role != Administrator {
		return ErrNotAllowed
	}
	pw, err := s.decrypt(ctx, keyID, cipher)
	if err != nil {
		return err
	}
	if err := CheckPassword(pw); err != nil {
		return err
	}
	hash, err := password.Hash(pw)
	if err != nil {
		return err
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		st, err := s.store.StaffByID(ctx, id)
		if errors.Is(err, ErrNotFound) {
			return ErrStaffNotFound
		}
		if err != nil {
			return err
		}
		st.PasswordHash = hash
		st.UpdatedAt = s.clock.Now().UTC()
		if err := s.store.UpdateStaff(ctx, st); err != nil {
			return err
		}
		if err := s.sessions.RevokeAll(ctx, session.Staff, id, ""); err != nil {
			return err
		}
		return s.Record(ctx, by.ID, "staff.reset", target(id), "重置密码 "+st.Name, addr)
	})
}

// List returns a page of staff for an administrator.
func (s *Service) List(ctx context.Context, by Staff, page, pageSize int) ([]Staff, int64, error) {
	if by.Role != Administrator {
		return nil, 0, ErrNotAllowed
	}
	page, pageSize = pageOf(page, pageSize)
	return s.store.ListStaff(ctx, page, pageSize)
}

// Actions returns a page of the staff action log for an administrator.
func (s *Service) Actions(ctx context.Context, by Staff, f ActionFilter) ([]Action, int64, error) {
	if by.Role != Administrator {
		return nil, 0, ErrNotAllowed
	}
	f.Page, f.PageSize = pageOf(f.Page, f.PageSize)
	return s.store.ListStaffActions(ctx, f)
}

// Record writes one entry of the action log (review.Auditor). Inside a
// transaction it commits or rolls back with the action it describes.
func (s *Service) Record(ctx context.Context, staffID int64, action, target, detail, addr string) error {
	if r := []rune(detail); len(r) > 500 {
		detail = string(r[:500])
	}
	return s.store.CreateStaffAction(ctx, Action{StaffID: staffID, Action: action, Target: target,
		Detail: detail, ClientAddr: addr, CreatedAt: s.clock.Now().UTC()})
}

func pageOf(page, size int) (int, int) {
	if page < 1 {
		page = 1
	}
	if size < 1 || size > 100 {
		size = 10
	}
	return page, size
}

func target(id int64) string { return "staff:" + strconv.FormatInt(id, 10) }

func roleLabel(r Role) string {
	if r == Administrator {
		return "管理员"
	}
	return "审核员"
}
