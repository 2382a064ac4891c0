package app

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The rules of docs/architecture.md, checked on the source tree (non-test
// files; tests may open databases and servers as they need).

// capabilities are the domain packages: they import neither net/http nor a
// database driver, so they can be tested without either and reached only
// through internal/httpapi and internal/store.
var capabilities = []string{
	"account", "admission", "auth", "captcha", "certificate", "certno", "credential", "dataexport",
	"files", "graphiccode", "identity", "keyset", "operator", "password", "profile", "pwtransport",
	"recovery", "refdata", "registration", "retention", "review", "sealed", "session", "sms", "sso", "staff",
}

// httpAllowed are the files of capability packages that may import
// net/http, each an outbound client or a protocol endpoint named in
// docs/architecture.md ("Exceptions").
var httpAllowed = map[string]bool{
	"internal/files/s3.go":   true, // the S3 blob store's client (signed by internal/sigv4)
	"internal/sso/sso.go":    true, // the OpenID Connect endpoints are the protocol itself
	"internal/sso/logout.go": true, // back-channel logout calls the relying parties
	// The provider's protocol answers around op's handlers, the browser
	// binding cookie of an authorization request, and the back-channel
	// sender's guarded dialer are the protocol too.
	"internal/sso/protocol.go":    true,
	"internal/sso/binding.go":     true,
	"internal/sso/backchannel.go": true,
}

// drivers are the imports only internal/store (and its test helper) may use.
var drivers = []string{"database/sql", "github.com/jackc/pgx", "modernc.org/sqlite", "github.com/lib/pq"}

// sqlText is what a SQL statement in a string looks like.
var sqlText = regexp.MustCompile(`(?i)\b(select\s+[\w*,. ]+\s+from|insert\s+into|update\s+\w+\s+set|delete\s+from)\b`)

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// sources calls fn with every non-test Go file under internal/ and cmd/,
// its path relative to the repository and its imports.
func sources(t *testing.T, fn func(rel string, imports []string, file string)) {
	t.Helper()
	root := repoRoot(t)
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return err
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.ImportsOnly)
			if err != nil {
				return err
			}
			var imps []string
			for _, im := range f.Imports {
				v, _ := strconv.Unquote(im.Path.Value)
				imps = append(imps, v)
			}
			rel, _ := filepath.Rel(root, p)
			fn(filepath.ToSlash(rel), imps, string(src))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func isDriver(imp string) bool {
	for _, d := range drivers {
		if imp == d || strings.HasPrefix(imp, d+"/") {
			return true
		}
	}
	return false
}

func TestCapabilitiesImportNoHTTPNorDriver(t *testing.T) {
	capability := map[string]bool{}
	for _, c := range capabilities {
		capability["internal/"+c] = true
	}
	sources(t, func(rel string, imports []string, _ string) {
		dir := filepath.ToSlash(filepath.Dir(rel))
		for _, imp := range imports {
			if capability[dir] && (imp == "net/http" || strings.HasPrefix(imp, "net/http/")) && !httpAllowed[rel] {
				t.Errorf("%s imports %s: a capability package serves no HTTP (docs/architecture.md, Rules)", rel, imp)
			}
			if isDriver(imp) && dir != "internal/store" && dir != "internal/store/storetest" {
				t.Errorf("%s imports %s: only internal/store talks to the database (docs/architecture.md, Rules)", rel, imp)
			}
		}
	})
}

func TestHTTPAPIWritesNoSQL(t *testing.T) {
	sources(t, func(rel string, imports []string, src string) {
		if !strings.HasPrefix(rel, "internal/httpapi/") {
			return
		}
		for _, imp := range imports {
			if isDriver(imp) {
				t.Errorf("%s imports %s", rel, imp)
			}
		}
		if m := sqlText.FindString(src); m != "" {
			t.Errorf("%s holds SQL (%q): queries belong in internal/store", rel, m)
		}
	})
}

// TestArchitectureNamesEveryPackage: every Go package under internal/ and
// cmd/ has a row in docs/architecture.md's table.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	root := repoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, m := range regexp.MustCompile("`((?:internal|cmd)/[a-z0-9/]+)`").FindAllStringSubmatch(string(doc), -1) {
		named[m[1]] = true
	}
	pkgs := map[string]bool{}
	sources(t, func(rel string, _ []string, _ string) { pkgs[filepath.ToSlash(filepath.Dir(rel))] = true })
	var missing []string
	for p := range pkgs {
		if !named[p] {
			missing = append(missing, p)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("docs/architecture.md does not name %d packages: %s", len(missing), strings.Join(missing, ", "))
	}
}

