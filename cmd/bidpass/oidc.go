package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"bidpass/internal/apperr"
	"bidpass/internal/sso"
)

func init() { commands["oidc"] = oidcCommand }

const oidcUsage = `Usage:
  bidpass oidc client add --id ID --name NAME --redirect-uri URI [--redirect-uri URI…]
                          [--public] [--first-party] [--require-realname] [--scope S…]
                          [--post-logout-uri URI…] [--backchannel-logout-uri URI] [settings flags]

Registers a system that signs users in through bidpass's OpenID Connect
provider (docs/sso.md). A confidential client's secret is printed once and
only its hash is kept; a public client (--public) has none and must use
PKCE S256. Scopes: openid profile email phone offline_access (default:
openid profile). --first-party skips the consent screen; --require-realname
refuses accounts whose real-name authentication is not done (authState 0,
2, 99).
`

// oidcCommand implements `bidpass oidc client add`.
func oidcCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 2 || args[0] != "client" || args[1] != "add" {
		fmt.Fprint(stderr, oidcUsage)
		return errors.New("usage: bidpass oidc client add …")
	}
	var n sso.NewClient
	// The value flags may repeat; the switches take no value. Everything
	// else is a settings flag for the app (database, data key).
	lists := map[string]*[]string{"redirect-uri": &n.RedirectURIs, "scope": &n.Scopes, "post-logout-uri": &n.PostLogoutURIs}
	values := map[string]*string{"id": &n.ID, "name": &n.Name, "backchannel-logout-uri": &n.BackchannelLogoutURI}
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
