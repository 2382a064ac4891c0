package httpapi

import (
	"net/http"

	"bidpass/internal/apperr"
	"bidpass/internal/recovery"
)

type recoverFindBody struct {
	Phone     string `json:"phone"`
	Email     string `json:"email"`
	Type      int    `json:"type"`
	SMSCode   string `json:"smsCode"`
	SMSCodeID string `json:"smsCodeId"`
}

// handleRecoverFind serves POST /api/retrieve/pwd/phone {phone, smsCode,
// smsCodeId, type?} and POST /api/retrieve/pwd/email {email, …}: after the
// code is verified, the accounts on that phone or address and a checkCode.
// The graphic code was used up by the send (one graphic code, one send), so
// verificationCode and codeId in the body are not checked again.
func handleRecoverFind(d Deps, email bool) http.Handler {
	s := d.Recovery
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b recoverFindBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		req := recovery.FindRequest{Type: b.Type, SMSCode: b.SMSCode, SMSCodeID: b.SMSCodeID}
		if email {
			req.Email = b.Email
			if req.Email == "" {
				respondError(w, r, apperr.Field("email", "请输入邮箱"))
				return
			}
		} else {
			req.Phone = b.Phone
		}
		res, err := s.Find(r.Context(), req)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, recoverFindOut(res))
	})
}

// handleRecoverReset serves POST /api/retrieve/pwd/reset {password,
// confirmPwd, keyId, accountId, checkCode}; both passwords are encrypted.
func handleRecoverReset(d Deps) http.Handler {
	s := d.Recovery
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			Password   string     `json:"password"`
			ConfirmPwd string     `json:"confirmPwd"`
			KeyID      string     `json:"keyId"`
			AccountID  flexibleID `json:"accountId"`
			CheckCode  string     `json:"checkCode"`
		}
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		err := s.Reset(r.Context(), recovery.ResetRequest{Password: b.Password, ConfirmPwd: b.ConfirmPwd, KeyID: b.KeyID,
			AccountID: int64(b.AccountID), CheckCode: b.CheckCode})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "密码重置成功", nil)
	})
}
