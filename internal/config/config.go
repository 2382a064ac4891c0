// Package config reads bidpass's settings from command-line flags and
// BIDPASS_* environment variables (a flag wins over the variable), checks
// them, and documents them: docs/configuration.md is generated from the same
// table (`bidpass config-doc`), so the two cannot drift apart.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Config holds every setting of the server.
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	FilesDir    string
	// Files is where uploads are kept: "disk" (FilesDir) or "s3" (an
	// S3-compatible bucket; FilesDir then only spools uploads in
	// progress).
	Files     string
	S3        S3
	Dev       bool
	RedisURL  string
	PublicURL string
	SiteTitle string
	HelpPhone string
	HelpQQ    string
	LogFormat string // text or json; empty chooses text in dev, JSON otherwise
	// MetricsAddr is the listener of the Prometheus metrics (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)");
	// empty: no metrics. Never the public address.
	MetricsAddr string

	TrustedProxies []*net.IPNet

	ShutdownTimeout time.Duration

	// Password sign-in.
	SessionIdle     time.Duration
	SessionAbsolute time.Duration
	// StaffSessionIdle and StaffSessionAbsolute are the console's, shorter
	// (docs/decisions/sessions-and-devices.md, "Timeouts by kind").
	StaffSessionIdle     time.Duration
	StaffSessionAbsolute time.Duration

	// Captcha anti-automation.
	CaptchaGetPerMinute   int // 0: no limit
	CaptchaCheckPerMinute int // 0: no limit
	CaptchaAES            bool
	// GraphicCodesPerMinute bounds the graphic codes one client address is
	// issued a minute (the endpoint and the login page together); 0: no limit.
	GraphicCodesPerMinute int
	CaptchaBackgroundDir  string

	// Upload quota (docs/decisions/limits.md, "Limits and abuse paths" #5): per account, uploads a minute and
	// megabytes a day; uploads refuse (503) when the files disk has less
	// than UploadFreeDiskMB free. 0: no limit.
	UploadsPerMinute int
	UploadMBPerDay   int
	UploadFreeDiskMB int

	// Own-data export (docs/decisions/export-readiness-locks.md): exports
	// one account may start a day, and exports one instance streams at
	// once. 0: no limit.
	ExportsPerDay     int
	ExportsConcurrent int

	// Outbound messages. Without a sender (and outside dev mode) the calls
	// that need one answer 503.
	SMSWebhookURL string
	// An SMS vendor's API (internal/sms/smsvendor) instead of the webhook:
	// aliyun or tencent, its keys, the registered sign name, Tencent's
	// SmsSdkAppId and region, the scene=template list, a test endpoint.
	SMSVendor    string
	SMSKeyID     string
	SMSKeySecret string
	SMSSignName  string
	SMSAppID     string
	SMSRegion    string
	SMSEndpoint  string
	SMSTemplates string
	SMSTimeout   time.Duration
	SMTPAddr     string
	SMTPFrom     string
	SMTPUser     string
	SMTPPassword string

	// AuthorizeClients maps a client id to the callback URL prefix it may
	// be redirected to after third-party authorisation login.
	AuthorizeClients map[string]string

	// The OpenID Connect provider's signing keys (docs/sso.md, "Key
	// rotation"): how long a new key is published before it signs, and how
	// often one is made (0: only by `bidpass oidc keys rotate`).
	OIDCKeyRotationDelay time.Duration
	OIDCKeyRotateEvery   time.Duration
	// OIDCBackchannelAllowHosts are the hosts a back-channel logout URI may
	// name although they are, or resolve to, loopback, link-local or private
	// addresses (a relying party on the internal network).
	OIDCBackchannelAllowHosts []string

	// CA digital certificates (docs/decisions/certificates.md, "CA digital certificates, server side"): the CA certificates trusted for
	// sign-in and binding, their revocation lists (files or URLs) and how
	// often those are fetched again, whether SHA-1 is accepted in the
	// signature (never in a chain), where to apply for a certificate and
	// the driver offered for download.
	CARoots      []string
	CACRLs       []string
	CACRLRefresh time.Duration
	CASHA1       bool
	CAApplyURL   string
	CADriverFile string

	// Data protection (docs/decisions/personal-data.md, "Data protection"): the data keys that seal certificate
	// numbers and key material at rest (the keys themselves, a file, or a
	// command printing them; the first found is used; dev mode makes one in
	// the data directory when none is set), and how long abandoned
	// registrations and superseded photos are kept.
	DataKey             string
	DataKeyFile         string
	DataKeyCommand      string
	RetentionAbandoned  time.Duration
	RetentionSuperseded time.Duration
	// CAChallengesPerMinute bounds the sign-in and recovery challenges one
	// client address may ask for (0: no limit).
	CAChallengesPerMinute int
	// CALocalServices are the USB-key vendors' services on the user's own
	// machine the browser may call (docs/decisions/certificates.md, "CA digital certificates in the browser: USB keys and the CSP"): the page's CSP connect-src
	// lists exactly these origins, and the browser probes only these.
	CALocalServices []LocalService
}

