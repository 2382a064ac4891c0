package sso

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// What bidpass answers itself around op's handlers, so that every answer
// is the protocol's (docs/sso.md "Protocol answers"): discovery lists
// only what works, userinfo and introspection are served here (op answers
// their errors in text/plain), token answers are never cached, and a
// request op would answer with a server error (an unparsable form, a
// grant or client authentication bidpass does not offer) is refused
// before it gets there.

// maxProtocolBody bounds a form posted to the provider: the largest
// legitimate one (a token request) is well under a kilobyte.
const maxProtocolBody = 64 << 10

// noStore are the endpoints whose answers carry tokens or claims
// (RFC 6749 §5.1, RFC 6750 §4, OIDC Core §5.3.2).
var noStore = []string{PathToken, PathUserinfo, PathIntrospect, PathRevoke}

// protocol wraps op's handler next.
func (s *Service) protocol(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slices.Contains(noStore, r.URL.Path) {
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Pragma", "no-cache")
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, maxProtocolBody)
		}
		// op answers a form it cannot parse (a bad %-escape) with 500 at
		// end_session; it is the client's mistake everywhere.
		if err := r.ParseForm(); err != nil {
			writeOAuthError(w, http.StatusBadRequest, oidc.ErrInvalidRequest().WithDescription("malformed request"))
			return
		}
		switch r.URL.Path {
		case PathDiscovery:
			s.discovery(w, r)
			return
		case PathUserinfo:
			s.userinfo(w, r)
			return
		case PathIntrospect:
			s.introspect(w, r)
			return
		case PathToken, PathRevoke:
			if e := s.checkClientRequest(r); e != nil {
				writeOAuthError(challenge(w, r), statusOf(e), e)
				return
			}
			next.ServeHTTP(challenge(w, r), r)
			return
		case PathAuthorize:
			// op logs these at ERROR (a plain error it takes for its own).
			if r.Form.Get("client_id") == "" || r.Form.Get("redirect_uri") == "" {
				http.Error(w, "invalid_request: client_id and redirect_uri are required", http.StatusBadRequest)
				return
			}
			if s.refuseResponseType(w, r) {
				return
			}
		case PathCallback:
			if r.Form.Get("id") == "" {
				http.Error(w, "invalid_request: id missing", http.StatusBadRequest)
				return
			}
		case PathEndSession:
			if id := r.Form.Get("client_id"); id != "" {
				if _, err := s.storage.client(r.Context(), id); err != nil {
					writeOAuthError(w, http.StatusBadRequest, oidc.ErrInvalidRequest().WithDescription("unknown client_id"))
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}

// grantTypes are the grants the token endpoint offers; op would also try
// the JWT bearer grant (RFC 7523) against a storage that has no keys.
var grantTypes = []oidc.GrantType{oidc.GrantTypeCode, oidc.GrantTypeRefreshToken}

// checkClientRequest refuses, before op sees them, token and revocation
// requests that op would answer with a server error or that the RFCs
// refuse: a parameter sent twice (RFC 6749 §3.2), a client assertion
// (private_key_jwt is not offered: invalid_client, §5.2), a grant type
// not offered (unsupported_grant_type), and a client that does not
// authenticate. The last is checked here because op claims a code before
// it authenticates the client: anyone holding a code could otherwise
// spend it, and, a replay revoking the code's tokens, end a sign-in.
func (s *Service) checkClientRequest(r *http.Request) *oidc.Error {
	for k, v := range r.Form {
		if len(v) > 1 {
			return oidc.ErrInvalidRequest().WithDescription("parameter %s sent more than once", url.QueryEscape(k))
		}
	}
	if r.Form.Has("client_assertion") || r.Form.Has("client_assertion_type") {
		return oidc.ErrInvalidClient().WithDescription("client assertions are not supported")
	}
	if r.URL.Path == PathToken {
		if g := r.Form.Get("grant_type"); g != "" && !slices.Contains(grantTypes, oidc.GrantType(g)) {
			return oidc.ErrUnsupportedGrantType().WithDescription("only authorization_code and refresh_token")
		}
	}
	_, e := s.authenticateClient(r, true)
	return e
}

// refuseResponseType answers an authorisation request for a response type
// other than code (the only one offered) with unsupported_response_type
// at its redirect URI (RFC 6749 §4.1.2.1), once client and redirect URI
// are known to be good; otherwise op answers (a page, never a redirect).
func (s *Service) refuseResponseType(w http.ResponseWriter, r *http.Request) bool {
	rt := r.Form.Get("response_type")
	if rt == "" || rt == string(oidc.ResponseTypeCode) {
		return false
	}
	c, err := s.storage.client(r.Context(), r.Form.Get("client_id"))
	if err != nil {
		return false
	}
	redirect := r.Form.Get("redirect_uri")
	if op.ValidateAuthReqRedirectURI(opClient{c}, redirect, oidc.ResponseTypeCode) != nil {
		return false
	}
	u, err := url.Parse(redirect)
	if err != nil {
		return false
	}
	q := url.Values{"error": {"unsupported_response_type"}, "error_description": {"only response_type=code is supported"}}
	if st := r.Form.Get("state"); st != "" {
		q.Set("state", st)
	}
	// A client that asked for a token in the front channel reads the
	// fragment (OAuth 2.0 Multiple Response Types §2.1).
	if strings.Contains(rt, "token") {
		u.Fragment = q.Encode()
	} else {
		p := u.Query()
		for k, v := range q {
			p[k] = v
		}
		u.RawQuery = p.Encode()
	}
	http.Redirect(w, r, u.String(), http.StatusFound)
	return true
}

// discovery is op's document without what bidpass does not offer: the
// device flow, implicit and hybrid response types, the JWT bearer grant,
// private_key_jwt's algorithms (OIDC Discovery §3: what is listed works).
func (s *Service) discovery(w http.ResponseWriter, r *http.Request) {
	ctx := op.ContextWithIssuer(r.Context(), s.d.Issuer)
	c := op.CreateDiscoveryConfig(ctx, s.provider, s.storage)
	c.DeviceAuthorizationEndpoint = ""
	c.CheckSessionIframe = ""
	c.ResponseTypesSupported = []string{string(oidc.ResponseTypeCode)}
	c.GrantTypesSupported = grantTypes
	c.TokenEndpointAuthMethodsSupported = []oidc.AuthMethod{oidc.AuthMethodBasic, oidc.AuthMethodPost, oidc.AuthMethodNone}
	c.RevocationEndpointAuthMethodsSupported = c.TokenEndpointAuthMethodsSupported
	c.IntrospectionEndpointAuthMethodsSupported = []oidc.AuthMethod{oidc.AuthMethodBasic, oidc.AuthMethodPost}
	c.TokenEndpointAuthSigningAlgValuesSupported = nil
	c.RevocationEndpointAuthSigningAlgValuesSupported = nil
	c.IntrospectionEndpointAuthSigningAlgValuesSupported = nil
	c.RequestObjectSigningAlgValuesSupported = nil
	c.RequestParameterSupported = false
	// The acr ladder (acr.go) and the claims parameter's id_token.acr are honoured.
	c.ACRValuesSupported = ACRValues
	c.ClaimsParameterSupported = true
	writeJSON(w, http.StatusOK, c)
}

// userinfo is OIDC Core §5.3 with RFC 6750's errors: no token is 401 with
// a bare Bearer challenge (§3.1: no error code), a bad, expired or
// revoked one 401 invalid_token, two ways of sending it 400
// invalid_request; the error is also the JSON body.
func (s *Service) userinfo(w http.ResponseWriter, r *http.Request) {
	token, e := bearerToken(r)
	if e != nil {
		bearerError(w, http.StatusBadRequest, e)
		return
	}
	if token == "" {
		w.Header().Set("WWW-Authenticate", `Bearer realm="bidpass"`)
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error_description": "access token missing"})
		return
	}
	ctx := op.ContextWithIssuer(r.Context(), s.d.Issuer)
	claims, ok := s.accessClaims(r, token)
	if !ok {
		bearerError(w, http.StatusUnauthorized, invalidToken())
		return
	}
	info := new(oidc.UserInfo)
	if err := s.storage.SetUserinfoFromToken(ctx, info, claims.JWTID, claims.Subject, ""); err != nil {
		if errors.Is(err, errTokenRevoked) || errors.Is(err, errAccountGone) {
			bearerError(w, http.StatusUnauthorized, invalidToken())
			return
		}
		s.serverError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, info)
}

func invalidToken() *oidc.Error {
	return &oidc.Error{ErrorType: "invalid_token", Description: "the access token is invalid, expired or revoked"}
}

func bearerError(w http.ResponseWriter, status int, e *oidc.Error) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="bidpass", error="`+string(e.ErrorType)+`", error_description="`+e.Description+`"`)
	writeJSON(w, status, e)
}

// bearerToken reads the access token from the Authorization header
// (RFC 6750 §2.1) or a POSTed form (§2.2), never the query (§2.3 is
// discouraged: URLs end up in logs).
func bearerToken(r *http.Request) (string, *oidc.Error) {
	var header, body string
	if h := r.Header.Get("Authorization"); h != "" {
		if scheme, tok, ok := strings.Cut(h, " "); ok && strings.EqualFold(scheme, "Bearer") {
			header = strings.TrimSpace(tok)
		}
	}
	if r.Method == http.MethodPost {
		body = r.PostForm.Get("access_token")
	}
	if header != "" && body != "" {
		return "", oidc.ErrInvalidRequest().WithDescription("the access token must be sent one way only")
	}
	return header + body, nil
}

// accessClaims verifies a bidpass access token (a JWT it signed). Only
// its form and signature are checked here; that it is still live is the
// storage's question.
func (s *Service) accessClaims(r *http.Request, token string) (*oidc.AccessTokenClaims, bool) {
	if strings.Count(token, ".") != 2 {
		return nil, false
	}
	ctx := op.ContextWithIssuer(r.Context(), s.d.Issuer)
	claims, err := op.VerifyAccessToken[*oidc.AccessTokenClaims](ctx, token, s.provider.AccessTokenVerifier(ctx))
	if err != nil || claims.JWTID == "" {
		return nil, false
	}
	return claims, true
}

// introspect is RFC 7662 for confidential clients and their own tokens,
// access or refresh: the client authenticates (client_secret_basic or
// client_secret_post), errors are RFC 6749 §5.2's JSON (§2.3), and a
// token that is not live, or not the caller's, is {"active":false}.
func (s *Service) introspect(w http.ResponseWriter, r *http.Request) {
	w = challenge(w, r)
	for k, v := range r.Form {
		if len(v) > 1 {
			writeOAuthError(w, http.StatusBadRequest, oidc.ErrInvalidRequest().WithDescription("parameter %s sent more than once", url.QueryEscape(k)))
			return
		}
	}
	c, e := s.authenticateClient(r, false)
	if e != nil {
		writeOAuthError(w, statusOf(e), e)
		return
	}
	token := r.PostForm.Get("token")
	if token == "" {
		writeOAuthError(w, http.StatusBadRequest, oidc.ErrInvalidRequest().WithDescription("token missing"))
		return
	}
	ctx := op.ContextWithIssuer(r.Context(), s.d.Issuer)
	out := &oidc.IntrospectionResponse{}
	if claims, ok := s.accessClaims(r, token); ok {
		err := s.storage.SetIntrospectionFromToken(ctx, out, claims.JWTID, claims.Subject, c.ID)
		if err == nil {
			out.TokenType = oidc.BearerToken
			out.Expiration, out.IssuedAt, out.Issuer, out.JWTID = claims.Expiration, claims.IssuedAt, claims.Issuer, claims.JWTID
		} else if !errors.Is(err, errTokenRevoked) && !errors.Is(err, errAccountGone) {
			s.serverError(w, r, err)
			return
		}
	} else if err := s.storage.introspectRefresh(ctx, out, token, c.ID); err != nil {
		s.serverError(w, r, err)
		return
	}
	if !out.Active {
		out = &oidc.IntrospectionResponse{}
	}
	writeJSON(w, http.StatusOK, out)
}

// authenticateClient is RFC 6749 §2.3.1: a confidential client sends
// its id and secret with HTTP Basic (each form-encoded) or in the body,
// not both ways; a public one (where public is allowed) its client_id
// alone. Anything else, an unknown or a disabled client, is
// invalid_client.
func (s *Service) authenticateClient(r *http.Request, public bool) (Client, *oidc.Error) {
	id, secret, basic := r.BasicAuth()
	if basic {
		var err1, err2 error
		id, err1 = url.QueryUnescape(id)
		secret, err2 = url.QueryUnescape(secret)
		if err1 != nil || err2 != nil {
			return Client{}, oidc.ErrInvalidClient().WithDescription("malformed client credentials")
		}
		if r.PostForm.Has("client_secret") {
			return Client{}, oidc.ErrInvalidRequest().WithDescription("client authentication must use one method only")
		}
	} else {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id == "" {
		return Client{}, oidc.ErrInvalidClient().WithDescription("client authentication required")
	}
	c, err := s.storage.client(r.Context(), id)
	switch {
	case err != nil:
		return Client{}, oidc.ErrInvalidClient().WithDescription("unknown or disabled client")
	case c.Public && public && secret == "" && !basic:
		return c, nil
	case c.Public || subtle.ConstantTimeCompare([]byte(hashSecret(secret)), []byte(c.SecretHash)) != 1:
		return Client{}, oidc.ErrInvalidClient().WithDescription("invalid client_id / client_secret")
	}
	return c, nil
}

// challenge adds RFC 6749 §5.2's WWW-Authenticate to a 401 answering a
// client that authenticated with the Authorization header.
func challenge(w http.ResponseWriter, r *http.Request) http.ResponseWriter {
	if _, _, ok := r.BasicAuth(); !ok {
		return w
	}
	return basicChallenge{w}
}

type basicChallenge struct{ http.ResponseWriter }

func (b basicChallenge) WriteHeader(status int) {
	if status == http.StatusUnauthorized {
		b.Header().Set("WWW-Authenticate", `Basic realm="bidpass"`)
	}
	b.ResponseWriter.WriteHeader(status)
}

// statusOf is RFC 6749 §5.2's status for an error: 401 for invalid_client,
// 400 otherwise.
func statusOf(e *oidc.Error) int {
	if e.ErrorType == oidc.InvalidClient {
		return http.StatusUnauthorized
	}
	return http.StatusBadRequest
}

func writeOAuthError(w http.ResponseWriter, status int, e *oidc.Error) { writeJSON(w, status, e) }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// serverError is a failure of bidpass's own (the database), logged; the
// client gets server_error without details.
func (s *Service) serverError(w http.ResponseWriter, r *http.Request, err error) {
	s.d.Log.ErrorContext(r.Context(), "oidc: "+r.URL.Path, "err", err)
	writeOAuthError(w, http.StatusInternalServerError, oidc.ErrServerError())
}
