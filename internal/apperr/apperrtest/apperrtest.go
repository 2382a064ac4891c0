// Package apperrtest holds the check the fuzz targets make of every refusal
// a parser of client input returns: a typed user-facing error of an expected
// kind whose message (and each per-field message) is Chinese, so that no
// input, however odd, reaches the user as an internal or English error.
package apperrtest

import (
	"slices"
	"strings"
	"testing"
	"unicode"

	"bidpass/internal/apperr"
)

// HasChinese reports whether s holds at least one Han character.
func HasChinese(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// RequireChinese fails t unless err is an *apperr.Error of one of kinds
// (Invalid when none are given) with Chinese messages.
func RequireChinese(t testing.TB, err error, kinds ...apperr.Kind) {
	t.Helper()
	if len(kinds) == 0 {
		kinds = []apperr.Kind{apperr.Invalid}
	}
	e, ok := apperr.As(err)
	if !ok {
		t.Fatalf("untyped error %v (%T), want an apperr.Error", err, err)
	}
	if !slices.Contains(kinds, e.Kind) {
		t.Fatalf("error %v is of kind %d, want one of %v", err, e.Kind, kinds)
	}
	if !HasChinese(e.Msg) {
		t.Fatalf("error %v: message %q is not Chinese", err, e.Msg)
	}
	for f, m := range e.Fields {
		if !HasChinese(m) {
			t.Fatalf("error %v: field %s message %q is not Chinese", err, f, m)
		}
	}
}
