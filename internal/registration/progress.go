package registration

import (
	"context"
	"errors"
	"fmt"

	"bidpass/internal/account"
)

// Progress is where a registration stands and what it has saved, so the
// resume page (/completeInfo) opens at the right step with the data shown
// again. Person or Enterprise is set for the account's kind once its
// information step has been saved.
type Progress struct {
	AccountID       int64
	Account         string
	Phone           string
	Type            account.Type
	RegisterProcess int
	Step            int
	AuthState       account.AuthState
	Person          *account.PersonProfile
	Enterprise      *account.EnterpriseProfile
}

// ProgressOf returns the registration progress of the acting account. It is
// answered for finished registrations too (Step 3), so a client that kept a
// stale flag learns that there is nothing left to do.
func (s *Service) ProgressOf(ctx context.Context, accountID int64) (Progress, error) {
	a, err := s.d.Accounts.AccountByID(ctx, accountID)
	if errors.Is(err, account.ErrNotFound) {
		return Progress{}, ErrWrongKind
	}
	if err != nil {
		return Progress{}, fmt.Errorf("registration: progress: %w", err)
	}
	p := Progress{
		AccountID: a.ID, Account: a.Name, Phone: a.Phone, Type: a.Type,
		RegisterProcess: a.RegisterProcess, Step: a.RegisterStep, AuthState: a.AuthState,
	}
	if a.RegisterProcess != 1 {
		p.Step = StepDone
	}
	switch a.Type {
	case account.Person:
		pp, err := s.d.Accounts.PersonProfile(ctx, accountID)
		if err == nil {
			p.Person = &pp
		} else if !errors.Is(err, account.ErrNotFound) {
			return Progress{}, err
		}
	case account.Enterprise:
		ep, err := s.d.Accounts.EnterpriseProfile(ctx, accountID)
		if err == nil {
			p.Enterprise = &ep
		} else if !errors.Is(err, account.ErrNotFound) {
			return Progress{}, err
		}
	}
	return p, nil
}
