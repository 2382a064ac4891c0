package httpapi

import (
	"net/http"
	"strings"
	"time"

	"bidpass/internal/certificate"
)

// Certificate sign-in, binding and recovery (docs/decisions/certificates.md, "CA digital certificates, server side"; docs/spec/DECISIONS.md
// "Certificates, operators, library admission: the contract"). The binding
// routes act for the session's account only.

// certProofBody is what a client sends after its key signed a challenge.
// serialNumber names the chosen certificate (sign-in and recovery);
// certificate (base64 DER) comes beside a raw signature when the client has
// it. The spec's number, validStart, validEnd and pubKey are ignored: they
// are read from the certificate.
type certProofBody struct {
	SerialNumber string     `json:"serialNumber"`
	SignToken    string     `json:"signToken"`
	SignType     flexString `json:"signType"`
	Certificate  string     `json:"certificate"`
	// KeySource is "key" when a USB-key vendor's component signed, "soft"
	// (or absent) for a soft certificate signed in the page.
	KeySource string `json:"keySource"`
}

func (b certProofBody) signed() (certificate.Signed, error) {
	t := 1 // the spec's clients send PKCS#7 (signType 1)
	if b.SignType.set && b.SignType.v == "2" {
		t = 2
	} else if b.SignType.set && b.SignType.v != "1" {
		t = 0
	}
	return certificate.DecodeSigned(b.SignToken, t, b.Certificate)
}

type certSerialBody struct {
	SerialNumber string `json:"serialNumber"`
}

// certificateJSON is a bound certificate (02 §3): validity and bind time
// in RFC 3339 (UTC); state 1 valid, 2 expired, 3 not yet valid.
type certificateJSON struct {
	ID         int64  `json:"id"`
	Number     string `json:"number"`
	DN         string `json:"dn"`
	Issuer     string `json:"issuer"`
	ValidStart string `json:"validStart"`
	ValidEnd   string `json:"validEnd"`
	State      int    `json:"state"`
	BindTime   string `json:"bindTime"`
}

// certificateLogJSON is a row of the bind/unbind record: handleType 1 bind,
// 2 unbind.
type certificateLogJSON struct {
	ID         int64  `json:"id"`
	HandleType int    `json:"handleType"`
	Number     string `json:"number"`
	DN         string `json:"dn"`
	ValidStart string `json:"validStart"`
	ValidEnd   string `json:"validEnd"`
	HandleTime string `json:"handleTime"`
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// certificatesOf is certificateOf of each binding, at one instant for all.
func certificatesOf(bs []certificate.Binding, now time.Time) []certificateJSON {
	out := make([]certificateJSON, 0, len(bs))
	for _, b := range bs {
		out = append(out, certificateOf(b, now))
	}
	return out
}

func certificateOf(b certificate.Binding, now time.Time) certificateJSON {
	state := 1
	switch {
	case now.After(b.ValidEnd):
		state = 2
	case now.Before(b.ValidStart):
		state = 3
	}
	return certificateJSON{ID: b.ID, Number: b.Serial, DN: b.SubjectDN, Issuer: b.IssuerDN, ValidStart: rfc3339(b.ValidStart),
		ValidEnd: rfc3339(b.ValidEnd), State: state, BindTime: rfc3339(b.BoundAt)}
}

// handleCertChallenge serves POST /api/login/cert/prev and POST
// /api/retrieve/pwd/cert/prev {serialNumber} → data: the challenge.
func handleCertChallenge(d Deps, issue challengeIssuer) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b certSerialBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		ch, err := issue(s)(r, b.SerialNumber, clientFrom(r.Context()).Addr, certBrowser(w, r, d.HTTPS))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, ch)
	})
}

// challengeIssuer picks which challenge a /prev route issues: sign-in,
// recovery or staff sign-in.
type challengeIssuer func(*certificate.Service) func(r *http.Request, serial, addr, browser string) (string, error)

func signInChallenge(s *certificate.Service) func(r *http.Request, serial, addr, browser string) (string, error) {
	return func(r *http.Request, serial, addr, browser string) (string, error) {
		return s.SignInChallenge(r.Context(), serial, addr, browser)
	}
}

