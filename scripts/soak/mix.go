package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"maps"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	vegeta "github.com/tsenart/vegeta/v12/lib"

	"bidpass/internal/captcha"
	"bidpass/internal/devclient"
)

// The operations of the mix. Each is one timed request; what a real
// client does before it (a captcha to pass, an SMS code to read, photos to
// upload, a review to claim) is prepared ahead by producers, untimed but
// counted, so the server carries that load too.
const (
	opCaptchaGet   = "captcha.get"   // POST /captcha/get
	opCaptchaCheck = "captcha.check" // POST /captcha/check (after a get and the answer)
	opSignIn       = "signin"        // PUT /api/auth/authToken (graphic code, slider, RSA password)
	opAccountRead  = "account.read"  // GET /api/account/person with a session
	opRegister     = "register"      // POST /api/register/account (after the register SMS)
	opRealName     = "realname"      // POST /api/register/person/realAuth (after realInfo and three photos)
	opReview       = "review"        // POST /api/admin/reviews/{id}/decision by a reviewer (after a claim)
	opPrepare      = "prepare"       // every untimed preparation call
)

// weights is the mix, per 100 requests: mostly reads and captchas, as on a
// portal where many look and few register.
var weights = []struct {
	op string
	w  int
}{
	{opCaptchaGet, 22}, {opCaptchaCheck, 14}, {opSignIn, 10}, {opAccountRead, 34},
	{opRegister, 8}, {opRealName, 6}, {opReview, 6},
}

// ledger records every write the server acknowledged with a 2xx, for the
// crash check: all must be found afterwards.
type ledger struct {
	mu        sync.Mutex
	accounts  map[string]int64 // name → id
	profiles  map[int64]bool   // account ids with realInfo saved
	files     map[string]bool  // uploaded file ids
	realNames map[int64]bool   // account ids with a real-name submission
	decisions map[int64]bool   // decided review ids
}

func newLedger() *ledger {
	return &ledger{accounts: map[string]int64{}, profiles: map[int64]bool{}, files: map[string]bool{},
		realNames: map[int64]bool{}, decisions: map[int64]bool{}}
}

func (l *ledger) add(f func(l *ledger)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f(l)
}

func (l *ledger) writes() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.accounts) + len(l.profiles) + len(l.files) + len(l.realNames) + len(l.decisions)
}

// registered is an account whose registration was acknowledged.
type registered struct {
	id    int64
	token string
}

// mix drives one server.
type mix struct {
	base     string
	dc       *devclient.Client
	reviewer string   // a reviewer's staff token
	users    []string // accounts that sign in, password userPassword
	run      string   // distinguishes names and phones of this run
	ledger   *ledger

	counter atomic.Int64
	tokens  tokenPool
	ready   map[string]chan vegeta.Target
	regd    chan registered
	taken   sync.Map // review ids claimed by a producer

	prepCalls, prep5xx, fallbacks atomic.Int64
	prepErrs                      sync.Map // first error of each kind, for the report
	photo                         []byte
}

const userPassword = "Passw0rd!soak"

// tokenPool keeps recent portal sessions for account reads.
type tokenPool struct {
	mu  sync.Mutex
	tok []string
	i   int
}

func (p *tokenPool) put(t string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.tok) < 200 {
		p.tok = append(p.tok, t)
		return
	}
	p.tok[p.i%len(p.tok)] = t
	p.i++
}

func (p *tokenPool) get() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.tok) == 0 {
		return ""
	}
	return p.tok[rand.IntN(len(p.tok))]
}

func newMix(base, reviewer string, users []string, l *ledger) *mix {
	m := &mix{base: base, dc: devclient.New(base), reviewer: reviewer, users: users, ledger: l,
		run: strconv.FormatInt(time.Now().UnixNano()%1_000_000, 36), regd: make(chan registered, 256),
		ready: map[string]chan vegeta.Target{}}
	for _, op := range []string{opCaptchaCheck, opSignIn, opRegister, opRealName, opReview} {
		m.ready[op] = make(chan vegeta.Target, 8)
	}
	img := image.NewRGBA(image.Rect(0, 0, 320, 200))
	for i := range img.Pix {
		img.Pix[i] = byte(rand.IntN(256))
	}
	img.Set(0, 0, color.White)
	var b bytes.Buffer
	_ = png.Encode(&b, img)
	m.photo = b.Bytes()
	return m
}

