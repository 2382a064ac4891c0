package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"bidpass/internal/contract"
)

// Marks a test puts on a request (as a header pair passed to do) to say it
// breaks the contract on purpose; the value says why. serve removes them
// before the handler sees the request.
const (
	// markMalformed: the request is malformed on purpose (bad JSON, a
	// missing field, a wrong type); only the response is checked.
	markMalformed = "X-Contract-Malformed"
	// markOffContract: the path or method is undocumented on purpose; the
	// response must be the error envelope.
	markOffContract = "X-Contract-Off"
)

// contractChecker validates every exchange of this package's tests against
// api/openapi.yaml and counts the operations they reach.
var contractChecker = func() *contract.Checker {
	c, err := contract.Load()
	if err != nil {
		panic(err)
	}
	return c
}()

// serve is the one way the tests call a handler: it runs req through h and
// fails t when the request or the response does not match api/openapi.yaml.
func serve(t testing.TB, h http.Handler, req *http.Request) *http.Response {
	t.Helper()
	var body []byte
	if req.Body != nil {
		var err error
		if body, err = io.ReadAll(req.Body); err != nil {
			t.Fatalf("reading the request body: %v", err)
		}
	}
	x := contract.Exchange{
		SkipRequest: req.Header.Get(markMalformed) != "",
		OffContract: req.Header.Get(markOffContract) != "",
	}
	req.Header.Del(markMalformed)
	req.Header.Del(markOffContract)
	req.Body = io.NopCloser(bytes.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	x.Request, x.RequestBody = req, body
	x.Status, x.Header, x.Body = rec.Code, rec.Header(), rec.Body.Bytes()
	if err := contractChecker.Check(context.Background(), x); err != nil {
		t.Errorf("contract: %s %s answered %d: %v", req.Method, req.URL.RequestURI(), rec.Code, err)
	} else {
		examples.record(x)
	}
	return rec.Result()
}

// examplesFile, when set (scripts/openapi-examples.sh), is where TestMain
// writes the first checked success body of each request line, for
// api/openapi.yaml's examples.
var examplesFile = os.Getenv("BIDPASS_CONTRACT_EXAMPLES")

// examples holds those bodies by "METHOD /path" (the path as requested).
var examples = exampleLog{bodies: map[string]json.RawMessage{}}

type exampleLog struct {
	mu     sync.Mutex
	bodies map[string]json.RawMessage
}

// record keeps x's body when it is the first plain JSON success of its
// request line; gzipped answers (reference data) are left out.
func (l *exampleLog) record(x contract.Exchange) {
	if examplesFile == "" || x.Status/100 != 2 || x.Header.Get("Content-Encoding") != "" ||
		!strings.HasPrefix(x.Header.Get("Content-Type"), "application/json") || !json.Valid(x.Body) {
		return
	}
	key := x.Request.Method + " " + x.Request.URL.Path
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.bodies[key]; !ok {
		l.bodies[key] = append(json.RawMessage(nil), bytes.TrimSpace(x.Body)...)
	}
}

// write saves the bodies to examplesFile.
func (l *exampleLog) write() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, err := json.MarshalIndent(l.bodies, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(examplesFile, b, 0o644)
}

// ServeChecked is serve for the external test package (security_test.go).
func ServeChecked(t testing.TB, h http.Handler, req *http.Request) *http.Response {
	t.Helper()
	return serve(t, h, req)
}

// MarkMalformed is markMalformed for the external test package.
const MarkMalformed = markMalformed

// TestMain, with BIDPASS_CONTRACT_COVERAGE=1 (scripts/contract-coverage.sh),
// lists after a run of the whole package the operations of
// api/openapi.yaml no checked request reached, and fails when there are any.
// It is an opt-in check while routes are being added faster than tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if examplesFile != "" && code == 0 {
		if err := examples.write(); err != nil {
			fmt.Println("contract: writing the examples:", err)
			code = 1
		}
	}
	if os.Getenv("BIDPASS_CONTRACT_COVERAGE") != "" && code == 0 && wholePackage() {
		missing := contractChecker.Unexercised()
		fmt.Printf("contract: %d of %d operations of api/openapi.yaml never exercised by a checked request\n",
			len(missing), contractChecker.Operations())
		for _, op := range missing {
			fmt.Println("  " + op)
		}
		if len(missing) > 0 {
			code = 1
		}
		// Reported, not failed: a gap in the yaml rather than in the tests.
		untyped := contractChecker.Untyped()
		fmt.Printf("contract: %d operations answer a data the yaml does not describe\n", len(untyped))
		for _, op := range untyped {
			fmt.Println("  " + op)
		}
	}
	os.Exit(code)
}

// wholePackage tells whether every test ran (no -run, -skip or -short),
// the only case where an unexercised operation means something.
func wholePackage() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}
