package sso

import (
	"context"
	"errors"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"bidpass/internal/apperr"
)

// Registration messages (console and command).
var (
	ErrClientTaken = apperr.New(apperr.Conflict, "sso.client_taken", "应用标识已被使用")
	ErrNoClient    = apperr.New(apperr.NotFound, "sso.client", "应用不存在")
)

// KnownScopes are the scopes a client may be registered for.
var KnownScopes = []string{"openid", "profile", "email", "phone", "offline_access"}

var clientIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{1,63}$`)

// NewClient is a registration.
type NewClient struct {
	ID                   string
	Name                 string
	RedirectURIs         []string
	PostLogoutURIs       []string
	Public               bool
	FirstParty           bool
	RequireRealName      bool
	Scopes               []string // empty: openid and profile
	BackchannelLogoutURI string
}

// checkURI accepts an absolute http(s) address without a fragment; plain
// http only for loopback hosts (development of a client on a laptop) or
// when the provider itself runs on http.
func (s *Service) checkURI(field, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Fragment != "" || u.User != nil {
		return apperr.Field(field, "回调地址须为完整的 http(s) 地址，且不含 # 片段")
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		h := u.Hostname()
		if h == "localhost" || h == "127.0.0.1" || h == "::1" || strings.HasPrefix(s.d.Issuer, "http://") {
			return nil
		}
	}
	return apperr.Field(field, "回调地址须使用 https")
}

// Register adds a client and returns its secret (empty for public
// clients); only the secret's hash is kept, so this is the one time it
// is shown.
func (s *Service) Register(ctx context.Context, n NewClient) (Client, string, error) {
	n.ID, n.Name = strings.TrimSpace(n.ID), strings.TrimSpace(n.Name)
	if !clientIDPattern.MatchString(n.ID) {
		return Client{}, "", apperr.Field("clientId", "应用标识为2至64位小写字母、数字、点、下划线或连字符")
	}
	if n.Name == "" || len([]rune(n.Name)) > 50 {
		return Client{}, "", apperr.Field("name", "请填写应用名称（不超过50字）")
	}
	if len(n.RedirectURIs) == 0 {
		return Client{}, "", apperr.Field("redirectUris", "请至少填写一个回调地址")
	}
	for _, u := range n.RedirectURIs {
		if err := s.checkURI("redirectUris", u); err != nil {
			return Client{}, "", err
		}
	}
	for _, u := range n.PostLogoutURIs {
		if err := s.checkURI("postLogoutUris", u); err != nil {
			return Client{}, "", err
		}
	}
	if n.BackchannelLogoutURI != "" {
		if err := s.checkURI("backchannelLogoutUri", n.BackchannelLogoutURI); err != nil {
			return Client{}, "", err
		}
	}
	scopes := n.Scopes
	if len(scopes) == 0 {
		scopes = []string{"openid", "profile"}
	}
	for _, sc := range scopes {
		if !slices.Contains(KnownScopes, sc) {
			return Client{}, "", apperr.Field("scopes", "不支持的授权范围："+sc)
		}
	}
	if !slices.Contains(scopes, "openid") {
		scopes = append([]string{"openid"}, scopes...)
	}
	now := s.now()
	c := Client{ID: n.ID, Name: n.Name, Public: n.Public, FirstParty: n.FirstParty, RequireRealName: n.RequireRealName,
		RedirectURIs: n.RedirectURIs, PostLogoutURIs: n.PostLogoutURIs, Scopes: scopes,
		BackchannelLogoutURI: n.BackchannelLogoutURI, CreatedAt: now, UpdatedAt: now}
	var secret string
	if !n.Public {
		secret = newSecret()
		c.SecretHash = hashSecret(secret)
	}
	err := s.d.Store.CreateOIDCClient(ctx, c)
	if errors.Is(err, ErrClientExists) {
		return Client{}, "", ErrClientTaken
	}
	if err != nil {
		return Client{}, "", err
	}
	return c, secret, nil
}

// Clients lists the registered clients.
func (s *Service) Clients(ctx context.Context) ([]Client, error) {
	return s.d.Store.OIDCClients(ctx)
}

// SetDisabled disables or enables a client; disabling ends its sign-ins'
// use of the token endpoint at once (the client is refused everywhere).
func (s *Service) SetDisabled(ctx context.Context, id string, disabled bool) (Client, error) {
	c, err := s.d.Store.OIDCClient(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return c, ErrNoClient
	}
	if err != nil {
		return c, err
	}
	c.Disabled, c.UpdatedAt = disabled, s.now()
	return c, s.d.Store.UpdateOIDCClient(ctx, c)
}
