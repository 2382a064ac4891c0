package registration

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/files"
	"bidpass/internal/refdata"
)

// LongTermEnd is the validity end stored for a long-term certificate (01 §9).
const LongTermEnd = "9999-12-31"

const dateLayout = "2006-01-02"

// Messages of the real-name forms (01 §5).
const (
	msgRealName        = "请填写真实姓名"
	msgCertType        = "请选择证件类型"
	msgCertNum         = "请输入证件号码"
	msgCertNumID       = "请输入正确的18位证件号码"
	msgCertNumOther    = "请输入正确的证件号码"
	msgCertStart       = "请选择证件有效期开始时间"
	msgCertEnd         = "请选择证件有效期结束时间"
	msgCertEndBefore   = "证件有效期结束时间不能早于开始时间"
	msgCertStartFuture = "证件有效期开始时间不能晚于今天"
	msgCertExpired     = "证件已过期，请使用有效期内的证件"
	msgArea            = "请选择证件地址"
	msgDetailAddr      = "请填写详细地址"
	msgCheckType       = "请选择核验方式"
	msgCertFront       = "请上传证件正面"
	msgCertBack        = "请上传证件背面"
	msgCertTake        = "请上传手持证件照片"
	msgCertAddress     = "请填写证件地址"
	msgTooLong         = "内容过长"
)

// otherCertPattern is the shape of certificate numbers without a check
// character (passports, permits, foreign documents): letters, digits and the
// brackets and hyphens some of them print.
var otherCertPattern = regexp.MustCompile(`^[A-Z0-9()（）-]{5,30}$`)

// PersonRealInfo is the real-name information step (01 §3, real-name form).
// CheckType is nil when the client did not say which method it chose.
type PersonRealInfo struct {
	RealName   string
	CertType   string
	CertNum    string
	CertStart  string
	CertEnd    string
	LongTerm   bool // certValid in the spec
	Province   string
	City       string
	Area       string
	DetailAddr string // certDetailAddr of the information form
	CheckType  *bool  // manual verification chosen
}

// InfoResult tells the client where the wizard goes next.
type InfoResult struct {
	Step            int
	RegisterProcess int
}

// checkPersonCert validates a certificate type and number and returns the
// normalised number; the field names are the form's.
func checkPersonCert(cat *refdata.Catalog, fe *fieldErrors, typeField, numField, certType, num string, typeMsg, numMsg string) string {
	num = certno.Normalize(num)
	if certType == "" || !cat.ValidPersonCertType(certType) {
		fe.add(typeField, typeMsg)
		if num == "" {
			fe.add(numField, numMsg)
		}
		return num
	}
	switch {
	case num == "":
		fe.add(numField, numMsg)
	case certType == refdata.PersonCertResidentID:
		if !certno.ValidResidentID(num) {
			fe.add(numField, msgCertNumID)
		}
	case certType == refdata.PersonCertHKMacaoPermit || certType == refdata.PersonCertTaiwanPermit:
		if !certno.ValidResidencePermit(num) {
			fe.add(numField, msgCertNumID)
		}
	default:
		if !otherCertPattern.MatchString(num) {
			fe.add(numField, msgCertNumOther)
		}
	}
	return num
}

func checkLen(fe *fieldErrors, field, v string, max int) {
	if utf8.RuneCountInString(v) > max {
		fe.add(field, msgTooLong)
	}
}

// checkValidity checks the validity dates against today and returns the
// stored end (9999-12-31 when long-term).
func checkValidity(fe *fieldErrors, start, end string, longTerm bool, today time.Time) string {
	s, errS := time.Parse(dateLayout, start)
	switch {
	case start == "":
		fe.add("certStart", msgCertStart)
	case errS != nil:
		fe.add("certStart", msgCertStart)
	case s.After(today):
		fe.add("certStart", msgCertStartFuture)
	}
	if longTerm {
		return LongTermEnd
	}
	e, errE := time.Parse(dateLayout, end)
	switch {
	case end == "" || errE != nil:
		fe.add("certEnd", msgCertEnd)
	case errS == nil && e.Before(s):
		fe.add("certEnd", msgCertEndBefore)
	case e.Before(today):
		fe.add("certEnd", msgCertExpired)
	}
	return end
}

