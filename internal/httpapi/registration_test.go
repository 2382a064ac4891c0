package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/graphiccode"
	"bidpass/internal/identity"
	"bidpass/internal/password"
	"bidpass/internal/pwtransport"
	"bidpass/internal/refdata"
	"bidpass/internal/registration"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/sms"
	"bidpass/internal/store/storetest"
)

type regEnv struct {
	h      http.Handler
	gc     *graphiccode.Service
	sms    *sms.Service
	outbox *sms.Outbox
	keys   *pwtransport.Keyring
	clk    *clock.Fake
	n      int
}

func newRegEnv(t *testing.T) *regEnv {
	t.Helper()
	d := testDeps(t, true)
	db := storetest.SQLite(t)
	clk := d.Clock.(*clock.Fake)
	mem := ephemeral.NewMemory(clk)
	gc, err := graphiccode.New(mem)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := refdata.Load(refdata.Options{})
	if err != nil {
		t.Fatal(err)
	}
	disk, err := files.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	e := &regEnv{gc: gc, outbox: sms.NewOutbox(log), clk: clk}
	e.sms = sms.New(sms.Config{Store: mem, Clock: clk, GraphicCodes: gc, SMS: e.outbox, Log: log})
	e.keys = pwtransport.New(db, mem, clk)
	rv := review.NewService(review.Deps{Store: db, Tx: db, Clock: clk, Accounts: db, Log: log})
	d.Sessions = session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
	d.Files = files.NewService(files.Deps{Store: db.Files(), Blobs: disk, Tx: db, Clock: clk, Log: log})
	d.Registration = registration.New(registration.Deps{
		DB: db, Accounts: db, Rules: identity.NewRules(cat, clk), SMS: e.sms, Passwords: e.keys,
		CheckPassword: password.Check, HashPassword: password.Hash, Files: d.Files, Sessions: d.Sessions,
		SubmitReview: func(ctx context.Context, id int64, subject identity.Subject, payload any) (int64, error) {
			return rv.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: id, Subject: string(subject), Payload: payload})
		},
		Clock: clk,
	})
	e.h = NewServer(d)
	return e
}

// register runs the account step through the API and returns id and token.
func (e *regEnv) register(t *testing.T, path, name, pw string) (int64, string) {
	t.Helper()
	ctx := context.Background()
	e.n++
	phone := fmt.Sprintf("1350000%04d", e.n)
	gid := func() (string, string) {
		c, err := e.gc.New(ctx)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := e.gc.Peek(ctx, c.ID)
		return c.ID, a
	}
	id, ans := gid()
	smsID, err := e.sms.Send(ctx, sms.SendRequest{Phone: phone, Scene: "register", GraphicCodeID: id, GraphicCode: ans})
	if err != nil {
		t.Fatal(err)
	}
	code := e.outbox.List()[0].Code
	keyID, pub, _ := e.keys.Current(ctx)
	ct, err := pwtransport.Encrypt(pub, pw, e.clk.Now(), "")
	if err != nil {
		t.Fatal(err)
	}
	// The final submit carries no graphic code: the send used it up.
	body, _ := json.Marshal(map[string]any{
		"account": name, "phone": phone, "password": ct, "keyId": keyID,
		"smsCode": code, "smsCodeId": smsID, "isAgree": true,
	})
	res := do(t, e.h, "POST", path, string(body), "Content-Type", "application/json")
	env := decodeEnvelope(t, res)
	if res.StatusCode != 200 {
		t.Fatalf("register: %d %+v", res.StatusCode, env)
	}
	data := env.Data.(map[string]any)
	return int64(data["id"].(float64)), data["accessToken"].(string)
}

