// Package dataexport builds the zip a portal account downloads with all
// the data bidpass holds about it (issue 17, PIPL's right of access): its
// information as JSON and as readable text, its records (modifications,
// operations, operator links, library admission applications, certificates,
// sign-ins; records.go), and its photos and other uploaded files.
// Only the signed-in account's own data is ever read: the account id comes
// from the session, never from the request.
package dataexport

import (
	"archive/zip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/admission"
	"bidpass/internal/certificate"
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
	Applications(ctx context.Context, accountID int64) ([]admission.Application, error)
	BoundCertificatesOf(ctx context.Context, realm session.Kind, subjectID int64) ([]certificate.Binding, error)
	CertificateLog(ctx context.Context, realm session.Kind, subjectID int64, offset, limit int) ([]certificate.LogEntry, int64, error)
	// SessionsOf lists a subject's sessions, newest first.
	SessionsOf(ctx context.Context, kind session.Kind, subjectID int64) ([]session.Record, error)
}

// Opener reads a file's bytes as its owner (files.Service).
type Opener interface {
	Open(ctx context.Context, actor files.Actor, id string) (files.File, io.ReadCloser, error)
}

// Service builds exports.
type Service struct {
	store Store
	files Opener
	log   *slog.Logger
}

// New returns the service.
func New(s Store, f Opener, log *slog.Logger) *Service { return &Service{store: s, files: f, log: log} }

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

// Write writes the zip of accountID's data to w and returns the file name
// to offer.
func (s *Service) Write(ctx context.Context, accountID int64, w io.Writer) error {
	a, err := s.store.AccountByID(ctx, accountID)
	if err != nil {
		return err
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
			return err
		}
	} else if p, err := s.store.PersonProfile(ctx, a.ID); err == nil {
		info.Person = &p
	} else if err != account.ErrNotFound {
		return err
	}
	mods, err := all(ctx, a.ID, s.store.ModificationRecords)
	if err != nil {
		return err
	}
	ops, err := all(ctx, a.ID, s.store.OperationRecords)
	if err != nil {
		return err
	}
	fs, err := s.store.FilesOwnedBy(ctx, a.ID)
	if err != nil {
		return err
	}
	links, err := s.operatorLinks(ctx, a)
	if err != nil {
		return err
	}
	apps, err := s.applications(ctx, a, fs)
	if err != nil {
		return err
	}
	certs, err := s.certificates(ctx, a)
	if err != nil {
		return err
	}
	signIns, err := s.signIns(ctx, a)
	if err != nil {
		return err
	}
	counts := recordCounts{mods: len(mods), ops: len(ops), links: len(links), apps: len(apps),
		certs: len(certs.Bound), certLog: len(certs.Log), signIns: len(signIns)}

	z := zip.NewWriter(w)
	for _, e := range []struct {
		name string
		v    any
	}{
		{"account.json", info},
		{"records/modification-records.json", mods},
		{"records/operation-records.json", ops},
		{"records/operator-links.json", links},
		{"records/admission-applications.json", apps},
		{"records/certificates.json", certs},
		{"records/sign-ins.json", signIns},
	} {
		b, err := json.MarshalIndent(e.v, "", "  ")
		if err != nil {
			return err
		}
		if err := put(z, e.name, b); err != nil {
			return err
		}
	}
	if err := put(z, "我的数据.txt", []byte(readable(info, counts, fs))); err != nil {
		return err
	}
	for _, f := range fs {
		_, rc, err := s.files.Open(ctx, files.Actor{AccountID: a.ID}, f.ID)
		if err != nil {
			return fmt.Errorf("export file %s: %w", f.ID, err)
		}
		fw, err := z.Create(filePath(f))
		if err == nil {
			_, err = io.Copy(fw, rc)
		}
		rc.Close()
		if err != nil {
			return err
		}
	}
	s.log.Info("data export: an account downloaded its data", "account_id", a.ID, "files", len(fs))
	return z.Close()
}

func put(z *zip.Writer, name string, b []byte) error {
	w, err := z.Create(name)
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
type recordCounts struct{ mods, ops, links, apps, certs, certLog, signIns int }

// readable is the text form of the export, for a person rather than a program.
func readable(info Info, n recordCounts, fs []files.File) string {
	var b strings.Builder
	line := func(k, v string) { fmt.Fprintf(&b, "%s：%s\n", k, v) }
	b.WriteString("我的数据（bidpass 导出）\n\n【账户】\n")
	line("账号", info.Account.Name)
	line("手机号", info.Account.Phone)
	line("邮箱", info.Account.Email)
	line("注册时间", info.Account.CreatedAt.Format("2006-01-02 15:04:05 MST"))
	if p := info.Person; p != nil {
		b.WriteString("\n【个人信息】\n")
		line("姓名", p.RealName)
		line("证件类型", p.CertType)
		line("证件号码", p.CertNum)
		line("证件有效期", p.CertStart+" 至 "+p.CertEnd)
		line("地址", strings.Join([]string{p.Province, p.City, p.Area, p.DetailAddr}, " "))
	}
	if e := info.Enterprise; e != nil {
		b.WriteString("\n【企业信息】\n")
		line("企业名称", e.Name)
		line("证件号码", e.CertNum)
		line("法定代表人", e.Legal.Name)
		line("法定代表人证件号码", e.Legal.CertNum)
		line("联系人", e.Contact.Name+" "+e.Contact.Phone)
		line("地址", strings.Join([]string{e.Province, e.City, e.Area, e.DetailAddr}, " "))
	}
	b.WriteString("\n【记录】\n")
	line("修改记录", fmt.Sprintf("%d 条（records/modification-records.json）", n.mods))
	line("操作记录", fmt.Sprintf("%d 条（records/operation-records.json）", n.ops))
	line("经办人关系", fmt.Sprintf("%d 条（records/operator-links.json）", n.links))
	line("入库申请", fmt.Sprintf("%d 条（records/admission-applications.json，证明材料见其中的 evidenceFile）", n.apps))
	line("绑定的证书", fmt.Sprintf("%d 张，绑定与解绑记录 %d 条（records/certificates.json，不含私钥）", n.certs, n.certLog))
	line("登录记录", fmt.Sprintf("%d 条（records/sign-ins.json，结束一天后删除）", n.signIns))
	b.WriteString("\n【照片与文件】\n")
	for _, f := range fs {
		line(f.OriginalName, filePath(f))
	}
	return b.String()
}
