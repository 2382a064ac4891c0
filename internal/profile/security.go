package profile

import (
	"context"
	"errors"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/credential"
	"bidpass/internal/identity"
	"bidpass/internal/session"
	"bidpass/internal/sms"
)

// Rename errors.
var (
	ErrRenamed   = apperr.New(apperr.Conflict, "profile.renamed", "登录账号只能修改一次")
	ErrNameTaken = apperr.Field("account", "该账号已被注册")
)

// Rename changes the login name once. The name follows the account-name
// rule and is unique case-insensitively; the change is recorded.
func (s *Service) Rename(ctx context.Context, accountID int64, newName string) error {
	newName, probs := identity.AccountName(newName)
	if err := probs.Err(); err != nil {
		return err
	}
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.loadAccount(ctx, accountID)
		if err != nil {
			return err
		}
		if a.Renamed {
			return ErrRenamed
		}
		if a.Name == newName {
			return ErrNoChange
		}
		old := a.Name
		now := s.now()
		// The store renames only an account not renamed yet: of two
		// renames racing, one wins and the other is told it was the second.
		switch err := s.d.Store.RenameAccount(ctx, a.ID, newName, now); {
		case errors.Is(err, account.ErrNameTaken):
			return ErrNameTaken
		case errors.Is(err, account.ErrAlreadyRenamed):
			return ErrRenamed
		case err != nil:
			return err
		}
		r := ModificationRecord{AccountID: a.ID, InfoItem: "登录账号", BeforeValue: old, AfterValue: newName,
			OperationTime: now, IsValid: Effective, AuthMethod: MethodDirect, AuthState: int(a.AuthState)}
		if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
			return err
		}
		return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: newName, OperationType: OpInfoModified,
			Remarks: []FieldChange{{FieldName: "登录账号", BeforeValue: old, AfterValue: newName}}, CreatedAt: now})
	})
}

// PasswordChange is the change-password form: the current and the new
// password under the transport key, and the SMS code sent to the bound
// phone (scene password).
type PasswordChange struct {
	KeyID       string
	OldPassword string // ciphertext
	NewPassword string // ciphertext
	CheckCode   string
	CheckCodeID string
}

// ErrWrongPassword refuses a wrong current password.
var ErrWrongPassword = apperr.Field("oldPwd", "原密码错误")

// ChangePassword checks the SMS code of the bound phone and the current
// password, applies the type's password rule to the new one, stores it,
// and ends every other session of the account (the one in keep stays).
// The current password is checked as sign-in checks it: a wrong one counts
// towards the lock of the account's sign-in name, and while that name is
// locked the answer is the sign-in lock message, so a stolen session cannot
// guess the password here without limit.
func (s *Service) ChangePassword(ctx context.Context, accountID int64, keep string, c PasswordChange) error {
	var probs identity.Problems
	if c.OldPassword == "" {
		probs.Add("oldPwd", "请输入原密码")
	}
	if c.NewPassword == "" {
		probs.Add("pwd", "请输入新密码")
	}
	if c.CheckCode == "" || c.CheckCodeID == "" {
		probs.Add("checkCode", "请输入短信验证码")
	}
	if err := probs.Err(); err != nil {
		return err
	}
	oldPw, err := s.d.Transport.Decrypt(ctx, c.KeyID, c.OldPassword)
	if err != nil {
		return err
	}
	newPw, err := s.d.Transport.Decrypt(ctx, c.KeyID, c.NewPassword)
	if err != nil {
		return err
	}
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return err
	}
	if err := s.d.CheckPassword(a.Type, newPw); err != nil {
		if e, ok := apperr.As(err); ok && e.Fields != nil {
			return apperr.Field("pwd", e.Msg)
		}
		return err
	}
	// Outside the transaction: the lock the fifth wrong password sets must
	// outlive it, and the refusal rolls the transaction back. No rehash:
	// the new password replaces the hash below.
	if err := s.d.Passwords.Check(ctx, credential.Attempt{Key: credential.Portal(a.Name), Password: oldPw,
		Hash: a.PasswordHash, Wrong: ErrWrongPassword}); err != nil {
		return err
	}
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		checked := a.PasswordHash
		a, err := s.loadAccount(ctx, accountID)
		if err != nil {
			return err
		}
		if a.PasswordHash != checked {
			// Changed since the check (another device): the password
			// typed is no longer the current one.
			return ErrWrongPassword
		}
		// The code is checked last so that a typo in a password does not
		// use it up.
		if err := s.d.Codes.Verify(ctx, "password", a.Phone, c.CheckCodeID, c.CheckCode); err != nil {
			return fieldOf("checkCode", err)
		}
		h, err := s.d.HashPassword(newPw)
		if err != nil {
			return err
		}
		now := s.now()
		if err := s.d.Store.SetAccountPassword(ctx, a.ID, h, now); err != nil {
			return err
		}
		if err := s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: a.Name, OperationType: OpInfoModified,
			Remarks: []FieldChange{{FieldName: "登录密码", BeforeValue: "******", AfterValue: "******"}}, CreatedAt: now}); err != nil {
			return err
		}
		return s.d.Sessions.RevokeAll(ctx, session.Portal, a.ID, keep)
	})
}

// fieldOf puts a user-facing error without fields on field.
func fieldOf(field string, err error) error {
	if e, ok := apperr.As(err); ok && e.Kind == apperr.Invalid && len(e.Fields) == 0 {
		c := *e
		c.Fields = map[string]string{field: e.Msg}
		return &c
	}
	return err
}

