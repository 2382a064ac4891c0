package recovery_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/identity"
	"bidpass/internal/password"
	"bidpass/internal/pwtransport"
	"bidpass/internal/recovery"
	"bidpass/internal/session"
	"bidpass/internal/sms"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

type okCode struct{}

func (okCode) Check(context.Context, string, string) error { return nil }
func (okCode) Verify(context.Context, string) error        { return nil }

type fixture struct {
	db    *store.DB
	clk   *clock.Fake
	box   *sms.Outbox
	codes *sms.Service
	keys  *pwtransport.Keyring
	sess  *session.Service
	auth  *auth.Service
	svc   *recovery.Service
	kid   string
	pub   string
	n     int
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	eph := ephemeral.NewMemory(clk)
	f := &fixture{db: db, clk: clk, box: sms.NewOutbox(nil)}
	f.codes = sms.New(sms.Config{Store: eph, Clock: clk, GraphicCodes: okCode{}, SMS: f.box, Email: f.box})
	f.keys = pwtransport.New(db, eph, clk)
	f.sess = session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
	f.auth = auth.New(auth.Config{Accounts: db, Sessions: f.sess, Keys: f.keys, GraphicCodes: okCode{}, Captcha: okCode{}, Ephemeral: eph,
		Credentials: credential.NewVerifier(eph, credential.NewArgon2(0), nil), Clock: clk})
	f.svc = recovery.New(recovery.Config{Accounts: db, Codes: f.codes, Keys: f.keys, Lockout: f.auth, Sessions: f.sess, Tx: db, Ephemeral: eph, Clock: clk})
	f.kid, f.pub, _ = f.keys.Current(context.Background())
	return f
}

func (f *fixture) enc(t *testing.T, pw string) string {
	f.n++
	ct, err := pwtransport.Encrypt(f.pub, pw, f.clk.Now(), fmt.Sprintf("nonce-%08d", f.n))
	if err != nil {
		t.Fatal(err)
	}
	return ct
}

// create makes an account; an address given is verified (unverified: typed at registration, never confirmed).
func (f *fixture) create(t *testing.T, name string, typ account.Type, phone, email string) account.Account {
	return f.createWith(t, name, typ, phone, email, email != "")
}

func (f *fixture) createWith(t *testing.T, name string, typ account.Type, phone, email string, verified bool) account.Account {
	h, _ := password.Hash("OldPassw0rd!!")
	a := account.Account{Name: name, Type: typ, Phone: phone, Email: email, PasswordHash: h, CreatedAt: f.clk.Now(), UpdatedAt: f.clk.Now()}
	if verified {
		a.EmailVerifiedAt = f.clk.Now()
	}
	if err := f.db.CreateAccount(context.Background(), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// sendCode sends a recover code and returns its id and the code from the outbox.
func (f *fixture) sendCode(t *testing.T, phone, email string) (string, string) {
	f.clk.Advance(sms.Cooldown)
	id, err := f.codes.Send(context.Background(), sms.SendRequest{Phone: phone, Email: email, Scene: sms.SceneRecover, GraphicCodeID: "g", GraphicCode: "x"})
	if err != nil {
		t.Fatal(err)
	}
	return id, f.box.List()[0].Code
}

func TestRecoverByPhone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		mine := f.create(t, "chen01", account.Person, "13900000001", "")
		ent := f.create(t, "chenent1", account.Enterprise, "13900000001", "")
		other := f.create(t, "other01", account.Person, "13900000002", "")
		_, _ = db.SavePersonProfile(ctx, account.PersonProfile{AccountID: mine.ID, Person: identity.Person{RealName: "陈一", CertNum: "110101199003071234"}, UpdatedAt: f.clk.Now()})

		// A session that the reset must end.
		tok, _ := f.sess.Issue(ctx, session.Portal, mine.ID, "", "")

		// A wrong code reveals nothing.
		id, code := f.sendCode(t, "13900000001", "")
		if _, err := f.svc.Find(ctx, recovery.FindRequest{Phone: "13900000001", SMSCode: "x" + code, SMSCodeID: id}); apperr.KindOf(err) != apperr.Invalid {
			t.Fatal("wrong code accepted")
		}
		res, err := f.svc.Find(ctx, recovery.FindRequest{Phone: "13900000001", SMSCode: code, SMSCodeID: id})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Accounts) != 2 || res.CheckCode == "" {
			t.Fatalf("found %+v", res)
		}
		if a := res.Accounts[0]; a.Account != "chen01" || a.SubjectName != "陈一" || a.SubjectCode != "1101**********1234" || a.Type != 1 || a.RegTime != "2026-03-01 16:00:00" {
			t.Fatalf("first account %+v", a)
		}

		// An account the proof was not issued for is refused.
		err = f.svc.Reset(ctx, recovery.ResetRequest{Password: f.enc(t, "NewPassw0rd"), ConfirmPwd: f.enc(t, "NewPassw0rd"), KeyID: f.kid, AccountID: other.ID, CheckCode: res.CheckCode})
		if apperr.KindOf(err) != apperr.Forbidden {
			t.Fatalf("other account: %v", err)
		}
		// The rule of the account's type applies: 8 characters is too short for an enterprise.
		err = f.svc.Reset(ctx, recovery.ResetRequest{Password: f.enc(t, "NewPassw0rd"), ConfirmPwd: f.enc(t, "NewPassw0rd"), KeyID: f.kid, AccountID: ent.ID, CheckCode: res.CheckCode})
		if e, _ := apperr.As(err); e == nil || e.Fields["password"] != password.MsgEnterprise {
			t.Fatalf("enterprise rule: %v", err)
		}
		err = f.svc.Reset(ctx, recovery.ResetRequest{Password: f.enc(t, "NewPassw0rd"), ConfirmPwd: f.enc(t, "NewPassw0rd2"), KeyID: f.kid, AccountID: mine.ID, CheckCode: res.CheckCode})
		if e, _ := apperr.As(err); e == nil || e.Fields["confirmPwd"] != "两次密码不一致" {
			t.Fatalf("confirm mismatch: %v", err)
		}
		err = f.svc.Reset(ctx, recovery.ResetRequest{Password: f.enc(t, "NewPassw0rd"), ConfirmPwd: f.enc(t, "NewPassw0rd"), KeyID: f.kid, AccountID: mine.ID, CheckCode: res.CheckCode})
		if err != nil {
			t.Fatal(err)
		}
		got, _ := db.AccountByID(ctx, mine.ID)
		if ok, _, _ := password.Verify(got.PasswordHash, "NewPassw0rd"); !ok {
			t.Fatal("password not changed")
		}
		if _, err := f.sess.Authenticate(ctx, session.Portal, tok); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("session survived the reset: %v", err)
		}
		// The proof is used up.
		err = f.svc.Reset(ctx, recovery.ResetRequest{Password: f.enc(t, "NewPassw0rd"), ConfirmPwd: f.enc(t, "NewPassw0rd"), KeyID: f.kid, AccountID: mine.ID, CheckCode: res.CheckCode})
		if e, _ := apperr.As(err); e == nil || e.Reason != "recover.expired" {
			t.Fatalf("reused proof: %v", err)
		}
		// The code is single use too.
		if _, err := f.svc.Find(ctx, recovery.FindRequest{Phone: "13900000001", SMSCode: code, SMSCodeID: id}); err == nil {
			t.Fatal("code reused")
		}
	})
}

