package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/sso"
)

func init() { commands["oidc"] = oidcCommand }

const oidcUsage = `Usage:
  bidpass oidc client add --id ID --name NAME --redirect-uri URI [--redirect-uri URI…]
                          [--public] [--first-party] [--require-realname] [--scope S…]
                          [--post-logout-uri URI…] [--backchannel-logout-uri URI]
                          [--min-acr password|certificate] [settings flags]

Registers a system that signs users in through bidpass's OpenID Connect
provider (docs/sso.md). A confidential client's secret is printed once and
only its hash is kept; a public client (--public) has none and must use
PKCE S256. Scopes: openid profile email phone offline_access (default:
openid profile). --first-party skips the consent screen; --require-realname
refuses accounts whose real-name authentication is not done (authState 0,
2, 99). --min-acr is the lowest sign-in the system accepts: certificate
(urn:bidpass:acr:certificate) sends every user to the 数字证书 tab;
password (urn:bidpass:acr:password) is any sign-in that recorded how it was
made.

  bidpass oidc keys rotate [settings flags]
  bidpass oidc keys list   [settings flags]

rotate makes the next signing key of the provider: it is in the JWKS at
once and signs only BIDPASS_OIDC_KEY_ROTATION_DELAY later (default 10m), so
relying parties have fetched it first; the key it replaces stays in the JWKS
until every token it signed has expired. list shows the published keys.
(bidpass keys rotate is another thing: it reseals data under the data keys.)
`

// oidcCommand implements `bidpass oidc client add` and `bidpass oidc keys …`.
func oidcCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) >= 2 && args[0] == "keys" && (args[1] == "rotate" || args[1] == "list") {
		return oidcKeysCommand(ctx, args[1], args[2:], getenv, stdout, stderr)
	}
	if len(args) < 2 || args[0] != "client" || args[1] != "add" {
		fmt.Fprint(stderr, oidcUsage)
		return errors.New("usage: bidpass oidc client add … | bidpass oidc keys rotate|list")
	}
	var n sso.NewClient
	// The value flags may repeat; the switches take no value. Everything
	// else is a settings flag for the app (database, data key).
	lists := map[string]*[]string{"redirect-uri": &n.RedirectURIs, "scope": &n.Scopes, "post-logout-uri": &n.PostLogoutURIs}
	values := map[string]*string{"id": &n.ID, "name": &n.Name, "backchannel-logout-uri": &n.BackchannelLogoutURI, "min-acr": &n.MinACR}
	switches := map[string]*bool{"public": &n.Public, "first-party": &n.FirstParty, "require-realname": &n.RequireRealName}
	var rest []string
	in := args[2:]
	for i := 0; i < len(in); i++ {
		name, val, hasVal := strings.Cut(strings.TrimLeft(in[i], "-"), "=")
		if b, ok := switches[name]; ok && strings.HasPrefix(in[i], "-") {
			*b = !hasVal || val == "true"
			continue
		}
		l, isList := lists[name]
		v, isValue := values[name]
		if !strings.HasPrefix(in[i], "-") || (!isList && !isValue) {
			rest = append(rest, in[i])
			continue
		}
		if !hasVal {
			if i+1 >= len(in) {
				return fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			val = in[i]
		}
		if isList {
			*l = append(*l, val)
		} else {
			*v = val
		}
	}
	if short, ok := map[string]string{"password": sso.ACRPassword, "certificate": sso.ACRCertificate}[n.MinACR]; ok {
		n.MinACR = short
	}
	a, err := openApp(ctx, rest, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	c, secret, err := a.SSO.Register(ctx, n)
	if e, ok := apperr.As(err); ok {
		if f := e.Fields; len(f) > 0 {
			for k, m := range f {
				return fmt.Errorf("%s: %s", k, m)
			}
		}
		return errors.New(e.Msg)
	}
	if err != nil {
		return err
	}
	kind := "confidential"
	if c.Public {
		kind = "public"
	}
	fmt.Fprintf(stdout, "registered %s client %s (%s)\nissuer: %s\n", kind, c.ID, c.Name, a.Config.PublicURL)
	if secret != "" {
		fmt.Fprintf(stdout, "client secret (shown once, store it now): %s\n", secret)
	}
	return nil
}

// oidcKeysCommand rotates or lists the provider's signing keys through
// the path the scheduled rotation takes (sso.Service.RotateKeys).
func oidcKeysCommand(ctx context.Context, verb string, rest []string, getenv func(string) string, stdout, stderr io.Writer) error {
	a, err := openApp(ctx, rest, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	if verb == "rotate" {
		k, err := a.SSO.RotateKeys(ctx, a.Config.OIDCKeyRotationDelay)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "new signing key %s: published now, signs from %s\n", k.ID, k.SignsFrom.Format(time.RFC3339))
	}
	keys, err := a.SSO.Keys(ctx)
	if err != nil {
		return err
	}
	now := a.Clock.Now()
	for _, k := range keys {
		state := "signs"
		switch {
		case k.SignsFrom.After(now):
			state = "published, signs from " + k.SignsFrom.Format(time.RFC3339)
		case k.RetiredAt != nil && k.RetiredAt.After(now):
			state = "signs until " + k.RetiredAt.Format(time.RFC3339) + ", published until " + k.VerifyUntil.Format(time.RFC3339)
		case k.VerifyUntil != nil:
			state = "retired, published until " + k.VerifyUntil.Format(time.RFC3339)
		}
		fmt.Fprintf(stdout, "%s  %s\n", k.ID, state)
	}
	return nil
}
