package auth

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/ephemeral"
)

// CodeTTL is how long an authorisation code may wait to be redeemed.
const CodeTTL = 2 * time.Minute

// Errors of third-party authorisation login (01 §8 wording).
var (
	ErrUnknownClient    = apperr.New(apperr.Forbidden, "authorize.client", "未注册的第三方应用，无法授权登录")
	ErrRedirectMismatch = apperr.New(apperr.Forbidden, "authorize.redirect", "授权回调地址不在允许范围内")
	ErrNotSubmitted     = apperr.New(apperr.Forbidden, "authorize.not_submitted", "账号未提交实名认证，请提交审核")
	ErrNotPassed        = apperr.New(apperr.Forbidden, "authorize.verifying", "账号未通过实名认证，请等待审核")
	ErrBadCode          = apperr.New(apperr.Invalid, "authorize.code", "授权码无效或已过期")
)

// AuthorizeRequest is a third-party application's request to learn who the
// signed-in user is. The shape follows OpenID Connect's authorisation
// request (client_id, redirect_uri, state) so it can become one.
type AuthorizeRequest struct {
	ClientID    string
	RedirectURI string // empty: the client's registered callback
	State       string
}

type grant struct {
	ClientID  string `json:"client"`
	AccountID int64  `json:"account"`
	Redirect  string `json:"redirect"`
}

// callbackAllowed reports whether uri is the registered callback, byte
// for byte (RFC 9700 §4.1.3: exact string matching). Nothing is
// normalised first: a browser resolves dot segments (/callback/../evil,
// also %2e%2e) and some servers decode %2f, so any comparison of parsed
// or cleaned paths can be walked out of. An empty redirect_uri means the
// registered one.
func callbackAllowed(registered, uri string) bool {
	return uri == registered
}

// Authorize checks the client and the account's real-name state and
// returns the callback address carrying a one-time code bound to the
// client (and the state, unchanged).
func (s *Service) Authorize(ctx context.Context, accountID int64, req AuthorizeRequest) (string, error) {
	registered, ok := s.cfg.AuthorizeClients[req.ClientID]
	if !ok || req.ClientID == "" {
		return "", ErrUnknownClient
	}
	redirect := req.RedirectURI
	if redirect == "" {
		redirect = registered
	}
	if !callbackAllowed(registered, redirect) {
		return "", ErrRedirectMismatch
	}
	a, err := s.cfg.Accounts.AccountByID(ctx, accountID)
	if errors.Is(err, account.ErrNotFound) {
		return "", apperr.ErrUnauthenticated
	}
	if err != nil {
		return "", err
	}
	if err := RealNameRefusal(a.AuthState); err != nil {
		return "", err
	}
	code := strings.ToLower(rand.Text())
	g, _ := json.Marshal(grant{ClientID: req.ClientID, AccountID: a.ID, Redirect: redirect})
	if err := s.cfg.Ephemeral.Set(ctx, "authz:code:"+code, g, CodeTTL); err != nil {
		return "", err
	}
	u, _ := url.Parse(redirect)
	q := u.Query()
	q.Set("code", code)
	if req.State != "" {
		q.Set("state", req.State)
	}
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// RealNameRefusal is why an account in state st may not sign in to a
// system that needs real-name authentication (nil when it may); the
// OpenID Connect provider applies it to clients that require real-name.
func RealNameRefusal(st account.AuthState) error {
	switch st {
	case account.NotAuthenticated, account.NotPassed:
		return ErrNotSubmitted
	case account.Verifying:
		return ErrNotPassed
	}
	return nil
}

// Redeem exchanges a code once for the user it was issued for; the code
// must be presented by the client it was issued to.
func (s *Service) Redeem(ctx context.Context, clientID, code string) (User, error) {
	if code == "" {
		return User{}, ErrBadCode
	}
	raw, err := s.cfg.Ephemeral.Take(ctx, "authz:code:"+code)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return User{}, ErrBadCode
	}
	if err != nil {
		return User{}, err
	}
	var g grant
	if err := json.Unmarshal(raw, &g); err != nil || g.ClientID != clientID {
		return User{}, ErrBadCode
	}
	return s.Me(ctx, g.AccountID)
}
