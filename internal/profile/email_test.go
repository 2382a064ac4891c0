package profile_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/profile"
	"bidpass/internal/sms"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestChangeEmail: the rules of 绑定邮箱 / 修改邮箱 (docs/decisions/sign-in.md,
// "E-mail binding"): the address's syntax, the bound phone's code and the
// address's code (both scene email), the address stored lower-cased and
// verified, the same address refused, an address another account has
// verified refused.
func TestChangeEmail(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", 0)
		bind := func(id int64, phone, addr string) error {
			e.codes.give("email", phone, "p", "111111")
			e.codes.give("email", addr, "m", "222222")
			return e.svc.ChangeEmail(ctx, id, profile.EmailChange{CheckCode: "111111", CheckCodeID: "p", Email: addr, EmailCode: "222222", EmailCodeID: "m"})
		}
		wantField(t, e.svc.ChangeEmail(ctx, a.ID, profile.EmailChange{CheckCode: "1", CheckCodeID: "p", Email: "zhang@", EmailCode: "2", EmailCodeID: "m"}), "email", "请输入正确的邮箱地址")
		wantField(t, e.svc.ChangeEmail(ctx, a.ID, profile.EmailChange{Email: "zhang@example.cn"}), "checkCode", "请输入手机验证码")
		// The phone's code must be the bound phone's, for scene email.
		e.codes.give("phone", a.Phone, "p", "111111")
		e.codes.give("email", "zhang@example.cn", "m", "222222")
		wantField(t, e.svc.ChangeEmail(ctx, a.ID, profile.EmailChange{CheckCode: "111111", CheckCodeID: "p", Email: "zhang@example.cn", EmailCode: "222222", EmailCodeID: "m"}), "checkCode", "短信验证码错误")
		// A wrong address code leaves the address unbound.
		e.codes.give("email", a.Phone, "p", "111111")
		wantField(t, e.svc.ChangeEmail(ctx, a.ID, profile.EmailChange{CheckCode: "111111", CheckCodeID: "p", Email: "zhang@example.cn", EmailCode: "999999", EmailCodeID: "m"}), "emailCode", "短信验证码错误")
		if got := e.account(t, a.ID); got.Email != "" || got.EmailVerified() {
			t.Fatalf("bound without the address's code: %+v", got)
		}
		if err := bind(a.ID, a.Phone, "Zhang@Example.cn"); err != nil {
			t.Fatal(err)
		}
		if got := e.account(t, a.ID); got.Email != "zhang@example.cn" || !got.EmailVerified() {
			t.Fatalf("after binding: %q verified %v", got.Email, got.EmailVerified())
		}
		if r := e.records(t, a.ID)[0]; r.InfoItem != "邮箱" || r.BeforeValue != "" || r.AfterValue != "z***@example.cn" {
			t.Fatalf("record %+v", r)
		}
		wantField(t, bind(a.ID, a.Phone, "zhang@example.cn"), "email", "新邮箱不能与当前邮箱相同")
		// Another account cannot verify the same address.
		b := e.enterprise(t, "lisi0001", 0)
		wantField(t, bind(b.ID, b.Phone, "ZHANG@example.cn"), "email", "该邮箱已绑定其他账号")
		// Changing to a new address replaces it; the old one is free again.
		if err := bind(a.ID, a.Phone, "zhang2@example.cn"); err != nil {
			t.Fatal(err)
		}
		if r := e.records(t, a.ID)[0]; r.BeforeValue != "z***@example.cn" || r.AfterValue != "z***@example.cn" {
			t.Fatalf("record %+v", r)
		}
		if err := bind(b.ID, b.Phone, "zhang@example.cn"); err != nil {
			t.Fatalf("the address a left: %v", err)
		}
	})
}

// allowGraphic accepts every graphic code: the graphic code is not what
// these tests are about.
type allowGraphic struct{}

func (allowGraphic) Check(context.Context, string, string) error { return nil }

// emailCodesEnv is an env whose codes are the real service on the store s.
func emailCodesEnv(t *testing.T, db *store.DB, s ephemeral.Store, clk *clock.Fake) (*env, *sms.Service, *sms.Outbox) {
	box := sms.NewOutbox(slog.New(slog.DiscardHandler))
	codes := sms.New(sms.Config{Store: s, Clock: clk, GraphicCodes: allowGraphic{}, SMS: box, Email: box, Log: slog.New(slog.DiscardHandler)})
	return newEnvCodes(t, db, codes, clk), codes, box
}

