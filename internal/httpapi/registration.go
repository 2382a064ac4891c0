package httpapi

import (
	"bidpass/internal/auth"
	"encoding/json"
	"net/http"

	"bidpass/internal/account"
	"bidpass/internal/identity"
	"bidpass/internal/registration"
)

func regClient(r *http.Request) registration.Client {
	c := clientFrom(r.Context())
	return registration.Client{Addr: c.Addr, UserAgent: c.UserAgent}
}

// handleRepeatCheck serves POST /api/register/repeat/check {account}: data
// true when the name is free; a taken name is 409 该账号已被注册.
func handleRepeatCheck(d Deps) http.Handler {
	svc := d.Registration
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Account string `json:"account"`
		}
		if err := decode(w, r, &body); err != nil {
			respondError(w, r, err)
			return
		}
		if err := svc.CheckName(r.Context(), body.Account); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "账号可用", true)
	})
}

type accountStepBody struct {
	Account  string `json:"account"`
	Phone    string `json:"phone"`
	Password string `json:"password"`
	Pwd      string `json:"pwd"` // the spec's regForm name
	KeyID    string `json:"keyId"`
	// No verificationCode/codeId: the SMS send used the graphic code up;
	// clients that still send them are not refused (unknown fields are
	// ignored).
	SMSCode   string `json:"smsCode"`
	SMSCodeID string `json:"smsCodeId"`
	IsAgree   bool   `json:"isAgree"`
	Email     string `json:"email"` // optional, stored unverified
}

// handleRegisterAccount serves POST /api/register/account (person) and
// POST /api/register/enterprise (enterprise): data {id, accessToken, user};
// the new account is signed in.
func handleRegisterAccount(d Deps, t account.Type) http.Handler {
	svc := d.Registration
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b accountStepBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		if b.Password == "" {
			b.Password = b.Pwd
		}
		f := registration.AccountForm{
			Account: b.Account, Phone: b.Phone, Password: b.Password, KeyID: b.KeyID,
			SMSCode: b.SMSCode, SMSCodeID: b.SMSCodeID, IsAgree: b.IsAgree, Email: b.Email,
		}
		var (
			res registration.Registered
			err error
		)
		if t == account.Enterprise {
			res, err = svc.RegisterEnterprise(r.Context(), f, regClient(r))
		} else {
			res, err = svc.RegisterPerson(r.Context(), f, regClient(r))
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "注册成功", registeredResponse{ID: res.ID, AccessToken: res.AccessToken, User: userOut(auth.UserOf(res.Account))})
	})
}

// infoResult is the answer of an information step.
type infoResult struct {
	Step            int `json:"step"`
	RegisterProcess int `json:"registerProcess"`
}

// handlePersonRealInfo serves POST /api/register/person/realInfo.
func handlePersonRealInfo(d Deps) http.Handler {
	svc := d.Registration
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			accountRef
			RealName       string     `json:"realName"`
			CertType       flexString `json:"certType"`
			CertNum        string     `json:"certNum"`
			CertStart      string     `json:"certStart"`
			CertEnd        string     `json:"certEnd"`
			CertValid      bool       `json:"certValid"`
			Province       flexString `json:"province"`
			City           flexString `json:"city"`
			Area           flexString `json:"area"`
			CertDetailAddr string     `json:"certDetailAddr"`
			CheckType      *bool      `json:"checkType"`
		}
		if err := decodeActing(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		res, err := svc.SavePersonRealInfo(r.Context(), principalFrom(r.Context()).ID, registration.PersonRealInfo{
			Person: identity.Person{
				RealName: b.RealName, CertType: b.CertType.v, CertNum: b.CertNum,
				CertStart: b.CertStart, CertEnd: b.CertEnd, LongTerm: b.CertValid,
				Province: b.Province.v, City: b.City.v, Area: b.Area.v, DetailAddr: b.CertDetailAddr,
			},
			CheckType: b.CheckType,
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		msg := "提交成功"
		if res.Step == registration.StepDone {
			msg = "注册成功，实名认证可稍后在账户中心完成"
		}
		respondMsg(w, msg, infoResult{Step: res.Step, RegisterProcess: res.RegisterProcess})
	})
}

// handlePersonRealAuth serves POST /api/register/person/realAuth.
func handlePersonRealAuth(d Deps) http.Handler {
	svc := d.Registration
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			accountRef
			CertFrontID    string `json:"certFrontId"`
			CertBackID     string `json:"certBackId"`
			CertTakeID     string `json:"certTakeId"`
			CertDetailAddr string `json:"certDetailAddr"`
		}
		if err := decodeActing(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		err := svc.SubmitPersonRealAuth(r.Context(), principalFrom(r.Context()).ID, registration.PersonRealAuth{
			CertFrontID: b.CertFrontID, CertBackID: b.CertBackID, CertTakeID: b.CertTakeID, CertAddress: b.CertDetailAddr,
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "提交成功", infoResult{Step: registration.StepDone})
	})
}

