package certificate_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/identity"
	"bidpass/internal/recovery"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// fixture is a certificate service on a real database and ephemeral
// store, with the real sign-in and recovery services behind it.
type fixture struct {
	t        *testing.T
	pki      *testPKI
	db       *store.DB
	eph      ephemeral.Store
	sessions *session.Service
	svc      *certificate.Service
	clk      *clock.Fake
}

func newFixture(t *testing.T, db *store.DB, eph ephemeral.Store) *fixture {
	p := newPKI(t)
	clk := clock.NewFake(p.now)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	sessions := session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
	a := auth.New(auth.Config{Accounts: db, Sessions: sessions, Ephemeral: eph, Clock: clk})
	rec := recovery.New(recovery.Config{Accounts: db, Sessions: sessions, Tx: db, Ephemeral: eph, Clock: clk})
	svc := certificate.New(certificate.Config{Store: db, Accounts: db, Tx: db, Ephemeral: eph, Trust: p.trust(nil),
		Portal: a, Recovery: rec, Clock: clk, Log: log})
	return &fixture{t: t, pki: p, db: db, eph: eph, sessions: sessions, svc: svc, clk: clk}
}

var accountSeq int

// person creates a person account in authState with a verified real name.
func (f *fixture) person(name string, state account.AuthState) account.Account {
	f.t.Helper()
	ctx := context.Background()
	accountSeq++
	a := account.Account{Name: "cert" + strconv.Itoa(accountSeq) + "x", Type: account.Person, Phone: "13800000000",
		AuthState: state, CreatedAt: f.clk.Now(), UpdatedAt: f.clk.Now()}
	if err := f.db.CreateAccount(ctx, &a); err != nil {
		f.t.Fatal(err)
	}
	if _, err := f.db.SavePersonProfile(ctx, account.PersonProfile{AccountID: a.ID, Person: identity.Person{RealName: name, CertType: "1"}, UpdatedAt: f.clk.Now()}); err != nil {
		f.t.Fatal(err)
	}
	return a
}

// bind binds h to a through the service, signing with openssl cms.
func (f *fixture) bind(a account.Account, h holder) (certificate.Binding, error) {
	f.t.Helper()
	ctx := context.Background()
	ch, err := f.svc.BindChallenge(ctx, a.ID)
	if err != nil {
		return certificate.Binding{}, err
	}
	return f.svc.Bind(ctx, a.ID, pkcs7Sig(f.pki.cms(h, []byte(ch), "sha1", true, true), nil))
}

// browserOf names the browser of a test's client at addr: one browser per
// address unless a test says otherwise.
func browserOf(addr string) string { return "browser-" + addr }

func serialOf(h holder) string { return fmt.Sprintf("%X", h.cert.SerialNumber) }

// signIn asks a sign-in challenge for h's serial and answers it with a
// detached openssl signature (without the certificate, as a key sends it).
func (f *fixture) signIn(h holder, addr string) (auth.SignInResult, error) {
	ctx := context.Background()
	ch, err := f.svc.SignInChallenge(ctx, serialOf(h), addr, browserOf(addr))
	if err != nil {
		return auth.SignInResult{}, err
	}
	der := f.pki.cms(h, []byte(ch), "sha256", false, false)
	return f.svc.SignIn(ctx, certificate.Proof{Serial: serialOf(h), Signed: pkcs7Sig(der, nil), ClientAddr: addr, Browser: browserOf(addr)})
}

func reason(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Reason
	}
	return fmt.Sprint(err)
}

