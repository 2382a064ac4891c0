package profile

import (
	"context"
	"maps"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/files"
	"bidpass/internal/review"
)

// Edit classes. The server decides the class of every changed field; an
// updateType sent by the client is never read.
const (
	classDirect   = "direct"   // effective at once, recorded as effective
	classIdentity = "identity" // re-authentication: waits for review (99)
	classLicense  = "license"  // licence or legal-person photos: waits for review
)

// fieldDef describes one editable field: its key (the flattened request
// name, also the key of per-field error messages), the label the
// modification record shows, and its class.
type fieldDef struct {
	key, label, class string
	photo             bool
}

// longTermEnd is the end date of a certificate that never expires.
const longTermEnd = "9999-12-31"

var personFields = []fieldDef{
	{key: "name", label: "姓名", class: classIdentity},
	{key: "certType", label: "证件类型", class: classIdentity},
	{key: "certNum", label: "证件号码", class: classIdentity},
	{key: "certStart", label: "证件有效期开始", class: classIdentity},
	{key: "certEnd", label: "证件有效期结束", class: classIdentity},
	{key: "personfrontId", label: "证件人像面照片", class: classIdentity, photo: true},
	{key: "personbackId", label: "证件国徽面照片", class: classIdentity, photo: true},
	{key: "region", label: "所在地区", class: classDirect},
	{key: "detailAddr", label: "详细地址", class: classDirect},
}

var enterpriseFields = []fieldDef{
	{key: "type", label: "企业类型", class: classIdentity},
	{key: "name", label: "企业名称", class: classIdentity},
	{key: "certType", label: "证件类型", class: classIdentity},
	{key: "certNum", label: "证件号码", class: classIdentity},
	{key: "legalName", label: "法定代表人姓名", class: classIdentity},
	{key: "legalCertType", label: "法定代表人证件类型", class: classIdentity},
	{key: "legalCertNum", label: "法定代表人证件号码", class: classIdentity},
	{key: "licenseId", label: "营业执照", class: classLicense, photo: true},
	{key: "personFrontId", label: "法定代表人证件人像面照片", class: classLicense, photo: true},
	{key: "personBackId", label: "法定代表人证件国徽面照片", class: classLicense, photo: true},
	{key: "region", label: "所在地区", class: classDirect},
	{key: "detailAddr", label: "详细地址", class: classDirect},
	{key: "industry", label: "所属行业", class: classDirect},
	{key: "capital", label: "注册资本", class: classDirect},
	{key: "capitalUnit", label: "注册资本单位", class: classDirect},
	{key: "capitalCurrency", label: "币种", class: classDirect},
	{key: "contactName", label: "联系人姓名", class: classDirect},
	{key: "contactPhone", label: "联系人手机号", class: classDirect},
}

// PersonEdit is a person edit; nil fields are left as they are.
type PersonEdit struct {
	Name, CertType, CertNum, CertStart, CertEnd *string
	LongTerm                                    *bool
	Province, City, Area                        *string
	DetailAddr                                  *string
	FrontID, BackID                             *string
}

// EnterpriseEdit is an enterprise edit; nil fields are left as they are.
// SMSCode/SMSCodeID prove the new contact phone when it changes.
type EnterpriseEdit struct {
	Type, Name, CertType, CertNum                   *string
	Province, City, Area, DetailAddr                *string
	Industry, Capital, CapitalUnit, CapitalCurrency *string
	LicenseID                                       *string
	LegalName, LegalCertType, LegalCertNum          *string
	LegalFrontID, LegalBackID                       *string
	ContactName, ContactPhone                       *string
	SMSCode, SMSCodeID                              string
}

// EditResult tells the caller what happened: Waiting when part of the edit
// waits for review (the message then says so).
type EditResult struct {
	Waiting  bool  `json:"waiting"`
	ReviewID int64 `json:"reviewId,omitempty"`
}

// Message is the success message of the edit (02 §4).
func (r EditResult) Message() string {
	if r.Waiting {
		return "修改成功，等待管理员审核"
	}
	return "修改成功"
}

func personValues(p account.PersonProfile) map[string]string {
	return map[string]string{
		"name": p.RealName, "certType": p.CertType, "certNum": p.CertNum,
		"certStart": p.CertStart, "certEnd": p.CertEnd,
		"personfrontId": p.CertFrontID, "personbackId": p.CertBackID,
		"region": p.Province + "," + p.City + "," + p.Area, "detailAddr": p.DetailAddr,
	}
}

