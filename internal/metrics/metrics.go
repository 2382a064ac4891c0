// Package metrics serves Prometheus metrics on a listener of its own
// (BIDPASS_METRICS_ADDR), never on the public one: request rates and
// latencies per route, sign-ins, captcha outcomes, SMS and e-mail sends,
// and the sizes of the review queue and the SMS notice queue.
//
// Everything is registered in a registry of this Metrics, not the
// client library's global one, so two servers in one test process do not
// share counters.
package metrics

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Queues reports the sizes of the queues an operator watches.
type Queues interface {
	// QueueSizes returns the open review items (pending or claimed) and the
	// SMS notices waiting for a try.
	QueueSizes(ctx context.Context) (reviews, notices int64, err error)
}

// Metrics counts what the server does.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	signins  *prometheus.CounterVec
	captcha  *prometheus.CounterVec
	codes    *prometheus.CounterVec
}

// Routes whose outcome is a product event as well as a request: a
// sign-in (password or certificate, portal or staff) and a code sent by
// SMS or e-mail. The outcome is the status: 2xx is ok.
var (
	// A password's 2xx is its step: for staff always, for portal
	// accounts with a factor, the session comes with the second step (or
	// a staff member's enrolment).
	signinRoutes = map[string][2]string{
		"PUT /api/auth/authToken":          {"portal", "password"},
		"POST /api/auth/second-step":       {"portal", "second_step"},
		"POST /api/login/cert":             {"portal", "certificate"},
		"PUT /api/admin/auth/authToken":    {"staff", "password"},
		"POST /api/admin/auth/second-step": {"staff", "second_step"},
		"PUT /api/admin/auth/enrolment":    {"staff", "enrolment"},
		"POST /api/admin/login/cert":       {"staff", "certificate"},
	}
	codeRoutes = map[string]string{
		"POST /api/common/sms/send":   "sms",
		"POST /api/common/email/send": "email",
	}
)

// New returns metrics with queue gauges read from queues (nil: none).
func New(queues Queues) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bidpass_http_requests_total", Help: "HTTP requests by route pattern, method and status.",
		}, []string{"route", "code"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "bidpass_http_request_duration_seconds", Help: "HTTP request latency by route pattern.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"route"}),
		signins: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bidpass_signins_total", Help: "Sign-in attempts by who (portal, staff), how and outcome.",
		}, []string{"who", "method", "outcome"}),
		captcha: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bidpass_captcha_checks_total", Help: "Captcha checks by outcome (pass, fail).",
		}, []string{"outcome"}),
		codes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "bidpass_code_sends_total", Help: "SMS and e-mail code sends by channel and outcome.",
		}, []string{"channel", "outcome"}),
	}
	m.reg.MustRegister(m.requests, m.duration, m.signins, m.captcha, m.codes,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if queues != nil {
		m.reg.MustRegister(&queueCollector{q: queues,
			reviews: prometheus.NewDesc("bidpass_review_queue_open", "Open review items (pending or claimed).", nil, nil),
			notices: prometheus.NewDesc("bidpass_sms_notices_waiting", "SMS notices waiting for a try.", nil, nil),
		})
	}
	return m
}

// Request records one request; route is the pattern it matched ("" for
// none, counted as "unmatched" so scanners cannot blow up the label set).
func (m *Metrics) Request(route string, status int, d time.Duration) {
	if route == "" {
		route = "unmatched"
	}
	code := strconv.Itoa(status)
	m.requests.WithLabelValues(route, code).Inc()
	m.duration.WithLabelValues(route).Observe(d.Seconds())
	outcome := "fail"
	if status/100 == 2 {
		outcome = "ok"
	}
	if s, ok := signinRoutes[route]; ok {
		m.signins.WithLabelValues(s[0], s[1], outcome).Inc()
	}
	if ch, ok := codeRoutes[route]; ok {
		m.codes.WithLabelValues(ch, outcome).Inc()
	}
}

// Captcha records a captcha check's outcome.
func (m *Metrics) Captcha(passed bool) {
	if passed {
		m.captcha.WithLabelValues("pass").Inc()
	} else {
		m.captcha.WithLabelValues("fail").Inc()
	}
}

// Handler serves the metrics in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Timeout: 5 * time.Second})
}

// queueCollector reads the queue sizes at each scrape: two capped counts,
// cheap enough every 15 s and never stale.
type queueCollector struct {
	q                Queues
	reviews, notices *prometheus.Desc
}

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.reviews
	ch <- c.notices
}

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	r, n, err := c.q.QueueSizes(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.reviews, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(c.reviews, prometheus.GaugeValue, float64(r))
	ch <- prometheus.MustNewConstMetric(c.notices, prometheus.GaugeValue, float64(n))
}
