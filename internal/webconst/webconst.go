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
	src := read(t, file)
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

// Keys are the quoted keys of the object literal `name: {` in file, a path
// under web/src (entries written `'key': …`, one per line); the test fails
// when the file has no such object.
func Keys(t testing.TB, file, name string) []string {
	t.Helper()
	src := read(t, file)
	block := regexp.MustCompile(`(?s)\b` + regexp.QuoteMeta(name) + `: \{\n(.*?)\n\s*\}`).FindSubmatch(src)
	if block == nil {
		t.Fatalf("web/src/%s: no object %s", file, name)
	}
	var keys []string
	for _, m := range regexp.MustCompile(`(?m)^\s*'([^']+)':`).FindAllSubmatch(block[1], -1) {
		keys = append(keys, string(m[1]))
	}
	return keys
}

// Root is the repository's directory.
func Root() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), "..", "..")
}

func read(t testing.TB, file string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(Root(), "web", "src", file))
	if err != nil {
		t.Fatal(err)
	}
	return src
}