func setPerson(p *account.PersonProfile, key, v string) {
	switch key {
	case "name":
		p.RealName = v
	case "certType":
		p.CertType = v
	case "certNum":
		p.CertNum = v
	case "certStart":
		p.CertStart = v
	case "certEnd":
		p.CertEnd = v
		p.CertLongTerm = v == longTermEnd
	case "personfrontId":
		p.CertFrontID = v
	case "personbackId":
		p.CertBackID = v
	case "region":
		p.Province, p.City, p.Area = splitRegion(v)
	case "detailAddr":
		p.DetailAddr = v
	}
}

func enterpriseValues(p account.EnterpriseProfile) map[string]string {
	return map[string]string{
		"type": p.EntType, "name": p.Name, "certType": p.CertType, "certNum": p.CertNum,
		"legalName": p.LegalName, "legalCertType": p.LegalCertType, "legalCertNum": p.LegalCertNum,
		"licenseId": p.LicenseFileID, "personFrontId": p.LegalFrontID, "personBackId": p.LegalBackID,
		"region": p.Province + "," + p.City + "," + p.Area, "detailAddr": p.DetailAddr,
		"industry": p.Industry, "capital": p.Capital, "capitalUnit": p.CapitalUnit, "capitalCurrency": p.CapitalCurrency,
		"contactName": p.ContactName, "contactPhone": p.ContactPhone,
	}
}

func setEnterprise(p *account.EnterpriseProfile, key, v string) {
	switch key {
	case "type":
		p.EntType = v
	case "name":
		p.Name = v
	case "certType":
		p.CertType = v
	case "certNum":
		p.CertNum = v
	case "legalName":
		p.LegalName = v
	case "legalCertType":
		p.LegalCertType = v
	case "legalCertNum":
		p.LegalCertNum = v
	case "licenseId":
		p.LicenseFileID = v
	case "personFrontId":
		p.LegalFrontID = v
	case "personBackId":
		p.LegalBackID = v
	case "region":
		p.Province, p.City, p.Area = splitRegion(v)
	case "detailAddr":
		p.DetailAddr = v
	case "industry":
		p.Industry = v
	case "capital":
		p.Capital = v
	case "capitalUnit":
		p.CapitalUnit = v
	case "capitalCurrency":
		p.CapitalCurrency = v
	case "contactName":
		p.ContactName = v
	case "contactPhone":
		p.ContactPhone = v
	}
}

func splitRegion(v string) (province, city, area string) {
	parts := strings.SplitN(v, ",", 3)
	for len(parts) < 3 {
		parts = append(parts, "")
	}
	return parts[0], parts[1], parts[2]
}

// clean strips spaces from typed text (02 §5: spaces are stripped).
func clean(v *string) *string {
	if v == nil {
		return nil
	}
	s := strings.TrimSpace(*v)
	return &s
}

func put(m map[string]string, key string, v *string) {
	if v != nil {
		m[key] = *v
	}
}

// proposedPerson turns the edit into proposed values by key.
func proposedPerson(e PersonEdit, cur map[string]string) map[string]string {
	m := map[string]string{}
	put(m, "name", clean(e.Name))
	put(m, "certType", clean(e.CertType))
	if e.CertNum != nil {
		n := certno.Normalize(*e.CertNum)
		m["certNum"] = n
	}
	put(m, "certStart", clean(e.CertStart))
	put(m, "certEnd", clean(e.CertEnd))
	if e.LongTerm != nil && *e.LongTerm {
		m["certEnd"] = longTermEnd
	}
	if e.Province != nil || e.City != nil || e.Area != nil {
		p, c, a := splitRegion(cur["region"])
		if e.Province != nil {
			p = strings.TrimSpace(*e.Province)
		}
		if e.City != nil {
			c = strings.TrimSpace(*e.City)
		}
		if e.Area != nil {
			a = strings.TrimSpace(*e.Area)
		}
		m["region"] = p + "," + c + "," + a
	}
	put(m, "detailAddr", clean(e.DetailAddr))
	put(m, "personfrontId", clean(e.FrontID))
	put(m, "personbackId", clean(e.BackID))
	return m
}

