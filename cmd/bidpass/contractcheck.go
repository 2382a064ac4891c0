//go:build contractcheck

package main

import (
	"errors"
	"net/http"

	"bidpass/internal/app"
	"bidpass/internal/contract"
)

// This file exists only in binaries built with -tags contractcheck (the
// end-to-end run, web/e2e/harness.mjs): every request the browser makes and
// every answer it gets is checked against api/openapi.yaml, and each
// mismatch is logged as "contract violation", which fails the run
// (web/e2e/run.mjs). Production builds do not contain it.
func init() {
	wrapHandler = func(a *app.App, h http.Handler) (http.Handler, error) {
		if !a.Config.Dev {
			return nil, errors.New("this binary was built with -tags contractcheck, for development only: serve it with --dev")
		}
		c, err := contract.Load()
		if err != nil {
			return nil, err
		}
		a.Log.Warn("contract check: every API exchange is checked against api/openapi.yaml")
		return c.Middleware(h, func(r *http.Request, status int, err error) {
			a.Log.Error("contract violation", "method", r.Method, "path", r.URL.RequestURI(), "status", status, "err", err.Error())
		}), nil
	}
}
