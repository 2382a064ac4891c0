package admission_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/admission"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/review"
	"bidpass/internal/sms"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// The store is the real one.
var _ admission.Store = (*store.DB)(nil)

// env is admission on a real database with the real review, files and SMS
// services (the SMS going to a development outbox).
type env struct {
	db       *store.DB
	clk      *clock.Fake
	files    *files.Service
	reviews  *review.Service
	svc      *admission.Service
	outbox   *sms.Outbox
	reviewer review.Reviewer
	n        int
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	ctx := context.Background()
	log := slog.New(slog.DiscardHandler)
	clk := clock.NewFake(time.Date(2026, 11, 21, 2, 0, 0, 0, time.UTC))
	disk, err := files.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	e := &env{db: db, clk: clk, files: files.NewService(files.Deps{Store: db.Files(), Blobs: disk, Tx: db, Clock: clk, Log: log}), outbox: sms.NewOutbox(log)}
	st := staff.NewService(staff.Deps{Store: db, Tx: db, Clock: clk})
	texts := sms.New(sms.Config{Store: ephemeral.NewMemory(clk), Clock: clk, SMS: e.outbox, Log: log})
	e.reviews = review.NewService(review.Deps{Store: db, Tx: db, Clock: clk, Accounts: db, Files: e.files,
		Effects: admission.Effects{Store: db}, Notifier: texts, Auditor: st, Log: log})
	e.svc = admission.New(admission.Deps{Tx: db, Store: db, Accounts: db, Files: e.files, Submit: e.reviews.Submit, Clock: clk})
	s, err := st.Bootstrap(ctx, staff.NewStaff{Name: "shenhe", Role: staff.Reviewer, Password: "Reviewer#2025a"})
	if err != nil {
		t.Fatal(err)
	}
	e.reviewer = review.Reviewer{ID: s.ID, Name: s.Name, Addr: "10.0.0.1"}
	if err := admission.EnsurePlatform(ctx, db, "公路桥梁电子招标采购交易平台"); err != nil {
		t.Fatal(err)
	}
	if err := admission.SeedSamples(ctx, db); err != nil {
		t.Fatal(err)
	}
	return e
}

// account creates an account of typ in real-name state st.
func (e *env) account(t *testing.T, typ account.Type, st account.AuthState) account.Account {
	t.Helper()
	ctx := context.Background()
	e.n++
	now := e.clk.Now()
	a := account.Account{Name: fmt.Sprintf("qiye%03d", e.n), Type: typ, Phone: fmt.Sprintf("139000000%02d", e.n),
		PasswordHash: "x", AuthState: st, CreatedAt: now, UpdatedAt: now}
	if err := e.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	if typ == account.Enterprise {
		if _, err := e.db.SaveEnterpriseProfile(ctx, account.EnterpriseProfile{AccountID: a.ID, UpdatedAt: now,
			Enterprise: identity.Enterprise{Type: "A1", Name: fmt.Sprintf("测试路桥公司%d", e.n)}}); err != nil {
			t.Fatal(err)
		}
	}
	return a
}

func (e *env) enterprise(t *testing.T) account.Account {
	return e.account(t, account.Enterprise, account.Authenticated)
}

// evidence uploads a PDF of the account as evidence and returns its id.
func (e *env) evidence(t *testing.T, owner int64) string {
	t.Helper()
	f, err := e.files.Upload(context.Background(), owner, files.KindEvidence, "承诺书.pdf", bytes.NewReader([]byte("%PDF-1.4\n%证明材料\n")))
	if err != nil {
		t.Fatal(err)
	}
	return f.ID
}

// org finds the role's organisation named name.
func (e *env) org(t *testing.T, role admission.Role, name string) admission.Organisation {
	t.Helper()
	os, err := e.svc.Check(context.Background(), role, name)
	if err != nil || len(os) != 1 {
		t.Fatalf("check %q: %v %v", name, os, err)
	}
	return os[0]
}

// form is a complete purchaser application under 江苏省交通运输厅.
func (e *env) form(t *testing.T, owner int64) admission.Form {
	o := e.org(t, admission.Purchaser, "江苏省交通运输厅")
	return admission.Form{Role: admission.Purchaser, OrgID: o.ID, OrgName: o.Name, Evidence: e.evidence(t, owner)}
}

func (e *env) state(t *testing.T, accountID int64, role admission.Role) admission.RoleState {
	t.Helper()
	ss, err := e.svc.States(context.Background(), accountID)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ss {
		if s.Role == role {
			return s
		}
	}
	t.Fatalf("no state for role %d", role)
	return admission.RoleState{}
}

