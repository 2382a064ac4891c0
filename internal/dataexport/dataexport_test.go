package dataexport_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/png"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/admission"
	"bidpass/internal/apperr"
	"bidpass/internal/certificate"
	"bidpass/internal/clock"
	"bidpass/internal/dataexport"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/operator"
	"bidpass/internal/refdata"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// world is two enterprises and two persons, each pair linked, each with
// its own admission application and evidence, certificate, sign-in and
// photo, every value marked with its owner's tag (A or B), so an export
// can be searched for the other pair's marks.
type world struct {
	db    *store.DB
	files *files.Service
	now   time.Time
	acc   map[string]account.Account // "personA", "corpB", …
	file  map[string]files.File      // the same keys: each one's upload
}

func newWorld(t *testing.T, db *store.DB) *world {
	t.Helper()
	ctx := context.Background()
	blobs, err := files.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	w := &world{db: db, now: time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC), acc: map[string]account.Account{}, file: map[string]files.File{}}
	w.files = files.NewService(files.Deps{Store: db.Files(), Blobs: blobs, Tx: db, Clock: clock.NewFake(w.now), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err := admission.EnsurePlatform(ctx, db, "平台"); err != nil {
		t.Fatal(err)
	}
	orgs, err := db.Organisations(ctx, admission.Supplier)
	if err != nil || len(orgs) == 0 {
		t.Fatalf("platform organisation: %v", err)
	}
	for _, tag := range []string{"A", "B"} {
		person := w.account(t, "person"+tag, account.Person)
		corp := w.account(t, "corp"+tag, account.Enterprise)
		if _, err := db.SavePersonProfile(ctx, account.PersonProfile{AccountID: person.ID, UpdatedAt: w.now,
			Person: identity.Person{RealName: "经办人" + tag, CertType: "1", Province: "110000", City: "110105", DetailAddr: "建国路" + tag, CertNum: map[string]string{"A": "11010519491231002X", "B": "110105194912310029"}[tag]}}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SaveEnterpriseProfile(ctx, account.EnterpriseProfile{AccountID: corp.ID, UpdatedAt: w.now,
			Enterprise: identity.Enterprise{Type: "A1", Name: "企业" + tag, CertType: "1", CertNum: map[string]string{"A": "91350100M000100Y43", "B": "91110000600037341L"}[tag]}}); err != nil {
			t.Fatal(err)
		}
		l := operator.Link{EnterpriseID: corp.ID, PersonID: person.ID, HandleType: operator.Invitation, State: operator.Bound,
			OperateStart: "2026-01-01", OperateEnd: "2027-01-01", CreatedAt: w.now, UpdatedAt: w.now}
		if err := db.CreateOperatorLink(ctx, &l); err != nil {
			t.Fatal(err)
		}
		evidence := w.upload(t, "corp"+tag, files.KindEvidence)
		w.upload(t, "person"+tag, files.KindPhoto)
		rid, err := db.CreateReview(ctx, review.Item{Kind: review.KindAdmission, AccountID: corp.ID, Subject: "供应商", Payload: json.RawMessage(`{}`),
			State: review.StatePending, SubmittedAt: w.now})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.CreateApplication(ctx, &admission.Application{AccountID: corp.ID, Role: admission.Supplier, Type: admission.First,
			OrgID: orgs[0].ID, OrgName: "入库单位" + tag, Evidence: evidence.ID, ReviewID: rid, State: admission.UnderReview, CreatedAt: w.now}); err != nil {
			t.Fatal(err)
		}
		if err := db.BindCertificate(ctx, &certificate.Binding{Realm: session.Portal, SubjectID: person.ID, Serial: "5E41A" + tag,
			IssuerKey: "ik" + tag, IssuerDN: "CN=测试CA", SubjectDN: "CN=证书主体" + tag, OwnerName: "证书主体" + tag,
			ValidStart: w.now, ValidEnd: w.now.AddDate(1, 0, 0), PublicKey: "PUBKEY" + tag, DER: []byte("DER" + tag), BoundAt: w.now}); err != nil {
			t.Fatal(err)
		}
		if err := db.AddCertificateLog(ctx, certificate.LogEntry{Realm: session.Portal, SubjectID: person.ID, HandleType: certificate.HandleBind,
			Serial: "5E41A" + tag, SubjectDN: "CN=证书主体" + tag, ValidStart: w.now, ValidEnd: w.now.AddDate(1, 0, 0), HandledAt: w.now}); err != nil {
			t.Fatal(err)
		}
		for _, who := range []string{"person" + tag, "corp" + tag} {
			if err := db.CreateSession(ctx, session.Record{TokenHash: "hash-" + who, Kind: session.Portal, SubjectID: w.acc[who].ID,
				CreatedAt: w.now, LastSeenAt: w.now, ExpiresAt: w.now.Add(time.Hour), ClientAddr: "10.0.0." + map[string]string{"A": "1", "B": "2"}[tag],
				UserAgent: "浏览器-" + who}); err != nil {
				t.Fatal(err)
			}
		}
	}
	// personB blocks corpA: a pair without a link between them.
	pair, err := db.LockOperatorPair(ctx, w.acc["corpA"].ID, w.acc["personB"].ID, w.now)
	if err != nil {
		t.Fatal(err)
	}
	pair.BlockedAt = w.now
	if err := db.SaveOperatorPair(ctx, &pair, w.now); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) account(t *testing.T, key string, typ account.Type) account.Account {
	t.Helper()
	a := account.Account{Name: strings.ToLower(key) + "x", Type: typ, PasswordHash: "h", CreatedAt: w.now, UpdatedAt: w.now}
	if err := w.db.CreateAccount(context.Background(), &a); err != nil {
		t.Fatal(err)
	}
	w.acc[key] = a
	return a
}

// upload stores a real PNG whose pixels differ per owner, so its bytes
// mark whose it is.
func (w *world) upload(t *testing.T, key string, kind files.Kind) files.File {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 20+len(w.file), 10))
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	f, err := w.files.Upload(context.Background(), w.acc[key].ID, kind, key+".png", &b)
	if err != nil {
		t.Fatal(err)
	}
	w.file[key] = f
	return f
}

