package sso

import (
	"context"
	"errors"
	"slices"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"golang.org/x/text/language"

	"bidpass/internal/account"
)

// bidpass's own claims (scope profile), beside sub, preferred_username and name.
const (
	ClaimAccountType    = "account_type"    // "person" or "enterprise"
	ClaimAuthState      = "auth_state"      // 0, 1, 2, 99 (docs/spec/DECISIONS.md)
	ClaimEnterpriseName = "enterprise_name" // enterprises, once verified
	ClaimCreditCode     = "credit_code"     // enterprises, once verified
	ClaimEnterprises    = "enterprises"     // persons: the enterprises they may act for today
)

var claimNames = []string{ClaimAccountType, ClaimAuthState, ClaimEnterpriseName, ClaimCreditCode, ClaimEnterprises, "sid"}

// ActsFor is one enterprise a person may act for (an operator link in force).
type ActsFor struct {
	Sub   string `json:"sub"`
	Name  string `json:"name"`
	Start string `json:"start,omitempty"` // yyyy-MM-dd, China time, inclusive
	End   string `json:"end,omitempty"`
}

var errAccountGone = errors.New("account disabled or deleted")

// liveAccount returns the account unless it is gone or disabled: tokens
// stop working with it.
func (s *Service) liveAccount(ctx context.Context, id int64) (account.Account, error) {
	a, err := s.d.Accounts.AccountByID(ctx, id)
	if errors.Is(err, account.ErrNotFound) || (err == nil && a.Disabled) {
		return a, errAccountGone
	}
	return a, err
}

// fillClaims writes the account's claims for scopes into ui. The subject
// is the account's id, which never changes (the login name may).
func (s *Service) fillClaims(ctx context.Context, ui *oidc.UserInfo, accountID int64, scopes []string) error {
	a, err := s.liveAccount(ctx, accountID)
	if err != nil {
		return err
	}
	ui.Subject = subjectOf(a.ID)
	if slices.Contains(scopes, oidc.ScopeProfile) {
		ui.PreferredUsername = a.Name
		ui.Locale = oidc.NewLocale(language.SimplifiedChinese)
		ui.AppendClaims(ClaimAuthState, int(a.AuthState))
		verified := a.AuthState == account.Authenticated
		switch a.Type {
		case account.Person:
			ui.AppendClaims(ClaimAccountType, "person")
			p, err := s.d.Accounts.PersonProfile(ctx, a.ID)
			if err != nil && !errors.Is(err, account.ErrNotFound) {
				return err
			}
			if verified && p.RealName != "" {
				ui.Name = p.RealName
			}
			acts, err := s.actsFor(ctx, a.ID)
			if err != nil {
				return err
			}
			ui.AppendClaims(ClaimEnterprises, acts)
		case account.Enterprise:
			ui.AppendClaims(ClaimAccountType, "enterprise")
			e, err := s.d.Accounts.EnterpriseProfile(ctx, a.ID)
			if err != nil && !errors.Is(err, account.ErrNotFound) {
				return err
			}
			if verified && e.Name != "" {
				ui.Name = e.Name
				ui.AppendClaims(ClaimEnterpriseName, e.Name)
				ui.AppendClaims(ClaimCreditCode, e.CertNum)
			}
		}
	}
	if slices.Contains(scopes, oidc.ScopePhone) && a.Phone != "" {
		ui.PhoneNumber = a.Phone
		ui.PhoneNumberVerified = true // registration and phone changes check an SMS code
	}
	if slices.Contains(scopes, oidc.ScopeEmail) && a.Email != "" {
		ui.Email = a.Email
		// Verified when a code sent to the address came back (account
		// security's 绑定邮箱) or the operator set it; an address typed at
		// registration and not confirmed is not (OIDC Core §5.1,
		// docs/decisions/sign-in.md, "E-mail binding"). The struct field
		// drops false (omitempty), hence the claim.
		ui.AppendClaims("email_verified", a.EmailVerified())
	}
	return nil
}

func (s *Service) actsFor(ctx context.Context, personID int64) ([]ActsFor, error) {
	out := []ActsFor{}
	if s.d.Operators == nil {
		return out, nil
	}
	views, err := s.d.Operators.ActiveLinks(ctx, personID)
	if err != nil {
		return nil, err
	}
	for _, v := range views {
		out = append(out, ActsFor{Sub: subjectOf(v.Other.AccountID), Name: v.Other.Name, Start: v.OperateStart, End: v.OperateEnd})
	}
	return out, nil
}
