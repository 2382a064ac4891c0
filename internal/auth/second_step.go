package auth

import (
	"context"

	"bidpass/internal/account"
	"bidpass/internal/mfa"
	"bidpass/internal/session"
)

// The second step of a portal sign-in (docs/decisions/second-factor.md,
// "The second step"): after the right password an account with a second
// factor gets a ticket, not a session; the session comes with the code.

// startOrAsk starts the session of a password sign-in, or answers the
// second step's ticket when the account has a factor.
func (s *Service) startOrAsk(ctx context.Context, a account.Account, methods []string, clientAddr, userAgent string) (SignInResult, error) {
	if s.cfg.SecondFactor == nil {
		return s.start(ctx, a, methods, clientAddr, userAgent)
	}
	sub := mfa.Subject{Kind: session.Portal, ID: a.ID, Name: a.Name}
	on, err := s.cfg.SecondFactor.Enabled(ctx, sub)
	if err != nil || !on {
		if err != nil {
			return SignInResult{}, err
		}
		return s.start(ctx, a, methods, clientAddr, userAgent)
	}
	t, err := s.cfg.SecondFactor.IssueTicket(ctx, sub, methods)
	if err != nil {
		return SignInResult{}, err
	}
	return SignInResult{SecondStep: t}, nil
}

// CompleteSecondStep finishes a sign-in with the second factor's code,
// from the browser holding the ticket's secret, and starts the session
// (amr gains otp and mfa).
func (s *Service) CompleteSecondStep(ctx context.Context, t mfa.Ticket, code, clientAddr, userAgent string) (SignInResult, error) {
	if s.cfg.SecondFactor == nil {
		return SignInResult{}, mfa.ErrTicket
	}
	done, err := s.cfg.SecondFactor.CompleteSignIn(ctx, session.Portal, t, code)
	if err != nil {
		return SignInResult{}, err
	}
	return s.SignInAs(ctx, done.Subject.ID, done.Methods, clientAddr, userAgent)
}
