package profile_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/png"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/password"
	"bidpass/internal/profile"
	"bidpass/internal/refdata"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// codes accepts exactly the codes it was told about, once each, like the
// SMS service does.
type codes struct{ valid map[string]bool }

func (c *codes) Verify(_ context.Context, scene, to, codeID, code string) error {
	k := scene + "|" + to + "|" + codeID + "|" + code
	if !c.valid[k] {
		return apperr.New(apperr.Invalid, "sms.wrong", "短信验证码错误")
	}
	delete(c.valid, k)
	return nil
}

func (c *codes) give(scene, to, id, code string) { c.valid[scene+"|"+to+"|"+id+"|"+code] = true }

// transport "decrypts" values of the form enc:<password>.
type transport struct{}

func (transport) Decrypt(_ context.Context, keyID, ct string) (string, error) {
	if keyID != "k1" || !strings.HasPrefix(ct, "enc:") {
		return "", apperr.New(apperr.Invalid, "pwtransport.bad", "密码已过期，请重新提交")
	}
	return strings.TrimPrefix(ct, "enc:"), nil
}

type auditor struct{}

func (auditor) Record(context.Context, int64, string, string, string, string) error { return nil }

type env struct {
	db       *store.DB
	clk      *clock.Fake
	svc      *profile.Service
	reviews  *review.Service
	effects  review.Effects
	sessions *session.Service
	files    *files.Service
	codes    *codes
	reviewer review.Reviewer
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	return newEnvCodes(t, db, nil, clock.NewFake(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)))
}

// newEnvCodes is newEnv with real codes (sms.Service) when real is set.
func newEnvCodes(t *testing.T, db *store.DB, real profile.Codes, clk *clock.Fake) *env {
	t.Helper()
	log := slog.New(slog.DiscardHandler)
	cat, err := refdata.Load(refdata.Options{})
	if err != nil {
		t.Fatal(err)
	}
	disk, err := files.NewDisk(filepath.Join(t.TempDir(), "files"))
	if err != nil {
		t.Fatal(err)
	}
	fs := files.NewService(files.Deps{Store: db.Files(), Blobs: disk, Tx: db, Clock: clk, Log: log})
	sess := session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
	c := &codes{valid: map[string]bool{}}
	var verifier profile.Codes = c
	if real != nil {
		verifier = real
	}
	deps := profile.Deps{Tx: db, Store: db, Codes: verifier, Transport: transport{},
		CheckPassword: password.Check, HashPassword: password.Hash,
		Passwords: credential.NewVerifier(ephemeral.NewMemory(clk), credential.NewArgon2(2), log),
		Sessions:  sess, Files: fs, Catalog: cat, Rules: identity.NewRules(cat, clk), Clock: clk, Log: log}
	rv := review.NewService(review.Deps{Store: db, Tx: db, Clock: clk, Accounts: db, Effects: profile.ReviewEffects(deps), Auditor: auditor{}, Log: log})
	deps.Reviews = rv
	svc := profile.NewService(deps)
	return &env{db: db, clk: clk, svc: svc, reviews: rv, effects: profile.ReviewEffects(deps), sessions: sess, files: fs, codes: c,
		reviewer: review.Reviewer{ID: 7, Name: "审核员甲"}}
}

const validID = "11010519491231002X"

func (e *env) person(t *testing.T, name string, state account.AuthState) account.Account {
	t.Helper()
	ctx := context.Background()
	h, err := password.Hash("abc12345")
	if err != nil {
		t.Fatal(err)
	}
	now := e.clk.Now()
	a := account.Account{Name: name, Type: account.Person, Phone: "13800138000", PasswordHash: h, AuthState: state, CreatedAt: now, UpdatedAt: now}
	if err := e.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	p := account.PersonProfile{AccountID: a.ID, Person: identity.Person{RealName: "张三", CertType: "1", CertNum: validID,
		CertStart: "2020-01-01", CertEnd: "2040-01-01", Province: "110000", City: "110105", Area: "",
		DetailAddr: "建国路1号"}, UpdatedAt: now}
	if _, err := e.db.SavePersonProfile(ctx, p); err != nil {
		t.Fatal(err)
	}
	return a
}

