package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"

	"bidpass/internal/profile"
)

// The account centre (docs/decisions/account-centre.md, "Account centre"): basic information, edits, rename,
// security, verification cancel, modification and operation records, the
// CA entry check. The acting account is always the session's; an id the
// client sends that names another account is refused with 403.

// ownRead serves a GET that reads the session's own account; an id
// in the query naming another account is refused with 403.
func ownRead[T, R any](read func(ctx context.Context, accountID int64) (T, error), out func(T) R) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		v, err := read(r.Context(), p.ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, out(v))
	})
}

func handlePerson(d Deps) http.Handler { return ownRead(d.Profile.Person, personOut) }

func handleEnterprise(d Deps) http.Handler { return ownRead(d.Profile.Enterprise, enterpriseOut) }

// handleRevealCertNum answers a certificate number in full; which is fixed
// for the person route and chosen by ?which=enterprise|legal otherwise.
func handleRevealCertNum(d Deps, which string) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		wh := which
		if wh == "" {
			wh = r.URL.Query().Get("which")
			if wh == "" {
				wh = profile.RevealEnterprise
			}
		}
		num, err := svc.RevealCertNum(r.Context(), p.ID, wh, clientFrom(r.Context()).Addr)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, certNumResponse{CertNum: num})
	})
}

func handleTrust(d Deps) http.Handler { return ownRead(d.Profile.Trust, trustOut) }

// personEditRequest is every person edit call's body; the server decides
// the kind of edit from what changed, so updateType is not read.
type personEditRequest struct {
	accountRef
	Name       flexString `json:"name"`
	CertType   flexString `json:"certType"`
	CertNum    flexString `json:"certNum"`
	CertStart  flexString `json:"certStart"`
	CertEnd    flexString `json:"certEnd"`
	CertValid  *bool      `json:"certValid"`
	LongTerm   *bool      `json:"longTerm"`
	Province   flexString `json:"province"`
	City       flexString `json:"city"`
	Area       flexString `json:"area"`
	DetailAddr flexString `json:"detailAddr"`
	FrontID    flexString `json:"personfrontId"`
	FrontID2   flexString `json:"personFrontId"`
	BackID     flexString `json:"personbackId"`
	BackID2    flexString `json:"personBackId"`
}

func handlePersonEdit(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var req personEditRequest
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		long := req.LongTerm
		if long == nil {
			long = req.CertValid
		}
		res, err := svc.EditPerson(r.Context(), p.ID, profile.PersonEdit{
			Name: req.Name.ptr(), CertType: req.CertType.ptr(), CertNum: req.CertNum.ptr(),
			CertStart: req.CertStart.ptr(), CertEnd: req.CertEnd.ptr(), LongTerm: long,
			Province: req.Province.ptr(), City: req.City.ptr(), Area: req.Area.ptr(), DetailAddr: req.DetailAddr.ptr(),
			FrontID: first(req.FrontID, req.FrontID2), BackID: first(req.BackID, req.BackID2),
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, res.Message(), editOut(res))
	})
}

type enterprisePart struct {
	Type            flexString `json:"type"`
	Name            flexString `json:"name"`
	CertType        flexString `json:"certType"`
	CertNum         flexString `json:"certNum"`
	Province        flexString `json:"province"`
	City            flexString `json:"city"`
	Area            flexString `json:"area"`
	DetailAddr      flexString `json:"detailAddr"`
	Industry        flexString `json:"industry"`
	Capital         flexString `json:"capital"`
	CapitalUnit     flexString `json:"capitalUnit"`
	CapitalCurrency flexString `json:"capitalCurrency"`
	LicenseID       flexString `json:"licenseId"`
	LicenseState    flexString `json:"licenseState"`
	EnterpriseID    flexString `json:"enterpriseId"`
}

type legalPart struct {
	Name     flexString `json:"name"`
	CertType flexString `json:"certType"`
	CertNum  flexString `json:"certNum"`
	FrontID  flexString `json:"personFrontId"`
	BackID   flexString `json:"personBackId"`
}

