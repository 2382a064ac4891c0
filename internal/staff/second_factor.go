package staff

import (
	"context"
	"errors"

	"bidpass/internal/apperr"
	"bidpass/internal/mfa"
	"bidpass/internal/session"
)

// The staff's mandatory second factor (docs/decisions/second-factor.md,
// "Staff enrol at the first sign-in"): a right password answers a ticket,
// never a session. A member with a factor gives its code next; a member
// without one enrols first, and the enrolment's first code opens the
// session. Only another administrator (or the operator's command) resets
// a member's factor.

// SecondFactor is the part of internal/mfa the staff sign-in uses.
type SecondFactor interface {
	Enabled(ctx context.Context, sub mfa.Subject) (bool, error)
	IssueTicket(ctx context.Context, sub mfa.Subject, methods []string) (mfa.Ticket, error)
	IssueEnrolmentTicket(ctx context.Context, sub mfa.Subject, methods []string) (mfa.Ticket, error)
	CompleteSignIn(ctx context.Context, kind session.Kind, t mfa.Ticket, code string) (mfa.Completed, error)
	BeginEnrolment(ctx context.Context, kind session.Kind, t mfa.Ticket) (mfa.Enrolment, error)
	CompleteEnrolment(ctx context.Context, kind session.Kind, t mfa.Ticket, code string) (mfa.Completed, []string, error)
	ResetByAdministrator(ctx context.Context, sub mfa.Subject) error
}

// SignInResult is a step of a staff sign-in: a ticket for the next step
// (Enrol tells which), or the session.
type SignInResult struct {
	Ticket mfa.Ticket
	// Enrol: the member has no factor yet and must enrol one now.
	Enrol bool

	Token string
	Staff Staff
	// RecoveryCodes are issued by an enrolment, shown once.
	RecoveryCodes []string
}

// ErrSelfFactor refuses an administrator's reset of their own factor: it
// would let a stolen password and session replace the factor.
var ErrSelfFactor = apperr.New(apperr.Conflict, "staff.self_factor", "不能重置自己的动态口令，请联系其他管理员")

func subjectOf(st Staff) mfa.Subject {
	return mfa.Subject{Kind: session.Staff, ID: st.ID, Name: st.Name}
}

// askSecondFactor answers the ticket that follows st's right password.
func (s *Service) askSecondFactor(ctx context.Context, st Staff) (SignInResult, error) {
	if st.Disabled {
		return SignInResult{}, ErrDisabled
	}
	sub, methods := subjectOf(st), []string{session.MethodPassword}
	on, err := s.factors.Enabled(ctx, sub)
	if err != nil {
		return SignInResult{}, err
	}
	if on {
		t, err := s.factors.IssueTicket(ctx, sub, methods)
		return SignInResult{Ticket: t}, err
	}
	t, err := s.factors.IssueEnrolmentTicket(ctx, sub, methods)
	return SignInResult{Ticket: t, Enrol: true}, err
}

// CompleteSecondStep finishes a sign-in with the code of the member's
// factor, from the browser holding the ticket's secret.
func (s *Service) CompleteSecondStep(ctx context.Context, t mfa.Ticket, code, addr, userAgent string) (SignInResult, error) {
	if s.factors == nil {
		return SignInResult{}, mfa.ErrTicket
	}
	done, err := s.factors.CompleteSignIn(ctx, session.Staff, t, code)
	if err != nil {
		return SignInResult{}, err
	}
	return s.finish(ctx, done, nil, addr, userAgent)
}

// BeginEnrolment answers the QR code and secret of the enrolment ticket's
// member (a fresh secret each call).
func (s *Service) BeginEnrolment(ctx context.Context, t mfa.Ticket) (mfa.Enrolment, error) {
	if s.factors == nil {
		return mfa.Enrolment{}, mfa.ErrTicket
	}
	return s.factors.BeginEnrolment(ctx, session.Staff, t)
}

// CompleteEnrolment confirms the enrolment with the authenticator's first
// code, records it and starts the session.
func (s *Service) CompleteEnrolment(ctx context.Context, t mfa.Ticket, code, addr, userAgent string) (SignInResult, error) {
	if s.factors == nil {
		return SignInResult{}, mfa.ErrTicket
	}
	done, codes, err := s.factors.CompleteEnrolment(ctx, session.Staff, t, code)
	if err != nil {
		return SignInResult{}, err
	}
	if err := s.Record(ctx, done.Subject.ID, "staff.factor_enrol", target(done.Subject.ID), "绑定动态口令", addr); err != nil {
		return SignInResult{}, err
	}
	return s.finish(ctx, done, codes, addr, userAgent)
}

func (s *Service) finish(ctx context.Context, done mfa.Completed, codes []string, addr, userAgent string) (SignInResult, error) {
	st, err := s.store.StaffByID(ctx, done.Subject.ID)
	if errors.Is(err, ErrNotFound) {
		return SignInResult{}, mfa.ErrTicket
	}
	if err != nil {
		return SignInResult{}, err
	}
	tok, st, err := s.start(ctx, st, done.Methods, "登录", addr, userAgent)
	if err != nil {
		return SignInResult{}, err
	}
	return SignInResult{Token: tok, Staff: st, RecoveryCodes: codes}, nil
}

// SecondFactorOn reports, for the staff list, which of ids have a factor.
func (s *Service) SecondFactorOn(ctx context.Context, list []Staff) (map[int64]bool, error) {
	on := make(map[int64]bool, len(list))
	if s.factors == nil {
		return on, nil
	}
	for _, st := range list {
		ok, err := s.factors.Enabled(ctx, subjectOf(st))
		if err != nil {
			return nil, err
		}
		on[st.ID] = ok
	}
	return on, nil
}

// ResetSecondFactor removes member id's factor for an administrator
// (a lost phone) and ends the member's sessions: their next sign-in
// enrols again. An administrator cannot reset their own.
func (s *Service) ResetSecondFactor(ctx context.Context, by Staff, addr string, id int64) error {
	if by.Role != Administrator {
		return ErrNotAllowed
	}
	if id == by.ID {
		return ErrSelfFactor
	}
	return s.resetFactor(ctx, by.ID, addr, id)
}

// ResetSecondFactorByOperator is `bidpass admin reset-factor`: the way
// back for the last administrator, run by whoever operates the server
// (the action log names no staff member: staff id 0).
func (s *Service) ResetSecondFactorByOperator(ctx context.Context, name string) (Staff, error) {
	st, err := s.store.StaffByName(ctx, name)
	if errors.Is(err, ErrNotFound) {
		return Staff{}, ErrStaffNotFound
	}
	if err != nil {
		return Staff{}, err
	}
	return st, s.resetFactor(ctx, 0, "", st.ID)
}

func (s *Service) resetFactor(ctx context.Context, byID int64, addr string, id int64) error {
	if s.factors == nil {
		return errors.New("staff: no second-factor service")
	}
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		st, err := s.store.StaffByID(ctx, id)
		if errors.Is(err, ErrNotFound) {
			return ErrStaffNotFound
		}
		if err != nil {
			return err
		}
		if err := s.factors.ResetByAdministrator(ctx, subjectOf(st)); err != nil {
			return err
		}
		if err := s.sessions.RevokeAll(ctx, session.Staff, id, ""); err != nil {
			return err
		}
		return s.Record(ctx, byID, "staff.factor_reset", target(id), "重置动态口令 "+st.Name, addr)
	})
}