const validCredit = "91350100M000100Y43"

func (e *env) enterprise(t *testing.T, name string, state account.AuthState) account.Account {
	t.Helper()
	ctx := context.Background()
	h, err := password.Hash("Abcdefg12345!")
	if err != nil {
		t.Fatal(err)
	}
	now := e.clk.Now()
	a := account.Account{Name: name, Type: account.Enterprise, Phone: "13900139000", PasswordHash: h, AuthState: state, CreatedAt: now, UpdatedAt: now}
	if err := e.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	p := account.EnterpriseProfile{AccountID: a.ID, Enterprise: identity.Enterprise{Type: "A1", Name: "路桥建设有限公司", CertType: "1", CertNum: validCredit,
		Province: "110000", City: "110105", Area: "", DetailAddr: "建国路2号", Industry: "E,E48",
		Capital: "1000", CapitalUnit: "WAN_YUAN", CapitalCurrency: "CNY"},
		Legal:   identity.LegalPerson{Name: "李四", CertType: "1", CertNum: validID},
		Contact: identity.Contact{Name: "王五", Phone: "13700137000"}, UpdatedAt: now}
	if _, err := e.db.SaveEnterpriseProfile(ctx, p); err != nil {
		t.Fatal(err)
	}
	return a
}

func (e *env) photo(t *testing.T, owner int64) string {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	f, err := e.files.Upload(context.Background(), owner, files.KindPhoto, "a.png", &b)
	if err != nil {
		t.Fatal(err)
	}
	return f.ID
}

func (e *env) account(t *testing.T, id int64) account.Account {
	t.Helper()
	a, err := e.db.AccountByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func (e *env) records(t *testing.T, id int64) []profile.ModificationRecord {
	t.Helper()
	rs, _, err := e.svc.ModificationRecords(context.Background(), id, 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func (e *env) ops(t *testing.T, id int64) []profile.OperationRecord {
	t.Helper()
	rs, _, err := e.svc.OperationRecords(context.Background(), id, 1, 40)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func ptr[T any](v T) *T { return &v }

func wantReason(t *testing.T, err error, reason string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Reason != reason {
		t.Fatalf("error = %v, want reason %s", err, reason)
	}
}

func wantField(t *testing.T, err error, field, msg string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Fields[field] != msg {
		t.Fatalf("error = %v (fields %v), want %s: %s", err, e, field, msg)
	}
}

func TestPersonDirectEditIsEffectiveAtOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", account.Authenticated)
		res, err := e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{DetailAddr: ptr(" 长安街 10 号 "), Province: ptr("310000"), City: ptr("310101"), Area: ptr("")})
		if err != nil {
			t.Fatal(err)
		}
		if res.Waiting || res.Message() != "修改成功" {
			t.Fatalf("result %+v", res)
		}
		v, err := e.svc.Person(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		if v.DetailAddr != "长安街10号" || v.Province != "310000" || v.City != "310101" || v.AreaName != "上海市黄浦区" {
			t.Fatalf("not applied: %+v", v)
		}
		if e.account(t, a.ID).AuthState != account.Authenticated {
			t.Fatal("a direct edit must not touch authState")
		}
		rs := e.records(t, a.ID)
		if len(rs) != 2 {
			t.Fatalf("records %+v", rs)
		}
		for _, r := range rs {
			if r.IsValid != profile.Effective || r.AuthMethod != profile.MethodDirect || r.ReviewID != nil {
				t.Fatalf("record %+v", r)
			}
		}
		ops := e.ops(t, a.ID)
		if len(ops) != 1 || ops[0].OperationType != profile.OpInfoModified || len(ops[0].Remarks) != 2 {
			t.Fatalf("ops %+v", ops)
		}
	})
}

func TestPersonIdentityEditWaitsForReviewAndCanBeReverted(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", account.NotAuthenticated)
		res, err := e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{Name: ptr("张小三"), DetailAddr: ptr("新地址")})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Waiting || res.Message() != "修改成功，等待管理员审核" {
			t.Fatalf("result %+v", res)
		}
		v, _ := e.svc.Person(ctx, a.ID)
		if v.Name != "张三" {
			t.Fatal("identity change applied before review")
		}
		if v.DetailAddr != "新地址" {
			t.Fatal("direct part of a mixed edit not applied")
		}
		if v.AuthState != 99 {
			t.Fatalf("authState %d, want 99", v.AuthState)
		}
		var waiting profile.ModificationRecord
		for _, r := range e.records(t, a.ID) {
			if r.InfoItem == "姓名" {
				waiting = r
			}
		}
		if waiting.IsValid != profile.Waiting || waiting.AuthState != 99 || waiting.ReviewID == nil || waiting.AfterValue != "张小三" || !waiting.Revocable() {
			t.Fatalf("waiting record %+v", waiting)
		}
		// The direct part is effective at once: not offered for withdrawal, not shown 认证中.
		for _, r := range e.records(t, a.ID) {
			if r.AuthMethod == profile.MethodDirect && (r.Revocable() || r.AuthState == 99) {
				t.Fatalf("direct record %+v offered for withdrawal", r)
			}
		}
		// Every edit is refused while verifying.
		_, err = e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{DetailAddr: ptr("再改")})
		wantReason(t, err, "profile.verifying")
		if e, _ := apperr.As(err); e.Msg != "认证中，无法修改信息" {
			t.Fatalf("msg %q", e.Msg)
		}
		// Another account cannot revert it.
		b := e.person(t, "lisi", account.NotAuthenticated)
		wantReason(t, e.svc.RevertModification(ctx, b.ID, waiting.ID), "profile.record_not_found")
		// The holder can.
		if err := e.svc.RevertModification(ctx, a.ID, waiting.ID); err != nil {
			t.Fatal(err)
		}
		if st := e.account(t, a.ID).AuthState; st != account.NotAuthenticated {
			t.Fatalf("authState after revert %d", st)
		}
		it, err := e.reviews.Item(ctx, *waiting.ReviewID)
		if err != nil || it.State != review.StateRevoked {
			t.Fatalf("review item %+v %v", it, err)
		}
		r, _ := db.ModificationRecord(ctx, waiting.ID)
		if r.IsValid != profile.NotEffective || r.AuthState == 99 || r.Revocable() {
			t.Fatalf("record after revert %+v", r)
		}
		wantReason(t, e.svc.RevertModification(ctx, a.ID, waiting.ID), "profile.not_revocable")
		// A direct record is never revocable.
		for _, r := range e.records(t, a.ID) {
			if r.AuthMethod == profile.MethodDirect {
				wantReason(t, e.svc.RevertModification(ctx, a.ID, r.ID), "profile.not_revocable")
			}
		}
	})
}

