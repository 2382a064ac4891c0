package httpapi

import (
	"net/http"

	"bidpass/internal/captcha"
)

// captchaClient names the caller for the captcha's rate limits and lock:
// the address, as the trusted-proxy chain gives it. The user agent is not
// part of the key: a bot changes it at will, and keying on it let a locked
// client escape the lock with a new one (docs/decisions/limits.md, "Limits and abuse paths" #6). Users behind one
// office NAT share the budget, which the limits are sized for.
func captchaClient(r *http.Request) string {
	return clientFrom(r.Context()).Addr
}

// writeAJ writes an AJ-Captcha answer. It is always HTTP 200, as the
// reference server does: AJ clients read repCode, and a non-200 would reach
// their network-error path instead of showing repMsg.
func writeAJ(w http.ResponseWriter, r *http.Request, resp captcha.Response, err error) {
	if err != nil {
		logFrom(r.Context()).Error("captcha failed", "err", err)
	}
	writeJSON(w, http.StatusOK, resp)
}

// handleCaptchaGet serves POST /captcha/get {captchaType, clientUid, ts}.
// A body that is not JSON is treated as empty, which answers 0011 like a
// missing captchaType.
func handleCaptchaGet(d Deps) http.Handler {
	c := d.Captcha
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req captcha.GetRequest
		_ = decode(w, r, &req)
		resp, err := c.Get(r.Context(), captchaClient(r), req)
		writeAJ(w, r, resp, err)
	})
}

// handleCaptchaCheck serves POST /captcha/check {captchaType, pointJson, token}.
func handleCaptchaCheck(d Deps) http.Handler {
	c := d.Captcha
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req captcha.CheckRequest
		_ = decode(w, r, &req)
		resp, err := c.Check(r.Context(), captchaClient(r), req)
		d.Metrics.Captcha(err == nil && resp.Success)
		writeAJ(w, r, resp, err)
	})
}

// handleDevCaptcha serves GET /api/dev/captcha/{token} (development mode
// only): the plain point JSON that passes the captcha, so end-to-end tests
// can drive the real widgets.
func handleDevCaptcha(d Deps) http.Handler {
	c := d.Captcha
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, err := c.Answer(r.Context(), r.PathValue("token"))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, a)
	})
}

// handleVerifyCode serves POST /api/auth/verifycode: a new graphic code,
// data {id, codeimage} with the image as a data URL; 429 beyond the client's
// budget (graphicCodesOf).
func handleVerifyCode(d Deps) http.Handler {
	g := graphicCodesOf(d)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := g.New(r.Context())
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, graphicCodeOut(code))
	})
}

// handleDevVerifyCode serves GET /api/dev/verifycode/{id} (development mode
// only): data {code}, the text of a live graphic code.
func handleDevVerifyCode(d Deps) http.Handler {
	g := d.GraphicCodes
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := g.Peek(r.Context(), r.PathValue("id"))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, graphicCodeTextResponse{Code: code})
	})
}
