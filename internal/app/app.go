// Package app is the composition root: it builds every service from the
// configuration and hands them to the HTTP layer. It is the only package
// that knows all the others.
package app

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"runtime"
	"strings"
	"time"

	"bidpass/internal/admission"
	"bidpass/internal/auth"
	"bidpass/internal/captcha"
	"bidpass/internal/certificate"
	"bidpass/internal/clock"
	"bidpass/internal/config"
	"bidpass/internal/credential"
	"bidpass/internal/dataexport"
	"bidpass/internal/devices"
	"bidpass/internal/ephemeral"
	"bidpass/internal/every"
	"bidpass/internal/files"
	"bidpass/internal/graphiccode"
	"bidpass/internal/httpapi"
	"bidpass/internal/identity"
	"bidpass/internal/metrics"
	"bidpass/internal/mfa"
	"bidpass/internal/operator"
	"bidpass/internal/password"
	"bidpass/internal/profile"
	"bidpass/internal/pwtransport"
	"bidpass/internal/recovery"
	"bidpass/internal/refdata"
	"bidpass/internal/registration"
	"bidpass/internal/retention"
	"bidpass/internal/review"
	"bidpass/internal/sealed"
	"bidpass/internal/session"
	"bidpass/internal/sms"
	"bidpass/internal/sms/smsvendor"
	"bidpass/internal/sms/smswebhook"
	"bidpass/internal/sso"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/web"
)

// App is a built bidpass.
type App struct {
	// instance names this process among several (host and a random
	// suffix): the holder of a job's lease.
	instance  string
	Config    *config.Config
	Log       *slog.Logger
	Clock     clock.Clock
	DB        *store.DB
	Ephemeral ephemeral.Store
	Sessions  *session.Service
	RefData   *refdata.Catalog
	Files     *files.Service
	// Captcha (AJ-Captcha) and GraphicCodes protect sign-in, registration,
	// SMS sending and recovery; those services call Verify / Check.
	Captcha      *captcha.Service
	GraphicCodes *graphiccode.Service
	// Keys decrypts transported passwords; SMS sends codes and notices
	// (the development outbox with --dev). Wired here for the staff
	// sign-in and review outcomes (docs/decisions/review-and-staff.md, "Review console and staff"); the auth engineer's services
	// use the same instances.
	Keys   *pwtransport.Keyring
	SMS    *sms.Service
	Outbox *sms.Outbox
	// Notices sends review outcomes with retries (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)").
	Notices *sms.NoticeQueue
	// SecondFactor is the TOTP factor and its recovery codes (second_factor.go).
	SecondFactor *mfa.Service
	creds        *credential.Verifier
	// Metrics counts requests and events for BIDPASS_METRICS_ADDR.
	Metrics *metrics.Metrics
	// Auth signs portal accounts in; Recovery resets forgotten passwords (docs/decisions/sign-in.md, "Sign-in, sessions, SMS and e-mail codes, recovery").
	Auth     *auth.Service
	Recovery *recovery.Service
	// Staff are reviewers and administrators; Reviews the review queues
	// (docs/decisions/review-and-staff.md, "Review console and staff"). The account centre installs its Effects on Reviews.
	Staff   *staff.Service
	Reviews *review.Service
	// Registration signs persons and enterprises up (docs/decisions/registration.md, "Registration (registration engineer)").
	Registration *registration.Service

	// SSO is the OpenID Connect provider for the platform's systems (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)").
	SSO *sso.Service
	// Devices is the holder's list of signed-in devices (docs/decisions/sessions-and-devices.md).
	Devices *devices.Service
	// History is the sign-in history and the new-device notice (devices.go).
	History *devices.History
	// Profile is the account centre (docs/decisions/account-centre.md, "Account centre"); its Effects are installed
	// on Reviews.
	Profile *profile.Service
	// Certificates is CA certificate sign-in, binding and recovery; CRLs
	// the revocation lists it checks, refreshed in the background (docs/decisions/certificates.md, "CA digital certificates, server side").
	Certificates *certificate.Service
	CRLs         *certificate.CRLs
	// Operators runs operator links (docs/decisions/operators.md, "Operator links").
	Operators *operator.Service
	// Admission is library admission (docs/decisions/admission.md, "Library admission"); its Effects are
	// installed on Reviews for items of kind admission.
	Admission *admission.Service

	// DataKeys seal certificate numbers and key material at rest (docs/decisions/personal-data.md, "Data protection").
	DataKeys *sealed.Ring
	// Retention deletes abandoned registrations and superseded photos
	// (docs/decisions/personal-data.md, "Data protection"), in the maintenance job.
	Retention *retention.Job

	closers []func() error
}

