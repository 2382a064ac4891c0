package httpapi

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"bidpass/internal/pwtransport"
	"bidpass/internal/sms"
)

// TestDoubleRegistrationOneAccount (docs/decisions/limits.md, "Limits and abuse paths" #3): the registration's account
// step sent 10 times at once with one SMS code creates one account; the
// others are refused (the code is used, or the name is taken).
func TestDoubleRegistrationOneAccount(t *testing.T) {
	e := newRegEnv(t)
	ctx := context.Background()
	c, err := e.gc.New(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ans, _ := e.gc.Peek(ctx, c.ID)
	phone := "13500009999"
	smsID, err := e.sms.Send(ctx, sms.SendRequest{Phone: phone, Scene: "register", GraphicCodeID: c.ID, GraphicCode: ans})
	if err != nil {
		t.Fatal(err)
	}
	code := e.outbox.List()[0].Code
	keyID, pub, _ := e.keys.Current(ctx)
	bodies := make([]string, 10)
	for i := range bodies {
		// Each its own ciphertext, as a browser's resubmission would be.
		ct, err := pwtransport.Encrypt(pub, "abcd1234", e.clk.Now(), "")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(map[string]any{"account": "twice01", "phone": phone, "password": ct, "keyId": keyID,
			"smsCode": code, "smsCodeId": smsID, "isAgree": true})
		bodies[i] = string(b)
	}
	codes := make([]int, len(bodies))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, b := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			req := httptest.NewRequest("POST", "/api/register/account", strings.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			codes[i] = serve(t, e.h, req).StatusCode
		}()
	}
	close(start)
	wg.Wait()
	ok := 0
	for _, c := range codes {
		switch {
		case c == 200:
			ok++
		case c < 400 || c >= 500:
			t.Fatalf("a losing double registration answered %d", c)
		}
	}
	if ok != 1 {
		t.Fatalf("%d of 10 parallel registrations succeeded (%v), want 1", ok, codes)
	}
	res := do(t, e.h, "POST", "/api/register/repeat/check", `{"account":"twice01"}`)
	if res.StatusCode != 409 {
		t.Fatalf("the name after the burst: %d, want 409 (taken)", res.StatusCode)
	}
}