func TestChangeApprovalAppliesAndRejectionKeeps(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", account.Authenticated)
		front := e.photo(t, a.ID)
		res, err := e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{Name: ptr("张小三"), FrontID: ptr(front), CertEnd: ptr(""), LongTerm: ptr(true)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.reviews.Decide(ctx, e.reviewer, res.ReviewID, review.Decision{Action: review.Pass, Remark: "核对无误"}); err != nil {
			t.Fatal(err)
		}
		v, _ := e.svc.Person(ctx, a.ID)
		if v.Name != "张小三" || v.FrontID != front || v.CertEnd != "9999-12-31" || !v.CertLongTerm || v.AuthState != 1 {
			t.Fatalf("after approval %+v", v)
		}
		for _, r := range e.records(t, a.ID) {
			if r.IsValid != profile.Effective || r.AuthState != 1 || r.AuthTime == nil {
				t.Fatalf("record after approval %+v", r)
			}
		}
		op := e.ops(t, a.ID)[0]
		if op.OperationType != profile.OpReview || op.AuthType != profile.AuthFieldChanges || op.ActorName != "审核员甲" || len(op.Remarks) != 3 {
			t.Fatalf("op %+v", op)
		}

		res, err = e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{Name: ptr("王五")})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.reviews.Decide(ctx, e.reviewer, res.ReviewID, review.Decision{Action: review.NotPass, Remark: "姓名与证件不符"}); err != nil {
			t.Fatal(err)
		}
		v, _ = e.svc.Person(ctx, a.ID)
		if v.Name != "张小三" || v.AuthState != 1 {
			t.Fatalf("after rejection %+v", v)
		}
		rs := e.records(t, a.ID)
		if rs[0].InfoItem != "姓名" || rs[0].IsValid != profile.NotEffective || rs[0].AuthState != 2 {
			t.Fatalf("rejected record %+v", rs[0])
		}
		op = e.ops(t, a.ID)[0]
		if op.AuthType != profile.AuthNotPassed || op.NoPassReason != "姓名与证件不符" {
			t.Fatalf("op %+v", op)
		}
	})
}

func TestRealNameDecisionsAndCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", account.NotAuthenticated)
		take := e.photo(t, a.ID)
		submit := func() int64 {
			t.Helper()
			var id int64
			err := db.InTx(ctx, func(ctx context.Context) error {
				var err error
				id, err = e.reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: a.ID, Subject: review.SubjectPerson,
					Payload: map[string]string{"certTakeId": take, "certDetailAddr": "证件地址"}})
				if err != nil {
					return err
				}
				return storetest.SetAuthState(ctx, db, a.ID, account.Verifying)
			})
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		// Cancel returns to 0 and withdraws the item.
		id := submit()
		if lvl, _ := e.svc.Trust(ctx, a.ID); lvl.Level != 99 {
			t.Fatalf("level %+v", lvl)
		}
		if err := e.svc.CancelVerification(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if st := e.account(t, a.ID).AuthState; st != 0 {
			t.Fatalf("after cancel %d", st)
		}
		if it, _ := e.reviews.Item(ctx, id); it.State != review.StateRevoked {
			t.Fatalf("item %+v", it)
		}
		wantReason(t, e.svc.CancelVerification(ctx, a.ID), "profile.no_pending")

		// Rejection: 2, with the reason.
		id = submit()
		if _, err := e.reviews.Decide(ctx, e.reviewer, id, review.Decision{Action: review.NotPass, Remark: "照片模糊"}); err != nil {
			t.Fatal(err)
		}
		if st := e.account(t, a.ID).AuthState; st != account.NotPassed {
			t.Fatalf("after reject %d", st)
		}
		if lvl, _ := e.svc.Trust(ctx, a.ID); lvl.Level != 0 {
			t.Fatalf("a not-passed account has level %d", lvl.Level)
		}
		// Approval: 1, photos applied, S1.
		id = submit()
		if _, err := e.reviews.Decide(ctx, e.reviewer, id, review.Decision{Action: review.Pass}); err != nil {
			t.Fatal(err)
		}
		v, _ := e.svc.Person(ctx, a.ID)
		if v.AuthState != 1 || v.TakeID != take || v.CertAddress != "证件地址" {
			t.Fatalf("after approve %+v", v)
		}
		ops := e.ops(t, a.ID)
		if ops[0].AuthType != profile.AuthPassed || ops[1].AuthType != profile.AuthNotPassed || ops[1].NoPassReason != "照片模糊" {
			t.Fatalf("ops %+v", ops)
		}
	})
}

func TestPersonEditValidation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", account.Authenticated)
		cases := []struct {
			edit       profile.PersonEdit
			field, msg string
		}{
			{profile.PersonEdit{CertNum: ptr("110105194912310021")}, "certNum", "请输入正确的18位证件号码"},
			{profile.PersonEdit{Name: ptr("  ")}, "name", "请填写真实姓名"},
			{profile.PersonEdit{CertStart: ptr("2041-01-01")}, "certEnd", "证件有效期结束时间不能早于开始时间"},
			{profile.PersonEdit{CertStart: ptr("2020-13-01")}, "certStart", "请选择证件有效期开始时间"},
			{profile.PersonEdit{DetailAddr: ptr("")}, "detailAddr", "请填写详细地址"},
			{profile.PersonEdit{Province: ptr("999999")}, "area", "请选择证件地址"},
			{profile.PersonEdit{CertType: ptr("nope")}, "certType", "请选择证件类型"},
		}
		for _, c := range cases {
			_, err := e.svc.EditPerson(ctx, a.ID, c.edit)
			wantField(t, err, c.field, c.msg)
		}
		// A photo of another account cannot be attached.
		b := e.person(t, "lisi", account.Authenticated)
		_, err := e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{FrontID: ptr(e.photo(t, b.ID))})
		wantReason(t, err, "file.not_owned")
		if st := e.account(t, a.ID).AuthState; st != account.Authenticated {
			t.Fatalf("a refused edit changed authState to %d", st)
		}
		// Nothing changed.
		_, err = e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{Name: ptr("张三"), CertNum: ptr(strings.ToLower(validID))})
		wantReason(t, err, "profile.no_change")
		// An enterprise call on a person account.
		_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{Industry: ptr("E")})
		wantReason(t, err, "profile.wrong_type")
		if len(e.records(t, a.ID)) != 0 {
			t.Fatal("refused edits left records")
		}
	})
}

