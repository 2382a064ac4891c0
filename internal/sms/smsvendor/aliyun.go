package smsvendor

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"bidpass/internal/sms"
)

// Aliyun sends through Alibaba Cloud's SendSms (RPC style, API version
// 2017-05-25, signature version 1.0: HMAC-SHA1 over the sorted,
// percent-encoded parameters).
type Aliyun struct {
	cfg   Config
	now   func() time.Time
	nonce func() string
}

// Send sends m from its scene's template.
func (a *Aliyun) Send(ctx context.Context, m sms.Message) error {
	tpl, err := template(a.cfg, m.Scene)
	if err != nil {
		return err
	}
	params := map[string]string{
		"AccessKeyId":      a.cfg.KeyID,
		"Action":           "SendSms",
		"Format":           "JSON",
		"PhoneNumbers":     m.To,
		"RegionId":         "cn-hangzhou",
		"SignName":         a.cfg.SignName,
		"SignatureMethod":  "HMAC-SHA1",
		"SignatureNonce":   a.nonce(),
		"SignatureVersion": "1.0",
		"TemplateCode":     tpl,
		"Timestamp":        a.now().UTC().Format("2006-01-02T15:04:05Z"),
		"Version":          "2017-05-25",
	}
	if len(m.Params) > 0 {
		b, _ := json.Marshal(m.Params)
		params["TemplateParam"] = string(b)
	}
	query := aliyunQuery(params)
	body := "Signature=" + aliyunEscape(aliyunSign(http.MethodPost, query, a.cfg.KeySecret)) + "&" + query
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(a.cfg.Endpoint, "/")+"/", strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := a.cfg.Client.Do(req)
	if err != nil {
		return fmt.Errorf("aliyun SMS: %w", err)
	}
	defer resp.Body.Close()
	var out struct {
		Code      string
		Message   string
		RequestID string `json:"RequestId"`
	}
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("aliyun SMS: status %d, unreadable answer: %w", resp.StatusCode, err)
	}
	if out.Code == "OK" {
		return nil
	}
	// https://help.aliyun.com/document_detail/101346.html (error codes).
	return refusal("aliyun", out.Code, out.Message+" (request "+out.RequestID+")",
		[]string{"isv.BUSINESS_LIMIT_CONTROL", "Throttling.User", "isv.OUT_OF_SERVICE_LIMIT"},
		[]string{"isv.DAY_LIMIT_CONTROL"},
		[]string{"isv.MOBILE_NUMBER_ILLEGAL", "isv.MOBILE_COUNT_OVER_LIMIT", "isv.BLACK_KEY_CONTROL_LIMIT"})
}

// aliyunQuery is the canonical query: parameters sorted by name, names and
// values percent-encoded as aliyunEscape does.
func aliyunQuery(params map[string]string) string {
	keys := slices.Sorted(maps.Keys(params))
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(aliyunEscape(k))
		b.WriteByte('=')
		b.WriteString(aliyunEscape(params[k]))
	}
	return b.String()
}

// aliyunSign is the base64 HMAC-SHA1, keyed by secret + "&", of
// METHOD&%2F&escape(query).
func aliyunSign(method, query, secret string) string {
	mac := hmac.New(sha1.New, []byte(secret+"&"))
	mac.Write([]byte(method + "&" + aliyunEscape("/") + "&" + aliyunEscape(query)))
	return base64.StdEncoding.EncodeToString(mac.Sum(nil))
}

// aliyunEscape is RFC 3986 percent-encoding as Alibaba Cloud specifies it:
// url.QueryEscape with space as %20, * as %2A and ~ kept.
func aliyunEscape(s string) string {
	r := strings.NewReplacer("+", "%20", "*", "%2A", "%7E", "~")
	return r.Replace(url.QueryEscape(s))
}

func randomNonce() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
