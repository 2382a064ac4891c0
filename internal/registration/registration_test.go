package registration_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
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
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// Real examples of the two check characters (GB 11643-1999 annex example;
// a credit code of a registered enterprise) and their one-character typos.
const (
	validID          = "11010519491231002X"
	invalidID        = "110105194912310021"
	validCreditCode  = "91350100M000100Y43"
	invalidCreditCde = "91350100M000100Y42"
	personPassword   = "abcd1234"
	entPassword      = "Abcd1234!efgh"
	beijingDongcheng = "110101"
)

// harness is a registration service on a real database with the real
// graphic-code, SMS, password-transport, file, session and review services.
type harness struct {
	t        *testing.T
	db       *store.DB
	clk      *clock.Fake
	gc       *graphiccode.Service
	sms      *sms.Service
	outbox   *sms.Outbox
	keys     *pwtransport.Keyring
	files    *files.Service
	sessions *session.Service
	reviews  *review.Service
	svc      *registration.Service
	records  int
	phones   int
	// lastGraphic is the graphic code (id, answer) the last SMS send used.
	lastGraphic [2]string
}

// phone returns a new mobile number each call, so the daily SMS cap per
// number never trips in a test.
func (h *harness) phone() string {
	h.phones++
	return fmt.Sprintf("135%08d", h.phones)
}

func newHarness(t *testing.T, db *store.DB) *harness {
	t.Helper()
	clk := clock.NewFake(time.Date(2026, 3, 2, 2, 0, 0, 0, time.UTC))
	mem := ephemeral.NewMemory(clk)
	gc, err := graphiccode.New(mem)
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	outbox := sms.NewOutbox(log)
	blobs, err := files.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cat, err := refdata.Load(refdata.Options{HelpPhone: "400-000-0000"})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, db: db, clk: clk, gc: gc, outbox: outbox}
	h.sms = sms.New(sms.Config{Store: mem, Clock: clk, GraphicCodes: gc, SMS: outbox, Log: log})
	h.keys = pwtransport.New(db, mem, clk)
	h.files = files.NewService(files.Deps{Store: db.Files(), Blobs: blobs, Tx: db, Clock: clk, Log: log})
	h.sessions = session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
	h.reviews = review.NewService(review.Deps{Store: db, Tx: db, Clock: clk, Accounts: db, Log: log})
	h.svc = registration.New(registration.Deps{
		DB: db, Accounts: db, Rules: identity.NewRules(cat, clk), SMS: h.sms, Passwords: h.keys,
		CheckPassword: password.Check, HashPassword: password.Hash,
		Files: h.files, Sessions: h.sessions,
		SubmitReview: func(ctx context.Context, id int64, subject identity.Subject, payload any) (int64, error) {
			return h.reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: id, Subject: string(subject), Payload: payload})
		},
		RecordSubmission: func(ctx context.Context, id int64, actor string, ids []string) error {
			h.records++
			return nil
		},
		Clock: clk,
	})
	return h
}

// withEffects gives the harness a review service whose decisions apply e,
// as app.go hands the account centre's effects to review when building it.
func (h *harness) withEffects(e review.Effects) {
	h.reviews = review.NewService(review.Deps{Store: h.db, Tx: h.db, Clock: h.clk, Accounts: h.db, Effects: e})
}

