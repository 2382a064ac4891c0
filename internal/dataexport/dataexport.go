// Package dataexport builds the zip a portal account downloads with all
// the data bidpass holds about it (docs/decisions/personal-data.md, "Data protection", PIPL's right of access): its
// information as JSON and as readable text, its records (modifications,
// operations, operator links, library admission applications, certificates,
// sign-ins; records.go), and its photos and other uploaded files.
// Only the signed-in account's own data is ever read: the account id comes
// from the session, never from the request.
package dataexport

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/admission"
	"bidpass/internal/apperr"
	"bidpass/internal/certificate"
	"bidpass/internal/clock"
	"bidpass/internal/devices"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/operator"
	"bidpass/internal/profile"
	"bidpass/internal/session"
)

// Store reads what the export holds.
type Store interface {
	AccountByID(ctx context.Context, id int64) (account.Account, error)
	PersonProfile(ctx context.Context, accountID int64) (account.PersonProfile, error)
	EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error)
	ModificationRecords(ctx context.Context, accountID int64, offset, limit int) ([]profile.ModificationRecord, int64, error)
	OperationRecords(ctx context.Context, accountID int64, offset, limit int) ([]profile.OperationRecord, int64, error)
	FilesOwnedBy(ctx context.Context, owner int64) ([]files.File, error)
	OperatorLinks(ctx context.Context, side operator.Side, accountID int64, offset, limit int) ([]operator.Entry, int64, error)
	BlockedEnterprises(ctx context.Context, personID int64) ([]operator.Blocked, error)
	Applications(ctx context.Context, accountID int64) ([]admission.Application, error)
	BoundCertificatesOf(ctx context.Context, realm session.Kind, subjectID int64) ([]certificate.Binding, error)
	CertificateLog(ctx context.Context, realm session.Kind, subjectID int64, offset, limit int) ([]certificate.LogEntry, int64, error)
	// SessionsOf lists a subject's sessions, newest first.
	SessionsOf(ctx context.Context, kind session.Kind, subjectID int64) ([]session.Record, error)
	// SignInEvents is the subject's sign-in history (devices.HistoryStore).
	SignInEvents(ctx context.Context, kind session.Kind, subjectID int64, since time.Time, offset, limit int) ([]devices.Event, int, error)
}

// Opener reads a file's bytes as its owner (files.Service).
type Opener interface {
	Open(ctx context.Context, actor files.Actor, id string) (files.File, io.ReadCloser, error)
}

// Places names the divisions a profile stores as codes (refdata.Catalog).
type Places interface {
	// AreaFullNameOf names the deepest of a province/city/area triple as
	// an address is written (北京市朝阳区), or "" if unknown.
	AreaFullNameOf(province, city, area string) string
}

// Limits bound exports (docs/decisions/export-readiness-locks.md). One
// account never has two exports running, whatever the instance.
type Limits struct {
	// PerDay is how many exports one account may start a Beijing day
	// (counted in the ephemeral store, shared by the instances); 0: no limit.
	PerDay int
	// Concurrent is how many exports this instance streams at once, all
	// accounts together; 0: no limit.
	Concurrent int
}

// The refusals of the limits.
var (
	ErrRunning    = apperr.New(apperr.TooMany, "export.running", "数据导出正在进行中，请稍后再试")
	ErrDailyLimit = apperr.New(apperr.TooMany, "export.daily_limit", "今日导出次数已达上限，请明天再试")
	ErrBusy       = apperr.New(apperr.TooMany, "export.busy", "当前导出人数较多，请稍后再试")
)

// Service builds exports.
type Service struct {
	store  Store
	files  Opener
	places Places
	eph    ephemeral.Store
	clock  clock.Clock
	log    *slog.Logger
	lim    Limits
	slots  chan struct{} // this instance's exports under way; nil: no cap
}

// New returns the service.
func New(s Store, f Opener, p Places, e ephemeral.Store, c clock.Clock, log *slog.Logger, lim Limits) *Service {
	svc := &Service{store: s, files: f, places: p, eph: e, clock: c, log: log, lim: lim}
	if lim.Concurrent > 0 {
		svc.slots = make(chan struct{}, lim.Concurrent)
	}
	return svc
}

