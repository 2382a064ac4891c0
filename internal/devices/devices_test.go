package devices_test

import (
	"testing"

	"bidpass/internal/devices"
)

func TestMaskAddress(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.77":          "203.0.113.*",
		"::ffff:198.51.100.9":   "198.51.100.*",
		"2001:db8:1234:5678::1": "2001:db8:1234::/48",
		"":                      "未知",
		"not an address":        "未知",
	} {
		if got := devices.MaskAddress(in); got != want {
			t.Errorf("MaskAddress(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	s := devices.New(nil, nil)
	for _, c := range []struct{ ua, browser, system string }{
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome 131", "Windows"},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1", "Safari 17", "iOS（手机）"},
		{"Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox 133", "Linux"},
		{"curl/8.5.0", "未知浏览器", "未知系统"},
		{"", "未知浏览器", "未知系统"},
	} {
		b, sys := s.Describe(c.ua)
		if b != c.browser || sys != c.system {
			t.Errorf("Describe(%q) = %q, %q; want %q, %q", c.ua, b, sys, c.browser, c.system)
		}
	}
}

func TestWay(t *testing.T) {
	for _, c := range []struct {
		methods []string
		want    string
	}{
		{[]string{"pwd"}, "密码"},
		{nil, "密码"},
		{[]string{"sms"}, "短信验证码"},
		{[]string{"hwk"}, "CA 数字证书（USB Key）"},
		{[]string{"otp", "pwd", "mfa"}, "密码 + 动态口令"},
	} {
		if got := devices.Way(c.methods); got != c.want {
			t.Errorf("Way(%v) = %q, want %q", c.methods, got, c.want)
		}
	}
}
