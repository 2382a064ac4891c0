package sso

import (
	"context"
	"testing"
	"time"

	"bidpass/internal/account"

	"github.com/zitadel/oidc/v3/pkg/oidc"
)

type oneAccount struct{ a account.Account }

func (o oneAccount) AccountByID(context.Context, int64) (account.Account, error) { return o.a, nil }
func (o oneAccount) PersonProfile(context.Context, int64) (account.PersonProfile, error) {
	return account.PersonProfile{}, account.ErrNotFound
}
func (o oneAccount) EnterpriseProfile(context.Context, int64) (account.EnterpriseProfile, error) {
	return account.EnterpriseProfile{}, account.ErrNotFound
}

// TestEmailVerifiedFollowsTheAccount: the email scope says email_verified
// true for an address a code proved, false for one typed at registration
// and never confirmed (docs/decisions/sign-in.md, "E-mail binding").
func TestEmailVerifiedFollowsTheAccount(t *testing.T) {
	for _, c := range []struct {
		verified time.Time
		want     bool
	}{{time.Time{}, false}, {time.Date(2026, 12, 1, 8, 0, 0, 0, time.UTC), true}} {
		s := &Service{d: Deps{Accounts: oneAccount{account.Account{ID: 5, Type: account.Person, Email: "zhang@example.cn", EmailVerifiedAt: c.verified}}}}
		var ui oidc.UserInfo
		if err := s.fillClaims(context.Background(), &ui, 5, []string{oidc.ScopeOpenID, oidc.ScopeEmail}); err != nil {
			t.Fatal(err)
		}
		if ui.Email != "zhang@example.cn" || ui.Claims["email_verified"] != c.want {
			t.Fatalf("verified at %v: email %q, email_verified %v (want %v)", c.verified, ui.Email, ui.Claims["email_verified"], c.want)
		}
	}
}
