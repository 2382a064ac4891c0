package identity

import (
	"fmt"
	"strings"

	"bidpass/internal/refdata"
)

// The field catalogue: every field of a person's and an enterprise's
// identity (with the enterprise's legal representative and contact), in the
// order the forms show them, each with what every reader of a field needs:
// its key, its Chinese label, how a change of it is reviewed, how its value
// is shown, its limits and its spelling in real-name submissions. The edit
// of the account centre, the review console, the export and the web forms
// (through the configuration answer) read these tables instead of restating
// them; docs/architecture.md "The field catalogue" counts what adding a
// field takes.

// Key names a field: the account centre's edit form sends it, change
// requests store it, the review console and the records show its label.
type Key string

// Class says how a change of the field takes effect (02 §4).
type Class string

// The classes.
const (
	ClassDirect Class = "direct" // effective at once
	ClassReAuth Class = "reauth" // re-authentication: waits for review
	ClassReview Class = "review" // the licence and the legal person's photos: wait for review
)

// Kind says what a field's value is and so how it is shown.
type Kind string

// The kinds.
const (
	KindText     Kind = "text"
	KindCode     Kind = "code"     // a value of a code list, shown by its label
	KindCertNum  Kind = "certNum"  // a certificate number, masked in records
	KindPhone    Kind = "phone"    // a mobile number, masked in records
	KindDate     Kind = "date"     // YYYY-MM-DD
	KindRegion   Kind = "region"   // province, city and area
	KindIndustry Kind = "industry" // a comma-joined industry path
	KindPhoto    Kind = "photo"    // a file id
)

// CodeList names the list of the configuration answer a coded field's
// values come from (its JSON name there).
type CodeList string

// The code lists.
const (
	CodesPersonCert     CodeList = "certificatesType"
	CodesLegalCert      CodeList = "legalPersonCertificatesType"
	CodesEnterpriseCert CodeList = "enterpriseCertificatesType"
	CodesEnterpriseType CodeList = "enterpriseType"
	CodesCapitalUnit    CodeList = "registeredCapital"
	CodesCurrency       CodeList = "currency"
)

// Entries returns the list's entries in cfg.
func (l CodeList) Entries(cfg refdata.Config) []refdata.Entry {
	switch l {
	case CodesPersonCert:
		return cfg.CertificatesType
	case CodesLegalCert:
		return cfg.LegalPersonCertificateType
	case CodesEnterpriseCert:
		return cfg.EnterpriseCertificatesType
	case CodesEnterpriseType:
		return cfg.EnterpriseType
	case CodesCapitalUnit:
		return cfg.RegisteredCapital
	case CodesCurrency:
		return cfg.Currency
	}
	return nil
}

// Label is the label of code v in the list, "" when the list has none.
func (l CodeList) Label(cfg refdata.Config, v string) string {
	for _, e := range l.Entries(cfg) {
		if fmt.Sprint(e.Value) == v {
			return e.Label
		}
	}
	return ""
}

// Field is one field of the catalogue.
type Field struct {
	Key   Key      `json:"key"`
	Label string   `json:"label"`
	Class Class    `json:"class"`
	Kind  Kind     `json:"kind"`
	Codes CodeList `json:"codes,omitempty"`
	// Max is the length limit in characters the rules enforce; 0 when
	// they enforce none (codes, dates, photos).
	Max int `json:"max,omitempty"`
	// Pattern is the shape the rules check, for the forms' hints; "" when
	// the rule depends on another field (certificate numbers) or is none.
	Pattern string `json:"pattern,omitempty"`
	// Required is the message when the field is left empty ("" when the
	// rules word it per case, as for certificate numbers).
	Required string `json:"required,omitempty"`
	// Submission is the field's key in a real-name submission and in the
	// current profile the review page compares it with; the region has
	// three there (province, city, area).
	Submission string `json:"submission"`
	// Group names the fields the rules check together (a certificate's
	// type and number, the validity's two dates, the capital with its unit
	// and currency): an edit of one reports the others' problems too.
	Group string `json:"-"`
	// Rule is the key the rules (Rules.Person, ...) report the field's
	// problems under.
	Rule string `json:"-"`
}

