package smswebhook

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"bidpass/internal/sms"
)

func TestSenderPostsJSONAndReportsFailures(t *testing.T) {
	var got map[string]string
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%s %s", r.Method, r.Header.Get("Content-Type"))
		}
		_ = json.NewDecoder(r.Body).Decode(&got)
		w.WriteHeader(status)
	}))
	defer srv.Close()
	s := New(srv.URL, 0)
	m := sms.Message{Channel: sms.SMS, To: "13800000001", Scene: "register", Text: "【平台】您的验证码为123456"}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	if got["phone"] != "13800000001" || got["text"] != m.Text || got["scene"] != "register" {
		t.Fatalf("posted %v", got)
	}
	status = http.StatusBadGateway
	if err := s.Send(context.Background(), m); err == nil {
		t.Fatal("a 502 from the gateway was taken as sent")
	}
}