func (e *env) decide(t *testing.T, reviewID int64, action review.Action, remark string) error {
	t.Helper()
	_, err := e.reviews.Decide(context.Background(), e.reviewer, reviewID, review.Decision{Action: action, Remark: remark})
	return err
}

// TestRoleTransitions walks every move of a role's state through the real
// services (apply, reviewer's decision), on both databases: the table's
// allowed moves land, the others are refused with the right message and
// leave the state as it was.
func TestRoleTransitions(t *testing.T) {
	type step struct {
		ev      admission.Event
		want    admission.State
		wantErr error
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"never applied", nil},
		{"apply", []step{{admission.Submit, admission.UnderReview, nil}}},
		{"apply twice", []step{{admission.Submit, admission.UnderReview, nil}, {admission.Submit, admission.UnderReview, admission.ErrUnderReview}}},
		{"approved", []step{{admission.Submit, admission.UnderReview, nil}, {admission.Approve, admission.Admitted, nil}}},
		{"admitted applies again", []step{{admission.Submit, admission.UnderReview, nil}, {admission.Approve, admission.Admitted, nil},
			{admission.Submit, admission.Admitted, admission.ErrAdmitted}}},
		{"refused", []step{{admission.Submit, admission.UnderReview, nil}, {admission.Reject, admission.NotPassed, nil}}},
		{"refused re-applies", []step{{admission.Submit, admission.UnderReview, nil}, {admission.Reject, admission.NotPassed, nil},
			{admission.Submit, admission.UnderReview, nil}, {admission.Approve, admission.Admitted, nil}}},
	}
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				a := e.enterprise(t)
				var reviewID int64
				for i, s := range c.steps {
					var err error
					switch s.ev {
					case admission.Submit:
						var app admission.Application
						app, err = e.svc.Apply(context.Background(), a.ID, e.form(t, a.ID))
						if err == nil {
							reviewID = app.ReviewID
						}
					case admission.Approve:
						err = e.decide(t, reviewID, review.Pass, "")
					case admission.Reject:
						err = e.decide(t, reviewID, review.NotPass, "证明材料不清晰")
					}
					if !errors.Is(err, s.wantErr) {
						t.Fatalf("step %d: error %v, want %v", i, err, s.wantErr)
					}
					got := e.state(t, a.ID, admission.Purchaser)
					if got.State != s.want {
						t.Fatalf("step %d: state %d, want %d", i, got.State, s.want)
					}
					if (got.State == admission.NotPassed) != (got.Reason == "证明材料不清晰") {
						t.Fatalf("step %d: reason %q with state %d", i, got.Reason, got.State)
					}
				}
				for _, r := range []admission.Role{admission.Supplier, admission.Agency} {
					if s := e.state(t, a.ID, r); s.State != admission.NotApplied {
						t.Fatalf("role %d moved with purchaser: %d", r, s.State)
					}
				}
			})
		}
	})
}

// TestNextTable checks the table itself for every state and event,
// including the old portal's 0 read as not passed.
func TestNextTable(t *testing.T) {
	states := []admission.State{admission.NotApplied, admission.NotPassedLegacy, admission.Admitted, admission.NotPassed, admission.UnderReview}
	want := map[[2]int]admission.State{
		{-1, int(admission.Submit)}:  admission.UnderReview,
		{0, int(admission.Submit)}:   admission.UnderReview,
		{2, int(admission.Submit)}:   admission.UnderReview,
		{99, int(admission.Approve)}: admission.Admitted,
		{99, int(admission.Reject)}:  admission.NotPassed,
	}
	for _, s := range states {
		for _, ev := range []admission.Event{admission.Submit, admission.Approve, admission.Reject} {
			got, err := admission.Next(s, ev)
			w, ok := want[[2]int{int(s), int(ev)}]
			if ok != (err == nil) || got != w {
				t.Errorf("Next(%d, %d) = %d, %v; want %d (allowed %v)", s, ev, got, err, w, ok)
			}
			if err != nil && apperr.KindOf(err) != apperr.Conflict {
				t.Errorf("Next(%d, %d) refused with %v, want 409", s, ev, err)
			}
		}
	}
}