// PhoneChange is the change-phone form: the code sent to the bound phone
// and the new phone with its own code (both scene phone).
type PhoneChange struct {
	CheckCode, CheckCodeID string // old phone
	Phone                  string
	SMSCode, SMSCodeID     string // new phone
}

// ChangePhone binds a new phone after both the old and the new phone
// proved themselves with a code.
func (s *Service) ChangePhone(ctx context.Context, accountID int64, c PhoneChange) error {
	c.Phone = strings.TrimSpace(c.Phone)
	var probs identity.Problems
	if c.CheckCode == "" || c.CheckCodeID == "" {
		probs.Add("checkCode", "请输入原手机验证码")
	}
	_, pp := identity.Mobile(c.Phone, identity.MsgPhonePattern)
	probs.Append(pp)
	if c.SMSCode == "" || c.SMSCodeID == "" {
		probs.Add("smsCode", "请输入新手机验证码")
	}
	if err := probs.Err(); err != nil {
		return err
	}
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.loadAccount(ctx, accountID)
		if err != nil {
			return err
		}
		if a.Phone == c.Phone {
			return apperr.Field("phone", "新手机号不能与原手机号相同")
		}
		if err := s.d.Codes.Verify(ctx, "phone", a.Phone, c.CheckCodeID, c.CheckCode); err != nil {
			return fieldOf("checkCode", err)
		}
		if err := s.d.Codes.Verify(ctx, "phone", c.Phone, c.SMSCodeID, c.SMSCode); err != nil {
			return fieldOf("smsCode", err)
		}
		old := a.Phone
		now := s.now()
		if err := s.d.Store.SetAccountPhone(ctx, a.ID, old, c.Phone, now); err != nil {
			return err
		}
		return s.recordDirect(ctx, a, "手机号", maskPhone(old), maskPhone(c.Phone), now)
	})
}

// recordDirect records a change of the account's security information that
// took effect at once: the modification record and the operation record,
// with the values as shown (masked).
func (s *Service) recordDirect(ctx context.Context, a account.Account, item, before, after string, now time.Time) error {
	r := ModificationRecord{AccountID: a.ID, InfoItem: item, BeforeValue: before, AfterValue: after,
		OperationTime: now, IsValid: Effective, AuthMethod: MethodDirect, AuthState: int(a.AuthState)}
	if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
		return err
	}
	return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: a.Name, OperationType: OpInfoModified,
		Remarks: []FieldChange{{FieldName: item, BeforeValue: before, AfterValue: after}}, CreatedAt: now})
}

// maskPhone shows 138****8000.
func maskPhone(p string) string {
	if len(p) != 11 {
		return p
	}
	return p[:3] + "****" + p[7:]
}

// EmailChange is the bind-or-change e-mail form: the code sent to the
// bound phone (the holder proves the session is theirs) and the new
// address with the code sent to it (both scene email).
type EmailChange struct {
	CheckCode, CheckCodeID string // bound phone
	Email                  string
	EmailCode, EmailCodeID string // the new address
}

// E-mail binding errors.
var (
	ErrEmailTaken = apperr.Field("email", "该邮箱已绑定其他账号")
	ErrEmailSame  = apperr.Field("email", "新邮箱不能与当前邮箱相同")
)

// ChangeEmail binds a verified e-mail address, or replaces the bound one,
// after the bound phone and the address each proved themselves with a code
// (docs/decisions/sign-in.md, "E-mail binding"). A verified address
// belongs to one account: of two accounts binding it at once, the store's
// unique index lets one win. The uniqueness is told only after the
// address's code was right, so only the address's holder learns that
// another account has it.
func (s *Service) ChangeEmail(ctx context.Context, accountID int64, c EmailChange) error {
	var probs identity.Problems
	if c.CheckCode == "" || c.CheckCodeID == "" {
		probs.Add("checkCode", "请输入手机验证码")
	}
	email, ep := identity.Email(c.Email, "请输入邮箱")
	c.Email = email
	probs.Append(ep)
	if c.EmailCode == "" || c.EmailCodeID == "" {
		probs.Add("emailCode", "请输入邮箱验证码")
	}
	if err := probs.Err(); err != nil {
		return err
	}
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.loadAccount(ctx, accountID)
		if err != nil {
			return err
		}
		if a.EmailVerified() && a.Email == c.Email {
			return ErrEmailSame
		}
		if err := s.d.Codes.Verify(ctx, sms.SceneEmail, a.Phone, c.CheckCodeID, c.CheckCode); err != nil {
			return fieldOf("checkCode", err)
		}
		if err := s.d.Codes.Verify(ctx, sms.SceneEmail, c.Email, c.EmailCodeID, c.EmailCode); err != nil {
			return fieldOf("emailCode", err)
		}
		now := s.now()
		switch err := s.d.Store.SetAccountEmail(ctx, a.ID, a.Email, c.Email, now); {
		case errors.Is(err, account.ErrEmailTaken):
			return ErrEmailTaken
		case err != nil:
			return err
		}
		before := ""
		if a.EmailVerified() {
			before = MaskEmail(a.Email)
		}
		return s.recordDirect(ctx, a, "邮箱", before, MaskEmail(c.Email), now)
	})
}

// MaskEmail shows the first character of the local part and the domain:
// z***@example.cn.
func MaskEmail(e string) string {
	at := strings.LastIndexByte(e, '@')
	if at < 1 {
		return e
	}
	r := []rune(e[:at])
	return string(r[0]) + "***" + e[at:]
}