// graphicCode issues a picture code and returns its id and answer, as the
// user reading the picture would.
func (h *harness) graphicCode() (string, string) {
	h.t.Helper()
	c, err := h.gc.New(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	ans, err := h.gc.Peek(context.Background(), c.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	return c.ID, ans
}

// smsCode sends a code to phone for scene and reads it from the outbox.
func (h *harness) smsCode(phone, scene string) (string, string) {
	h.t.Helper()
	id, ans := h.graphicCode()
	h.lastGraphic = [2]string{id, ans}
	codeID, err := h.sms.Send(context.Background(), sms.SendRequest{Phone: phone, Scene: scene, GraphicCodeID: id, GraphicCode: ans, Client: "127.0.0.1"})
	if err != nil {
		h.t.Fatalf("sms send: %v", err)
	}
	h.clk.Advance(sms.Cooldown + time.Second) // the next send to this phone is allowed
	return codeID, h.outbox.List()[0].Code
}

func (h *harness) encrypt(pw string) (string, string) {
	h.t.Helper()
	keyID, pub, err := h.keys.Current(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	ct, err := pwtransport.Encrypt(pub, pw, h.clk.Now(), "")
	if err != nil {
		h.t.Fatal(err)
	}
	return keyID, ct
}

// form is a complete, valid account form for name and phone.
func (h *harness) form(name, phone, pw string) registration.AccountForm {
	if phone == "" {
		phone = h.phone()
	}
	smsID, smsCode := h.smsCode(phone, registration.SceneRegister)
	keyID, ct := h.encrypt(pw)
	return registration.AccountForm{
		Account: name, Phone: phone, Password: ct, KeyID: keyID,
		SMSCode: smsCode, SMSCodeID: smsID, IsAgree: true,
	}
}

func (h *harness) person(name string) registration.Registered {
	h.t.Helper()
	r, err := h.svc.RegisterPerson(context.Background(), h.form(name, "", personPassword), registration.Client{Addr: "127.0.0.1"})
	if err != nil {
		h.t.Fatalf("register person: %v", err)
	}
	return r
}

func (h *harness) enterprise(name string) registration.Registered {
	h.t.Helper()
	r, err := h.svc.RegisterEnterprise(context.Background(), h.form(name, "", entPassword), registration.Client{Addr: "127.0.0.1"})
	if err != nil {
		h.t.Fatalf("register enterprise: %v", err)
	}
	return r
}

// upload stores a small real PNG as owner and returns its id.
func (h *harness) upload(owner int64) string {
	h.t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 8, 8))
	img.Set(1, 1, color.RGBA{200, 0, 0, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		h.t.Fatal(err)
	}
	f, err := h.files.Upload(context.Background(), owner, files.KindPhoto, "front.png", &buf)
	if err != nil {
		h.t.Fatal(err)
	}
	return f.ID
}

func (h *harness) account(id int64) account.Account {
	h.t.Helper()
	a, err := h.db.AccountByID(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	return a
}

// wantField fails unless err is an Invalid error whose field carries msg.
func wantField(t *testing.T, err error, field, msg string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok {
		t.Fatalf("want %s=%q, got %v", field, msg, err)
	}
	if e.Kind != apperr.Invalid || e.Fields[field] != msg {
		t.Fatalf("want Invalid %s=%q, got kind %d fields %v msg %q", field, msg, e.Kind, e.Fields, e.Msg)
	}
}

func wantKind(t *testing.T, err error, k apperr.Kind, msg string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Kind != k || e.Msg != msg {
		t.Fatalf("want kind %d %q, got %v", k, msg, err)
	}
}

func TestCheckDigitExamples(t *testing.T) {
	// The fixtures must be what their names say, or the tests below prove nothing.
	if !certno.ValidResidentID(validID) || certno.ValidResidentID(invalidID) {
		t.Fatal("ID fixtures wrong")
	}
	if !certno.ValidCreditCode(validCreditCode) || certno.ValidCreditCode(invalidCreditCde) {
		t.Fatal("credit code fixtures wrong")
	}
}

func TestAccountStepRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		c := registration.Client{}
		cases := []struct {
			name  string
			edit  func(f *registration.AccountForm)
			field string
			msg   string
		}{
			{"no account", func(f *registration.AccountForm) { f.Account = "" }, "account", "请输入账号"},
			{"digit first", func(f *registration.AccountForm) { f.Account = "1abcd" }, "account", "必须是以字母开头，只能包含字母数字，4到16位"},
			{"too short", func(f *registration.AccountForm) { f.Account = "abc" }, "account", "必须是以字母开头，只能包含字母数字，4到16位"},
			{"too long", func(f *registration.AccountForm) { f.Account = "a23456789012345678" }, "account", "必须是以字母开头，只能包含字母数字，4到16位"},
			{"underscore", func(f *registration.AccountForm) { f.Account = "abc_def" }, "account", "必须是以字母开头，只能包含字母数字，4到16位"},
			{"short phone", func(f *registration.AccountForm) { f.Phone = "1380013800" }, "phone", "请输入正确的11位手机号（格式：13800000000）"},
			{"no sms code", func(f *registration.AccountForm) { f.SMSCode = "" }, "smsCode", "请输入短信验证码"},
			{"not agreed", func(f *registration.AccountForm) { f.IsAgree = false }, "isAgree", "请阅读并勾选《用户注册协议》"},
			{"wrong sms code", func(f *registration.AccountForm) { f.SMSCode = "000000" }, "smsCode", "短信验证码错误"},
			{"sms code of another phone", func(f *registration.AccountForm) { f.Phone = "13700137000" }, "smsCode", "短信验证码错误"},
		}
		for _, tc := range cases {
			f := h.form("alice1", "", personPassword)
			tc.edit(&f)
			_, err := h.svc.RegisterPerson(ctx, f, c)
			if tc.name == "sms code of another phone" {
				// sms.Verify reports a code id of another number as expired or wrong; either is refused on smsCode.
				e, ok := apperr.As(err)
				if !ok || e.Fields["smsCode"] == "" {
					t.Fatalf("%s: %v", tc.name, err)
				}
				continue
			}
			t.Run(tc.name, func(t *testing.T) { wantField(t, err, tc.field, tc.msg) })
		}

		// Password rules: the person rule at person registration, the
		// enterprise rule (13-20, 3 kinds) at enterprise registration.
		_, err := h.svc.RegisterPerson(ctx, h.form("alice1", "", "abcdefgh"), c)
		wantField(t, err, "password", password.MsgPerson)
		_, err = h.svc.RegisterEnterprise(ctx, h.form("corp1", "", "Abcd1234efgh"), c)
		wantField(t, err, "password", password.MsgEnterprise)
		_, err = h.svc.RegisterEnterprise(ctx, h.form("corp1", "", personPassword), c)
		wantField(t, err, "password", password.MsgEnterprise)

		// A weak password does not use up the SMS code: the user fixes the
		// password and submits again with the same code.
		weak := h.form("keepcode1", "", "abcdefgh")
		_, err = h.svc.RegisterPerson(ctx, weak, c)
		wantField(t, err, "password", password.MsgPerson)
		weak.KeyID, weak.Password = h.encrypt(personPassword)
		if _, err := h.svc.RegisterPerson(ctx, weak, c); err != nil {
			t.Fatalf("same code after fixing the password: %v", err)
		}

		// A replayed encrypted password is refused (the transport's nonce).
		f := h.form("alice2", "", personPassword)
		if _, err := h.svc.RegisterPerson(ctx, f, c); err != nil {
			t.Fatal(err)
		}
		g := h.form("alice3", "", personPassword)
		g.Password, g.KeyID = f.Password, f.KeyID
		_, err = h.svc.RegisterPerson(ctx, g, c)
		wantField(t, err, "password", pwtransport.ErrStale.Msg)

		// Names are unique case-insensitively, in the check and at registration.
		wantKind(t, h.svc.CheckName(ctx, "ALICE2"), apperr.Conflict, "该账号已被注册")
		if err := h.svc.CheckName(ctx, "bob123"); err != nil {
			t.Fatalf("free name refused: %v", err)
		}
		wantField(t, h.svc.CheckName(ctx, "9bob"), "account", "必须是以字母开头，只能包含字母数字，4到16位")
		_, err = h.svc.RegisterPerson(ctx, h.form("Alice2", "", personPassword), c)
		wantKind(t, err, apperr.Conflict, "该账号已被注册")
	})
}

