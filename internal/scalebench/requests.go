package scalebench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/devclient"
	"bidpass/internal/keyset"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/sms"
)

// Served is a seeded database behind the application's own handler,
// listening on loopback at URL (the way the issue measured: a request as
// the browser sends it, through routing, the session check, the service
// and the JSON answer). Sessions issues the tokens the requests carry.
type Served struct {
	Sized
	URL      string
	Sessions *session.Service
}

// Serve opens the application on a seeded database (cfg names it and the
// data key the seed sealed with; development mode, for the outbox) and
// serves its handler on a loopback port, trusting 127.0.0.1 as a proxy so
// each throttled call can come from its own address. It logs warnings
// only, to log: a line per request would time the terminal. stop closes
// both.
func Serve(ctx context.Context, cfg *config.Config, log io.Writer) (sv Served, stop func(), err error) {
	if !cfg.Dev {
		return sv, nil, errors.New("scalebench: the application must run in development mode (--dev)")
	}
	_, loopback, _ := net.ParseCIDR("127.0.0.1/32")
	cfg.TrustedProxies = append(cfg.TrustedProxies, loopback)
	a, err := app.Open(ctx, cfg, slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		return sv, nil, err
	}
	// The sizes dev seed recorded (scale-bench.sh seeds afresh a database
	// older than the newest migration, so Open migrated nothing here).
	size, err := a.DB.SeededSize(ctx)
	if err != nil {
		a.Close()
		return sv, nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		a.Close()
		return sv, nil, err
	}
	srv := &http.Server{Handler: a.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	stop = func() {
		_ = srv.Close()
		a.Close()
	}
	return Served{Sized: Sized{DB: a.DB, Accounts: size.Accounts, Reviews: size.Reviews},
		URL: "http://" + ln.Addr().String(), Sessions: a.Sessions}, stop, nil
}

// RunRequestsPair times the portal's and the console's requests on the
// two served databases (Serve, timePair): the user's measure of "flat",
// where the statements' table (RunPair) is the store's.
func RunRequestsPair(ctx context.Context, small, large Served, runs int) (s, l []Result, err error) {
	so, err := prepareRequests(ctx, small, runs)
	if err != nil {
		return nil, nil, err
	}
	lo, err := prepareRequests(ctx, large, runs)
	if err != nil {
		return nil, nil, err
	}
	return timePair(ctx, so, lo, runs)
}

// address is run i's client address: throttled calls come each from its own.
func address(i int) string { return fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255) }

