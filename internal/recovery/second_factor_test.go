package recovery_test

import (
	"context"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"bidpass/internal/account"
	"bidpass/internal/auth"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/mfa"
	"bidpass/internal/pwtransport"
	"bidpass/internal/recovery"
	"bidpass/internal/session"
	"bidpass/internal/sms"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestResetBySMSStillAsksTheFactor: recovery never bypasses the second
// factor (docs/decisions/second-factor.md, "Recovery keeps the factor"):
// after a password reset proven by an SMS code, the next sign-in with the
// new password gets the second step's ticket, not a session.
func TestResetBySMSStillAsksTheFactor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
		ephemeraltest.Each(t, clk, func(t *testing.T, eph ephemeral.Store) {
			ctx := context.Background()
			f := &fixture{db: db, clk: clk, box: sms.NewOutbox(nil)}
			f.codes = sms.New(sms.Config{Store: eph, Clock: clk, GraphicCodes: okCode{}, SMS: f.box, Email: f.box})
			f.keys = pwtransport.New(db, eph, clk)
			f.sess = session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
			creds := credential.NewVerifier(eph, credential.NewArgon2(0), nil).KeepLocksIn(db, clk)
			factors := mfa.New(mfa.Deps{Store: db, Tx: db, Ephemeral: eph, Credentials: creds, Clock: clk})
			f.auth = auth.New(auth.Config{Accounts: db, Sessions: f.sess, Keys: f.keys, GraphicCodes: okCode{}, Captcha: okCode{}, Ephemeral: eph,
				Credentials: creds, Clock: clk, SecondFactor: factors})
			f.svc = recovery.New(recovery.Config{Accounts: db, Codes: f.codes, Keys: f.keys, Lockout: f.auth, Sessions: f.sess, Tx: db, Ephemeral: eph, Clock: clk})
			f.kid, f.pub, _ = f.keys.Current(ctx)
			f.n = int(time.Now().UnixNano() % 10000000) // the database remembers nonces across the two ephemeral stores

			phone := "1390000" + time.Now().Format("0405")
			a := f.create(t, "mfa"+time.Now().Format("150405.000000"), account.Person, phone, "")
			sub := mfa.Subject{Kind: session.Portal, ID: a.ID, Name: a.Name}
			en, err := factors.BeginTOTP(ctx, sub)
			if err != nil {
				t.Fatal(err)
			}
			code, _ := totp.GenerateCodeCustom(en.Secret, clk.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
			if _, err := factors.ConfirmTOTP(ctx, sub, code); err != nil {
				t.Fatal(err)
			}

			id, sent := f.sendCode(t, phone, "")
			found, err := f.svc.Find(ctx, recovery.FindRequest{Phone: phone, SMSCode: sent, SMSCodeID: id})
			if err != nil {
				t.Fatal(err)
			}
			if err := f.svc.Reset(ctx, recovery.ResetRequest{Password: f.enc(t, "NewPassw0rd"), ConfirmPwd: f.enc(t, "NewPassw0rd"),
				KeyID: f.kid, AccountID: a.ID, CheckCode: found.CheckCode}); err != nil {
				t.Fatal(err)
			}
			res, err := f.auth.SignIn(ctx, auth.SignInRequest{UserName: a.Name, Password: f.enc(t, "NewPassw0rd"), KeyID: f.kid,
				CodeID: "c", GraphicCode: "ok", Captcha: "ok"})
			if err != nil {
				t.Fatal(err)
			}
			if res.AccessToken != "" || res.SecondStep.ID == "" {
				t.Fatalf("the reset bypassed the second factor: %+v", res)
			}
		})
	})
}
