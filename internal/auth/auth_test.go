package auth_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/password"
	"bidpass/internal/pwtransport"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// okChecks stands in for the graphic code and the slider: "ok" passes.
type okChecks struct{}

func (okChecks) Check(_ context.Context, _, code string) error {
	if code != "ok" {
		return apperr.New(apperr.Invalid, "graphiccode.wrong", "验证码错误")
	}
	return nil
}
func (okChecks) Verify(_ context.Context, v string) error {
	if v != "ok" {
		return apperr.New(apperr.Invalid, "captcha.failed", "验证失败")
	}
	return nil
}

type fixture struct {
	db   *store.DB
	clk  *clock.Fake
	keys *pwtransport.Keyring
	sess *session.Service
	svc  *auth.Service
	pub  string
	kid  string
	n    int
}

func newFixture(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	return newFixtureOn(t, db, clk, ephemeral.NewMemory(clk))
}

// newFixtureOn builds the fixture on the ephemeral store eph.
func newFixtureOn(t *testing.T, db *store.DB, clk *clock.Fake, eph ephemeral.Store) *fixture {
	t.Helper()
	f := &fixture{db: db, clk: clk}
	f.keys = pwtransport.New(db, eph, clk)
	f.sess = session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
	f.svc = auth.New(auth.Config{Accounts: db, Sessions: f.sess, Keys: f.keys, GraphicCodes: okChecks{}, Captcha: okChecks{},
		Ephemeral: eph, Credentials: credential.NewVerifier(eph, credential.NewArgon2(0), nil), Clock: clk, AuthorizeClients: map[string]string{"tender": "https://tender.example.cn/sso/callback"}})
	var err error
	if f.kid, f.pub, err = f.keys.Current(context.Background()); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *fixture) account(t *testing.T, name, pw string, mut func(*account.Account)) account.Account {
	t.Helper()
	h, err := password.Hash(pw)
	if err != nil {
		t.Fatal(err)
	}
	a := account.Account{Name: name, Type: account.Person, Phone: "13800000001", PasswordHash: h, AuthState: account.Authenticated,
		CreatedAt: f.clk.Now(), UpdatedAt: f.clk.Now()}
	if mut != nil {
		mut(&a)
	}
	if err := f.db.CreateAccount(context.Background(), &a); err != nil {
		t.Fatal(err)
	}
	return a
}

func (f *fixture) signIn(t *testing.T, name, pw string) (auth.SignInResult, error) {
	t.Helper()
	f.n++
	ct, err := pwtransport.Encrypt(f.pub, pw, f.clk.Now(), "") // a random nonce: fixtures share the database, which remembers nonces
	if err != nil {
		t.Fatal(err)
	}
	return f.svc.SignIn(context.Background(), auth.SignInRequest{UserName: name, Password: ct, KeyID: f.kid,
		CodeID: "c", GraphicCode: "ok", Captcha: "ok", ClientAddr: "127.0.0.1"})
}

func msgOf(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Msg
	}
	return fmt.Sprint(err)
}

func TestSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		a := f.account(t, "zhang01", "Passw0rd", nil)

		res, err := f.signIn(t, "ZHANG01", "Passw0rd")
		if err != nil {
			t.Fatal(err)
		}
		if res.User != (auth.User{UserName: "zhang01", ID: a.ID, Type: 1, RegisterProcess: 0, AuthState: 1}) || len(res.AccessToken) < 40 {
			t.Fatalf("result %+v", res)
		}
		p, err := f.sess.Authenticate(ctx, session.Portal, res.AccessToken)
		if err != nil || p.ID != a.ID {
			t.Fatalf("token does not authenticate: %v", err)
		}

		t.Run("wrong password and unknown account look alike", func(t *testing.T) {
			_, e1 := f.signIn(t, "zhang01", "Wrong000")
			_, e2 := f.signIn(t, "nobody99", "Wrong000")
			a1, _ := apperr.As(e1)
			a2, _ := apperr.As(e2)
			if a1 == nil || a2 == nil || a1.Msg != "账号或密码错误" || a1.Msg != a2.Msg || a1.Kind != a2.Kind || a1.Reason != a2.Reason {
				t.Fatalf("wrong password %v, unknown account %v", e1, e2)
			}
		})

		t.Run("graphic code and captcha are required", func(t *testing.T) {
			ct, _ := pwtransport.Encrypt(f.pub, "Passw0rd", f.clk.Now(), "nonce-gc-0001")
			_, err := f.svc.SignIn(ctx, auth.SignInRequest{UserName: "zhang01", Password: ct, KeyID: f.kid, GraphicCode: "bad", Captcha: "ok"})
			if msgOf(err) != "验证码错误" {
				t.Fatalf("bad graphic code: %v", err)
			}
			_, err = f.svc.SignIn(ctx, auth.SignInRequest{UserName: "zhang01", Password: ct, KeyID: f.kid, GraphicCode: "ok", Captcha: "bad"})
			if msgOf(err) != "验证失败" {
				t.Fatalf("bad captcha: %v", err)
			}
			_, err = f.svc.SignIn(ctx, auth.SignInRequest{})
			if e, _ := apperr.As(err); e == nil || e.Fields["userName"] != "请输入账号" || e.Fields["graphicCode"] != "请输入验证码" {
				t.Fatalf("empty request: %v", err)
			}
		})

		t.Run("replayed password refused", func(t *testing.T) {
			ct, _ := pwtransport.Encrypt(f.pub, "Passw0rd", f.clk.Now(), "nonce-replay-1")
			req := auth.SignInRequest{UserName: "zhang01", Password: ct, KeyID: f.kid, GraphicCode: "ok", Captcha: "ok"}
			if _, err := f.svc.SignIn(ctx, req); err != nil {
				t.Fatal(err)
			}
			if _, err := f.svc.SignIn(ctx, req); msgOf(err) != "密码已过期，请重新提交" {
				t.Fatalf("replay: %v", err)
			}
		})

		t.Run("disabled account", func(t *testing.T) {
			f.account(t, "stopped1", "Passw0rd", func(a *account.Account) { a.Disabled = true })
			if _, err := f.signIn(t, "stopped1", "Passw0rd"); apperr.KindOf(err) != apperr.Forbidden {
				t.Fatalf("disabled: %v", err)
			}
		})
	})
}

func TestLockout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.account(t, "li0001", "Passw0rd", nil)
		for i := 1; i < credential.MaxFailures; i++ {
			if _, err := f.signIn(t, "li0001", "Wrong000"); msgOf(err) != "账号或密码错误" {
				t.Fatalf("failure %d: %v", i, err)
			}
			f.clk.Advance(time.Minute)
		}
		_, err := f.signIn(t, "li0001", "Wrong000")
		if e, _ := apperr.As(err); e == nil || e.Kind != apperr.TooMany || e.Msg != "登录失败次数过多，账号已锁定，请15分钟后再试" {
			t.Fatalf("fifth failure: %v", err)
		}
		// Locked: the right password is refused too, and the message counts down.
		f.clk.Advance(5*time.Minute + 30*time.Second)
		if _, err := f.signIn(t, "li0001", "Passw0rd"); msgOf(err) != "登录失败次数过多，账号已锁定，请10分钟后再试" {
			t.Fatalf("right password while locked: %v", err)
		}
		// Unknown names lock the same way, so the lock reveals nothing.
		for i := 0; i < credential.MaxFailures; i++ {
			_, err = f.signIn(t, "ghost001", "Wrong000")
		}
		if apperr.KindOf(err) != apperr.TooMany {
			t.Fatalf("unknown name not locked: %v", err)
		}
		f.clk.Advance(10 * time.Minute)
		if _, err := f.signIn(t, "li0001", "Passw0rd"); err != nil {
			t.Fatalf("after the lock: %v", err)
		}

		// A success clears the count: four more failures do not lock.
		for i := 1; i < credential.MaxFailures; i++ {
			_, _ = f.signIn(t, "li0001", "Wrong000")
		}
		if _, err := f.signIn(t, "li0001", "Passw0rd"); err != nil {
			t.Fatalf("four failures after a success locked: %v", err)
		}
		// Failures spread over more than the window do not add up.
		for i := 1; i < credential.MaxFailures; i++ {
			_, _ = f.signIn(t, "li0001", "Wrong000")
		}
		f.clk.Advance(credential.FailureWindow + time.Second)
		if _, err := f.signIn(t, "li0001", "Wrong000"); msgOf(err) != "账号或密码错误" {
			t.Fatalf("failure after the window: %v", err)
		}
		// ClearFailures (password reset) lifts a lock at once.
		for i := 0; i < credential.MaxFailures; i++ {
			_, err = f.signIn(t, "li0001", "Wrong000")
		}
		if apperr.KindOf(err) != apperr.TooMany {
			t.Fatalf("not locked: %v", err)
		}
		if err := f.svc.ClearFailures(ctx, "LI0001"); err != nil {
			t.Fatal(err)
		}
		if _, err := f.signIn(t, "li0001", "Passw0rd"); err != nil {
			t.Fatalf("after ClearFailures: %v", err)
		}
	})
}