// S3 is the bucket of an S3-compatible object store that holds uploads
// when Files is "s3". SecretKey is filled from SecretKeyFile when only the
// file is given, so the secret can come from a mounted secret rather than
// the environment.
type S3 struct {
	Endpoint      string
	Bucket        string
	Region        string
	AccessKey     string
	SecretKey     string
	SecretKeyFile string
	PathStyle     bool
}

// LocalService is one loopback origin of a certificate vendor's service.
type LocalService struct {
	Vendor string // bjca, netca, longmai or szca
	Origin string // scheme://127.0.0.1:port
}

// CAVendors are the vendors the browser has an adapter for.
var CAVendors = []string{"bjca", "netca", "longmai", "szca"}

// defaultLocalServices are the vendors' published ports
// (../shared/spec/CERTIFICATE-CLIENTS.md), the insecure origin first where a
// vendor has one (it is the one used from http pages).
const defaultLocalServices = "bjca=ws://127.0.0.1:21051,bjca=wss://127.0.0.1:21061," +
	"netca=wss://127.0.0.1:10443,netca=wss://127.0.0.1:20443,netca=wss://127.0.0.1:30443," +
	"longmai=http://127.0.0.1:51235,longmai=https://127.0.0.1:51245," +
	"szca=http://127.0.0.1:21317,szca=https://127.0.0.1:18981"

// parseLocalServices reads vendor=origin pairs. Only loopback origins with a
// port are accepted: a CSP entry for another host would let the page talk to
// it, which is what connect-src is there to prevent.
func parseLocalServices(c *Config, v string) error {
	c.CALocalServices = nil
	for _, item := range strings.Split(v, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		vendor, origin, ok := strings.Cut(item, "=")
		if !ok || !slices.Contains(CAVendors, vendor) {
			return fmt.Errorf("%q must be vendor=origin with vendor one of %s", item, strings.Join(CAVendors, ", "))
		}
		u, err := url.Parse(origin)
		if err != nil || (u.Scheme != "ws" && u.Scheme != "wss" && u.Scheme != "http" && u.Scheme != "https") ||
			u.Port() == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.User != nil {
			return fmt.Errorf("%q must be an origin scheme://host:port (ws, wss, http or https)", origin)
		}
		if h := u.Hostname(); h != "localhost" {
			if ip := net.ParseIP(h); ip == nil || !ip.IsLoopback() {
				return fmt.Errorf("%q is not a loopback address", origin)
			}
		}
		c.CALocalServices = append(c.CALocalServices, LocalService{Vendor: vendor, Origin: u.Scheme + "://" + u.Host})
	}
	return nil
}

// setting is one row of the table: how it is named, its default, and how to
// store it.
type setting struct {
	name  string // flag name; the variable is BIDPASS_ + upper(name with - → _)
	def   string
	usage string
	set   func(c *Config, v string) error
}

func (s setting) env() string {
	return "BIDPASS_" + strings.ToUpper(strings.ReplaceAll(s.name, "-", "_"))
}

func str(p func(*Config) *string) func(*Config, string) error {
	return func(c *Config, v string) error { *p(c) = v; return nil }
}

func boolean(p func(*Config) *bool) func(*Config, string) error {
	return func(c *Config, v string) error {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return errors.New("must be true or false")
		}
		*p(c) = b
		return nil
	}
}