func (s *Service) today() time.Time {
	y, m, d := s.d.Clock.Now().In(chinaTime).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// chinaTime is the zone certificate dates are written in (UTC+8, no DST).
var chinaTime = time.FixedZone("CST", 8*3600)

// SavePersonRealInfo saves the real-name information of a person account in
// registration. With manual verification chosen the wizard goes on to the
// photos (step 2); without it the registration is complete with authState 0
// and the user may authenticate later in the account centre (DECISIONS.md).
// It may be submitted again (the wizard's Previous) until registration ends.
func (s *Service) SavePersonRealInfo(ctx context.Context, accountID int64, f PersonRealInfo) (InfoResult, error) {
	f.RealName = strings.TrimSpace(f.RealName)
	f.DetailAddr = strings.TrimSpace(f.DetailAddr)
	var fe fieldErrors
	if f.RealName == "" {
		fe.add("realName", msgRealName)
	}
	checkLen(&fe, "realName", f.RealName, 50)
	f.CertNum = checkPersonCert(s.d.RefData, &fe, "certType", "certNum", f.CertType, f.CertNum, msgCertType, msgCertNum)
	end := checkValidity(&fe, f.CertStart, f.CertEnd, f.LongTerm, s.today())
	if !s.d.RefData.ValidArea(f.Province, f.City, f.Area) {
		fe.add("area", msgArea)
	}
	if f.DetailAddr == "" {
		fe.add("certDetailAddr", msgDetailAddr)
	}
	checkLen(&fe, "certDetailAddr", f.DetailAddr, 200)
	if f.CheckType == nil {
		fe.add("checkType", msgCheckType)
	}
	if err := fe.err(); err != nil {
		return InfoResult{}, err
	}
	manual := *f.CheckType
	var res InfoResult
	err := s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, err := s.inRegistration(ctx, accountID, account.Person)
		if err != nil {
			return err
		}
		p, err := s.d.Accounts.PersonProfile(ctx, accountID)
		if err != nil && !errors.Is(err, account.ErrNotFound) {
			return err
		}
		now := s.d.Clock.Now().UTC()
		p.AccountID = accountID
		p.RealName, p.CertType, p.CertNum = f.RealName, f.CertType, f.CertNum
		p.CertStart, p.CertEnd, p.CertLongTerm = f.CertStart, end, f.LongTerm
		p.Province, p.City, p.Area, p.DetailAddr = f.Province, f.City, f.Area, f.DetailAddr
		p.ManualCheck = manual
		p.UpdatedAt = now
		if err := s.d.Accounts.SavePersonProfile(ctx, p); err != nil {
			return err
		}
		if manual {
			a.RegisterStep = StepAuth
		} else {
			a.RegisterStep, a.RegisterProcess, a.AuthState = StepDone, 0, account.NotAuthenticated
		}
		a.UpdatedAt = now
		res = InfoResult{Step: a.RegisterStep, RegisterProcess: a.RegisterProcess}
		return s.d.Accounts.UpdateAccount(ctx, a)
	})
	return res, err
}

// PersonRealAuth is the authentication step: the certificate photos (file
// ids of uploads) and the address printed on the certificate.
type PersonRealAuth struct {
	CertFrontID string
	CertBackID  string
	CertTakeID  string
	CertAddress string // certDetailAddr of the authentication form
}

// SubmitPersonRealAuth attaches the photos (which must be this account's
// JPEG or PNG uploads), queues a real-name review, sets authState 99 and
// ends the registration, all in one transaction. The same call is the
// account centre's manual authentication (02 §7): an account whose
// registration is over may submit while its authState is 0 (it chose not
// to verify at registration) or 2 (not passed, resubmission); see
// realAuthAccount.
func (s *Service) SubmitPersonRealAuth(ctx context.Context, accountID int64, f PersonRealAuth) error {
	f.CertAddress = strings.TrimSpace(f.CertAddress)
	var fe fieldErrors
	for _, c := range []struct{ field, v, msg string }{
		{"certFrontId", f.CertFrontID, msgCertFront},
		{"certBackId", f.CertBackID, msgCertBack},
		{"certTakeId", f.CertTakeID, msgCertTake},
		{"certDetailAddr", f.CertAddress, msgCertAddress},
	} {
		if strings.TrimSpace(c.v) == "" {
			fe.add(c.field, c.msg)
		}
	}
	checkLen(&fe, "certDetailAddr", f.CertAddress, 200)
	if err := fe.err(); err != nil {
		return err
	}
	return s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, registering, err := s.realAuthAccount(ctx, accountID, account.Person)
		if err != nil {
			return err
		}
		p, err := s.d.Accounts.PersonProfile(ctx, accountID)
		if errors.Is(err, account.ErrNotFound) || (err == nil && (p.RealName == "" || p.CertNum == "")) {
			return ErrInfoFirst
		}
		if err != nil {
			return err
		}
		for _, c := range []struct{ field, id string }{
			{"certFrontId", f.CertFrontID}, {"certBackId", f.CertBackID}, {"certTakeId", f.CertTakeID},
		} {
			if err := s.d.Files.AttachAs(ctx, accountID, files.KindPhoto, c.id); err != nil {
				return withField(err, c.field)
			}
		}
		now := s.d.Clock.Now().UTC()
		p.CertFrontID, p.CertBackID, p.CertTakeID, p.CertAddress = f.CertFrontID, f.CertBackID, f.CertTakeID, f.CertAddress
		p.ManualCheck, p.UpdatedAt = true, now
		if err := s.d.Accounts.SavePersonProfile(ctx, p); err != nil {
			return err
		}
		payload := PersonReviewPayload(a, p)
		if !registering {
			payload["source"] = SourceAccountCentre
		}
		if _, err := s.d.SubmitReview(ctx, accountID, "person", payload); err != nil {
			return fmt.Errorf("registration: submit review: %w", err)
		}
		if err := s.recordSubmission(ctx, a, f.CertFrontID, f.CertBackID, f.CertTakeID); err != nil {
			return err
		}
		a.AuthState, a.RegisterProcess, a.RegisterStep, a.UpdatedAt = account.Verifying, 0, StepDone, now
		return s.d.Accounts.UpdateAccount(ctx, a)
	})
}

