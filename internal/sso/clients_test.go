package sso_test

import (
	"context"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/sealed"
	"bidpass/internal/sso"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestRedirectURISchemes: outside development (an https issuer) a
// confidential client's redirect and post-logout URIs are https; plain
// http only on the loopback for a public native app (RFC 8252 §7.3).
func TestRedirectURISchemes(t *testing.T) {
	db := storetest.SQLite(t)
	ring, err := sealed.Parse(sealed.NewKey())
	if err != nil {
		t.Fatal(err)
	}
	s, err := sso.New(sso.Deps{Store: db, Accounts: db, Sealer: ring, Clock: clock.NewFake(time.Now()), Issuer: "https://passport.example.cn"})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for i, c := range []struct {
		public   bool
		redirect string
		logout   string
		ok       bool
	}{
		{false, "https://tender.example/cb", "", true},
		{false, "http://tender.example/cb", "", false},
		{false, "http://127.0.0.1:8080/cb", "", false},
		{false, "http://localhost/cb", "", false},
		{false, "https://tender.example/cb", "http://tender.example/", false},
		{true, "http://127.0.0.1:8080/cb", "", true},
		{true, "http://[::1]/cb", "http://127.0.0.1/", true},
		{true, "http://app.example/cb", "", false},
		{true, "https://app.example/cb", "", true},
	} {
		n := sso.NewClient{ID: "c" + string(rune('a'+i)) + "x", Name: "应用", Public: c.public, RedirectURIs: []string{c.redirect}}
		if c.logout != "" {
			n.PostLogoutURIs = []string{c.logout}
		}
		_, _, err := s.Register(ctx, n)
		if (err == nil) != c.ok {
			t.Errorf("public=%v redirect %s logout %q: %v, want ok=%v", c.public, c.redirect, c.logout, err, c.ok)
		}
		if err != nil && apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("%s: %v is not a 400", c.redirect, err)
		}
	}
}

// TestUpdateKeepsIDAndKind: an edit that sends another client id or the
// other kind is refused with a message, not silently half applied; one
// that repeats them (or leaves them out) goes through.
func TestUpdateKeepsIDAndKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := newTestService(t, db, clock.NewFake(time.Now()))
		if _, _, err := s.Register(ctx, sso.NewClient{ID: "tender", Name: "招标", RedirectURIs: []string{"https://t.example/cb"}}); err != nil {
			t.Fatal(err)
		}
		yes, no := true, false
		edit := sso.NewClient{Name: "招标系统", RedirectURIs: []string{"https://t.example/cb"}}
		other := edit
		other.ID = "tender2"
		if _, err := s.Update(ctx, "tender", other, nil); apperr.KindOf(err) != apperr.Invalid || msgOf(err) != "应用标识注册后不能修改" {
			t.Fatalf("another id: %v", err)
		}
		if _, err := s.Update(ctx, "tender", edit, &yes); apperr.KindOf(err) != apperr.Invalid || msgOf(err) != "客户端类型注册后不能修改，请重新登记应用" {
			t.Fatalf("public: %v", err)
		}
		if c, _ := db.OIDCClient(ctx, "tender"); c.Name != "招标" || c.Public {
			t.Fatalf("a refused edit changed the client: %+v", c)
		}
		same := edit
		same.ID = "tender"
		if c, err := s.Update(ctx, "tender", same, &no); err != nil || c.Name != "招标系统" || c.Public {
			t.Fatalf("repeating id and kind: %+v %v", c, err)
		}
		if c, err := s.Update(ctx, "tender", edit, nil); err != nil || c.ID != "tender" {
			t.Fatalf("leaving them out: %+v %v", c, err)
		}
	})
}

func msgOf(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Msg
	}
	return ""
}
