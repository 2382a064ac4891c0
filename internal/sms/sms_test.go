package sms_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/sms"
)

// anyGraphicCode accepts the answer "ok" once per id, like the real one.
type anyGraphicCode struct{ used map[string]bool }

func (g *anyGraphicCode) Check(_ context.Context, id, code string) error {
	if g.used[id] {
		return apperr.New(apperr.Invalid, "graphiccode.expired", "验证码已过期")
	}
	g.used[id] = true
	if code != "ok" {
		return apperr.New(apperr.Invalid, "graphiccode.wrong", "验证码错误")
	}
	return nil
}

type failing struct{}

func (failing) Send(context.Context, sms.Message) error { return errors.New("vendor down") }

type fixture struct {
	clk *clock.Fake
	box *sms.Outbox
	svc *sms.Service
	n   int
}

func newFixture(t *testing.T) *fixture {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	box := sms.NewOutbox(nil)
	svc := sms.New(sms.Config{Store: ephemeral.NewMemory(clk), Clock: clk,
		GraphicCodes: &anyGraphicCode{used: map[string]bool{}}, SMS: box, Email: box})
	return &fixture{clk: clk, box: box, svc: svc}
}

func (f *fixture) req(phone, scene string) sms.SendRequest {
	f.n++
	return sms.SendRequest{Phone: phone, Scene: scene, GraphicCodeID: fmt.Sprint("g", f.n), GraphicCode: "ok", Client: "10.0.0.1"}
}

func reason(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Reason
	}
	return fmt.Sprint(err)
}

func TestSendAndVerify(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	id, err := f.svc.Send(ctx, f.req("13800000001", sms.SceneRecover))
	if err != nil {
		t.Fatal(err)
	}
	msgs := f.box.List()
	if len(msgs) != 1 || len(msgs[0].Code) != 6 || msgs[0].To != "13800000001" {
		t.Fatalf("outbox = %+v", msgs)
	}
	code := msgs[0].Code
	if err := f.svc.Verify(ctx, sms.SceneRegister, "13800000001", id, code); reason(err) != "sms.wrong" {
		t.Fatalf("wrong scene: %v", err)
	}
	if err := f.svc.Verify(ctx, sms.SceneRecover, "13800000002", id, code); reason(err) != "sms.wrong" {
		t.Fatalf("wrong phone: %v", err)
	}
	if err := f.svc.Verify(ctx, sms.SceneRecover, "13800000001", id, code); err != nil {
		t.Fatalf("right code: %v", err)
	}
	if err := f.svc.Verify(ctx, sms.SceneRecover, "13800000001", id, code); reason(err) != "sms.expired" {
		t.Fatalf("reused code: %v", err)
	}
}

func TestCodeExpires(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	id, _ := f.svc.Send(ctx, f.req("13800000001", sms.SceneRegister))
	code := f.box.List()[0].Code
	f.clk.Advance(sms.CodeTTL + time.Second)
	if err := f.svc.Verify(ctx, sms.SceneRegister, "13800000001", id, code); reason(err) != "sms.expired" {
		t.Fatalf("expired code: %v", err)
	}
}

func TestWrongTriesKillCode(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	id, _ := f.svc.Send(ctx, f.req("13800000001", sms.SceneRegister))
	code := f.box.List()[0].Code
	bad := "000000"
	if code == bad {
		bad = "111111"
	}
	for i := 1; i < sms.MaxWrongTries; i++ {
		if err := f.svc.Verify(ctx, sms.SceneRegister, "13800000001", id, bad); reason(err) != "sms.wrong" {
			t.Fatalf("try %d: %v", i, err)
		}
	}
	if err := f.svc.Verify(ctx, sms.SceneRegister, "13800000001", id, bad); reason(err) != "sms.expired" {
		t.Fatalf("fifth wrong try: %v", err)
	}
	if err := f.svc.Verify(ctx, sms.SceneRegister, "13800000001", id, code); reason(err) != "sms.expired" {
		t.Fatalf("right code after five wrong: %v", err)
	}
}