func recoveryChallenge(s *certificate.Service) func(r *http.Request, serial, addr, browser string) (string, error) {
	return func(r *http.Request, serial, addr, browser string) (string, error) {
		return s.RecoveryChallenge(r.Context(), serial, addr, browser)
	}
}

// decodeProof reads a signed challenge and who sent it.
func decodeProof(w http.ResponseWriter, r *http.Request) (certificate.Proof, error) {
	var b certProofBody
	if err := decode(w, r, &b); err != nil {
		return certificate.Proof{}, err
	}
	sig, err := b.signed()
	if err != nil {
		return certificate.Proof{}, err
	}
	c := clientFrom(r.Context())
	return certificate.Proof{Serial: b.SerialNumber, Signed: sig, ClientAddr: c.Addr, UserAgent: c.UserAgent,
		Hardware: b.KeySource == "key", Browser: certBrowserOf(r)}, nil
}

// certBrowserCookie names the browser a serial's challenges are issued to
// (docs/decisions/races-and-denial.md, "Certificate sign-in cannot be
// denied by the serial"): random, HttpOnly, sent only to the API and only
// by the site's own pages. It grants nothing; it keeps a stranger's
// challenges apart from the holder's.
const certBrowserCookie = "bidpass_cert_browser"

// certBrowserOf is the request's challenge cookie (randomCookie).
func certBrowserOf(r *http.Request) string { return randomCookie(r, certBrowserCookie) }

// certBrowser is certBrowserOf, after giving a browser without the cookie
// a new one (a cookie for the session of the browser: a challenge lives
// two minutes).
func certBrowser(w http.ResponseWriter, r *http.Request, https bool) string {
	if v := certBrowserOf(r); v != "" {
		return v
	}
	v := randomID()
	http.SetCookie(w, &http.Cookie{Name: certBrowserCookie, Value: v, Path: "/api/", HttpOnly: true, Secure: https,
		SameSite: http.SameSiteStrictMode})
	return v
}

// handleCertSignIn serves POST /api/login/cert: the answer of a password
// sign-in (PUT /api/auth/authToken).
func handleCertSignIn(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := decodeProof(w, r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		res, err := s.SignIn(r.Context(), p)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "登录成功", signInOut(res))
	})
}

// handleCertRecover serves POST /api/retrieve/pwd/cert: the answer of the
// phone step (the account and a checkCode for /api/retrieve/pwd/reset).
func handleCertRecover(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := decodeProof(w, r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		res, err := s.Recover(r.Context(), p)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, recoverFindOut(res))
	})
}

// handleCertList serves GET /api/certificate/list: the caller's bound
// certificates.
func handleCertList(d Deps) http.Handler {
	s, clk := d.Certificates, d.Clock
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		bs, err := s.Bound(r.Context(), p.ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, certificatesOf(bs, clk.Now()))
	})
}

// handleCertLog serves GET /api/certificate/log?page&pageSize.
func handleCertLog(d Deps) http.Handler {
	return ownPage(d.Certificates.Log, func(e certificate.LogEntry) certificateLogJSON {
		return certificateLogJSON{ID: e.ID, HandleType: e.HandleType, Number: e.Serial, DN: e.SubjectDN,
			ValidStart: rfc3339(e.ValidStart), ValidEnd: rfc3339(e.ValidEnd), HandleTime: rfc3339(e.HandledAt)}
	})
}

// handleCertBindChallenge serves POST /api/certificate/add/prev.
func handleCertBindChallenge(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ch, err := s.BindChallenge(r.Context(), principalFrom(r.Context()).ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, ch)
	})
}

// certBindBody is the bind request; an accountId or id in it must be the
// caller's.
type certBindBody struct {
	certProofBody
	accountRef
}

// handleCertBind serves POST /api/certificate/add {signToken, signType,
// certificate?}.
func handleCertBind(d Deps) http.Handler {
	s, clk := d.Certificates, d.Clock
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b certBindBody
		if err := decodeActing(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		sig, err := b.signed()
		if err != nil {
			respondError(w, r, err)
			return
		}
		bound, err := s.Bind(r.Context(), principalFrom(r.Context()).ID, sig)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "绑定成功", certificateOf(bound, clk.Now()))
	})
}

