// Package devclient is a small HTTP client of a running `bidpass serve
// --dev`, for end-to-end tests and load runs written in Go: the JSON
// envelope, and a password sign-in that answers the graphic code and the
// slider through the development endpoints. It never works against a
// server outside development mode (those endpoints do not exist there).
package devclient

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"time"

	"github.com/pquerna/otp/totp"

	"bidpass/internal/captcha"
	"bidpass/internal/pwtransport"
)

// Client calls one server.
type Client struct {
	Base string // http://host:port
	HTTP *http.Client
	// Header is sent with every request: a load run behind a trusted
	// proxy names a client address per simulated user (X-Forwarded-For),
	// as a real population of users has, so per-address limits apply as
	// they would in production.
	Header http.Header
	// Now is the user's clock, which stamps a transported password (nil:
	// the wall clock); a test that moves the server's clock moves it too.
	Now func() time.Time
}

// New returns a client of base. It keeps cookies as one browser does (the
// certificate challenge cookie binds a serial's challenges to the browser
// that asked).
func New(base string) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{Base: base, HTTP: &http.Client{Timeout: 30 * time.Second, Jar: jar, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}}
}

// Envelope is the body of every JSON answer.
type Envelope struct {
	Code   int               `json:"code"`
	Msg    string            `json:"msg"`
	Data   json.RawMessage   `json:"data"`
	Reason string            `json:"reason"`
	Fields map[string]string `json:"fields"`
}

// Call sends body as JSON with token (when not empty) and returns the HTTP
// status and the envelope; data, when not nil, receives the envelope's data.
func (c *Client) Call(method, path, token string, body any, data any) (int, Envelope, error) {
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, err := http.NewRequest(method, c.Base+path, bytes.NewReader(b))
	if err != nil {
		return 0, Envelope{}, err
	}
	c.setHeaders(req)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.HTTP.Do(req)
	if err != nil {
		return 0, Envelope{}, err
	}
	defer res.Body.Close()
	var e Envelope
	if err := json.NewDecoder(res.Body).Decode(&e); err != nil {
		return res.StatusCode, e, fmt.Errorf("%s %s: not an envelope: %w", method, path, err)
	}
	if data != nil && len(e.Data) > 0 {
		if err := json.Unmarshal(e.Data, data); err != nil {
			return res.StatusCode, e, err
		}
	}
	return res.StatusCode, e, nil
}

// StatusError is the answer of a call that did not succeed (Do).
type StatusError struct {
	Method, Path string
	Status       int
	Msg          string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("%s %s: %d %.200s", e.Method, e.Path, e.Status, e.Msg)
}

// Do is Call for a call that must succeed: an answer other than 2xx is a
// *StatusError.
func (c *Client) Do(method, path, token string, body any, data any) error {
	st, e, err := c.Call(method, path, token, body, data)
	if err == nil && st/100 != 2 {
		err = &StatusError{Method: method, Path: path, Status: st, Msg: e.Msg}
	}
	return err
}

// SMSCode has the server send an SMS code for scene to phone, as a page
// does (the graphic code answered through the development endpoint), and
// reads it from the development outbox, as the phone would: it returns
// the code's id and text.
func (c *Client) SMSCode(phone, scene string) (id, code string, err error) {
	var gc struct{ ID string }
	var ans struct{ Code string }
	var box []struct{ To, Scene, Code string }
	err = c.Do("POST", "/api/auth/verifycode", "", nil, &gc)
	if err == nil {
		err = c.Do("GET", "/api/dev/verifycode/"+gc.ID, "", nil, &ans)
	}
	if err == nil {
		err = c.Do("POST", "/api/common/sms/send", "", map[string]string{"phone": phone, "scene": scene, "codeId": gc.ID, "verificationCode": ans.Code}, &id)
	}
	if err == nil {
		err = c.Do("GET", "/api/dev/outbox", "", nil, &box)
	}
	if err != nil {
		return "", "", fmt.Errorf("SMS code to %s: %w", phone, err)
	}
	for _, m := range box { // newest first
		if m.To == phone && m.Scene == scene {
			return id, m.Code, nil
		}
	}
	return "", "", errors.New("SMS code to " + phone + ": not in the outbox")
}

func (c *Client) setHeaders(req *http.Request) {
	req.Header.Set("Content-Type", "application/json")
	for k, v := range c.Header {
		req.Header[k] = v
	}
}

// With returns a copy of c sending h with every request.
func (c *Client) With(h http.Header) *Client {
	d := *c
	d.Header = h
	return &d
}

// Raw calls an endpoint that does not answer in the envelope (captcha).
func (c *Client) Raw(method, path string, body, out any) error {
	b, _ := json.Marshal(body)
	req, err := http.NewRequest(method, c.Base+path, bytes.NewReader(b))
	if err != nil {
		return err
	}
	c.setHeaders(req)
	res, err := c.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	return json.NewDecoder(res.Body).Decode(out)
}

// Encrypt transports a password as the sign-in page does (GET
// /api/auth/pubkey, RSA-OAEP), returning the ciphertext and key id.
func (c *Client) Encrypt(pw string) (string, string, error) {
	var k struct{ Pubkey, KeyID string }
	if _, _, err := c.Call("GET", "/api/auth/pubkey", "", nil, &k); err != nil {
		return "", "", err
	}
	now := time.Now
	if c.Now != nil {
		now = c.Now
	}
	ct, err := pwtransport.Encrypt(k.Pubkey, pw, now(), rand.Text())
	return ct, k.KeyID, err
}

