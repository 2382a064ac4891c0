package httpapi

import (
	"bidpass/internal/account"
	"bidpass/internal/registration"
)

// Response bodies of registration (api/openapi.yaml: Registered,
// RegisterProgress, Document). The progress objects list their fields in
// alphabetical order, the order they had when they were JSON maps.

// registeredResponse answers an account step: the new account is signed in.
type registeredResponse struct {
	AccessToken string       `json:"accessToken"`
	ID          int64        `json:"id"`
	User        userResponse `json:"user"`
}

// progressResponse is GET /api/register/progress: the step to resume at and
// what the registration has saved, in the forms' own field names so the
// client fills them back in; person and enterprise are null until saved.
type progressResponse struct {
	AccountID       int64                       `json:"accountId"`
	AuthState       int                         `json:"authState"`
	Enterprise      *progressEnterpriseResponse `json:"enterprise"`
	Person          *progressPersonResponse     `json:"person"`
	Phone           string                      `json:"phone"`
	RegisterProcess int                         `json:"registerProcess"`
	Step            int                         `json:"step"`
	Type            int                         `json:"type"`
	UserName        string                      `json:"userName"`
}

// progressPersonResponse is the saved person form.
type progressPersonResponse struct {
	Area           string `json:"area"`
	CertAddress    string `json:"certAddress"`
	CertBackID     string `json:"certBackId"`
	CertDetailAddr string `json:"certDetailAddr"`
	CertEnd        string `json:"certEnd"`
	CertFrontID    string `json:"certFrontId"`
	CertNum        string `json:"certNum"`
	CertStart      string `json:"certStart"`
	CertTakeID     string `json:"certTakeId"`
	CertType       string `json:"certType"`
	CertValid      bool   `json:"certValid"`
	CheckType      bool   `json:"checkType"`
	City           string `json:"city"`
	Province       string `json:"province"`
	RealName       string `json:"realName"`
}

// progressEnterpriseResponse is the saved enterprise form in its two parts.
type progressEnterpriseResponse struct {
	Enterprise  progressEnterpriseDto  `json:"enterpriseDto"`
	LegalPerson progressLegalPersonDto `json:"legalPersonDto"`
}

type progressEnterpriseDto struct {
	Area            string `json:"area"`
	Capital         string `json:"capital"`
	CapitalCurrency string `json:"capitalCurrency"`
	CapitalUnit     string `json:"capitalUnit"`
	CertNum         string `json:"certNum"`
	CertType        string `json:"certType"`
	City            string `json:"city"`
	DetailAddr      string `json:"detailAddr"`
	EnterpriseID    string `json:"enterpriseId"`
	Industry        string `json:"industry"`
	Name            string `json:"name"`
	Province        string `json:"province"`
	Type            string `json:"type"`
}

type progressLegalPersonDto struct {
	CertNum       string `json:"certNum"`
	CertType      string `json:"certType"`
	LinkName      string `json:"linkName"`
	LinkPhone     string `json:"linkPhone"`
	Name          string `json:"name"`
	PersonBackID  string `json:"personBackId"`
	PersonFrontID string `json:"personFrontId"`
}

func progressOut(p registration.Progress) progressResponse {
	out := progressResponse{
		AccountID: p.AccountID, UserName: p.Account, Phone: p.Phone, Type: int(p.Type),
		RegisterProcess: p.RegisterProcess, Step: p.Step, AuthState: int(p.AuthState),
	}
	if pp := p.Person; pp != nil {
		out.Person = progressPersonOut(*pp)
	}
	if ep := p.Enterprise; ep != nil {
		out.Enterprise = progressEnterpriseOut(*ep)
	}
	return out
}

func progressPersonOut(pp account.PersonProfile) *progressPersonResponse {
	return &progressPersonResponse{
		RealName: pp.RealName, CertType: pp.CertType, CertNum: pp.CertNum,
		CertStart: pp.CertStart, CertEnd: pp.CertEnd, CertValid: pp.LongTerm,
		Province: pp.Province, City: pp.City, Area: pp.Area, CertDetailAddr: pp.DetailAddr,
		CheckType: pp.ManualCheck, CertFrontID: pp.CertFrontID, CertBackID: pp.CertBackID,
		CertTakeID: pp.CertTakeID, CertAddress: pp.CertAddress,
	}
}

func progressEnterpriseOut(ep account.EnterpriseProfile) *progressEnterpriseResponse {
	return &progressEnterpriseResponse{
		Enterprise: progressEnterpriseDto{
			Type: ep.Type, Name: ep.Name, CertType: ep.CertType, CertNum: ep.CertNum,
			Province: ep.Province, City: ep.City, Area: ep.Area, DetailAddr: ep.DetailAddr,
			Industry: ep.Industry, Capital: ep.Capital, CapitalUnit: ep.CapitalUnit,
			CapitalCurrency: ep.CapitalCurrency, EnterpriseID: ep.LicenseFileID,
		},
		LegalPerson: progressLegalPersonDto{
			Name: ep.Legal.Name, CertType: ep.Legal.CertType, CertNum: ep.Legal.CertNum,
			PersonFrontID: ep.LegalFrontID, PersonBackID: ep.LegalBackID,
			LinkName: ep.Contact.Name, LinkPhone: ep.Contact.Phone,
		},
	}
}

// documentResponse is a registration text (agreement, privacy notice) in
// sections of paragraphs, so the client renders it without markup.
type documentResponse struct {
	Title    string            `json:"title"`
	Version  string            `json:"version"`
	Preamble string            `json:"preamble"`
	Sections []sectionResponse `json:"sections"`
}

type sectionResponse struct {
	Title      string   `json:"title"`
	Paragraphs []string `json:"paragraphs"`
}

func documentOut(d registration.Document) documentResponse {
	return documentResponse{Title: d.Title, Version: d.Version, Preamble: d.Preamble,
		Sections: mapAll(d.Sections, func(s registration.Section) sectionResponse { return sectionResponse(s) })}
}
