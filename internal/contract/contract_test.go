package contract

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// check runs one exchange through the real api/openapi.yaml.
func check(t *testing.T, c *Checker, method, path, reqBody string, status int, ct, body string) error {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	if reqBody != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.Check(context.Background(), Exchange{
		Request: req, RequestBody: []byte(reqBody),
		Status: status, Header: http.Header{"Content-Type": {ct}}, Body: []byte(body),
	})
}

const jsonCT = "application/json; charset=utf-8"

// TestCheckerCatchesWhatTheYamlDoesNotSay feeds the checker exchanges that
// differ from api/openapi.yaml in one way each, and one that matches.
func TestCheckerCatchesWhatTheYamlDoesNotSay(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	me := `{"code":0,"msg":"操作成功","data":{"userName":"alice","id":1,"type":1,"registerProcess":0,"authState":1}}`
	if err := check(t, c, "GET", "/api/auth/me", "", 200, jsonCT, me); err != nil {
		t.Fatalf("a documented answer fails: %v", err)
	}
	bad := []struct {
		name, method, path, req string
		status                  int
		ct, body, want          string
	}{
		{"renamed data field", "GET", "/api/auth/me", "", 200, jsonCT, strings.Replace(me, "userName", "username", 1), "username"},
		{"extra envelope field", "GET", "/api/auth/me", "", 200, jsonCT, strings.Replace(me, `"code":0`, `"code":0,"extra":1`, 1), "extra"},
		{"value outside the enum", "GET", "/api/auth/me", "", 200, jsonCT, strings.Replace(me, `"authState":1`, `"authState":5`, 1), "authState"},
		{"wrong type", "GET", "/api/auth/me", "", 200, jsonCT, strings.Replace(me, `"id":1`, `"id":"1"`, 1), "id"},
		{"missing required field", "GET", "/api/auth/me", "", 200, jsonCT, `{"code":0,"msg":"","data":null}`, "data"},
		{"undocumented status", "GET", "/api/auth/me", "", 409, jsonCT, `{"code":409,"msg":"x","data":null}`, "status"},
		{"undocumented content type", "GET", "/api/auth/me", "", 200, "text/html", "<p>", "text/html"},
		{"error with an unknown key", "GET", "/api/auth/me", "", 401, jsonCT, `{"code":401,"msg":"x","data":null,"why":"x"}`, "why"},
		{"request field missing", "POST", "/captcha/check", `{"captchaType":"blockPuzzle","token":"t"}`, 200, jsonCT, `{"repCode":"0000","repMsg":"","success":true,"repData":null}`, "pointJson"},
		{"request enum", "POST", "/captcha/get", `{"captchaType":"puzzle"}`, 200, jsonCT, `{"repCode":"0000","repMsg":"","success":true,"repData":null}`, "captchaType"},
		{"captcha answer with an unknown key", "POST", "/captcha/get", `{"captchaType":"blockPuzzle"}`, 200, jsonCT, `{"repCode":"0000","repMsg":"","success":true,"repData":{"token":"t","points":[]}}`, "points"},
		{"captcha answer without repCode", "POST", "/captcha/get", `{"captchaType":"blockPuzzle"}`, 200, jsonCT, `{"repMsg":"","success":true,"repData":null}`, "repCode"},
		{"undocumented operation", "GET", "/api/auth/nothing", "", 404, jsonCT, `{"code":404,"msg":"x","data":null}`, "not an operation"},
	}
	for _, b := range bad {
		err := check(t, c, b.method, b.path, b.req, b.status, b.ct, b.body)
		if err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: got %v, want an error naming %q", b.name, err, b.want)
		}
	}
	// The app's pages are not part of the API.
	if err := check(t, c, "GET", "/login", "", 200, "text/html", "<html>"); err != nil {
		t.Errorf("an app page: %v", err)
	}
}

// TestOnlyWholeExchangesCount: a probe with a malformed body or a refusal
// does not make an operation exercised; a checked success does.
func TestOnlyWholeExchangesCount(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	const op = "GET /api/auth/me"
	if err := check(t, c, "GET", "/api/auth/me", "", 401, jsonCT, `{"code":401,"msg":"x","data":null}`); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(c.Unexercised(), op) {
		t.Fatal("a 401 counted as exercising the operation")
	}
	me := `{"code":0,"msg":"","data":{"userName":"a","id":1,"type":2,"registerProcess":0,"authState":0}}`
	if err := check(t, c, "GET", "/api/auth/me", "", 200, jsonCT, me); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(c.Unexercised(), op) {
		t.Fatal("a checked success did not count")
	}
	if n := len(c.Unexercised()); n != c.Operations()-1 {
		t.Fatalf("%d unexercised of %d", n, c.Operations())
	}
}

// TestMiddlewareReportsWhatTheBrowserGets: the development wrapper passes
// the answer through unchanged and reports a mismatch.
func TestMiddlewareReportsWhatTheBrowserGets(t *testing.T) {
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	answer := `{"code":0,"msg":"","data":{"status":"up"}}`
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", jsonCT)
		_, _ = w.Write([]byte(answer))
	})
	var reports []string
	mw := c.Middleware(h, func(r *http.Request, status int, err error) {
		reports = append(reports, r.Method+" "+r.URL.Path+": "+err.Error())
	})
	rec := httptest.NewRecorder()
	mw.ServeHTTP(rec, httptest.NewRequest("GET", "/healthz", nil))
	if rec.Body.String() != answer || len(reports) != 0 {
		t.Fatalf("documented answer: body %q, reports %v", rec.Body.String(), reports)
	}
	answer = `{"code":0,"msg":"","data":{"status":"up","uptime":3}}`
	mw.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/healthz", nil))
	if len(reports) != 1 || !strings.Contains(reports[0], "uptime") {
		t.Fatalf("undocumented field: reports %v", reports)
	}
	// A client that went away gets no answer to check (the server records 499).
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	mw.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(ctx, "GET", "/healthz", nil))
	if len(reports) != 1 {
		t.Fatalf("abandoned exchange checked: reports %v", reports)
	}
}

// TestEnvelopeUsedAloneIsClosedToo: a schema that is an allOf branch in one
// place (so left open there) and the whole body in another is still closed
// where it stands alone.
func TestEnvelopeUsedAloneIsClosedToo(t *testing.T) {
	c, err := Parse([]byte(`
openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /api/alone:
    get:
      responses:
        '200': {description: x, content: {application/json: {schema: {$ref: '#/components/schemas/Envelope'}}}}
  /api/composed:
    get:
      responses:
        '200': {description: x, content: {application/json: {schema: {allOf: [{$ref: '#/components/schemas/Envelope'}, {type: object, properties: {data: {type: string}}}]}}}}
components:
  schemas:
    Envelope: {type: object, required: [code], properties: {code: {type: integer}, data: {}}}
  responses:
    Error: {description: e, content: {application/json: {schema: {$ref: '#/components/schemas/Envelope'}}}}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/api/alone", "/api/composed"} {
		if err := check(t, c, "GET", path, "", 200, jsonCT, `{"code":0,"data":"x"}`); err != nil {
			t.Errorf("%s documented: %v", path, err)
		}
		if err := check(t, c, "GET", path, "", 200, jsonCT, `{"code":0,"data":"x","extra":1}`); err == nil || !strings.Contains(err.Error(), "extra") {
			t.Errorf("%s with an extra key: %v", path, err)
		}
	}
}
