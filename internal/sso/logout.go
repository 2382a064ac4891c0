package sso

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/crypto"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
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

func (s *Service) logoutToken(ctx context.Context, f Family) (string, error) {
	claims := oidc.NewLogoutTokenClaims(s.d.Issuer, subjectOf(f.AccountID), oidc.Audience{f.ClientID},
		time.Now().Add(2*time.Minute), newID(), f.ID, 0)
	_, key, err := s.keys.current(ctx)
	if err != nil {
		return "", err
	}
	signer, err := op.SignerFromKey(key)
	if err != nil {
		return "", err
	}
	return crypto.Sign(claims, signer)
}

func (s *Service) post(ctx context.Context, uri, token string, f Family) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, uri, strings.NewReader(url.Values{"logout_token": {token}}.Encode()))
	if err != nil {
		s.d.Log.ErrorContext(ctx, "oidc: back-channel logout", "client", f.ClientID, "err", err)
		return
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := s.d.HTTP.Do(req)
	if err != nil {
		s.d.Log.WarnContext(ctx, "oidc: back-channel logout", "client", f.ClientID, "err", err)
		return
	}
	_ = res.Body.Close()
	if res.StatusCode >= 300 {
		s.d.Log.WarnContext(ctx, "oidc: back-channel logout refused", "client", f.ClientID, "status", res.StatusCode)
	}
}
