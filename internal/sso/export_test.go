package sso

import "github.com/zitadel/oidc/v3/pkg/op"

// OPStorage exposes the provider's storage to the external tests.
func (s *Service) OPStorage() op.Storage { return s.storage }

// NewSecret is newSecret for the external tests.
var NewSecret = newSecret

// KeyCacheFor is keyCacheFor for the external tests.
const KeyCacheFor = keyCacheFor