// Open connects to the database (migrating it) and the ephemeral store and
// builds the services. Each build step returns what it built and, when it
// holds a connection, the function that releases it; if a step fails, what
// the earlier ones opened is released in reverse order, in one place.
func Open(ctx context.Context, cfg *config.Config, log *slog.Logger) (*App, error) {
	return OpenAt(ctx, cfg, log, clock.System{})
}

// OpenAt is Open with the services on clk (tests that move the whole
// application through time).
func OpenAt(ctx context.Context, cfg *config.Config, log *slog.Logger, clk clock.Clock) (*App, error) {
	a := &App{Config: cfg, Log: log, Clock: clk, instance: instanceName()}
	if err := a.build(ctx); err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}

// build runs the build steps in dependency order: each step takes what the
// steps before it put on a.
func (a *App) build(ctx context.Context) error {
	cfg := a.Config
	db, closeDB, err := openDatabase(cfg.DatabaseURL)
	a.onClose(closeDB)
	if err != nil {
		return err
	}
	a.DB = db
	if a.DataKeys, err = a.openSealed(ctx); err != nil {
		return err
	}
	eph, closeEph, err := openEphemeral(ctx, cfg.RedisURL, a.Clock)
	a.onClose(closeEph)
	if err != nil {
		return err
	}
	a.Ephemeral = eph
	a.Sessions = session.NewServiceWith(db, a.Clock, session.Limits{Idle: cfg.SessionIdle, Absolute: cfg.SessionAbsolute},
		session.Limits{Idle: cfg.StaffSessionIdle, Absolute: cfg.StaffSessionAbsolute})
	if a.RefData, err = refdata.Load(refdata.Options{HelpPhone: cfg.HelpPhone}); err != nil {
		return fmt.Errorf("reference data: %w", err)
	}
	if a.Files, a.Retention, err = a.buildFiles(ctx); err != nil {
		return err
	}
	if a.Captcha, a.GraphicCodes, err = a.buildCodes(); err != nil {
		return err
	}
	a.Keys = pwtransport.New(db, a.Ephemeral, a.Clock)
	if a.SMS, a.Outbox, err = a.buildSMS(); err != nil {
		return err
	}
	a.Notices = sms.NewNoticeQueue(db, a.SMS, a.Clock, a.Log)
	a.Metrics = metrics.New(db)
	// One verifier and one argon2id cap for every password check in the
	// process: portal and staff sign-in and change-password.
	// Locks in the database: they outlive a Redis restart (docs/decisions/export-readiness-locks.md).
	creds := credential.NewVerifier(a.Ephemeral, credential.NewArgon2(runtime.GOMAXPROCS(0)), a.Log).KeepLocksIn(db, a.Clock)
	a.creds = creds
	a.SecondFactor = a.buildSecondFactor()
	a.Auth, a.Recovery, a.Staff = a.buildSignIn(creds)
	if a.Certificates, a.CRLs, err = a.buildCertificates(ctx); err != nil {
		return err
	}
	a.Reviews, a.Profile, a.Registration = a.buildIdentity(creds)
	if a.Admission, err = a.buildAdmission(ctx); err != nil {
		return err
	}
	a.Operators = operator.New(operator.Deps{Tx: db, Store: db, Records: a.Profile, Ephemeral: a.Ephemeral, Clock: a.Clock})
	if a.SSO, err = a.buildSSO(); err != nil {
		return err
	}
	a.Devices = a.buildDevices()
	return nil
}

