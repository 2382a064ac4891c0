package httpapi

import (
	"net/http"
	"strings"
	"time"

	"bidpass/internal/auth"
	"bidpass/internal/mfa"
	"bidpass/internal/session"
)

// The second factor's routes: the 动态口令 card of 账号安全管理 and the
// second step of the login page (docs/decisions/second-factor.md).

// secondStepCookie holds the browser's half of a second-step ticket: the
// ticket id in the answer alone does not finish the sign-in elsewhere.
const secondStepCookie = "bidpass_second_step"

// respondSignIn answers a password sign-in: the session, or the second
// step's ticket with its cookie.
func respondSignIn(w http.ResponseWriter, r *http.Request, res auth.SignInResult) {
	if res.SecondStep.ID == "" {
		respondMsg(w, "登录成功", signInOut(res))
		return
	}
	http.SetCookie(w, &http.Cookie{Name: secondStepCookie, Value: res.SecondStep.Secret, Path: "/api/",
		MaxAge: int(mfa.TicketTTL / time.Second), HttpOnly: true, Secure: r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https"),
		SameSite: http.SameSiteStrictMode})
	respondMsg(w, "请输入动态口令", secondStepResponse{SecondStep: res.SecondStep.ID, ExpiresIn: int(mfa.TicketTTL / time.Second)})
}

// secondStepResponse answers a right password of an account with a factor.
type secondStepResponse struct {
	SecondStep string `json:"secondStep"`
	ExpiresIn  int    `json:"expiresIn"`
}

// handleSecondStep serves POST /api/auth/second-step {ticket, code}.
func handleSecondStep(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			Ticket string `json:"ticket"`
			Code   string `json:"code"`
		}
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		secret := ""
		if c, err := r.Cookie(secondStepCookie); err == nil {
			secret = c.Value
		}
		cl := clientFrom(r.Context())
		res, err := d.Auth.CompleteSecondStep(r.Context(), mfa.Ticket{ID: b.Ticket, Secret: secret}, b.Code, cl.Addr, cl.UserAgent)
		if err != nil {
			respondError(w, r, err)
			return
		}
		http.SetCookie(w, &http.Cookie{Name: secondStepCookie, Path: "/api/", MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
		respondMsg(w, "登录成功", signInOut(res))
	})
}

// portalSubject is the caller's account as a second-factor subject.
func portalSubject(d Deps, r *http.Request) (mfa.Subject, error) {
	p := principalFrom(r.Context())
	u, err := d.Auth.Me(r.Context(), p.ID)
	if err != nil {
		return mfa.Subject{}, err
	}
	return mfa.Subject{Kind: session.Portal, ID: p.ID, Name: u.UserName}, nil
}

type factorStatusResponse struct {
	Enabled      bool   `json:"enabled"`
	RecoveryLeft int    `json:"recoveryLeft"`
	EnrolledAt   string `json:"enrolledAt"`
}

type enrolmentResponse struct {
	Secret       string   `json:"secret"`
	SecretGroups []string `json:"secretGroups"`
	OtpauthURL   string   `json:"otpauthUrl"`
	QRCode       string   `json:"qrCode"`
}

type recoveryCodesResponse struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

type codeBody struct {
	Code string `json:"code"`
}

// handleFactorStatus serves GET /api/account/security/totp.
func handleFactorStatus(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sub, err := portalSubject(d, r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		st, err := d.SecondFactor.Status(r.Context(), sub)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := factorStatusResponse{Enabled: st.Enabled, RecoveryLeft: st.RecoveryLeft}
		if st.Enabled {
			out.EnrolledAt = st.EnrolledAt.Format(time.RFC3339)
		}
		respond(w, out)
	})
}

// handleTOTPBegin serves POST /api/account/security/totp: a fresh secret and its QR code.
func handleTOTPBegin(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sub, err := portalSubject(d, r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		en, err := d.SecondFactor.BeginTOTP(r.Context(), sub)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, enrolmentResponse{Secret: en.Secret, SecretGroups: en.SecretGroups, OtpauthURL: en.URL, QRCode: en.QRCode})
	})
}

// withCode decodes {code} and runs fn for the caller's subject.
func withCode(d Deps, fn func(r *http.Request, sub mfa.Subject, code string) (any, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b codeBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		sub, err := portalSubject(d, r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out, err := fn(r, sub, b.Code)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, out)
	})
}

// handleTOTPConfirm serves PUT /api/account/security/totp {code}: the
// factor is on, and the recovery codes are shown once.
func handleTOTPConfirm(d Deps) http.Handler {
	return withCode(d, func(r *http.Request, sub mfa.Subject, code string) (any, error) {
		codes, err := d.SecondFactor.ConfirmTOTP(r.Context(), sub, code)
		return recoveryCodesResponse{RecoveryCodes: codes}, err
	})
}

// handleTOTPRemove serves POST /api/account/security/totp/remove {code}.
func handleTOTPRemove(d Deps) http.Handler {
	return withCode(d, func(r *http.Request, sub mfa.Subject, code string) (any, error) {
		return nil, d.SecondFactor.Remove(r.Context(), sub, code)
	})
}

// handleRecoveryCodes serves POST /api/account/security/recovery-codes {code}.
func handleRecoveryCodes(d Deps) http.Handler {
	return withCode(d, func(r *http.Request, sub mfa.Subject, code string) (any, error) {
		codes, err := d.SecondFactor.RegenerateRecoveryCodes(r.Context(), sub, code)
		return recoveryCodesResponse{RecoveryCodes: codes}, err
	})
}
