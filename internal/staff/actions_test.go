package staff_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bidpass/internal/webconst"
)

// TestEveryStaffActionHasAConsoleLabel: the console's 操作日志 shows an
// action by its label and filters by the same table; an action recorded
// without one showed its raw key (oidc.client.add). The actions are the
// literals the server passes to Record or recordOrg.
func TestEveryStaffActionHasAConsoleLabel(t *testing.T) {
	labelled := webconst.Keys(t, "features/admin/strings.ts", "actionName")
	call := regexp.MustCompile(`(?:\.Record\([^,]+, [^,]+, |recordOrg\(d, r, |action :?= )"([a-z_]+\.[a-z_.]+)"`)
	var recorded []string
	err := filepath.WalkDir(filepath.Join(webconst.Root(), "internal"), func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return err
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			a := m[1]
			if !slices.Contains(recorded, a) {
				recorded = append(recorded, a)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(recorded) < 10 {
		t.Fatalf("found only %d recorded actions (%v): the pattern no longer matches the code", len(recorded), recorded)
	}
	for _, a := range recorded {
		if !slices.Contains(labelled, a) {
			t.Errorf("staff action %q has no label in web/src/features/admin/strings.ts actionName", a)
		}
	}
}