// onClose keeps close (when not nil) for Close, which calls the kept
// functions in reverse order.
func (a *App) onClose(close func() error) {
	if close != nil {
		a.closers = append(a.closers, close)
	}
}

// openDatabase opens the database; its closer is the database's Close.
func openDatabase(url string) (*store.DB, func() error, error) {
	db, err := store.Open(url)
	if err != nil {
		return nil, nil, fmt.Errorf("database: %w", err)
	}
	return db, db.Close, nil
}

// openEphemeral connects to Redis when url names one, checking that it
// answers; without it the short-lived state lives in this process's memory
// (a single instance), which needs no closer.
func openEphemeral(ctx context.Context, url string, clk clock.Clock) (ephemeral.Store, func() error, error) {
	if url == "" {
		return ephemeral.NewMemory(clk), nil, nil
	}
	r, err := ephemeral.NewRedis(url, "bidpass:")
	if err != nil {
		return nil, nil, fmt.Errorf("redis: %w", err)
	}
	if err := r.Ping(ctx); err != nil {
		return nil, r.Close, fmt.Errorf("redis: %w", err)
	}
	return r, r.Close, nil
}

// buildFiles builds the uploads and the retention job over the same blobs.
// A reviewer's decision attachments are shown to (and so may be opened by)
// the holder of the reviewed item; one account cannot fill the disk.
func (a *App) buildFiles(ctx context.Context) (*files.Service, *retention.Job, error) {
	cfg := a.Config
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	fs := files.NewService(files.Deps{Store: a.DB.Files(), Blobs: blobs, Tx: a.DB, Clock: a.Clock, Log: a.Log, Sharing: a.DB.FileSharing(),
		Quota: files.Quota{Store: a.Ephemeral, PerMinute: cfg.UploadsPerMinute,
			BytesPerDay: int64(cfg.UploadMBPerDay) << 20, FreeFloor: int64(cfg.UploadFreeDiskMB) << 20}})
	ret := retention.New(a.DB.Retention(), blobs, a.Clock, a.Log,
		retention.Periods{Abandoned: cfg.RetentionAbandoned, Superseded: cfg.RetentionSuperseded, SignIns: devices.HistoryKept})
	return fs, ret, nil
}

// buildCodes builds the slider captcha (AJ-Captcha) and the typed graphic
// codes that protect sign-in, registration, SMS sending and recovery.
func (a *App) buildCodes() (*captcha.Service, *graphiccode.Service, error) {
	cfg := a.Config
	c, err := captcha.New(captcha.Config{
		GetPerMinute:   noLimitIfZero(cfg.CaptchaGetPerMinute),
		CheckPerMinute: noLimitIfZero(cfg.CaptchaCheckPerMinute),
		PlainPoints:    !cfg.CaptchaAES,
		BackgroundDir:  cfg.CaptchaBackgroundDir,
	}, a.Ephemeral)
	if err != nil {
		return nil, nil, fmt.Errorf("captcha (BIDPASS_CAPTCHA_BACKGROUND_DIR): %w", err)
	}
	g, err := graphiccode.New(a.Ephemeral)
	if err != nil {
		return nil, nil, fmt.Errorf("graphic codes: %w", err)
	}
	return c, g, nil
}

// buildSMS builds the SMS and e-mail codes: with --dev over the shared
// development outbox (read from any instance); otherwise over the
// configured senders only, and without one the calls that need it answer
// 503.
func (a *App) buildSMS() (*sms.Service, *sms.Outbox, error) {
	cfg, log := a.Config, a.Log
	smsCfg := sms.Config{Store: a.Ephemeral, Clock: a.Clock, GraphicCodes: a.GraphicCodes, Log: log, SiteName: cfg.SiteTitle}
	if cfg.Dev {
		outbox := sms.NewSharedOutbox(log, a.Ephemeral)
		smsCfg.SMS, smsCfg.Email = outbox, outbox
		return sms.New(smsCfg), outbox, nil
	}
	var err error
	if smsCfg.SMS, err = smsSender(cfg); err != nil {
		return nil, nil, err
	} else if smsCfg.SMS == nil {
		log.Warn("no SMS sender configured (BIDPASS_SMS_VENDOR or BIDPASS_SMS_WEBHOOK_URL): SMS codes answer 503")
	}
	if cfg.SMTPAddr != "" {
		smsCfg.Email = &sms.SMTPSender{Addr: cfg.SMTPAddr, From: cfg.SMTPFrom, User: cfg.SMTPUser, Password: cfg.SMTPPassword}
	} else {
		log.Warn("no e-mail sender configured (BIDPASS_SMTP_ADDR): e-mail codes answer 503")
	}
	return sms.New(smsCfg), nil, nil
}