func TestRegistrationAPIRefusesOthers(t *testing.T) {
	e := newRegEnv(t)
	pid, ptok := e.register(t, "/api/register/account", "person1", "abcd1234")
	_, etok := e.register(t, "/api/register/enterprise", "corp1", "Abcd1234!efgh")

	// Every step after the account step: no session is 401; an accountId
	// naming another account is 403, even with a valid session.
	for _, p := range []string{
		"/api/register/person/realInfo", "/api/register/person/realAuth",
		"/api/register/enterprise/info", "/api/register/enterprise/realAuth",
	} {
		if res := do(t, e.h, "POST", p, `{}`); res.StatusCode != 401 {
			t.Errorf("%s without a session: %d", p, res.StatusCode)
		}
		body := fmt.Sprintf(`{"accountId": %d}`, pid)
		if res := do(t, e.h, "POST", p, body, "Authorization", "Bearer "+etok); res.StatusCode != 403 {
			t.Errorf("%s for another account: %d", p, res.StatusCode)
		}
		if res := do(t, e.h, "POST", p, `{"accountId": "x"}`, "Authorization", "Bearer "+etok); res.StatusCode != 403 {
			t.Errorf("%s with a malformed accountId: %d", p, res.StatusCode)
		}
	}
	if res := do(t, e.h, "GET", "/api/register/progress", ""); res.StatusCode != 401 {
		t.Errorf("progress without a session: %d", res.StatusCode)
	}
	// The person steps refuse an enterprise account and the other way round.
	res := do(t, e.h, "POST", "/api/register/enterprise/info", `{}`, "Authorization", "Bearer "+ptok)
	if env := decodeEnvelope(t, res); res.StatusCode != 400 {
		t.Errorf("empty enterprise form: %d %+v", res.StatusCode, env)
	}

	// The person's own accountId is accepted; the form's messages come back per field.
	body := fmt.Sprintf(`{"accountId": "%d", "realName": "张三", "certType": 1, "certNum": "110105194912310021"}`, pid)
	res = do(t, e.h, "POST", "/api/register/person/realInfo", body, "Authorization", "Bearer "+ptok)
	env := decodeEnvelope(t, res)
	if res.StatusCode != 400 || env.Fields["certNum"] != "请输入正确的18位证件号码" || env.Fields["checkType"] != "请选择核验方式" {
		t.Fatalf("realInfo: %d %+v", res.StatusCode, env)
	}
	good := `{"realName":"张三","certType":"1","certNum":"11010519491231002X","certStart":"2020-01-01","certValid":true,
		"province":"110000","city":"110101","area":"","certDetailAddr":"东长安街1号","checkType":true}`
	res = do(t, e.h, "POST", "/api/register/person/realInfo", good, "Authorization", "Bearer "+ptok)
	if env := decodeEnvelope(t, res); res.StatusCode != 200 || env.Data.(map[string]any)["step"].(float64) != 2 {
		t.Fatalf("realInfo: %d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "GET", "/api/register/progress", "", "Authorization", "Bearer "+ptok)
	env = decodeEnvelope(t, res)
	person, _ := env.Data.(map[string]any)["person"].(map[string]any)
	if res.StatusCode != 200 || person["certEnd"] != "9999-12-31" || person["realName"] != "张三" {
		t.Fatalf("progress: %d %+v", res.StatusCode, env)
	}
	// Each account sees only its own progress.
	res = do(t, e.h, "GET", "/api/register/progress", "", "Authorization", "Bearer "+etok)
	env = decodeEnvelope(t, res)
	if env.Data.(map[string]any)["person"] != nil || env.Data.(map[string]any)["userName"] != "corp1" {
		t.Fatalf("enterprise progress shows the person's data: %+v", env)
	}
}

func TestRegistrationAPIIndustryArrayAndNameCheck(t *testing.T) {
	e := newRegEnv(t)
	_, _ = e.register(t, "/api/register/account", "taken1", "abcd1234")
	res := do(t, e.h, "POST", "/api/register/repeat/check", `{"account":"TAKEN1"}`)
	if env := decodeEnvelope(t, res); res.StatusCode != 409 || env.Msg != "该账号已被注册" {
		t.Fatalf("taken: %d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "POST", "/api/register/repeat/check", `{"account":"free12"}`)
	if env := decodeEnvelope(t, res); res.StatusCode != 200 || env.Data != true {
		t.Fatalf("free: %d %+v", res.StatusCode, env)
	}
	var p industryPath
	if err := json.Unmarshal([]byte(`["E","E48"]`), &p); err != nil || p != "E,E48" {
		t.Fatalf("industry array: %q %v", p, err)
	}
	for _, path := range []string{"/api/common/agreement", "/api/common/privacy"} {
		res := do(t, e.h, "GET", path, "")
		env := decodeEnvelope(t, res)
		b, _ := json.Marshal(env.Data)
		if res.StatusCode != 200 || !strings.Contains(string(b), "sections") {
			t.Fatalf("%s: %d %s", path, res.StatusCode, b)
		}
	}
}
