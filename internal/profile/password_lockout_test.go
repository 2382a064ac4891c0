package profile_test

import (
	"context"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/password"
	"bidpass/internal/profile"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// A wrong current password in change-password counts as a sign-in failure
// of the account's name: five of them lock portal sign-in, and while the
// name is locked change-password answers the sign-in lock message too,
// even with the right current password.
func TestWrongOldPasswordsLockSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		e := newEnv(t, db)
		a := e.person(t, "lock01", account.Authenticated) // password abc12345
		// The account centre and sign-in share one verifier, as in app.go.
		creds := credential.NewVerifier(ephemeral.NewMemory(e.clk), credential.NewArgon2(0), nil).KeepLocksIn(db, e.clk)
		svc := profile.NewService(profile.Deps{Tx: db, Store: db, Codes: e.codes, Transport: transport{},
			CheckPassword: password.Check, HashPassword: password.Hash, Passwords: creds, Sessions: e.sessions, Clock: e.clk})
		signIn := auth.New(auth.Config{Accounts: db, Credentials: creds, Clock: e.clk})
		change := func(old string) error {
			return svc.ChangePassword(ctx, a.ID, "", profile.PasswordChange{KeyID: "k1", OldPassword: "enc:" + old,
				NewPassword: "enc:newpass99", CheckCode: "111111", CheckCodeID: "s1"})
		}
		lockMsg := "登录失败次数过多，账号已锁定，请15分钟后再试"

		for i := 1; i < credential.MaxFailures; i++ {
			wantField(t, change("wrong999"), "oldPwd", "原密码错误")
		}
		if err := change("wrong999"); apperr.KindOf(err) != apperr.TooMany || userMessage(err) != lockMsg {
			t.Fatalf("fifth wrong current password: %v", err)
		}
		if _, err := signIn.CheckPassword(ctx, "lock01", "abc12345"); userMessage(err) != lockMsg {
			t.Fatalf("sign-in after five wrong current passwords: %v", err)
		}
		if err := change("abc12345"); userMessage(err) != lockMsg {
			t.Fatalf("change-password while locked: %v", err)
		}
		if got := e.account(t, a.ID); got.PasswordHash != a.PasswordHash {
			t.Fatal("the password changed while the name was locked")
		}
	})
}

// userMessage is the Chinese message of a user-facing error.
func userMessage(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Msg
	}
	return ""
}
