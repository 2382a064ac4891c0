// Package contract checks HTTP requests and responses against the API's
// contract, api/openapi.yaml, with kin-openapi's request and response
// validation: the operation exists, the status is documented, the content
// type and the body match the schema (required fields, enums, types), and no
// object carries a field the yaml does not name (see closeObjects). The Go
// HTTP tests run every exchange through a Checker; a development server can
// too (Middleware). Authentication is not checked here: the security tests
// cover it against the real composition.
package contract

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"bidpass/api"
)

func init() {
	// File downloads answer with the type sniffed at upload; the yaml
	// describes them as binary strings, which kin-openapi reads with its
	// file decoder only for the types registered here.
	for _, ct := range []string{"image/jpeg", "image/png", "application/pdf", "application/zip", "application/x-rar-compressed", "application/msword", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
	}
}

// Checker validates exchanges against one loaded contract and remembers
// which operations were exercised. It is safe for concurrent use.
type Checker struct {
	doc      *openapi3.T
	router   routers.Router
	errorRes *openapi3.Schema // the body of components/responses/Error
	prefixes map[string]bool  // first path segments the API owns

	mu        sync.Mutex
	exercised map[string]bool
}

// Exchange is one request and the response the server gave it. The bodies
// are passed as bytes because the handler has read the request's already.
type Exchange struct {
	Request     *http.Request
	RequestBody []byte
	Status      int
	Header      http.Header
	Body        []byte
	// SkipRequest is for a request a test makes malformed on purpose (bad
	// JSON, a missing field, a wrong type): only the response is checked.
	SkipRequest bool
	// OffContract is for a request a test sends to an undocumented path or
	// method on purpose: the response must be the yaml's error envelope.
	OffContract bool
}

// Load parses api/openapi.yaml (embedded at build time) into a Checker.
func Load() (*Checker, error) {
	return Parse(api.OpenAPI)
}

// Parse builds a Checker from the text of an OpenAPI document.
func Parse(spec []byte) (*Checker, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(spec)
	if err != nil {
		return nil, fmt.Errorf("contract: load: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("contract: the document is invalid: %w", err)
	}
	closeObjects(doc)
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("contract: router: %w", err)
	}
	c := &Checker{doc: doc, router: router, prefixes: map[string]bool{}, exercised: map[string]bool{}}
	if r := doc.Components.Responses["Error"]; r != nil && r.Value != nil {
		if mt := r.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
			c.errorRes = mt.Schema.Value
		}
	}
	if c.errorRes == nil {
		return nil, errors.New("contract: components/responses/Error has no application/json schema")
	}
	for p := range doc.Paths.Map() {
		c.prefixes[firstSegment(p)] = true
	}
	return c, nil
}

// Check validates x. It returns nil for a path outside the API (the app's
// pages and assets); otherwise every mismatch, joined, each saying what
// was wrong in kin-openapi's words.
func (c *Checker) Check(ctx context.Context, x Exchange) error {
	req := x.Request.Clone(ctx)
	req.Body = io.NopCloser(bytes.NewReader(x.RequestBody))
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		if !c.prefixes[firstSegment(req.URL.Path)] {
			return nil
		}
		if !x.OffContract {
			return fmt.Errorf("%s %s is not an operation of api/openapi.yaml", req.Method, req.URL.Path)
		}
		return c.checkError(x)
	}
	if !x.SkipRequest && x.Status < 400 {
		// Only a whole exchange counts: a checked request and a success,
		// whose body is the schema a renamed field would break. Probes
		// with malformed bodies and refusals do not.
		c.mu.Lock()
		c.exercised[operation(route.Method, route.Path)] = true
		c.mu.Unlock()
	}
	if x.OffContract {
		return fmt.Errorf("%s %s is marked off-contract but is the documented %s %s", req.Method, req.URL.Path, route.Method, route.Path)
	}
	opts := &openapi3filter.Options{
		AuthenticationFunc:                openapi3filter.NoopAuthenticationFunc,
		IncludeResponseStatus:             true,
		RejectWhenRequestBodyNotSpecified: true,
		MultiError:                        true,
		SkipSettingDefaults:               true,
	}
	// The reason names the path; the schema's dump would bury it.
	opts.WithCustomSchemaErrorFunc(func(err *openapi3.SchemaError) string { return err.Reason })
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	var errs []error
	if !x.SkipRequest {
		if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
			errs = append(errs, fmt.Errorf("request: %w", err))
		}
	}
	body, err := decoded(x.Header, x.Body)
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: x.Status, Header: x.Header, Options: opts}
	out.SetBodyBytes(body)
	if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
		errs = append(errs, fmt.Errorf("response: %w", err))
	}
	return errors.Join(errs...)
}

