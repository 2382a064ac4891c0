package main

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestMetricsListener: the metrics are served on their own listener with
// the requests the public one answered counted by route; the public
// listener does not serve them; `bidpass probe` tells up from down.
func TestMetricsListener(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	base, _ := startServer(t, map[string]string{"BIDPASS_METRICS_ADDR": addr}, "--dev")
	for _, p := range []string{"/api/auth/pubkey", "/api/auth/pubkey", "/api/nowhere"} {
		res, err := http.Get(base + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	for _, want := range []string{
		`bidpass_http_requests_total{code="200",route="GET /api/auth/pubkey"} 2`,
		`bidpass_review_queue_open 0`,
		`bidpass_sms_notices_waiting 0`,
	} {
		if !strings.Contains(string(body), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
	res, err = http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if strings.Contains(string(page), "bidpass_http_requests_total") {
		t.Fatal("the public listener serves the metrics")
	}
	if err := run(t.Context(), []string{"probe", base + "/readyz"}, nil, io.Discard, io.Discard); err != nil {
		t.Fatalf("probe of a live server: %v", err)
	}
	if err := run(t.Context(), []string{"probe", base + "/api/nowhere"}, nil, io.Discard, io.Discard); err == nil {
		t.Fatal("probe of a 404 passed")
	}
}