// list reads a comma-separated list; blanks are dropped.
func list(p func(*Config) *[]string) func(*Config, string) error {
	return func(c *Config, v string) error {
		var out []string
		for _, item := range strings.Split(v, ",") {
			if item = strings.TrimSpace(item); item != "" {
				out = append(out, item)
			}
		}
		*p(c) = out
		return nil
	}
}

func integer(p func(*Config) *int, min int) func(*Config, string) error {
	return func(c *Config, v string) error {
		n, err := strconv.Atoi(v)
		if err != nil || n < min {
			return fmt.Errorf("must be a whole number of at least %d", min)
		}
		*p(c) = n
		return nil
	}
}

// OIDCKeyRotationDelayMin is the shortest oidc-key-rotation-delay.
const OIDCKeyRotationDelayMin = 75 * time.Second

func duration(p func(*Config) *time.Duration) func(*Config, string) error {
	return func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return errors.New("must be a positive duration such as 30s, 2h")
		}
		*p(c) = d
		return nil
	}
}

var settings = []setting{
	{"addr", "127.0.0.1:8080", "listen address (host:port; port 0 picks a free one)", func(c *Config, v string) error {
		if _, _, err := net.SplitHostPort(v); err != nil {
			return errors.New("must be host:port")
		}
		c.Addr = v
		return nil
	}},
	{"data-dir", "./data", "directory for the SQLite file, uploaded files and keys", str(func(c *Config) *string { return &c.DataDir })},
	{"database-url", "", "database: postgres://… for PostgreSQL, else a SQLite file path (default DATA_DIR/bidpass.db)", str(func(c *Config) *string { return &c.DatabaseURL })},
	{"files-dir", "", "directory for uploaded files (default DATA_DIR/files)", str(func(c *Config) *string { return &c.FilesDir })},
	{"files", "disk", "where uploaded files are kept: disk (BIDPASS_FILES_DIR) or s3 (an S3-compatible bucket, BIDPASS_S3_*; the files directory then only holds uploads in progress)", func(c *Config, v string) error {
		if v != "disk" && v != "s3" {
			return errors.New("must be disk or s3")
		}
		c.Files = v
		return nil
	}},
	{"s3-endpoint", "", "the S3-compatible store's base URL, http(s)://host[:port] (AWS: https://s3.REGION.amazonaws.com.cn; MinIO: http://minio:9000)", func(c *Config, v string) error {
		if v != "" {
			if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
				return errors.New("must be http(s)://host[:port] without a path")
			}
		}
		c.S3.Endpoint = strings.TrimRight(v, "/")
		return nil
	}},
	{"s3-bucket", "", "the bucket for uploaded files (dedicated to bidpass; objects are named by file id)", str(func(c *Config) *string { return &c.S3.Bucket })},
	{"s3-region", "us-east-1", "the region requests are signed for (MinIO and most other stores accept us-east-1)", str(func(c *Config) *string { return &c.S3.Region })},
	{"s3-access-key", "", "the S3 access key id", str(func(c *Config) *string { return &c.S3.AccessKey })},
	{"s3-secret-key", "", "the S3 secret key (or BIDPASS_S3_SECRET_KEY_FILE)", str(func(c *Config) *string { return &c.S3.SecretKey })},
	{"s3-secret-key-file", "", "a file holding the S3 secret key (a mounted secret), instead of BIDPASS_S3_SECRET_KEY", str(func(c *Config) *string { return &c.S3.SecretKeyFile })},
	{"s3-path-style", "false", "address the bucket as ENDPOINT/BUCKET/key (MinIO, versitygw, an IP endpoint) rather than BUCKET.ENDPOINT/key", boolean(func(c *Config) *bool { return &c.S3.PathStyle })},
	{"dev", "false", "development mode: outbox instead of SMS/e-mail, /api/dev routes, text logs", boolean(func(c *Config) *bool { return &c.Dev })},
	{"redis-url", "", "Redis for short-lived state shared by several instances (redis://host:6379/0); memory when empty", func(c *Config, v string) error {
		if v != "" && !strings.HasPrefix(v, "redis://") && !strings.HasPrefix(v, "rediss://") {
			return errors.New("must start with redis:// or rediss://")
		}
		c.RedisURL = v
		return nil
	}},
	{"public-url", "", "the address users reach the portal at (https://… turns on HSTS); default http://ADDR", func(c *Config, v string) error {
		if v == "" {
			return nil
		}
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return errors.New("must be an absolute http(s) URL")
		}
		c.PublicURL = strings.TrimRight(v, "/")
		return nil
	}},
	{"metrics-addr", "", "listen address of the Prometheus metrics (/metrics), apart from the public one; empty: off", func(c *Config, v string) error {
		if v != "" {
			if _, _, err := net.SplitHostPort(v); err != nil {
				return errors.New("must be host:port")
			}
		}
		c.MetricsAddr = v
		return nil
	}},
	{"site-title", "公路桥梁电子招标采购交易平台", "site title shown in the header", str(func(c *Config) *string { return &c.SiteTitle })},
	{"help-phone", "400-000-0000", "customer-service phone shown on the registration help panel", str(func(c *Config) *string { return &c.HelpPhone })},
	{"help-qq", "", "customer-service QQ shown on the registration help panel (hidden when empty)", str(func(c *Config) *string { return &c.HelpQQ })},
	{"log-format", "", "text or json (default: text in dev mode, json otherwise)", func(c *Config, v string) error {
		if v != "" && v != "text" && v != "json" {
			return errors.New("must be text or json")
		}
		c.LogFormat = v
		return nil
	}},
	{"trusted-proxies", "", "comma-separated CIDRs of reverse proxies whose X-Forwarded-For is believed", func(c *Config, v string) error {
		c.TrustedProxies = nil
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s == "" {
				continue
			}
			_, n, err := net.ParseCIDR(s)
			if err != nil {
				return fmt.Errorf("%q is not a CIDR", s)
			}
			c.TrustedProxies = append(c.TrustedProxies, n)
		}
		return nil
	}},
	{"shutdown-timeout", "20s", "how long in-flight requests may take to finish on SIGINT/SIGTERM", duration(func(c *Config) *time.Duration { return &c.ShutdownTimeout })},
	{"session-idle", "30m", "a portal session ends after this long without a request", duration(func(c *Config) *time.Duration { return &c.SessionIdle })},
	{"session-absolute", "12h", "a portal session ends this long after sign-in whatever happens", duration(func(c *Config) *time.Duration { return &c.SessionAbsolute })},
	{"staff-session-idle", "15m", "a staff session ends after this long without a request", duration(func(c *Config) *time.Duration { return &c.StaffSessionIdle })},
	{"staff-session-absolute", "8h", "a staff session ends this long after sign-in whatever happens", duration(func(c *Config) *time.Duration { return &c.StaffSessionAbsolute })},
	{"captcha-get-per-minute", "30", "captcha images one client address may fetch per minute (0: no limit)", integer(func(c *Config) *int { return &c.CaptchaGetPerMinute }, 0)},
	{"captcha-check-per-minute", "60", "captcha checks one client address may make per minute (0: no limit)", integer(func(c *Config) *int { return &c.CaptchaCheckPerMinute }, 0)},
	{"graphic-codes-per-minute", "60", "graphic codes one client address may be issued per minute, by POST /api/auth/verifycode and in the login page together (0: no limit)", integer(func(c *Config) *int { return &c.GraphicCodesPerMinute }, 0)},
	{"captcha-aes", "true", "issue a secretKey with each captcha and require pointJson AES-encrypted with it; false accepts plain JSON (no key issued)", boolean(func(c *Config) *bool { return &c.CaptchaAES })},
	{"captcha-background-dir", "", "folder of operator-supplied JPEG/PNG backgrounds (procedural backgrounds when empty)", str(func(c *Config) *string { return &c.CaptchaBackgroundDir })},
	{"upload-per-minute", "20", "uploads one account may start per minute; beyond, 429 (0: no limit)", integer(func(c *Config) *int { return &c.UploadsPerMinute }, 0)},
	{"upload-mb-per-day", "200", "megabytes one account may upload per day (Beijing time); an upload needs 10 MB of it left, and is charged its real size (0: no limit)", integer(func(c *Config) *int { return &c.UploadMBPerDay }, 0)},
	{"export-per-day", "3", "own-data exports one account may start per day (Beijing time); beyond, 429 (0: no limit); one account's exports never run two at a time", integer(func(c *Config) *int { return &c.ExportsPerDay }, 0)},
	{"export-concurrent", "4", "own-data exports one instance streams at once, all accounts together; beyond, 429 (0: no limit)", integer(func(c *Config) *int { return &c.ExportsConcurrent }, 0)},
	{"upload-free-disk-mb", "1024", "free megabytes uploads must leave on the files disk; below, uploads answer 503 (0: no floor)", integer(func(c *Config) *int { return &c.UploadFreeDiskMB }, 0)},
	{"sms-webhook-url", "", "HTTP endpoint that sends SMS: POSTed JSON {phone, text, scene}", func(c *Config, v string) error {
		if v != "" {
			if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") {
				return errors.New("must be an absolute http(s) URL")
			}
		}
		c.SMSWebhookURL = v
		return nil
	}},
	{"sms-vendor", "", "SMS through a vendor's API instead of the webhook: aliyun or tencent", func(c *Config, v string) error {
		if v != "" && v != "aliyun" && v != "tencent" {
			return errors.New("must be aliyun or tencent")
		}
		c.SMSVendor = v
		return nil
	}},
	{"sms-key-id", "", "the SMS vendor's AccessKeyId (aliyun) or SecretId (tencent)", str(func(c *Config) *string { return &c.SMSKeyID })},
	{"sms-key-secret", "", "the SMS vendor's AccessKeySecret (aliyun) or SecretKey (tencent)", str(func(c *Config) *string { return &c.SMSKeySecret })},
	{"sms-sign-name", "", "the SMS signature registered with the vendor", str(func(c *Config) *string { return &c.SMSSignName })},
	{"sms-app-id", "", "Tencent Cloud's SmsSdkAppId", str(func(c *Config) *string { return &c.SMSAppID })},
	{"sms-region", "ap-guangzhou", "Tencent Cloud's SMS region", str(func(c *Config) *string { return &c.SMSRegion })},
	{"sms-endpoint", "", "the SMS vendor's API base URL (default: its public endpoint; set for a gateway or a test server)", str(func(c *Config) *string { return &c.SMSEndpoint })},
	{"sms-templates", "", "registered template of each SMS scene: register=…,recover=…,password=…,phone=…,contact=…,login=…,realname_result=…,change_result=…,admission_result=… (docs/sms.md)", str(func(c *Config) *string { return &c.SMSTemplates })},
	{"sms-timeout", "5s", "longest wait for the SMS vendor or webhook on one send", duration(func(c *Config) *time.Duration { return &c.SMSTimeout })},
	{"smtp-addr", "", "SMTP server host:port for e-mail codes", str(func(c *Config) *string { return &c.SMTPAddr })},
	{"smtp-from", "", "sender address of e-mail codes", str(func(c *Config) *string { return &c.SMTPFrom })},
	{"smtp-user", "", "SMTP user (PLAIN auth; empty for none)", str(func(c *Config) *string { return &c.SMTPUser })},
	{"smtp-password", "", "SMTP password", str(func(c *Config) *string { return &c.SMTPPassword })},
	{"authorize-clients", "", "third-party applications allowed for authorisation login: id=https://app.example/callback,… ", func(c *Config, v string) error {
		c.AuthorizeClients = map[string]string{}
		for _, item := range strings.Split(v, ",") {
			if item = strings.TrimSpace(item); item == "" {
				continue
			}
			id, cb, ok := strings.Cut(item, "=")
			u, err := url.Parse(cb)
			if !ok || id == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return fmt.Errorf("%q must be id=absolute-callback-URL", item)
			}
			c.AuthorizeClients[id] = cb
		}
		return nil
	}},
	{"oidc-key-rotation-delay", "10m", "a new OpenID Connect signing key is published at once and signs only this long after `bidpass oidc keys rotate` or a scheduled rotation, so relying parties have fetched it; at least 75s (openid-client refetches a JWKS on an unknown kid only if its copy is 60 s old)", func(c *Config, v string) error {
		// The minimum is sso.KeyRotationDelayMin (a test keeps them equal).
		d, err := time.ParseDuration(v)
		if err != nil || d < OIDCKeyRotationDelayMin {
			return errors.New("must be a duration of at least 75s, such as 10m")
		}
		c.OIDCKeyRotationDelay = d
		return nil
	}},
	{"oidc-key-rotate-every", "2160h", "how often a new OpenID Connect signing key is made (90 days; 0 turns scheduled rotation off)", func(c *Config, v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 || (d > 0 && d < time.Hour) {
			return errors.New("must be 0 (off) or a duration of at least 1h, such as 2160h")
		}
		c.OIDCKeyRotateEvery = d
		return nil
	}},
	{"oidc-backchannel-allow-hosts", "", "comma-separated hosts a back-channel logout URI may name although they are or resolve to loopback, link-local or private addresses (relying parties on the internal network)", list(func(c *Config) *[]string { return &c.OIDCBackchannelAllowHosts })},
	{"ca-roots", "", "comma-separated PEM files of the CA certificates (roots and intermediates) trusted for certificate sign-in and binding; dev mode adds DATA_DIR/devca", list(func(c *Config) *[]string { return &c.CARoots })},
	{"ca-crls", "", "comma-separated CRLs of those CAs: files (PEM or DER) or http(s) URLs; a revoked certificate is refused", list(func(c *Config) *[]string { return &c.CACRLs })},
	{"ca-crl-refresh", "1h", "how often the CRLs are read again (a failed fetch keeps the previous list)", duration(func(c *Config) *time.Duration { return &c.CACRLRefresh })},
	{"ca-sha1", "true", "accept SHA-1 in a certificate signature (the spec's clients sign PKCS#7 with SHA-1); never accepted in a certificate chain", boolean(func(c *Config) *bool { return &c.CASHA1 })},
	{"ca-apply-url", "", "address where an authenticated account applies for a CA certificate (GET /api/caBuy/params answers it)", func(c *Config, v string) error {
		if v != "" {
			if u, err := url.Parse(v); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return errors.New("must be an absolute http(s) URL")
			}
		}
		c.CAApplyURL = v
		return nil
	}},
	{"ca-challenges-per-minute", "60", "certificate sign-in and recovery challenges one client address may ask for per minute (0: no limit)", integer(func(c *Config) *int { return &c.CAChallengesPerMinute }, 0)},
	{"data-key", "", "data keys sealing certificate numbers and key material at rest: base64 32-byte keys, comma-separated, the sealing one first (`bidpass keys new` makes one; keep the old one listed second until `bidpass keys rotate` has run)", str(func(c *Config) *string { return &c.DataKey })},
	{"data-key-file", "", "a file holding the data keys (one a line, the sealing one first), instead of BIDPASS_DATA_KEY", str(func(c *Config) *string { return &c.DataKeyFile })},
	{"data-key-command", "", "a command (run by sh -c) printing the data keys, as KMS clients do, instead of BIDPASS_DATA_KEY", str(func(c *Config) *string { return &c.DataKeyCommand })},
	{"retention-abandoned", "2160h", "registrations abandoned before any real-name submission are deleted, photos included, after this long without a sign-in (90 days)", duration(func(c *Config) *time.Duration { return &c.RetentionAbandoned })},
	{"retention-superseded", "8760h", "photos superseded by a newer submission are deleted this long after they were replaced (365 days)", duration(func(c *Config) *time.Duration { return &c.RetentionSuperseded })},
	{"ca-driver-file", "", "the CA driver offered at /api/management/templateFiles/ca_driver (not offered when empty)", str(func(c *Config) *string { return &c.CADriverFile })},
	{"ca-local-services", defaultLocalServices, "USB-key services on the user's machine the browser may call, vendor=origin,… (bjca, netca, longmai, szca; loopback only): the CSP connect-src lists exactly these and the certificate screens probe only these; empty for none", parseLocalServices},
}