func TestBinding(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, ephemeral.NewMemory(clock.System{}))
		zhang := f.person("张三", account.Authenticated)
		h := f.pki.valid(devca.RSA, "张三")

		// The four refusals of 02 §2, each with its own reason.
		if _, err := f.bind(f.person("王五", account.Verifying), f.pki.valid(devca.RSA, "王五")); reason(err) != "certificate.not_authenticated" {
			t.Fatalf("not authenticated: %v", err)
		}
		if _, err := f.bind(zhang, f.pki.valid(devca.RSA, "李四")); reason(err) != "certificate.name" {
			t.Fatalf("name mismatch: %v", err)
		}
		expired := f.pki.issue(devca.RSA, "张三", f.pki.now.Add(-48*time.Hour), f.pki.now.Add(-time.Hour))
		if _, err := f.bind(zhang, expired); reason(err) != "certificate.expired" {
			t.Fatalf("expired: %v", err)
		}
		b, err := f.bind(zhang, h)
		if err != nil {
			t.Fatal(err)
		}
		if b.Serial != serialOf(h) || b.OwnerName != "张三" || !b.ValidEnd.Equal(h.cert.NotAfter.UTC()) {
			t.Fatalf("binding not read from the certificate: %+v", b)
		}
		if _, err := f.bind(zhang, f.pki.valid(devca.ECDSA, "张三")); reason(err) != "certificate.already_bound" {
			t.Fatalf("already holding: %v", err)
		}
		// Another account with the same name cannot take the certificate.
		twin := f.person("张三", account.Authenticated)
		if _, err := f.bind(twin, h); reason(err) != "certificate.bound_elsewhere" {
			t.Fatalf("bound elsewhere: %v", err)
		}
		// A raw signature binds with the certificate sent beside it; the
		// challenge is the account's own.
		ch, err := f.svc.BindChallenge(ctx, twin.ID)
		if err != nil {
			t.Fatal(err)
		}
		other := f.pki.valid(devca.ECDSA, "张三")
		if _, err := f.svc.Bind(ctx, zhang.ID, rawSig(f.pki.raw(other, []byte(ch), "sha256"), other.cert)); reason(err) != "certificate.already_bound" {
			t.Fatalf("another account's challenge: %v", err)
		}
		if _, err := f.svc.Bind(ctx, twin.ID, rawSig(f.pki.raw(other, []byte(ch), "sha256"), other.cert)); err != nil {
			t.Fatal(err)
		}

		list, err := f.svc.Bound(ctx, zhang.ID)
		if err != nil || len(list) != 1 || list[0].Serial != b.Serial {
			t.Fatalf("list %v %v", list, err)
		}
		if err := f.svc.Unbind(ctx, zhang.ID); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.Unbind(ctx, zhang.ID); reason(err) != "certificate.not_bound" {
			t.Fatalf("second unbind: %v", err)
		}
		log, n, err := f.svc.Log(ctx, zhang.ID, 1, 10)
		if err != nil || n != 2 || log[0].HandleType != certificate.HandleUnbind || log[1].HandleType != certificate.HandleBind {
			t.Fatalf("log %+v n=%d %v", log, n, err)
		}
		// Unbound, the certificate may be bound again (by its owner's twin
		// after it unbinds its own).
		if err := f.svc.Unbind(ctx, twin.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.bind(twin, h); err != nil {
			t.Fatal(err)
		}
	})
}

// TestParallelBinds: ten accounts race to bind one certificate; exactly one
// wins and the others get "bound to another account".
func TestParallelBinds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db, ephemeral.NewMemory(clock.System{}))
		h := f.pki.valid(devca.SM2, "赵六")
		ctx := context.Background()
		type attempt struct {
			a   account.Account
			sig certificate.Signed
		}
		var attempts []attempt
		for range 10 {
			a := f.person("赵六", account.Authenticated)
			ch, err := f.svc.BindChallenge(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			// gmsm signs here: OpenSSL 3.0 cannot make SM2 CMS.
			attempts = append(attempts, attempt{a, rawSig(sm2Raw(t, h, []byte(ch)), h.cert)})
		}
		var wg sync.WaitGroup
		errs := make([]error, len(attempts))
		for i, at := range attempts {
			wg.Add(1)
			go func() { defer wg.Done(); _, errs[i] = f.svc.Bind(ctx, at.a.ID, at.sig) }()
		}
		wg.Wait()
		wins := 0
		for _, err := range errs {
			switch reason(err) {
			case "<nil>":
				wins++
			case "certificate.bound_elsewhere":
			default:
				t.Fatalf("unexpected: %v", err)
			}
		}
		if wins != 1 {
			t.Fatalf("%d binds won", wins)
		}
	})
}

func TestCertificateSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, ephemeral.NewMemory(clock.System{}))
		a := f.person("孙七", account.Authenticated)
		h := f.pki.valid(devca.ECDSA, "孙七")
		if _, err := f.signIn(h, "192.0.2.1"); reason(err) != "certificate.unbound" {
			t.Fatalf("unbound: %v", err)
		}
		if _, err := f.bind(a, h); err != nil {
			t.Fatal(err)
		}
		res, err := f.signIn(h, "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		if res.User.ID != a.ID || res.User.UserName != a.Name || res.User.Type != int(account.Person) {
			t.Fatalf("user %+v", res.User)
		}
		// The session is a portal session like a password sign-in's.
		if p, err := f.sessions.Authenticate(ctx, session.Portal, res.AccessToken); err != nil || p.ID != a.ID {
			t.Fatalf("session: %v %v", p, err)
		}

		// Replay: the same signature again.
		ch, _ := f.svc.SignInChallenge(ctx, serialOf(h), "192.0.2.1", browserOf("192.0.2.1"))
		sig := pkcs7Sig(f.pki.cms(h, []byte(ch), "sha256", true, false), nil)
		proof := certificate.Proof{Serial: serialOf(h), Signed: sig, ClientAddr: "192.0.2.1", Browser: browserOf("192.0.2.1")}
		if _, err := f.svc.SignIn(ctx, proof); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.SignIn(ctx, proof); reason(err) != "certificate.challenge" {
			t.Fatalf("replay: %v", err)
		}
		// A challenge issued for another serial does not sign in this one.
		other := f.pki.valid(devca.ECDSA, "孙七")
		ch, _ = f.svc.SignInChallenge(ctx, serialOf(other), "192.0.2.1", browserOf("192.0.2.1"))
		sig = pkcs7Sig(f.pki.cms(h, []byte(ch), "sha256", true, false), nil)
		if _, err := f.svc.SignIn(ctx, certificate.Proof{Serial: serialOf(h), Signed: sig, ClientAddr: "192.0.2.1", Browser: browserOf("192.0.2.1")}); reason(err) != "certificate.challenge" {
			t.Fatalf("another serial's challenge: %v", err)
		}
		// A challenge for sign-in does not recover, nor the reverse.
		ch, _ = f.svc.SignInChallenge(ctx, serialOf(h), "192.0.2.1", browserOf("192.0.2.1"))
		sig = pkcs7Sig(f.pki.cms(h, []byte(ch), "sha256", true, false), nil)
		if _, err := f.svc.Recover(ctx, certificate.Proof{Serial: serialOf(h), Signed: sig, ClientAddr: "192.0.2.1", Browser: browserOf("192.0.2.1")}); reason(err) != "certificate.challenge" {
			t.Fatalf("sign-in challenge used for recovery: %v", err)
		}
		// After unbinding, the certificate no longer signs in.
		if err := f.svc.Unbind(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.signIn(h, "192.0.2.1"); reason(err) != "certificate.unbound" {
			t.Fatalf("after unbind: %v", err)
		}
	})
}

