// Package smsvendor sends SMS through Alibaba Cloud (dysmsapi) or Tencent
// Cloud (sms v2021-01-11) with small signed HTTP clients of our own: the
// vendors' SDKs pull dozens of modules for one signed POST. Both vendors
// send only registered templates, so each scene (register, recover, …,
// realname_result) is configured with its template, and a message's
// Params fill it. A vendor's refusal that the user can act on comes back in
// the spec's words (请输入正确的手机号, 发送过于频繁…); anything else is
// 短信发送失败，请稍后重试 with the vendor's code kept for the log.
package smsvendor

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/sms"
)

// Config configures a vendor client.
type Config struct {
	Vendor    string // "aliyun" or "tencent"
	KeyID     string // AccessKeyId / SecretId
	KeySecret string // AccessKeySecret / SecretKey
	SignName  string // the registered signature, e.g. 公路桥梁电子招标采购交易平台
	AppID     string // Tencent's SmsSdkAppId
	Region    string // Tencent's region (default ap-guangzhou)
	Endpoint  string // base URL; empty for the vendor's public endpoint
	// Templates maps a scene to its registered template code.
	Templates map[string]string
	Timeout   time.Duration // per request; default 5 s
	Client    *http.Client  // default: one with Timeout
}

// New returns the sender Config names.
func New(cfg Config) (sms.Sender, error) {
	if cfg.KeyID == "" || cfg.KeySecret == "" || cfg.SignName == "" {
		return nil, errors.New("SMS vendor needs a key id, its secret and a sign name")
	}
	if len(cfg.Templates) == 0 {
		return nil, errors.New("SMS vendor needs templates (scene=template,…)")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: cfg.Timeout}
	}
	switch cfg.Vendor {
	case "aliyun":
		if cfg.Endpoint == "" {
			cfg.Endpoint = "https://dysmsapi.aliyuncs.com"
		}
		return &Aliyun{cfg: cfg, now: time.Now, nonce: randomNonce}, nil
	case "tencent":
		if cfg.AppID == "" {
			return nil, errors.New("Tencent Cloud SMS needs the SmsSdkAppId (BIDPASS_SMS_APP_ID)")
		}
		if cfg.Region == "" {
			cfg.Region = "ap-guangzhou"
		}
		if cfg.Endpoint == "" {
			cfg.Endpoint = "https://sms.tencentcloudapi.com"
		}
		return &Tencent{cfg: cfg, now: time.Now}, nil
	}
	return nil, fmt.Errorf("unknown SMS vendor %q (aliyun or tencent)", cfg.Vendor)
}

// ParseTemplates reads "scene=template,scene=template".
func ParseTemplates(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, pair := range strings.Split(s, ",") {
		if pair = strings.TrimSpace(pair); pair == "" {
			continue
		}
		scene, tpl, ok := strings.Cut(pair, "=")
		if !ok || strings.TrimSpace(scene) == "" || strings.TrimSpace(tpl) == "" {
			return nil, fmt.Errorf("template %q: want scene=template", pair)
		}
		out[strings.TrimSpace(scene)] = strings.TrimSpace(tpl)
	}
	return out, nil
}

// template returns the scene's template, or an error naming the scene so
// the operator sees which one is missing.
func template(cfg Config, scene string) (string, error) {
	if t := cfg.Templates[scene]; t != "" {
		return t, nil
	}
	return "", sms.ErrSendFailed.Wrap(fmt.Errorf("no SMS template configured for scene %q", scene))
}

// paramOrder is the order of a scene's parameters in a template that
// numbers them ({1}, {2}, … at Tencent): a code template has the code; an
// outcome template has what was decided, the result and the reason.
func paramOrder(m sms.Message) []string {
	if _, ok := m.Params["code"]; ok {
		return []string{"code"}
	}
	if _, ok := m.Params["result"]; ok {
		return []string{"kind", "result", "reason"}
	}
	return slices.Sorted(maps.Keys(m.Params))
}

// Refusals the user can act on, in the spec's words.
var (
	errTooFast = apperr.New(apperr.TooMany, "sms.vendor_limit", "发送过于频繁，请稍后再试")
)

// refusal turns a vendor's error code into what the user reads: limits,
// a number the vendor refuses, or a plain failure carrying the code.
func refusal(vendor, code, msg string, limits, dayLimits, badPhone []string) error {
	has := func(list []string) bool {
		for _, c := range list {
			if code == c {
				return true
			}
		}
		return false
	}
	cause := fmt.Errorf("%s SMS refused: %s: %s", vendor, code, msg)
	switch {
	case has(dayLimits):
		return sms.ErrAddressDayCap.Wrap(cause)
	case has(limits):
		return errTooFast.Wrap(cause)
	case has(badPhone):
		return sms.ErrBadPhone.Wrap(cause)
	}
	return sms.ErrSendFailed.Wrap(cause)
}
