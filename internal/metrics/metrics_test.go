package metrics

import (
	"context"
	"io"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

type queues struct{}

func (queues) QueueSizes(context.Context) (int64, int64, error) { return 7, 2, nil }

// TestExposition: what the server counted is what a scrape reads.
func TestExposition(t *testing.T) {
	m := New(queues{})
	m.Request("PUT /api/auth/authToken", 200, 30*time.Millisecond)
	m.Request("PUT /api/auth/authToken", 400, 20*time.Millisecond)
	m.Request("POST /api/common/sms/send", 200, time.Millisecond)
	m.Request("", 404, time.Millisecond)
	m.Captcha(true)
	m.Captcha(false)
	m.Captcha(false)
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	body, _ := io.ReadAll(rec.Body)
	for _, want := range []string{
		`bidpass_http_requests_total{code="200",route="PUT /api/auth/authToken"} 1`,
		`bidpass_http_requests_total{code="404",route="unmatched"} 1`,
		`bidpass_http_request_duration_seconds_count{route="PUT /api/auth/authToken"} 2`,
		`bidpass_signins_total{method="password",outcome="fail",who="portal"} 1`,
		`bidpass_signins_total{method="password",outcome="ok",who="portal"} 1`,
		`bidpass_code_sends_total{channel="sms",outcome="ok"} 1`,
		`bidpass_captcha_checks_total{outcome="fail"} 2`,
		`bidpass_review_queue_open 7`,
		`bidpass_sms_notices_waiting 2`,
		`go_goroutines`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("missing %s", want)
		}
	}
}

// TestRoutesExist: the routes counted as sign-ins and sends are routes of
// the server (a renamed route would silently stop being counted).
func TestRoutesExist(t *testing.T) {
	src, err := os.ReadFile("../httpapi/routes.go")
	if err != nil {
		t.Fatal(err)
	}
	var patterns []string
	for p := range signinRoutes {
		patterns = append(patterns, p)
	}
	for p := range codeRoutes {
		patterns = append(patterns, p)
	}
	for _, p := range patterns {
		if !strings.Contains(string(src), `rt.handle("`+p+`"`) {
			t.Errorf("no route %s in internal/httpapi/routes.go", p)
		}
	}
}