// commentCitation finds what a code comment may not point at: an issue
// number (the tracker is not in the repository).
var commentCitation = regexp.MustCompile(`\b[Ii]ssues? #?[0-9]+\b`)

// docPath is a path into docs/ cited by a comment, with the heading that
// follows it on the same line, if any (docs/decisions/<area>.md, "heading").
var docPath = regexp.MustCompile(`\bdocs/[A-Za-z0-9_./-]*[A-Za-z0-9_-](?:\.md)?(?:, "([^"]+)")?`)

// TestCommentsPointInsideTheRepository fails on a code comment that cites an
// issue number, a docs/ path that does not exist, or a heading its decisions
// file does not have (docs/decisions/README.md: comments point to a file and
// a heading in it; the specification is in docs/spec/).
func TestCommentsPointInsideTheRepository(t *testing.T) {
	root := repoRoot(t)
	comment := regexp.MustCompile(`(^\s*(//|\*|/\*|#|--))|\s//\s|\{/\*`)
	headings := map[string]map[string]bool{}
	hasHeading := func(file, h string) bool {
		if headings[file] == nil {
			headings[file] = map[string]bool{}
			b, _ := os.ReadFile(filepath.Join(root, file))
			for _, l := range strings.Split(string(b), "\n") {
				if strings.HasPrefix(l, "#") {
					headings[file][strings.TrimSpace(strings.TrimLeft(l, "#"))] = true
				}
				// A decision file's entry may be a bullet led by its title in bold: "- **Title.** why".
				if rest, ok := strings.CutPrefix(l, "- **"); ok {
					if title, _, ok := strings.Cut(rest, "**"); ok {
						headings[file][strings.TrimRight(title, ".:")] = true
					}
				}
			}
		}
		return headings[file][h]
	}
	checked := 0
	for _, dir := range []string{"cmd", "internal", "scripts", "web/src", "web/scripts", "web/e2e", "web/public"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if n := d.Name(); n == "node_modules" || n == "dist" || n == "screenshots" || n == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			switch filepath.Ext(p) {
			case ".go", ".ts", ".tsx", ".mjs", ".js", ".css", ".sql", ".sh":
			default:
				return nil
			}
			if strings.HasSuffix(p, "schema.ts") {
				return nil // generated from api/openapi.yaml
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			checked++
			for i, line := range strings.Split(string(b), "\n") {
				loc := comment.FindStringIndex(line)
				if loc == nil {
					continue
				}
				text := line[loc[0]:]
				if m := commentCitation.FindString(text); m != "" {
					t.Errorf("%s:%d: a comment cites %q: point to a heading in docs/decisions/<area>.md instead", rel, i+1, m)
				}
				for _, m := range docPath.FindAllStringSubmatch(text, -1) {
					file := strings.TrimRight(m[0], ".")
					if j := strings.Index(file, `, "`); j >= 0 {
						file = file[:j]
					}
					if _, err := os.Stat(filepath.Join(root, file)); err != nil {
						t.Errorf("%s:%d: a comment cites %s, which does not exist", rel, i+1, file)
						continue
					}
					if m[1] != "" && strings.HasSuffix(file, ".md") && !hasHeading(file, m[1]) {
						t.Errorf("%s:%d: %s has no heading %q", rel, i+1, file, m[1])
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 500 {
		t.Fatalf("checked only %d files: the walk missed the tree", checked)
	}
}
