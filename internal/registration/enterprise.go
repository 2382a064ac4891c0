package registration

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"bidpass/internal/account"
	"bidpass/internal/certno"
	"bidpass/internal/files"
	"bidpass/internal/refdata"
)

// Messages of the enterprise forms (01 §5).
const (
	msgEntType          = "企业属别不能为空"
	msgEntName          = "企业名称不能为空"
	msgEntCertType      = "企业证件类型不能为空"
	msgEntCertTypeA1    = "境内企业须使用统一社会信用代码"
	msgEntCertNum       = "企业证件号码不能为空"
	msgEntCreditCode    = "请输入正确的18位统一社会信用代码"
	msgEntArea          = "请选择地区"
	msgEntDetailAddr    = "企业详细地址不能为空"
	msgIndustry         = "请选择所属行业"
	msgCapital          = "注册资本不能为空"
	msgCapitalNumeric   = "注册资本只能填写数字"
	msgCapitalUnit      = "请选择资金单位"
	msgCurrency         = "请选择币种"
	msgLinkName         = "联系人姓名不能为空"
	msgLinkPhone        = "联系电话不能为空"
	msgCheckCode        = "验证码不能为空"
	msgLegalName        = "法定代表人姓名不能为空"
	msgLegalCertType    = "法定代表人证件类型不能为空"
	msgLegalCertNum     = "法定代表人证件号码不能为空"
	msgLegalPhoto       = "请上传法人证件"
	msgLicence          = "请上传营业执照"
	msgLegalFront       = "请上传证件正面"
	msgLegalBack        = "请上传证件背面"
	fieldEnt            = "enterpriseDto."
	fieldLegal          = "legalPersonDto."
	maxNameLen          = 100
	maxAddrLen          = 200
	maxCapitalIntDigits = 15
)

// capitalPattern is a non-negative decimal with at most six decimals: exact
// text, never a float, so 1234.56 万元 stays 1234.56.
var capitalPattern = regexp.MustCompile(`^[0-9]{1,15}(\.[0-9]{1,6})?$`)

// otherEntCertPattern is the shape of an enterprise certificate number
// without a check character (foreign registrations, public institutions'
// older certificates).
var otherEntCertPattern = regexp.MustCompile(`^[A-Z0-9()（）-]{4,40}$`)

// EnterpriseDto is the enterprise part of the basic-information step.
type EnterpriseDto struct {
	Type            string // A1, A2, A3
	Name            string
	CertType        string
	CertNum         string
	Province        string
	City            string
	Area            string
	DetailAddr      string
	Industry        string // comma-joined cascader path
	Capital         string
	CapitalUnit     string
	CapitalCurrency string
	LicenceID       string // enterpriseId: optional here, required at realAuth
}

// LegalPersonDto is the legal representative and contact part.
type LegalPersonDto struct {
	Name          string
	CertType      string
	CertNum       string
	PersonFrontID string // optional here, required at realAuth
	PersonBackID  string
	LinkName      string
	LinkPhone     string
	CheckCodeID   string // SMS code id, scene contact
	CheckCode     string
}

// EnterpriseInfo is the basic-information step.
type EnterpriseInfo struct {
	Enterprise  EnterpriseDto
	LegalPerson LegalPersonDto
}