func proposedEnterprise(e EnterpriseEdit, cur map[string]string) map[string]string {
	m := map[string]string{}
	put(m, "type", clean(e.Type))
	put(m, "name", clean(e.Name))
	put(m, "certType", clean(e.CertType))
	if e.CertNum != nil {
		m["certNum"] = certno.Normalize(*e.CertNum)
	}
	put(m, "legalName", clean(e.LegalName))
	put(m, "legalCertType", clean(e.LegalCertType))
	if e.LegalCertNum != nil {
		m["legalCertNum"] = certno.Normalize(*e.LegalCertNum)
	}
	put(m, "licenseId", clean(e.LicenseID))
	put(m, "personFrontId", clean(e.LegalFrontID))
	put(m, "personBackId", clean(e.LegalBackID))
	if e.Province != nil || e.City != nil || e.Area != nil {
		p, c, a := splitRegion(cur["region"])
		if e.Province != nil {
			p = strings.TrimSpace(*e.Province)
		}
		if e.City != nil {
			c = strings.TrimSpace(*e.City)
		}
		if e.Area != nil {
			a = strings.TrimSpace(*e.Area)
		}
		m["region"] = p + "," + c + "," + a
	}
	put(m, "detailAddr", clean(e.DetailAddr))
	put(m, "industry", clean(e.Industry))
	put(m, "capital", clean(e.Capital))
	put(m, "capitalUnit", clean(e.CapitalUnit))
	put(m, "capitalCurrency", clean(e.CapitalCurrency))
	put(m, "contactName", clean(e.ContactName))
	put(m, "contactPhone", clean(e.ContactPhone))
	return m
}

// change is one field whose proposed value differs from the stored one.
type change struct {
	def           fieldDef
	before, after string
}

func diff(defs []fieldDef, cur, proposed map[string]string) []change {
	var out []change
	for _, d := range defs {
		v, ok := proposed[d.key]
		if ok && v != cur[d.key] {
			out = append(out, change{def: d, before: cur[d.key], after: v})
		}
	}
	return out
}

var (
	dateRe    = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	capitalRe = regexp.MustCompile(`^\d{1,15}(\.\d{1,6})?$`)
	mobileRe  = regexp.MustCompile(`^1[3-9]\d{9}$`)
)

