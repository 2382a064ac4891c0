package graphiccode_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"bidpass/internal/graphiccode"
)

// TestPagesRenewCodesWithinTheirLifetime keeps the web app's
// graphicCodeLifetimeSeconds (web/src/shared/captcha/GraphicCode.tsx) equal
// to TTL: a page that renewed later would show codes the server refuses,
// one that renewed sooner would spend codes for nothing.
func TestPagesRenewCodesWithinTheirLifetime(t *testing.T) {
	src, err := os.ReadFile("../../web/src/shared/captcha/GraphicCode.tsx")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const graphicCodeLifetimeSeconds = (\d+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("GraphicCode.tsx: no graphicCodeLifetimeSeconds")
	}
	if n, _ := strconv.Atoi(string(m[1])); n != int(graphiccode.TTL.Seconds()) {
		t.Errorf("web graphicCodeLifetimeSeconds %d, server graphiccode.TTL %s", n, graphiccode.TTL)
	}
}