// Load reads the settings: defaults, then environment, then flags in args.
// An invalid value stops with one line naming the setting.
func Load(args []string, getenv func(string) string) (*Config, error) {
	c := &Config{}
	values := make(map[string]string, len(settings))
	for _, s := range settings {
		values[s.name] = s.def
		if v := getenv(s.env()); v != "" {
			values[s.name] = v
		}
	}
	fs := flag.NewFlagSet("bidpass serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	for _, s := range settings {
		if s.def == "false" || s.def == "true" {
			fs.Func(s.name, s.usage, func(v string) error { values[s.name] = v; return nil })
			// A bare --dev means true.
			fs.Lookup(s.name).Value = boolFlag{name: s.name, values: values}
			continue
		}
		fs.Func(s.name, s.usage, func(v string) error { values[s.name] = v; return nil })
	}
	if err := fs.Parse(args); err != nil {
		return nil, fmt.Errorf("invalid arguments: %w", err)
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	for _, s := range settings {
		if err := s.set(c, values[s.name]); err != nil {
			return nil, fmt.Errorf("invalid setting %s (--%s): %v", s.env(), s.name, err)
		}
	}
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "bidpass.db")
	}
	if c.FilesDir == "" {
		c.FilesDir = filepath.Join(c.DataDir, "files")
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	}
	if err := c.loadS3(); err != nil {
		return nil, err
	}
	if c.SessionAbsolute < c.SessionIdle {
		return nil, errors.New("invalid setting BIDPASS_SESSION_ABSOLUTE (--session-absolute): must not be shorter than the idle timeout")
	}
	if c.StaffSessionAbsolute < c.StaffSessionIdle {
		return nil, errors.New("invalid setting BIDPASS_STAFF_SESSION_ABSOLUTE (--staff-session-absolute): must not be shorter than the idle timeout")
	}
	if (c.SMTPAddr == "") != (c.SMTPFrom == "") {
		return nil, errors.New("invalid setting BIDPASS_SMTP_FROM (--smtp-from): set both BIDPASS_SMTP_ADDR and BIDPASS_SMTP_FROM, or neither")
	}
	return c, nil
}