// prepareRequests issues the sessions (one per run and account kind, for
// random accounts; one each for a reviewer and the administrator, who
// page through the console), makes the items to claim and to decide, and
// returns the requests.
func prepareRequests(ctx context.Context, sv Served, runs int) ([]op, error) {
	db := sv.DB
	rng := rand.New(rand.NewPCG(3, 4))
	now := time.Now().UTC()
	total := runs + runs/10 + 1
	c := devclient.New(sv.URL)
	// from is c sending as the client at address(i): throttled calls come each from its own.
	from := func(i int) *devclient.Client { return c.With(http.Header{"X-Forwarded-For": {address(i)}}) }

	issue := func(kind session.Kind, id int64) (string, error) {
		return sv.Sessions.Issue(ctx, kind, id, "127.0.0.1", "bidpass bench-scale")
	}
	var persons, enterprises, leaving []string
	for range total {
		p := 2 * (1 + rng.Int64N(int64(max(sv.Accounts/2, 1)))) // the seed's persons are the even ids
		for _, s := range []struct {
			to *[]string
			id int64
		}{{&persons, p}, {&enterprises, p - 1}, {&leaving, p}} {
			tok, err := issue(session.Portal, s.id)
			if err != nil {
				return nil, err
			}
			*s.to = append(*s.to, tok)
		}
	}
	admin, err := issue(session.Staff, 1) // seedstaff1, the administrator
	if err != nil {
		return nil, err
	}
	const reviewer = 2 // seedstaff2
	staff, err := issue(session.Staff, reviewer)
	if err != nil {
		return nil, err
	}
	toClaim, err := freshItems(ctx, db, sv.Accounts, total, now, false)
	if err != nil {
		return nil, err
	}
	toDecide, err := freshItems(ctx, db, sv.Accounts, total, now, true)
	if err != nil {
		return nil, err
	}
	stale := now.Add(-review.ClaimTTL)
	for _, id := range toDecide {
		if _, err := db.ClaimReview(ctx, id, reviewer, now, stale); err != nil {
			return nil, err
		}
	}
	openDeep, decidedDeep, actDeep, err := deepCursors(ctx, db, sv.Accounts, sv.Reviews, now)
	if err != nil {
		return nil, err
	}
	// Recovery by phone takes an SMS code, one per run, each to another
	// account's phone (a phone gets one code per two minutes): a stride
	// prime to the number of accounts from a random start.
	type recovery struct{ phone, codeID, code string }
	recovering := make([]recovery, total)
	start := time.Now().UnixNano() % int64(sv.Accounts) // another start each run: codes sent are counted per phone and day
	for i := range recovering {
		a := 1 + (start+int64(i)*7919)%int64(sv.Accounts)
		phone := strconv.FormatInt(13900000000+a, 10) // the seed's phones
		id, code, err := from(i).SMSCode(phone, sms.SceneRecover)
		if err != nil {
			return nil, err
		}
		recovering[i] = recovery{phone, id, code}
	}

	// The requests' ctx is not passed on: devclient's calls end by its client's timeout.
	get := func(path string, tokens func(i int) string) func(context.Context, int) error {
		return func(_ context.Context, i int) error { return c.Do(http.MethodGet, path, tokens(i), nil, nil) }
	}
	person := func(i int) string { return persons[i] }
	enterprise := func(i int) string { return enterprises[i] }
	asStaff := func(int) string { return staff }
	asAdmin := func(int) string { return admin }
	queue := func(q string) func(context.Context, int) error { return get("/api/admin/reviews?"+q, asStaff) }
	return []op{
		{"GET /api/auth/me (who is signed in)", get("/api/auth/me", person)},
		{"GET /api/account/person (profile)", get("/api/account/person", person)},
		{"GET /api/account/enterprise (profile)", get("/api/account/enterprise", enterprise)},
		{"GET /api/account/security/info", get("/api/account/security/info", person)},
		{"GET /api/account/auth (real-name state)", get("/api/account/auth", person)},
		{"GET /api/account/modifyRecords, page 1", get("/api/account/modifyRecords?page=1&pageSize=10", person)},
		{"GET /api/management/operation/record, page 1", get("/api/management/operation/record?page=1&pageSize=5", person)},
		{"POST /api/register/repeat/check (name check)", func(_ context.Context, i int) error {
			return from(i).Do(http.MethodPost, "/api/register/repeat/check", "", map[string]string{"account": "free" + strconv.Itoa(i) + "x"}, nil)
		}},
		{"POST /api/retrieve/pwd/phone (recovery: the phone's accounts)", func(_ context.Context, i int) error {
			r := recovering[i]
			return from(i).Do(http.MethodPost, "/api/retrieve/pwd/phone", "", map[string]any{"phone": r.phone, "type": 0, "smsCode": r.code, "smsCodeId": r.codeID}, nil)
		}},
		{"DELETE /api/auth/logout (write)", func(_ context.Context, i int) error {
			return c.Do(http.MethodDelete, "/api/auth/logout", leaving[i], nil, nil)
		}},
		{"GET /api/admin/reviews, real-name pending, page 1", queue("kind=realname&subject=person&state=pending&page=1&pageSize=10")},
		{"GET /api/admin/reviews, no filter, page 1", queue("page=1&pageSize=10")},
		{fmt.Sprintf("GET /api/admin/reviews, pending, page %d (the deepest numbered)", keyset.PageReach/10),
			queue(fmt.Sprintf("state=pending&page=%d&pageSize=10", keyset.PageReach/10))},
		{"GET /api/admin/reviews, pending, deep page by cursor", queue("state=pending&pageSize=10&after=" + url.QueryEscape(openDeep.Encode()))},
		{"GET /api/admin/reviews, decided, page 1", queue("state=decided&page=1&pageSize=10")},
		{"GET /api/admin/reviews, decided, deep page by cursor", queue("state=decided&pageSize=10&after=" + url.QueryEscape(decidedDeep.Encode()))},
		{"GET /api/admin/reviews/{id} (detail)", func(context.Context, int) error {
			return c.Do(http.MethodGet, "/api/admin/reviews/"+strconv.FormatInt(1+rng.Int64N(int64(sv.Reviews)), 10), staff, nil, nil)
		}},
		{"POST /api/admin/reviews/{id}/claim (write)", func(_ context.Context, i int) error {
			return c.Do(http.MethodPost, "/api/admin/reviews/"+strconv.FormatInt(toClaim[i], 10)+"/claim", staff, nil, nil)
		}},
		{"POST /api/admin/reviews/{id}/decision, change item (write)", func(_ context.Context, i int) error {
			return c.Do(http.MethodPost, "/api/admin/reviews/"+strconv.FormatInt(toDecide[i], 10)+"/decision", staff,
				map[string]any{"action": "NOT_PASS", "remark": "材料不清晰", "files": []string{}}, nil)
		}},
		{"GET /api/admin/actions, page 1", get("/api/admin/actions?page=1&pageSize=20", asAdmin)},
		{"GET /api/admin/actions, deep page by cursor", get("/api/admin/actions?pageSize=20&after="+url.QueryEscape(actDeep.Encode()), asAdmin)},
	}, nil
}
