package smsvendor

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"bidpass/internal/sms"
)

// Tencent sends through Tencent Cloud's SendSms (API 3.0, version
// 2021-01-11, signature TC3-HMAC-SHA256).
type Tencent struct {
	cfg Config
	now func() time.Time
}

const tencentJSON = "application/json; charset=utf-8"

// Send sends m from its scene's template; the template's numbered
// parameters are filled in paramOrder.
func (t *Tencent) Send(ctx context.Context, m sms.Message) error {
	tpl, err := template(t.cfg, m.Scene)
	if err != nil {
		return err
	}
	values := []string{}
	for _, k := range paramOrder(m) {
		values = append(values, m.Params[k])
	}
	payload, _ := json.Marshal(map[string]any{
		"PhoneNumberSet":   []string{"+86" + m.To},
		"SmsSdkAppId":      t.cfg.AppID,
		"SignName":         t.cfg.SignName,
		"TemplateId":       tpl,
		"TemplateParamSet": values,
	})
	u, err := url.Parse(strings.TrimRight(t.cfg.Endpoint, "/") + "/")
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(payload))
	if err != nil {
		return err
	}
	ts := t.now().Unix()
	req.Header.Set("Content-Type", tencentJSON)
	req.Header.Set("X-TC-Action", "SendSms")
	req.Header.Set("X-TC-Version", "2021-01-11")
	req.Header.Set("X-TC-Region", t.cfg.Region)
	req.Header.Set("X-TC-Timestamp", strconv.FormatInt(ts, 10))
	req.Header.Set("Authorization", tc3Authorization(t.cfg.KeyID, t.cfg.KeySecret, "sms", u.Host, tencentJSON, payload, ts))
	resp, err := t.cfg.Client.Do(req)
	if err != nil {
		return fmt.Errorf("tencent SMS: %w", err)
	}
	defer resp.Body.Close()
	var out struct {
		Response struct {
			Error *struct {
				Code    string
				Message string
			}
			SendStatusSet []struct {
				Code    string
				Message string
			}
			RequestID string `json:"RequestId"`
		}
	}
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err := json.Unmarshal(raw, &out); err != nil {
		return fmt.Errorf("tencent SMS: status %d, unreadable answer: %w", resp.StatusCode, err)
	}
	code, msg := "", ""
	switch {
	case out.Response.Error != nil:
		code, msg = out.Response.Error.Code, out.Response.Error.Message
	case len(out.Response.SendStatusSet) == 0:
		code, msg = "NoStatus", "no send status in the answer"
	default:
		code, msg = out.Response.SendStatusSet[0].Code, out.Response.SendStatusSet[0].Message
	}
	if code == "Ok" {
		return nil
	}
	// https://cloud.tencent.com/document/api/382/55981 (error codes).
	return refusal("tencent", code, msg+" (request "+out.Response.RequestID+")",
		[]string{"LimitExceeded.PhoneNumberThirtySecondLimit", "LimitExceeded.PhoneNumberOneHourLimit",
			"LimitExceeded.PhoneNumberSameContentDailyLimit", "RequestLimitExceeded"},
		[]string{"LimitExceeded.PhoneNumberDailyLimit"},
		[]string{"InvalidParameterValue.IncorrectPhoneNumber", "FailedOperation.PhoneNumberInBlacklist",
			"UnsupportedOperation.ContainDomesticAndInternationalPhoneNumber"})
}

// tc3Authorization signs a POST of payload to host with TC3-HMAC-SHA256
// over the content-type and host headers, as Tencent Cloud API 3.0
// specifies: a canonical request, its hash in the string to sign with the
// credential scope (UTC date/service/tc3_request), and a key derived from
// the secret through the date and the service.
func tc3Authorization(secretID, secretKey, service, host, contentType string, payload []byte, ts int64) string {
	date := time.Unix(ts, 0).UTC().Format("2006-01-02")
	canonical := "POST\n/\n\ncontent-type:" + contentType + "\nhost:" + host + "\n\ncontent-type;host\n" + sha256Hex(payload)
	scope := date + "/" + service + "/tc3_request"
	toSign := "TC3-HMAC-SHA256\n" + strconv.FormatInt(ts, 10) + "\n" + scope + "\n" + sha256Hex([]byte(canonical))
	key := hmacSHA256([]byte("TC3"+secretKey), date)
	key = hmacSHA256(key, service)
	key = hmacSHA256(key, "tc3_request")
	sig := hex.EncodeToString(hmacSHA256(key, toSign))
	return "TC3-HMAC-SHA256 Credential=" + secretID + "/" + scope + ", SignedHeaders=content-type;host, Signature=" + sig
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func hmacSHA256(key []byte, msg string) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(msg))
	return mac.Sum(nil)
}