func TestRecoveryByCertificate(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFixture(t, db, ephemeral.NewMemory(clock.System{}))
		a := f.person("周八", account.Authenticated)
		h := f.pki.valid(devca.RSA, "周八")
		if _, err := f.bind(a, h); err != nil {
			t.Fatal(err)
		}
		ch, err := f.svc.RecoveryChallenge(ctx, serialOf(h), "192.0.2.9", browserOf("192.0.2.9"))
		if err != nil {
			t.Fatal(err)
		}
		sig := p7raw(f, h, ch)
		res, err := f.svc.Recover(ctx, certificate.Proof{Serial: serialOf(h), Signed: sig, ClientAddr: "192.0.2.9", Browser: browserOf("192.0.2.9")})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Accounts) != 1 || res.Accounts[0].AccountID != a.ID || res.Accounts[0].SubjectName != "周八" || res.CheckCode == "" {
			t.Fatalf("recovery answer %+v", res)
		}
	})
}

// p7raw answers a challenge with an openssl raw signature and no
// certificate (the bound one is used).
func p7raw(f *fixture, h holder, ch string) certificate.Signed {
	return rawSig(f.pki.raw(h, []byte(ch), "sha256"), nil)
}

// TestFailureCounting: failures count per address, exactly under parallel
// requests; an address over the limit is refused even with a good
// signature, and nothing it did refuses the holder elsewhere.
func TestFailureCounting(t *testing.T) {
	ephemeraltest.Each(t, clock.System{}, func(t *testing.T, eph ephemeral.Store) {
		ctx := context.Background()
		f := newFixture(t, storetest.SQLite(t), eph)
		a := f.person("吴九", account.Authenticated)
		h := f.pki.valid(devca.RSA, "吴九")
		if _, err := f.bind(a, h); err != nil {
			t.Fatal(err)
		}
		bad := func(addr string) error {
			_, err := f.svc.SignIn(ctx, certificate.Proof{Serial: serialOf(h), Signed: rawSig([]byte("not a signature"), nil), ClientAddr: addr, Browser: browserOf(addr)})
			return err
		}
		// 25 parallel failures from one address: the counter holds exactly
		// the failures it let through, and the address is then refused
		// even with a good signature.
		var wg sync.WaitGroup
		refused := make([]string, 25)
		for i := range refused {
			wg.Add(1)
			go func() { defer wg.Done(); refused[i] = reason(bad("198.51.100.1")) }()
		}
		wg.Wait()
		counted := 0
		for _, r := range refused {
			if r == "certificate.challenge" {
				counted++
			} else if r != "certificate.locked" {
				t.Fatalf("unexpected refusal %s", r)
			}
		}
		raw, err := eph.Get(ctx, "cert:fail:addr:198.51.100.1")
		if err != nil || string(raw) != strconv.Itoa(counted) || counted < certificate.AddrFailureLimit {
			t.Fatalf("counter %q after %d counted failures (%v)", raw, counted, err)
		}
		if _, err := f.signIn(h, "198.51.100.1"); reason(err) != "certificate.locked" {
			t.Fatalf("locked address: %v", err)
		}
		// The certificate failed 20 times, from the stranger's address: its
		// holder fails once on its own (a challenge that is not its
		// browser's) and still signs in at once.
		if _, err := f.svc.SignIn(ctx, certificate.Proof{Serial: serialOf(h), Signed: rawSig([]byte("x"), nil), ClientAddr: "198.51.100.3", Browser: browserOf("198.51.100.3")}); reason(err) != "certificate.challenge" {
			t.Fatalf("the holder's own failure: %v", err)
		}
		if _, err := f.signIn(h, "198.51.100.3"); err != nil {
			t.Fatalf("the holder after a stranger's failures: %v", err)
		}
		// 20 failures from one address (any serial) refuse that address
		// for every certificate.
		for range certificate.AddrFailureLimit {
			_, err := f.svc.SignIn(ctx, certificate.Proof{Serial: "ABCDEF", Signed: rawSig([]byte("x"), nil), ClientAddr: "198.51.100.4", Browser: browserOf("198.51.100.4")})
			if reason(err) != "certificate.unbound" {
				t.Fatal(err)
			}
		}
		other := f.pki.valid(devca.RSA, "郑十")
		if _, err := f.bind(f.person("郑十", account.Authenticated), other); err != nil {
			t.Fatal(err)
		}
		if _, err := f.signIn(other, "198.51.100.4"); reason(err) != "certificate.locked" {
			t.Fatalf("locked address: %v", err)
		}
		if _, err := f.signIn(other, "198.51.100.5"); err != nil {
			t.Fatal(err)
		}
	})
}

