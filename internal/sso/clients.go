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
	MinACR               string // the lowest acr it accepts (ACRValues; "" any)
}

// checkURI accepts an absolute http(s) address without a fragment; plain
// http only when the provider itself runs on http (development) or, with
// loopbackHTTP, for a loopback host: a public native app's redirect
// (RFC 8252 §7.3). A confidential client is a server, reached over https.
func (s *Service) checkURI(field, raw string, loopbackHTTP bool) error {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Fragment != "" || u.User != nil {
		return apperr.Field(field, "回调地址须为完整的 http(s) 地址，且不含 # 片段")
	}
	switch u.Scheme {
	case "https":
		return nil
	case "http":
		h := u.Hostname()
		if (loopbackHTTP && (h == "localhost" || h == "127.0.0.1" || h == "::1")) || strings.HasPrefix(s.d.Issuer, "http://") {
			return nil
		}
	}
	return apperr.Field(field, "回调地址须使用 https")
}

// ErrPublicSecret refuses a new secret for a public client, which has none.
var ErrPublicSecret = apperr.New(apperr.Conflict, "sso.client_public", "公开客户端没有密钥，无需重置")

// checkSettings validates what an administrator sets (registration and
// edit) and returns the scopes to store: openid and profile when none are
// given, openid always.
func (s *Service) checkSettings(ctx context.Context, n *NewClient) ([]string, error) {
	n.Name = strings.TrimSpace(n.Name)
	if n.Name == "" || len([]rune(n.Name)) > 50 {
		return nil, apperr.Field("name", "请填写应用名称（不超过50字）")
	}
	if len(n.RedirectURIs) == 0 {
		return nil, apperr.Field("redirectUris", "请至少填写一个回调地址")
	}
	for _, u := range n.RedirectURIs {
		if err := s.checkURI("redirectUris", u, n.Public); err != nil {
			return nil, err
		}
	}
	for _, u := range n.PostLogoutURIs {
		if err := s.checkURI("postLogoutUris", u, n.Public); err != nil {
			return nil, err
		}
	}
	if n.BackchannelLogoutURI != "" {
		if err := s.backchannel.checkURI(ctx, n.BackchannelLogoutURI); err != nil {
			return nil, err
		}
	}
	if _, known := acrLadder[n.MinACR]; n.MinACR != "" && !known {
		return nil, ErrUnknownACR
	}
	scopes := n.Scopes
	if len(scopes) == 0 {
		scopes = []string{"openid", "profile"}
	}
	for _, sc := range scopes {
		if !slices.Contains(KnownScopes, sc) {
			return nil, apperr.Field("scopes", "不支持的授权范围："+sc)
		}
	}
	if !slices.Contains(scopes, "openid") {
		scopes = append([]string{"openid"}, scopes...)
	}
	return scopes, nil
}

// Register adds a client and returns its secret (empty for public
// clients); only the secret's hash is kept, so this is the one time it
// is shown.
func (s *Service) Register(ctx context.Context, n NewClient) (Client, string, error) {
	n.ID = strings.TrimSpace(n.ID)
	if !clientIDPattern.MatchString(n.ID) {
		return Client{}, "", apperr.Field("clientId", "应用标识为2至64位小写字母、数字、点、下划线或连字符")
	}
	scopes, err := s.checkSettings(ctx, &n)
	if err != nil {
		return Client{}, "", err
	}
	now := s.now()
	c := Client{ID: n.ID, Name: n.Name, Public: n.Public, FirstParty: n.FirstParty, RequireRealName: n.RequireRealName,
		RedirectURIs: n.RedirectURIs, PostLogoutURIs: n.PostLogoutURIs, Scopes: scopes,
		BackchannelLogoutURI: n.BackchannelLogoutURI, MinACR: n.MinACR, CreatedAt: now, UpdatedAt: now}
	var secret string
	if !n.Public {
		secret = newSecret()
		c.SecretHash = hashSecret(secret)
	}
	err = s.d.Store.CreateOIDCClient(ctx, c)
	if errors.Is(err, ErrClientExists) {
		return Client{}, "", ErrClientTaken
	}
	if err != nil {
		return Client{}, "", err
	}
	return c, secret, nil
}

// Update changes a client's settings. Its id and its kind (public or
// confidential) stay: systems are configured with the id, and a change of
// kind would make a secret appear or vanish under a running system. An
// edit that sends them (n.ID non-empty, public non-nil) with other values
// is refused rather than half applied.
func (s *Service) Update(ctx context.Context, id string, n NewClient, public *bool) (Client, error) {
	c, err := s.registered(ctx, id)
	if err != nil {
		return c, err
	}
	if n.ID != "" && n.ID != c.ID {
		return Client{}, apperr.Field("clientId", "应用标识注册后不能修改")
	}
	if public != nil && *public != c.Public {
		return Client{}, apperr.Field("public", "客户端类型注册后不能修改，请重新登记应用")
	}
	n.Public = c.Public
	scopes, err := s.checkSettings(ctx, &n)
	if err != nil {
		return Client{}, err
	}
	c.Name, c.FirstParty, c.RequireRealName = n.Name, n.FirstParty, n.RequireRealName
	c.RedirectURIs, c.PostLogoutURIs, c.Scopes, c.BackchannelLogoutURI = n.RedirectURIs, n.PostLogoutURIs, scopes, n.BackchannelLogoutURI
	c.MinACR = n.MinACR
	c.UpdatedAt = s.now()
	if err := s.d.Store.UpdateOIDCClientSettings(ctx, c); err != nil {
		return Client{}, clientMissing(err)
	}
	return s.registered(ctx, id)
}

// RotateSecret gives a confidential client a new secret, returned this
// once; the old one stops working at once (a leaked secret is replaced
// without registering the system again).
func (s *Service) RotateSecret(ctx context.Context, id string) (Client, string, error) {
	c, err := s.registered(ctx, id)
	if err != nil {
		return c, "", err
	}
	if c.Public {
		return Client{}, "", ErrPublicSecret
	}
	secret := newSecret()
	if err := s.d.Store.SetOIDCClientSecret(ctx, id, hashSecret(secret), s.now()); err != nil {
		return Client{}, "", clientMissing(err)
	}
	c, err = s.registered(ctx, id)
	return c, secret, err
}

// registered loads a client, disabled or not, for the console.
func (s *Service) registered(ctx context.Context, id string) (Client, error) {
	c, err := s.d.Store.OIDCClient(ctx, id)
	return c, clientMissing(err)
}

// clientMissing is the console's ErrNoClient for the store's ErrNotFound.
func clientMissing(err error) error {
	if errors.Is(err, ErrNotFound) {
		return ErrNoClient
	}
	return err
}

// Clients lists the registered clients.
func (s *Service) Clients(ctx context.Context) ([]Client, error) {
	return s.d.Store.OIDCClients(ctx)
}

// SetDisabled disables or enables a client; disabling ends its sign-ins'
// use of the token endpoint at once (the client is refused everywhere).
func (s *Service) SetDisabled(ctx context.Context, id string, disabled bool) (Client, error) {
	if err := s.d.Store.SetOIDCClientDisabled(ctx, id, disabled, s.now()); err != nil {
		return Client{}, clientMissing(err)
	}
	return s.registered(ctx, id)
}