type contactPart struct {
	Name  flexString `json:"name"`
	Phone flexString `json:"phone"`
}

// enterpriseEditRequest accepts the flattened form of
// PUT /api/account/update/information and the nested enterprise /
// legalPerson / contact form of the other calls.
type enterpriseEditRequest struct {
	accountRef
	enterprisePart
	LegalName     flexString      `json:"legalName"`
	LegalCertType flexString      `json:"legalCertType"`
	LegalCertNum  flexString      `json:"legalCertNum"`
	LegalFrontID  flexString      `json:"personFrontId"`
	LegalBackID   flexString      `json:"personBackId"`
	ContactName   flexString      `json:"contactName"`
	ContactPhone  flexString      `json:"contactPhone"`
	SMSCode       string          `json:"smsCode"`
	SMSCodeID     string          `json:"smsCodeId"`
	Enterprise    *enterprisePart `json:"enterprise"`
	EnterpriseVO  *enterprisePart `json:"enterpriseVO"`
	LegalPerson   *legalPart      `json:"legalPerson"`
	LegalPersonVO *legalPart      `json:"legalPersonVO"`
	Contact       *contactPart    `json:"contact"`
	ContactVO     *contactPart    `json:"contactVO"`
}

func (q enterpriseEditRequest) edit() profile.EnterpriseEdit {
	ent := q.enterprisePart
	for _, p := range []*enterprisePart{q.Enterprise, q.EnterpriseVO} {
		if p != nil {
			ent = *p
		}
	}
	legal := legalPart{Name: q.LegalName, CertType: q.LegalCertType, CertNum: q.LegalCertNum, FrontID: q.LegalFrontID, BackID: q.LegalBackID}
	for _, p := range []*legalPart{q.LegalPerson, q.LegalPersonVO} {
		if p != nil {
			legal = *p
		}
	}
	contact := contactPart{Name: q.ContactName, Phone: q.ContactPhone}
	for _, p := range []*contactPart{q.Contact, q.ContactVO} {
		if p != nil {
			contact = *p
		}
	}
	return profile.EnterpriseEdit{
		Type: ent.Type.ptr(), Name: ent.Name.ptr(), CertType: ent.CertType.ptr(), CertNum: ent.CertNum.ptr(),
		Province: ent.Province.ptr(), City: ent.City.ptr(), Area: ent.Area.ptr(), DetailAddr: ent.DetailAddr.ptr(),
		Industry: ent.Industry.ptr(), Capital: ent.Capital.ptr(), CapitalUnit: ent.CapitalUnit.ptr(), CapitalCurrency: ent.CapitalCurrency.ptr(),
		LicenseID: first(ent.LicenseID, ent.EnterpriseID, ent.LicenseState),
		LegalName: legal.Name.ptr(), LegalCertType: legal.CertType.ptr(), LegalCertNum: legal.CertNum.ptr(),
		LegalFrontID: legal.FrontID.ptr(), LegalBackID: legal.BackID.ptr(),
		ContactName: contact.Name.ptr(), ContactPhone: contact.Phone.ptr(),
		SMSCode: strings.TrimSpace(q.SMSCode), SMSCodeID: q.SMSCodeID,
	}
}

func handleEnterpriseEdit(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var req enterpriseEditRequest
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		res, err := svc.EditEnterprise(r.Context(), p.ID, req.edit())
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, res.Message(), editOut(res))
	})
}

