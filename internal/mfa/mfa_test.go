package mfa_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/mfa"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// countingStore is the real store, counting the recovery codes it was
// asked to spend (each is one code evaluated) and the factors read.
type countingStore struct {
	*store.DB
	spent atomic.Int64
}

func (c *countingStore) UseRecoveryCode(ctx context.Context, kind string, id int64, mac string, at time.Time) (bool, error) {
	c.spent.Add(1)
	return c.DB.UseRecoveryCode(ctx, kind, id, mac, at)
}

type fixture struct {
	db     *countingStore
	clk    *clock.Fake
	svc    *mfa.Service
	eph    ephemeral.Store
	events []mfa.Event
	mu     sync.Mutex
}

func newFixture(t *testing.T, db *store.DB, clk *clock.Fake, eph ephemeral.Store) *fixture {
	f := &fixture{db: &countingStore{DB: db}, clk: clk, eph: eph}
	creds := credential.NewVerifier(eph, credential.NewArgon2(0), nil).KeepLocksIn(db, clk)
	f.svc = mfa.New(mfa.Deps{Store: f.db, Tx: db, Ephemeral: eph, Credentials: creds, Clock: clk, Issuer: "bidpass",
		Record: func(_ context.Context, _ mfa.Subject, e mfa.Event) error {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.events = append(f.events, e)
			return nil
		}})
	return f
}

func (f *fixture) count(e mfa.Event) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, x := range f.events {
		if x == e {
			n++
		}
	}
	return n
}

// code is what an authenticator app shows for secret at the fixture's now.
func (f *fixture) code(t *testing.T, secret string) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, f.clk.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// enrol enrols sub and returns the secret and the recovery codes.
func (f *fixture) enrol(t *testing.T, sub mfa.Subject) (string, []string) {
	t.Helper()
	en, err := f.svc.BeginTOTP(context.Background(), sub)
	if err != nil {
		t.Fatal(err)
	}
	codes, err := f.svc.ConfirmTOTP(context.Background(), sub, f.code(t, en.Secret))
	if err != nil {
		t.Fatal(err)
	}
	return en.Secret, codes
}

func each(t *testing.T, fn func(t *testing.T, f *fixture)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewFake(time.Date(2026, 12, 2, 8, 0, 10, 0, time.UTC))
		ephemeraltest.Each(t, clk, func(t *testing.T, eph ephemeral.Store) {
			fn(t, newFixture(t, db, clk, eph))
		})
	})
}

var nextID atomic.Int64

func subject(kind session.Kind) mfa.Subject {
	id := nextID.Add(1)
	return mfa.Subject{Kind: kind, ID: id, Name: "holder" + string(rune('a'+id%26)) + time.Now().Format("150405.000000000")}
}

// TestEnrolment: the secret is sealed at rest, shown in groups of four
// with a QR code; the first code confirms it and issues ten recovery codes.
func TestEnrolment(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sub := subject(session.Portal)
		en, err := f.svc.BeginTOTP(ctx, sub)
		if err != nil {
			t.Fatal(err)
		}
		if len(en.SecretGroups) != 8 || en.SecretGroups[0] != en.Secret[:4] || len(en.QRCode) < 500 {
			t.Fatalf("enrolment %+v", en.SecretGroups)
		}
		if on, _ := f.svc.Enabled(ctx, sub); on {
			t.Fatal("a pending secret counts as a factor")
		}
		if _, err := f.svc.ConfirmTOTP(ctx, sub, "000000"); !errors.Is(err, mfa.ErrWrongCode) && f.code(t, en.Secret) != "000000" {
			t.Fatalf("wrong first code: %v", err)
		}
		codes, err := f.svc.ConfirmTOTP(ctx, sub, f.code(t, en.Secret))
		if err != nil || len(codes) != 10 {
			t.Fatalf("confirm: %v %v", codes, err)
		}
		st, err := f.svc.Status(ctx, sub)
		if err != nil || !st.Enabled || st.RecoveryLeft != 10 {
			t.Fatalf("status %+v %v", st, err)
		}
		if _, err := f.svc.BeginTOTP(ctx, sub); !errors.Is(err, mfa.ErrEnrolled) {
			t.Fatalf("second enrolment over a confirmed factor: %v", err)
		}
		if f.count(mfa.Enrolled) != 1 {
			t.Fatalf("events %v", f.events)
		}
	})
}