// client is a simulated user: its own address behind the trusted proxy.
func (m *mix) client() (*devclient.Client, http.Header) {
	n := m.counter.Add(1)
	h := http.Header{"X-Forwarded-For": {fmt.Sprintf("10.%d.%d.%d", byte(n>>16), byte(n>>8), byte(n))}}
	return m.dc.With(h), h
}

// prep makes one untimed preparation call and counts it.
func (m *mix) prep(c *devclient.Client, method, path, token string, body, data any) error {
	m.prepCalls.Add(1)
	st, env, err := c.Call(method, path, token, body, data)
	if st >= 500 {
		m.prep5xx.Add(1)
	}
	if err == nil && st/100 != 2 {
		err = fmt.Errorf("%s %s: %d %s", method, path, st, env.Msg)
	}
	if err != nil {
		m.prepErrs.LoadOrStore(method+" "+strings.SplitN(path, "?", 2)[0], err.Error())
	}
	return err
}

func jsonTarget(method, url string, h http.Header, token string, body any) vegeta.Target {
	b, _ := json.Marshal(body)
	hdr := h.Clone()
	if hdr == nil {
		hdr = http.Header{}
	}
	hdr.Set("Content-Type", "application/json")
	if token != "" {
		hdr.Set("Authorization", "Bearer "+token)
	}
	return vegeta.Target{Method: method, URL: url, Body: b, Header: hdr}
}

// produce keeps op's channel full until ctx ends.
func (m *mix) produce(ctx context.Context, op string, prepare func() (vegeta.Target, bool)) {
	for ctx.Err() == nil {
		t, ok := prepare()
		if !ok {
			select {
			case <-ctx.Done():
			case <-time.After(50 * time.Millisecond):
			}
			continue
		}
		select {
		case m.ready[op] <- t:
		case <-ctx.Done():
		}
	}
}

func (m *mix) prepareCheck() (vegeta.Target, bool) {
	c, h := m.client()
	var got struct {
		RepCode string          `json:"repCode"`
		RepData captcha.GetData `json:"repData"`
	}
	m.prepCalls.Add(1)
	if err := c.Raw("POST", "/captcha/get", map[string]any{"captchaType": "blockPuzzle", "clientUid": "soak", "ts": 0}, &got); err != nil || got.RepCode != "0000" {
		m.prepErrs.LoadOrStore("POST /captcha/get", fmt.Sprint(err, got.RepCode))
		return vegeta.Target{}, false
	}
	var ans captcha.Answer
	if m.prep(c, "GET", "/api/dev/captcha/"+got.RepData.Token, "", nil, &ans) != nil {
		return vegeta.Target{}, false
	}
	enc, _ := captcha.EncryptECB(ans.PointJSON, got.RepData.SecretKey)
	return jsonTarget("POST", m.base+"/captcha/check", h, "", map[string]string{"captchaType": "blockPuzzle", "pointJson": enc, "token": got.RepData.Token}), true
}

func (m *mix) prepareSignIn() (vegeta.Target, bool) {
	c, h := m.client()
	m.prepCalls.Add(6) // graphic code and its answer, captcha get, answer, check, public key
	body, err := c.SignInBody(m.users[rand.IntN(len(m.users))], userPassword)
	if err != nil {
		m.prepErrs.LoadOrStore("sign-in preparation", err.Error())
		return vegeta.Target{}, false
	}
	return jsonTarget("PUT", m.base+"/api/auth/authToken", h, "", body), true
}