func validDate(s string) bool {
	if !dateRe.MatchString(s) {
		return false
	}
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

// validPersonCertNum checks a person certificate number for its type: the
// resident ID card and the residence permits by their check digit, other
// documents by length only.
func validPersonCertNum(certType, num string) (bool, string) {
	switch certType {
	case "1":
		return certno.ValidResidentID(num), "请输入正确的18位证件号码"
	case "237", "238":
		return certno.ValidResidencePermit(num), "请输入正确的18位证件号码"
	}
	n := utf8.RuneCountInString(num)
	return n >= 5 && n <= 32, "证件号码格式不正确"
}

// changed reports whether key is among the changes.
func changed(cs []change, keys ...string) bool {
	for _, c := range cs {
		for _, k := range keys {
			if c.def.key == k {
				return true
			}
		}
	}
	return false
}

// validatePerson checks the merged values where they changed.
func (s *Service) validatePerson(v map[string]string, cs []change) map[string]string {
	errs := map[string]string{}
	if changed(cs, "name") {
		switch n := utf8.RuneCountInString(v["name"]); {
		case n == 0:
			errs["name"] = "姓名不能为空"
		case n > 50:
			errs["name"] = "姓名不能超过50个字符"
		}
	}
	if changed(cs, "certType", "certNum") {
		switch {
		case v["certType"] == "":
			errs["certType"] = "证件类型不能为空"
		case !s.d.Catalog.ValidPersonCertType(v["certType"]):
			errs["certType"] = "证件类型无效"
		case v["certNum"] == "":
			errs["certNum"] = "证件号码不能为空"
		default:
			if ok, msg := validPersonCertNum(v["certType"], v["certNum"]); !ok {
				errs["certNum"] = msg
			}
		}
	}
	if changed(cs, "certStart", "certEnd") {
		validateValidity(v["certStart"], v["certEnd"], errs)
	}
	for _, k := range []string{"personfrontId", "personbackId"} {
		if changed(cs, k) && v[k] == "" {
			errs[k] = map[string]string{"personfrontId": "请上传证件人像面照片", "personbackId": "请上传证件国徽面照片"}[k]
		}
	}
	s.validateAddress(v, cs, errs)
	return errs
}

func validateValidity(start, end string, errs map[string]string) {
	switch {
	case start == "" || end == "":
		if start == "" {
			errs["certStart"] = "证件有效期不能为空"
		}
		if end == "" {
			errs["certEnd"] = "证件有效期不能为空"
		}
	case !validDate(start):
		errs["certStart"] = "日期格式应为yyyy-MM-dd"
	case !validDate(end):
		errs["certEnd"] = "日期格式应为yyyy-MM-dd"
	case end < start:
		errs["certEnd"] = "结束日期不能早于开始日期"
	}
}

func (s *Service) validateAddress(v map[string]string, cs []change, errs map[string]string) {
	if changed(cs, "region") {
		p, c, a := splitRegion(v["region"])
		switch {
		case p == "":
			errs["area"] = "所在地区不能为空"
		case !s.d.Catalog.ValidArea(p, c, a):
			errs["area"] = "所在地区无效"
		}
	}
	if changed(cs, "detailAddr") {
		switch n := utf8.RuneCountInString(v["detailAddr"]); {
		case n == 0:
			errs["detailAddr"] = "详细地址不能为空"
		case n > 100:
			errs["detailAddr"] = "详细地址不能超过100个字符"
		}
	}
}

func (s *Service) validateEnterprise(v map[string]string, cs []change) map[string]string {
	errs := map[string]string{}
	required := map[string]string{
		"name": "企业名称不能为空", "legalName": "法定代表人姓名不能为空", "contactName": "联系人姓名不能为空",
		"licenseId": "请上传营业执照", "personFrontId": "请上传法定代表人证件人像面照片", "personBackId": "请上传法定代表人证件国徽面照片",
	}
	for k, msg := range required {
		if changed(cs, k) && v[k] == "" {
			errs[k] = msg
		} else if changed(cs, k) && utf8.RuneCountInString(v[k]) > 100 {
			errs[k] = "长度不能超过100个字符"
		}
	}
	if changed(cs, "type", "certType", "certNum") {
		switch {
		case v["type"] == "" || !s.d.Catalog.ValidEnterpriseType(v["type"]):
			errs["type"] = "企业类型不能为空"
		case v["certType"] == "":
			errs["certType"] = "证件类型不能为空"
		case !s.d.Catalog.ValidEnterpriseCertType(v["type"], v["certType"]):
			errs["certType"] = "证件类型无效"
		case v["certNum"] == "":
			errs["certNum"] = "证件号码不能为空"
		case v["certType"] == "1" && !certno.ValidCreditCode(v["certNum"]):
			errs["certNum"] = "请输入正确的统一社会信用代码"
		case utf8.RuneCountInString(v["certNum"]) > 32:
			errs["certNum"] = "证件号码格式不正确"
		}
	}
	if changed(cs, "legalCertType", "legalCertNum") {
		switch {
		case v["legalCertType"] == "":
			errs["legalCertType"] = "法定代表人证件类型不能为空"
		case !s.d.Catalog.ValidPersonCertType(v["legalCertType"]):
			errs["legalCertType"] = "证件类型无效"
		case v["legalCertNum"] == "":
			errs["legalCertNum"] = "法定代表人证件号码不能为空"
		default:
			if ok, msg := validPersonCertNum(v["legalCertType"], v["legalCertNum"]); !ok {
				errs["legalCertNum"] = msg
			}
		}
	}
	s.validateAddress(v, cs, errs)
	if changed(cs, "industry") {
		switch {
		case v["industry"] == "":
			errs["industry"] = "所属行业不能为空"
		case !s.d.Catalog.ValidIndustryPath(v["industry"]):
			errs["industry"] = "所属行业无效"
		}
	}
	if changed(cs, "capital", "capitalUnit", "capitalCurrency") {
		switch {
		case v["capital"] == "":
			errs["capital"] = "注册资本不能为空"
		case !capitalRe.MatchString(v["capital"]):
			errs["capital"] = "注册资本只能为数字"
		}
		if !s.d.Catalog.ValidCapitalUnit(v["capitalUnit"]) {
			errs["capitalUnit"] = "请选择注册资本单位"
		}
		if !s.d.Catalog.ValidCurrency(v["capitalCurrency"]) {
			errs["capitalCurrency"] = "请选择币种"
		}
	}
	if changed(cs, "contactPhone") && !mobileRe.MatchString(v["contactPhone"]) {
		errs["contactPhone"] = "请输入正确的11位手机号码"
	}
	return errs
}

// display is the value a modification record shows: certificate numbers
// masked (the record table is not the place to reveal them), photos as a
// file reference the page can preview, regions and industries by name.
func (s *Service) display(d fieldDef, v string) string {
	switch {
	case v == "":
		return ""
	case d.photo:
		return "file:" + v
	case d.key == "certNum" || d.key == "legalCertNum":
		return certno.Mask(v)
	case d.key == "region":
		p, c, a := splitRegion(v)
		return s.d.Catalog.AreaFullNameOf(p, c, a)
	case d.key == "industry":
		return s.d.Catalog.IndustryPathName(v)
	}
	return v
}

// editableAccount loads the account an edit is for: of kind t and not
// verifying (edits wait while a reviewer decides, 02 §4).
func (s *Service) editableAccount(ctx context.Context, accountID int64, t account.Type) (account.Account, error) {
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return a, err
	}
	if a.Type != t {
		return a, ErrWrongType
	}
	if a.AuthState == account.Verifying {
		return a, ErrVerifying
	}
	return a, nil
}