// PersonReviewPayload is what a reviewer sees of a person's real-name
// submission: everything the forms collected.
func PersonReviewPayload(a account.Account, p account.PersonProfile) map[string]any {
	return map[string]any{
		"account": a.Name, "phone": a.Phone,
		"realName": p.RealName, "certType": p.CertType, "certNum": p.CertNum,
		"certStart": p.CertStart, "certEnd": p.CertEnd, "certValid": p.CertLongTerm,
		"province": p.Province, "city": p.City, "area": p.Area, "detailAddr": p.DetailAddr,
		"certFrontId": p.CertFrontID, "certBackId": p.CertBackID, "certTakeId": p.CertTakeID,
		"certAddress": p.CertAddress, "source": "registration",
	}
}

func (s *Service) recordSubmission(ctx context.Context, a account.Account, ids ...string) error {
	if s.d.RecordSubmission == nil {
		return nil
	}
	if err := s.d.RecordSubmission(ctx, a.ID, a.Name, ids); err != nil {
		return fmt.Errorf("registration: operation record: %w", err)
	}
	return nil
}

// SourceAccountCentre is the payload "source" of a real-name submission made
// from the account centre after registration (first submission after
// choosing not to verify, or resubmission after a rejection); registration's
// own submissions say "registration".
const SourceAccountCentre = "accountCentre"

// Errors of a manual authentication submitted after registration.
var (
	// ErrAuthVerifying answers a submission while the previous one waits
	// for a reviewer: the holder withdraws it first (撤销) or waits.
	ErrAuthVerifying = apperr.New(apperr.Conflict, "registration.auth_verifying", "认证中，请等待审核结果")
	// ErrAuthDone answers a submission of an authenticated account: changes
	// of identity go through the edit pages and their review instead.
	ErrAuthDone = apperr.New(apperr.Conflict, "registration.auth_done", "已认证，无需重复提交")
)

// realAuthAccount loads the account submitting its manual-authentication
// photos inside the transaction. During registration the information step
// must be done (registering = true). After registration the same call is the
// account centre's manual authentication, allowed only while authState is 0
// or 2: 99 already waits for a reviewer and 1 is authenticated.
func (s *Service) realAuthAccount(ctx context.Context, accountID int64, t account.Type) (a account.Account, registering bool, err error) {
	a, err = s.d.Accounts.AccountByID(ctx, accountID)
	if errors.Is(err, account.ErrNotFound) {
		return a, false, apperr.ErrUnauthenticated
	}
	if err != nil {
		return a, false, fmt.Errorf("registration: load account: %w", err)
	}
	if a.Type != t {
		return a, false, ErrWrongKind
	}
	if a.RegisterProcess == 1 {
		if a.RegisterStep < StepAuth {
			return a, true, ErrInfoFirst
		}
		return a, true, nil
	}
	switch a.AuthState {
	case account.NotAuthenticated, account.NotPassed:
		return a, false, nil
	case account.Verifying:
		return a, false, ErrAuthVerifying
	default:
		return a, false, ErrAuthDone
	}
}