func TestEnterpriseEditKinds(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t, "luqiao", account.Authenticated)
		// Direct: industry and capital.
		res, err := e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{Industry: ptr("E,E48,E481"), Capital: ptr("2000.5"), CapitalUnit: ptr("YI_YUAN")})
		if err != nil || res.Waiting {
			t.Fatalf("%+v %v", res, err)
		}
		v, _ := e.svc.Enterprise(ctx, a.ID)
		if v.Enterprise.Industry != "E,E48,E481" || v.Enterprise.Capital != "2000.5" || v.Enterprise.CapitalUnit != "YI_YUAN" || v.AuthState != 1 {
			t.Fatalf("%+v", v)
		}
		if !strings.Contains(v.Enterprise.CertNum, "*") || !strings.Contains(v.LegalPerson.CertNum, "*") {
			t.Fatal("numbers not masked")
		}
		_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{Capital: ptr("12a")})
		wantField(t, err, "capital", "注册资本只能填写数字")
		_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{Industry: ptr("E,C13")})
		wantField(t, err, "industry", "请选择所属行业")
		_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{CertType: ptr("2")})
		wantField(t, err, "certType", "境内企业须使用统一社会信用代码")
		// Contact phone needs its SMS code.
		_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{ContactPhone: ptr("13600136000")})
		wantField(t, err, "smsCode", "验证码不能为空")
		e.codes.give("contact", "13600136000", "c1", "123456")
		if _, err := e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{ContactPhone: ptr("13600136000"), SMSCodeID: "c1", SMSCode: "123456"}); err != nil {
			t.Fatal(err)
		}
		// Licence change waits for review.
		lic := e.photo(t, a.ID)
		res, err = e.svc.ChangeLicense(ctx, a.ID, profile.LicenseEdit{LicenseID: ptr(lic)})
		if err != nil || !res.Waiting || res.Message() != "修改成功，等待管理员审核" {
			t.Fatalf("%+v %v", res, err)
		}
		v, _ = e.svc.Enterprise(ctx, a.ID)
		if v.Enterprise.LicenseState == lic || v.AuthState != 99 {
			t.Fatalf("licence applied before review or not verifying: %+v", v)
		}
		_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{Industry: ptr("E")})
		wantReason(t, err, "profile.verifying")
		if _, err := e.reviews.Decide(ctx, e.reviewer, res.ReviewID, review.Decision{Action: review.Pass}); err != nil {
			t.Fatal(err)
		}
		v, _ = e.svc.Enterprise(ctx, a.ID)
		if v.Enterprise.LicenseState != lic || v.AuthState != 1 {
			t.Fatalf("after approval %+v", v)
		}
		// Identity: the enterprise name waits too.
		res, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{Name: ptr("路桥集团有限公司")})
		if err != nil || !res.Waiting {
			t.Fatalf("%+v %v", res, err)
		}
		num, err := e.svc.RevealCertNum(ctx, a.ID, profile.RevealLegal, "127.0.0.1")
		if err != nil || num != validID {
			t.Fatalf("reveal %q %v", num, err)
		}
		_, err = e.svc.RevealCertNum(ctx, a.ID, profile.RevealPerson, "")
		wantField(t, err, "which", "证件类别无效")
	})
}

