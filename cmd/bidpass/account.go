package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/identity"
	"bidpass/internal/password"
	"bidpass/internal/sms"
)

func init() { commands["account"] = accountCommand }

const accountUsage = `Usage:
  bidpass account create --type person|enterprise --account NAME --password PW --phone PHONE
                         [--email ADDRESS] [--auth-state 0|1|2|99] [--name REAL-NAME]
                         [settings flags]

Creates a portal account that can sign in at once (for operators and tests,
before or beside registration). The name starts with a letter and has 4-16
letters and digits; the password follows the rule of the type (person 8-20
characters with 2 kinds, enterprise 13-20 with 3 kinds). auth-state defaults
to 0 (not authenticated). --name records the person's real name or the
enterprise's name (the name a CA certificate must carry to be bound, see
bidpass ca issue).
`

// accountCommand implements `bidpass account create`.
func accountCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(stderr, accountUsage)
		return errors.New("usage: bidpass account create …")
	}
	own := map[string]string{"type": "", "account": "", "password": "", "phone": "", "email": "", "auth-state": "0", "name": ""}
	rest, err := takeFlags(args[1:], own)
	if err != nil {
		fmt.Fprint(stderr, accountUsage)
		return err
	}
	var typ account.Type
	switch own["type"] {
	case "person":
		typ = account.Person
	case "enterprise":
		typ = account.Enterprise
	default:
		fmt.Fprint(stderr, accountUsage)
		return errors.New("--type must be person or enterprise")
	}
	if _, p := identity.AccountName(own["account"]); len(p) > 0 {
		return errors.New("--account: " + p[0].Msg)
	}
	if !sms.ValidPhone(own["phone"]) {
		return errors.New("--phone: 请输入正确的11位手机号")
	}
	if own["email"] != "" && !sms.ValidEmail(own["email"]) {
		return errors.New("--email: 请输入正确的邮箱地址")
	}
	state, err := strconv.Atoi(own["auth-state"])
	if err != nil || (state != 0 && state != 1 && state != 2 && state != 99) {
		return errors.New("--auth-state must be 0, 1, 2 or 99")
	}
	if err := password.Check(typ, own["password"]); err != nil {
		if e, ok := apperr.As(err); ok {
			return errors.New("--password: " + e.Msg)
		}
		return err
	}
	hash, err := password.Hash(own["password"])
	if err != nil {
		return err
	}
	a, err := openApp(ctx, rest, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	now := a.Clock.Now().UTC()
	acc := account.Account{Name: own["account"], Type: typ, Phone: own["phone"], Email: strings.ToLower(own["email"]),
		PasswordHash: hash, AuthState: account.AuthState(state), CreatedAt: now, UpdatedAt: now}
	if acc.Email != "" {
		// The operator vouches for the address (docs/decisions/sign-in.md, "E-mail binding").
		acc.EmailVerifiedAt = now
	}
	if err := a.DB.CreateAccount(ctx, &acc); errors.Is(err, account.ErrNameTaken) {
		return fmt.Errorf("account %q already exists", acc.Name)
	} else if errors.Is(err, account.ErrEmailTaken) {
		return fmt.Errorf("e-mail %q is already bound to another account", acc.Email)
	} else if err != nil {
		return err
	}
	if name := strings.TrimSpace(own["name"]); name != "" {
		var err error
		if typ == account.Enterprise {
			p := account.EnterpriseProfile{AccountID: acc.ID, UpdatedAt: now}
			p.Name = name
			_, err = a.DB.SaveEnterpriseProfile(ctx, p)
		} else {
			p := account.PersonProfile{AccountID: acc.ID, UpdatedAt: now}
			p.RealName = name
			_, err = a.DB.SavePersonProfile(ctx, p)
		}
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(stdout, "created %s account %s (id %d)\n", own["type"], acc.Name, acc.ID)
	return nil
}