// overlay returns cur with the proposed values laid over it: the record as
// it would be after the edit, which is what validation looks at.
func overlay(cur, proposed map[string]string) map[string]string {
	merged := maps.Clone(cur)
	maps.Copy(merged, proposed)
	return merged
}

// EditPerson applies a person edit under the editing rules: address fields
// change at once and are recorded as effective; identity fields (name,
// certificate, validity, photos) are recorded as waiting (authState 99),
// submitted for review, and the account is verifying until a reviewer
// decides. Refused with ErrVerifying while the account is verifying.
func (s *Service) EditPerson(ctx context.Context, accountID int64, e PersonEdit) (EditResult, error) {
	var res EditResult
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.editableAccount(ctx, accountID, account.Person)
		if err != nil {
			return err
		}
		p, err := s.personProfile(ctx, accountID)
		if err != nil {
			return err
		}
		cur := personValues(p)
		proposed := proposedPerson(e, cur)
		cs := diff(personFields, cur, proposed)
		if len(cs) == 0 {
			return ErrNoChange
		}
		merged := overlay(cur, proposed)
		if errs := s.validatePerson(merged, cs); len(errs) > 0 {
			return firstFieldError(errs, personFields)
		}
		res, err = s.applyEdit(ctx, a, "person", cs, func(key, v string) { setPerson(&p, key, v) },
			func(ctx context.Context) error {
				p.AccountID, p.UpdatedAt = accountID, s.now()
				return s.d.Store.SavePersonProfile(ctx, p)
			})
		return err
	})
	return res, err
}

// EditEnterprise applies an enterprise edit under the editing rules: region,
// address, industry, capital and contact change at once (a new contact
// phone needs its SMS code, scene contact); enterprise identity and legal
// person fields wait for review as re-authentication; the licence and the
// legal-person photos wait for review too.
func (s *Service) EditEnterprise(ctx context.Context, accountID int64, e EnterpriseEdit) (EditResult, error) {
	var res EditResult
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.editableAccount(ctx, accountID, account.Enterprise)
		if err != nil {
			return err
		}
		p, err := s.enterpriseProfile(ctx, accountID)
		if err != nil {
			return err
		}
		cur := enterpriseValues(p)
		proposed := proposedEnterprise(e, cur)
		cs := diff(enterpriseFields, cur, proposed)
		if len(cs) == 0 {
			return ErrNoChange
		}
		merged := overlay(cur, proposed)
		if errs := s.validateEnterprise(merged, cs); len(errs) > 0 {
			return firstFieldError(errs, enterpriseFields)
		}
		if changed(cs, "contactPhone") {
			if e.SMSCode == "" || e.SMSCodeID == "" {
				return apperr.Field("smsCode", "请输入短信验证码")
			}
			if err := s.d.Codes.Verify(ctx, "contact", merged["contactPhone"], e.SMSCodeID, e.SMSCode); err != nil {
				return err
			}
		}
		res, err = s.applyEdit(ctx, a, "enterprise", cs, func(key, v string) { setEnterprise(&p, key, v) },
			func(ctx context.Context) error {
				p.AccountID, p.UpdatedAt = accountID, s.now()
				return s.d.Store.SaveEnterpriseProfile(ctx, p)
			})
		return err
	})
	return res, err
}