// TestStrangerCannotDenyTheHolder: someone who knows the serial (it is in
// every document the holder signs) asks for many challenges and sends bad
// signatures, from their browser and address; the holder, who asked for
// its challenge first, signs in with it at once, and recovers too.
func TestStrangerCannotDenyTheHolder(t *testing.T) {
	ephemeraltest.Each(t, clock.System{}, func(t *testing.T, eph ephemeral.Store) {
		ctx := context.Background()
		f := newFixture(t, storetest.SQLite(t), eph)
		a := f.person("钱七", account.Authenticated)
		h := f.pki.valid(devca.RSA, "钱七")
		if _, err := f.bind(a, h); err != nil {
			t.Fatal(err)
		}
		holder, stranger := "203.0.113.10", "203.0.113.66"
		for _, p := range []struct {
			ask   func(ctx context.Context, serial, addr, browser string) (string, error)
			prove func(pr certificate.Proof) error
		}{
			{f.svc.SignInChallenge, func(pr certificate.Proof) error { _, err := f.svc.SignIn(ctx, pr); return err }},
			{f.svc.RecoveryChallenge, func(pr certificate.Proof) error { _, err := f.svc.Recover(ctx, pr); return err }},
		} {
			mine, err := p.ask(ctx, serialOf(h), holder, browserOf(holder))
			if err != nil {
				t.Fatal(err)
			}
			for i := range 8 {
				if _, err := p.ask(ctx, serialOf(h), stranger, fmt.Sprintf("stranger-%d", i%2)); err != nil {
					t.Fatal(err)
				}
			}
			for i := range 10 {
				err := p.prove(certificate.Proof{Serial: serialOf(h), Signed: rawSig([]byte("forged"), nil), ClientAddr: stranger, Browser: fmt.Sprintf("stranger-%d", i%2)})
				if r := reason(err); r != "certificate.signature" && r != "certificate.challenge" {
					t.Fatalf("bad signature %d: %v", i, err)
				}
			}
			der := f.pki.cms(h, []byte(mine), "sha256", false, false)
			if err := p.prove(certificate.Proof{Serial: serialOf(h), Signed: pkcs7Sig(der, nil), ClientAddr: holder, Browser: browserOf(holder)}); err != nil {
				t.Fatalf("the holder after the stranger: %v", err)
			}
		}
	})
}

// sm2Raw signs msg with h's SM2 key the way SOF_SignData does (SM3 with
// the default user id, ASN.1).
func sm2Raw(t *testing.T, h holder, msg []byte) []byte {
	t.Helper()
	s, err := devca.SignSM2(h.key, msg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestChallengeRate: one address asks at most ChallengesPerMinute
// challenges a minute; another address is not affected.
func TestChallengeRate(t *testing.T) {
	ctx := context.Background()
	svc := certificate.New(certificate.Config{Ephemeral: ephemeral.NewMemory(clock.System{}), ChallengesPerMinute: 2})
	for i := range 3 {
		_, err := svc.SignInChallenge(ctx, "AB", "192.0.2.7", browserOf("192.0.2.7"))
		if (i < 2) != (err == nil) || (i == 2 && reason(err) != "certificate.rate") {
			t.Fatalf("challenge %d: %v", i+1, err)
		}
	}
	if _, err := svc.RecoveryChallenge(ctx, "AB", "192.0.2.8", browserOf("192.0.2.8")); err != nil {
		t.Fatal(err)
	}
}