func TestProofExpires(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		a := f.create(t, "zhou01", account.Person, "13900000003", "")
		id, code := f.sendCode(t, "13900000003", "")
		res, err := f.svc.Find(ctx, recovery.FindRequest{Phone: "13900000003", SMSCode: code, SMSCodeID: id})
		if err != nil {
			t.Fatal(err)
		}
		f.clk.Advance(recovery.CheckTTL + time.Second)
		err = f.svc.Reset(ctx, recovery.ResetRequest{Password: f.enc(t, "NewPassw0rd"), ConfirmPwd: f.enc(t, "NewPassw0rd"), KeyID: f.kid, AccountID: a.ID, CheckCode: res.CheckCode})
		if e, _ := apperr.As(err); e == nil || e.Reason != "recover.expired" {
			t.Fatalf("expired proof: %v", err)
		}
	})
}

func TestRecoverByEmailWithTypeTab(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		// The person typed the address at registration and never confirmed it:
		// only the enterprise, which proved it, is found by it.
		f.createWith(t, "mail01", account.Person, "13900000004", "Mail@Example.cn", false)
		ent := f.create(t, "mailent1", account.Enterprise, "13900000005", "mail@example.cn")
		id, code := f.sendCode(t, "", "mail@example.cn")
		// A code sent by e-mail cannot prove the phone.
		if _, err := f.svc.Find(ctx, recovery.FindRequest{Phone: "13900000004", SMSCode: code, SMSCodeID: id}); err == nil {
			t.Fatal("e-mail code proved a phone")
		}
		id, code = f.sendCode(t, "", "mail@example.cn")
		res, err := f.svc.Find(ctx, recovery.FindRequest{Email: "MAIL@example.cn", Type: 2, SMSCode: code, SMSCodeID: id})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Accounts) != 1 || res.Accounts[0].AccountID != ent.ID {
			t.Fatalf("legal-person tab found %+v", res.Accounts)
		}
		id, code = f.sendCode(t, "", "mail@example.cn")
		res, err = f.svc.Find(ctx, recovery.FindRequest{Email: "mail@example.cn", SMSCode: code, SMSCodeID: id})
		if err != nil || len(res.Accounts) != 1 || res.Accounts[0].AccountID != ent.ID {
			t.Fatalf("an unverified address found an account: %+v %v", res.Accounts, err)
		}
	})
}

func TestNothingFound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		id, code := f.sendCode(t, "13900000009", "")
		res, err := f.svc.Find(context.Background(), recovery.FindRequest{Phone: "13900000009", SMSCode: code, SMSCodeID: id})
		if err != nil || len(res.Accounts) != 0 || res.CheckCode != "" {
			t.Fatalf("res %+v err %v", res, err)
		}
	})
}