// Photo reports whether the value is a file id.
func (f Field) Photo() bool { return f.Kind == KindPhoto }

// The keys.
const (
	KeyName            Key = "name"
	KeyCertType        Key = "certType"
	KeyCertNum         Key = "certNum"
	KeyCertStart       Key = "certStart"
	KeyCertEnd         Key = "certEnd"
	KeyPersonFront     Key = "personfrontId"
	KeyPersonBack      Key = "personbackId"
	KeyRegion          Key = "region"
	KeyDetailAddr      Key = "detailAddr"
	KeyType            Key = "type"
	KeyLicence         Key = "licenseId"
	KeyIndustry        Key = "industry"
	KeyCapital         Key = "capital"
	KeyCapitalUnit     Key = "capitalUnit"
	KeyCapitalCurrency Key = "capitalCurrency"
	KeyLegalName       Key = "legalName"
	KeyLegalCertType   Key = "legalCertType"
	KeyLegalCertNum    Key = "legalCertNum"
	KeyLegalFront      Key = "personFrontId"
	KeyLegalBack       Key = "personBackId"
	KeyContactName     Key = "contactName"
	KeyContactPhone    Key = "contactPhone"
)

// Patterns the forms show the rules' shape with (rules.go holds the same
// expressions).
const (
	PatternPhone   = `^1[3-9][0-9]{9}$`
	PatternCapital = `^[0-9]{1,15}(\.[0-9]{1,6})?$`
)

// MaxCertNum is the longest certificate number any rule accepts (a
// person's other documents: 30; an enterprise's: 40).
const (
	MaxPersonCertNum     = 30
	MaxEnterpriseCertNum = 40
	MaxPhone             = 11
	MaxCapital           = 22 // 15 digits, the point and 6 decimals
)

// PersonFields are a person's fields (01 §5 real-name information).
var PersonFields = []Field{
	{Key: KeyName, Label: "姓名", Class: ClassReAuth, Kind: KindText, Max: MaxPersonName, Required: MsgRealName, Submission: "realName", Rule: "realName"},
	{Key: KeyCertType, Label: "证件类型", Class: ClassReAuth, Kind: KindCode, Codes: CodesPersonCert, Required: MsgCertType, Submission: "certType", Group: "cert", Rule: "certType"},
	{Key: KeyCertNum, Label: "证件号码", Class: ClassReAuth, Kind: KindCertNum, Max: MaxPersonCertNum, Required: MsgCertNum, Submission: "certNum", Group: "cert", Rule: "certNum"},
	{Key: KeyCertStart, Label: "证件有效期开始", Class: ClassReAuth, Kind: KindDate, Required: MsgCertStart, Submission: "certStart", Group: "validity", Rule: "certStart"},
	{Key: KeyCertEnd, Label: "证件有效期结束", Class: ClassReAuth, Kind: KindDate, Required: MsgCertEnd, Submission: "certEnd", Group: "validity", Rule: "certEnd"},
	{Key: KeyPersonFront, Label: "证件人像面照片", Class: ClassReAuth, Kind: KindPhoto, Required: MsgPhotoFront, Submission: "certFrontId", Rule: string(KeyPersonFront)},
	{Key: KeyPersonBack, Label: "证件国徽面照片", Class: ClassReAuth, Kind: KindPhoto, Required: MsgPhotoBack, Submission: "certBackId", Rule: string(KeyPersonBack)},
	{Key: KeyRegion, Label: "所在地区", Class: ClassDirect, Kind: KindRegion, Required: MsgPersonArea, Rule: "area"},
	{Key: KeyDetailAddr, Label: "详细地址", Class: ClassDirect, Kind: KindText, Max: MaxAddress, Required: MsgPersonAddr, Submission: "detailAddr", Rule: "detailAddr"},
}