// Info is account.json: the account and its profile in full (the holder
// sees their own numbers unmasked, as the logged reveal would show them).
type Info struct {
	Account struct {
		Name      string    `json:"account"`
		Type      string    `json:"type"`
		Phone     string    `json:"phone"`
		Email     string    `json:"email"`
		AuthState int       `json:"authState"`
		CreatedAt time.Time `json:"createdAt"`
	} `json:"account"`
	Person     *account.PersonProfile     `json:"person,omitempty"`
	Enterprise *account.EnterpriseProfile `json:"enterprise,omitempty"`
}

// Export is one export under way: its limits taken and the account's
// records read, so that what can fail on the database fails before the
// first byte is sent. Close gives the limits back.
type Export struct {
	s       *Service
	account account.Account
	docs    []doc
	fs      []files.File
	at      time.Time // when the export was read: the documents' modification time
	release func()
	// giveBack returns the day's export when it ends before its first
	// byte; nil once streaming began.
	giveBack func()
}

type doc struct {
	name string
	v    any
}

// runningTTL is how long the running mark of an export lives without
// renewal: an instance that dies mid-export frees the account after it.
const runningTTL = 2 * time.Minute

// zoneNote names the zone after a time in the readable text.
const zoneNote = "（北京时间，Asia/Shanghai，UTC+08:00）"

// Begin takes the limits for accountID's export and reads its records.
// It answers ErrBusy, ErrRunning or ErrDailyLimit when a limit refuses.
func (s *Service) Begin(ctx context.Context, accountID int64) (*Export, error) {
	var undo []func()
	release := func() {
		for i := len(undo) - 1; i >= 0; i-- {
			undo[i]()
		}
	}
	if s.slots != nil {
		select {
		case s.slots <- struct{}{}:
			undo = append(undo, func() { <-s.slots })
		default:
			return nil, ErrBusy
		}
	}
	if err := s.markRunning(ctx, accountID, &undo); err != nil {
		release()
		return nil, err
	}
	var giveBack func()
	if s.lim.PerDay > 0 {
		key := fmt.Sprintf("export:day:%d:%s", accountID, s.clock.Now().In(clock.China).Format("20060102"))
		n, err := s.eph.IncrBy(ctx, key, 1, 48*time.Hour)
		if err != nil {
			release()
			return nil, err
		}
		if n > int64(s.lim.PerDay) {
			_, _ = s.eph.IncrBy(context.WithoutCancel(ctx), key, -1, 48*time.Hour)
			release()
			return nil, ErrDailyLimit
		}
		giveBack = func() { _, _ = s.eph.IncrBy(context.WithoutCancel(ctx), key, -1, 48*time.Hour) }
	}
	e, err := s.read(ctx, accountID)
	if err != nil {
		if giveBack != nil {
			giveBack()
		}
		release()
		return nil, err
	}
	e.release, e.giveBack = release, giveBack
	return e, nil
}

// markRunning sets the account's running mark (SetNX: of two instances
// asking at once one gets it) and keeps renewing it until the export ends.
func (s *Service) markRunning(ctx context.Context, accountID int64, undo *[]func()) error {
	key := fmt.Sprintf("export:running:%d", accountID)
	tok := make([]byte, 16)
	_, _ = rand.Read(tok)
	ok, err := s.eph.SetNX(ctx, key, tok, runningTTL)
	if err != nil {
		return err
	}
	if !ok {
		return ErrRunning
	}
	stop := make(chan struct{})
	go func() {
		t := time.NewTicker(runningTTL / 4)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				_ = s.eph.Set(context.WithoutCancel(ctx), key, tok, runningTTL)
			}
		}
	}()
	*undo = append(*undo, func() {
		close(stop)
		c := context.WithoutCancel(ctx)
		if v, err := s.eph.Get(c, key); err == nil && bytes.Equal(v, tok) {
			_ = s.eph.Delete(c, key)
		}
	})
	return nil
}

