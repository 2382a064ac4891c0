package sso

import (
	"context"
	"errors"
	"net/url"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/auth"
)

// Errors of the hand-off between the portal and the provider. A request
// that is unknown, expired, over, started in another browser or resumed by
// another account is one and the same answer: nothing tells them apart.
var (
	ErrRequestGone = apperr.New(apperr.NotFound, "sso.request", "授权请求已失效，请返回应用重新登录")
	ErrConsentPath = apperr.New(apperr.Invalid, "sso.consent", "该应用无需确认授权")
	// The session does not reach the level the request needs: the login
	// page signs in again (the request waits).
	ErrNeedCertificate = apperr.New(apperr.Forbidden, "sso.acr", "该应用要求使用数字证书登录，请在“数字证书”页登录")
	ErrSignInAgain     = apperr.New(apperr.Forbidden, "sso.reauth", "该应用要求重新登录，请再次登录")
)

// ConsentPath is the portal page that asks the user to approve a client
// that is not first-party.
const ConsentPath = "/#/sso/consent"

// Resumer is who resumes a request: the portal session's account, when
// and how it signed in, and the browser's binding secret
// (BrowserBinding).
type Resumer struct {
	AccountID  int64
	SignedInAt time.Time
	Methods    []string
	Browser    string
	// Session is the portal session's hash: the family the request starts
	// hangs on it (docs/decisions/sessions-and-devices.md, "Families hang on a portal session").
	Session string
}

// Pending is what the consent page shows.
type Pending struct {
	ID         string
	ClientID   string
	ClientName string
	Scopes     []string
}

// pending loads a live, not yet approved request of this browser and its
// client, and applies the real-name rule for the account. A request
// already resumed by another account is not found; owned demands that the
// caller's account resumed it (the consent calls).
func (s *Service) pending(ctx context.Context, who Resumer, id string, owned bool) (*request, Client, error) {
	req, err := s.bound(ctx, who.Browser, id)
	if err != nil {
		return nil, Client{}, err
	}
	if (req.accountID != 0 || owned) && req.accountID != who.AccountID {
		return nil, Client{}, ErrRequestGone
	}
	c, err := s.storage.client(ctx, req.clientID)
	if err != nil {
		return nil, Client{}, ErrRequestGone
	}
	a, err := s.liveAccount(ctx, who.AccountID)
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

// bound loads a live request that is not done, if browser started it.
func (s *Service) bound(ctx context.Context, browser, id string) (*request, error) {
	r, err := s.storage.AuthRequestByID(ctx, id)
	if err != nil {
		return nil, ErrRequestGone
	}
	req := r.(*request)
	if req.done || !req.boundTo(browser) {
		return nil, ErrRequestGone
	}
	return req, nil
}

// LoginInfo is what the login page says about the request it resumes:
// the application that asked, and the level it needs ("" any sign-in;
// ACRCertificate opens the certificate tab).
type LoginInfo struct {
	ClientName string
	ACR        string
}

// Describe answers the login page of the browser that carries request id.
func (s *Service) Describe(ctx context.Context, browser, id string) (LoginInfo, error) {
	req, err := s.bound(ctx, browser, id)
	if err != nil {
		return LoginInfo{}, err
	}
	c, err := s.storage.client(ctx, req.clientID)
	if err != nil {
		return LoginInfo{}, ErrRequestGone
	}
	return LoginInfo{ClientName: c.Name, ACR: req.p.ACR}, nil
}

// unmet is why who's sign-in does not do for req (nil when it does): it
// is older than max_age, or below the level the request needs.
func (s *Service) unmet(req *request, who Resumer) (protocolCode string, err error) {
	if req.p.MaxAge != nil && s.now().Sub(who.SignedInAt) > time.Duration(*req.p.MaxAge)*time.Second {
		return "login_required", ErrSignInAgain
	}
	if !satisfies(acrOf(who.Methods), req.p.ACR) {
		if req.p.ACR == ACRCertificate {
			return "login_required", ErrNeedCertificate
		}
		return "login_required", ErrSignInAgain
	}
	return "", nil
}

// Resume is the login page's call after sign-in (GET
// /api/auth/authorize?auth_request=ID) in the browser that started the
// request, with its portal session. The request becomes that account's.
// For a first-party client it is approved at once and the answer is the
// provider's callback (which redirects to the client with the code);
// otherwise it is the consent page, or for a silent request the client's
// redirect URI with consent_required. A sign-in that is too old or below
// the level the request needs is refused (the page signs in again); a
// silent request gets login_required. Staff never get here: the route
// takes portal sessions only.
func (s *Service) Resume(ctx context.Context, who Resumer, id string) (string, error) {
	req, c, err := s.pending(ctx, who, id, false)
	if err != nil {
		return "", err
	}
	if code, err := s.unmet(req, who); err != nil {
		if req.p.Silent {
			return s.sendBack(ctx, req, code, "需要重新登录")
		}
		return "", err
	}
	ok, err := s.d.Store.ClaimOIDCAuthRequest(ctx, req.id, who.AccountID, s.now())
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrRequestGone
	}
	if !c.FirstParty {
		if req.p.Silent {
			return s.sendBack(ctx, req, "consent_required", "需要用户确认授权")
		}
		return ConsentPath + "?id=" + url.QueryEscape(req.id), nil
	}
	return s.approve(ctx, who, req)
}

// FailSilent answers a silent request (prompt=none) for which the login
// page holds no usable portal session: the client's redirect URI with
// login_required. Only silent requests can be failed this way.
func (s *Service) FailSilent(ctx context.Context, browser, id string) (string, error) {
	req, err := s.bound(ctx, browser, id)
	if err != nil {
		return "", err
	}
	if !req.p.Silent {
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
// portal session began (the sign-in), not now, and amr how it was made.
func (s *Service) approve(ctx context.Context, who Resumer, req *request) (string, error) {
	now := s.now()
	signedInAt := who.SignedInAt
	if signedInAt.IsZero() || signedInAt.After(now) {
		signedInAt = now
	}
	ok, err := s.d.Store.CompleteOIDCAuthRequest(ctx, req.id, who.AccountID, signedInAt.UTC(), who.Methods, now)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrRequestGone
	}
	if err := s.d.Store.TieOIDCAuthRequest(ctx, req.id, who.Session); err != nil {
		return "", err
	}
	return s.d.Issuer + PathCallback + "?id=" + url.QueryEscape(req.id), nil
}

// Pending returns the request the consent page asks about, to the account
// that resumed it in this browser.
func (s *Service) Pending(ctx context.Context, who Resumer, id string) (Pending, error) {
	req, c, err := s.pending(ctx, who, id, true)
	if err != nil {
		return Pending{}, err
	}
	return Pending{ID: req.id, ClientID: c.ID, ClientName: c.Name, Scopes: req.p.Scopes}, nil
}

// Consent records the answer of the account that resumed the request in
// this browser: approve gives the callback address, refuse the client's
// redirect URI with error=access_denied. Anyone else finds no request.
func (s *Service) Consent(ctx context.Context, who Resumer, id string, approve bool) (string, error) {
	req, c, err := s.pending(ctx, who, id, true)
	if err != nil {
		return "", err
	}
	if c.FirstParty {
		return "", ErrConsentPath
	}
	if approve {
		if _, err := s.unmet(req, who); err != nil {
			return "", err
		}
		return s.approve(ctx, who, req)
	}
	return s.sendBack(ctx, req, "access_denied", "用户拒绝授权")
}
