// Package httpapi is bidpass's HTTP surface: NewServer builds the handler,
// routes.go lists every route, one file of handlers per capability, and
// respond.go holds the envelope and the one table from errors to statuses.
// It never writes SQL; it calls capability services.
package httpapi

import (
	"context"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"bidpass/internal/admission"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/captcha"
	"bidpass/internal/certificate"
	"bidpass/internal/clock"
	"bidpass/internal/dataexport"
	"bidpass/internal/devices"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/graphiccode"
	"bidpass/internal/mfa"
	"bidpass/internal/operator"
	"bidpass/internal/profile"
	"bidpass/internal/pwtransport"
	"bidpass/internal/recovery"
	"bidpass/internal/refdata"
	"bidpass/internal/registration"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/sms"
	"bidpass/internal/sso"
	staffsvc "bidpass/internal/staff"
)

// Pinger is something /readyz checks (the database, Redis).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Observer counts what the server does (internal/metrics).
type Observer interface {
	// Request records a finished request by the route pattern it matched
	// ("" when none did).
	Request(route string, status int, d time.Duration)
	// Captcha records a captcha check's outcome.
	Captcha(passed bool)
}

type noMetrics struct{}

func (noMetrics) Request(string, int, time.Duration) {}
func (noMetrics) Captcha(bool)                       {}

// Deps are the services the handlers call, built by internal/app.
type Deps struct {
	Log            *slog.Logger
	Clock          clock.Clock
	Dev            bool
	HTTPS          bool
	TrustedProxies []*net.IPNet
	// Ready lists what /readyz checks, by name.
	Ready map[string]Pinger
	// Metrics counts requests and captcha outcomes for the metrics
	// listener (internal/metrics); nil counts nothing.
	Metrics Observer
	// Ephemeral holds the per-client limits of routes no capability
	// guards (throttle); nil gives this server a memory store of its own.
	Ephemeral ephemeral.Store
	// App is the built React app (web/dist); Runtime is the JSON injected
	// into its bidpass-config meta tag.
	App     fs.FS
	Runtime RuntimeConfig

	Sessions *session.Service
	// Devices lists and ends the caller's sessions (devices.go).
	Devices *devices.Service
	// History is the caller's recent sign-ins (devices.go).
	History *devices.History

	// RefData is the reference data (areas, industries, config lists).
	RefData *refdata.Catalog
	// Files stores uploads.
	Files *files.Service
	// Captcha is the AJ-Captcha service; GraphicCodes the typed picture
	// codes (captcha.go).
	Captcha      *captcha.Service
	GraphicCodes *graphiccode.Service
	// GraphicCodesPerMinute is how many graphic codes one client address may
	// be issued a minute, by the endpoint and the login page together; 0: no
	// limit.
	GraphicCodesPerMinute int

	// Keys decrypts transported passwords; Auth signs in; SMS sends and
	// checks SMS and e-mail codes; Recovery resets forgotten passwords;
	// Outbox is the development sender (nil outside --dev) (auth.go, docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery").
	Keys     *pwtransport.Keyring
	Auth     *auth.Service
	SMS      *sms.Service
	Recovery *recovery.Service
	Outbox   *sms.Outbox

	// Registration signs persons and enterprises up (registration.go, docs/decisions/registration.md, "Registration (registration engineer)").
	Registration *registration.Service

	// Profile is the account centre (profile.go, docs/decisions/account-centre.md, "Account centre").
	Profile *profile.Service

	// Operators runs operator links (operators.go, docs/decisions/operators.md, "Operator links").
	Operators *operator.Service
	// Admission is library admission (admission.go, docs/decisions/admission.md, "Library admission").
	Admission *admission.Service
	// DataExport is the holder's download of their data (dataexport.go, docs/decisions/personal-data.md, "Data protection").
	DataExport *dataexport.Service

	// Certificates is CA certificate sign-in, binding and recovery
	// (certificates.go, docs/decisions/certificates.md, "CA digital certificates, server side").
	Certificates *certificate.Service

	// Staff signs staff in and keeps their action log; Reviews runs the
	// review queues (admin.go, docs/decisions/review-and-staff.md, "Review console and staff").
	Staff   *staffsvc.Service
	Reviews *review.Service

	// SecondFactor is the TOTP factor and its recovery codes (second_factor.go, docs/decisions/second-factor.md).
	SecondFactor *mfa.Service

	// SSO is the OpenID Connect provider (sso.go, docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)").
	SSO *sso.Service
}

// RuntimeConfig is what the browser app learns about the server at load.
type RuntimeConfig struct {
	Dev       bool   `json:"dev"`
	SiteTitle string `json:"siteTitle"`
	HelpPhone string `json:"helpPhone"`
	HelpQQ    string `json:"helpQQ,omitempty"`
	// CertServices are the loopback origins of the USB-key vendors'
	// services, by vendor in the order to try (docs/decisions/certificates.md, "CA digital certificates in the browser: USB keys and the CSP"); the CSP's
	// connect-src lists the same origins.
	CertServices map[string][]string `json:"certServices,omitempty"`
}