func TestRename(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", 0)
		e.person(t, "Taken1", 0)
		for name, msg := range map[string]string{"": "请输入账号", "1abc": "必须是以字母开头，只能包含字母数字，4到16位",
			"ab_cd": "必须是以字母开头，只能包含字母数字，4到16位", "abc": "必须是以字母开头，只能包含字母数字，4到16位",
			"a23456789012345678": "必须是以字母开头，只能包含字母数字，4到16位", "TAKEN1": "该账号已被注册"} {
			wantField(t, e.svc.Rename(ctx, a.ID, name), "account", msg)
		}
		if err := e.svc.Rename(ctx, a.ID, "Zhang2026"); err != nil {
			t.Fatal(err)
		}
		if got := e.account(t, a.ID); got.Name != "Zhang2026" || !got.Renamed {
			t.Fatalf("%+v", got)
		}
		wantReason(t, e.svc.Rename(ctx, a.ID, "Zhang2027"), "profile.renamed")
	})
}

func TestChangePassword(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", 0)
		here, _ := e.sessions.Issue(ctx, session.Portal, a.ID, "", "")
		there, _ := e.sessions.Issue(ctx, session.Portal, a.ID, "", "")
		p, err := e.sessions.Authenticate(ctx, session.Portal, here)
		if err != nil {
			t.Fatal(err)
		}
		e.codes.give("password", a.Phone, "s1", "111111")
		req := profile.PasswordChange{KeyID: "k1", OldPassword: "enc:wrong123", NewPassword: "enc:newpass99", CheckCode: "111111", CheckCodeID: "s1"}
		wantField(t, e.svc.ChangePassword(ctx, a.ID, p.TokenHash, req), "oldPwd", "原密码错误")
		req.OldPassword = "enc:abc12345"
		req.NewPassword = "enc:short"
		wantField(t, e.svc.ChangePassword(ctx, a.ID, p.TokenHash, req), "pwd", password.MsgPerson)
		req.NewPassword = "enc:newpass99"
		req.CheckCode = "222222"
		wantField(t, e.svc.ChangePassword(ctx, a.ID, p.TokenHash, req), "checkCode", "短信验证码错误")
		req.CheckCode = "111111" // not used up by the failures above
		if err := e.svc.ChangePassword(ctx, a.ID, p.TokenHash, req); err != nil {
			t.Fatal(err)
		}
		if ok, _, _ := password.Verify(e.account(t, a.ID).PasswordHash, "newpass99"); !ok {
			t.Fatal("new password not stored")
		}
		if _, err := e.sessions.Authenticate(ctx, session.Portal, here); err != nil {
			t.Fatalf("the session that changed the password ended: %v", err)
		}
		if _, err := e.sessions.Authenticate(ctx, session.Portal, there); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("other session still alive: %v", err)
		}
		// The code is single use.
		wantField(t, e.svc.ChangePassword(ctx, a.ID, p.TokenHash, profile.PasswordChange{KeyID: "k1", OldPassword: "enc:newpass99", NewPassword: "enc:other999", CheckCode: "111111", CheckCodeID: "s1"}), "checkCode", "短信验证码错误")
	})
}

func TestChangePhone(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", 0)
		wantField(t, e.svc.ChangePhone(ctx, a.ID, profile.PhoneChange{CheckCode: "1", CheckCodeID: "o", Phone: "12345", SMSCode: "2", SMSCodeID: "n"}), "phone", "请输入正确的11位手机号（格式：13800000000）")
		wantField(t, e.svc.ChangePhone(ctx, a.ID, profile.PhoneChange{CheckCode: "1", CheckCodeID: "o", Phone: a.Phone, SMSCode: "2", SMSCodeID: "n"}), "phone", "新手机号不能与原手机号相同")
		e.codes.give("phone", a.Phone, "o", "111111")
		e.codes.give("phone", "13911112222", "n", "222222")
		// The new phone's code is checked too.
		err := e.svc.ChangePhone(ctx, a.ID, profile.PhoneChange{CheckCode: "111111", CheckCodeID: "o", Phone: "13911112222", SMSCode: "999999", SMSCodeID: "n"})
		wantField(t, err, "smsCode", "短信验证码错误")
		if e.account(t, a.ID).Phone != a.Phone {
			t.Fatal("phone changed without the new phone's code")
		}
		e.codes.give("phone", a.Phone, "o", "111111") // the failed transaction rolled back, the fake did not
		if err := e.svc.ChangePhone(ctx, a.ID, profile.PhoneChange{CheckCode: "111111", CheckCodeID: "o", Phone: "13911112222", SMSCode: "222222", SMSCodeID: "n"}); err != nil {
			t.Fatal(err)
		}
		if e.account(t, a.ID).Phone != "13911112222" {
			t.Fatal("phone not changed")
		}
		if r := e.records(t, a.ID)[0]; r.BeforeValue != "138****8000" || r.AfterValue != "139****2222" {
			t.Fatalf("%+v", r)
		}
	})
}