// buildSignIn builds portal sign-in, password recovery and the staff
// service, all checking passwords with creds.
func (a *App) buildSignIn(creds *credential.Verifier) (*auth.Service, *recovery.Service, *staff.Service) {
	db := a.DB
	authCfg := auth.Config{Accounts: db, Sessions: a.Sessions, Keys: a.Keys, GraphicCodes: a.GraphicCodes, Captcha: a.Captcha,
		Ephemeral: a.Ephemeral, Credentials: creds, Clock: a.Clock, AuthorizeClients: a.Config.AuthorizeClients,
		SecondFactor: a.SecondFactor}
	if a.Config.Dev {
		authCfg.Expirer = db
	}
	au := auth.New(authCfg)
	rec := recovery.New(recovery.Config{Accounts: db, Codes: a.SMS, Keys: a.Keys, Lockout: au, Sessions: a.Sessions,
		Tx: db, Ephemeral: a.Ephemeral, Clock: a.Clock})
	st := staff.NewService(staff.Deps{Store: db, Tx: db, Clock: a.Clock, Sessions: a.Sessions, Keys: a.Keys,
		Captcha: a.Captcha, Codes: a.GraphicCodes, Credentials: creds, Factors: a.SecondFactor, Log: a.Log})
	return au, rec, st
}

// buildCertificates builds CA certificate sign-in, binding and recovery and
// the revocation lists it checks (loaded once here, then refreshed by
// RunMaintenance).
func (a *App) buildCertificates(ctx context.Context) (*certificate.Service, *certificate.CRLs, error) {
	cfg := a.Config
	trust, crls, err := certificateTrust(cfg, a.Log)
	if err != nil {
		return nil, nil, err
	}
	if err := crls.Refresh(ctx); err != nil {
		a.Log.Warn("certificate revocation lists: first load failed", "err", err)
	}
	c := certificate.New(certificate.Config{Store: a.DB, Accounts: a.DB, Tx: a.DB, Ephemeral: a.Ephemeral, Trust: trust,
		Portal: a.Auth, Recovery: a.Recovery, Staff: a.Staff, Clock: a.Clock, Log: a.Log, ApplyURL: cfg.CAApplyURL, DriverFile: cfg.CADriverFile,
		ChallengesPerMinute: noLimitIfZero(cfg.CAChallengesPerMinute)})
	return c, crls, nil
}

// buildIdentity builds the review queues, the account centre and
// registration. Dependencies flow one way: the account centre's review
// effects are made from its deps first, the review service gets them when
// it is built, then the account centre gets the review service.
func (a *App) buildIdentity(creds *credential.Verifier) (*review.Service, *profile.Service, *registration.Service) {
	db := a.DB
	rules := identity.NewRules(a.RefData, a.Clock)
	profileDeps := profile.Deps{Tx: db, Store: db, Codes: a.SMS, Transport: a.Keys,
		CheckPassword: password.Check, HashPassword: password.Hash, Passwords: creds,
		Sessions: a.Sessions, Files: a.Files, Catalog: a.RefData, Rules: rules, Clock: a.Clock, Log: a.Log}
	accountEffects := profile.ReviewEffects(profileDeps)
	reviews := review.NewService(review.Deps{Store: db, Tx: db, Clock: a.Clock, Accounts: db, Files: a.Files,
		Effects: effectsByKind{
			review.KindRealName:  accountEffects,
			review.KindChange:    accountEffects,
			review.KindAdmission: admission.Effects{Store: db},
		}, Notifier: a.Notices, Auditor: a.Staff, Log: a.Log})
	profileDeps.Reviews = reviews
	prof := profile.NewService(profileDeps)
	reg := registration.New(registration.Deps{
		DB: db, Accounts: db, Rules: rules, SMS: a.SMS, Passwords: a.Keys,
		CheckPassword: password.Check, HashPassword: password.Hash, Files: a.Files, Sessions: a.Sessions,
		SubmitReview: func(ctx context.Context, id int64, subject identity.Subject, payload any) (int64, error) {
			return reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: id, Subject: string(subject), Payload: payload})
		},
		RecordSubmission: prof.RecordRealNameSubmission,
		Clock:            a.Clock,
	})
	return reviews, prof, reg
}