// TestTypeComputed: 1 for the first application of a role, 2 after a
// refusal; the client has no say.
func TestTypeComputed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t)
		first, err := e.svc.Apply(ctx, a.ID, e.form(t, a.ID))
		if err != nil || first.Type != admission.First {
			t.Fatalf("first: %+v %v", first, err)
		}
		if err := e.decide(t, first.ReviewID, review.NotPass, "单位不符"); err != nil {
			t.Fatal(err)
		}
		again, err := e.svc.Apply(ctx, a.ID, e.form(t, a.ID))
		if err != nil || again.Type != admission.Reapplying {
			t.Fatalf("re-application: %+v %v", again, err)
		}
		// Another role of the same enterprise starts at 1.
		ag := e.org(t, admission.Agency, "中国招标投标协会")
		other, err := e.svc.Apply(ctx, a.ID, admission.Form{Role: admission.Agency, OrgID: ag.ID, OrgName: ag.Name, Evidence: e.evidence(t, a.ID)})
		if err != nil || other.Type != admission.First {
			t.Fatalf("agency: %+v %v", other, err)
		}
		// The reviewer sees the computed type in the item.
		it, err := e.reviews.Item(ctx, again.ReviewID)
		if err != nil || it.Kind != review.KindAdmission || !bytes.Contains(it.Payload, []byte(`"type":2`)) {
			t.Fatalf("review item %s %s (%v)", it.Kind, it.Payload, err)
		}
	})
}

// TestDoubleSubmitOneApplication: the same application sent 10 times at
// once opens one application and one review item; the others answer 409.
func TestDoubleSubmitOneApplication(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t)
		f := e.form(t, a.ID)
		errs := make([]error, 10)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = e.svc.Apply(ctx, a.ID, f)
			}()
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case apperr.KindOf(err) != apperr.Conflict:
				t.Fatalf("a losing submit answered %v, want 409", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d submits succeeded, want 1", ok)
		}
		apps, err := db.Applications(ctx, a.ID)
		if err != nil || len(apps) != 1 {
			t.Fatalf("%d applications (%v), want 1", len(apps), err)
		}
		_, n, err := e.reviews.List(ctx, review.Filter{Kind: review.KindAdmission})
		if err != nil || n != 1 {
			t.Fatalf("%d admission review items (%v), want 1", n, err)
		}
	})
}

// TestOrganisationCheck: exact match after trimming and full-width to
// half-width; a miss is empty; another role's unit does not match; the
// supplier's target is the platform whatever is sent.
func TestOrganisationCheck(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		if err := db.CreateOrganisation(ctx, &admission.Organisation{Role: admission.Purchaser, Name: "ABC(集团)有限公司"}); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]int{
			"江苏省交通运输厅":         1,
			"\u3000 江苏省交通运输厅　": 1,
			"ＡＢＣ（集团）有限公司":      1,
			"江苏省交通厅":           0,
			"中国招标投标协会":         0, // an agency's unit
		} {
			got, err := e.svc.Check(ctx, admission.Purchaser, name)
			if err != nil || len(got) != want {
				t.Errorf("check %q: %v %v, want %d", name, got, err, want)
			}
		}
		if _, err := e.svc.Check(ctx, admission.Purchaser, "  "); !errors.Is(err, admission.ErrOrgName) {
			t.Errorf("blank name: %v", err)
		}
		if err := db.CreateOrganisation(ctx, &admission.Organisation{Role: admission.Purchaser, Name: "ＡＢＣ（集团）有限公司"}); !errors.Is(err, admission.ErrDuplicateOrganisation) {
			t.Errorf("same name in full width created: %v", err)
		}
		a := e.enterprise(t)
		// An application whose typed name is not the chosen unit's is refused.
		f := e.form(t, a.ID)
		f.OrgName = "江苏省交通厅"
		if _, err := e.svc.Apply(ctx, a.ID, f); !errors.Is(err, admission.ErrOrgWrong) {
			t.Fatalf("wrong name: %v", err)
		}
		// A unit of another role is refused.
		ag := e.org(t, admission.Agency, "中国招标投标协会")
		f.OrgID, f.OrgName = ag.ID, ag.Name
		if _, err := e.svc.Apply(ctx, a.ID, f); !errors.Is(err, admission.ErrOrgWrong) {
			t.Fatalf("agency unit for a purchaser: %v", err)
		}
		// The supplier goes to the platform, whatever is sent.
		app, err := e.svc.Apply(ctx, a.ID, admission.Form{Role: admission.Supplier, OrgID: ag.ID, OrgName: "随便", Evidence: e.evidence(t, a.ID)})
		if err != nil || app.OrgName != "公路桥梁电子招标采购交易平台" {
			t.Fatalf("supplier: %+v %v", app, err)
		}
		tree, err := e.svc.Tree(ctx, admission.Purchaser)
		if err != nil || len(tree) < 2 || tree[0].Name != "交通运输部" || len(tree[0].Children) == 0 {
			t.Fatalf("tree: %+v %v", tree, err)
		}
	})
}