func TestRegisterSignsInAndStartsRegistration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		f := h.form(" bob 123 ", "13800138000", personPassword)
		f.Phone = "138 0013 8000"
		r, err := h.svc.RegisterPerson(ctx, f, registration.Client{Addr: "10.0.0.1"})
		if err != nil {
			t.Fatal(err)
		}
		a := h.account(r.ID)
		if a.Name != "bob123" || a.Phone != "13800138000" || a.Type != account.Person || a.RegisterProcess != 1 || a.RegisterStep != registration.StepInfo || a.AuthState != account.NotAuthenticated {
			t.Fatalf("account %+v", a)
		}
		if ok, _, _ := password.Verify(a.PasswordHash, personPassword); !ok {
			t.Fatal("password hash does not verify")
		}
		p, err := h.sessions.Authenticate(ctx, session.Portal, r.AccessToken)
		if err != nil || p.ID != r.ID {
			t.Fatalf("token does not sign in: %v %+v", err, p)
		}
		// One graphic code allows one SMS send, then the final submit: the
		// submit above carried no graphic code, and the picture the send
		// used cannot send again.
		_, err = h.sms.Send(ctx, sms.SendRequest{Phone: "13800138001", Scene: registration.SceneRegister,
			GraphicCodeID: h.lastGraphic[0], GraphicCode: h.lastGraphic[1], Client: "127.0.0.1"})
		if e, ok := apperr.As(err); !ok || e.Fields["verificationCode"] == "" {
			t.Fatalf("graphic code of the send reused for another send: %v", err)
		}
		// The codes were used up: the same form cannot register twice.
		f2 := f
		f2.Account = "bob124"
		if _, err := h.svc.RegisterPerson(ctx, f2, registration.Client{}); err == nil {
			t.Fatal("codes reused")
		}
	})
}