// handleCertUnbind serves DELETE /api/certificate/log/{accountId}: the
// caller unbinds its own certificate (the id must be the caller's).
func handleCertUnbind(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := sameAccount(p.ID, r.PathValue("accountId")); err != nil {
			respondError(w, r, err)
			return
		}
		if err := s.Unbind(r.Context(), p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, nil)
	})
}

// handleCAApply serves GET /api/caBuy/params: the CA application address
// for an authenticated account (empty, with a message saying so, while
// none is configured).
func handleCAApply(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := queryAccount(r, p.ID); err != nil {
			respondError(w, r, err)
			return
		}
		u, err := s.ApplyURL(r.Context(), p.ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		if u == "" {
			// Not an error of the caller's: the page shows the message.
			respondMsg(w, certificate.MsgApplyMissing, u)
			return
		}
		respond(w, u)
	})
}

// handleCADriver serves GET /api/management/templateFiles/ca_driver: the
// configured driver file as a download.
func handleCADriver(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f, err := s.Driver()
		if err != nil {
			respondError(w, r, err)
			return
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			respondError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Disposition", attachmentName(st.Name()))
		http.ServeContent(w, r, "", st.ModTime(), f)
	})
}

// attachmentName is the Content-Disposition of a configured download: the
// name percent-encoded in filename* (RFC 6266), and an ASCII-safe fallback.
func attachmentName(name string) string {
	fallback := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '%' || r == ';' {
			return '_'
		}
		return r
	}, name)
	return `attachment; filename="` + fallback + `"; filename*=UTF-8''` + rfc5987(name)
}

func staffChallenge(s *certificate.Service) func(r *http.Request, serial, addr, browser string) (string, error) {
	return func(r *http.Request, serial, addr, browser string) (string, error) {
		return s.StaffSignInChallenge(r.Context(), serial, addr, browser)
	}
}

// staffSignedIn is the answer of a staff sign-in, as the password one's.
type staffSignedIn struct {
	AccessToken string    `json:"accessToken"`
	Staff       staffJSON `json:"staff"`
	// RecoveryCodes come with the sign-in that enrolled the factor, once.
	RecoveryCodes []string `json:"recoveryCodes,omitempty"`
}

// handleStaffCertSignIn serves POST /api/admin/login/cert: a staff member
// signs in with the certificate an administrator bound to them.
func handleStaffCertSignIn(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := decodeProof(w, r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		tok, st, err := s.StaffSignIn(r.Context(), p)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "登录成功", staffSignedIn{AccessToken: tok, Staff: staffOut(st)})
	})
}

// handleStaffCertList serves GET /api/admin/staff/{id}/certificate
// (administrators).
func handleStaffCertList(d Deps) http.Handler {
	s, clk := d.Certificates, d.Clock
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		bs, err := s.StaffCertificates(r.Context(), staffFrom(r.Context()), id)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, certificatesOf(bs, clk.Now()))
	})
}

// handleStaffCertBindChallenge serves POST
// /api/admin/staff/{id}/certificate/prev (administrators): the challenge
// the member's key signs.
func handleStaffCertBindChallenge(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		ch, err := s.StaffBindChallenge(r.Context(), staffFrom(r.Context()), id)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, ch)
	})
}

// handleStaffCertBind serves PUT /api/admin/staff/{id}/certificate
// {signToken, signType, certificate?}: an administrator binds the
// certificate whose key signed the member's binding challenge.
func handleStaffCertBind(d Deps) http.Handler {
	s, clk := d.Certificates, d.Clock
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		var in certProofBody
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		sig, err := in.signed()
		if err != nil {
			respondError(w, r, err)
			return
		}
		b, err := s.BindStaff(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr, id, sig)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "绑定成功", certificateOf(b, clk.Now()))
	})
}

// handleStaffCertUnbind serves DELETE /api/admin/staff/{id}/certificate.
func handleStaffCertUnbind(d Deps) http.Handler {
	s := d.Certificates
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		if err := s.UnbindStaff(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr, id); err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, nil)
	})
}
