package httpapi

import (
	"context"
	"net/http"
	"time"

	"bidpass/internal/mfa"
	staffsvc "bidpass/internal/staff"
)

// The staff's mandatory second factor at the console's sign-in
// (docs/decisions/second-factor.md, "Staff enrol at the first sign-in"),
// and the administrator's reset of a member's factor.

// staffEnrolmentResponse answers the right password of a member without a
// factor: the enrolment comes before any session.
type staffEnrolmentResponse struct {
	Enrolment string `json:"enrolment"`
	ExpiresIn int    `json:"expiresIn"`
}

// respondStaffStep answers a step of a staff sign-in: the session (with
// the recovery codes of an enrolment), or the next step's ticket with its
// cookie.
func respondStaffStep(w http.ResponseWriter, r *http.Request, res staffsvc.SignInResult) {
	switch {
	case res.Token != "":
		staffStepCookie.clear(w)
		respondMsg(w, "登录成功", staffSignedIn{AccessToken: res.Token, Staff: staffOut(res.Staff), RecoveryCodes: res.RecoveryCodes})
	case res.Enrol:
		staffStepCookie.set(w, r, res.Ticket.Secret, mfa.EnrolmentTTL)
		respondMsg(w, "工作人员须绑定动态口令后登录", staffEnrolmentResponse{Enrolment: res.Ticket.ID, ExpiresIn: int(mfa.EnrolmentTTL / time.Second)})
	default:
		staffStepCookie.set(w, r, res.Ticket.Secret, mfa.TicketTTL)
		respondMsg(w, "请输入动态口令", secondStepResponse{SecondStep: res.Ticket.ID, ExpiresIn: int(mfa.TicketTTL / time.Second)})
	}
}

// codeStep serves a step that takes {ticket, code} and answers the
// session: the second step, or the enrolment's confirmation.
func codeStep(step func(ctx context.Context, t mfa.Ticket, code, addr, userAgent string) (staffsvc.SignInResult, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b ticketBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		c := clientFrom(r.Context())
		res, err := step(r.Context(), staffStepCookie.ticket(r, b.Ticket), b.Code, c.Addr, c.UserAgent)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondStaffStep(w, r, res)
	})
}

// handleStaffSecondStep serves POST /api/admin/auth/second-step {ticket, code}.
func handleStaffSecondStep(d Deps) http.Handler { return codeStep(d.Staff.CompleteSecondStep) }

// handleStaffEnrolmentConfirm serves PUT /api/admin/auth/enrolment {ticket,
// code}: the factor is on, the session starts, and the recovery codes are
// shown once.
func handleStaffEnrolmentConfirm(d Deps) http.Handler { return codeStep(d.Staff.CompleteEnrolment) }

// handleStaffEnrolmentBegin serves POST /api/admin/auth/enrolment {ticket}:
// the QR code and secret to scan (a fresh one each call).
func handleStaffEnrolmentBegin(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b ticketBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		en, err := d.Staff.BeginEnrolment(r.Context(), staffStepCookie.ticket(r, b.Ticket))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, enrolmentOut(en))
	})
}

// handleStaffFactorReset serves DELETE /api/admin/staff/{id}/second-factor:
// an administrator resets another member's factor (a lost phone).
func handleStaffFactorReset(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		if err := d.Staff.ResetSecondFactor(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr, id); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "动态口令已重置，该工作人员下次登录时重新绑定", nil)
	})
}
