package dataexport

import (
	"context"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/admission"
	"bidpass/internal/certificate"
	"bidpass/internal/certno"
	"bidpass/internal/devices"
	"bidpass/internal/files"
	"bidpass/internal/operator"
	"bidpass/internal/session"
)

// The records beyond the profile's own (docs/decisions/personal-data.md, "Data protection": "information, records and
// photos"): the account's operator links, its library admission
// applications, its certificates and its sign-ins. Each is written as
// records/<name>.json with field names a reader understands, not the
// store's structs.

// OperatorLink is one operator link as the holder sees it. The other
// party's certificate number is masked as on the account centre's screen:
// it is the other party's data, not the holder's.
type OperatorLink struct {
	ID           int64      `json:"id"`
	MyRole       string     `json:"myRole"` // 经办人 (the person) or 企业
	SentBy       string     `json:"sentBy"` // 个人申请 or 企业邀请
	State        string     `json:"state"`  // A0…A4
	StateName    string     `json:"stateName"`
	OperateStart string     `json:"operateStart"`
	OperateEnd   string     `json:"operateEnd"`
	CreatedAt    time.Time  `json:"createdAt"`
	UpdatedAt    time.Time  `json:"updatedAt"`
	Other        OtherParty `json:"otherParty"`
}

// OtherParty is the other side of a link.
type OtherParty struct {
	Account       string `json:"account"`
	Name          string `json:"name"`
	CertNumMasked string `json:"certNumMasked"`
}

// BlockedEnterprise is an enterprise whose invitations the person refuses
// (屏蔽该企业), as on the person's 已屏蔽的企业 list. Only the person's
// export has them: the enterprise is not told it is blocked
// (docs/decisions/races-and-denial.md, "Invitations are limited, and a
// person can block an enterprise").
type BlockedEnterprise struct {
	Enterprise OtherParty `json:"enterprise"`
	BlockedAt  time.Time  `json:"blockedAt"`
}

// Application is one library admission application; EvidenceFile is the
// evidence's path inside the zip.
type Application struct {
	ID           int64      `json:"id"`
	Role         string     `json:"role"`
	Type         string     `json:"type"`
	Organisation string     `json:"organisation"`
	State        string     `json:"state"`
	Reason       string     `json:"reason,omitempty"`
	EvidenceFile string     `json:"evidenceFile"`
	CreatedAt    time.Time  `json:"createdAt"`
	DecidedAt    *time.Time `json:"decidedAt,omitempty"`
}

// Certificates are the bound certificates (descriptions; never a key) and
// the bind/unbind record.
type Certificates struct {
	Bound []BoundCertificate `json:"bound"`
	Log   []CertificateEvent `json:"log"`
}

// BoundCertificate describes one bound certificate.
type BoundCertificate struct {
	Serial     string    `json:"serial"`
	SubjectDN  string    `json:"subject"`
	IssuerDN   string    `json:"issuer"`
	OwnerName  string    `json:"ownerName"`
	ValidStart time.Time `json:"validFrom"`
	ValidEnd   time.Time `json:"validTo"`
	BoundAt    time.Time `json:"boundAt"`
}

// CertificateEvent is one bind or unbind.
type CertificateEvent struct {
	Action     string    `json:"action"` // 绑定 or 解绑
	Serial     string    `json:"serial"`
	SubjectDN  string    `json:"subject"`
	ValidStart time.Time `json:"validFrom"`
	ValidEnd   time.Time `json:"validTo"`
	At         time.Time `json:"at"`
}

// SignIn is one portal session: when it began, was last used and ended,
// and from where. Sessions are kept until a day after they end, so these
// are the recent sign-ins.
type SignIn struct {
	SignedInAt time.Time  `json:"signedInAt"`
	LastSeenAt time.Time  `json:"lastSeenAt"`
	ExpiresAt  time.Time  `json:"expiresAt"`
	SignedOut  *time.Time `json:"signedOutAt,omitempty"`
	ClientAddr string     `json:"clientAddress"`
	UserAgent  string     `json:"userAgent"`
	// Device is the session's public id (the list of signed-in devices);
	// Methods how it was signed in (pwd, sms, hwk, swk).
	Device  string   `json:"device"`
	Methods []string `json:"methods"`
}

var linkStates = map[operator.State]string{
	operator.Pending: "待处理", operator.Bound: "已绑定", operator.Refused: "已拒绝",
	operator.Cancelled: "已取消", operator.Unbound: "已解绑",
}

var admissionStates = map[admission.State]string{
	admission.NotPassedLegacy: "未通过", admission.Admitted: "已入库", admission.NotPassed: "未通过",
	admission.UnderReview: "审核中",
}

// operatorLinks reads every link of the account, on its side.
func (s *Service) operatorLinks(ctx context.Context, a account.Account) ([]OperatorLink, error) {
	side, role := operator.PersonSide, "经办人"
	if a.Type == account.Enterprise {
		side, role = operator.EnterpriseSide, "企业"
	}
	es, err := all(ctx, a.ID, func(ctx context.Context, id int64, offset, limit int) ([]operator.Entry, int64, error) {
		return s.store.OperatorLinks(ctx, side, id, offset, limit)
	})
	if err != nil {
		return nil, err
	}
	out := make([]OperatorLink, 0, len(es))
	for _, e := range es {
		sent := "个人申请"
		if e.HandleType == operator.Invitation {
			sent = "企业邀请"
		}
		out = append(out, OperatorLink{ID: e.ID, MyRole: role, SentBy: sent, State: string(e.State), StateName: linkStates[e.State],
			OperateStart: e.OperateStart, OperateEnd: e.OperateEnd, CreatedAt: e.CreatedAt.UTC(), UpdatedAt: e.UpdatedAt.UTC(),
			Other: OtherParty{Account: e.Other.Account, Name: e.Other.Name, CertNumMasked: certno.Mask(e.Other.CertNum)}})
	}
	return out, nil
}

