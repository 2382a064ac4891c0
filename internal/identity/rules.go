package identity

import (
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"bidpass/internal/certno"
	"bidpass/internal/clock"
	"bidpass/internal/refdata"
	"bidpass/internal/sms"
)

// Messages of the rules (01 §5). One message per rule; the account centre
// shows the same text as registration.
const (
	MsgAccountRequired = "请输入账号"
	MsgAccountPattern  = "必须是以字母开头，只能包含字母数字，4到16位"
	MsgPhoneRequired   = "请输入手机号"
	MsgPhonePattern    = "请输入正确的11位手机号（格式：13800000000）"
	MsgTooLong         = "内容过长"

	MsgRealName        = "请填写真实姓名"
	MsgCertType        = "请选择证件类型"
	MsgCertNum         = "请输入证件号码"
	MsgCertNumID       = "请输入正确的18位证件号码"
	MsgCertNumOther    = "请输入正确的证件号码"
	MsgCertStart       = "请选择证件有效期开始时间"
	MsgCertEnd         = "请选择证件有效期结束时间"
	MsgCertEndBefore   = "证件有效期结束时间不能早于开始时间"
	MsgCertStartFuture = "证件有效期开始时间不能晚于今天"
	MsgCertExpired     = "证件已过期，请使用有效期内的证件"
	MsgPersonArea      = "请选择证件地址"
	MsgPersonAddr      = "请填写详细地址"

	MsgEntType        = "企业属别不能为空"
	MsgEntName        = "企业名称不能为空"
	MsgEntCertType    = "企业证件类型不能为空"
	MsgEntCertTypeA1  = "境内企业须使用统一社会信用代码"
	MsgEntCertNum     = "企业证件号码不能为空"
	MsgEntCreditCode  = "请输入正确的18位统一社会信用代码"
	MsgEntArea        = "请选择地区"
	MsgEntAddr        = "企业详细地址不能为空"
	MsgIndustry       = "请选择所属行业"
	MsgCapital        = "注册资本不能为空"
	MsgCapitalNumeric = "注册资本只能填写数字"
	MsgCapitalUnit    = "请选择资金单位"
	MsgCurrency       = "请选择币种"

	MsgLegalName     = "法定代表人姓名不能为空"
	MsgLegalCertType = "法定代表人证件类型不能为空"
	MsgLegalCertNum  = "法定代表人证件号码不能为空"
	MsgContactName   = "联系人姓名不能为空"
	MsgContactPhone  = "联系电话不能为空"
	// MsgContactCode asks for the SMS code that proves a new contact phone.
	MsgContactCode = "验证码不能为空"

	MsgPhotoFront = "请上传证件正面"
	MsgPhotoBack  = "请上传证件背面"
	MsgLicence    = "请上传营业执照"
)

// Length limits in characters (runes).
const (
	MaxPersonName = 50
	MaxEntName    = 100
	MaxAddress    = 200
)