// buildAdmission makes sure the platform's own organisation exists (and,
// with --dev, sample ones) and builds library admission.
func (a *App) buildAdmission(ctx context.Context) (*admission.Service, error) {
	db := a.DB
	if err := admission.EnsurePlatform(ctx, db, a.Config.SiteTitle); err != nil {
		return nil, fmt.Errorf("admission: platform organisation: %w", err)
	}
	if a.Config.Dev {
		if err := admission.SeedSamples(ctx, db); err != nil {
			return nil, fmt.Errorf("admission: sample organisations: %w", err)
		}
	}
	return admission.New(admission.Deps{Tx: db, Store: db, Accounts: db, Files: a.Files, Submit: a.Reviews.Submit, Clock: a.Clock}), nil
}

// buildSSO builds the OpenID Connect provider; signing out of it ends the
// account's portal sessions too.
func (a *App) buildSSO() (*sso.Service, error) {
	return sso.New(sso.Deps{Store: a.DB, Accounts: a.DB, Operators: a.Operators, Sealer: a.DataKeys, Clock: a.Clock, Log: a.Log,
		Issuer: a.Config.PublicURL, BackchannelAllowHosts: a.Config.OIDCBackchannelAllowHosts, EndPortalSessions: func(ctx context.Context, id int64) error {
			return a.Sessions.RevokeAll(ctx, session.Portal, id, "")
		}})
}

// pingFunc makes a function a /readyz check.
type pingFunc func(ctx context.Context) error

func (f pingFunc) Ping(ctx context.Context) error { return f(ctx) }

// Close releases connections.
func (a *App) Close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		_ = a.closers[i]()
	}
}

// Handler returns the HTTP handler.
func (a *App) Handler() http.Handler {
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		dist = nil
	}
	// The schema is checked as well as the connection: a database recreated
	// empty answers pings while every call fails (docs/operations.md).
	ready := map[string]httpapi.Pinger{"database": a.DB, "schema": pingFunc(a.DB.CheckSchema)}
	if r, ok := a.Ephemeral.(*ephemeral.Redis); ok {
		ready["redis"] = r
	}
	return httpapi.NewServer(httpapi.Deps{
		Log:            a.Log,
		Clock:          a.Clock,
		Dev:            a.Config.Dev,
		HTTPS:          a.Config.HTTPS(),
		TrustedProxies: a.Config.TrustedProxies,
		Ready:          ready,
		Metrics:        a.Metrics,
		Ephemeral:      a.Ephemeral,
		App:            dist,
		Runtime: httpapi.RuntimeConfig{
			Dev: a.Config.Dev, SiteTitle: a.Config.SiteTitle, HelpPhone: a.Config.HelpPhone, HelpQQ: a.Config.HelpQQ,
			CertServices: certServices(a.Config.CALocalServices),
		},
		Sessions:  a.Sessions,
		RefData:   a.RefData,
		Files:     a.Files,
		Profile:   a.Profile,
		Operators: a.Operators,
		Admission: a.Admission,
		DataExport: dataexport.New(a.DB, a.Files, a.RefData, a.Ephemeral, a.Clock, a.Log,
			dataexport.Limits{PerDay: a.Config.ExportsPerDay, Concurrent: a.Config.ExportsConcurrent}),

		Certificates: a.Certificates,

		Captcha:      a.Captcha,
		GraphicCodes: a.GraphicCodes,
		// 0 is no limit here as in the configuration.
		GraphicCodesPerMinute: a.Config.GraphicCodesPerMinute,

		Keys:     a.Keys,
		Auth:     a.Auth,
		SMS:      a.SMS,
		Recovery: a.Recovery,
		Outbox:   a.Outbox,

		Staff:   a.Staff,
		Reviews: a.Reviews,

		Registration: a.Registration,

		SSO:          a.SSO,
		Devices:      a.Devices,
		History:      a.History,
		SecondFactor: a.SecondFactor,
	})
}

