// Command openapi-examples writes into api/openapi.yaml, as each
// operation's success example, a body a real handler answered in the Go
// tests (recorded by internal/httpapi's tests with
// BIDPASS_CONTRACT_EXAMPLES; scripts/openapi-examples.sh runs both). The
// yaml is edited as text, one line per example, so the rest of the file,
// its comments and layout stay as they are; a rerun replaces the lines it
// wrote. Bodies larger than -max bytes are left out (reference data, the
// registration texts): an example is for reading.
//
//	go run ./scripts/openapi-examples -examples /tmp/examples.json -yaml api/openapi.yaml
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"gopkg.in/yaml.v3"
)

func main() {
	examplesPath := flag.String("examples", "", "the JSON file the tests wrote")
	yamlPath := flag.String("yaml", "api/openapi.yaml", "the contract to edit")
	maxBytes := flag.Int("max", 1500, "leave out bodies longer than this")
	flag.Parse()
	if err := run(*examplesPath, *yamlPath, *maxBytes); err != nil {
		fmt.Fprintln(os.Stderr, "openapi-examples:", err)
		os.Exit(1)
	}
}

// edit is one example to write: a line of its own (col 0; replace when the
// line already holds an example this command wrote), or text put after the
// opening brace at col of a media type written on one line.
type edit struct {
	line    int // 1-based
	col     int // 1-based, in characters
	replace bool
	text    string
}

func run(examplesPath, yamlPath string, maxBytes int) error {
	raw, err := os.ReadFile(examplesPath)
	if err != nil {
		return err
	}
	var bodies map[string]json.RawMessage
	if err := json.Unmarshal(raw, &bodies); err != nil {
		return fmt.Errorf("%s: %w", examplesPath, err)
	}
	src, err := os.ReadFile(yamlPath)
	if err != nil {
		return err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return fmt.Errorf("%s: %w", yamlPath, err)
	}
	// kin-openapi checks the examples when internal/contract loads the
	// yaml, with OpenAPI 3.0 rules (null only where nullable); a body that
	// passed the response check can fail that one, so it is checked here.
	spec, err := openapi3.NewLoader().LoadFromData(src)
	if err != nil {
		return fmt.Errorf("%s: %w", yamlPath, err)
	}
	if err := spec.Validate(context.Background()); err != nil {
		return fmt.Errorf("%s is invalid before any example is written: %w", yamlPath, err)
	}
	paths := get(doc.Content[0], "paths")
	if paths == nil {
		return fmt.Errorf("%s has no paths", yamlPath)
	}
	keys := slices.Sorted(maps.Keys(bodies))

	var edits []edit
	done := map[*yaml.Node]bool{}
	var missing, tooBig, kept, invalid []string
	for i := 0; i+1 < len(paths.Content); i += 2 {
		template, ops := paths.Content[i].Value, paths.Content[i+1]
		re := templateRE(template)
		for j := 0; j+1 < len(ops.Content); j += 2 {
			method := strings.ToUpper(ops.Content[j].Value)
			media := successJSON(doc.Content[0], ops.Content[j+1])
			if media == nil || done[media] {
				// A shared response (components/responses) gets the
				// example of the first operation that uses it.
				continue
			}
			op := method + " " + template
			body := firstMatch(keys, bodies, method, re)
			if body == nil {
				missing = append(missing, op)
				continue
			}
			if err := validExample(spec, method, template, body); err != nil {
				invalid = append(invalid, op+": "+firstLine(err.Error()))
				continue
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, body); err != nil {
				return fmt.Errorf("%s: %w", op, err)
			}
			if compact.Len() > maxBytes {
				tooBig = append(tooBig, op)
				continue
			}
			if media.Style&yaml.FlowStyle != 0 {
				// {application/json: {schema: …}} on one line: the example
				// goes first inside the media type's braces.
				if get(media, "example") != nil {
					kept = append(kept, op)
					continue
				}
				edits = append(edits, edit{line: media.Line, col: media.Column, text: "example: " + compact.String() + ", "})
				done[media] = true
				continue
			}
			indent := strings.Repeat(" ", media.Content[0].Column-1)
			e := edit{line: media.Content[0].Line, text: indent + "example: " + compact.String()}
			if ex := get(media, "example"); ex != nil {
				e.line, e.replace = ex.Line, true
				if ex.Style&yaml.FlowStyle == 0 && ex.Kind != yaml.ScalarNode {
					return fmt.Errorf("%s: an example written by hand (line %d) is left alone; remove it to regenerate", op, ex.Line)
				}
			}
			edits = append(edits, e)
			done[media] = true
		}
	}
	lines := strings.Split(string(src), "\n")
	sort.Slice(edits, func(a, b int) bool {
		if edits[a].line != edits[b].line {
			return edits[a].line > edits[b].line
		}
		return edits[a].col > edits[b].col
	})
	for _, e := range edits {
		i := e.line - 1
		if e.col > 0 {
			r := []rune(lines[i])
			if e.col > len(r) || r[e.col-1] != '{' {
				return fmt.Errorf("line %d column %d: expected the media type's opening brace", e.line, e.col)
			}
			lines[i] = string(r[:e.col]) + e.text + string(r[e.col:])
			continue
		}
		if e.replace {
			lines[i] = e.text
		} else {
			lines = append(lines[:i], append([]string{e.text}, lines[i:]...)...)
		}
	}
	if err := os.WriteFile(yamlPath, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		return err
	}
	fmt.Printf("openapi-examples: %d examples written; %d operations without a recorded success; %d larger than %d bytes left out; %d one-line examples kept\n",
		len(edits), len(missing), len(tooBig), maxBytes, len(kept))
	for _, op := range missing {
		fmt.Println("  no success recorded: " + op)
	}
	for _, op := range invalid {
		fmt.Println("  not a valid example for kin-openapi: " + op)
	}
	return nil
}

