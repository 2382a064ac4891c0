package sso

import (
	"context"
	"errors"
	"net/url"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/auth"
)

// Errors of the hand-off between the portal and the provider.
var (
	ErrRequestGone = apperr.New(apperr.Invalid, "sso.request", "授权请求已失效，请返回应用重新登录")
	ErrConsentPath = apperr.New(apperr.Invalid, "sso.consent", "该应用无需确认授权")
)

// ConsentPath is the portal page that asks the user to approve a client
// that is not first-party.
const ConsentPath = "/#/sso/consent"

// Pending is what the consent page shows.
type Pending struct {
	ID         string
	ClientID   string
	ClientName string
	Scopes     []string
}

// pending loads a live, not yet approved request and its client, and
// applies the real-name rule for the account.
func (s *Service) pending(ctx context.Context, accountID int64, id string) (*request, Client, error) {
	r, err := s.storage.AuthRequestByID(ctx, id)
	if err != nil {
		return nil, Client{}, ErrRequestGone
	}
	req := r.(*request)
	if req.done {
		return nil, Client{}, ErrRequestGone
	}
	c, err := s.storage.client(ctx, req.clientID)
	if err != nil {
		return nil, Client{}, ErrRequestGone
	}
	a, err := s.liveAccount(ctx, accountID)
	if err != nil {
		return nil, Client{}, apperr.ErrUnauthenticated
	}
	if c.RequireRealName {
		if err := auth.RealNameRefusal(a.AuthState); err != nil {
			return nil, Client{}, err
		}
	}
	return req, c, nil
}

// Resume is the login page's call after sign-in (GET
// /api/auth/authorize?auth_request=ID), with the portal session's
// sign-in time: for a first-party client the request is approved at once
// and the answer is the provider's callback (which redirects to the
// client with the code); otherwise it is the consent page, or for a
// silent request the client's redirect URI with consent_required. Staff
// never get here: the route takes portal sessions only.
func (s *Service) Resume(ctx context.Context, accountID int64, id string, signedInAt time.Time) (string, error) {
	req, c, err := s.pending(ctx, accountID, id)
	if err != nil {
		return "", err
	}
	if req.p.Silent && req.p.MaxAge != nil && s.now().Sub(signedInAt) > time.Duration(*req.p.MaxAge)*time.Second {
		return s.sendBack(ctx, req, "login_required", "需要重新登录")
	}
	if !c.FirstParty {
		if req.p.Silent {
			return s.sendBack(ctx, req, "consent_required", "需要用户确认授权")
		}
		return ConsentPath + "?id=" + url.QueryEscape(req.id), nil
	}
	return s.approve(ctx, accountID, req, signedInAt)
}

// FailSilent answers a silent request (prompt=none) for which the login
// page holds no usable portal session: the client's redirect URI with
// login_required. Only silent requests can be failed this way.
func (s *Service) FailSilent(ctx context.Context, id string) (string, error) {
	r, err := s.storage.AuthRequestByID(ctx, id)
	if err != nil {
		return "", ErrRequestGone
	}
	req := r.(*request)
	if req.done || !req.p.Silent {
		return "", ErrRequestGone
	}
	return s.sendBack(ctx, req, "login_required", "需要登录")
}

// sendBack ends the request and returns the client's redirect URI with
// the error code and the request's state.
func (s *Service) sendBack(ctx context.Context, req *request, code, description string) (string, error) {
	if err := s.d.Store.DeleteOIDCAuthRequest(ctx, req.id); err != nil {
		return "", err
	}
	u, err := url.Parse(req.p.RedirectURI)
	if err != nil {
		return "", errors.New("stored redirect URI does not parse")
	}
	q := u.Query()
	q.Set("error", code)
	q.Set("error_description", description)
	if req.p.State != "" {
		q.Set("state", req.p.State)
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// approve completes the request for the account; auth_time is when the
// portal session began (the sign-in), not now.
func (s *Service) approve(ctx context.Context, accountID int64, req *request, signedInAt time.Time) (string, error) {
	now := s.now()
	if signedInAt.IsZero() || signedInAt.After(now) {
		signedInAt = now
	}
	ok, err := s.d.Store.CompleteOIDCAuthRequest(ctx, req.id, accountID, signedInAt.UTC(), now)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrRequestGone
	}
	return s.d.Issuer + PathCallback + "?id=" + url.QueryEscape(req.id), nil
}

// Pending returns the request the consent page asks about.
func (s *Service) Pending(ctx context.Context, accountID int64, id string) (Pending, error) {
	req, c, err := s.pending(ctx, accountID, id)
	if err != nil {
		return Pending{}, err
	}
	return Pending{ID: req.id, ClientID: c.ID, ClientName: c.Name, Scopes: req.p.Scopes}, nil
}

// Consent records the user's answer: approve gives the callback address,
// refuse the client's redirect URI with error=access_denied.
func (s *Service) Consent(ctx context.Context, accountID int64, id string, approve bool, signedInAt time.Time) (string, error) {
	req, c, err := s.pending(ctx, accountID, id)
	if err != nil {
		return "", err
	}
	if c.FirstParty {
		return "", ErrConsentPath
	}
	if approve {
		return s.approve(ctx, accountID, req, signedInAt)
	}
	return s.sendBack(ctx, req, "access_denied", "用户拒绝授权")
}