// SaveEnterpriseInfo checks and saves the basic information of an
// enterprise in registration and moves it to the authentication step. The
// contact phone's SMS code (scene contact) is required unless the phone is
// the one already verified by an earlier save, so going back from the
// authentication step does not cost a new code.
func (s *Service) SaveEnterpriseInfo(ctx context.Context, accountID int64, f EnterpriseInfo) (InfoResult, error) {
	e, l := &f.Enterprise, &f.LegalPerson
	e.Name, e.DetailAddr = strings.TrimSpace(e.Name), strings.TrimSpace(e.DetailAddr)
	e.CertNum = certno.Normalize(e.CertNum)
	e.Capital = stripSpaces(e.Capital)
	e.Industry = stripSpaces(e.Industry)
	l.Name, l.LinkName = strings.TrimSpace(l.Name), strings.TrimSpace(l.LinkName)
	l.LinkPhone, l.CheckCode = stripSpaces(l.LinkPhone), stripSpaces(l.CheckCode)
	cat := s.d.RefData

	var fe fieldErrors
	if !cat.ValidEnterpriseType(e.Type) {
		fe.add(fieldEnt+"type", msgEntType)
	}
	if e.Name == "" {
		fe.add(fieldEnt+"name", msgEntName)
	}
	checkLen(&fe, fieldEnt+"name", e.Name, maxNameLen)
	switch {
	case e.CertType != refdata.EnterpriseCertCreditCode && e.CertType != refdata.EnterpriseCertOther:
		fe.add(fieldEnt+"certType", msgEntCertType)
	case cat.ValidEnterpriseType(e.Type) && !cat.ValidEnterpriseCertType(e.Type, e.CertType):
		fe.add(fieldEnt+"certType", msgEntCertTypeA1)
	}
	switch {
	case e.CertNum == "":
		fe.add(fieldEnt+"certNum", msgEntCertNum)
	case e.CertType == refdata.EnterpriseCertCreditCode && !certno.ValidCreditCode(e.CertNum):
		fe.add(fieldEnt+"certNum", msgEntCreditCode)
	case e.CertType == refdata.EnterpriseCertOther && !otherEntCertPattern.MatchString(e.CertNum):
		fe.add(fieldEnt+"certNum", msgCertNumOther)
	}
	if !cat.ValidArea(e.Province, e.City, e.Area) {
		fe.add(fieldEnt+"area", msgEntArea)
	}
	if e.DetailAddr == "" {
		fe.add(fieldEnt+"detailAddr", msgEntDetailAddr)
	}
	checkLen(&fe, fieldEnt+"detailAddr", e.DetailAddr, maxAddrLen)
	if !cat.ValidIndustryPath(e.Industry) {
		fe.add(fieldEnt+"industry", msgIndustry)
	}
	switch {
	case e.Capital == "":
		fe.add(fieldEnt+"capital", msgCapital)
	case !capitalPattern.MatchString(e.Capital):
		fe.add(fieldEnt+"capital", msgCapitalNumeric)
	}
	if !cat.ValidCapitalUnit(e.CapitalUnit) {
		fe.add(fieldEnt+"capitalUnit", msgCapitalUnit)
	}
	if !cat.ValidCurrency(e.CapitalCurrency) {
		fe.add(fieldEnt+"capitalCurrency", msgCurrency)
	}

	if l.Name == "" {
		fe.add(fieldLegal+"name", msgLegalName)
	}
	checkLen(&fe, fieldLegal+"name", l.Name, 50)
	l.CertNum = checkPersonCert(cat, &fe, fieldLegal+"certType", fieldLegal+"certNum", l.CertType, l.CertNum, msgLegalCertType, msgLegalCertNum)
	if l.LinkName == "" {
		fe.add(fieldLegal+"linkName", msgLinkName)
	}
	checkLen(&fe, fieldLegal+"linkName", l.LinkName, 50)
	switch {
	case l.LinkPhone == "":
		fe.add(fieldLegal+"linkPhone", msgLinkPhone)
	case !phonePattern.MatchString(l.LinkPhone):
		fe.add(fieldLegal+"linkPhone", msgPhonePattern)
	}
	if err := fe.err(); err != nil {
		return InfoResult{}, err
	}

	var res InfoResult
	err := s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, err := s.inRegistration(ctx, accountID, account.Enterprise)
		if err != nil {
			return err
		}
		p, err := s.d.Accounts.EnterpriseProfile(ctx, accountID)
		if err != nil && !errors.Is(err, account.ErrNotFound) {
			return err
		}
		// The contact phone needs its own code unless an earlier save of
		// this registration already proved it.
		if p.ContactPhone == "" || p.ContactPhone != l.LinkPhone {
			if l.CheckCode == "" {
				var fe fieldErrors
				fe.add(fieldLegal+"checkCode", msgCheckCode)
				return fe.err()
			}
			if err := s.d.SMS.Verify(ctx, SceneContact, l.LinkPhone, l.CheckCodeID, l.CheckCode); err != nil {
				return withField(err, fieldLegal+"checkCode")
			}
		}
		// Photos sent early (the spec's step 1 may carry the licence) are
		// attached now; the authentication step requires them.
		for _, c := range []struct{ field, id string }{
			{fieldEnt + "enterpriseId", e.LicenceID},
			{fieldLegal + "personFrontId", l.PersonFrontID},
			{fieldLegal + "personBackId", l.PersonBackID},
		} {
			if c.id == "" {
				continue
			}
			if err := s.d.Files.AttachAs(ctx, accountID, files.KindPhoto, c.id); err != nil {
				return withField(err, c.field)
			}
		}
		now := s.d.Clock.Now().UTC()
		p.AccountID = accountID
		p.EntType, p.Name, p.CertType, p.CertNum = e.Type, e.Name, e.CertType, e.CertNum
		p.Province, p.City, p.Area, p.DetailAddr = e.Province, e.City, e.Area, e.DetailAddr
		p.Industry, p.Capital, p.CapitalUnit, p.CapitalCurrency = e.Industry, e.Capital, e.CapitalUnit, e.CapitalCurrency
		if e.LicenceID != "" {
			p.LicenseFileID = e.LicenceID
		}
		p.LegalName, p.LegalCertType, p.LegalCertNum = l.Name, l.CertType, l.CertNum
		if l.PersonFrontID != "" {
			p.LegalFrontID = l.PersonFrontID
		}
		if l.PersonBackID != "" {
			p.LegalBackID = l.PersonBackID
		}
		p.ContactName, p.ContactPhone = l.LinkName, l.LinkPhone
		p.UpdatedAt = now
		if err := s.d.Accounts.SaveEnterpriseProfile(ctx, p); err != nil {
			return err
		}
		a.RegisterStep, a.UpdatedAt = StepAuth, now
		res = InfoResult{Step: a.RegisterStep, RegisterProcess: a.RegisterProcess}
		return s.d.Accounts.UpdateAccount(ctx, a)
	})
	return res, err
}