// TestWhoMayApply: only enterprises, and only with real-name state 1, with
// the messages of docs/spec/DECISIONS.md; required fields are named.
func TestWhoMayApply(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		for _, c := range []struct {
			typ account.Type
			st  account.AuthState
			msg string
		}{
			{account.Person, account.Authenticated, "仅企业账号可以申请入库"},
			{account.Enterprise, account.NotAuthenticated, "实名认证未完成，无法申请入库"},
			{account.Enterprise, account.Verifying, "实名认证未完成，无法申请入库"},
			{account.Enterprise, account.NotPassed, "实名认证未通过！"},
		} {
			a := e.account(t, c.typ, c.st)
			_, err := e.svc.Apply(ctx, a.ID, e.form(t, a.ID))
			ae, ok := apperr.As(err)
			if !ok || ae.Msg != c.msg || ae.Kind != apperr.Forbidden {
				t.Errorf("type %d state %d: %v, want 403 %s", c.typ, c.st, err, c.msg)
			}
		}
		a := e.enterprise(t)
		full := e.form(t, a.ID)
		for field, f := range map[string]admission.Form{
			"applyType": {OrgID: full.OrgID, OrgName: full.OrgName, Evidence: full.Evidence},
			"orgName":   {Role: admission.Purchaser, OrgID: full.OrgID, Evidence: full.Evidence},
			"orgId":     {Role: admission.Purchaser, OrgName: full.OrgName, Evidence: full.Evidence},
			"evidence":  {Role: admission.Purchaser, OrgID: full.OrgID, OrgName: full.OrgName},
		} {
			_, err := e.svc.Apply(ctx, a.ID, f)
			ae, ok := apperr.As(err)
			if !ok || ae.Kind != apperr.Invalid || ae.Fields[field] == "" {
				t.Errorf("missing %s: %v", field, err)
			}
		}
		if s := e.state(t, a.ID, admission.Purchaser); s.State != admission.NotApplied {
			t.Fatalf("refused applications moved the role: %d", s.State)
		}
	})
}

// TestEvidenceByBytes: the evidence's type comes from its bytes (an
// executable named .doc is refused at upload); a photo kind file is not
// needed, but another account's upload cannot be named.
func TestEvidenceByBytes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t)
		if _, err := e.files.Upload(ctx, a.ID, files.KindEvidence, "承诺书.doc", bytes.NewReader([]byte("MZ\x90\x00\x03\x00\x00\x00PE"))); !errors.Is(err, files.ErrEvidenceType) {
			t.Fatalf("executable as .doc: %v", err)
		}
		for name, head := range map[string]string{
			"a.doc": "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1", "a.docx": "PK\x03\x04", "a.rar": "Rar!\x1a\x07\x00",
			"a.png": "\x89PNG\r\n\x1a\n", "a.jpg": "\xFF\xD8\xFF\xE0",
		} {
			if _, err := e.files.Upload(ctx, a.ID, files.KindEvidence, name, bytes.NewReader([]byte(head+"........"))); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
		other := e.enterprise(t)
		f := e.form(t, a.ID)
		f.Evidence = e.evidence(t, other.ID)
		if _, err := e.svc.Apply(ctx, a.ID, f); !errors.Is(err, files.ErrNotOwned) {
			t.Fatalf("another account's evidence: %v", err)
		}
	})
}

// TestDecisionSMS: the holder gets an SMS of scene admission_result naming
// the role and, on refusal, the reason.
func TestDecisionSMS(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t)
		app, err := e.svc.Apply(ctx, a.ID, e.form(t, a.ID))
		if err != nil {
			t.Fatal(err)
		}
		if err := e.decide(t, app.ReviewID, review.NotPass, "证明材料不清晰"); err != nil {
			t.Fatal(err)
		}
		msgs := e.outbox.List()
		if len(msgs) != 1 || msgs[0].Scene != sms.SceneAdmissionResult || msgs[0].To != a.Phone ||
			!bytes.Contains([]byte(msgs[0].Text), []byte("入库申请（采购人）未通过审核，原因：证明材料不清晰")) {
			t.Fatalf("outbox %+v", msgs)
		}
	})
}

