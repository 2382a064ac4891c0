package staff_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"github.com/pquerna/otp/totp"

	"bidpass/internal/ephemeral"
	"bidpass/internal/mfa"
	"bidpass/internal/session"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// plainKeys "decrypts" by returning the text after "enc:", so tests can
// tell a decrypted password from one passed through unencrypted.
type plainKeys struct{}

func (plainKeys) Decrypt(_ context.Context, keyID, c string) (string, error) {
	if keyID != "k1" || !strings.HasPrefix(c, "enc:") {
		return "", apperr.New(apperr.Invalid, "pw.bad", "密码已过期，请重新提交")
	}
	return strings.TrimPrefix(c, "enc:"), nil
}

type okCaptcha struct {
	mu   sync.Mutex // parallel sign-ins
	used map[string]bool
}

func (c *okCaptcha) Verify(_ context.Context, v string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v == "" || c.used[v] {
		return apperr.New(apperr.Invalid, "captcha.verification", "请先完成安全验证")
	}
	c.used[v] = true
	return nil
}

type okCodes struct{}

func (okCodes) Check(_ context.Context, id, code string) error {
	if code != "AB12" {
		return apperr.New(apperr.Invalid, "graphiccode.wrong", "图形验证码错误")
	}
	return nil
}

type fixture struct {
	svc      *staff.Service
	sessions *session.Service
	factors  *mfa.Service
	clk      *clock.Fake
	admin    staff.Staff
	rev      staff.Staff
	n        int
	secrets  map[string]string // each member's authenticator, by sign-in name
}

const goodPW = "Reviewer#2025a"

func setup(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	clk := clock.NewFake(time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC))
	eph := ephemeral.NewMemory(clk)
	return setupWith(t, db, clk, eph, credential.NewVerifier(eph, credential.NewArgon2(0), nil))
}

// setupWith builds the fixture on the short-lived store eph and the
// password verifier creds.
func setupWith(t *testing.T, db *store.DB, clk *clock.Fake, eph ephemeral.Store, creds *credential.Verifier) *fixture {
	t.Helper()
	sess := session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
	f := &fixture{clk: clk, sessions: sess, secrets: map[string]string{}}
	f.factors = mfa.New(mfa.Deps{Store: db, Tx: db, Ephemeral: eph, Credentials: creds, Clock: clk})
	f.svc = staff.NewService(staff.Deps{Store: db, Tx: db, Clock: clk, Sessions: sess, Keys: plainKeys{},
		Captcha: &okCaptcha{used: map[string]bool{}}, Codes: okCodes{}, Credentials: creds, Factors: f.factors})
	var err error
	if f.admin, err = f.svc.Bootstrap(context.Background(), staff.NewStaff{Name: "root1", Role: staff.Administrator, Password: goodPW}); err != nil {
		t.Fatal(err)
	}
	if f.rev, err = f.svc.Bootstrap(context.Background(), staff.NewStaff{Name: "alice", DisplayName: "审核员甲", Role: staff.Reviewer, Password: goodPW}); err != nil {
		t.Fatal(err)
	}
	return f
}

// signIn signs name in with pw and the second factor: the enrolment at
// the first sign-in (the secret is kept), the code at the next ones (the
// clock moves a time step first: a code is accepted once).
func (f *fixture) signIn(name, pw string) (string, error) {
	ctx := context.Background()
	f.n++
	res, err := f.svc.SignIn(ctx, f.request(name, pw, f.n))
	if err != nil {
		return "", err
	}
	key := strings.ToLower(name)
	if res.Enrol {
		en, err := f.svc.BeginEnrolment(ctx, res.Ticket)
		if err != nil {
			return "", err
		}
		f.secrets[key] = en.Secret
		res, err = f.svc.CompleteEnrolment(ctx, res.Ticket, f.code(key), "192.0.2.7", "")
		if err == nil && len(res.RecoveryCodes) != mfa.RecoveryCodeCount {
			return "", fmt.Errorf("enrolment issued %d recovery codes", len(res.RecoveryCodes))
		}
		return res.Token, err
	}
	f.clk.Advance(mfa.Period * time.Second)
	res, err = f.svc.CompleteSecondStep(ctx, res.Ticket, f.code(key), "192.0.2.7", "")
	return res.Token, err
}

