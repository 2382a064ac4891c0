package sso

import (
	"context"

	"github.com/zitadel/oidc/v3/pkg/op"
)

// OPStorage exposes the provider's storage to the external tests.
func (s *Service) OPStorage() op.Storage { return s.storage }

// NewSecret is newSecret for the external tests.
var NewSecret = newSecret

// WithBrowser is the context of an /authorize request from the browser
// holding secret (Handler's bindBrowser).
func WithBrowser(ctx context.Context, secret string) context.Context {
	return context.WithValue(ctx, browserKey{}, secret)

}

// SendLogout is the back-channel send for the external tests, which wait
// for its outcome (notify sends in the background).
func (s *Service) SendLogout(ctx context.Context, uri, token string) error {
	return s.backchannel.send(ctx, uri, token)
}

// TokenCrypto is what op decrypts presented access tokens with.
func (s *Service) TokenCrypto() op.Crypto { return s.provider.Crypto() }
