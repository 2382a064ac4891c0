// Package webconst reads a number the web app's source declares, so that a
// Go test can keep a client constant equal to the server's (the console's
// numbered reach, the graphic code's lifetime): the two are written in two
// languages and nothing else ties them.
package webconst

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"testing"
)

// Int is the value of `export const name = <digits>;` in file, a path
// under web/src; the test fails when the file has no such line.
func Int(t testing.TB, file, name string) int {
	t.Helper()
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(self), "..", "..")
	src, err := os.ReadFile(filepath.Join(root, "web", "src", file))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const ` + regexp.QuoteMeta(name) + ` = (\d+);`).FindSubmatch(src)
	if m == nil {
		t.Fatalf("web/src/%s: no export const %s = <number>;", file, name)
	}
	n, err := strconv.Atoi(string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	return n
}
