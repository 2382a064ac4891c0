// Package devices is the holder's list of signed-in devices: every live
// session of the account with how it was signed in, the browser and system
// in words, the masked address, its activity and the systems signed in
// through it; and ending one, or all but this one, with what hangs on
// them (docs/decisions/sessions-and-devices.md).
package devices

import (
	"context"
	"net"
	"strconv"
	"strings"
	"time"

	useragent "github.com/medama-io/go-useragent"

	"bidpass/internal/session"
)

// SignIns are the OpenID Connect sign-ins hanging on portal sessions
// (sso.Service); staff sessions have none (nil).
type SignIns interface {
	// SessionClients names the clients signed in through each session
	// of the account, by session hash.
	SessionClients(ctx context.Context, accountID int64) (map[string][]string, error)
	// EndSession revokes the sign-ins made through the session and sends
	// their clients a back-channel logout.
	EndSession(ctx context.Context, accountID int64, sessionHash string) error
}

// Device is one live session as the holder sees it.
type Device struct {
	ID         string
	Current    bool     // the session making the request (本机)
	Methods    []string // how it was signed in (session.Method… values)
	Way        string   // the methods in words
	Browser    string
	System     string
	Address    string // masked
	SignedInAt time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	Clients    []string // the systems signed in through it
}

// Service lists and ends a subject's sessions.
type Service struct {
	sessions *session.Devices
	signIns  SignIns
	parser   *useragent.Parser
}

// New returns the service; signIns may be nil (staff).
func New(sessions *session.Devices, signIns SignIns) *Service {
	return &Service{sessions: sessions, signIns: signIns, parser: useragent.NewParser()}
}

// Limits returns the idle and absolute limits of the kind's sessions.
func (s *Service) Limits(kind session.Kind) session.Limits { return s.sessions.Limits(kind) }

// List returns p's subject's live sessions, p's own marked current.
func (s *Service) List(ctx context.Context, p session.Principal) ([]Device, error) {
	rs, err := s.sessions.Live(ctx, p.Kind, p.ID)
	if err != nil {
		return nil, err
	}
	clients := map[string][]string{}
	if s.signIns != nil && p.Kind == session.Portal {
		if clients, err = s.signIns.SessionClients(ctx, p.ID); err != nil {
			return nil, err
		}
	}
	out := make([]Device, 0, len(rs))
	for _, r := range rs {
		browser, system := s.Describe(r.UserAgent)
		out = append(out, Device{
			ID: r.ID, Current: r.TokenHash == p.TokenHash, Methods: r.Methods, Way: Way(r.Methods),
			Browser: browser, System: system, Address: MaskAddress(r.ClientAddr),
			SignedInAt: r.CreatedAt, LastSeenAt: r.LastSeenAt, ExpiresAt: r.ExpiresAt,
			Clients: clients[r.TokenHash],
		})
	}
	return out, nil
}

// End ends the subject's session id and the sign-ins made through it
// (the caller's own session too: that is a logout of this device alone).
func (s *Service) End(ctx context.Context, p session.Principal, id string) error {
	h, err := s.sessions.End(ctx, p.Kind, p.ID, id)
	if err != nil {
		return err
	}
	return s.endSignIns(ctx, p, []string{h})
}

// EndOthers ends every session of p's subject but p's own.
func (s *Service) EndOthers(ctx context.Context, p session.Principal) (int, error) {
	hs, err := s.sessions.EndOthers(ctx, p)
	if err != nil {
		return 0, err
	}
	return len(hs), s.endSignIns(ctx, p, hs)
}

func (s *Service) endSignIns(ctx context.Context, p session.Principal, hashes []string) error {
	if s.signIns == nil || p.Kind != session.Portal {
		return nil
	}
	for _, h := range hashes {
		if err := s.signIns.EndSession(ctx, p.ID, h); err != nil {
			return err
		}
	}
	return nil
}

// Describe names the browser and the system of a User-Agent in words
// (with the browser's major version); what the parser does not know is
// 未知浏览器 / 未知系统.
func (s *Service) Describe(userAgent string) (browser, system string) {
	a := s.parser.Parse(userAgent)
	browser = string(a.Browser())
	if browser == "" {
		browser = "未知浏览器"
	} else if v := a.BrowserVersionMajor(); v != "" {
		browser += " " + v
	}
	system = string(a.OS())
	switch {
	case system == "":
		system = "未知系统"
	case a.IsMobile():
		system += "（手机）"
	case a.IsTablet():
		system += "（平板）"
	}
	return browser, system
}

// wayWords are the sign-in methods in words, in the order they are shown.
var wayWords = []struct{ method, words string }{
	{session.MethodPassword, "密码"},
	{session.MethodSMS, "短信验证码"},
	{session.MethodHardKey, "CA 数字证书（USB Key）"},
	{session.MethodSoftKey, "CA 数字证书（软证书）"},
	{session.MethodOTP, "动态口令"},
}

// Way says how a session was signed in: its methods in words, joined by
// ＋; a session that recorded none (from before the methods were kept,
// or staff) is 密码.
func Way(methods []string) string {
	var ws []string
	for _, w := range wayWords {
		for _, m := range methods {
			if m == w.method {
				ws = append(ws, w.words)
			}
		}
	}
	if len(ws) == 0 {
		return "密码"
	}
	return strings.Join(ws, " + ")
}

// MaskAddress keeps an IPv4 address's first three bytes (203.0.113.*)
// and an IPv6 address's /48 (2001:db8:1::/48): enough for the holder to
// tell the office from elsewhere, not a person's line.
func MaskAddress(addr string) string {
	ip := net.ParseIP(addr)
	if ip == nil {
		return "未知"
	}
	if v4 := ip.To4(); v4 != nil {
		return strconv.Itoa(int(v4[0])) + "." + strconv.Itoa(int(v4[1])) + "." + strconv.Itoa(int(v4[2])) + ".*"
	}
	return (&net.IPNet{IP: ip.Mask(net.CIDRMask(48, 128)), Mask: net.CIDRMask(48, 128)}).String()
}
