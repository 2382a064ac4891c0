package main

import (
	"net/http"

	"bidpass/internal/app"
)

// wrapHandler lets a development build put a check around the server's
// handler. The ordinary build serves the handler as it is; a binary built
// with -tags contractcheck (the end-to-end run's) checks every API
// exchange against api/openapi.yaml (contractcheck.go).
var wrapHandler = func(_ *app.App, h http.Handler) (http.Handler, error) { return h, nil }
