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

// ticketCookie holds the browser's half of a sign-in ticket (the second
// step's, or a staff enrolment's): the ticket id in the answer alone does
// not finish the sign-in elsewhere. The portal's and the console's have
// their own names and paths, so signing in to both at once in one browser
// does not overwrite one with the other.
type ticketCookie struct{ name, path string }

var (
	secondStepCookie = ticketCookie{"bidpass_second_step", "/api/"}
	staffStepCookie  = ticketCookie{"bidpass_staff_step", "/api/admin/auth/"}
)

// set gives the browser the ticket's secret for ttl.
func (c ticketCookie) set(w http.ResponseWriter, r *http.Request, secret string, ttl time.Duration) {
	http.SetCookie(w, &http.Cookie{Name: c.name, Value: secret, Path: c.path, MaxAge: int(ttl / time.Second), HttpOnly: true,
		Secure: r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https"), SameSite: http.SameSiteStrictMode})
}

// ticket is the ticket of the request: id from the body, the secret from the cookie.
func (c ticketCookie) ticket(r *http.Request, id string) mfa.Ticket {
	t := mfa.Ticket{ID: id}
	if ck, err := r.Cookie(c.name); err == nil {
		t.Secret = ck.Value
	}
	return t
}

// clear drops the cookie once its ticket is spent.
func (c ticketCookie) clear(w http.ResponseWriter) {
	http.SetCookie(w, &http.Cookie{Name: c.name, Path: c.path, MaxAge: -1, HttpOnly: true, SameSite: http.SameSiteStrictMode})
}

// respondSignIn answers a password sign-in: the session, or the second
// step's ticket with its cookie.
func respondSignIn(w http.ResponseWriter, r *http.Request, res auth.SignInResult) {
	if res.SecondStep.ID == "" {
		respondMsg(w, "登录成功", signInOut(res))
		return
	}
	secondStepCookie.set(w, r, res.SecondStep.Secret, mfa.TicketTTL)
	respondMsg(w, "请输入动态口令", secondStepResponse{SecondStep: res.SecondStep.ID, ExpiresIn: int(mfa.TicketTTL / time.Second)})
}

// secondStepResponse answers a right password of an account with a factor.
type secondStepResponse struct {
	SecondStep string `json:"secondStep"`
	ExpiresIn  int    `json:"expiresIn"`
}

// ticketBody is a sign-in step's request: the ticket's id and the code.
type ticketBody struct {
	Ticket string `json:"ticket"`
	Code   string `json:"code"`
}

// handleSecondStep serves POST /api/auth/second-step {ticket, code}.
func handleSecondStep(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b ticketBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		cl := clientFrom(r.Context())
		res, err := d.Auth.CompleteSecondStep(r.Context(), secondStepCookie.ticket(r, b.Ticket), b.Code, cl.Addr, cl.UserAgent)
		if err != nil {
			respondError(w, r, err)
			return
		}
		secondStepCookie.clear(w)
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

func enrolmentOut(en mfa.Enrolment) enrolmentResponse {
	return enrolmentResponse{Secret: en.Secret, SecretGroups: en.SecretGroups, OtpauthURL: en.URL, QRCode: en.QRCode}
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
		respond(w, enrolmentOut(en))
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