// Twenty wrong sign-ins at once, on the store several instances would
// share, lock the name: the right password is refused afterwards.
func TestParallelFailuresLock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
		stores := 0
		ephemeraltest.Each(t, clk, func(t *testing.T, eph ephemeral.Store) {
			f := newFixtureOn(t, db, clk, eph)
			stores++
			name := fmt.Sprintf("par%04d", stores) // the stores share the database
			f.account(t, name, "Passw0rd", nil)
			reqs := make([]auth.SignInRequest, 20)
			for i := range reqs {
				f.n++
				ct, err := pwtransport.Encrypt(f.pub, "Wrong000", f.clk.Now(), "")
				if err != nil {
					t.Fatal(err)
				}
				reqs[i] = auth.SignInRequest{UserName: name, Password: ct, KeyID: f.kid, CodeID: "c", GraphicCode: "ok", Captcha: "ok"}
			}
			errs := make([]error, len(reqs))
			var wg sync.WaitGroup
			for i := range reqs {
				wg.Go(func() { _, errs[i] = f.svc.SignIn(context.Background(), reqs[i]) })
			}
			wg.Wait()
			locked := 0
			for _, err := range errs {
				switch e, _ := apperr.As(err); {
				case e == nil:
					t.Fatalf("wrong password accepted: %v", err)
				case e.Reason == "auth.locked", e.Reason == "auth.busy": // refused unchecked
					locked++
				case e.Reason != "auth.bad_credentials":
					t.Fatalf("parallel failure answered %v", err)
				}
			}
			if locked != len(reqs)-(credential.MaxFailures-1) {
				t.Fatalf("%d of %d parallel failures answered the lock", locked, len(reqs))
			}
			if _, err := f.signIn(t, name, "Passw0rd"); msgOf(err) != "登录失败次数过多，账号已锁定，请15分钟后再试" {
				t.Fatalf("right password after 20 parallel failures: %v", err)
			}
		})
	})
}

func TestRehashOnSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		old, _ := password.HashWith(password.Params{Memory: 8 * 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, "Passw0rd")
		a := f.account(t, "wang01", "x", func(a *account.Account) { a.PasswordHash = old })
		if _, err := f.signIn(t, "wang01", "Passw0rd"); err != nil {
			t.Fatal(err)
		}
		got, _ := db.AccountByID(ctx, a.ID)
		if got.PasswordHash == old || !strings.HasPrefix(got.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
			t.Fatalf("hash not upgraded: %s", got.PasswordHash)
		}
		if _, err := f.signIn(t, "wang01", "Passw0rd"); err != nil {
			t.Fatalf("sign-in with the upgraded hash: %v", err)
		}
	})
}

func TestSessionsExpireAndSignOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		f.account(t, "zhao01", "Passw0rd", nil)
		res, _ := f.signIn(t, "zhao01", "Passw0rd")
		f.clk.Advance(2*time.Hour + time.Second)
		if _, err := f.sess.Authenticate(ctx, session.Portal, res.AccessToken); msgOf(err) != "登录超时，请重新登录" {
			t.Fatalf("idle session: %v", err)
		}
		res, _ = f.signIn(t, "zhao01", "Passw0rd")
		p, err := f.sess.Authenticate(ctx, session.Portal, res.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.SignOut(ctx, p); err != nil {
			t.Fatal(err)
		}
		if _, err := f.sess.Authenticate(ctx, session.Portal, res.AccessToken); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("after sign-out: %v", err)
		}
	})
}

func TestAuthorize(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db)
		ok := f.account(t, "auth01", "Passw0rd", nil)
		fresh := f.account(t, "auth02", "Passw0rd", func(a *account.Account) { a.AuthState = account.NotAuthenticated })
		waiting := f.account(t, "auth03", "Passw0rd", func(a *account.Account) { a.AuthState = account.Verifying })

		for _, bad := range []auth.AuthorizeRequest{
			{ClientID: "nobody", RedirectURI: "https://tender.example.cn/sso/callback"},
			{ClientID: "tender", RedirectURI: "https://evil.example.com/sso/callback"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn.evil.com/sso/callback"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/other"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callbackx"},
			{ClientID: "tender", RedirectURI: "http://tender.example.cn/sso/callback"},
			{ClientID: "tender", RedirectURI: "https://user@tender.example.cn/sso/callback"},
			// Dot segments, %-encoded and mixed: a browser resolves them
			// and lands outside the callback (the code with it).
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/../evil"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/%2e%2e/evil"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/%2E%2E/evil"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/..%2f..%2fevil"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/.%2e/evil"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/%2e./evil"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/..\\evil"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/./"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback/x"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/%63allback"},
			{ClientID: "tender", RedirectURI: "https://TENDER.example.cn/sso/callback"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn:443/sso/callback"},
			{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback?next=https://evil.example.com"},
		} {
			if _, err := f.svc.Authorize(ctx, ok.ID, bad); apperr.KindOf(err) != apperr.Forbidden {
				t.Errorf("Authorize(%+v) = %v, want refused", bad, err)
			}
		}
		if _, err := f.svc.Authorize(ctx, fresh.ID, auth.AuthorizeRequest{ClientID: "tender"}); msgOf(err) != "账号未提交实名认证，请提交审核" {
			t.Fatalf("authState 0: %v", err)
		}
		if _, err := f.svc.Authorize(ctx, waiting.ID, auth.AuthorizeRequest{ClientID: "tender"}); msgOf(err) != "账号未通过实名认证，请等待审核" {
			t.Fatalf("authState 99: %v", err)
		}
		cb, err := f.svc.Authorize(ctx, ok.ID, auth.AuthorizeRequest{ClientID: "tender", RedirectURI: "https://tender.example.cn/sso/callback", State: "s1"})
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(cb)
		if u.Host != "tender.example.cn" || u.Path != "/sso/callback" || u.Query().Get("state") != "s1" || u.Query().Get("code") == "" {
			t.Fatalf("callback %s", cb)
		}
		code := u.Query().Get("code")
		if _, err := f.svc.Redeem(ctx, "other", code); err == nil {
			t.Fatal("code redeemed by another client")
		}
		// The failed attempt by another client used the code up.
		if _, err := f.svc.Redeem(ctx, "tender", code); err == nil {
			t.Fatal("code redeemed twice")
		}
		cb, _ = f.svc.Authorize(ctx, ok.ID, auth.AuthorizeRequest{ClientID: "tender"})
		u, _ = url.Parse(cb)
		user, err := f.svc.Redeem(ctx, "tender", u.Query().Get("code"))
		if err != nil || user.ID != ok.ID {
			t.Fatalf("Redeem = %+v, %v", user, err)
		}
		cb, _ = f.svc.Authorize(ctx, ok.ID, auth.AuthorizeRequest{ClientID: "tender"})
		u, _ = url.Parse(cb)
		f.clk.Advance(auth.CodeTTL + time.Second)
		if _, err := f.svc.Redeem(ctx, "tender", u.Query().Get("code")); err == nil {
			t.Fatal("expired code redeemed")
		}
	})
}