// EnterpriseFields are an enterprise's own fields (01 §5 basic
// information, with the licence).
var EnterpriseFields = []Field{
	{Key: KeyType, Label: "企业属别", Class: ClassReAuth, Kind: KindCode, Codes: CodesEnterpriseType, Required: MsgEntType, Submission: "type", Group: "cert", Rule: "type"},
	{Key: KeyName, Label: "企业名称", Class: ClassReAuth, Kind: KindText, Max: MaxEntName, Required: MsgEntName, Submission: "name", Rule: "name"},
	{Key: KeyCertType, Label: "证件类型", Class: ClassReAuth, Kind: KindCode, Codes: CodesEnterpriseCert, Required: MsgEntCertType, Submission: "certType", Group: "cert", Rule: "certType"},
	{Key: KeyCertNum, Label: "证件号码", Class: ClassReAuth, Kind: KindCertNum, Max: MaxEnterpriseCertNum, Required: MsgEntCertNum, Submission: "certNum", Group: "cert", Rule: "certNum"},
	{Key: KeyLicence, Label: "营业执照", Class: ClassReview, Kind: KindPhoto, Required: MsgLicence, Submission: "enterpriseId", Rule: string(KeyLicence)},
	{Key: KeyRegion, Label: "所在地区", Class: ClassDirect, Kind: KindRegion, Required: MsgEntArea, Rule: "area"},
	{Key: KeyDetailAddr, Label: "详细地址", Class: ClassDirect, Kind: KindText, Max: MaxAddress, Required: MsgEntAddr, Submission: "detailAddr", Rule: "detailAddr"},
	{Key: KeyIndustry, Label: "所属行业", Class: ClassDirect, Kind: KindIndustry, Required: MsgIndustry, Submission: "industry", Rule: "industry"},
	{Key: KeyCapital, Label: "注册资本", Class: ClassDirect, Kind: KindText, Max: MaxCapital, Pattern: PatternCapital, Required: MsgCapital, Submission: "capital", Group: "capital", Rule: "capital"},
	{Key: KeyCapitalUnit, Label: "注册资本单位", Class: ClassDirect, Kind: KindCode, Codes: CodesCapitalUnit, Required: MsgCapitalUnit, Submission: "capitalUnit", Group: "capital", Rule: "capitalUnit"},
	{Key: KeyCapitalCurrency, Label: "币种", Class: ClassDirect, Kind: KindCode, Codes: CodesCurrency, Required: MsgCurrency, Submission: "capitalCurrency", Group: "capital", Rule: "capitalCurrency"},
}

// LegalFields are the legal representative's fields; Rule is the key of
// Rules.LegalPerson.
var LegalFields = []Field{
	{Key: KeyLegalName, Label: "法定代表人姓名", Class: ClassReAuth, Kind: KindText, Max: MaxPersonName, Required: MsgLegalName, Submission: "legalName", Rule: "name"},
	{Key: KeyLegalCertType, Label: "法定代表人证件类型", Class: ClassReAuth, Kind: KindCode, Codes: CodesLegalCert, Required: MsgLegalCertType, Submission: "legalCertType", Group: "legalCert", Rule: "certType"},
	{Key: KeyLegalCertNum, Label: "法定代表人证件号码", Class: ClassReAuth, Kind: KindCertNum, Max: MaxPersonCertNum, Required: MsgLegalCertNum, Submission: "legalCertNum", Group: "legalCert", Rule: "certNum"},
	{Key: KeyLegalFront, Label: "法定代表人证件人像面照片", Class: ClassReview, Kind: KindPhoto, Required: MsgPhotoFront, Submission: "personFrontId", Rule: string(KeyLegalFront)},
	{Key: KeyLegalBack, Label: "法定代表人证件国徽面照片", Class: ClassReview, Kind: KindPhoto, Required: MsgPhotoBack, Submission: "personBackId", Rule: string(KeyLegalBack)},
}

// ContactFields are the contact's fields; Rule is the key of
// Rules.Contact.
var ContactFields = []Field{
	{Key: KeyContactName, Label: "联系人姓名", Class: ClassDirect, Kind: KindText, Max: MaxPersonName, Required: MsgContactName, Submission: "linkName", Rule: "name"},
	{Key: KeyContactPhone, Label: "联系人手机号", Class: ClassDirect, Kind: KindPhone, Max: MaxPhone, Pattern: PatternPhone, Required: MsgContactPhone, Submission: "linkPhone", Rule: "phone"},
}

