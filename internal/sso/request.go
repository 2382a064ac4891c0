package sso

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// params is the part of an authorisation request kept as JSON.
type params struct {
	RedirectURI   string              `json:"redirectUri"`
	State         string              `json:"state,omitempty"`
	Nonce         string              `json:"nonce,omitempty"`
	Scopes        []string            `json:"scopes"`
	ResponseType  oidc.ResponseType   `json:"responseType"`
	ResponseMode  oidc.ResponseMode   `json:"responseMode,omitempty"`
	CodeChallenge *oidc.CodeChallenge `json:"codeChallenge,omitempty"`
	// Silent is prompt=none: no page may ask the user anything.
	Silent bool `json:"silent,omitempty"`
	// MaxAge is max_age in seconds: the oldest sign-in a silent request
	// may reuse (any other request is a fresh sign-in).
	MaxAge *uint `json:"maxAge,omitempty"`
	// BrowserHash is the hash of the secret of the browser that started
	// the request (binding.go): only that browser may finish it.
	BrowserHash string `json:"browserHash"`
	// ACR is the level the sign-in must reach (acr_values, the claims
	// parameter and the client's minimum; "" for any).
	ACR string `json:"acr,omitempty"`
}

// request is an authorisation request as op sees it (op.AuthRequest).
type request struct {
	id       string
	clientID string
	p        params
	// accountID is the account that resumed the request (0 before):
	// only it may approve it, and the code is issued for it.
	accountID int64
	authTime  time.Time
	amr       []string // how that account's portal session was signed in
	session   string   // that portal session's hash
	done      bool
	// familyID is set when the code's tokens are made, so the ID token
	// carries the family as sid.
	familyID string
	// codeHash is the redeemed code's, kept on the family so that a replay
	// of the code finds what it issued.
	codeHash string
}

var _ op.AuthRequest = (*request)(nil)

func requestOf(r StoredRequest) (*request, error) {
	out := &request{id: r.ID, clientID: r.ClientID, accountID: r.AccountID, authTime: r.AuthTime, amr: r.AMR, session: r.Session, done: r.Done}
	return out, json.Unmarshal(r.Request, &out.p)
}

func subjectOf(accountID int64) string { return strconv.FormatInt(accountID, 10) }

func accountOf(subject string) (int64, bool) {
	id, err := strconv.ParseInt(subject, 10, 64)
	return id, err == nil && id > 0
}

func (r *request) GetID() string                         { return r.id }
func (r *request) GetACR() string                        { return acrOf(r.amr) }
func (r *request) GetAMR() []string                      { return r.amr }
func (r *request) GetAudience() []string                 { return []string{r.clientID} }
func (r *request) GetAuthTime() time.Time                { return r.authTime }
func (r *request) GetClientID() string                   { return r.clientID }
func (r *request) GetCodeChallenge() *oidc.CodeChallenge { return r.p.CodeChallenge }
func (r *request) GetNonce() string                      { return r.p.Nonce }
func (r *request) GetRedirectURI() string                { return r.p.RedirectURI }
func (r *request) GetResponseType() oidc.ResponseType    { return r.p.ResponseType }
func (r *request) GetResponseMode() oidc.ResponseMode    { return r.p.ResponseMode }
func (r *request) GetScopes() []string                   { return r.p.Scopes }
func (r *request) GetState() string                      { return r.p.State }
func (r *request) GetSubject() string {
	if r.accountID == 0 {
		return ""
	}
	return subjectOf(r.accountID)
}
func (r *request) Done() bool { return r.done }

// refreshRequest is a refresh-token grant (op.RefreshTokenRequest): the
// family the presented token belongs to and the token itself.
type refreshRequest struct {
	f         Family
	tokenHash string
	scopes    []string
}

var _ op.RefreshTokenRequest = (*refreshRequest)(nil)

func (r *refreshRequest) GetAMR() []string            { return r.f.AMR }
func (r *refreshRequest) GetAudience() []string       { return []string{r.f.ClientID} }
func (r *refreshRequest) GetAuthTime() time.Time      { return r.f.AuthTime }
func (r *refreshRequest) GetClientID() string         { return r.f.ClientID }
func (r *refreshRequest) GetScopes() []string         { return r.scopes }
func (r *refreshRequest) GetSubject() string          { return subjectOf(r.f.AccountID) }
func (r *refreshRequest) SetCurrentScopes(s []string) { r.scopes = s }
