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
	"bidpass/internal/ephemeral"
	"bidpass/internal/every"
	"bidpass/internal/files"
	"bidpass/internal/graphiccode"
	"bidpass/internal/httpapi"
	"bidpass/internal/identity"
	"bidpass/internal/metrics"
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
	// sign-in and review outcomes (issue 7); the auth engineer's services
	// use the same instances.
	Keys   *pwtransport.Keyring
	SMS    *sms.Service
	Outbox *sms.Outbox
	// Notices sends review outcomes with retries (issue 21).
	Notices *sms.NoticeQueue
	// Metrics counts requests and events for BIDPASS_METRICS_ADDR.
	Metrics *metrics.Metrics
	// Auth signs portal accounts in; Recovery resets forgotten passwords (issue 4).
	Auth     *auth.Service
	Recovery *recovery.Service
	// Staff are reviewers and administrators; Reviews the review queues
	// (issue 7). The account centre installs its Effects on Reviews.
	Staff   *staff.Service
	Reviews *review.Service
	// Registration signs persons and enterprises up (issue 5).
	Registration *registration.Service

	// SSO is the OpenID Connect provider for the platform's systems (issue 20).
	SSO *sso.Service
	// Profile is the account centre (issue 6); its Effects are installed
	// on Reviews.
	Profile *profile.Service
	// Certificates is CA certificate sign-in, binding and recovery; CRLs
	// the revocation lists it checks, refreshed in the background (issue 12).
	Certificates *certificate.Service
	CRLs         *certificate.CRLs
	// Operators runs operator links (issue 14).
	Operators *operator.Service
	// Admission is library admission (issue 15); its Effects are
	// installed on Reviews for items of kind admission.
	Admission *admission.Service

	// DataKeys seal certificate numbers and key material at rest (issue 17).
	DataKeys *sealed.Ring
	// Retention deletes abandoned registrations and superseded photos
	// (issue 17), in the maintenance job.
	Retention *retention.Job

	closers []func() error
}