// handleLicenseChange serves the licence-change dialog. The spec's GET with
// query parameters keeps working; PUT with a JSON body is the form the app
// uses, because a GET that changes data can be replayed by prefetchers and
// lands in logs and caches.
func handleLicenseChange(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var lic, front, back flexString
		if r.Method == http.MethodGet {
			q := r.URL.Query()
			pick := func(keys ...string) flexString {
				for _, k := range keys {
					if q.Has(k) {
						return flexString{set: true, v: q.Get(k)}
					}
				}
				return flexString{}
			}
			if err := queryAccount(r, p.ID); err != nil {
				respondError(w, r, err)
				return
			}
			lic = pick("licenseId", "licenseid", "enterpriseId")
			front = pick("personFrontId", "personfrontId", "personfrontid")
			back = pick("personBackId", "personbackId", "personbackid")
		} else {
			var req struct {
				accountRef
				LicenseID    flexString `json:"licenseId"`
				EnterpriseID flexString `json:"enterpriseId"`
				FrontID      flexString `json:"personFrontId"`
				BackID       flexString `json:"personBackId"`
			}
			if err := decodeActing(w, r, &req); err != nil {
				respondError(w, r, err)
				return
			}
			lic, front, back = req.LicenseID, req.FrontID, req.BackID
			if !lic.set {
				lic = req.EnterpriseID
			}
		}
		res, err := svc.ChangeLicense(r.Context(), p.ID, profile.LicenseEdit{LicenseID: lic.ptr(), FrontID: front.ptr(), BackID: back.ptr()})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, res.Message(), editOut(res))
	})
}

func handleRename(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := svc.Rename(r.Context(), p.ID, r.PathValue("newAccount")); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "修改成功", nil)
	})
}

func handleSecurityInfo(d Deps) http.Handler { return ownRead(d.Profile.Security, securityOut) }

func handleChangePassword(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var req struct {
			accountRef
			KeyID       string `json:"keyId"`
			OldPwd      string `json:"oldPwd"`
			Pwd         string `json:"pwd"`
			CheckCode   string `json:"checkCode"`
			CheckCodeID string `json:"checkCodeId"`
		}
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		err := svc.ChangePassword(r.Context(), p.ID, p.TokenHash, profile.PasswordChange{
			KeyID: req.KeyID, OldPassword: req.OldPwd, NewPassword: req.Pwd,
			CheckCode: strings.TrimSpace(req.CheckCode), CheckCodeID: req.CheckCodeID,
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "修改成功", nil)
	})
}

func handleChangePhone(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := sameAccount(p.ID, r.PathValue("id")); err != nil {
			respondError(w, r, err)
			return
		}
		var req struct {
			accountRef
			CheckCode   string `json:"checkCode"`
			CheckCodeID string `json:"checkCodeId"`
			Phone       string `json:"phone"`
			SMSCode     string `json:"smsCode"`
			SMSCodeID   string `json:"smsCodeId"`
		}
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		err := svc.ChangePhone(r.Context(), p.ID, profile.PhoneChange{
			CheckCode: strings.TrimSpace(req.CheckCode), CheckCodeID: req.CheckCodeID, Phone: req.Phone,
			SMSCode: strings.TrimSpace(req.SMSCode), SMSCodeID: req.SMSCodeID,
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "修改成功", nil)
	})
}

// handleChangeEmail is PUT /api/account/email/{id}: bind or change the
// verified e-mail address (docs/decisions/sign-in.md, "E-mail binding").
func handleChangeEmail(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := sameAccount(p.ID, r.PathValue("id")); err != nil {
			respondError(w, r, err)
			return
		}
		var req struct {
			accountRef
			CheckCode   string `json:"checkCode"`
			CheckCodeID string `json:"checkCodeId"`
			Email       string `json:"email"`
			EmailCode   string `json:"emailCode"`
			EmailCodeID string `json:"emailCodeId"`
		}
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		err := svc.ChangeEmail(r.Context(), p.ID, profile.EmailChange{
			CheckCode: strings.TrimSpace(req.CheckCode), CheckCodeID: req.CheckCodeID, Email: req.Email,
			EmailCode: strings.TrimSpace(req.EmailCode), EmailCodeID: req.EmailCodeID,
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "绑定成功", nil)
	})
}

func handleCancelVerification(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var req accountRef
		// The old client sends {accountId}; an empty body is fine too.
		if r.ContentLength != 0 {
			if err := decode(w, r, &req); err != nil {
				respondError(w, r, err)
				return
			}
		}
		if err := req.check(p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		if err := svc.CancelVerification(r.Context(), p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "撤销成功", nil)
	})
}