// blockedEnterprises reads a person's blocks; an enterprise has none.
func (s *Service) blockedEnterprises(ctx context.Context, a account.Account) ([]BlockedEnterprise, error) {
	if a.Type != account.Person {
		return nil, nil
	}
	bs, err := s.store.BlockedEnterprises(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	out := make([]BlockedEnterprise, 0, len(bs))
	for _, b := range bs {
		out = append(out, BlockedEnterprise{BlockedAt: b.BlockedAt.UTC(),
			Enterprise: OtherParty{Account: b.Other.Account, Name: b.Other.Name, CertNumMasked: certno.Mask(b.Other.CertNum)}})
	}
	return out, nil
}

// applications reads the admission applications, naming each evidence by
// its path in the zip (the evidence is a file the account uploaded, so it
// is among the exported files).
func (s *Service) applications(ctx context.Context, a account.Account, fs []files.File) ([]Application, error) {
	apps, err := s.store.Applications(ctx, a.ID)
	if err != nil {
		return nil, err
	}
	paths := make(map[string]string, len(fs))
	for _, f := range fs {
		paths[f.ID] = filePath(f)
	}
	out := make([]Application, 0, len(apps))
	for _, ap := range apps {
		kind := "首次申请"
		if ap.Type == admission.Reapplying {
			kind = "重新申请"
		}
		var decided *time.Time
		if ap.DecidedAt != nil {
			t := ap.DecidedAt.UTC()
			decided = &t
		}
		evidence := paths[ap.Evidence]
		if evidence == "" {
			evidence = ap.Evidence
		}
		out = append(out, Application{ID: ap.ID, Role: ap.Role.Name(), Type: kind, Organisation: ap.OrgName,
			State: admissionStates[ap.State], Reason: ap.Reason, EvidenceFile: evidence, CreatedAt: ap.CreatedAt.UTC(), DecidedAt: decided})
	}
	return out, nil
}

// certificates reads the bound certificates and the bind/unbind record.
func (s *Service) certificates(ctx context.Context, a account.Account) (Certificates, error) {
	out := Certificates{Bound: []BoundCertificate{}, Log: []CertificateEvent{}}
	bs, err := s.store.BoundCertificatesOf(ctx, session.Portal, a.ID)
	if err != nil {
		return out, err
	}
	for _, b := range bs {
		out.Bound = append(out.Bound, BoundCertificate{Serial: b.Serial, SubjectDN: b.SubjectDN, IssuerDN: b.IssuerDN,
			OwnerName: b.OwnerName, ValidStart: b.ValidStart.UTC(), ValidEnd: b.ValidEnd.UTC(), BoundAt: b.BoundAt.UTC()})
	}
	log, err := all(ctx, a.ID, func(ctx context.Context, id int64, offset, limit int) ([]certificate.LogEntry, int64, error) {
		return s.store.CertificateLog(ctx, session.Portal, id, offset, limit)
	})
	if err != nil {
		return out, err
	}
	for _, e := range log {
		action := "绑定"
		if e.HandleType == certificate.HandleUnbind {
			action = "解绑"
		}
		out.Log = append(out.Log, CertificateEvent{Action: action, Serial: e.Serial, SubjectDN: e.SubjectDN,
			ValidStart: e.ValidStart.UTC(), ValidEnd: e.ValidEnd.UTC(), At: e.HandledAt.UTC()})
	}
	return out, nil
}

// signIns reads the account's portal sessions (never their tokens).
func (s *Service) signIns(ctx context.Context, a account.Account) ([]SignIn, error) {
	rs, err := s.store.SessionsOf(ctx, session.Portal, a.ID)
	if err != nil {
		return nil, err
	}
	out := make([]SignIn, 0, len(rs))
	for _, r := range rs {
		var ended *time.Time
		if r.RevokedAt != nil {
			t := r.RevokedAt.UTC()
			ended = &t
		}
		out = append(out, SignIn{SignedInAt: r.CreatedAt.UTC(), LastSeenAt: r.LastSeenAt.UTC(), ExpiresAt: r.ExpiresAt.UTC(),
			SignedOut: ended, ClientAddr: r.ClientAddr, UserAgent: r.UserAgent,
			Device: r.ID, Methods: append([]string{}, r.Methods...)})
	}
	return out, nil
}

// HistoryEntry is one sign-in or refused attempt of the history
// (records/sign-in-history.json).
type HistoryEntry struct {
	At        time.Time `json:"at"`
	Methods   []string  `json:"methods"`
	Result    string    `json:"result"` // ok, or why it was refused (password, locked, disabled, second_factor)
	UserAgent string    `json:"userAgent"`
	Address   string    `json:"address"` // masked as stored
	NewDevice bool      `json:"newDevice"`
}

func historyOut(es []devices.Event) []HistoryEntry {
	out := make([]HistoryEntry, 0, len(es))
	for _, e := range es {
		out = append(out, HistoryEntry{At: e.At.UTC(), Methods: append([]string{}, e.Methods...), Result: e.Result,
			UserAgent: e.UserAgent, Address: e.Address, NewDevice: e.NewDevice})
	}
	return out
}

// filePath is a file's path inside the zip.
func filePath(f files.File) string { return "photos/" + f.ID + "." + f.Ext }
