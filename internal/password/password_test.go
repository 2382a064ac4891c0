package password

import (
	"strings"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
)

func TestCheck(t *testing.T) {
	cases := []struct {
		typ  account.Type
		pw   string
		want string // "" ok, else the message
	}{
		{account.Person, "abcd1234", ""},
		{account.Person, "abc1234", MsgPerson},                      // 7 chars
		{account.Person, "abcdefgh", MsgPerson},                     // 1 kind
		{account.Person, "ABCDEFG!", ""},                            // upper + special
		{account.Person, strings.Repeat("a1", 10), ""},              // 20
		{account.Person, strings.Repeat("a1", 10) + "x", MsgPerson}, // 21
		{account.Person, "abcd 1234", MsgPerson},                    // space
		{account.Person, "abcd1234密", MsgPerson},                    // non-ASCII
		{account.Enterprise, "abcd1234", MsgEnterprise},             // too short for enterprise
		{account.Enterprise, "abcdefgh12345", MsgEnterprise},        // 13, 2 kinds
		{account.Enterprise, "Abcdefgh12345", ""},                   // 13, 3 kinds
		{account.Enterprise, "abcdefgh1234!", ""},
	}
	for _, c := range cases {
		err := Check(c.typ, c.pw)
		if c.want == "" {
			if err != nil {
				t.Errorf("Check(%d, %q) = %v, want ok", c.typ, c.pw, err)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.Invalid || e.Fields["password"] != c.want {
			t.Errorf("Check(%d, %q) = %v, want field message %q", c.typ, c.pw, err, c.want)
		}
	}
}

func TestHashVerify(t *testing.T) {
	h, err := Hash("Secret123")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("hash %q is not the expected PHC form", h)
	}
	h2, _ := Hash("Secret123")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	ok, rehash, err := Verify(h, "Secret123")
	if err != nil || !ok || rehash {
		t.Fatalf("Verify right = %v %v %v", ok, rehash, err)
	}
	ok, _, err = Verify(h, "Secret124")
	if err != nil || ok {
		t.Fatalf("Verify wrong = %v %v", ok, err)
	}
}

func TestVerifyOutdatedNeedsRehash(t *testing.T) {
	old := Params{Memory: 8 * 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}
	h, err := HashWith(old, "Secret123")
	if err != nil {
		t.Fatal(err)
	}
	ok, rehash, err := Verify(h, "Secret123")
	if err != nil || !ok || !rehash {
		t.Fatalf("Verify outdated = %v %v %v, want ok and rehash", ok, rehash, err)
	}
}

func TestVerifyMalformed(t *testing.T) {
	for _, s := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5", "$argon2id$v=19$m=99999999,t=1,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5"} {
		if _, _, err := Verify(s, "x"); err != ErrMalformed {
			t.Errorf("Verify(%q) err = %v, want ErrMalformed", s, err)
		}
	}
}
