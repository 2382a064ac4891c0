package profile

import (
	"context"
	"errors"
	"strings"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/credential"
	"bidpass/internal/identity"
	"bidpass/internal/session"
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
	errs := map[string]string{}
	if c.OldPassword == "" {
		errs["oldPwd"] = "请输入原密码"
	}
	if c.NewPassword == "" {
		errs["pwd"] = "请输入新密码"
	}
	if c.CheckCode == "" || c.CheckCodeID == "" {
		errs["checkCode"] = "请输入短信验证码"
	}
	if len(errs) > 0 {
		return firstFieldError(errs, []fieldDef{{key: "oldPwd"}, {key: "pwd"}, {key: "checkCode"}})
	}
	oldPw, err := s.d.Transport.Decrypt(ctx, c.KeyID, c.OldPassword)
	if err != nil {
		return err
	}
	newPw, err := s.d.Transport.Decrypt(ctx, c.KeyID, c.NewPassword)
	if err != nil {
		return err
	}
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
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
		// No rehash: the new password replaces the hash below.
		if err := s.d.Passwords.Check(ctx, credential.Attempt{Key: credential.Portal(a.Name), Password: oldPw,
			Hash: a.PasswordHash, Wrong: ErrWrongPassword}); err != nil {
			return err
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
	errs := map[string]string{}
	if c.CheckCode == "" || c.CheckCodeID == "" {
		errs["checkCode"] = "请输入原手机验证码"
	}
	if _, p := identity.Mobile(c.Phone, identity.MsgPhonePattern); len(p) > 0 {
		errs["phone"] = p[0].Msg
	}
	if c.SMSCode == "" || c.SMSCodeID == "" {
		errs["smsCode"] = "请输入新手机验证码"
	}
	if len(errs) > 0 {
		return firstFieldError(errs, []fieldDef{{key: "checkCode"}, {key: "phone"}, {key: "smsCode"}})
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
		r := ModificationRecord{AccountID: a.ID, InfoItem: "手机号", BeforeValue: maskPhone(old), AfterValue: maskPhone(c.Phone),
			OperationTime: now, IsValid: Effective, AuthMethod: MethodDirect, AuthState: int(a.AuthState)}
		if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
			return err
		}
		return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: a.Name, OperationType: OpInfoModified,
			Remarks: []FieldChange{{FieldName: "手机号", BeforeValue: r.BeforeValue, AfterValue: r.AfterValue}}, CreatedAt: now})
	})
}

// maskPhone shows 138****8000.
func maskPhone(p string) string {
	if len(p) != 11 {
		return p
	}
	return p[:3] + "****" + p[7:]
}