// TestDrafts: a draft is kept per role, shown with its file, replaced by
// the next save and removed by the submit.
func TestDrafts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t)
		if _, err := e.svc.Draft(ctx, a.ID, admission.Purchaser); !errors.Is(err, admission.ErrNotFound) {
			t.Fatalf("no draft: %v", err)
		}
		f := e.form(t, a.ID)
		if err := e.svc.SaveDraft(ctx, a.ID, admission.Form{Role: admission.Purchaser, OrgName: "江苏"}); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.SaveDraft(ctx, a.ID, f); err != nil {
			t.Fatal(err)
		}
		d, err := e.svc.Draft(ctx, a.ID, admission.Purchaser)
		if err != nil || d.OrgID != f.OrgID || d.Evidence != f.Evidence || d.File == nil || d.File.DownloadName() != "承诺书.pdf" {
			t.Fatalf("draft %+v %v", d, err)
		}
		if _, err := e.svc.Apply(ctx, a.ID, f); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Draft(ctx, a.ID, admission.Purchaser); !errors.Is(err, admission.ErrNotFound) {
			t.Fatalf("draft after submit: %v", err)
		}
		if st := e.state(t, a.ID, admission.Purchaser); !st.DraftSavedAt.IsZero() {
			t.Fatalf("the card still says a draft is saved: %+v", st)
		}
	})
}

// TestRefusedApplicationIsOfferedAgain: the card says when a draft is
// saved; after a refusal the form comes back as the refused application
// (FromRejected) until the holder saves a draft of their own, and never
// while one is under review or after the role is admitted.
func TestRefusedApplicationIsOfferedAgain(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t)
		f := e.form(t, a.ID)
		if err := e.svc.SaveDraft(ctx, a.ID, f); err != nil {
			t.Fatal(err)
		}
		if st := e.state(t, a.ID, admission.Purchaser); st.DraftSavedAt.IsZero() {
			t.Fatalf("a saved draft is not on the card: %+v", st)
		}
		if st := e.state(t, a.ID, admission.Supplier); !st.DraftSavedAt.IsZero() {
			t.Fatalf("another role's card says a draft is saved: %+v", st)
		}
		app, err := e.svc.Apply(ctx, a.ID, f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Draft(ctx, a.ID, admission.Purchaser); !errors.Is(err, admission.ErrNotFound) {
			t.Fatalf("under review, a form is offered: %v", err)
		}
		if err := e.decide(t, app.ReviewID, review.NotPass, "证明材料不清晰"); err != nil {
			t.Fatal(err)
		}
		d, err := e.svc.Draft(ctx, a.ID, admission.Purchaser)
		if err != nil || !d.FromRejected || d.OrgID != f.OrgID || d.OrgName != f.OrgName || d.Evidence != f.Evidence || d.File == nil {
			t.Fatalf("refused application not offered again: %+v %v", d, err)
		}
		if st := e.state(t, a.ID, admission.Purchaser); !st.DraftSavedAt.IsZero() {
			t.Fatalf("the refused application counted as a saved draft: %+v", st)
		}
		// A draft saved since wins over the refused application.
		if err := e.svc.SaveDraft(ctx, a.ID, admission.Form{Role: admission.Purchaser, OrgName: "改过的单位"}); err != nil {
			t.Fatal(err)
		}
		if d, err = e.svc.Draft(ctx, a.ID, admission.Purchaser); err != nil || d.FromRejected || d.OrgName != "改过的单位" {
			t.Fatalf("saved draft after a refusal: %+v %v", d, err)
		}
		// Another enterprise finds nothing of it.
		other := e.enterprise(t)
		if _, err := e.svc.Draft(ctx, other.ID, admission.Purchaser); !errors.Is(err, admission.ErrNotFound) {
			t.Fatalf("another enterprise sees the form: %v", err)
		}
	})
}