// LocalServiceOrigins lists the origins of CertServices once each, sorted so
// the header is the same on every response.
func (rc RuntimeConfig) LocalServiceOrigins() []string {
	var out []string
	for _, origins := range rc.CertServices {
		out = append(out, origins...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// maxRequestBody bounds any request body (uploads are 10 MB plus multipart
// framing); JSON bodies have a much smaller limit in decode.
const maxRequestBody = 11 << 20

// router registers handlers and remembers the patterns, so a test can
// compare the API surface with api/openapi.yaml.
type router struct {
	mux      *http.ServeMux
	patterns []string
}

func (rt *router) handle(pattern string, h http.Handler) {
	rt.patterns = append(rt.patterns, pattern)
	rt.mux.Handle(pattern, checkPathValues(pattern, h))
}

// pathWildcard matches a wildcard of a route pattern: {id}, {rest...}.
var pathWildcard = regexp.MustCompile(`\{([^}.]+)(?:\.\.\.)?\}`)

// checkPathValues answers 404 for a path parameter that holds a control
// byte or is not UTF-8, before h runs: no id, account name or token has
// either, and PostgreSQL refuses such text in a statement (an error that
// would surface as a 500). One check here covers every route.
func checkPathValues(pattern string, h http.Handler) http.Handler {
	var names []string
	for _, m := range pathWildcard.FindAllStringSubmatch(pattern, -1) {
		names = append(names, m[1])
	}
	if len(names) == 0 {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for _, n := range names {
			if !plainText(r.PathValue(n)) {
				respondError(w, r, apperr.ErrNotFound)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// plainText reports whether s is UTF-8 without control characters.
func plainText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, c := range s {
		if unicode.IsControl(c) {
			return false
		}
	}
	return true
}

// NewServer returns the whole HTTP handler.
func NewServer(d Deps) http.Handler {
	h, _ := newServer(d)
	return h
}

func newServer(d Deps) (http.Handler, []string) {
	if d.Ephemeral == nil {
		clk := d.Clock
		if clk == nil {
			clk = clock.System{}
		}
		d.Ephemeral = ephemeral.NewMemory(clk)
	}
	if d.Metrics == nil {
		d.Metrics = noMetrics{}
	}
	rt := &router{mux: http.NewServeMux()}
	addRoutes(rt, d)
	// Unknown API paths answer 404 in the envelope, not the app's page.
	// Because these catch-alls match every method, a known path called with
	// the wrong method also gets the envelope's 404.
	notFound := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		respondError(w, r, apperr.ErrNotFound)
	})
	rt.mux.Handle("/api/", notFound)
	rt.mux.Handle("/captcha/", notFound)
	protocolMethods(rt)
	rt.mux.Handle("/", handleApp(d.App, d.Runtime, graphicCodesOf(d), d.Log))
	var h http.Handler = rt.mux
	h = recogniseDevice(d.HTTPS, h)
	h = secure(d.HTTPS, contentSecurityPolicy(d.Runtime.LocalServiceOrigins()), h)
	h = observe(d.Log, d.TrustedProxies, d.Metrics, maxRequestBody, h)
	return h, rt.patterns
}

// protocolMethods answers a provider endpoint (/oidc/…, discovery) called
// with a method it does not take 405 with the Allow header (RFC 9110
// §15.5.6), instead of the catch-all's page: a relying party that POSTs
// to the JWKS or GETs the token endpoint learns what is wrong. One
// method-less pattern per path, less specific than the routes' own
// (docs/decisions/oidc-protocol.md, "Wrong methods at the provider: 405").
func protocolMethods(rt *router) {
	allow := map[string][]string{}
	var paths []string
	for _, p := range rt.patterns {
		method, path, ok := strings.Cut(p, " ")
		if !ok || !(strings.HasPrefix(path, "/oidc/") || strings.HasPrefix(path, "/.well-known/")) {
			continue
		}
		if allow[path] == nil {
			paths = append(paths, path)
		}
		allow[path] = append(allow[path], method)
		if method == http.MethodGet {
			allow[path] = append(allow[path], http.MethodHead)
		}
	}
	for _, path := range paths {
		methods := strings.Join(allow[path], ", ")
		rt.mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", methods)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusMethodNotAllowed)
			_, _ = io.WriteString(w, `{"error":"invalid_request","error_description":"method not allowed"}`)
		})
	}
}

type principalKey struct{}

// principalFrom returns the session principal put in the context by
// requirePortal or requireStaff. Handlers take the acting account only from
// here, never from an id the client sends.
func principalFrom(ctx context.Context) session.Principal {
	p, _ := ctx.Value(principalKey{}).(session.Principal)
	return p
}

// requireSession admits requests with a live session of the given kind.
func requireSession(s *session.Service, kind session.Kind, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := s.Authenticate(r.Context(), kind, bearerToken(r))
		if err != nil {
			respondError(w, r, err)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), principalKey{}, p)))
	})
}

// portal wraps a handler that needs a signed-in portal account.
func portal(d Deps, h http.Handler) http.Handler {
	return requireSession(d.Sessions, session.Portal, h)
}

// staff wraps a handler that needs a signed-in staff member.
func staff(d Deps, h http.Handler) http.Handler { return requireSession(d.Sessions, session.Staff, h) }
