package smsvendor

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/sms"
)

// TestAliyunSignatureVector: Alibaba Cloud's published SendSms example
// (AccessKeyId testId, secret testSecret, SignName 阿里云短信测试专用, …)
// signs to zJDF+Lrzhj/ThnlvIToysFRq6t4=.
func TestAliyunSignatureVector(t *testing.T) {
	params := map[string]string{
		"AccessKeyId": "testId", "Action": "SendSms", "Format": "XML", "OutId": "123",
		"PhoneNumbers": "15300000001", "RegionId": "cn-hangzhou", "SignName": "阿里云短信测试专用",
		"SignatureMethod": "HMAC-SHA1", "SignatureNonce": "45e25e9b-0a6f-4070-8c85-2956eda1b466",
		"SignatureVersion": "1.0", "TemplateCode": "SMS_71390007", "TemplateParam": `{"customer":"test"}`,
		"Timestamp": "2017-07-12T02:42:19Z", "Version": "2017-05-25",
	}
	query := aliyunQuery(params)
	wantQuery := "AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25"
	if query != wantQuery {
		t.Fatalf("query\n%s\nwant\n%s", query, wantQuery)
	}
	if got := aliyunSign(http.MethodGet, query, "testSecret"); got != "zJDF+Lrzhj/ThnlvIToysFRq6t4=" {
		t.Fatalf("signature %s", got)
	}
	if got := aliyunEscape(aliyunSign(http.MethodGet, query, "testSecret")); got != "zJDF%2BLrzhj%2FThnlvIToysFRq6t4%3D" {
		t.Fatalf("escaped signature %s", got)
	}
	if got := aliyunEscape("a b*c~"); got != "a%20b%2Ac~" {
		t.Fatalf("escape %s", got)
	}
}

// TestTencentSignatureVector: Tencent Cloud's published TC3-HMAC-SHA256
// example (CVM DescribeInstances at 1551113065, SecretKey
// Gu5t9xGARNpq86cd98joQYCN3EXAMPLE) signs to 72e494ea….
func TestTencentSignatureVector(t *testing.T) {
	payload := []byte(`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`)
	if got := sha256Hex(payload); got != "35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064" {
		t.Fatalf("payload hash %s", got)
	}
	got := tc3Authorization("AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE", "Gu5t9xGARNpq86cd98joQYCN3EXAMPLE", "cvm",
		"cvm.tencentcloudapi.com", "application/json; charset=utf-8", payload, 1551113065)
	want := "TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, " +
		"SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168"
	if got != want {
		t.Fatalf("authorization\n%s\nwant\n%s", got, want)
	}
}

// failed reports whether err is the plain 短信发送失败 failure.
func failed(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Reason == sms.ErrSendFailed.Reason
}

var templates = map[string]string{"register": "SMS_001", "realname_result": "SMS_009"}