// openSealed loads the data keys (a development key in the data
// directory in dev mode when none is configured; outside dev mode a
// missing key stops the start), migrates, and seals under the current key
// whatever is clear or sealed under an older one: values written before
// sealing existed are sealed here, at the first start with a key, rather
// than in a migration, because migrations do not hold the key.
func (a *App) openSealed(ctx context.Context) (*sealed.Ring, error) {
	src := sealed.Source{Key: a.Config.DataKey, File: a.Config.DataKeyFile, Command: a.Config.DataKeyCommand}
	var ring *sealed.Ring
	var err error
	if src.Empty() {
		// Only dev mode makes the development key; a command run later on
		// the same data directory (account create, the e2e harness) uses
		// it, with a warning outside dev mode.
		ring, err = sealed.DevRing(a.Config.DataDir, a.Config.Dev)
		if err == nil && !a.Config.Dev {
			a.Log.Warn("data protection: using the development data key of the data directory; configure BIDPASS_DATA_KEY in production")
		}
	} else {
		ring, err = sealed.Load(ctx, src)
	}
	if err != nil {
		return nil, err
	}
	a.DB.UseRing(ring)
	if _, err := a.DB.Migrate(ctx, a.Log); err != nil {
		return nil, err
	}
	n, err := a.DB.Reseal(ctx)
	if err != nil {
		return nil, fmt.Errorf("sealing stored personal data: %w", err)
	}
	if n > 0 {
		a.Log.Info("data protection: values sealed under the current data key", "count", n, "key", ring.Current())
	}
	return ring, nil
}

// RunMaintenance removes ended sessions (and, as capabilities add them,
// other expired rows) every interval until ctx ends.
func (a *App) RunMaintenance(ctx context.Context, interval time.Duration) {
	go a.CRLs.Run(ctx, a.Config.CACRLRefresh)
	go a.Notices.Run(ctx, 30*time.Second)
	a.MaintainOnce(ctx, interval)
	every.Tick(ctx, interval, func(ctx context.Context) { a.MaintainOnce(ctx, interval) })
}

// MaintainOnce runs the maintenance jobs if this instance takes their
// lease for the period, and reports whether it did. Every instance runs the
// loop; with one lease a period, the sweeps and clean-ups run once however
// many instances there are, and still run when one of them is gone.
func (a *App) MaintainOnce(ctx context.Context, period time.Duration) bool {
	// The lease ends a little before the next tick, so the holder's own
	// next run is not refused by a lease it still holds; another instance
	// gets it only once it ran out.
	ok, err := a.DB.TryLease(ctx, "maintenance", a.instance, a.Clock.Now(), period*9/10)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			a.Log.Warn("maintenance: lease", "err", err)
		}
		return false
	}
	if ok {
		a.maintain(ctx)
	}
	return ok
}