// ownPage serves a page of the caller's own records (?page&pageSize; an
// accountId in the query must be the caller's), each converted by row.
func ownPage[T, J any](load func(ctx context.Context, self int64, page, size int) ([]T, int64, error), row func(T) J) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		page, size := pageParams(r)
		vs, n, err := load(r.Context(), p.ID, page, size)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]J, 0, len(vs))
		for _, v := range vs {
			out = append(out, row(v))
		}
		respondList(w, out, n)
	})
}

// pageParams reads page and pageSize (0 when absent or malformed).
func pageParams(r *http.Request) (int, int) {
	q := r.URL.Query()
	page, _ := strconv.Atoi(q.Get("page"))
	size, _ := strconv.Atoi(q.Get("pageSize"))
	return page, size
}

// timeText formats a stored time for the client (RFC 3339, UTC).
func timeText(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

type modRecordJSON struct {
	InfoID        int64   `json:"infoId"`
	InfoItem      string  `json:"infoItem"`
	BeforeValue   string  `json:"beforeValue"`
	AfterValue    string  `json:"afterValue"`
	OperationTime *string `json:"operationTime"`
	IsValid       int     `json:"isValid"`
	AuthMethod    string  `json:"authMethod"`
	AuthState     int     `json:"authState"`
	AuthTime      *string `json:"authTime"`
	ApplyID       *int64  `json:"applyId"`
	Revocable     bool    `json:"revocable"`
}

func handleModifyRecords(d Deps) http.Handler {
	return ownPage(d.Profile.ModificationRecords, func(m profile.ModificationRecord) modRecordJSON {
		op := m.OperationTime
		return modRecordJSON{InfoID: m.ID, InfoItem: m.InfoItem, BeforeValue: m.BeforeValue, AfterValue: m.AfterValue,
			OperationTime: timeText(&op), IsValid: m.IsValid, AuthMethod: m.AuthMethod, AuthState: m.AuthState,
			AuthTime: timeText(m.AuthTime), ApplyID: m.ReviewID, Revocable: m.Revocable()}
	})
}

func handleRevertModification(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		id, err := strconv.ParseInt(r.PathValue("infoId"), 10, 64)
		if err != nil {
			respondError(w, r, profile.ErrRecordNotFound)
			return
		}
		if err := svc.RevertModification(r.Context(), p.ID, id); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "撤销成功", nil)
	})
}

type operationRecordJSON struct {
	ID            int64                 `json:"id"`
	AccountName   string                `json:"accountName"`
	CTime         *string               `json:"ctime"`
	OperationType string                `json:"operationType"`
	Remarks       []fieldChangeResponse `json:"remarks"`
	AuthType      string                `json:"authtype"`
	NoPassReason  string                `json:"noPassReason"`
	AppendixList  []fileRefResponse     `json:"appendixList"`
}

func handleOperationRecords(d Deps) http.Handler {
	svc := d.Profile
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		// The spec's client sends its account name; a name other than the
		// caller's asks for someone else's records.
		if name := strings.TrimSpace(r.URL.Query().Get("account")); name != "" {
			sec, err := svc.Security(r.Context(), p.ID)
			if err != nil {
				respondError(w, r, err)
				return
			}
			if !strings.EqualFold(name, sec.Account) {
				respondError(w, r, errOtherAccount)
				return
			}
		}
		page, size := pageParams(r)
		rs, n, err := svc.OperationRecords(r.Context(), p.ID, page, size)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]operationRecordJSON, 0, len(rs))
		for _, o := range rs {
			ct := o.CreatedAt
			out = append(out, operationRecordJSON{ID: o.ID, AccountName: o.ActorName, CTime: timeText(&ct), OperationType: o.OperationType,
				Remarks: fieldChangesOut(o.Remarks), AuthType: o.AuthType, NoPassReason: o.NoPassReason, AppendixList: fileRefsOut(o.Appendix)})
		}
		respondList(w, out, n)
	})
}