// TestAliyunLocalEndpoint: the client POSTs a form that a server holding
// the secret verifies from the bytes it received, with the template and
// its parameters, and turns the vendor's codes into the user's words.
func TestAliyunLocalEndpoint(t *testing.T) {
	answer := `{"Code":"OK","Message":"OK","RequestId":"r1","BizId":"b1"}`
	var got url.Values
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		sig, rest, _ := strings.Cut(string(body), "&")
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" ||
			sig != "Signature="+aliyunEscape(aliyunSign(http.MethodPost, rest, "sk")) {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"Code":"SignatureDoesNotMatch","Message":"bad"}`)
			return
		}
		got, _ = url.ParseQuery(rest)
		_, _ = io.WriteString(w, answer)
	}))
	defer srv.Close()
	s, err := New(Config{Vendor: "aliyun", KeyID: "ak", KeySecret: "sk", SignName: "公路桥梁", Endpoint: srv.URL, Templates: templates})
	if err != nil {
		t.Fatal(err)
	}
	a := s.(*Aliyun)
	a.now = func() time.Time { return time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC) }
	ctx := context.Background()
	if err := s.Send(ctx, sms.Message{To: "13800000001", Scene: "register", Params: map[string]string{"code": "123456"}}); err != nil {
		t.Fatal(err)
	}
	if got.Get("TemplateCode") != "SMS_001" || got.Get("TemplateParam") != `{"code":"123456"}` ||
		got.Get("PhoneNumbers") != "13800000001" || got.Get("SignName") != "公路桥梁" || got.Get("Timestamp") != "2026-11-25T08:00:00Z" {
		t.Fatalf("sent %v", got)
	}
	// A wrong secret is refused by the server: the client reports a failure.
	bad, _ := New(Config{Vendor: "aliyun", KeyID: "ak", KeySecret: "other", SignName: "x", Endpoint: srv.URL, Templates: templates})
	if err := bad.Send(ctx, sms.Message{To: "13800000001", Scene: "register", Params: map[string]string{"code": "1"}}); !failed(err) {
		t.Fatalf("wrong secret: %v", err)
	}
	cases := map[string]string{
		"isv.BUSINESS_LIMIT_CONTROL": "发送过于频繁，请稍后再试",
		"isv.DAY_LIMIT_CONTROL":      "今日发送次数已达上限，请明天再试",
		"isv.MOBILE_NUMBER_ILLEGAL":  "请输入正确的手机号",
		"isv.AMOUNT_NOT_ENOUGH":      "短信发送失败，请稍后重试",
	}
	for code, words := range cases {
		answer = `{"Code":"` + code + `","Message":"m","RequestId":"r"}`
		err := s.Send(ctx, sms.Message{To: "13800000001", Scene: "register", Params: map[string]string{"code": "1"}})
		if e, ok := apperr.As(err); !ok || e.Msg != words || !strings.Contains(err.Error(), code) {
			t.Errorf("%s: %v", code, err)
		}
	}
	if err := s.Send(ctx, sms.Message{To: "13800000001", Scene: "login", Params: map[string]string{"code": "1"}}); !failed(err) ||
		!strings.Contains(err.Error(), `"login"`) {
		t.Fatalf("scene without a template: %v", err)
	}
}

// TestTencentLocalEndpoint: the server recomputes the TC3 signature from
// the headers and body it received; the outcome template's numbered
// parameters arrive in order.
func TestTencentLocalEndpoint(t *testing.T) {
	answer := `{"Response":{"SendStatusSet":[{"Code":"Ok","Message":"send success"}],"RequestId":"r1"}}`
	var got struct {
		PhoneNumberSet   []string
		SmsSdkAppId      string
		SignName         string
		TemplateId       string
		TemplateParamSet []string
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ts, _ := strconv.ParseInt(r.Header.Get("X-TC-Timestamp"), 10, 64)
		want := tc3Authorization("AKID", "secret", "sms", r.Host, r.Header.Get("Content-Type"), body, ts)
		if r.Header.Get("Authorization") != want || r.Header.Get("X-TC-Action") != "SendSms" ||
			r.Header.Get("X-TC-Version") != "2021-01-11" || r.Header.Get("X-TC-Region") != "ap-guangzhou" {
			_, _ = io.WriteString(w, `{"Response":{"Error":{"Code":"AuthFailure.SignatureFailure","Message":"bad"},"RequestId":"r"}}`)
			return
		}
		_ = json.Unmarshal(body, &got)
		_, _ = io.WriteString(w, answer)
	}))
	defer srv.Close()
	s, err := New(Config{Vendor: "tencent", KeyID: "AKID", KeySecret: "secret", SignName: "公路桥梁", AppID: "1400000000",
		Endpoint: srv.URL, Templates: templates})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	m := sms.Message{To: "13800000001", Scene: "realname_result",
		Params: map[string]string{"kind": "实名认证申请", "result": "未通过", "reason": "照片不清晰"}}
	if err := s.Send(ctx, m); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.TemplateParamSet, "|") != "实名认证申请|未通过|照片不清晰" || got.TemplateId != "SMS_009" ||
		got.PhoneNumberSet[0] != "+8613800000001" || got.SmsSdkAppId != "1400000000" || got.SignName != "公路桥梁" {
		t.Fatalf("sent %+v", got)
	}
	bad, _ := New(Config{Vendor: "tencent", KeyID: "AKID", KeySecret: "wrong", SignName: "x", AppID: "1", Endpoint: srv.URL, Templates: templates})
	if err := bad.Send(ctx, m); !failed(err) || !strings.Contains(err.Error(), "SignatureFailure") {
		t.Fatalf("wrong secret: %v", err)
	}
	cases := map[string]string{
		"LimitExceeded.PhoneNumberOneHourLimit":           "发送过于频繁，请稍后再试",
		"LimitExceeded.PhoneNumberDailyLimit":             "今日发送次数已达上限，请明天再试",
		"InvalidParameterValue.IncorrectPhoneNumber":      "请输入正确的手机号",
		"FailedOperation.InsufficientBalanceInSmsPackage": "短信发送失败，请稍后重试",
	}
	for code, words := range cases {
		answer = `{"Response":{"SendStatusSet":[{"Code":"` + code + `","Message":"m"}],"RequestId":"r"}}`
		err := s.Send(ctx, m)
		if e, ok := apperr.As(err); !ok || e.Msg != words {
			t.Errorf("%s: %v", code, err)
		}
	}
}

// TestTimeout: a vendor that does not answer costs the caller at most the
// configured timeout.
func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release }))
	defer srv.Close()
	defer close(release)
	s, _ := New(Config{Vendor: "aliyun", KeyID: "a", KeySecret: "b", SignName: "c", Endpoint: srv.URL, Templates: templates,
		Timeout: 50 * time.Millisecond})
	err := s.Send(context.Background(), sms.Message{To: "13800000001", Scene: "register", Params: map[string]string{"code": "1"}})
	if err == nil || !strings.Contains(err.Error(), "Timeout") {
		t.Fatalf("no answer: %v", err)
	}
}

func TestConfigRefusals(t *testing.T) {
	for _, c := range []Config{
		{Vendor: "aliyun", KeyID: "a", KeySecret: "b", SignName: "c"},                        // no templates
		{Vendor: "tencent", KeyID: "a", KeySecret: "b", SignName: "c", Templates: templates}, // no app id
		{Vendor: "other", KeyID: "a", KeySecret: "b", SignName: "c", Templates: templates},   // unknown
		{Vendor: "aliyun", KeyID: "a", SignName: "c", Templates: templates},                  // no secret
	} {
		if _, err := New(c); err == nil {
			t.Errorf("accepted %+v", c)
		}
	}
	if m, err := ParseTemplates(" register=SMS_1 , recover=SMS_2,"); err != nil || m["register"] != "SMS_1" || m["recover"] != "SMS_2" {
		t.Fatalf("%v %v", m, err)
	}
	if _, err := ParseTemplates("register"); err == nil {
		t.Fatal("accepted a template without =")
	}
}
