package sso

import (
	"context"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/crypto"
	"github.com/zitadel/oidc/v3/pkg/oidc"
)

// Logout ends the account's sign-ins at every client: the families are
// revoked (their refresh and access tokens stop working) and each client
// with a back-channel logout URI is told, one logout token per sign-in.
// The portal logout and RP-initiated logout both come here.
func (s *Service) Logout(ctx context.Context, accountID int64) error {
	if s.d.EndPortalSessions != nil {
		if err := s.d.EndPortalSessions(ctx, accountID); err != nil {
			return err
		}
	}
	return s.EndSignIns(ctx, accountID)
}

// EndSignIns revokes the account's families and notifies the clients
// (without touching portal sessions: the portal logout has ended its own).
func (s *Service) EndSignIns(ctx context.Context, accountID int64) error {
	fs, err := s.d.Store.RevokeOIDCFamilies(ctx, accountID, "", "", s.now())
	if err != nil {
		return err
	}
	s.notify(ctx, fs)
	return nil
}

// EndSession ends the sign-ins made through one portal session (the
// holder ended it from the list of devices): its families are revoked and
// their clients told, as at logout.
func (s *Service) EndSession(ctx context.Context, accountID int64, sessionHash string) error {
	if sessionHash == "" {
		return nil
	}
	fs, err := s.d.Store.RevokeOIDCSessionFamilies(ctx, accountID, sessionHash, s.now())
	if err != nil {
		return err
	}
	s.notify(ctx, fs)
	return nil
}

// SessionClients names the clients the account is signed in at, by the
// portal session each sign-in was made through.
func (s *Service) SessionClients(ctx context.Context, accountID int64) (map[string][]string, error) {
	fs, err := s.d.Store.LiveOIDCFamilies(ctx, accountID, s.now())
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	out := map[string][]string{}
	seen := map[[2]string]bool{}
	for _, f := range fs {
		if f.Session == "" || seen[[2]string{f.Session, f.ClientID}] {
			continue
		}
		seen[[2]string{f.Session, f.ClientID}] = true
		name, ok := names[f.ClientID]
		if !ok {
			c, err := s.d.Store.OIDCClient(ctx, f.ClientID)
			if err != nil {
				return nil, err
			}
			name = c.Name
			names[f.ClientID] = name
		}
		out[f.Session] = append(out[f.Session], name)
	}
	return out, nil
}

// revokeFamily revokes one family (refresh-token reuse) and notifies its
// client; a failure is logged, since the caller is refusing anyway.
func (s *Service) revokeFamily(ctx context.Context, f Family) {
	fs, err := s.d.Store.RevokeOIDCFamilies(ctx, f.AccountID, f.ClientID, f.ID, s.now())
	if err != nil {
		s.d.Log.ErrorContext(ctx, "oidc: revoking a family", "family", f.ID, "err", err)
		return
	}
	s.d.Log.WarnContext(ctx, "oidc: refresh token reused; family revoked", "family", f.ID, "client", f.ClientID)
	s.notify(ctx, fs)
}

// notify posts the logout tokens in the background: a slow or absent
// client must not hold up the user's logout.
func (s *Service) notify(ctx context.Context, fs []Family) {
	ctx = context.WithoutCancel(ctx)
	for _, f := range fs {
		c, err := s.d.Store.OIDCClient(ctx, f.ClientID)
		if err != nil || c.BackchannelLogoutURI == "" {
			continue
		}
		token, err := s.logoutToken(ctx, f)
		if err != nil {
			s.d.Log.ErrorContext(ctx, "oidc: logout token", "err", err)
			continue
		}
		go s.post(ctx, c.BackchannelLogoutURI, token, f)
	}
}

// logoutTokenType is the JWT header typ of a logout token (OpenID
// Back-Channel Logout 1.0 §2.4): it keeps a logout token from being taken
// for an ID token, or any other JWT the provider signs.
const logoutTokenType = "logout+jwt"

func (s *Service) logoutToken(ctx context.Context, f Family) (string, error) {
	claims := oidc.NewLogoutTokenClaims(s.d.Issuer, subjectOf(f.AccountID), oidc.Audience{f.ClientID},
		time.Now().Add(LogoutTokenTTL), newID(), f.ID, 0)
	_, key, err := s.keys.current(ctx)
	if err != nil {
		return "", err
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: key.SignatureAlgorithm(), Key: &jose.JSONWebKey{Key: key.key, KeyID: key.id}},
		(&jose.SignerOptions{}).WithType(logoutTokenType))
	if err != nil {
		return "", err
	}
	return crypto.Sign(claims, signer)
}

// post sends one logout token; a failure is logged (the user's logout
// has happened whatever the client does).
func (s *Service) post(ctx context.Context, uri, token string, f Family) {
	if err := s.backchannel.send(ctx, uri, token); err != nil {
		s.d.Log.WarnContext(ctx, "oidc: back-channel logout", "client", f.ClientID, "err", err)
	}
}
