package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"bidpass/internal/apperr"
	"bidpass/internal/staff"
)

func init() { commands["admin"] = adminCommand }

const adminUsage = `Usage:
  bidpass admin create --role administrator|reviewer --account NAME --password PW [--display-name NAME] [settings flags]

  bidpass admin reset-factor --account NAME [settings flags]

create makes a staff member (the first administrator, or a reviewer) directly in
the database named by the usual settings. The password must have 13-20
characters with at least 3 of: digits, lower case, upper case, special
characters. Every staff member enrols a TOTP authenticator at the first sign-in.

reset-factor removes a member's authenticator and ends their sessions, so that
the next sign-in enrols a new one: the way back for the last administrator
(administrators reset each other's in the console).
`

// adminCommand implements `bidpass admin create` and `bidpass admin reset-factor`.
func adminCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) > 0 && args[0] == "reset-factor" {
		return resetFactorCommand(ctx, args[1:], getenv, stdout, stderr)
	}
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprint(stderr, adminUsage)
		return errors.New("usage: bidpass admin create|reset-factor …")
	}
	own := map[string]string{"role": "", "account": "", "password": "", "display-name": ""}
	rest, err := takeFlags(args[1:], own)
	if err != nil {
		fmt.Fprint(stderr, adminUsage)
		return err
	}
	if own["role"] == "" || own["account"] == "" || own["password"] == "" {
		fmt.Fprint(stderr, adminUsage)
		return errors.New("--role, --account and --password are required")
	}
	a, err := openApp(ctx, rest, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	st, err := a.Staff.Bootstrap(ctx, staff.NewStaff{Name: own["account"], DisplayName: own["display-name"],
		Role: staff.Role(own["role"]), Password: own["password"]})
	if e, ok := apperr.As(err); ok {
		var msgs []string
		for k, v := range e.Fields {
			msgs = append(msgs, k+": "+v)
		}
		if len(msgs) == 0 {
			msgs = append(msgs, e.Msg)
		}
		return errors.New(strings.Join(msgs, "; "))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created %s %s (id %d)\n", st.Role, st.Name, st.ID)
	return nil
}

// resetFactorCommand implements `bidpass admin reset-factor --account NAME`.
func resetFactorCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	own := map[string]string{"account": ""}
	rest, err := takeFlags(args, own)
	if err != nil || own["account"] == "" {
		fmt.Fprint(stderr, adminUsage)
		return errors.New("--account is required")
	}
	a, err := openApp(ctx, rest, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	st, err := a.Staff.ResetSecondFactorByOperator(ctx, own["account"])
	if e, ok := apperr.As(err); ok {
		return errors.New(e.Msg)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "second factor of %s %s reset: the next sign-in enrols a new authenticator\n", st.Role, st.Name)
	return nil
}

// takeFlags removes --name value and --name=value for the names in own
// from args, filling own, and returns the remaining arguments (settings
// flags for config.Load).
func takeFlags(args []string, own map[string]string) ([]string, error) {
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name := strings.TrimLeft(a, "-")
		if !strings.HasPrefix(a, "-") {
			rest = append(rest, a)
			continue
		}
		val, hasVal := "", false
		if k, v, ok := strings.Cut(name, "="); ok {
			name, val, hasVal = k, v, true
		}
		if _, mine := own[name]; !mine {
			rest = append(rest, a)
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			val = args[i]
		}
		own[name] = val
	}
	return rest, nil
}