type enterpriseDtoJSON struct {
	Type            string       `json:"type"`
	Name            string       `json:"name"`
	CertType        flexString   `json:"certType"`
	CertNum         string       `json:"certNum"`
	Province        flexString   `json:"province"`
	City            flexString   `json:"city"`
	Area            flexString   `json:"area"`
	DetailAddr      string       `json:"detailAddr"`
	Industry        industryPath `json:"industry"`
	Capital         flexString   `json:"capital"`
	CapitalUnit     string       `json:"capitalUnit"`
	CapitalCurrency string       `json:"capitalCurrency"`
	EnterpriseID    string       `json:"enterpriseId"`
}

type legalPersonDtoJSON struct {
	Name          string     `json:"name"`
	CertType      flexString `json:"certType"`
	CertNum       string     `json:"certNum"`
	PersonFrontID string     `json:"personFrontId"`
	PersonBackID  string     `json:"personBackId"`
	LinkName      string     `json:"linkName"`
	LinkPhone     string     `json:"linkPhone"`
	CheckCodeID   string     `json:"checkCodeId"`
	CheckCode     string     `json:"checkCode"`
}

// handleEnterpriseInfo serves POST /api/register/enterprise/info.
func handleEnterpriseInfo(d Deps) http.Handler {
	svc := d.Registration
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			accountRef
			Enterprise  enterpriseDtoJSON  `json:"enterpriseDto"`
			LegalPerson legalPersonDtoJSON `json:"legalPersonDto"`
		}
		if err := decodeActing(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		e, l := b.Enterprise, b.LegalPerson
		res, err := svc.SaveEnterpriseInfo(r.Context(), principalFrom(r.Context()).ID, registration.EnterpriseInfo{
			Enterprise: registration.EnterpriseDto{
				Enterprise: identity.Enterprise{
					Type: e.Type, Name: e.Name, CertType: e.CertType.v, CertNum: e.CertNum,
					Province: e.Province.v, City: e.City.v, Area: e.Area.v, DetailAddr: e.DetailAddr,
					Industry: string(e.Industry), Capital: e.Capital.v, CapitalUnit: e.CapitalUnit,
					CapitalCurrency: e.CapitalCurrency,
				},
				LicenceID: e.EnterpriseID,
			},
			LegalPerson: registration.LegalPersonDto{
				LegalPerson:   identity.LegalPerson{Name: l.Name, CertType: l.CertType.v, CertNum: l.CertNum},
				Contact:       identity.Contact{Name: l.LinkName, Phone: l.LinkPhone},
				PersonFrontID: l.PersonFrontID, PersonBackID: l.PersonBackID,
				CheckCodeID: l.CheckCodeID, CheckCode: l.CheckCode,
			},
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "提交成功", infoResult{Step: res.Step, RegisterProcess: res.RegisterProcess})
	})
}

// handleEnterpriseRealAuth serves POST /api/register/enterprise/realAuth.
func handleEnterpriseRealAuth(d Deps) http.Handler {
	svc := d.Registration
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			accountRef
			EnterpriseID  string `json:"enterpriseId"`
			PersonFrontID string `json:"personFrontId"`
			PersonBackID  string `json:"personBackId"`
		}
		if err := decodeActing(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		err := svc.SubmitEnterpriseRealAuth(r.Context(), principalFrom(r.Context()).ID, registration.EnterpriseRealAuth{
			LicenceID: b.EnterpriseID, PersonFrontID: b.PersonFrontID, PersonBackID: b.PersonBackID,
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "提交成功", infoResult{Step: registration.StepDone})
	})
}

// handleRegisterProgress serves GET /api/register/progress: the step to
// resume at and everything the registration has saved, in the forms' own
// field names so the client fills them back in.
func handleRegisterProgress(d Deps) http.Handler {
	svc := d.Registration
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := svc.ProgressOf(r.Context(), principalFrom(r.Context()).ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, progressOut(p))
	})
}

// handleDocument serves a registration text (agreement, privacy notice).
// The text is part of the binary, so it is encoded once.
func handleDocument(_ Deps, load func() (registration.Document, error)) http.Handler {
	doc, err := load()
	if err != nil {
		// The embedded files are checked by the registration tests; a
		// broken build answers 500 rather than failing to start.
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { respondError(w, r, err) })
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_ = json.NewEncoder(w).Encode(envelope{Msg: msgOK, Data: documentOut(doc)})
	})
}

// NameChecksPerMinute is how many account-name checks one client address
// may make a minute: far more than a person typing a name needs, too few to
// list the accounts.
const NameChecksPerMinute = 30
