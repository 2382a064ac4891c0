package httpapi

import (
	"bidpass/internal/auth"
	"bidpass/internal/recovery"
)

// The response bodies of sign-in, the user object and password recovery
// (api/openapi.yaml: SignInResult, User, PubKey, RecoverFindResult). The
// auth and recovery services carry no json tags for the wire.

// pubKeyResponse is GET /api/auth/pubkey: the PEM public key the browser
// encrypts passwords with, and its id.
type pubKeyResponse struct {
	PubKey string `json:"pubkey"`
	KeyID  string `json:"keyId"`
}

// userResponse is the user object (01 §3): sign-in, /api/auth/me and the
// third-party redeem.
type userResponse struct {
	UserName        string `json:"userName"`
	ID              int64  `json:"id"`
	Type            int    `json:"type"`
	RegisterProcess int    `json:"registerProcess"`
	AuthState       int    `json:"authState"`
}

func userOut(u auth.User) userResponse { return userResponse(u) }

// signInResponse answers a portal sign-in, by password or certificate.
type signInResponse struct {
	AccessToken string       `json:"accessToken"`
	User        userResponse `json:"user"`
}

func signInOut(r auth.SignInResult) signInResponse {
	return signInResponse{AccessToken: r.AccessToken, User: userOut(r.User)}
}

// foundAccountResponse is one account on the proven phone, address or
// certificate; subjectCode is masked.
type foundAccountResponse struct {
	Account     string `json:"account"`
	RegTime     string `json:"regTime"`
	Type        int    `json:"type"`
	SubjectName string `json:"subjectName"`
	SubjectCode string `json:"subjectCode"`
	AuthState   int    `json:"authState"`
	AccountID   int64  `json:"accountId"`
}

// recoverFindResponse lists the accounts found and the checkCode of the
// reset (empty when none was found).
type recoverFindResponse struct {
	Accounts  []foundAccountResponse `json:"accounts"`
	CheckCode string                 `json:"checkCode"`
}

func recoverFindOut(r recovery.FindResult) recoverFindResponse {
	return recoverFindResponse{
		Accounts:  mapAll(r.Accounts, func(a recovery.FoundAccount) foundAccountResponse { return foundAccountResponse(a) }),
		CheckCode: r.CheckCode,
	}
}