func TestOverallLevel(t *testing.T) {
	for _, c := range []struct {
		states []int
		want   int
	}{{nil, 0}, {[]int{0}, 0}, {[]int{2}, 0}, {[]int{99}, 99}, {[]int{0, 99}, 99}, {[]int{99, 1}, 1}, {[]int{2, 1, 99}, 1}} {
		var items []profile.TrustItem
		for _, s := range c.states {
			items = append(items, profile.TrustItem{State: s})
		}
		if got := profile.OverallLevel(items); got != c.want {
			t.Errorf("%v: %d, want %d", c.states, got, c.want)
		}
	}
}

func TestRecordPaging(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "zhangsan", 0)
		for i := 0; i < 12; i++ {
			e.clk.Advance(time.Minute)
			if _, err := e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{DetailAddr: ptr("地址" + string(rune('A'+i)))}); err != nil {
				t.Fatal(err)
			}
		}
		rs, n, err := e.svc.ModificationRecords(ctx, a.ID, 2, 7) // 7 is not a size: 10
		if err != nil || n != 12 || len(rs) != 2 || rs[0].AfterValue != "地址B" {
			t.Fatalf("%d %d %+v %v", n, len(rs), rs, err)
		}
		ops, n, err := e.svc.OperationRecords(ctx, a.ID, 1, 0) // default 5
		if err != nil || n != 12 || len(ops) != 5 || ops[0].Remarks[0].AfterValue != "地址L" {
			t.Fatalf("%d %+v %v", n, ops, err)
		}
	})
}

// Registration's hook writes the type 1 record of a real-name submission in
// its transaction; the table shows it with the photos named by their role.
func TestRecordRealNameSubmission(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p := e.person(t, "subperson", account.Verifying)
		c := e.enterprise(t, "subcorp", account.Verifying)
		if err := db.InTx(ctx, func(ctx context.Context) error {
			return e.svc.RecordRealNameSubmission(ctx, p.ID, p.Name, []string{"f1", "f2", "f3"})
		}); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.RecordRealNameSubmission(ctx, c.ID, c.Name, []string{"g1", "", "g3"}); err != nil {
			t.Fatal(err)
		}
		ops := e.ops(t, p.ID)
		if len(ops) != 1 || ops[0].OperationType != profile.OpRealNameSubmitted || ops[0].ActorName != "subperson" || ops[0].AuthType != "" {
			t.Fatalf("person records %+v", ops)
		}
		want := []profile.FileRef{{ID: "f1", Name: "证件人像面"}, {ID: "f2", Name: "证件国徽面"}, {ID: "f3", Name: "手持证件照"}}
		if len(ops[0].Appendix) != 3 || ops[0].Appendix[0] != want[0] || ops[0].Appendix[1] != want[1] || ops[0].Appendix[2] != want[2] {
			t.Fatalf("person appendix %+v", ops[0].Appendix)
		}
		ops = e.ops(t, c.ID)
		if len(ops) != 1 || len(ops[0].Appendix) != 2 ||
			ops[0].Appendix[0] != (profile.FileRef{ID: "g1", Name: "营业执照"}) ||
			ops[0].Appendix[1] != (profile.FileRef{ID: "g3", Name: "法定代表人证件国徽面"}) {
			t.Fatalf("enterprise records %+v", ops)
		}
		// A failing transaction leaves no record behind.
		_ = db.InTx(ctx, func(ctx context.Context) error {
			if err := e.svc.RecordRealNameSubmission(ctx, p.ID, p.Name, nil); err != nil {
				return err
			}
			return errors.New("submission failed")
		})
		if n := len(e.ops(t, p.ID)); n != 1 {
			t.Fatalf("records after a rolled-back submission: %d", n)
		}
	})
}