func (m *mix) prepareRegister() (vegeta.Target, bool) {
	c, h := m.client()
	n := m.counter.Add(1)
	name := fmt.Sprintf("sk%s%06d", m.run, n)
	phone := fmt.Sprintf("13%09d", (time.Now().UnixNano()/1000+n*7919)%1_000_000_000)
	m.prepCalls.Add(4) // graphic code and its answer, the send, the outbox
	smsID, code, err := c.SMSCode(phone, "register")
	if err != nil {
		var se *devclient.StatusError
		if errors.As(err, &se) && se.Status >= 500 {
			m.prep5xx.Add(1)
		}
		m.prepErrs.LoadOrStore("register SMS code", err.Error())
		return vegeta.Target{}, false
	}
	m.prepCalls.Add(1)
	ct, kid, err := c.Encrypt(userPassword)
	if err != nil {
		m.prepErrs.LoadOrStore("register key", err.Error())
		return vegeta.Target{}, false
	}
	return jsonTarget("POST", m.base+"/api/register/account", h, "", map[string]any{"account": name, "phone": phone,
		"password": ct, "keyId": kid, "smsCode": code, "smsCodeId": smsID, "isAgree": true}), true
}

func (m *mix) prepareRealName(ctx context.Context) (vegeta.Target, bool) {
	var r registered
	select {
	case r = <-m.regd:
	case <-ctx.Done():
		return vegeta.Target{}, false
	}
	c, h := m.client()
	if m.prep(c, "POST", "/api/register/person/realInfo", r.token, map[string]any{
		"realName": "张三", "certType": "1", "certNum": "11010519491231002X", "certStart": "2020-01-01", "certEnd": "2040-01-01",
		"province": "110000", "city": "110105", "area": "", "certDetailAddr": "北京市朝阳区建国路1号", "checkType": true}, nil) != nil {
		return vegeta.Target{}, false
	}
	m.ledger.add(func(l *ledger) { l.profiles[r.id] = true })
	ids := make([]string, 3)
	for i := range ids {
		id, err := m.upload(c, r.token)
		if err != nil {
			m.prepErrs.LoadOrStore("POST /api/file/upload", err.Error())
			return vegeta.Target{}, false
		}
		m.ledger.add(func(l *ledger) { l.files[id] = true })
		ids[i] = id
	}
	u := m.base + "/api/register/person/realAuth?soakAccount=" + strconv.FormatInt(r.id, 10)
	return jsonTarget("POST", u, h, r.token, map[string]string{"certFrontId": ids[0], "certBackId": ids[1], "certTakeId": ids[2],
		"certDetailAddr": "北京市朝阳区建国路1号"}), true
}