func validRealInfo(manual bool) registration.PersonRealInfo {
	return registration.PersonRealInfo{Person: identity.Person{
		RealName: "张三", CertType: refdata.PersonCertResidentID, CertNum: validID,
		CertStart: "2020-01-01", CertEnd: "2040-01-01",
		Province: "110000", City: beijingDongcheng, Area: "", DetailAddr: "东长安街1号"}, CheckType: &manual,
	}
}

func TestPersonRealInfoRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		r := h.person("carol1")
		f := false
		cases := []struct {
			name  string
			edit  func(p *registration.PersonRealInfo)
			field string
			msg   string
		}{
			{"no name", func(p *registration.PersonRealInfo) { p.RealName = "  " }, "realName", "请填写真实姓名"},
			{"no type", func(p *registration.PersonRealInfo) { p.CertType = "" }, "certType", "请选择证件类型"},
			{"unknown type", func(p *registration.PersonRealInfo) { p.CertType = "999" }, "certType", "请选择证件类型"},
			{"no number", func(p *registration.PersonRealInfo) { p.CertNum = "" }, "certNum", "请输入证件号码"},
			{"check digit", func(p *registration.PersonRealInfo) { p.CertNum = invalidID }, "certNum", "请输入正确的18位证件号码"},
			{"17 digits", func(p *registration.PersonRealInfo) { p.CertNum = validID[:17] }, "certNum", "请输入正确的18位证件号码"},
			{"no start", func(p *registration.PersonRealInfo) { p.CertStart = "" }, "certStart", "请选择证件有效期开始时间"},
			{"no end", func(p *registration.PersonRealInfo) { p.CertEnd = "" }, "certEnd", "请选择证件有效期结束时间"},
			{"end before start", func(p *registration.PersonRealInfo) { p.CertEnd = "2019-12-31" }, "certEnd", "证件有效期结束时间不能早于开始时间"},
			{"expired", func(p *registration.PersonRealInfo) { p.CertStart, p.CertEnd = "2006-01-01", "2016-01-01" }, "certEnd", "证件已过期，请使用有效期内的证件"},
			{"no area", func(p *registration.PersonRealInfo) { p.Province, p.City = "", "" }, "area", "请选择证件地址"},
			{"unknown area", func(p *registration.PersonRealInfo) { p.City = "110199" }, "area", "请选择证件地址"},
			{"city of another province", func(p *registration.PersonRealInfo) { p.City = "310101" }, "area", "请选择证件地址"},
			{"no address", func(p *registration.PersonRealInfo) { p.DetailAddr = "" }, "certDetailAddr", "请填写详细地址"},
			{"no method", func(p *registration.PersonRealInfo) { p.CheckType = nil }, "checkType", "请选择核验方式"},
		}
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				p := validRealInfo(false)
				tc.edit(&p)
				_, err := h.svc.SavePersonRealInfo(ctx, r.ID, p)
				wantField(t, err, tc.field, tc.msg)
			})
		}
		// A lower-case x and spaces are normalised, long-term stores 9999-12-31.
		p := validRealInfo(true)
		p.CertNum = " 11010519491231002x "
		p.LongTerm, p.CertEnd = true, ""
		res, err := h.svc.SavePersonRealInfo(ctx, r.ID, p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Step != registration.StepAuth || res.RegisterProcess != 1 {
			t.Fatalf("manual check goes to the photos: %+v", res)
		}
		pp, err := db.PersonProfile(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pp.CertNum != validID || pp.CertEnd != identity.LongTermEnd || !pp.LongTerm || !pp.ManualCheck || pp.City != beijingDongcheng {
			t.Fatalf("profile %+v", pp)
		}
		// An enterprise account cannot use the person step.
		e := h.enterprise("corp2")
		_, err = h.svc.SavePersonRealInfo(ctx, e.ID, validRealInfo(f))
		wantKind(t, err, apperr.Forbidden, "账户类型不符，无法进行此操作")
	})
}

