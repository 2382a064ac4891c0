package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/devclient"
)

// TestParallelResetsSpendTheCheckCodeOnce: 50 resets with one checkCode,
// released by their last byte together, set the password exactly once;
// the 49 others are refused in Chinese. On PostgreSQL + Redis and on
// SQLite with the in-process store.
func TestParallelResetsSpendTheCheckCodeOnce(t *testing.T) {
	t.Run("postgres+redis", func(t *testing.T) {
		a, srv := pgRedisApp(t)
		parallelResets(t, a, srv)
	})
	t.Run("sqlite", func(t *testing.T) {
		a, srv := sqliteApp(t)
		parallelResets(t, a, srv)
	})
}

func parallelResets(t *testing.T, a *app.App, srv testServer) {
	ctx := context.Background()
	now := a.Clock.Now()
	acc := account.Account{Name: "reset01", Type: account.Person, Phone: "13711150001", PasswordHash: "x", CreatedAt: now, UpdatedAt: now}
	if err := a.DB.CreateAccount(ctx, &acc); err != nil {
		t.Fatal(err)
	}
	dc := devclient.New(srv.URL)
	id, code, err := dc.SMSCode(acc.Phone, "recover")
	if err != nil {
		t.Fatal(err)
	}
	var found struct{ CheckCode string }
	if err := dc.Do("POST", "/api/retrieve/pwd/phone", "", map[string]string{"phone": acc.Phone, "smsCode": code, "smsCodeId": id}, &found); err != nil || found.CheckCode == "" {
		t.Fatalf("find: %v %+v", err, found)
	}
	var reqs []*http.Request
	for range 50 {
		pw, kid, err := dc.Encrypt("NewPassw0rd")
		if err != nil {
			t.Fatal(err)
		}
		confirm, _, err := dc.Encrypt("NewPassw0rd")
		if err != nil {
			t.Fatal(err)
		}
		reqs = append(reqs, newReq(t, srv, "POST", "/api/retrieve/pwd/reset", "",
			map[string]any{"password": pw, "confirmPwd": confirm, "keyId": kid, "accountId": acc.ID, "checkCode": found.CheckCode}))
	}
	ok := 0
	for i, got := range lastByteSync(t, srv, reqs) {
		switch {
		case got.Status == 200 && got.Msg == "密码重置成功":
			ok++
		case got.Status == 409 && got.Msg == "该验证已使用，请重新验证身份":
		// A reset that looks the proof up after the winner took it finds none:
		// refused as spent too (SQLite serialises them so that this happens).
		case got.Status == 400 && got.Msg == "验证已过期，请重新验证身份":
		default:
			t.Fatalf("reset %d: %d %q", i, got.Status, got.Msg)
		}
	}
	t.Logf("%d of 50 parallel resets succeeded", ok)
	if ok != 1 {
		t.Fatalf("%d resets succeeded with one checkCode", ok)
	}
}