// loadS3 checks the S3 settings when uploads go to S3 and reads the secret
// key from its file if only the file is given.
func (c *Config) loadS3() error {
	if c.Files != "s3" {
		return nil
	}
	if c.S3.SecretKey == "" && c.S3.SecretKeyFile != "" {
		b, err := os.ReadFile(c.S3.SecretKeyFile)
		if err != nil {
			return fmt.Errorf("invalid setting BIDPASS_S3_SECRET_KEY_FILE (--s3-secret-key-file): %v", err)
		}
		c.S3.SecretKey = strings.TrimSpace(string(b))
	}
	for _, need := range []struct{ env, v string }{
		{"BIDPASS_S3_ENDPOINT (--s3-endpoint)", c.S3.Endpoint},
		{"BIDPASS_S3_BUCKET (--s3-bucket)", c.S3.Bucket},
		{"BIDPASS_S3_ACCESS_KEY (--s3-access-key)", c.S3.AccessKey},
		{"BIDPASS_S3_SECRET_KEY (--s3-secret-key) or BIDPASS_S3_SECRET_KEY_FILE", c.S3.SecretKey},
	} {
		if need.v == "" {
			return fmt.Errorf("invalid setting BIDPASS_FILES (--files): s3 needs %s", need.env)
		}
	}
	return nil
}

// HTTPS reports whether users reach the portal over https.
func (c *Config) HTTPS() bool { return strings.HasPrefix(c.PublicURL, "https://") }

// JSONLogs reports whether logs are JSON.
func (c *Config) JSONLogs() bool {
	if c.LogFormat == "" {
		return !c.Dev
	}
	return c.LogFormat == "json"
}

type boolFlag struct {
	name   string
	values map[string]string
}

func (b boolFlag) String() string { return "" }
func (b boolFlag) Set(v string) error {
	b.values[b.name] = v
	return nil
}
func (b boolFlag) IsBoolFlag() bool { return true }

// WriteDoc writes the settings table in Markdown (docs/configuration.md).
func WriteDoc(w io.Writer) error {
	var b strings.Builder
	b.WriteString("| Variable | Flag of `bidpass serve` | Default | What it sets |\n|---|---|---|---|\n")
	for _, s := range settings {
		def := s.def
		if def == "" {
			def = "—"
		}
		fmt.Fprintf(&b, "| `%s` | `--%s` | %s | %s |\n", s.env(), s.name, def, s.usage)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
