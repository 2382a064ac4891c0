package graphiccode_test

import (
	"testing"

	"bidpass/internal/graphiccode"
	"bidpass/internal/webconst"
)

// TestPagesRenewCodesWithinTheirLifetime keeps the web app's
// graphicCodeLifetimeSeconds (web/src/shared/captcha/GraphicCode.tsx) equal
// to TTL: a page that renewed later would show codes the server refuses,
// one that renewed sooner would spend codes for nothing.
func TestPagesRenewCodesWithinTheirLifetime(t *testing.T) {
	if n := webconst.Int(t, "shared/captcha/GraphicCode.tsx", "graphicCodeLifetimeSeconds"); n != int(graphiccode.TTL.Seconds()) {
		t.Errorf("web graphicCodeLifetimeSeconds %d, server graphiccode.TTL %s", n, graphiccode.TTL)
	}
}