// code is the current TOTP code of name's authenticator.
func (f *fixture) code(name string) string {
	c, err := totp.GenerateCode(f.secrets[name], f.clk.Now())
	if err != nil {
		panic(err)
	}
	return c
}

// request is a sign-in whose captcha verification is the n-th (each is
// single use).
func (f *fixture) request(name, pw string, n int) staff.SignInRequest {
	return staff.SignInRequest{UserName: name, Password: "enc:" + pw, KeyID: "k1",
		CodeID: "c", GraphicCode: "AB12", Captcha: "v" + string(rune('a'+n)), Addr: "192.0.2.7"}
}

func reason(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Reason
	}
	return ""
}

func TestSignInIssuesStaffSession(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		tok, err := f.signIn("ALICE", goodPW) // names are case-insensitive
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.sessions.Authenticate(ctx, session.Staff, tok); err != nil {
			t.Fatalf("staff token refused as staff: %v", err)
		}
		if _, err := f.sessions.Authenticate(ctx, session.Portal, tok); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("staff token accepted as portal: %v", err)
		}
		acts, _, _ := db.ListStaffActions(ctx, staff.ActionFilter{Action: "auth.signin", Page: 1, PageSize: 5})
		if len(acts) != 1 || acts[0].StaffID != f.rev.ID || acts[0].ClientAddr != "192.0.2.7" {
			t.Fatalf("sign-in not logged: %+v", acts)
		}
		// the captcha verification is single use
		_, err = f.svc.SignIn(ctx, staff.SignInRequest{UserName: "alice", Password: "enc:" + goodPW, KeyID: "k1", GraphicCode: "AB12", Captcha: "vb"})
		if reason(err) != "captcha.verification" {
			t.Fatalf("reused captcha: %v", err)
		}
	})
}

func TestSignInFailuresLockOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		if _, err := f.signIn("nobody", goodPW); reason(err) != "staff.bad_credentials" {
			t.Fatalf("unknown name: %v", err)
		}
		for i := 1; i < credential.MaxFailures; i++ {
			if _, err := f.signIn("alice", "Wrong#2025abc"); reason(err) != "staff.bad_credentials" {
				t.Fatalf("try %d: %v", i, err)
			}
		}
		// The failure that reaches the limit answers the lock, as the portal's does.
		if _, err := f.signIn("alice", "Wrong#2025abc"); reason(err) != "auth.locked" {
			t.Fatalf("try %d: %v", credential.MaxFailures, err)
		}
		_, err := f.signIn("alice", goodPW)
		if e, ok := apperr.As(err); !ok || e.Kind != apperr.TooMany || e.Msg != "登录失败次数过多，账号已锁定，请15分钟后再试" {
			t.Fatalf("right password during lockout: %v", err)
		}
		// Every wrong password of a known member is logged, the locking one too.
		acts, _, _ := db.ListStaffActions(context.Background(), staff.ActionFilter{Action: "auth.signin_failed", Page: 1, PageSize: 10})
		if len(acts) != credential.MaxFailures || acts[0].StaffID != f.rev.ID {
			t.Fatalf("%d failed sign-ins logged, want %d", len(acts), credential.MaxFailures)
		}
		f.clk.Advance(credential.LockDuration + time.Second)
		if _, err := f.signIn("alice", goodPW); err != nil {
			t.Fatalf("after the window: %v", err)
		}
	})
}

