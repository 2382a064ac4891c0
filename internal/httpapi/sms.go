package httpapi

import (
	"net/http"

	"bidpass/internal/sms"
)

type codeSendBody struct {
	Phone            string `json:"phone"`
	Email            string `json:"email"`
	Scene            string `json:"scene"`
	CodeID           string `json:"codeId"`
	VerificationCode string `json:"verificationCode"`
}

// handleCodeSend serves POST /api/common/sms/send {phone, scene, codeId,
// verificationCode} and, with email, POST /api/common/email/send {email, …}
// → data = the code id.
func handleCodeSend(d Deps, email bool) http.Handler {
	s := d.SMS
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b codeSendBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		req := sms.SendRequest{Scene: b.Scene, GraphicCodeID: b.CodeID, GraphicCode: b.VerificationCode, Client: clientFrom(r.Context()).Addr}
		if email {
			req.Email = b.Email
			if req.Email == "" {
				respondError(w, r, sms.ErrBadEmail)
				return
			}
		} else {
			req.Phone = b.Phone
		}
		id, err := s.Send(r.Context(), req)
		if err != nil {
			respondError(w, r, err)
			return
		}
		if email {
			respondMsg(w, "邮箱验证码已发送", id)
			return
		}
		respondMsg(w, "短信码已发送", id)
	})
}