// read gathers everything but the files' bytes.
func (s *Service) read(ctx context.Context, accountID int64) (*Export, error) {
	a, err := s.store.AccountByID(ctx, accountID)
	if err != nil {
		return nil, err
	}
	var info Info
	info.Account.Name, info.Account.Phone, info.Account.Email = a.Name, a.Phone, a.Email
	info.Account.AuthState, info.Account.CreatedAt = int(a.AuthState), a.CreatedAt.UTC()
	info.Account.Type = "person"
	if a.Type == account.Enterprise {
		info.Account.Type = "enterprise"
		if p, err := s.store.EnterpriseProfile(ctx, a.ID); err == nil {
			info.Enterprise = &p
		} else if err != account.ErrNotFound {
			return nil, err
		}
	} else if p, err := s.store.PersonProfile(ctx, a.ID); err == nil {
		info.Person = &p
	} else if err != account.ErrNotFound {
		return nil, err
	}
	mods, err := all(ctx, a.ID, s.store.ModificationRecords)
	if err != nil {
		return nil, err
	}
	ops, err := all(ctx, a.ID, s.store.OperationRecords)
	if err != nil {
		return nil, err
	}
	fs, err := s.store.FilesOwnedBy(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	links, err := s.operatorLinks(ctx, a)
	if err != nil {
		return nil, err
	}
	blocks, err := s.blockedEnterprises(ctx, a)
	if err != nil {
		return nil, err
	}
	apps, err := s.applications(ctx, a, fs)
	if err != nil {
		return nil, err
	}
	certs, err := s.certificates(ctx, a)
	if err != nil {
		return nil, err
	}
	signIns, err := s.signIns(ctx, a)
	if err != nil {
		return nil, err
	}
	// Every event the history keeps (HistoryKept), not a page of them.
	history, _, err := s.store.SignInEvents(ctx, session.Portal, a.ID, s.clock.Now().Add(-devices.HistoryKept), 0, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	counts := recordCounts{mods: len(mods), ops: len(ops), links: len(links), blocks: len(blocks), apps: len(apps),
		certs: len(certs.Bound), certLog: len(certs.Log), signIns: len(signIns), history: len(history)}
	docs := []doc{
		{"account.json", info},
		{"records/modification-records.json", mods},
		{"records/operation-records.json", ops},
		{"records/operator-links.json", links},
	}
	if blocks != nil {
		docs = append(docs, doc{"records/operator-blocks.json", blocks})
	}
	docs = append(docs,
		doc{"records/admission-applications.json", apps},
		doc{"records/certificates.json", certs},
		doc{"records/sign-ins.json", signIns},
		doc{"records/sign-in-history.json", historyOut(history)},
		doc{"我的数据.txt", readable(info, counts, fs, s.places)})
	return &Export{s: s, account: a, fs: fs, at: s.clock.Now(), docs: docs}, nil
}

// WriteTo streams the zip to w: each file is copied from the blob store
// into its entry as it is read (stored, not compressed: photos and
// documents are compressed already), so the memory an export holds is a
// copy buffer whatever the account's size. A failure midway leaves the zip
// without its central directory: no client takes it for whole.
func (e *Export) WriteTo(ctx context.Context, w io.Writer) error {
	// The first byte goes: the day's export is spent whatever follows.
	e.giveBack = nil
	z := zip.NewWriter(w)
	for _, d := range e.docs {
		var b []byte
		if text, ok := d.v.(string); ok {
			b = []byte(text)
		} else {
			var err error
			if b, err = json.MarshalIndent(d.v, "", "  "); err != nil {
				return err
			}
		}
		if err := put(z, d.name, e.at, b); err != nil {
			return err
		}
	}
	buf := make([]byte, 32<<10)
	for _, f := range e.fs {
		_, rc, err := e.s.files.Open(ctx, files.Actor{AccountID: e.account.ID}, f.ID)
		if err != nil {
			return fmt.Errorf("export file %s: %w", f.ID, err)
		}
		fw, err := z.CreateHeader(&zip.FileHeader{Name: filePath(f), Method: zip.Store, Modified: f.CreatedAt.In(clock.China)})
		if err == nil {
			_, err = io.CopyBuffer(fw, onlyReader{rc}, buf)
		}
		rc.Close()
		if err != nil {
			return err
		}
	}
	if err := z.Close(); err != nil {
		return err
	}
	e.s.log.Info("data export: an account downloaded its data", "account_id", e.account.ID, "files", len(e.fs))
	return nil
}

// Close gives back the limits the export took.
func (e *Export) Close() {
	if e.giveBack != nil {
		e.giveBack()
		e.giveBack = nil
	}
	if e.release != nil {
		e.release()
		e.release = nil
	}
}

// Write is Begin, WriteTo and Close: the whole zip of accountID's data to w.
func (s *Service) Write(ctx context.Context, accountID int64, w io.Writer) error {
	e, err := s.Begin(ctx, accountID)
	if err != nil {
		return err
	}
	defer e.Close()
	return e.WriteTo(ctx, w)
}

// onlyReader hides a reader's WriterTo (an *os.File has one) so CopyBuffer
// uses the given buffer rather than making its own.
type onlyReader struct{ io.Reader }

// put writes one document, deflated, dated at (in China time: an archive
// tool shows the MS-DOS time as it is; without a date it shows 1980-00-00).
func put(z *zip.Writer, name string, at time.Time, b []byte) error {
	w, err := z.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: at.In(clock.China)})
	if err == nil {
		_, err = w.Write(b)
	}
	return err
}

