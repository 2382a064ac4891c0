package sso

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"time"

	"bidpass/internal/apperr"
)

// Back-channel logout (docs/sso.md, "Back-channel logout"): the provider
// POSTs to an address an administrator typed, from inside the network, so
// the address must not reach what only the provider can reach: loopback,
// link-local (the cloud metadata service at 169.254.169.254), private,
// unspecified and multicast addresses are refused when the client is
// registered and again when a token is sent, unless the host is allow-listed
// (BIDPASS_OIDC_BACKCHANNEL_ALLOW_HOSTS). At send time the host is resolved,
// every address checked, and only a checked address dialled, so a DNS answer
// that changes between the check and the connection (rebinding) cannot
// swap in another.

// Resolver looks host names up: *net.Resolver.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Timeouts and limits of a back-channel logout request: a relying party
// that does not answer quickly is given up on (the user's logout does not
// wait for it anyway), and its answer is not read beyond a few bytes.
const (
	backchannelConnect  = 3 * time.Second
	backchannelTotal    = 5 * time.Second
	backchannelBodyRead = 4 << 10
)

// The console's messages for a refused back-channel logout URI.
const (
	msgBackchannelHTTPS   = "后端退出通知地址须使用 https"
	msgBackchannelForm    = "后端退出通知地址须为完整的 https 地址，且不含 # 片段或用户名"
	msgBackchannelNumeric = "后端退出通知地址的主机须为域名或标准写法的 IP 地址"
	msgBackchannelPrivate = "后端退出通知地址不能指向本机、内网、链路本地、组播或未指定地址；内网中的应用须由管理员在配置中允许其主机（BIDPASS_OIDC_BACKCHANNEL_ALLOW_HOSTS）"
)

const backchannelField = "backchannelLogoutUri"

// errRefusedAddress is what the dialer answers for an address it refuses.
var errRefusedAddress = errors.New("back-channel logout: address refused")

// backchannel is the policy and the HTTP client that follows it.
type backchannel struct {
	allow    map[string]bool // normalised host names and IP literals
	resolver Resolver
	insecure bool // the provider itself runs on http (development): http accepted
	client   *http.Client
}

func newBackchannel(allowHosts []string, r Resolver, insecure bool) *backchannel {
	if r == nil {
		r = net.DefaultResolver
	}
	b := &backchannel{allow: map[string]bool{}, resolver: r, insecure: insecure}
	for _, h := range allowHosts {
		b.allow[normalHost(strings.Trim(h, "[]"))] = true
	}
	b.client = &http.Client{
		Timeout: backchannelTotal,
		// A redirect would be a second address nobody registered.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport: &http.Transport{
			Proxy:                 nil, // a proxy would dial the address unchecked
			DialContext:           b.dial,
			TLSHandshakeTimeout:   backchannelConnect,
			ResponseHeaderTimeout: backchannelTotal,
			DisableKeepAlives:     true,
		},
	}
	return b
}

// normalHost is host as compared: lower case, without a trailing dot.
func normalHost(h string) string { return strings.TrimSuffix(strings.ToLower(h), ".") }

// publicAddr reports whether a may be sent to without an allow-list entry.
func publicAddr(a netip.Addr) bool {
	if a.Zone() != "" {
		return false
	}
	a = a.Unmap()
	if a.Is6() {
		// Addresses that carry an IPv4 address inside (NAT64, 6to4, the
		// old IPv4-compatible form) are judged by it.
		b := a.As16()
		switch {
		case netip.PrefixFrom(netip.MustParseAddr("64:ff9b::"), 96).Contains(a),
			netip.PrefixFrom(netip.IPv6Unspecified(), 96).Contains(a) && a != netip.IPv6Unspecified() && a != netip.IPv6Loopback():
			return publicAddr(netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]}))
		case netip.PrefixFrom(netip.MustParseAddr("2002::"), 16).Contains(a):
			return publicAddr(netip.AddrFrom4([4]byte{b[2], b[3], b[4], b[5]}))
		}
	}
	if a.IsLoopback() || a.IsLinkLocalUnicast() || a.IsLinkLocalMulticast() || a.IsInterfaceLocalMulticast() ||
		a.IsMulticast() || a.IsPrivate() || a.IsUnspecified() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(a) {
			return false
		}
	}
	return true
}

