// Package web holds the built React app (web/dist), embedded into the binary.
// `make build` runs `npm run build` first; without it the binary serves a
// short page that says the app was not built.
package web

import "embed"

// Dist is the content of web/dist.
//
//go:embed all:dist
var Dist embed.FS