func TestPersonWithoutManualCheckFinishesUnauthenticated(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		r := h.person("dave12")
		res, err := h.svc.SavePersonRealInfo(ctx, r.ID, validRealInfo(false))
		if err != nil {
			t.Fatal(err)
		}
		a := h.account(r.ID)
		if res.Step != registration.StepDone || a.RegisterProcess != 0 || a.AuthState != account.NotAuthenticated {
			t.Fatalf("res %+v account %+v", res, a)
		}
		// Registration is over: its steps are closed (changes go through the account centre).
		_, err = h.svc.SavePersonRealInfo(ctx, r.ID, validRealInfo(true))
		wantKind(t, err, apperr.Conflict, "注册已完成，请在账户中心修改信息")
	})
}

func TestPersonRealAuth(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		r := h.person("erin12")
		front, back, take := h.upload(r.ID), h.upload(r.ID), h.upload(r.ID)
		auth := registration.PersonRealAuth{CertFrontID: front, CertBackID: back, CertTakeID: take, CertAddress: "北京市东城区东长安街1号"}

		// Photos before the information step: refused.
		wantKind(t, h.svc.SubmitPersonRealAuth(ctx, r.ID, auth), apperr.Conflict, "请先填写并提交基本信息")
		if _, err := h.svc.SavePersonRealInfo(ctx, r.ID, validRealInfo(true)); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			edit       func(a *registration.PersonRealAuth)
			field, msg string
		}{
			{func(a *registration.PersonRealAuth) { a.CertFrontID = "" }, "certFrontId", "请上传证件正面"},
			{func(a *registration.PersonRealAuth) { a.CertBackID = "" }, "certBackId", "请上传证件背面"},
			{func(a *registration.PersonRealAuth) { a.CertTakeID = "" }, "certTakeId", "请上传手持证件照片"},
			{func(a *registration.PersonRealAuth) { a.CertAddress = " " }, "certDetailAddr", "请填写证件地址"},
		} {
			a := auth
			tc.edit(&a)
			wantField(t, h.svc.SubmitPersonRealAuth(ctx, r.ID, a), tc.field, tc.msg)
		}

		// Someone else's upload cannot be attached, and nothing is committed.
		other := h.person("frank1")
		stolen := auth
		stolen.CertTakeID = h.upload(other.ID)
		wantField(t, h.svc.SubmitPersonRealAuth(ctx, r.ID, stolen), "certTakeId", files.ErrNotOwned.Msg)
		if a := h.account(r.ID); a.AuthState != account.NotAuthenticated || a.RegisterProcess != 1 {
			t.Fatalf("refused submission changed the account: %+v", a)
		}
		if n, _ := h.files.Sweep(ctx, 0); n == 0 {
			t.Fatal("the refused submission's files should still be unattached")
		}

		// The sweep removed the uploads; upload again and submit.
		auth.CertFrontID, auth.CertBackID, auth.CertTakeID = h.upload(r.ID), h.upload(r.ID), h.upload(r.ID)
		if err := h.svc.SubmitPersonRealAuth(ctx, r.ID, auth); err != nil {
			t.Fatal(err)
		}
		a := h.account(r.ID)
		if a.AuthState != account.Verifying || a.RegisterProcess != 0 || a.RegisterStep != registration.StepDone {
			t.Fatalf("account %+v", a)
		}
		item, err := db.OpenReviewOf(ctx, r.ID, review.KindRealName)
		if err != nil || item.Subject != review.SubjectPerson || !strings.Contains(string(item.Payload), auth.CertTakeID) {
			t.Fatalf("review item %+v %v", item, err)
		}
		if h.records != 1 {
			t.Fatalf("operation records %d", h.records)
		}
		// Attached files survive the sweep.
		h.clk.Advance(48 * time.Hour)
		if _, err := h.files.Sweep(ctx, 24*time.Hour); err != nil {
			t.Fatal(err)
		}
		if _, rc, err := h.files.Open(ctx, files.Actor{AccountID: r.ID}, auth.CertFrontID); err != nil {
			t.Fatalf("attached photo swept: %v", err)
		} else {
			rc.Close()
		}
	})
}

func validEnterpriseInfo(codeID, code string) registration.EnterpriseInfo {
	return registration.EnterpriseInfo{
		Enterprise: registration.EnterpriseDto{Enterprise: identity.Enterprise{
			Type: "A1", Name: "福建省路桥建设有限公司", CertType: refdata.EnterpriseCertCreditCode, CertNum: validCreditCode,
			Province: "350000", City: "350100", Area: "350102", DetailAddr: "五四路100号",
			Industry: "E,E48,E481,E4812", Capital: "5000.50", CapitalUnit: "WAN_YUAN", CapitalCurrency: "CNY",
		}},
		LegalPerson: registration.LegalPersonDto{
			LegalPerson: identity.LegalPerson{Name: "李四", CertType: refdata.PersonCertResidentID, CertNum: validID},
			Contact:     identity.Contact{Name: "王五", Phone: "13700137000"}, CheckCodeID: codeID, CheckCode: code,
		},
	}
}