// SignInBody prepares the body of a password sign-in (PUT
// /api/auth/authToken): a graphic code and a passed slider, answered
// through the development endpoints, and the encrypted password.
func (c *Client) SignInBody(user, pw string) (map[string]string, error) {
	var gc struct{ ID string }
	if _, _, err := c.Call("POST", "/api/auth/verifycode", "", nil, &gc); err != nil {
		return nil, err
	}
	var gcAns struct{ Code string }
	if _, _, err := c.Call("GET", "/api/dev/verifycode/"+gc.ID, "", nil, &gcAns); err != nil {
		return nil, err
	}
	var got struct {
		RepCode string          `json:"repCode"`
		RepData captcha.GetData `json:"repData"`
	}
	if err := c.Raw("POST", "/captcha/get", map[string]any{"captchaType": "blockPuzzle", "clientUid": "devclient", "ts": 0}, &got); err != nil || got.RepCode != "0000" {
		return nil, fmt.Errorf("captcha get: %v %s", err, got.RepCode)
	}
	var ans captcha.Answer
	if _, _, err := c.Call("GET", "/api/dev/captcha/"+got.RepData.Token, "", nil, &ans); err != nil {
		return nil, err
	}
	enc, _ := captcha.EncryptECB(ans.PointJSON, got.RepData.SecretKey)
	var chk struct {
		RepCode string `json:"repCode"`
	}
	if err := c.Raw("POST", "/captcha/check", map[string]string{"captchaType": "blockPuzzle", "pointJson": enc, "token": got.RepData.Token}, &chk); err != nil || chk.RepCode != "0000" {
		return nil, fmt.Errorf("captcha check: %v %s", err, chk.RepCode)
	}
	v, _ := captcha.EncryptECB(got.RepData.Token+"---"+ans.PointJSON, got.RepData.SecretKey)
	ct, kid, err := c.Encrypt(pw)
	if err != nil {
		return nil, err
	}
	return map[string]string{"userName": user, "password": ct, "keyId": kid, "codeId": gc.ID,
		"graphicCode": gcAns.Code, "captcha": v}, nil
}

// SignIn signs user in with a password and returns the access token.
func (c *Client) SignIn(user, pw string) (string, error) {
	body, err := c.SignInBody(user, pw)
	if err != nil {
		return "", err
	}
	var res struct {
		AccessToken string `json:"accessToken"`
	}
	st, e, err := c.Call("PUT", "/api/auth/authToken", "", body, &res)
	if err != nil {
		return "", err
	}
	if st != 200 {
		return "", fmt.Errorf("sign-in: %d %s", st, e.Msg)
	}
	return res.AccessToken, nil
}

// StaffFactor is what a script keeps of a staff member's second factor
// between sign-ins: the authenticator's secret, the recovery codes left,
// and the last time step it used (a TOTP code is accepted once).
type StaffFactor struct {
	Secret   string
	Recovery []string
	lastStep int64
}

// code is the factor's next code: the current TOTP code, or a recovery
// code when this step's code was used already.
func (f *StaffFactor) code(now time.Time) (string, error) {
	step := now.Unix() / 30
	if step == f.lastStep && len(f.Recovery) > 0 {
		c := f.Recovery[0]
		f.Recovery = f.Recovery[1:]
		return c, nil
	}
	f.lastStep = step
	return totp.GenerateCode(f.Secret, now)
}

// StaffSignIn signs a staff member in at the console and returns the
// staff token: the password, then the enrolment of a factor (kept in f)
// when the member has none, or the code of the factor in f.
func (c *Client) StaffSignIn(user, pw string, f *StaffFactor) (string, error) {
	body, err := c.SignInBody(user, pw)
	if err != nil {
		return "", err
	}
	var step struct {
		AccessToken string `json:"accessToken"`
		SecondStep  string `json:"secondStep"`
		Enrolment   string `json:"enrolment"`
	}
	if err := c.Do("PUT", "/api/admin/auth/authToken", "", body, &step); err != nil {
		return "", fmt.Errorf("staff sign-in: %w", err)
	}
	now := time.Now()
	if c.Now != nil {
		now = c.Now()
	}
	var done struct {
		AccessToken   string   `json:"accessToken"`
		RecoveryCodes []string `json:"recoveryCodes"`
	}
	switch {
	case step.Enrolment != "":
		var en struct {
			Secret string `json:"secret"`
		}
		if err := c.Do("POST", "/api/admin/auth/enrolment", "", map[string]string{"ticket": step.Enrolment}, &en); err != nil {
			return "", fmt.Errorf("staff enrolment: %w", err)
		}
		*f = StaffFactor{Secret: en.Secret}
		code, err := f.code(now)
		if err != nil {
			return "", err
		}
		if err := c.Do("PUT", "/api/admin/auth/enrolment", "", map[string]string{"ticket": step.Enrolment, "code": code}, &done); err != nil {
			return "", fmt.Errorf("staff enrolment: %w", err)
		}
		f.Recovery = done.RecoveryCodes
	case step.SecondStep != "":
		if f.Secret == "" {
			return "", errors.New("staff sign-in: the member has a second factor this client does not know")
		}
		code, err := f.code(now)
		if err != nil {
			return "", err
		}
		if err := c.Do("POST", "/api/admin/auth/second-step", "", map[string]string{"ticket": step.SecondStep, "code": code}, &done); err != nil {
			return "", fmt.Errorf("staff second step: %w", err)
		}
	default:
		return "", errors.New("staff sign-in: the password alone answered a session")
	}
	return done.AccessToken, nil
}