// upload stores the photo as the session's account.
func (m *mix) upload(c *devclient.Client, token string) (string, error) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, _ := w.CreateFormFile("file", "photo.png")
	_, _ = fw.Write(m.photo)
	_ = w.Close()
	req, _ := http.NewRequest("POST", m.base+"/api/file/upload", &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range c.Header {
		req.Header[k] = v
	}
	m.prepCalls.Add(1)
	res, err := c.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	if res.StatusCode >= 500 {
		m.prep5xx.Add(1)
	}
	var env struct {
		Data string `json:"data"`
		Msg  string `json:"msg"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 200 {
		return "", fmt.Errorf("upload: %d %s %v", res.StatusCode, env.Msg, err)
	}
	return env.Data, nil
}

func (m *mix) prepareReview() (vegeta.Target, bool) {
	c, h := m.client()
	var list []struct {
		ID    int64  `json:"id"`
		State string `json:"state"`
	}
	if m.prep(c, "GET", "/api/admin/reviews?kind=realname&state=pending&pageSize=20", m.reviewer, nil, &list) != nil {
		return vegeta.Target{}, false
	}
	for _, it := range list {
		if _, dup := m.taken.LoadOrStore(it.ID, true); dup {
			continue
		}
		id := strconv.FormatInt(it.ID, 10)
		if m.prep(c, "POST", "/api/admin/reviews/"+id+"/claim", m.reviewer, nil, nil) != nil {
			continue
		}
		return jsonTarget("POST", m.base+"/api/admin/reviews/"+id+"/decision", h, m.reviewer, map[string]any{"action": "PASS", "remark": ""}), true
	}
	return vegeta.Target{}, false
}

// targeter picks each request by weight; a prepared operation whose
// producers are behind is replaced by an account read (counted), so the
// timing never includes preparation.
func (m *mix) targeter() vegeta.Targeter {
	total := 0
	for _, w := range weights {
		total += w.w
	}
	return func(t *vegeta.Target) error {
		n := rand.IntN(total)
		op := ""
		for _, w := range weights {
			if n < w.w {
				op = w.op
				break
			}
			n -= w.w
		}
		if ch, ok := m.ready[op]; ok {
			select {
			case *t = <-ch:
				return nil
			default:
				m.fallbacks.Add(1)
				op = opAccountRead
			}
		}
		_, h := m.client()
		switch op {
		case opCaptchaGet:
			*t = jsonTarget("POST", m.base+"/captcha/get", h, "", map[string]any{"captchaType": "blockPuzzle", "clientUid": "soak", "ts": time.Now().UnixMilli()})
		default:
			*t = jsonTarget("GET", m.base+"/api/account/person", h, m.tokens.get(), nil)
		}
		return nil
	}
}

// opOf names the operation of a result from its request line.
func opOf(method, rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "?"
	}
	switch p := u.Path; {
	case p == "/captcha/get":
		return opCaptchaGet
	case p == "/captcha/check":
		return opCaptchaCheck
	case p == "/api/auth/authToken":
		return opSignIn
	case p == "/api/account/person":
		return opAccountRead
	case p == "/api/register/account":
		return opRegister
	case p == "/api/register/person/realAuth":
		return opRealName
	case strings.HasSuffix(p, "/decision"):
		return opReview
	}
	return method + " " + u.Path
}

// record takes what a result tells: sessions for reads, acknowledged
// writes for the ledger, registrations for the real-name producers.
func (m *mix) record(op string, r *vegeta.Result) {
	if r.Code/100 != 2 {
		return
	}
	switch op {
	case opSignIn:
		var env struct {
			Data struct {
				AccessToken string `json:"accessToken"`
			} `json:"data"`
		}
		if json.Unmarshal(r.Body, &env) == nil && env.Data.AccessToken != "" {
			m.tokens.put(env.Data.AccessToken)
		}
	case opRegister:
		var env struct {
			Data struct {
				ID          int64  `json:"id"`
				AccessToken string `json:"accessToken"`
				User        struct {
					Account string `json:"userName"`
				} `json:"user"`
			} `json:"data"`
		}
		if json.Unmarshal(r.Body, &env) != nil {
			return
		}
		d := env.Data
		m.ledger.add(func(l *ledger) { l.accounts[d.User.Account] = d.ID })
		select {
		case m.regd <- registered{id: d.ID, token: d.AccessToken}:
		default:
		}
	case opRealName:
		u, _ := url.Parse(r.URL)
		id, _ := strconv.ParseInt(u.Query().Get("soakAccount"), 10, 64)
		m.ledger.add(func(l *ledger) { l.realNames[id] = true })
	case opReview:
		parts := strings.Split(r.URL, "/")
		id, _ := strconv.ParseInt(parts[len(parts)-2], 10, 64)
		m.ledger.add(func(l *ledger) { l.decisions[id] = true })
	}
}

// report is the outcome of one attack.
type report struct {
	ops                           map[string]*vegeta.Metrics
	fiveXX                        map[string]int
	transport                     map[string]int    // no answer (connection refused, timeout)
	refusals                      map[string]string // the first 4xx message of each operation and status
	prepCalls, prep5xx, fallbacks int64
	duration                      time.Duration
}

// attack runs the mix at rate for d (or until stop is closed) and reports.
func (m *mix) attack(ctx context.Context, rate int, d time.Duration, stop <-chan struct{}) report {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	producers := map[string]int{opCaptchaCheck: 2, opSignIn: 2, opRegister: 3, opRealName: 2, opReview: 1}
	for op, n := range producers {
		for range n {
			switch op {
			case opCaptchaCheck:
				go m.produce(ctx, op, m.prepareCheck)
			case opSignIn:
				go m.produce(ctx, op, m.prepareSignIn)
			case opRegister:
				go m.produce(ctx, op, m.prepareRegister)
			case opRealName:
				go m.produce(ctx, op, func() (vegeta.Target, bool) { return m.prepareRealName(ctx) })
			case opReview:
				go m.produce(ctx, op, m.prepareReview)
			}
		}
	}
	// Let the producers fill their queues before the clock starts.
	time.Sleep(2 * time.Second)
	atk := vegeta.NewAttacker(vegeta.Timeout(30*time.Second), vegeta.MaxWorkers(256), vegeta.KeepAlive(true))
	go func() {
		select {
		case <-stop:
			atk.Stop()
		case <-ctx.Done():
		}
	}()
	rep := report{ops: map[string]*vegeta.Metrics{}, fiveXX: map[string]int{}, transport: map[string]int{}, refusals: map[string]string{}}
	began := time.Now()
	for r := range atk.Attack(m.targeter(), vegeta.Rate{Freq: rate, Per: time.Second}, d, "soak") {
		op := opOf(r.Method, r.URL)
		mt := rep.ops[op]
		if mt == nil {
			mt = &vegeta.Metrics{}
			rep.ops[op] = mt
		}
		mt.Add(r)
		switch {
		case r.Code >= 500:
			rep.fiveXX[op]++
		case r.Code == 0:
			rep.transport[op]++
		case r.Code >= 400:
			k := fmt.Sprintf("%s %d", op, r.Code)
			if _, seen := rep.refusals[k]; !seen {
				rep.refusals[k] = string(r.Body)
			}
		}
		m.record(op, r)
	}
	rep.duration = time.Since(began)
	cancel()
	for _, mt := range rep.ops {
		mt.Close()
	}
	rep.prepCalls, rep.prep5xx, rep.fallbacks = m.prepCalls.Load(), m.prep5xx.Load(), m.fallbacks.Load()
	return rep
}

func (r report) total5xx() int {
	n := 0
	for _, v := range r.fiveXX {
		n += v
	}
	return n + int(r.prep5xx)
}

// print writes the per-operation table and the totals.
func (r report) print(w io.Writer) {
	names := slices.Sorted(maps.Keys(r.ops))
	var reqs uint64
	fmt.Fprintf(w, "%-14s %8s %6s %6s %6s %9s %9s %9s\n", "operation", "requests", "2xx", "5xx", "noans", "p50", "p99", "max")
	for _, k := range names {
		mt := r.ops[k]
		reqs += mt.Requests
		ok := 0
		for code, n := range mt.StatusCodes {
			if strings.HasPrefix(code, "2") {
				ok += n
			}
		}
		fmt.Fprintf(w, "%-14s %8d %6d %6d %6d %9s %9s %9s\n", k, mt.Requests, ok, r.fiveXX[k], r.transport[k],
			mt.Latencies.P50.Round(100*time.Microsecond), mt.Latencies.P99.Round(100*time.Microsecond), mt.Latencies.Max.Round(100*time.Microsecond))
	}
	for _, k := range slices.Sorted(maps.Keys(r.refusals)) {
		fmt.Fprintf(w, "  refused (first of its kind): %s: %.200s\n", k, r.refusals[k])
	}
	fmt.Fprintf(w, "RESULT soak duration=%s timed-requests=%d (%.1f/s) preparation-calls=%d 5xx=%d fallbacks-to-read=%d\n",
		r.duration.Round(time.Second), reqs, float64(reqs)/r.duration.Seconds(), r.prepCalls, r.total5xx(), r.fallbacks)
}