func TestEnterpriseInfoRules(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		r := h.enterprise("corp10")
		type edit = func(f *registration.EnterpriseInfo)
		cases := []struct {
			name  string
			edit  edit
			field string
			msg   string
		}{
			{"no type", func(f *registration.EnterpriseInfo) { f.Enterprise.Type = "" }, "enterpriseDto.type", "企业属别不能为空"},
			{"no name", func(f *registration.EnterpriseInfo) { f.Enterprise.Name = "" }, "enterpriseDto.name", "企业名称不能为空"},
			{"no cert type", func(f *registration.EnterpriseInfo) { f.Enterprise.CertType = "" }, "enterpriseDto.certType", "企业证件类型不能为空"},
			{"A1 with other certificate", func(f *registration.EnterpriseInfo) { f.Enterprise.CertType = "2" }, "enterpriseDto.certType", "境内企业须使用统一社会信用代码"},
			{"no cert number", func(f *registration.EnterpriseInfo) { f.Enterprise.CertNum = "" }, "enterpriseDto.certNum", "企业证件号码不能为空"},
			{"credit code check", func(f *registration.EnterpriseInfo) { f.Enterprise.CertNum = invalidCreditCde }, "enterpriseDto.certNum", "请输入正确的18位统一社会信用代码"},
			{"no area", func(f *registration.EnterpriseInfo) { f.Enterprise.Area = "" }, "enterpriseDto.area", "请选择地区"},
			{"no address", func(f *registration.EnterpriseInfo) { f.Enterprise.DetailAddr = "" }, "enterpriseDto.detailAddr", "企业详细地址不能为空"},
			{"no industry", func(f *registration.EnterpriseInfo) { f.Enterprise.Industry = "" }, "enterpriseDto.industry", "请选择所属行业"},
			{"broken industry path", func(f *registration.EnterpriseInfo) { f.Enterprise.Industry = "E,E47,E481" }, "enterpriseDto.industry", "请选择所属行业"},
			{"no capital", func(f *registration.EnterpriseInfo) { f.Enterprise.Capital = "" }, "enterpriseDto.capital", "注册资本不能为空"},
			{"capital text", func(f *registration.EnterpriseInfo) { f.Enterprise.Capital = "五千万" }, "enterpriseDto.capital", "注册资本只能填写数字"},
			{"negative capital", func(f *registration.EnterpriseInfo) { f.Enterprise.Capital = "-5" }, "enterpriseDto.capital", "注册资本只能填写数字"},
			{"no unit", func(f *registration.EnterpriseInfo) { f.Enterprise.CapitalUnit = "" }, "enterpriseDto.capitalUnit", "请选择资金单位"},
			{"no currency", func(f *registration.EnterpriseInfo) { f.Enterprise.CapitalCurrency = "" }, "enterpriseDto.capitalCurrency", "请选择币种"},
			{"no legal name", func(f *registration.EnterpriseInfo) { f.LegalPerson.Name = "" }, "legalPersonDto.name", "法定代表人姓名不能为空"},
			{"no legal cert type", func(f *registration.EnterpriseInfo) { f.LegalPerson.CertType = "" }, "legalPersonDto.certType", "法定代表人证件类型不能为空"},
			{"no legal cert number", func(f *registration.EnterpriseInfo) { f.LegalPerson.CertNum = "" }, "legalPersonDto.certNum", "法定代表人证件号码不能为空"},
			{"legal ID check digit", func(f *registration.EnterpriseInfo) { f.LegalPerson.CertNum = invalidID }, "legalPersonDto.certNum", "请输入正确的18位证件号码"},
			{"no contact", func(f *registration.EnterpriseInfo) { f.LegalPerson.Contact.Name = "" }, "legalPersonDto.linkName", "联系人姓名不能为空"},
			{"no contact phone", func(f *registration.EnterpriseInfo) { f.LegalPerson.Contact.Phone = "" }, "legalPersonDto.linkPhone", "联系电话不能为空"},
			{"bad contact phone", func(f *registration.EnterpriseInfo) { f.LegalPerson.Contact.Phone = "23700137000" }, "legalPersonDto.linkPhone", "请输入正确的11位手机号（格式：13800000000）"},
			{"no code", func(f *registration.EnterpriseInfo) { f.LegalPerson.CheckCode = "" }, "legalPersonDto.checkCode", "验证码不能为空"},
			{"wrong code", func(f *registration.EnterpriseInfo) { f.LegalPerson.CheckCode = "000000" }, "legalPersonDto.checkCode", "短信验证码错误"},
			{"someone else's licence", nil, "enterpriseDto.enterpriseId", files.ErrNotOwned.Msg},
		}
		other := h.person("grace1")
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				ph := h.phone()
				id, code := h.smsCode(ph, registration.SceneContact)
				f := validEnterpriseInfo(id, code)
				f.LegalPerson.Contact.Phone = ph
				if tc.edit != nil {
					tc.edit(&f)
				} else {
					f.Enterprise.LicenceID = h.upload(other.ID)
				}
				_, err := h.svc.SaveEnterpriseInfo(ctx, r.ID, f)
				wantField(t, err, tc.field, tc.msg)
			})
		}
		// A register-scene code does not prove the contact phone.
		id, code := h.smsCode("13700137000", registration.SceneRegister)
		_, err := h.svc.SaveEnterpriseInfo(ctx, r.ID, validEnterpriseInfo(id, code))
		if e, ok := apperr.As(err); !ok || e.Fields["legalPersonDto.checkCode"] == "" {
			t.Fatalf("register code accepted for contact: %v", err)
		}
		// Certificate type 2 is allowed for A2 and A3.
		id, code = h.smsCode("13700137000", registration.SceneContact)
		f := validEnterpriseInfo(id, code)
		f.Enterprise.Type, f.Enterprise.CertType, f.Enterprise.CertNum = "A3", "2", "事证110000001234"
		if _, err := h.svc.SaveEnterpriseInfo(ctx, r.ID, f); err == nil {
			t.Fatal("Chinese characters in a certificate number accepted")
		}
		f.Enterprise.CertNum = "12100000400000624D"
		if _, err := h.svc.SaveEnterpriseInfo(ctx, r.ID, f); err != nil {
			t.Fatalf("A3 with other certificate: %v", err)
		}
	})
}