// TestTOTPReplayRefused: a code is accepted once; the next step's code is
// accepted; an older step's code after it is refused; ±1 step of skew.
func TestTOTPReplayRefused(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sub := subject(session.Portal)
		secret, _ := f.enrol(t, sub)
		// The enrolment spent this step's code.
		if err := f.svc.Verify(ctx, sub, f.code(t, secret), false); !errors.Is(err, mfa.ErrWrongCode) {
			t.Fatalf("enrolment's code again: %v", err)
		}
		f.clk.Advance(30 * time.Second)
		c := f.code(t, secret)
		f.clk.Advance(25 * time.Second) // one step later: still within the skew
		if err := f.svc.Verify(ctx, sub, c, false); err != nil {
			t.Fatalf("code one step old: %v", err)
		}
		if err := f.svc.Verify(ctx, sub, c, false); !errors.Is(err, mfa.ErrWrongCode) {
			t.Fatalf("replayed code: %v", err)
		}
		f.clk.Advance(90 * time.Second)
		old := f.code(t, secret)
		f.clk.Advance(90 * time.Second) // three steps: beyond the skew
		if err := f.svc.Verify(ctx, sub, old, false); !errors.Is(err, mfa.ErrWrongCode) {
			t.Fatalf("code three steps old: %v", err)
		}
	})
}

// TestWrongCodesUnderBurst: 50 parallel wrong codes (recovery-code shaped,
// so each evaluation reaches the store and is counted, and six-digit
// ones) evaluate at most MaxFailures, and the second step is locked.
func TestWrongCodesUnderBurst(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sub := subject(session.Portal)
		f.enrol(t, sub)
		f.db.spent.Store(0)
		const n = 50
		errs := make([]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				code := "22222-22222"
				if i%2 == 1 {
					code = "999999"
				}
				errs[i] = f.svc.Verify(ctx, sub, code, true)
			}()
		}
		close(start)
		wg.Wait()
		evaluated := 0
		for _, err := range errs {
			if errors.Is(err, mfa.ErrWrongCode) {
				evaluated++
			} else if apperr.KindOf(err) != apperr.TooMany {
				t.Fatalf("unexpected answer %v", err)
			}
		}
		if evaluated > credential.MaxFailures || f.db.spent.Load() > credential.MaxFailures {
			t.Fatalf("%d codes evaluated, %d recovery codes looked up (limit %d)", evaluated, f.db.spent.Load(), credential.MaxFailures)
		}
		t.Logf("50 parallel wrong codes: %d evaluated, %d recovery look-ups", evaluated, f.db.spent.Load())
		if err := f.svc.Verify(ctx, sub, "123456", true); apperr.KindOf(err) != apperr.TooMany {
			t.Fatalf("after the burst: %v", err)
		}
	})
}

// TestRecoveryCodeOnceUnderBurst: 50 parallel uses of one recovery code
// sign in once; the code is spent and its use recorded once.
func TestRecoveryCodeOnceUnderBurst(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sub := subject(session.Portal)
		_, codes := f.enrol(t, sub)
		const n = 50
		var ok atomic.Int64
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				if f.svc.Verify(ctx, sub, codes[3], true) == nil {
					ok.Add(1)
				}
			}()
		}
		close(start)
		wg.Wait()
		if ok.Load() != 1 || f.count(mfa.RecoveryUsed) != 1 {
			t.Fatalf("%d uses accepted, %d recorded", ok.Load(), f.count(mfa.RecoveryUsed))
		}
		if st, _ := f.svc.Status(ctx, sub); st.RecoveryLeft != 9 {
			t.Fatalf("codes left %d", st.RecoveryLeft)
		}
	})
}

