package httpapi

import (
	"context"
	"net/http"

	"bidpass/internal/review"
	staffsvc "bidpass/internal/staff"
)

// Staff access: every route of the staff API but sign-in needs a staff
// session (a portal token is refused with 401, as no token at all) and a
// role: reviewers review, administrators manage staff and read the log.
// staffRole puts the member in the request context; the handlers take
// them from there, never from the request.

type staffKey struct{}

// staffFrom returns the staff member put in the context by staffRole.
func staffFrom(ctx context.Context) staffsvc.Staff {
	s, _ := ctx.Value(staffKey{}).(staffsvc.Staff)
	return s
}

// staffRole admits a staff session whose member is enabled and holds one of
// roles (any role when none is given).
func staffRole(d Deps, h http.Handler, roles ...staffsvc.Role) http.Handler {
	return staff(d, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st, err := d.Staff.Authorize(r.Context(), principalFrom(r.Context()).ID, roles...)
		if err != nil {
			respondError(w, r, err)
			return
		}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey{}, st)))
	}))
}

func reviewer(d Deps, h http.Handler) http.Handler { return staffRole(d, h, staffsvc.Reviewer) }
func administrator(d Deps, h http.Handler) http.Handler {
	return staffRole(d, h, staffsvc.Administrator)
}

// actingReviewer is the review.Reviewer of the request.
func actingReviewer(r *http.Request) review.Reviewer {
	st := staffFrom(r.Context())
	return review.Reviewer{ID: st.ID, Name: st.ShownName(), Addr: clientFrom(r.Context()).Addr}
}

// handleStaffSignIn serves PUT /api/admin/auth/authToken with the portal's
// sign-in payload. The password alone answers no token: the second step's
// ticket, or the enrolment's (staff_second_factor.go).
func handleStaffSignIn(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in signInBody
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		c := clientFrom(r.Context())
		res, err := d.Staff.SignIn(r.Context(), staffsvc.SignInRequest{UserName: in.UserName, Password: in.Password, KeyID: in.KeyID,
			CodeID: in.CodeID, GraphicCode: in.GraphicCode, Captcha: in.Captcha, Addr: c.Addr, UserAgent: c.UserAgent})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondStaffStep(w, r, res)
	})
}

// handleStaffSignOut serves DELETE /api/admin/auth/authToken.
func handleStaffSignOut(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Staff.SignOut(r.Context(), principalFrom(r.Context()), clientFrom(r.Context()).Addr); err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, nil)
	})
}

// handleStaffMe serves GET /api/admin/me: who the staff token belongs to.
func handleStaffMe(_ Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		respond(w, staffOut(staffFrom(r.Context())))
	})
}