// enterpriseAll is every field of an enterprise subject in the order the
// edit dialog shows them and a change request lists them: the identity,
// the legal representative, the licence and photos, then the direct ones.
var enterpriseAll = func() []Field {
	var out []Field
	out = append(out, EnterpriseFields[:4]...) // type, name, certType, certNum
	out = append(out, LegalFields[:3]...)
	out = append(out, EnterpriseFields[4]) // the licence
	out = append(out, LegalFields[3:]...)
	out = append(out, EnterpriseFields[5:]...)
	return append(out, ContactFields...)
}()

// Fields returns every field of the subject in the order of its forms.
func Fields(s Subject) []Field {
	if s == SubjectPerson {
		return PersonFields
	}
	return enterpriseAll
}

// Lookup returns the subject's field of key k.
func Lookup(s Subject, k Key) (Field, bool) {
	for _, f := range Fields(s) {
		if f.Key == k {
			return f, true
		}
	}
	return Field{}, false
}

// BySubmission returns the subject's field whose real-name submission key
// is name, or the region for its parts (province, city, area).
func BySubmission(s Subject, name string) (Field, bool) {
	for _, f := range Fields(s) {
		if f.Submission == name || (f.Kind == KindRegion && (name == "province" || name == "city" || name == "area")) {
			return f, true
		}
	}
	return Field{}, false
}

// RuleKeys maps the keys of a rule's problems (those of Rules.Person,
// LegalPerson, Contact ...) to the fields' keys, for Problems.Renamed.
func RuleKeys(fields []Field) func(string) string {
	return func(rule string) string {
		for _, f := range fields {
			// The region's problem keeps the rules' key (area): the
			// forms show it under their area picker.
			if f.Rule == rule && f.Kind != KindRegion {
				return string(f.Key)
			}
		}
		return rule
	}
}

// Region is the value of a region field: one text for province, city and
// area, as the change requests have stored it since the first release.
func Region(province, city, area string) string {
	return province + "," + city + "," + area
}

// RegionParts splits a region value; a missing part is "".
func RegionParts(v string) (province, city, area string) {
	parts := strings.SplitN(v, ",", 3)
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	return parts[0], parts[1], parts[2]
}

// Names is the reference data a field's value is named from
// (refdata.Catalog).
type Names interface {
	Config() refdata.Config
	AreaFullNameOf(province, city, area string) string
	IndustryPathName(path string) string
}

// Name is the name of a coded value of f (居民身份证 for certType 1,
// 福建省福州市鼓楼区 for a region, the industry path by name, 长期 for a
// long-term end), "" when f is no code or the reference data does not
// know v.
func (f Field) Name(n Names, v string) string {
	if v == "" {
		return ""
	}
	switch f.Kind {
	case KindCode:
		return f.Codes.Label(n.Config(), v)
	case KindRegion:
		return n.AreaFullNameOf(RegionParts(v))
	case KindIndustry:
		return n.IndustryPathName(v)
	case KindDate:
		if f.Key == KeyCertEnd && v == LongTermEnd {
			return "长期"
		}
	}
	return ""
}

// The fields a real-name submission carries beside the profile's own: the
// account it is for, and a person's certificate address and hand-held
// photo (set by an approved submission, never edited).
var (
	FieldAccount     = Field{Key: "account", Label: "账号", Class: ClassDirect, Kind: KindText, Submission: "account"}
	FieldPhone       = Field{Key: "phone", Label: "手机号", Class: ClassDirect, Kind: KindPhone, Submission: "phone"}
	FieldCertAddress = Field{Key: "certAddress", Label: "证件地址", Class: ClassReAuth, Kind: KindText, Max: MaxAddress, Submission: "certAddress"}
	FieldCertTake    = Field{Key: "certTakeId", Label: "手持证件照", Class: ClassReAuth, Kind: KindPhoto, Submission: "certTakeId"}
)