// TestResumeHalfFinished is a registration left half-way and picked up
// again: the progress names the step and returns what was saved.
func TestResumeHalfFinished(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()

		// A person who stopped after the account step resumes at step 1.
		p := h.person("henry1")
		pr, err := h.svc.ProgressOf(ctx, p.ID)
		if err != nil || pr.Step != registration.StepInfo || pr.RegisterProcess != 1 || pr.Person != nil || pr.Account != "henry1" {
			t.Fatalf("progress %+v %v", pr, err)
		}
		// After the information step (manual check) it resumes at step 2 with the data.
		if _, err := h.svc.SavePersonRealInfo(ctx, p.ID, validRealInfo(true)); err != nil {
			t.Fatal(err)
		}
		pr, _ = h.svc.ProgressOf(ctx, p.ID)
		if pr.Step != registration.StepAuth || pr.Person == nil || pr.Person.RealName != "张三" || pr.Person.CertNum != validID || pr.Person.DetailAddr != "东长安街1号" {
			t.Fatalf("progress %+v person %+v", pr, pr.Person)
		}

		// An enterprise that saved its basic information resumes at the
		// authentication step with it, and may go back and save again
		// without a new contact code while the phone is unchanged.
		e := h.enterprise("corp20")
		id, code := h.smsCode("13700137000", registration.SceneContact)
		info := validEnterpriseInfo(id, code)
		info.Enterprise.LicenceID = h.upload(e.ID)
		if _, err := h.svc.SaveEnterpriseInfo(ctx, e.ID, info); err != nil {
			t.Fatal(err)
		}
		pr, _ = h.svc.ProgressOf(ctx, e.ID)
		if pr.Step != registration.StepAuth || pr.Enterprise == nil || pr.Enterprise.Name != "福建省路桥建设有限公司" ||
			pr.Enterprise.Industry != "E,E48,E481,E4812" || pr.Enterprise.Capital != "5000.50" || pr.Enterprise.LicenseFileID != info.Enterprise.LicenceID || pr.Enterprise.Contact.Phone != "13700137000" {
			t.Fatalf("progress %+v enterprise %+v", pr, pr.Enterprise)
		}
		again := validEnterpriseInfo("", "")
		again.Enterprise.DetailAddr = "五四路101号"
		if _, err := h.svc.SaveEnterpriseInfo(ctx, e.ID, again); err != nil {
			t.Fatalf("resave without code: %v", err)
		}
		pr, _ = h.svc.ProgressOf(ctx, e.ID)
		if pr.Enterprise.DetailAddr != "五四路101号" || pr.Enterprise.LicenseFileID != info.Enterprise.LicenceID {
			t.Fatalf("resave lost data: %+v", pr.Enterprise)
		}
		// A new contact phone needs its own code.
		again.LegalPerson.Contact.Phone = "13600136000"
		_, err = h.svc.SaveEnterpriseInfo(ctx, e.ID, again)
		wantField(t, err, "legalPersonDto.checkCode", "验证码不能为空")

		// The licence belongs to the basic information (01 §2): without one saved
		// there and none in the body, the authentication step is refused.
		bare := h.enterprise("corp21")
		id, code = h.smsCode("13700137001", registration.SceneContact)
		noLicence := validEnterpriseInfo(id, code)
		noLicence.LegalPerson.Contact.Phone = "13700137001"
		if _, err := h.svc.SaveEnterpriseInfo(ctx, bare.ID, noLicence); err != nil {
			t.Fatal(err)
		}
		wantField(t, h.svc.SubmitEnterpriseRealAuth(ctx, bare.ID, registration.EnterpriseRealAuth{PersonFrontID: h.upload(bare.ID), PersonBackID: h.upload(bare.ID)}), "enterpriseId", "请上传营业执照")

		// The authentication step needs every photo; the licence saved with
		// the basic information is used when the body has none.
		auth := registration.EnterpriseRealAuth{PersonFrontID: h.upload(e.ID), PersonBackID: h.upload(e.ID)}
		for _, tc := range []struct {
			edit       func(a *registration.EnterpriseRealAuth)
			field, msg string
		}{
			{func(a *registration.EnterpriseRealAuth) { a.LicenceID = h.upload(p.ID) }, "enterpriseId", files.ErrNotOwned.Msg},
			{func(a *registration.EnterpriseRealAuth) { a.PersonFrontID = "" }, "personFrontId", "请上传证件正面"},
			{func(a *registration.EnterpriseRealAuth) { a.PersonBackID = "" }, "personBackId", "请上传证件背面"},
			{func(a *registration.EnterpriseRealAuth) { a.PersonBackID = h.upload(p.ID) }, "personBackId", files.ErrNotOwned.Msg},
		} {
			a := auth
			tc.edit(&a)
			wantField(t, h.svc.SubmitEnterpriseRealAuth(ctx, e.ID, a), tc.field, tc.msg)
		}
		if err := h.svc.SubmitEnterpriseRealAuth(ctx, e.ID, auth); err != nil {
			t.Fatal(err)
		}
		a := h.account(e.ID)
		if a.AuthState != account.Verifying || a.RegisterProcess != 0 {
			t.Fatalf("account %+v", a)
		}
		if item, err := db.OpenReviewOf(ctx, e.ID, review.KindRealName); err != nil || item.Subject != review.SubjectEnterprise {
			t.Fatalf("review %+v %v", item, err)
		}
		pr, _ = h.svc.ProgressOf(ctx, e.ID)
		if pr.Step != registration.StepDone || pr.RegisterProcess != 0 || pr.Enterprise == nil || pr.Enterprise.LicenseFileID != info.Enterprise.LicenceID {
			t.Fatalf("finished progress %+v", pr)
		}
	})
}

func TestAgreementAndPrivacy(t *testing.T) {
	a, err := registration.Agreement()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"特别提示", "服务内容", "使用规则", "内容所有权", "免责声明", "服务变更", "违约责任", "法律"}
	if len(a.Sections) != len(want) {
		t.Fatalf("agreement has %d sections", len(a.Sections))
	}
	for i, w := range want {
		if !strings.Contains(a.Sections[i].Title, w) || len(a.Sections[i].Paragraphs) == 0 {
			t.Errorf("section %d %q, want %q", i, a.Sections[i].Title, w)
		}
	}
	p, err := registration.Privacy()
	if err != nil {
		t.Fatal(err)
	}
	var all strings.Builder
	for _, s := range p.Sections {
		all.WriteString(s.Title)
	}
	for _, w := range []string{"收集", "为什么", "保存期限", "谁可以看到"} {
		if !strings.Contains(all.String(), w) {
			t.Errorf("privacy notice lacks %q", w)
		}
	}
}