var (
	accountPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]{3,15}$`)
	phonePattern   = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
	// otherCertPattern is the shape of person certificate numbers without
	// a check character (passports, permits, foreign documents): letters,
	// digits and the brackets and hyphens some of them print.
	otherCertPattern = regexp.MustCompile(`^[A-Z0-9()（）-]{5,30}$`)
	// otherEntCertPattern is the shape of an enterprise certificate number
	// without a check character (foreign registrations, older certificates
	// of public institutions).
	otherEntCertPattern = regexp.MustCompile(`^[A-Z0-9()（）-]{4,40}$`)
	// capitalPattern is a non-negative decimal with at most six decimals:
	// exact text, never a float, so 1234.56 万元 stays 1234.56.
	capitalPattern = regexp.MustCompile(`^[0-9]{1,15}(\.[0-9]{1,6})?$`)
)

// Catalog is the reference data the rules check codes against
// (refdata.Catalog).
type Catalog interface {
	ValidArea(province, city, area string) bool
	ValidIndustryPath(path string) bool
	ValidPersonCertType(v string) bool
	ValidEnterpriseType(v string) bool
	ValidEnterpriseCertType(entType, certType string) bool
	ValidCapitalUnit(v string) bool
	ValidCurrency(v string) bool
}

// Rules checks identity fields against the reference data and today's
// date (China time: certificate dates are written in it).
type Rules struct {
	cat   Catalog
	clock clock.Clock
}

// NewRules returns the rules over cat, with today taken from clk.
func NewRules(cat Catalog, clk clock.Clock) *Rules { return &Rules{cat: cat, clock: clk} }

const dateLayout = "2006-01-02"

// Today is the date in China, at midnight UTC so it compares with parsed
// dates.
func (r *Rules) Today() time.Time {
	y, m, d := r.clock.Now().In(clock.China).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// StripSpaces removes every white-space character (01 §5 and 02 §5: spaces
// are stripped from account, phone, codes, numbers, names and addresses). A
// pasted value can carry inner spaces the keyboard cannot type (Space is
// blocked), so the server strips them as the browser does.
func StripSpaces(s string) string { return strings.Join(strings.Fields(s), "") }

func tooLong(p *Problems, field, v string, max int) {
	if utf8.RuneCountInString(v) > max {
		p.Add(field, MsgTooLong)
	}
}

// AccountName checks a login name (docs/spec/DECISIONS.md: the same rule at
// registration, at rename and for staff) and returns it without spaces.
// Its problem is keyed "account".
func AccountName(name string) (string, Problems) {
	name = StripSpaces(name)
	var p Problems
	switch {
	case name == "":
		p.Add("account", MsgAccountRequired)
	case !accountPattern.MatchString(name):
		p.Add("account", MsgAccountPattern)
	}
	return name, p
}

// Mobile checks a mainland mobile number and returns it without spaces;
// required is the message when it is empty (the field's own words). The
// problem is keyed "phone".
func Mobile(phone, required string) (string, Problems) {
	phone = StripSpaces(phone)
	var p Problems
	switch {
	case phone == "":
		p.Add("phone", required)
	case !phonePattern.MatchString(phone):
		p.Add("phone", MsgPhonePattern)
	}
	return phone, p
}

// MsgEmailPattern is 01's e-mail rule message.
const MsgEmailPattern = "请输入正确的邮箱地址"

// Email checks an e-mail address and returns it trimmed and in lower case
// (addresses are matched that way); required is the message when it is
// empty, "" for an optional field. The problem is keyed "email".
func Email(email, required string) (string, Problems) {
	email = strings.ToLower(strings.TrimSpace(email))
	var p Problems
	switch {
	case email == "":
		if required != "" {
			p.Add("email", required)
		}
	case !sms.ValidEmail(email):
		p.Add("email", MsgEmailPattern)
	}
	return email, p
}

// certMsgs are the "required" messages of a certificate pair: a person's
// own and a legal representative's are worded differently on the forms.
type certMsgs struct{ typ, num string }

var (
	personCertMsgs = certMsgs{MsgCertType, MsgCertNum}
	legalCertMsgs  = certMsgs{MsgLegalCertType, MsgLegalCertNum}
)

// personCert checks a person certificate type and number (keys certType
// and certNum) and returns the normalised number.
func (r *Rules) personCert(p *Problems, certType, num string, m certMsgs) string {
	num = certno.Normalize(num)
	if certType == "" || !r.cat.ValidPersonCertType(certType) {
		p.Add("certType", m.typ)
		if num == "" {
			p.Add("certNum", m.num)
		}
		return num
	}
	switch {
	case num == "":
		p.Add("certNum", m.num)
	case certType == refdata.PersonCertResidentID:
		if !certno.ValidResidentID(num) {
			p.Add("certNum", MsgCertNumID)
		}
	case certType == refdata.PersonCertHKMacaoPermit || certType == refdata.PersonCertTaiwanPermit:
		if !certno.ValidResidencePermit(num) {
			p.Add("certNum", MsgCertNumID)
		}
	default:
		if !otherCertPattern.MatchString(num) {
			p.Add("certNum", MsgCertNumOther)
		}
	}
	return num
}

// validity checks the certificate dates against today (keys certStart,
// certEnd) and returns the stored end: LongTermEnd when long-term.
func (r *Rules) validity(p *Problems, start, end string, longTerm bool) string {
	today := r.Today()
	s, errS := time.Parse(dateLayout, start)
	switch {
	case start == "" || errS != nil:
		p.Add("certStart", MsgCertStart)
	case s.After(today):
		p.Add("certStart", MsgCertStartFuture)
	}
	if longTerm {
		return LongTermEnd
	}
	e, errE := time.Parse(dateLayout, end)
	switch {
	case end == "" || errE != nil:
		p.Add("certEnd", MsgCertEnd)
	case errS == nil && e.Before(s):
		p.Add("certEnd", MsgCertEndBefore)
	case e.Before(today):
		p.Add("certEnd", MsgCertExpired)
	}
	return end
}

// Person checks a person's identity and returns it normalised (names and
// address without spaces, the certificate number in canonical form, the end date
// of a long-term certificate set). Keys: realName, certType, certNum,
// certStart, certEnd, area, detailAddr.
func (r *Rules) Person(v Person) (Person, Problems) {
	var p Problems
	v.RealName = StripSpaces(v.RealName)
	v.DetailAddr = StripSpaces(v.DetailAddr)
	if v.RealName == "" {
		p.Add("realName", MsgRealName)
	}
	tooLong(&p, "realName", v.RealName, MaxPersonName)
	v.CertNum = r.personCert(&p, v.CertType, v.CertNum, personCertMsgs)
	v.CertEnd = r.validity(&p, v.CertStart, v.CertEnd, v.LongTerm)
	if !r.cat.ValidArea(v.Province, v.City, v.Area) {
		p.Add("area", MsgPersonArea)
	}
	if v.DetailAddr == "" {
		p.Add("detailAddr", MsgPersonAddr)
	}
	tooLong(&p, "detailAddr", v.DetailAddr, MaxAddress)
	return v, p
}

// Enterprise checks an enterprise's identity and returns it normalised.
// Keys: type, name, certType, certNum, area, detailAddr, industry, capital,
// capitalUnit, capitalCurrency.
func (r *Rules) Enterprise(v Enterprise) (Enterprise, Problems) {
	var p Problems
	v.Name, v.DetailAddr = StripSpaces(v.Name), StripSpaces(v.DetailAddr)
	v.CertNum = certno.Normalize(v.CertNum)
	v.Capital, v.Industry = StripSpaces(v.Capital), StripSpaces(v.Industry)
	typeOK := r.cat.ValidEnterpriseType(v.Type)
	if !typeOK {
		p.Add("type", MsgEntType)
	}
	if v.Name == "" {
		p.Add("name", MsgEntName)
	}
	tooLong(&p, "name", v.Name, MaxEntName)
	switch {
	case v.CertType != refdata.EnterpriseCertCreditCode && v.CertType != refdata.EnterpriseCertOther:
		p.Add("certType", MsgEntCertType)
	case typeOK && !r.cat.ValidEnterpriseCertType(v.Type, v.CertType):
		p.Add("certType", MsgEntCertTypeA1)
	}
	switch {
	case v.CertNum == "":
		p.Add("certNum", MsgEntCertNum)
	case v.CertType == refdata.EnterpriseCertCreditCode && !certno.ValidCreditCode(v.CertNum):
		p.Add("certNum", MsgEntCreditCode)
	case v.CertType == refdata.EnterpriseCertOther && !otherEntCertPattern.MatchString(v.CertNum):
		p.Add("certNum", MsgCertNumOther)
	}
	if !r.cat.ValidArea(v.Province, v.City, v.Area) {
		p.Add("area", MsgEntArea)
	}
	if v.DetailAddr == "" {
		p.Add("detailAddr", MsgEntAddr)
	}
	tooLong(&p, "detailAddr", v.DetailAddr, MaxAddress)
	if !r.cat.ValidIndustryPath(v.Industry) {
		p.Add("industry", MsgIndustry)
	}
	switch {
	case v.Capital == "":
		p.Add("capital", MsgCapital)
	case !capitalPattern.MatchString(v.Capital):
		p.Add("capital", MsgCapitalNumeric)
	}
	if !r.cat.ValidCapitalUnit(v.CapitalUnit) {
		p.Add("capitalUnit", MsgCapitalUnit)
	}
	if !r.cat.ValidCurrency(v.CapitalCurrency) {
		p.Add("capitalCurrency", MsgCurrency)
	}
	return v, p
}

// LegalPerson checks a legal representative. Keys: name, certType, certNum.
func (r *Rules) LegalPerson(v LegalPerson) (LegalPerson, Problems) {
	var p Problems
	v.Name = StripSpaces(v.Name)
	if v.Name == "" {
		p.Add("name", MsgLegalName)
	}
	tooLong(&p, "name", v.Name, MaxPersonName)
	v.CertNum = r.personCert(&p, v.CertType, v.CertNum, legalCertMsgs)
	return v, p
}

// Contact checks an enterprise's contact. Keys: name, phone.
func (r *Rules) Contact(v Contact) (Contact, Problems) {
	var p Problems
	v.Name = StripSpaces(v.Name)
	if v.Name == "" {
		p.Add("name", MsgContactName)
	}
	tooLong(&p, "name", v.Name, MaxPersonName)
	var pp Problems
	v.Phone, pp = Mobile(v.Phone, MsgContactPhone)
	p.Append(pp)
	return v, p
}
