package sso

import (
	"context"
	"encoding/json"
	"slices"

	"bidpass/internal/apperr"
	"bidpass/internal/session"
)

// The authentication levels a relying party may ask for (acr values,
// docs/sso.md "Authentication context"), lowest first. A sign-in at a
// level satisfies a request for that level and every level below it. The
// two-factor level (a password plus a one-time code) sits between the two
// (docs/decisions/second-factor.md, "Levels").
const (
	ACRPassword    = "urn:bidpass:acr:password"    // amr pwd or sms
	ACRMFA         = "urn:bidpass:acr:mfa"         // amr pwd otp mfa
	ACRCertificate = "urn:bidpass:acr:certificate" // amr hwk or swk
)

// acrLadder orders the levels; an index is a level's rank. Gaps leave room
// for the levels to come without renumbering anything stored (the stored
// values are the names, never the ranks).
var acrLadder = map[string]int{ACRPassword: 10, ACRMFA: 20, ACRCertificate: 30}

// ACRValues lists the ladder's values, lowest first (discovery's
// acr_values_supported, the console's choice of a client's minimum).
var ACRValues = []string{ACRPassword, ACRMFA, ACRCertificate}

// acrOf is the level a sign-in made with methods reached ("" for a
// session that recorded none).
func acrOf(methods []string) string {
	best := ""
	for _, m := range methods {
		var v string
		switch m {
		case session.MethodPassword, session.MethodSMS:
			v = ACRPassword
		case session.MethodMFA:
			v = ACRMFA
		case session.MethodHardKey, session.MethodSoftKey:
			v = ACRCertificate
		}
		if v != "" && acrLadder[v] > acrLadder[best] {
			best = v
		}
	}
	return best
}

// satisfies reports whether a sign-in at level have meets want ("" wants nothing).
func satisfies(have, want string) bool {
	return want == "" || (have != "" && acrLadder[have] >= acrLadder[want])
}

// ErrUnknownACR refuses a client's minimum level that is not on the ladder.
var ErrUnknownACR = apperr.Field("minAcr", "认证等级不存在")

// requiredACR is the level a request needs: the lowest of the known
// levels it asked for (any of them is enough, OIDC Core §3.1.2.1), and at
// least the client's minimum. ok is false when the request insists
// (essential) on levels of which none is known: no sign-in can reach them.
func requiredACR(asked []string, essential bool, clientMin string) (string, bool) {
	want := ""
	for _, v := range asked {
		if _, known := acrLadder[v]; known && (want == "" || acrLadder[v] < acrLadder[want]) {
			want = v
		}
	}
	if want == "" && essential && len(asked) > 0 {
		return "", false
	}
	if !satisfies(want, clientMin) {
		want = clientMin
	}
	return want, true
}

// claimsACR reads the acr request of an OIDC claims parameter (OIDC Core
// §5.5.1.1): {"id_token": {"acr": {"essential": true, "values": […]}}}.
// A parameter that does not parse asks for nothing.
func claimsACR(claims string) (values []string, essential bool) {
	if claims == "" {
		return nil, false
	}
	var c struct {
		IDToken struct {
			ACR *struct {
				Essential bool     `json:"essential"`
				Value     string   `json:"value"`
				Values    []string `json:"values"`
			} `json:"acr"`
		} `json:"id_token"`
	}
	if json.Unmarshal([]byte(claims), &c) != nil || c.IDToken.ACR == nil {
		return nil, false
	}
	a := c.IDToken.ACR
	values = slices.Clone(a.Values)
	if a.Value != "" {
		values = append(values, a.Value)
	}
	return values, a.Essential
}

type claimsKey struct{}

// claimsFrom is the claims parameter of the /authorize request (Handler
// puts it in the context; op does not read it).
func claimsFrom(ctx context.Context) string {
	v, _ := ctx.Value(claimsKey{}).(string)
	return v
}
