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

func handleCodeSend(s *sms.Service, email bool) http.Handler {
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

// handleSMSSend serves POST /api/common/sms/send {phone, scene, codeId,
// verificationCode} → data = smsCodeId.
func handleSMSSend(s *sms.Service) http.Handler { return handleCodeSend(s, false) }

// handleEmailSend serves POST /api/common/email/send {email, scene, codeId,
// verificationCode} → data = the code id.
func handleEmailSend(s *sms.Service) http.Handler { return handleCodeSend(s, true) }