// TestRegenerateKillsOldCodes: new codes replace the old ones.
func TestRegenerateKillsOldCodes(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sub := subject(session.Portal)
		secret, old := f.enrol(t, sub)
		f.clk.Advance(30 * time.Second)
		fresh, err := f.svc.RegenerateRecoveryCodes(ctx, sub, f.code(t, secret))
		if err != nil || len(fresh) != 10 {
			t.Fatal(err)
		}
		if err := f.svc.Verify(ctx, sub, old[0], true); !errors.Is(err, mfa.ErrWrongCode) {
			t.Fatalf("old code: %v", err)
		}
		if err := f.svc.Verify(ctx, sub, fresh[0], true); err != nil {
			t.Fatalf("new code: %v", err)
		}
	})
}

// TestTicketSingleUseAndBound: the ticket is refused from a browser
// without its secret, and once used it is gone.
func TestTicketSingleUseAndBound(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sub := subject(session.Portal)
		secret, codes := f.enrol(t, sub)
		tk, err := f.svc.IssueTicket(ctx, sub, []string{session.MethodPassword})
		if err != nil {
			t.Fatal(err)
		}
		f.clk.Advance(30 * time.Second)
		// Another client knows the ticket id but holds another secret, or none.
		for _, other := range []mfa.Ticket{{ID: tk.ID, Secret: "stolen"}, {ID: tk.ID}} {
			if _, err := f.svc.CompleteSignIn(ctx, session.Portal, other, f.code(t, secret)); !errors.Is(err, mfa.ErrTicket) {
				t.Fatalf("other client: %v", err)
			}
		}
		if _, err := f.svc.CompleteSignIn(ctx, session.Staff, tk, f.code(t, secret)); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("portal ticket at the staff sign-in: %v", err)
		}
		done, err := f.svc.CompleteSignIn(ctx, session.Portal, tk, f.code(t, secret))
		if err != nil || done.Subject.ID != sub.ID {
			t.Fatal(err)
		}
		if want := []string{"pwd", "otp", "mfa"}; len(done.Methods) != 3 || done.Methods[1] != want[1] || done.Methods[2] != want[2] {
			t.Fatalf("methods %v", done.Methods)
		}
		if _, err := f.svc.CompleteSignIn(ctx, session.Portal, tk, codes[0]); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("used ticket: %v", err)
		}
		if st, _ := f.svc.Status(ctx, sub); st.RecoveryLeft != 10 {
			t.Fatal("a used ticket spent a recovery code")
		}
		// It expires (Redis expires on its own clock, not the fake one).
		if _, real := f.eph.(*ephemeral.Redis); real {
			return
		}
		tk2, _ := f.svc.IssueTicket(ctx, sub, []string{session.MethodPassword})
		f.clk.Advance(mfa.TicketTTL + time.Second)
		if _, err := f.svc.CompleteSignIn(ctx, session.Portal, tk2, codes[0]); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("expired ticket: %v", err)
		}
	})
}

// TestRemoval: the holder removes the factor with a code; a staff member
// cannot remove their own; an administrator's reset removes it.
func TestRemoval(t *testing.T) {
	each(t, func(t *testing.T, f *fixture) {
		ctx := context.Background()
		sub := subject(session.Portal)
		_, codes := f.enrol(t, sub)
		if err := f.svc.Remove(ctx, sub, "22222-22222"); !errors.Is(err, mfa.ErrWrongCode) {
			t.Fatalf("wrong code: %v", err)
		}
		if err := f.svc.Remove(ctx, sub, codes[0]); err != nil {
			t.Fatal(err)
		}
		if on, _ := f.svc.Enabled(ctx, sub); on || f.count(mfa.Removed) != 1 {
			t.Fatal("still enabled")
		}
		member := subject(session.Staff)
		_, codes = f.enrol(t, member)
		if err := f.svc.Remove(ctx, member, codes[0]); !errors.Is(err, mfa.ErrLastFactor) {
			t.Fatalf("staff removing own factor: %v", err)
		}
		if err := f.svc.ResetByAdministrator(ctx, member); err != nil {
			t.Fatal(err)
		}
		if on, _ := f.svc.Enabled(ctx, member); on || f.count(mfa.Reset) != 1 {
			t.Fatal("reset left the factor")
		}
	})
}
