package sso

import (
	"context"
	"errors"

	"github.com/zitadel/oidc/v3/pkg/oidc"
)

// codeReplayed is a used code presented again (RFC 6749 §4.1.2, RFC 9700
// §4.2.4: the code may have leaked): the tokens of its first redemption
// are revoked and their clients told, as for a reused refresh token. The
// caller refuses the request whatever happens here, so a failure is logged.
func (s *Service) codeReplayed(ctx context.Context, codeHash string) {
	fs, err := s.d.Store.ReplayOIDCCode(ctx, codeHash, s.now())
	if err != nil {
		s.d.Log.ErrorContext(ctx, "oidc: revoking a replayed code's tokens", "err", err)
		return
	}
	for _, f := range fs {
		s.d.Log.WarnContext(ctx, "oidc: authorization code replayed; its sign-in revoked", "family", f.ID, "client", f.ClientID)
	}
	s.notify(ctx, fs)
}

// introspectRefresh fills out for a live refresh token of client clientID
// (RFC 7662 §2.2); any other token leaves out inactive.
func (st *storage) introspectRefresh(ctx context.Context, out *oidc.IntrospectionResponse, token, clientID string) error {
	t, err := st.s.d.Store.OIDCRefreshToken(ctx, hashSecret(token))
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	f, err := st.s.d.Store.OIDCFamily(ctx, t.FamilyID)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	now := st.s.now()
	if t.UsedAt != nil || f.RevokedAt != nil || !t.ExpiresAt.After(now) || !f.ExpiresAt.After(now) || f.ClientID != clientID {
		return nil
	}
	if _, err := st.s.liveAccount(ctx, f.AccountID); err != nil {
		return nil
	}
	out.Active = true
	out.TokenType = "refresh_token"
	out.Scope = f.Scopes
	out.ClientID = f.ClientID
	out.Subject = subjectOf(f.AccountID)
	out.Audience = []string{f.ClientID}
	out.Issuer = st.s.d.Issuer
	out.Expiration = oidc.FromTime(t.ExpiresAt)
	out.AuthTime = oidc.FromTime(f.AuthTime)
	return nil
}