func (a *App) maintain(ctx context.Context) {
	cutoff := a.Clock.Now().UTC().Add(-24 * time.Hour)
	if n, err := a.DB.DeleteEndedSessions(ctx, cutoff); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: sessions", "err", err)
	} else if n > 0 {
		a.Log.Info("maintenance: ended sessions removed", "count", n)
	}
	// Uploads never attached to a submission are removed after a day.
	if n, err := a.Files.Sweep(ctx, 24*time.Hour); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: files", "err", err)
	} else if n > 0 {
		a.Log.Info("maintenance: unattached uploads removed", "count", n)
	}
	// Retention as docs/spec/DECISIONS.md fixes it; each deletion is logged by the job.
	if r, err := a.Retention.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: retention", "err", err)
	} else if r.Accounts+r.Photos > 0 {
		a.Log.Info("maintenance: retention", "abandoned_registrations", r.Accounts, "superseded_photos", r.Photos)
	}
	if n, err := a.DB.DeleteExpiredLocks(ctx, a.Clock.Now()); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: sign-in locks", "err", err)
	} else if n > 0 {
		a.Log.Info("maintenance: run-out sign-in locks removed", "count", n)
	}
	// Nonces of transported passwords outlive their ciphertexts' window only.
	if n, err := a.DB.DeleteExpiredNonces(ctx, a.Clock.Now()); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: password nonces", "err", err)
	} else if n > 0 {
		a.Log.Info("maintenance: expired password nonces removed", "count", n)
	}
	// The scheduled signing-key rotation (docs/sso.md, "Key rotation"): the
	// lease makes one instance look, the stored times make it find nothing
	// due once a key was made.
	if rotated, err := a.SSO.RotateKeysIfDue(ctx, a.Config.OIDCKeyRotateEvery, a.Config.OIDCKeyRotationDelay); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: oidc key rotation", "err", err)
	} else if rotated {
		a.Log.Info("maintenance: new oidc signing key published", "signs_after", a.Config.OIDCKeyRotationDelay)
	}
	// OpenID Connect requests, tokens, sign-ins and retired keys past their time.
	if err := a.DB.DeleteExpiredOIDC(ctx, a.Clock.Now()); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: oidc", "err", err)
	}
}

// effectsByKind routes a decision's effects to the capability that owns
// the item's kind: the account centre for real-name and change items,
// library admission for admission items. A kind without an owner fails
// the decision (and so rolls it back) instead of deciding into nothing.
type effectsByKind map[review.Kind]review.Effects

func (e effectsByKind) of(it review.Item) (review.Effects, error) {
	if x, ok := e[it.Kind]; ok {
		return x, nil
	}
	return nil, fmt.Errorf("review: no effects for kind %q", it.Kind)
}

// Approve implements review.Effects.
func (e effectsByKind) Approve(ctx context.Context, it review.Item, by review.Reviewer) error {
	x, err := e.of(it)
	if err != nil {
		return err
	}
	return x.Approve(ctx, it, by)
}

// Reject implements review.Effects.
func (e effectsByKind) Reject(ctx context.Context, it review.Item, by review.Reviewer, reason string) error {
	x, err := e.of(it)
	if err != nil {
		return err
	}
	return x.Reject(ctx, it, by, reason)
}

// noLimitIfZero maps the configuration's 0 ("no limit") to the captcha
// package's negative limit (its zero value means "the default").
func noLimitIfZero(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// smsSender is the SMS sender the configuration names: a vendor's API, the
// webhook, or none (nil).
func smsSender(cfg *config.Config) (sms.Sender, error) {
	if cfg.SMSVendor != "" {
		templates, err := smsvendor.ParseTemplates(cfg.SMSTemplates)
		if err != nil {
			return nil, fmt.Errorf("invalid setting BIDPASS_SMS_TEMPLATES: %w", err)
		}
		s, err := smsvendor.New(smsvendor.Config{Vendor: cfg.SMSVendor, KeyID: cfg.SMSKeyID, KeySecret: cfg.SMSKeySecret,
			SignName: cfg.SMSSignName, AppID: cfg.SMSAppID, Region: cfg.SMSRegion, Endpoint: cfg.SMSEndpoint,
			Templates: templates, Timeout: cfg.SMSTimeout})
		if err != nil {
			return nil, fmt.Errorf("SMS vendor (BIDPASS_SMS_*): %w", err)
		}
		return s, nil
	}
	if cfg.SMSWebhookURL != "" {
		return smswebhook.New(cfg.SMSWebhookURL, cfg.SMSTimeout), nil
	}
	return nil, nil
}

// instanceName is the host name and 8 random hex digits.
func instanceName() string {
	host, _ := os.Hostname()
	return host + "-" + strings.ToLower(rand.Text()[:8])
}