func (w *world) service(e ephemeral.Store, lim dataexport.Limits) *dataexport.Service {
	cat, err := refdata.Load(refdata.Options{})
	if err != nil {
		panic(err)
	}
	return dataexport.New(w.db, w.files, cat, e, clock.NewFake(w.now), slog.New(slog.NewTextHandler(io.Discard, nil)), lim)
}

func (w *world) export(t *testing.T, key string) map[string][]byte {
	t.Helper()
	var buf bytes.Buffer
	svc := w.service(ephemeral.NewMemory(clock.NewFake(w.now)), dataexport.Limits{})
	if err := svc.Write(context.Background(), w.acc[key].ID, &buf); err != nil {
		t.Fatal(err)
	}
	z, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		out[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	return out
}

// TestExportRecords (docs/decisions/personal-data.md, "Data protection"): the export carries the account's operator
// links (the other party's number masked), its admission applications
// with their evidence files, its certificates (descriptions, no key or
// DER) with their record, and its sign-ins; nothing of another account
// ever appears, on both databases.
func TestExportRecords(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)

		corp := w.export(t, "corpA")
		var links []dataexport.OperatorLink
		mustJSON(t, corp, "records/operator-links.json", &links)
		if len(links) != 1 || links[0].Other.Account != w.acc["personA"].Name || links[0].MyRole != "企业" || links[0].StateName != "已绑定" ||
			links[0].Other.CertNumMasked == "" || strings.Contains(links[0].Other.CertNumMasked, "11010519491231002X") {
			t.Errorf("enterprise's operator links: %+v", links)
		}
		var apps []dataexport.Application
		mustJSON(t, corp, "records/admission-applications.json", &apps)
		ev := w.file["corpA"]
		if len(apps) != 1 || apps[0].Organisation != "入库单位A" || apps[0].State != "审核中" || apps[0].Role != "供应商" ||
			apps[0].EvidenceFile != "photos/"+ev.ID+"."+ev.Ext {
			t.Fatalf("applications: %+v", apps)
		}
		if b := corp[apps[0].EvidenceFile]; !bytes.HasPrefix(b, []byte("\x89PNG")) || int64(len(b)) != ev.Size {
			t.Errorf("the evidence file is not in the zip as uploaded (%d bytes)", len(b))
		}
		var signIns []dataexport.SignIn
		mustJSON(t, corp, "records/sign-ins.json", &signIns)
		if len(signIns) != 1 || signIns[0].UserAgent != "浏览器-corpA" || signIns[0].ClientAddr != "10.0.0.1" {
			t.Errorf("enterprise's sign-ins: %+v", signIns)
		}
		if !strings.Contains(string(corp["我的数据.txt"]), "入库申请：1 条") {
			t.Errorf("readable text lacks the applications:\n%s", corp["我的数据.txt"])
		}

		person := w.export(t, "personA")
		mustJSON(t, person, "records/operator-links.json", &links)
		if len(links) != 1 || links[0].Other.Name != "企业A" || links[0].MyRole != "经办人" || links[0].SentBy != "企业邀请" {
			t.Errorf("person's operator links: %+v", links)
		}
		var blocks []dataexport.BlockedEnterprise
		personB := w.export(t, "personB")
		mustJSON(t, personB, "records/operator-blocks.json", &blocks)
		if len(blocks) != 1 || blocks[0].Enterprise.Name != "企业A" || !blocks[0].BlockedAt.Equal(w.now) ||
			blocks[0].Enterprise.CertNumMasked == "" || strings.Contains(blocks[0].Enterprise.CertNumMasked, "91350100M000100Y43") {
			t.Errorf("personB's blocks: %+v", blocks)
		}
		if !strings.Contains(string(personB["我的数据.txt"]), "已屏蔽的企业：1 家") {
			t.Errorf("readable text lacks the blocks:\n%s", personB["我的数据.txt"])
		}
		// The blocked enterprise is not told; another person has none.
		if _, ok := corp["records/operator-blocks.json"]; ok {
			t.Error("an enterprise's export names who blocks it")
		}
		mustJSON(t, person, "records/operator-blocks.json", &blocks)
		if len(blocks) != 0 {
			t.Errorf("personA's blocks: %+v", blocks)
		}
		var certs dataexport.Certificates
		mustJSON(t, person, "records/certificates.json", &certs)
		if len(certs.Bound) != 1 || certs.Bound[0].Serial != "5E41AA" || certs.Bound[0].SubjectDN != "CN=证书主体A" ||
			len(certs.Log) != 1 || certs.Log[0].Action != "绑定" {
			t.Errorf("certificates: %+v", certs)
		}
		if _, ok := person["photos/"+w.file["personA"].ID+"."+w.file["personA"].Ext]; !ok {
			t.Errorf("the person's photo is missing")
		}

		// Nothing of the other pair, and no key material, anywhere.
		for who, zipped := range map[string]map[string][]byte{"corpA": corp, "personA": person} {
			for name, b := range zipped {
				for _, mark := range []string{"personbx", "corpbx", "经办人B", "企业B", "入库单位B", "5E41AB", "证书主体B", "浏览器-", "10.0.0.2",
					"110105194912310029", "91110000600037341L", "PUBKEY", "DERA", "hash-"} {
					if mark == "浏览器-" {
						mark += map[string]string{"corpA": "personA", "personA": "corpA"}[who]
					}
					if bytes.Contains(b, []byte(mark)) {
						t.Errorf("%s's export holds %q in %s", who, mark, name)
					}
				}
				if strings.HasPrefix(name, "photos/") && (strings.Contains(name, w.file["personB"].ID) || strings.Contains(name, w.file["corpB"].ID)) {
					t.Errorf("%s's export holds another account's file %s", who, name)
				}
			}
		}
		for _, id := range []string{w.file["corpA"].ID, w.file["personB"].ID, w.file["corpB"].ID} {
			for name := range person {
				if strings.Contains(name, id) {
					t.Errorf("the person's export holds a file it did not upload: %s", name)
				}
			}
		}
	})
}