// send sends a scene email code to to and returns its id and the code.
func send(t *testing.T, codes *sms.Service, box *sms.Outbox, s ephemeral.Store, to string) (string, string) {
	t.Helper()
	ctx := context.Background()
	req := sms.SendRequest{Scene: sms.SceneEmail, GraphicCodeID: "g", GraphicCode: "x"}
	if to[0] == '1' {
		req.Phone = to
	} else {
		req.Email = to
		// Two accounts ask for codes to one address within its 120 s.
		_ = s.Delete(ctx, "sms:cool:email:"+to)
	}
	id, err := codes.Send(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range box.List() {
		if m.To == to {
			return id, m.Code
		}
	}
	t.Fatalf("no code to %s", to)
	return "", ""
}

// TestParallelEmailBindingsOneWins: accounts binding one address at once,
// each with right codes: exactly one holds it afterwards, the others are
// told 该邮箱已绑定其他账号 (PostgreSQL's unique index decides, on memory and
// Redis codes).
func TestParallelEmailBindingsOneWins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewFake(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC))
		ephemeraltest.Each(t, clk, func(t *testing.T, s ephemeral.Store) {
			e, codes, box := emailCodesEnv(t, db, s, clk)
			ctx := context.Background()
			const n = 8
			addr := fmt.Sprintf("race%d@example.cn", time.Now().UnixNano())
			reqs := make([]profile.EmailChange, n)
			ids := make([]int64, n)
			for i := range n {
				phone := fmt.Sprintf("137%08d", time.Now().UnixNano()%10000000*10+int64(i))
				a := e.person(t, fmt.Sprintf("mailrace%d%d", time.Now().UnixNano()%100000, i), 0)
				if err := db.SetAccountPhone(ctx, a.ID, a.Phone, phone, clk.Now()); err != nil {
					t.Fatal(err)
				}
				ids[i] = a.ID
				pid, pc := send(t, codes, box, s, phone)
				mid, mc := send(t, codes, box, s, addr)
				reqs[i] = profile.EmailChange{CheckCode: pc, CheckCodeID: pid, Email: addr, EmailCode: mc, EmailCodeID: mid}
			}
			errs := parallel(n, func(i int) error { return e.svc.ChangeEmail(ctx, ids[i], reqs[i]) })
			won := 0
			for i, err := range errs {
				switch {
				case err == nil:
					won++
				case !errors.Is(err, profile.ErrEmailTaken):
					t.Errorf("binding %d: unexpected %v", i, err)
				}
			}
			holders := 0
			for _, id := range ids {
				if a := e.account(t, id); a.EmailVerified() && a.Email == addr {
					holders++
				}
			}
			if won != 1 || holders != 1 {
				t.Fatalf("%d bindings succeeded, %d accounts hold the address (want 1 and 1)", won, holders)
			}
		})
	})
}

// TestEmailCodesSingleUseInParallel: one account's bind sent many times at
// once with the same codes succeeds once; the others find the codes used.
func TestEmailCodesSingleUseInParallel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewFake(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC))
		ephemeraltest.Each(t, clk, func(t *testing.T, s ephemeral.Store) {
			e, codes, box := emailCodesEnv(t, db, s, clk)
			ctx := context.Background()
			a := e.person(t, fmt.Sprintf("mailonce%d", time.Now().UnixNano()%1000000), 0)
			phone := fmt.Sprintf("136%08d", time.Now().UnixNano()%100000000)
			if err := db.SetAccountPhone(ctx, a.ID, a.Phone, phone, clk.Now()); err != nil {
				t.Fatal(err)
			}
			addr := fmt.Sprintf("once%d@example.cn", time.Now().UnixNano())
			pid, pc := send(t, codes, box, s, phone)
			mid, mc := send(t, codes, box, s, addr)
			req := profile.EmailChange{CheckCode: pc, CheckCodeID: pid, Email: addr, EmailCode: mc, EmailCodeID: mid}
			const n = 20
			errs := parallel(n, func(int) error { return e.svc.ChangeEmail(ctx, a.ID, req) })
			ok := 0
			for _, err := range errs {
				if err == nil {
					ok++
				}
			}
			if ok != 1 {
				t.Fatalf("%d of %d binds with the same codes succeeded: %v", ok, n, errs)
			}
			recs, count, err := e.svc.ModificationRecords(ctx, a.ID, 1, 100)
			if err != nil || count != 1 {
				t.Fatalf("records %d %v %+v", count, err, recs)
			}
		})
	})
}