// Open connects to the database (migrating it) and the ephemeral store and
// builds the services.
func Open(ctx context.Context, cfg *config.Config, log *slog.Logger) (*App, error) {
	a := &App{Config: cfg, Log: log, Clock: clock.System{}, instance: instanceName()}
	db, err := store.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	a.DB = db
	a.closers = append(a.closers, db.Close)
	if err := a.openSealed(ctx); err != nil {
		a.Close()
		return nil, err
	}
	if cfg.RedisURL != "" {
		r, err := ephemeral.NewRedis(cfg.RedisURL, "bidpass:")
		if err != nil {
			a.Close()
			return nil, fmt.Errorf("redis: %w", err)
		}
		if err := r.Ping(ctx); err != nil {
			a.Close()
			return nil, fmt.Errorf("redis: %w", err)
		}
		a.Ephemeral = r
		a.closers = append(a.closers, r.Close)
	} else {
		a.Ephemeral = ephemeral.NewMemory(a.Clock)
	}
	a.Sessions = session.NewService(db, a.Clock, cfg.SessionIdle, cfg.SessionAbsolute)
	if a.RefData, err = refdata.Load(refdata.Options{HelpPhone: cfg.HelpPhone}); err != nil {
		a.Close()
		return nil, fmt.Errorf("reference data: %w", err)
	}
	blobs, err := openBlobs(ctx, cfg)
	if err != nil {
		a.Close()
		return nil, err
	}
	a.Files = files.NewService(db.Files(), blobs, a.Clock, log)
	a.Retention = retention.New(db.Retention(), blobs, a.Clock, log,
		retention.Periods{Abandoned: cfg.RetentionAbandoned, Superseded: cfg.RetentionSuperseded})
	// A reviewer's decision attachments are shown to (and so may be opened
	// by) the holder of the reviewed item.
	a.Files.SetSharing(db.FileSharing())
	// One account cannot fill the disk (issue 16 #5).
	a.Files.SetQuota(files.Quota{Store: a.Ephemeral, PerMinute: cfg.UploadsPerMinute,
		BytesPerDay: int64(cfg.UploadMBPerDay) << 20, FreeFloor: int64(cfg.UploadFreeDiskMB) << 20})
	a.Captcha, err = captcha.New(captcha.Config{
		GetPerMinute:   noLimitIfZero(cfg.CaptchaGetPerMinute),
		CheckPerMinute: noLimitIfZero(cfg.CaptchaCheckPerMinute),
		PlainPoints:    !cfg.CaptchaAES,
		BackgroundDir:  cfg.CaptchaBackgroundDir,
	}, a.Ephemeral)
	if err != nil {
		a.Close()
		return nil, fmt.Errorf("captcha (BIDPASS_CAPTCHA_BACKGROUND_DIR): %w", err)
	}
	if a.GraphicCodes, err = graphiccode.New(a.Ephemeral); err != nil {
		a.Close()
		return nil, fmt.Errorf("graphic codes: %w", err)
	}
	a.Keys = pwtransport.New(db, a.Ephemeral, a.Clock)
	smsCfg := sms.Config{Store: a.Ephemeral, Clock: a.Clock, GraphicCodes: a.GraphicCodes, Log: log, SiteName: cfg.SiteTitle}
	if cfg.Dev {
		a.Outbox = sms.NewSharedOutbox(log, a.Ephemeral) // read from any instance (issue 21)
		smsCfg.SMS, smsCfg.Email = a.Outbox, a.Outbox
	} else {
		// Outside dev mode only configured senders are used; without one
		// the calls that need it answer 503 (DECISIONS.md).
		if smsCfg.SMS, err = smsSender(cfg); err != nil {
			a.Close()
			return nil, err
		} else if smsCfg.SMS == nil {
			log.Warn("no SMS sender configured (BIDPASS_SMS_VENDOR or BIDPASS_SMS_WEBHOOK_URL): SMS codes answer 503")
		}
		if cfg.SMTPAddr != "" {
			smsCfg.Email = &sms.SMTPSender{Addr: cfg.SMTPAddr, From: cfg.SMTPFrom, User: cfg.SMTPUser, Password: cfg.SMTPPassword}
		} else {
			log.Warn("no e-mail sender configured (BIDPASS_SMTP_ADDR): e-mail codes answer 503")
		}
	}
	a.SMS = sms.New(smsCfg)
	a.Notices = sms.NewNoticeQueue(db, a.SMS, a.Clock, log)
	a.Metrics = metrics.New(db)
	// One verifier and one argon2id cap for every password check in the
	// process: portal and staff sign-in and change-password.
	creds := credential.NewVerifier(a.Ephemeral, credential.NewArgon2(runtime.GOMAXPROCS(0)), log)
	authCfg := auth.Config{Accounts: db, Sessions: a.Sessions, Keys: a.Keys, GraphicCodes: a.GraphicCodes, Captcha: a.Captcha,
		Ephemeral: a.Ephemeral, Credentials: creds, Clock: a.Clock, AuthorizeClients: cfg.AuthorizeClients}
	if cfg.Dev {
		authCfg.Expirer = db
	}
	a.Auth = auth.New(authCfg)
	a.Recovery = recovery.New(recovery.Config{Accounts: db, Codes: a.SMS, Keys: a.Keys, Lockout: a.Auth, Sessions: a.Sessions,
		Tx: db, Ephemeral: a.Ephemeral, Clock: a.Clock})
	a.Staff = staff.NewService(staff.Deps{Store: db, Tx: db, Clock: a.Clock, Sessions: a.Sessions, Keys: a.Keys,
		Captcha: a.Captcha, Codes: a.GraphicCodes, Credentials: creds, Log: log})
	trust, crls, err := certificateTrust(cfg, log)
	if err != nil {
		a.Close()
		return nil, err
	}
	if err := crls.Refresh(ctx); err != nil {
		log.Warn("certificate revocation lists: first load failed", "err", err)
	}
	a.CRLs = crls
	a.Certificates = certificate.New(certificate.Config{Store: db, Accounts: db, Tx: db, Ephemeral: a.Ephemeral, Trust: trust,
		Portal: a.Auth, Recovery: a.Recovery, Staff: a.Staff, Clock: a.Clock, Log: log, ApplyURL: cfg.CAApplyURL, DriverFile: cfg.CADriverFile,
		ChallengesPerMinute: noLimitIfZero(cfg.CAChallengesPerMinute)})
	rules := identity.NewRules(a.RefData, a.Clock)
	// Dependencies flow one way: the account centre's review effects are
	// made from its deps first, the review service gets them when it is
	// built, then the account centre gets the review service.
	profileDeps := profile.Deps{Tx: db, Store: db, Codes: a.SMS, Transport: a.Keys,
		CheckPassword: password.Check, HashPassword: password.Hash, Passwords: creds,
		Sessions: a.Sessions, Files: a.Files, Catalog: a.RefData, Rules: rules, Clock: a.Clock, Log: log}
	accountEffects := profile.ReviewEffects(profileDeps)
	a.Reviews = review.NewService(review.Deps{Store: db, Tx: db, Clock: a.Clock, Accounts: db, Files: a.Files,
		Effects: effectsByKind{
			review.KindRealName:  accountEffects,
			review.KindChange:    accountEffects,
			review.KindAdmission: admission.Effects{Store: db},
		}, Notifier: a.Notices, Auditor: a.Staff, Log: log})
	profileDeps.Reviews = a.Reviews
	a.Profile = profile.NewService(profileDeps)
	a.Registration = registration.New(registration.Deps{
		DB: db, Accounts: db, Rules: rules, SMS: a.SMS, Passwords: a.Keys,
		CheckPassword: password.Check, HashPassword: password.Hash, Files: a.Files, Sessions: a.Sessions,
		SubmitReview: func(ctx context.Context, id int64, subject identity.Subject, payload any) (int64, error) {
			return a.Reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: id, Subject: string(subject), Payload: payload})
		},
		RecordSubmission: a.Profile.RecordRealNameSubmission,
		Clock:            a.Clock,
	})
	if err := admission.EnsurePlatform(ctx, db, cfg.SiteTitle); err != nil {
		a.Close()
		return nil, fmt.Errorf("admission: platform organisation: %w", err)
	}
	if cfg.Dev {
		if err := admission.SeedSamples(ctx, db); err != nil {
			a.Close()
			return nil, fmt.Errorf("admission: sample organisations: %w", err)
		}
	}
	a.Admission = admission.New(admission.Deps{Tx: db, Store: db, Accounts: db, Files: a.Files, Submit: a.Reviews.Submit, Clock: a.Clock})
	a.Operators = operator.New(operator.Deps{Tx: db, Store: db, Records: a.Profile, Ephemeral: a.Ephemeral, Clock: a.Clock})
	a.SSO, err = sso.New(sso.Deps{Store: db, Accounts: db, Operators: a.Operators, Sealer: a.DataKeys, Clock: a.Clock, Log: log,
		Issuer: cfg.PublicURL, EndPortalSessions: func(ctx context.Context, id int64) error {
			return a.Sessions.RevokeAll(ctx, session.Portal, id, "")
		}})
	if err != nil {
		a.Close()
		return nil, err
	}
	return a, nil
}

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
	ready := map[string]httpapi.Pinger{"database": a.DB}
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
		Sessions:   a.Sessions,
		RefData:    a.RefData,
		Files:      a.Files,
		Profile:    a.Profile,
		Operators:  a.Operators,
		Admission:  a.Admission,
		DataExport: dataexport.New(a.DB, a.Files, a.Log),

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

		SSO: a.SSO,
	})
}

