package identity

import (
	"encoding/json"
	"fmt"
)

// Source says where a real-name submission was made.
type Source string

// The sources: the registration wizard, or the account centre (a first
// submission after choosing not to verify, or a resubmission after a
// rejection).
const (
	SourceRegistration  Source = "registration"
	SourceAccountCentre Source = "accountCentre"
)

// PersonRealName is what a person's real-name review item carries
// (account.PersonProfile.RealNameSubmission makes one):
// everything the forms collected, as the reviewer compares it with the
// photos. Its JSON keys are those stored since the first release; rows
// written by the old account-centre reader's spelling (certDetailAddr)
// decode too (UnmarshalJSON).
type PersonRealName struct {
	Source      Source `json:"source,omitempty"`
	Account     string `json:"account"`
	Phone       string `json:"phone"`
	RealName    string `json:"realName"`
	CertType    string `json:"certType"`
	CertNum     string `json:"certNum"`
	CertStart   string `json:"certStart"`
	CertEnd     string `json:"certEnd"`
	CertValid   bool   `json:"certValid"` // long-term
	Province    string `json:"province"`
	City        string `json:"city"`
	Area        string `json:"area"`
	DetailAddr  string `json:"detailAddr"`
	CertFrontID string `json:"certFrontId"`
	CertBackID  string `json:"certBackId"`
	CertTakeID  string `json:"certTakeId"`
	CertAddress string `json:"certAddress"` // the address printed on the certificate
}

// UnmarshalJSON reads the stored form and the old alias certDetailAddr.
func (s *PersonRealName) UnmarshalJSON(b []byte) error {
	type plain PersonRealName
	var v struct {
		plain
		CertDetailAddr string `json:"certDetailAddr"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*s = PersonRealName(v.plain)
	if s.CertAddress == "" {
		s.CertAddress = v.CertDetailAddr
	}
	return nil
}

// EnterpriseRealName is what an enterprise's real-name review item carries
// (account.EnterpriseProfile.RealNameSubmission makes one).
// The licence is stored under enterpriseId (the spec's name for it); the
// old reader's licenseId decodes too.
type EnterpriseRealName struct {
	Source          Source `json:"source,omitempty"`
	Account         string `json:"account"`
	Phone           string `json:"phone"`
	Type            string `json:"type"`
	Name            string `json:"name"`
	CertType        string `json:"certType"`
	CertNum         string `json:"certNum"`
	Province        string `json:"province"`
	City            string `json:"city"`
	Area            string `json:"area"`
	DetailAddr      string `json:"detailAddr"`
	Industry        string `json:"industry"`
	Capital         string `json:"capital"`
	CapitalUnit     string `json:"capitalUnit"`
	CapitalCurrency string `json:"capitalCurrency"`
	LicenceID       string `json:"enterpriseId"`
	LegalName       string `json:"legalName"`
	LegalCertType   string `json:"legalCertType"`
	LegalCertNum    string `json:"legalCertNum"`
	LegalFrontID    string `json:"personFrontId"`
	LegalBackID     string `json:"personBackId"`
	ContactName     string `json:"linkName"`
	ContactPhone    string `json:"linkPhone"`
}

// UnmarshalJSON reads the stored form and the old alias licenseId.
func (s *EnterpriseRealName) UnmarshalJSON(b []byte) error {
	type plain EnterpriseRealName
	var v struct {
		plain
		LicenseID string `json:"licenseId"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*s = EnterpriseRealName(v.plain)
	if s.LicenceID == "" {
		s.LicenceID = v.LicenseID
	}
	return nil
}

// ChangeClass says how a change is reviewed.
type ChangeClass string

// The classes: identity fields (re-authentication) and the licence or
// legal-person photos. A request holding both is of class identity.
const (
	ClassIdentity ChangeClass = "identity"
	ClassLicence  ChangeClass = "license"
)

// FieldChange is one changed field: its key (the edit form's), the label
// the records show, and the raw values before and after (the reviewer
// needs full numbers; display forms are made when shown).
type FieldChange struct {
	Key         string `json:"key,omitempty"`
	FieldName   string `json:"fieldName"`
	BeforeValue string `json:"beforeValue"`
	AfterValue  string `json:"afterValue"`
}

// ChangeRequest is what a change review item carries: whose identity, the
// changed fields, and the account's authentication state before the change
// so that a decision or a withdrawal can restore it.
type ChangeRequest struct {
	Subject       Subject       `json:"subject"`
	Class         ChangeClass   `json:"class"`
	Changes       []FieldChange `json:"changes"`
	PrevAuthState int           `json:"prevAuthState"` // an account.AuthState
}

// DecodeChangeRequest reads a stored change request and refuses one whose
// subject is unknown (nothing could apply it).
func DecodeChangeRequest(raw []byte) (ChangeRequest, error) {
	var c ChangeRequest
	if err := json.Unmarshal(raw, &c); err != nil {
		return c, fmt.Errorf("identity: change request: %w", err)
	}
	if c.Subject != SubjectPerson && c.Subject != SubjectEnterprise {
		return c, fmt.Errorf("identity: change request: unknown subject %q", c.Subject)
	}
	return c, nil
}

// DecodePersonRealName reads a stored person real-name submission.
func DecodePersonRealName(raw []byte) (PersonRealName, error) {
	var s PersonRealName
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("identity: person real-name submission: %w", err)
	}
	return s, nil
}

// DecodeEnterpriseRealName reads a stored enterprise real-name submission.
func DecodeEnterpriseRealName(raw []byte) (EnterpriseRealName, error) {
	var s EnterpriseRealName
	if err := json.Unmarshal(raw, &s); err != nil {
		return s, fmt.Errorf("identity: enterprise real-name submission: %w", err)
	}
	return s, nil
}