// nonPublic are the IPv4 ranges netip has no predicate for that are not
// the internet either (RFC 6890).
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and the broadcast address
	netip.MustParsePrefix("fec0::/10"),       // site-local (deprecated)
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
}

// numericHost reports whether a host that is not a standard IP literal
// still reads as a number: 2130706433, 0x7f000001, 0177.0.0.1 and 127.1
// are 127.0.0.1 to some resolvers (inet_aton), and no DNS name ends in a
// label of digits.
func numericHost(h string) bool {
	last := h[strings.LastIndexByte(h, '.')+1:]
	if last == "" {
		return false
	}
	if strings.HasPrefix(last, "0x") {
		return true
	}
	return strings.Trim(last, "0123456789") == ""
}

// addresses resolves host (an IP literal stands for itself).
func (b *backchannel) addresses(ctx context.Context, host string) ([]netip.Addr, error) {
	if a, err := netip.ParseAddr(host); err == nil {
		return []netip.Addr{a}, nil
	}
	if numericHost(host) {
		return nil, fmt.Errorf("%w: numeric host %q", errRefusedAddress, host)
	}
	return b.resolver.LookupNetIP(ctx, "ip", host)
}

// checkURI is the registration check of a back-channel logout URI.
func (b *backchannel) checkURI(ctx context.Context, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Host == "" || u.Fragment != "" || u.User != nil {
		return apperr.Field(backchannelField, msgBackchannelForm)
	}
	if u.Scheme != "https" && (u.Scheme != "http" || !b.insecure) {
		return apperr.Field(backchannelField, msgBackchannelHTTPS)
	}
	host := normalHost(u.Hostname())
	if b.allow[host] {
		return nil
	}
	if _, err := netip.ParseAddr(host); err != nil && numericHost(host) {
		return apperr.Field(backchannelField, msgBackchannelNumeric)
	}
	ctx, cancel := context.WithTimeout(ctx, backchannelConnect)
	defer cancel()
	addrs, err := b.addresses(ctx, host)
	if err != nil {
		// A name that does not resolve yet (a system still being set up)
		// is accepted: it is checked again at every send.
		return nil
	}
	for _, a := range addrs {
		if !publicAddr(a) {
			return apperr.Field(backchannelField, msgBackchannelPrivate)
		}
	}
	return nil
}

// dial connects to address only through addresses it checked itself.
func (b *backchannel) dial(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	host = normalHost(host)
	addrs, err := b.addresses(ctx, host)
	if err != nil {
		return nil, err
	}
	if !b.allow[host] {
		for _, a := range addrs {
			if !publicAddr(a) {
				return nil, fmt.Errorf("%w: %s is %s", errRefusedAddress, host, a)
			}
		}
	}
	d := net.Dialer{Timeout: backchannelConnect}
	for _, a := range addrs {
		var c net.Conn
		if c, err = d.DialContext(ctx, network, net.JoinHostPort(a.String(), port)); err == nil {
			return c, nil
		}
	}
	if err == nil {
		err = fmt.Errorf("back-channel logout: %s has no address", host)
	}
	return nil, err
}

// send POSTs a logout token to uri (OpenID Back-Channel Logout 1.0 §2.5).
func (b *backchannel) send(ctx context.Context, uri, token string) error {
	u, err := url.Parse(uri)
	if err != nil || (u.Scheme != "https" && (u.Scheme != "http" || !b.insecure)) {
		return fmt.Errorf("%w: %q is not https", errRefusedAddress, uri)
	}
	ctx, cancel := context.WithTimeout(ctx, backchannelTotal)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, uri, strings.NewReader(url.Values{"logout_token": {token}}.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	res, err := b.client.Do(req)
	if err != nil {
		return err
	}
	_, _ = io.CopyN(io.Discard, res.Body, backchannelBodyRead)
	_ = res.Body.Close()
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusNoContent {
		return fmt.Errorf("back-channel logout answered %d", res.StatusCode)
	}
	return nil
}