// all reads every page of a record list.
func all[T any](ctx context.Context, id int64, list func(context.Context, int64, int, int) ([]T, int64, error)) ([]T, error) {
	out := []T{}
	for {
		page, total, err := list(ctx, id, len(out), 500)
		if err != nil {
			return nil, err
		}
		out = append(out, page...)
		if len(page) == 0 || int64(len(out)) >= total {
			return out, nil
		}
	}
}

// recordCounts are the lengths of the record lists, for the readable text.
type recordCounts struct{ mods, ops, links, blocks, apps, certs, certLog, signIns, history int }

// readable is the text form of the export, for a person rather than a program.
func readable(info Info, n recordCounts, fs []files.File, places Places) string {
	var b strings.Builder
	line := func(k, v string) { fmt.Fprintf(&b, "%s：%s\n", k, v) }
	b.WriteString("我的数据（bidpass 导出）\n\n【账户】\n")
	line("账号", info.Account.Name)
	line("手机号", info.Account.Phone)
	line("邮箱", info.Account.Email)
	line("注册时间", info.Account.CreatedAt.In(clock.China).Format("2006-01-02 15:04:05")+zoneNote)
	// The region by its name (the codes are in account.json).
	address := func(province, city, area, detail string) string {
		return strings.TrimSpace(places.AreaFullNameOf(province, city, area) + " " + detail)
	}
	if p := info.Person; p != nil {
		b.WriteString("\n【个人信息】\n")
		line("姓名", p.RealName)
		line("证件类型", p.CertType)
		line("证件号码", p.CertNum)
		line("证件有效期", p.CertStart+" 至 "+p.CertEnd)
		line("地址", address(p.Province, p.City, p.Area, p.DetailAddr))
	}
	if e := info.Enterprise; e != nil {
		b.WriteString("\n【企业信息】\n")
		line("企业名称", e.Name)
		line("证件号码", e.CertNum)
		line("法定代表人", e.Legal.Name)
		line("法定代表人证件号码", e.Legal.CertNum)
		line("联系人", e.Contact.Name+" "+e.Contact.Phone)
		line("地址", address(e.Province, e.City, e.Area, e.DetailAddr))
	}
	b.WriteString("\n【记录】\n")
	line("修改记录", fmt.Sprintf("%d 条（records/modification-records.json）", n.mods))
	line("操作记录", fmt.Sprintf("%d 条（records/operation-records.json）", n.ops))
	line("经办人关系", fmt.Sprintf("%d 条（records/operator-links.json）", n.links))
	if info.Account.Type == "person" {
		line("已屏蔽的企业", fmt.Sprintf("%d 家（records/operator-blocks.json）", n.blocks))
	}
	line("入库申请", fmt.Sprintf("%d 条（records/admission-applications.json，证明材料见其中的 evidenceFile）", n.apps))
	line("绑定的证书", fmt.Sprintf("%d 张，绑定与解绑记录 %d 条（records/certificates.json，不含私钥）", n.certs, n.certLog))
	line("登录记录", fmt.Sprintf("%d 条（records/sign-ins.json，结束一天后删除）", n.signIns))
	line("登录历史", fmt.Sprintf("%d 条（records/sign-in-history.json，含失败的尝试，保留 90 天）", n.history))
	b.WriteString("\n【照片与文件】\n")
	for _, f := range fs {
		line(f.OriginalName, filePath(f))
	}
	return b.String()
}