func mustJSON(t *testing.T, z map[string][]byte, name string, v any) {
	t.Helper()
	b, ok := z[name]
	if !ok {
		t.Fatalf("no %s in the export", name)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// TestExportLimits: one account never has two exports under way, even
// when 50 requests ask at once through two instances (two services
// sharing the ephemeral store, Redis when BIDPASS_TEST_REDIS is set); it
// may start PerDay exports a day, then 今日导出次数已达上限; and an
// instance streams at most Concurrent exports, all accounts together.
// On both databases and both ephemeral stores.
func TestExportLimits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		ephemeraltest.Each(t, clock.NewFake(w.now), func(t *testing.T, e ephemeral.Store) {
			ctx := context.Background()
			lim := dataexport.Limits{PerDay: 3, Concurrent: 50}
			instances := []*dataexport.Service{w.service(e, lim), w.service(e, lim)}
			id := w.acc["personA"].ID
			var mu sync.Mutex
			var held []*dataexport.Export
			refused := map[string]int{}
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range 50 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					ex, err := instances[i%2].Begin(ctx, id)
					mu.Lock()
					defer mu.Unlock()
					if err != nil {
						refused[apperrReason(err)]++
						return
					}
					held = append(held, ex)
				}()
			}
			close(start)
			wg.Wait()
			t.Logf("50 parallel exports of one account through two instances: %d begun, refused %v", len(held), refused)
			if len(held) != 1 || refused["export.running"] != 49 {
				t.Fatalf("%d exports begun at once (refused %v), want 1 and 49 export.running", len(held), refused)
			}
			if err := held[0].WriteTo(ctx, io.Discard); err != nil {
				t.Fatal(err)
			}
			held[0].Close()
			// The first counted; two more today, then the limit.
			for i := 0; i < 2; i++ {
				if err := instances[i%2].Write(ctx, id, io.Discard); err != nil {
					t.Fatalf("export %d of the day: %v", i+2, err)
				}
			}
			if err := instances[0].Write(ctx, id, io.Discard); apperrReason(err) != "export.daily_limit" {
				t.Fatalf("the fourth export of the day: %v, want export.daily_limit", err)
			}
			if err := instances[1].Write(ctx, w.acc["corpA"].ID, io.Discard); err != nil {
				t.Fatalf("another account's export: %v", err)
			}

			// The instance cap: two exports under way fill an instance of
			// two; a third account is refused there, not on the other.
			capped := w.service(e, dataexport.Limits{Concurrent: 2})
			a, err := capped.Begin(ctx, w.acc["personB"].ID)
			if err != nil {
				t.Fatal(err)
			}
			b, err := capped.Begin(ctx, w.acc["corpB"].ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := capped.Begin(ctx, w.acc["corpA"].ID); apperrReason(err) != "export.busy" {
				t.Fatalf("a third export on an instance of two: %v, want export.busy", err)
			}
			a.Close()
			b.Close()
			if err := capped.Write(ctx, w.acc["corpA"].ID, io.Discard); err != nil {
				t.Fatalf("after the two ended: %v", err)
			}
		})
	})
}