// decoded undoes a gzip Content-Encoding (the reference data is served
// compressed to clients that accept it).
func decoded(h http.Header, body []byte) ([]byte, error) {
	if h.Get("Content-Encoding") != "gzip" {
		return body, nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("response: Content-Encoding gzip: %w", err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("response: Content-Encoding gzip: %w", err)
	}
	return plain, nil
}

// checkError validates the answer to an undocumented path or method: an
// error status with the error envelope.
func (c *Checker) checkError(x Exchange) error {
	if x.Status < 400 {
		return fmt.Errorf("off-contract request answered %d, want an error status", x.Status)
	}
	if ct := x.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		return fmt.Errorf("off-contract request answered %q, want the JSON error envelope", ct)
	}
	body, err := decoded(x.Header, x.Body)
	if err != nil {
		return err
	}
	v, err := openapi3filter.JSONBodyDecoder(bytes.NewReader(body), x.Header, nil, nil)
	if err != nil {
		return fmt.Errorf("off-contract request: %w", err)
	}
	if err := c.errorRes.VisitJSON(v, openapi3.EnableJSONSchema2020(), openapi3.MultiErrors()); err != nil {
		return fmt.Errorf("off-contract request: the body is not the error envelope: %w", err)
	}
	return nil
}

// Unexercised lists the operations ("GET /api/auth/me") no checked
// exchange has reached with a valid request and a success status, sorted.
func (c *Checker) Unexercised() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for p, item := range c.doc.Paths.Map() {
		for m := range item.Operations() {
			if op := operation(m, p); !c.exercised[op] {
				out = append(out, op)
			}
		}
	}
	slices.Sort(out)
	return out
}

// Operations counts the operations of the contract.
func (c *Checker) Operations() int {
	n := 0
	for _, item := range c.doc.Paths.Map() {
		n += len(item.Operations())
	}
	return n
}

func operation(method, path string) string {
	return strings.ToUpper(method) + " " + path
}

func firstSegment(p string) string {
	p = strings.TrimPrefix(p, "/")
	if i := strings.IndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return p
}

// Untyped lists the operations ("GET /api/common/agreement") whose JSON
// success answer leaves the envelope's data undescribed (no type, no
// properties): the checker cannot notice a renamed field there. Sorted.
func (c *Checker) Untyped() []string {
	var out []string
	for p, item := range c.doc.Paths.Map() {
		for m, op := range item.Operations() {
			for status, res := range op.Responses.Map() {
				if !strings.HasPrefix(status, "2") || res.Value == nil {
					continue
				}
				mt := res.Value.Content.Get("application/json")
				if mt == nil || mt.Schema == nil {
					continue
				}
				if data, ok := property(mt.Schema.Value, "data"); ok && unconstrained(data) {
					out = append(out, operation(m, p))
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// property finds the most specific schema s (or its allOf branches) gives
// the property name; ok is false when s does not name it at all.
func property(s *openapi3.Schema, name string) (*openapi3.Schema, bool) {
	var found *openapi3.Schema
	if r := s.Properties[name]; r != nil && r.Value != nil {
		found = r.Value
	}
	for _, b := range s.AllOf {
		if b == nil || b.Value == nil {
			continue
		}
		if v, ok := property(b.Value, name); ok && (found == nil || unconstrained(found)) {
			found = v
		}
	}
	return found, found != nil
}

func unconstrained(s *openapi3.Schema) bool {
	if len(s.Properties) > 0 || len(s.AllOf)+len(s.AnyOf)+len(s.OneOf) > 0 || s.Items != nil || len(s.Enum) > 0 {
		return false
	}
	if s.AdditionalProperties.Schema != nil {
		return false
	}
	// {type: object} without properties is as open as {}.
	return s.Type == nil || len(s.Type.Slice()) == 0 || s.Type.Is("object")
}