// TestTemplatesAreWordDocuments: each template is a ZIP package with the
// WordprocessingML parts, its text naming the platform; an unknown name
// is 404.
func TestTemplatesAreWordDocuments(t *testing.T) {
	for _, name := range []string{admission.SupplierCommitment, admission.AgencyCommitment} {
		b, file, err := admission.Template(name, "测试交易平台")
		if err != nil || !strings.HasSuffix(file, ".docx") {
			t.Fatalf("%s: %s %v", name, file, err)
		}
		z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		parts := map[string]string{}
		for _, f := range z.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(rc)
			rc.Close()
			parts[f.Name] = string(body)
		}
		for _, p := range []string{"[Content_Types].xml", "_rels/.rels", "word/document.xml"} {
			if parts[p] == "" {
				t.Fatalf("%s: part %s missing", name, p)
			}
		}
		doc := parts["word/document.xml"]
		if err := xml.Unmarshal([]byte(doc), new(struct{})); err != nil || !strings.Contains(doc, "致：测试交易平台") || !strings.Contains(doc, "承诺书") {
			t.Fatalf("%s: document %v\n%s", name, err, doc)
		}
	}
	if _, _, err := admission.Template("ca_driver", "x"); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("unknown template: %v", err)
	}
}

// TestManageOrganisations: an administrator adds, renames and disables
// units (a disabled unit and its children leave the tree and the check);
// a CSV import adds what is missing, can run again, and a bad line imports
// nothing and is named.
func TestManageOrganisations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		root := e.org(t, admission.Purchaser, "交通运输部")
		o, err := e.svc.AddOrganisation(ctx, admission.Purchaser, root.ID, " 四川省交通运输厅 ")
		if err != nil || o.Name != "四川省交通运输厅" {
			t.Fatalf("add: %+v %v", o, err)
		}
		if _, err := e.svc.AddOrganisation(ctx, admission.Purchaser, root.ID, "四川省交通运输厅"); !errors.Is(err, admission.ErrDuplicateOrganisation) {
			t.Fatalf("duplicate: %v", err)
		}
		ag := e.org(t, admission.Agency, "中国招标投标协会")
		if _, err := e.svc.AddOrganisation(ctx, admission.Purchaser, ag.ID, "成都市交通运输局"); !errors.Is(err, admission.ErrParent) {
			t.Fatalf("parent of another role: %v", err)
		}
		if _, err := e.svc.AddOrganisation(ctx, admission.Supplier, 0, "另一个平台"); !errors.Is(err, admission.ErrManagedRole) {
			t.Fatalf("platform role: %v", err)
		}
		kid, err := e.svc.AddOrganisation(ctx, admission.Purchaser, o.ID, "成都市交通运输局")
		if err != nil {
			t.Fatal(err)
		}
		name := "四川省交通运输厅（省级）"
		if _, err := e.svc.UpdateOrganisation(ctx, o.ID, &name, nil); err != nil {
			t.Fatal(err)
		}
		e.org(t, admission.Purchaser, "四川省交通运输厅(省级)")
		off := true
		if _, err := e.svc.UpdateOrganisation(ctx, o.ID, nil, &off); err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{name, "成都市交通运输局"} {
			if got, _ := e.svc.Check(ctx, admission.Purchaser, n); len(got) != 0 {
				t.Fatalf("disabled %s still checks: %v", n, got)
			}
		}
		a := e.enterprise(t)
		if _, err := e.svc.Apply(ctx, a.ID, admission.Form{Role: admission.Purchaser, OrgID: kid.ID, OrgName: kid.Name, Evidence: e.evidence(t, a.ID)}); !errors.Is(err, admission.ErrOrgWrong) {
			t.Fatalf("apply under a disabled unit: %v", err)
		}
		csv := "applyType,parentName,name\n2,交通运输部,湖北省交通运输厅\n2,湖北省交通运输厅,武汉市交通运输局\n3,,湖北省招标投标协会\n2,,交通运输部\n"
		if n, err := e.svc.ImportOrganisations(ctx, strings.NewReader(csv)); err != nil || n != 3 {
			t.Fatalf("import: %d %v", n, err)
		}
		if n, err := e.svc.ImportOrganisations(ctx, strings.NewReader(csv)); err != nil || n != 0 {
			t.Fatalf("import again: %d %v", n, err)
		}
		e.org(t, admission.Purchaser, "武汉市交通运输局")
		_, err = e.svc.ImportOrganisations(ctx, strings.NewReader("2,,湖南省交通运输厅\n2,不存在的单位,长沙市交通运输局\n"))
		if ae, ok := apperr.As(err); !ok || ae.Fields["file"] != "第2行：上级单位不存在：不存在的单位" {
			t.Fatalf("bad line: %v", err)
		}
		if got, _ := e.svc.Check(ctx, admission.Purchaser, "湖南省交通运输厅"); len(got) != 0 {
			t.Fatal("a failed import added a row")
		}
	})
}