func TestAdministratorManagesReviewers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		// a reviewer cannot manage staff or read the log
		if _, err := f.svc.Create(ctx, f.rev, "", staff.NewStaff{Name: "bobby", Role: staff.Reviewer, Password: "enc:" + goodPW}, "k1"); !errors.Is(err, staff.ErrNotAllowed) {
			t.Fatalf("reviewer created staff: %v", err)
		}
		if _, _, err := f.svc.Actions(ctx, f.rev, staff.ActionFilter{}); !errors.Is(err, staff.ErrNotAllowed) {
			t.Fatalf("reviewer read the log: %v", err)
		}
		if _, err := f.svc.SetDisabled(ctx, f.rev, "", f.admin.ID, true); !errors.Is(err, staff.ErrNotAllowed) {
			t.Fatalf("reviewer disabled the admin: %v", err)
		}
		// and the role check of Authorize
		if _, err := f.svc.Authorize(ctx, f.rev.ID, staff.Administrator); !errors.Is(err, staff.ErrNotAllowed) {
			t.Fatalf("authorize reviewer as admin: %v", err)
		}
		if _, err := f.svc.Authorize(ctx, f.admin.ID, staff.Reviewer); !errors.Is(err, staff.ErrNotAllowed) {
			t.Fatalf("authorize admin as reviewer: %v", err)
		}
		// the administrator adds one: rules checked, password from the transport
		_, err := f.svc.Create(ctx, f.admin, "", staff.NewStaff{Name: "1bad", Role: "boss", Password: "enc:short"}, "k1")
		if e, ok := apperr.As(err); !ok || e.Fields["account"] == "" || e.Fields["role"] == "" || e.Fields["password"] == "" {
			t.Fatalf("invalid staff: %v", err)
		}
		if _, err := f.svc.Create(ctx, f.admin, "", staff.NewStaff{Name: "bobby", Role: staff.Reviewer, Password: goodPW}, "k1"); err == nil {
			t.Fatal("an unencrypted password was accepted")
		}
		bob, err := f.svc.Create(ctx, f.admin, "198.51.100.1", staff.NewStaff{Name: "bobby", Role: staff.Reviewer, Password: "enc:" + goodPW}, "k1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Create(ctx, f.admin, "", staff.NewStaff{Name: "BOBBY", Role: staff.Reviewer, Password: "enc:" + goodPW}, "k1"); reason(err) != "invalid.account" {
			t.Fatalf("duplicate name: %v", err)
		}
		// disabling ends bob's sessions and stops sign-in
		tok, err := f.signIn("bobby", goodPW)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.SetDisabled(ctx, f.admin, "", bob.ID, true); err != nil {
			t.Fatal(err)
		}
		if _, err := f.sessions.Authenticate(ctx, session.Staff, tok); err == nil {
			t.Fatal("a disabled reviewer's session still works")
		}
		if _, err := f.signIn("bobby", goodPW); reason(err) != "staff.disabled" {
			t.Fatalf("disabled sign-in: %v", err)
		}
		if ok, _ := f.svc.IsReviewer(ctx, bob.ID); ok {
			t.Fatal("a disabled reviewer may open files")
		}
		if _, err := f.svc.SetDisabled(ctx, f.admin, "", f.admin.ID, true); !errors.Is(err, staff.ErrSelf) {
			t.Fatalf("admin disabled themself: %v", err)
		}
		if _, err := f.svc.SetDisabled(ctx, f.admin, "", bob.ID, false); err != nil {
			t.Fatal(err)
		}
		// reset: the old password stops working, the new one works
		if err := f.svc.ResetPassword(ctx, f.admin, "", bob.ID, "k1", "enc:NewPass#2025xyz"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.signIn("bobby", goodPW); reason(err) != "staff.bad_credentials" {
			t.Fatalf("old password after reset: %v", err)
		}
		if _, err := f.signIn("bobby", "NewPass#2025xyz"); err != nil {
			t.Fatalf("new password: %v", err)
		}
		acts, n, err := f.svc.Actions(ctx, f.admin, staff.ActionFilter{StaffID: f.admin.ID})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, a := range acts {
			keys = append(keys, a.Action)
		}
		if n != 4 || strings.Join(keys, ",") != "staff.reset,staff.disable,staff.disable,staff.create" || acts[3].ClientAddr != "198.51.100.1" {
			t.Fatalf("admin log %d %v", n, keys)
		}
	})
}