// EnterpriseRealAuth is the enterprise authentication step. The upload
// mode the user must open first (01 §5: 请上传相关证件！) is a screen state;
// the server requires the photos themselves.
type EnterpriseRealAuth struct {
	LicenceID     string // enterpriseId
	PersonFrontID string
	PersonBackID  string
}

// SubmitEnterpriseRealAuth attaches the licence and the legal person's
// certificate photos, queues a real-name review, sets authState 99 and ends
// the registration, in one transaction. After registration it is the
// account centre's manual authentication, under the same rules as the
// person's (realAuthAccount).
func (s *Service) SubmitEnterpriseRealAuth(ctx context.Context, accountID int64, f EnterpriseRealAuth) error {
	var fe fieldErrors
	if f.LicenceID == "" {
		fe.add("enterpriseId", msgLicence)
	}
	if f.PersonFrontID == "" {
		fe.add("personFrontId", msgLegalFront)
	}
	if f.PersonBackID == "" {
		fe.add("personBackId", msgLegalBack)
	}
	if err := fe.err(); err != nil {
		return err
	}
	return s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, registering, err := s.realAuthAccount(ctx, accountID, account.Enterprise)
		if err != nil {
			return err
		}
		p, err := s.d.Accounts.EnterpriseProfile(ctx, accountID)
		if errors.Is(err, account.ErrNotFound) || (err == nil && (p.Name == "" || p.CertNum == "" || p.LegalName == "")) {
			return ErrInfoFirst
		}
		if err != nil {
			return err
		}
		for _, c := range []struct{ field, id string }{
			{"enterpriseId", f.LicenceID}, {"personFrontId", f.PersonFrontID}, {"personBackId", f.PersonBackID},
		} {
			if err := s.d.Files.AttachAs(ctx, accountID, files.KindPhoto, c.id); err != nil {
				return withField(err, c.field)
			}
		}
		now := s.d.Clock.Now().UTC()
		p.LicenseFileID, p.LegalFrontID, p.LegalBackID, p.UpdatedAt = f.LicenceID, f.PersonFrontID, f.PersonBackID, now
		if err := s.d.Accounts.SaveEnterpriseProfile(ctx, p); err != nil {
			return err
		}
		payload := EnterpriseReviewPayload(a, p)
		if !registering {
			payload["source"] = SourceAccountCentre
		}
		if _, err := s.d.SubmitReview(ctx, accountID, "enterprise", payload); err != nil {
			return fmt.Errorf("registration: submit review: %w", err)
		}
		if err := s.recordSubmission(ctx, a, f.LicenceID, f.PersonFrontID, f.PersonBackID); err != nil {
			return err
		}
		a.AuthState, a.RegisterProcess, a.RegisterStep, a.UpdatedAt = account.Verifying, 0, StepDone, now
		return s.d.Accounts.UpdateAccount(ctx, a)
	})
}

// EnterpriseReviewPayload is what a reviewer sees of an enterprise's
// real-name submission.
func EnterpriseReviewPayload(a account.Account, p account.EnterpriseProfile) map[string]any {
	return map[string]any{
		"account": a.Name, "phone": a.Phone,
		"type": p.EntType, "name": p.Name, "certType": p.CertType, "certNum": p.CertNum,
		"province": p.Province, "city": p.City, "area": p.Area, "detailAddr": p.DetailAddr,
		"industry": p.Industry, "capital": p.Capital, "capitalUnit": p.CapitalUnit, "capitalCurrency": p.CapitalCurrency,
		"enterpriseId": p.LicenseFileID,
		"legalName":    p.LegalName, "legalCertType": p.LegalCertType, "legalCertNum": p.LegalCertNum,
		"personFrontId": p.LegalFrontID, "personBackId": p.LegalBackID,
		"linkName": p.ContactName, "linkPhone": p.ContactPhone, "source": "registration",
	}
}