// LicenseEdit is the business-licence change dialog: the licence and the
// legal person's photos.
type LicenseEdit struct {
	LicenseID, FrontID, BackID *string
}

// ChangeLicense is the licence-change dialog of the enterprise page; every
// field it carries waits for review.
func (s *Service) ChangeLicense(ctx context.Context, accountID int64, e LicenseEdit) (EditResult, error) {
	return s.EditEnterprise(ctx, accountID, EnterpriseEdit{LicenseID: e.LicenseID, LegalFrontID: e.FrontID, LegalBackID: e.BackID})
}

// applyEdit writes the direct changes at once (with effective records and
// an operation record) and submits the others for review (waiting records,
// account verifying). set changes the in-memory profile; save stores it.
func (s *Service) applyEdit(ctx context.Context, a account.Account, subject string, cs []change,
	set func(key, v string), save func(ctx context.Context) error) (EditResult, error) {
	now := s.now()
	var direct, pending []change
	class := classLicense
	for _, c := range cs {
		switch c.def.class {
		case classDirect:
			direct = append(direct, c)
		case classIdentity:
			class = classIdentity
			pending = append(pending, c)
		default:
			pending = append(pending, c)
		}
	}
	var photos []string
	for _, c := range cs {
		if c.def.photo && c.after != "" {
			photos = append(photos, c.after)
		}
	}
	if len(photos) > 0 {
		if err := s.d.Files.AttachAs(ctx, a.ID, files.KindPhoto, photos...); err != nil {
			return EditResult{}, err
		}
	}
	var res EditResult
	if len(direct) > 0 {
		var remarks []FieldChange
		for _, c := range direct {
			set(c.def.key, c.after)
			r := ModificationRecord{AccountID: a.ID, InfoItem: c.def.label,
				BeforeValue: s.display(c.def, c.before), AfterValue: s.display(c.def, c.after),
				OperationTime: now, IsValid: Effective, AuthMethod: MethodDirect, AuthState: int(a.AuthState)}
			if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
				return res, err
			}
			remarks = append(remarks, FieldChange{FieldName: c.def.label, BeforeValue: r.BeforeValue, AfterValue: r.AfterValue})
		}
		if err := save(ctx); err != nil {
			return res, err
		}
		if err := s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: a.Name,
			OperationType: OpInfoModified, Remarks: remarks, CreatedAt: now}); err != nil {
			return res, err
		}
	}
	if len(pending) > 0 {
		payload := ChangePayload{Subject: subject, Class: class, PrevAuthState: int(a.AuthState)}
		for _, c := range pending {
			payload.Changes = append(payload.Changes, FieldChange{Key: c.def.key, FieldName: c.def.label, BeforeValue: c.before, AfterValue: c.after})
		}
		id, err := s.d.Reviews.Submit(ctx, review.Submission{Kind: review.KindChange, AccountID: a.ID, Subject: subject, Payload: payload})
		if err != nil {
			return res, err
		}
		for _, c := range pending {
			rid := id
			r := ModificationRecord{AccountID: a.ID, InfoItem: c.def.label,
				BeforeValue: s.display(c.def, c.before), AfterValue: s.display(c.def, c.after),
				OperationTime: now, IsValid: Waiting, AuthMethod: MethodManual, AuthState: int(account.Verifying), ReviewID: &rid}
			if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
				return res, err
			}
		}
		a.AuthState = account.Verifying
		a.UpdatedAt = now
		if err := s.d.Store.UpdateAccount(ctx, a); err != nil {
			return res, err
		}
		res = EditResult{Waiting: true, ReviewID: id}
	}
	return res, nil
}

// firstFieldError builds the Invalid error with every field message; its
// Msg is the first message in the order of defs.
func firstFieldError(errs map[string]string, defs []fieldDef) error {
	msg := ""
	order := []string{}
	for _, d := range defs {
		order = append(order, d.key)
	}
	order = append(order, "area", "smsCode")
	for _, k := range order {
		if m, ok := errs[k]; ok {
			msg = m
			break
		}
	}
	if msg == "" {
		for _, m := range errs {
			msg = m
			break
		}
	}
	return apperr.InvalidFields(msg, errs)
}