// get is the value of key in mapping m, or nil.
func get(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// successJSON is the application/json media type of an operation's first
// 2xx response, inline or the components/responses entry it refers to.
func successJSON(root, op *yaml.Node) *yaml.Node {
	for _, status := range []string{"200", "201"} {
		res := get(get(op, "responses"), status)
		if ref := get(res, "$ref"); ref != nil {
			name, ok := strings.CutPrefix(ref.Value, "#/components/responses/")
			if !ok {
				continue
			}
			res = get(get(get(root, "components"), "responses"), name)
		}
		media := get(get(res, "content"), "application/json")
		if media != nil && media.Kind == yaml.MappingNode && len(media.Content) > 0 {
			return media
		}
	}
	return nil
}

var param = regexp.MustCompile(`\\\{[^}]*\\\}`)

// templateRE matches the paths a template stands for.
func templateRE(template string) *regexp.Regexp {
	return regexp.MustCompile("^" + param.ReplaceAllString(regexp.QuoteMeta(template), "[^/]+") + "$")
}

// firstMatch is the body of the first recorded request line (in sorted
// order, so reruns pick the same one) of method whose path the template
// matches.
func firstMatch(keys []string, bodies map[string]json.RawMessage, method string, re *regexp.Regexp) json.RawMessage {
	for _, k := range keys {
		m, p, _ := strings.Cut(k, " ")
		if m == method && re.MatchString(p) {
			return bodies[k]
		}
	}
	return nil
}

// validExample checks body against the operation's success schema as
// kin-openapi checks examples when it loads the document.
func validExample(spec *openapi3.T, method, template string, body json.RawMessage) error {
	op := spec.Paths.Find(template).GetOperation(method)
	if op == nil {
		return fmt.Errorf("no operation")
	}
	res := op.Responses.Status(200)
	if res == nil {
		res = op.Responses.Status(201)
	}
	if res == nil || res.Value == nil || res.Value.Content.Get("application/json") == nil {
		return fmt.Errorf("no JSON success response")
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return err
	}
	return res.Value.Content.Get("application/json").Schema.Value.VisitJSON(v, openapi3.MultiErrors())
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