func apperrReason(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Reason
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestExportReadableTextAndEntryTimes: 我的数据.txt gives times in China
// time with the zone named and regions by name, not codes; every zip entry
// carries a real modification time (an unset one reads 1980-00-00), in
// China time, on both databases.
func TestExportReadableTextAndEntryTimes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		w := newWorld(t, db)
		var buf bytes.Buffer
		svc := w.service(ephemeral.NewMemory(clock.NewFake(w.now)), dataexport.Limits{})
		if err := svc.Write(context.Background(), w.acc["personA"].ID, &buf); err != nil {
			t.Fatal(err)
		}
		z, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
		if err != nil {
			t.Fatal(err)
		}
		beijing := time.FixedZone("", 8*3600)
		var text string
		for _, f := range z.File {
			// The MS-DOS time is the wall clock of China time (08:00 UTC is 16:00 there).
			if got := f.Modified.In(beijing); !got.Equal(w.now) {
				t.Errorf("%s modified %v, want %v", f.Name, f.Modified, w.now.In(beijing))
			}
			if f.ModifiedDate == 0 || f.ModifiedTime>>11 != 16 {
				t.Errorf("%s: MS-DOS date %d time %d, want 16:00 on a real date", f.Name, f.ModifiedDate, f.ModifiedTime)
			}
			if f.Name == "我的数据.txt" {
				rc, _ := f.Open()
				b, _ := io.ReadAll(rc)
				rc.Close()
				text = string(b)
			}
		}
		for _, want := range []string{"注册时间：2026-11-25 16:00:00（北京时间，Asia/Shanghai，UTC+08:00）", "地址：北京市朝阳区 建国路A"} {
			if !strings.Contains(text, want) {
				t.Errorf("readable text lacks %q:\n%s", want, text)
			}
		}
		for _, raw := range []string{"110000", "UTC\n", "08:00:00 "} {
			if strings.Contains(text, raw) {
				t.Errorf("readable text has %q:\n%s", raw, text)
			}
		}
	})
}
