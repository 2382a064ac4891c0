package keyset_test

import (
	"errors"
	"testing"
	"time"

	"bidpass/internal/keyset"
)

func TestCursorRoundTrip(t *testing.T) {
	for _, c := range []keyset.Cursor{
		{At: time.Date(2026, 11, 25, 14, 0, 0, 123456789, time.UTC), ID: 1},
		{At: time.Date(1999, 1, 1, 0, 0, 0, 0, time.UTC), ID: 9007199254740993},
	} {
		got, err := keyset.Decode(c.Encode())
		if err != nil || !got.At.Equal(c.At) || got.ID != c.ID {
			t.Errorf("round trip of %+v: %+v, %v", c, got, err)
		}
	}
	if c, err := keyset.Decode(""); c != nil || err != nil {
		t.Errorf("empty: %v %v", c, err)
	}
}

func TestDecodeRefusesForeignStrings(t *testing.T) {
	for _, s := range []string{"x", "!!!", "MTIz", "YS4", "MS4w", "MS4tMQ", "bm90LmEuY3Vyc29y"} {
		if _, err := keyset.Decode(s); !errors.Is(err, keyset.ErrMalformed) {
			t.Errorf("Decode(%q) = %v, want ErrMalformed", s, err)
		}
	}
}

func TestPageSize(t *testing.T) {
	for in, want := range map[int]int{0: 20, -1: 20, 1: 1, 100: 100, 101: 20} {
		if got := keyset.PageSize(in, 20); got != want {
			t.Errorf("PageSize(%d) = %d, want %d", in, got, want)
		}
	}
}
