package httpapi

import "bidpass/internal/profile"

// The account centre's response bodies (api/openapi.yaml: PersonInfo,
// EnterpriseInfo, TrustLevel, SecurityInfo, EditResult, OperationRecord).
// The profile service's types carry no json tags: the wire names are
// decided here. Where a response has exactly the service type's fields the
// mapping is a conversion, so a field added to the service does not build
// until someone decides whether it goes on the wire.

// personResponse is GET /api/account/person.
type personResponse struct {
	Account      string `json:"account"`
	Renamed      bool   `json:"renamed"`
	Phone        string `json:"phone"`
	AuthState    int    `json:"authState"`
	Name         string `json:"name"`
	CertType     string `json:"certType"`
	CertNum      string `json:"certNum"`
	CertStart    string `json:"certStart"`
	CertEnd      string `json:"certEnd"`
	CertLongTerm bool   `json:"certValid"`
	Province     string `json:"province"`
	City         string `json:"city"`
	Area         string `json:"area"`
	AreaName     string `json:"areaName"`
	DetailAddr   string `json:"detailAddr"`
	FrontID      string `json:"personfrontId"`
	BackID       string `json:"personbackId"`
	TakeID       string `json:"certTakeId"`
	CertAddress  string `json:"certDetailAddr"`
}

func personOut(v profile.PersonView) personResponse { return personResponse(v) }

// enterpriseResponse is GET /api/account/enterprise in the spec's three parts.
type enterpriseResponse struct {
	Enterprise  enterpriseVO  `json:"enterpriseVO"`
	LegalPerson legalPersonVO `json:"legalPersonVO"`
	Contact     contactVO     `json:"contactVO"`
	Phone       string        `json:"phone"`
	AuthState   int           `json:"authState"`
}

type enterpriseVO struct {
	Account         string `json:"account"`
	Renamed         bool   `json:"renamed"`
	Name            string `json:"name"`
	Type            string `json:"type"`
	CertType        string `json:"certType"`
	CertNum         string `json:"certNum"`
	Province        string `json:"province"`
	City            string `json:"city"`
	Area            string `json:"area"`
	AreaName        string `json:"areaName"`
	DetailAddr      string `json:"detailAddr"`
	Industry        string `json:"industry"`
	IndustryName    string `json:"industryName"`
	Capital         string `json:"capital"`
	CapitalUnit     string `json:"capitalUnit"`
	CapitalCurrency string `json:"capitalCurrency"`
	LicenseState    string `json:"licenseState"` // the licence image id (the spec's name)
}

type legalPersonVO struct {
	Name     string `json:"name"`
	CertType string `json:"certType"`
	CertNum  string `json:"certNum"`
	FrontID  string `json:"personFrontId"`
	BackID   string `json:"personBackId"`
}

type contactVO struct {
	Name  string `json:"name"`
	Phone string `json:"phone"`
}

func enterpriseOut(v profile.EnterpriseView) enterpriseResponse {
	return enterpriseResponse{
		Enterprise:  enterpriseVO(v.Enterprise),
		LegalPerson: legalPersonVO(v.LegalPerson),
		Contact:     contactVO(v.Contact),
		Phone:       v.Phone,
		AuthState:   v.AuthState,
	}
}

// trustResponse is GET /api/account/auth.
type trustResponse struct {
	Level int                 `json:"level"`
	Items []trustItemResponse `json:"items"`
}

type trustItemResponse struct {
	Type  string `json:"type"`
	State int    `json:"state"`
}

func trustOut(t profile.TrustLevel) trustResponse {
	items := make([]trustItemResponse, 0, len(t.Items))
	for _, it := range t.Items {
		items = append(items, trustItemResponse(it))
	}
	return trustResponse{Level: t.Level, Items: items}
}

// securityResponse is GET /api/account/security/info.
type securityResponse struct {
	Account string `json:"account"`
	Renamed bool   `json:"renamed"`
	Phone   string `json:"phone"`
	Type    int    `json:"type"`
	// Email is "" when none is bound; EmailVerified whether a code sent to it came back.
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
}

func securityOut(s profile.SecurityInfo) securityResponse { return securityResponse(s) }

// certNumResponse is a certificate number shown whole.
type certNumResponse struct {
	CertNum string `json:"certNum"`
}

// editResponse answers the edits and the licence change: whether part of
// the edit waits for review, and which review.
type editResponse struct {
	Waiting  bool  `json:"waiting"`
	ReviewID int64 `json:"reviewId,omitempty"`
}

func editOut(r profile.EditResult) editResponse { return editResponse(r) }

// fieldChangeResponse is one changed field of an operation record.
type fieldChangeResponse struct {
	Key         string `json:"key,omitempty"`
	FieldName   string `json:"fieldName"`
	BeforeValue string `json:"beforeValue"`
	AfterValue  string `json:"afterValue"`
}

func fieldChangesOut(cs []profile.FieldChange) []fieldChangeResponse {
	out := make([]fieldChangeResponse, 0, len(cs))
	for _, c := range cs {
		out = append(out, fieldChangeResponse(c))
	}
	return out
}

// fileRefResponse names a file attached to an operation record.
type fileRefResponse struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func fileRefsOut(fs []profile.FileRef) []fileRefResponse {
	out := make([]fileRefResponse, 0, len(fs))
	for _, f := range fs {
		out = append(out, fileRefResponse(f))
	}
	return out
}