// openSealed loads the data keys (a development key in the data
// directory in dev mode when none is configured; outside dev mode a
// missing key stops the start), migrates, and seals under the current key
// whatever is clear or sealed under an older one: values written before
// sealing existed are sealed here, at the first start with a key, rather
// than in a migration, because migrations do not hold the key.
func (a *App) openSealed(ctx context.Context) error {
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
		return err
	}
	a.DataKeys = ring
	a.DB.UseRing(ring)
	if _, err := a.DB.Migrate(ctx, a.Log); err != nil {
		return err
	}
	n, err := a.DB.Reseal(ctx)
	if err != nil {
		return fmt.Errorf("sealing stored personal data: %w", err)
	}
	if n > 0 {
		a.Log.Info("data protection: values sealed under the current data key", "count", n, "key", ring.Current())
	}
	return nil
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
	// Retention as DECISIONS.md fixes it; each deletion is logged by the job.
	if r, err := a.Retention.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: retention", "err", err)
	} else if r.Accounts+r.Photos > 0 {
		a.Log.Info("maintenance: retention", "abandoned_registrations", r.Accounts, "superseded_photos", r.Photos)
	}
	// Nonces of transported passwords outlive their ciphertexts' window only.
	if n, err := a.DB.DeleteExpiredNonces(ctx, a.Clock.Now()); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: password nonces", "err", err)
	} else if n > 0 {
		a.Log.Info("maintenance: expired password nonces removed", "count", n)
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
