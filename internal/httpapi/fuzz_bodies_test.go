package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"bidpass/internal/apperr/apperrtest"
	"bidpass/internal/httpapi"
)

// fuzzRoute is a route whose JSON body the fuzzer writes, and who calls it.
type fuzzRoute struct {
	method, path string
	col          int // a column of the authorisation matrix: the caller
	owner        byte
	seed         string
}

// The main routes that read a client's JSON body (docs/decisions/personal-data.md, "Data protection"): captcha,
// sign-in, registration, the account centre's saves and the review
// decision, each called by a principal it admits, so the body reaches the
// decoder and the rules behind it.
var fuzzRoutes = []fuzzRoute{
	{"POST", "/captcha/check", colAnonymous, 'P', `{"captchaType":"blockPuzzle","pointJson":"AAAAAAAAAAAAAAAAAAAAAA==","token":"x"}`},
	{"PUT", "/api/auth/authToken", colAnonymous, 'P', `{"userName":"matrixp1","password":"aGVsbG8=","keyId":"k","codeId":"c","graphicCode":"1234","captcha":"v"}`},
	{"PUT", "/api/admin/auth/enrolment", colAnonymous, 'P', `{"ticket":"t","code":"123456"}`},
	{"PUT", "/api/admin/auth/authToken", colAnonymous, 'P', `{"userName":"matrixrev","password":"aGVsbG8=","keyId":"k","codeId":"c","graphicCode":"1234","captcha":"v"}`},
	{"POST", "/api/register/repeat/check", colAnonymous, 'P', `{"account":"zhangsan01"}`},
	{"POST", "/api/register/account", colAnonymous, 'P', `{"account":"zhangsan01","phone":"13800138000","pwd":"aGVsbG8=","keyId":"k","smsCode":"123456","smsCodeId":"s","isAgree":true}`},
	{"POST", "/api/register/enterprise", colAnonymous, 'P', `{"account":"qiye0001","phone":"13800138001","password":"aGVsbG8=","keyId":"k","smsCode":"1","smsCodeId":"s","isAgree":true}`},
	{"POST", "/api/register/person/realInfo", colOwner, 'P', `{"realName":"张三","certType":"1","certNum":"11010519491231002X","certStart":"2020-01-01","certEnd":"2040-01-01","province":"110000","city":"110101","detailAddr":"东长安街1号"}`},
	{"POST", "/api/register/enterprise/info", colOwner, 'E', `{"enterpriseDto":{"type":"A1","name":"福建路桥","certType":"1","certNum":"91350100M000100Y43","capital":5000.5,"industry":["E","E48"]},"legalPersonDto":{"name":"李四","certType":"1","certNum":"11010519491231002X"}}`},
	{"PUT", "/api/account/person/edit", colOwner, 'P', `{"realName":"李四","certType":"1","certNum":"11010519491231002X","smsCode":"123456","smsCodeId":"s"}`},
	{"POST", "/api/account/person/nonAuth/edit", colOwner, 'P', `{"province":"110000","city":"110101","detailAddr":"x"}`},
	{"PUT", "/api/account/update/information", colOwner, 'E', `{"name":"福建省路桥集团有限公司","capital":"6000","industry":"E,E48","contactPhone":"13711119005"}`},
	{"POST", "/api/admin/reviews/{id}/decision", colReviewer, 'P', `{"action":"reject","remark":"照片不清晰","files":[]}`},
}

// FuzzRouteBodies sends arbitrary bodies to the main routes of the real
// composition (app.Open in development mode, SQLite), each from its own
// client address so that the rate limits do not hide the decoders.
// Properties: never a 5xx; every answer is the JSON the contract
// (api/openapi.yaml) documents for its status; every refusal carries a
// Chinese message.
func FuzzRouteBodies(f *testing.F) {
	for i, r := range fuzzRoutes {
		f.Add(uint8(i), []byte(r.seed))
		f.Add(uint8(i), []byte(`{}`))
	}
	f.Add(uint8(0), []byte(`{"captchaType":1,"pointJson":null}`))
	f.Add(uint8(7), []byte(`{"enterpriseDto":{"capital":"1e999","industry":[1]}}`))
	f.Add(uint8(10), []byte(`{"capital":-0.0000000001,"industry":"E,"}`))
	f.Add(uint8(11), []byte(`{"action":"approve","files":["../../x"]}`))
	f.Add(uint8(4), []byte(`[`))
	w := newMatrixWorld(f)
	tokens := make([]string, len(fuzzRoutes))
	for i, r := range fuzzRoutes {
		tokens[i] = w.token(f, r.col, r.owner)
	}
	var n atomic.Uint32
	f.Fuzz(func(t *testing.T, route uint8, body []byte) {
		r := fuzzRoutes[int(route)%len(fuzzRoutes)]
		path := w.path(r.path, r.owner)
		req := httptest.NewRequest(r.method, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set(httpapi.MarkMalformed, "fuzzed body")
		c := n.Add(1)
		req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:40000", byte(c>>16), byte(c>>8), byte(c))
		if tok := tokens[int(route)%len(fuzzRoutes)]; tok != "" {
			req.Header.Set("Authorization", "Bearer "+tok)
		}
		res := httpapi.ServeChecked(t, w.h, req)
		var env struct {
			Msg     string `json:"msg"`
			RepCode string `json:"repCode"`
			RepMsg  string `json:"repMsg"`
		}
		if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
			t.Fatalf("%s %s answered %d, not JSON: %v", r.method, path, res.StatusCode, err)
		}
		if res.StatusCode >= 500 {
			t.Fatalf("%s %s %q answered %d %q", r.method, path, body, res.StatusCode, env.Msg)
		}
		if strings.HasPrefix(path, "/captcha/") {
			if env.RepCode != "0000" && !apperrtest.HasChinese(env.RepMsg) {
				t.Fatalf("%s %q: repCode %s with message %q", path, body, env.RepCode, env.RepMsg)
			}
			return
		}
		if res.StatusCode >= 400 && !apperrtest.HasChinese(env.Msg) {
			t.Fatalf("%s %s %q answered %d with message %q", r.method, path, body, res.StatusCode, env.Msg)
		}
	})
}