func TestCooldownAndCaps(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, err := f.svc.Send(ctx, f.req("13800000001", sms.SceneRegister)); err != nil {
		t.Fatal(err)
	}
	f.clk.Advance(100 * time.Second)
	_, err := f.svc.Send(ctx, f.req("13800000001", sms.SceneRegister))
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.TooMany || e.Msg != "发送过于频繁，请20秒后再试" {
		t.Fatalf("within cooldown: %v", err)
	}
	// Another number is not held back by the first one's cooldown.
	if _, err := f.svc.Send(ctx, f.req("13800000002", sms.SceneRegister)); err != nil {
		t.Fatalf("other phone: %v", err)
	}
	f.clk.Advance(21 * time.Second)
	if _, err := f.svc.Send(ctx, f.req("13800000001", sms.SceneRegister)); err != nil {
		t.Fatalf("after cooldown: %v", err)
	}
	// Daily cap per phone: 10 sends (2 done), the 11th refused.
	for i := 3; i <= sms.PerAddressDay; i++ {
		f.clk.Advance(sms.Cooldown)
		if _, err := f.svc.Send(ctx, f.req("13800000001", sms.SceneRegister)); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	f.clk.Advance(sms.Cooldown)
	if _, err := f.svc.Send(ctx, f.req("13800000001", sms.SceneRegister)); reason(err) != "sms.daily_cap" {
		t.Fatalf("11th send: %v", err)
	}
}

func TestClientCap(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	for i := 0; i < sms.PerClientDay; i++ {
		if _, err := f.svc.Send(ctx, f.req(fmt.Sprintf("139%08d", i), sms.SceneRegister)); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	if _, err := f.svc.Send(ctx, f.req("13700000000", sms.SceneRegister)); reason(err) != "sms.client_cap" {
		t.Fatalf("51st send from one client: %v", err)
	}
}

func TestGraphicCodeOncePerSend(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	r := f.req("13800000001", sms.SceneRegister)
	r.GraphicCode = "bad"
	_, err := f.svc.Send(ctx, r)
	if e, ok := apperr.As(err); !ok || e.Fields["verificationCode"] != "验证码错误" {
		t.Fatalf("wrong graphic code: %v", err)
	}
	r.GraphicCode = "ok"
	if _, err := f.svc.Send(ctx, r); reason(err) != "graphiccode.expired" {
		t.Fatalf("graphic code reused: %v", err)
	}
	if len(f.box.List()) != 0 {
		t.Fatal("a message was sent without a valid graphic code")
	}
}

func TestInputAndSenders(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	if _, err := f.svc.Send(ctx, f.req("12345", sms.SceneRegister)); reason(err) != "invalid.phone" {
		t.Fatalf("bad phone: %v", err)
	}
	if _, err := f.svc.Send(ctx, f.req("13800000001", "nonsense")); reason(err) != "invalid.scene" {
		t.Fatalf("bad scene: %v", err)
	}
	clk := clock.NewFake(time.Now())
	none := sms.New(sms.Config{Store: ephemeral.NewMemory(clk), Clock: clk, GraphicCodes: &anyGraphicCode{used: map[string]bool{}}})
	_, err := none.Send(ctx, sms.SendRequest{Phone: "13800000001", Scene: "register", GraphicCodeID: "x", GraphicCode: "ok"})
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.Unavailable || e.Msg != "短信服务未配置" {
		t.Fatalf("no sender: %v", err)
	}
	_, err = none.Send(ctx, sms.SendRequest{Email: "a@b.cn", Scene: "recover", GraphicCodeID: "y", GraphicCode: "ok"})
	if e, ok := apperr.As(err); !ok || e.Msg != "邮件服务未配置" {
		t.Fatalf("no mail sender: %v", err)
	}
	down := sms.New(sms.Config{Store: ephemeral.NewMemory(clk), Clock: clk, GraphicCodes: &anyGraphicCode{used: map[string]bool{}}, SMS: failing{}})
	if _, err := down.Send(ctx, sms.SendRequest{Phone: "13800000001", Scene: "register", GraphicCodeID: "z", GraphicCode: "ok"}); reason(err) != "sms.send_failed" {
		t.Fatalf("failing sender: %v", err)
	}
}

func TestEmailCode(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	id, err := f.svc.Send(ctx, sms.SendRequest{Email: "Zhang@Example.com", Scene: sms.SceneRecover, GraphicCodeID: "e1", GraphicCode: "ok"})
	if err != nil {
		t.Fatal(err)
	}
	m := f.box.List()[0]
	if m.Channel != sms.Email || m.To != "zhang@example.com" {
		t.Fatalf("message %+v", m)
	}
	// A phone code id cannot be used for the address, nor the other way.
	if err := f.svc.Verify(ctx, sms.SceneRecover, "13800000001", id, m.Code); reason(err) != "sms.wrong" {
		t.Fatalf("e-mail code for a phone: %v", err)
	}
	if err := f.svc.Verify(ctx, sms.SceneRecover, "zhang@example.com", id, m.Code); err != nil {
		t.Fatalf("e-mail code: %v", err)
	}
}

func TestNotify(t *testing.T) {
	f := newFixture(t)
	if err := f.svc.Notify(context.Background(), "13800000001", "您的实名认证已通过"); err != nil {
		t.Fatal(err)
	}
	if m := f.box.List()[0]; m.Code != "" || m.Text != "【公路桥梁电子招标采购交易平台】您的实名认证已通过" {
		t.Fatalf("notice %+v", m)
	}
}
