package certificate

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/ephemeral"
	"bidpass/internal/recovery"
	"bidpass/internal/session"
)

// Failure limits of certificate sign-in and recovery. Failures are counted
// per client address only, never against the account or the certificate:
// a serial is public and a bad signature proves nothing about who holds
// the key, so no count a stranger can move may refuse the holder
// (docs/decisions/races-and-denial.md, "Certificate sign-in cannot be
// denied by the serial"). Guessing a signature is hopeless anyway; the
// address limit bounds the work one client makes the server do.
const (
	FailureWindow = 15 * time.Minute
	// AddrFailureLimit failures from one address refuse that address.
	AddrFailureLimit = 20
	// DefaultChallengesPerMinute bounds the challenges one address may ask
	// for unless configured otherwise.
	DefaultChallengesPerMinute = 60
)

// Proof is a signed challenge sent to sign in or recover.
type Proof struct {
	Serial     string // as the client sent it
	Signed     Signed
	ClientAddr string
	UserAgent  string
	// Hardware says the client signed through a USB-key vendor's
	// component rather than with a soft certificate in the page. The
	// signature cannot show where the key lives: this is the client's
	// word, so it only chooses between amr hwk and swk, which stand on
	// one authentication level (docs/sso.md, "Authentication context (amr, acr)").
	Hardware bool
	// Browser is the asking browser's challenge cookie: only challenges
	// issued to that browser are tried.
	Browser string
}

// SignInChallenge issues the challenge of a certificate sign-in for serial
// (POST /api/login/cert/prev) to browser (the asking browser's challenge
// cookie). Anyone may ask; the serial's binding is not revealed, and a
// challenge issued to one browser is never tried for another, so a
// stranger's requests cannot displace the holder's challenge.
func (s *Service) SignInChallenge(ctx context.Context, serial, clientAddr, browser string) (string, error) {
	return s.serialChallenge(ctx, ForSignIn, serial, clientAddr, browser)
}

// RecoveryChallenge issues the challenge of a recovery by certificate.
func (s *Service) RecoveryChallenge(ctx context.Context, serial, clientAddr, browser string) (string, error) {
	return s.serialChallenge(ctx, ForRecovery, serial, clientAddr, browser)
}

// serialSubject is what a serial's challenges are kept under: the serial
// and the browser they were issued to.
func serialSubject(sn, browser string) string { return sn + "/" + browser }

func (s *Service) serialChallenge(ctx context.Context, p Purpose, serial, clientAddr, browser string) (string, error) {
	sn, ok := NormalizeSerial(serial)
	if !ok {
		return "", ErrSerial
	}
	if browser == "" {
		return "", ErrChallenge
	}
	if limit := s.challengeLimit(); limit > 0 {
		n, err := s.cfg.Ephemeral.Incr(ctx, "cert:chal:rate:"+clientAddr, time.Minute)
		if err != nil {
			return "", err
		}
		if n > int64(limit) {
			return "", apperr.New(apperr.TooMany, "certificate.rate", "请求过于频繁，请稍后再试")
		}
	}
	return s.challenges.Issue(ctx, p, serialSubject(sn, browser))
}

func (s *Service) challengeLimit() int {
	if s.cfg.ChallengesPerMinute == 0 {
		return DefaultChallengesPerMinute
	}
	return s.cfg.ChallengesPerMinute
}

// SignIn signs in the account whose bound certificate signed the sign-in
// challenge, with exactly the session and answer of a password sign-in.
func (s *Service) SignIn(ctx context.Context, p Proof) (auth.SignInResult, error) {
	b, err := s.prove(ctx, session.Portal, ForSignIn, p)
	if err != nil {
		return auth.SignInResult{}, err
	}
	return s.cfg.Portal.SignInAs(ctx, b.SubjectID, []string{p.method()}, p.ClientAddr, p.UserAgent)
}

// method is the sign-in method the proof's key is: a USB key or a soft
// certificate.
func (p Proof) method() string {
	if p.Hardware {
		return session.MethodHardKey
	}
	return session.MethodSoftKey
}

// Recover proves the account a bound certificate belongs to and answers
// what the phone step of recovery answers (the account and a checkCode for
// POST /api/retrieve/pwd/reset).
func (s *Service) Recover(ctx context.Context, p Proof) (recovery.FindResult, error) {
	b, err := s.prove(ctx, session.Portal, ForRecovery, p)
	if err != nil {
		return recovery.FindResult{}, err
	}
	a, err := s.cfg.Accounts.AccountByID(ctx, b.SubjectID)
	if err != nil {
		return recovery.FindResult{}, err
	}
	return s.cfg.Recovery.Vouch(ctx, []account.Account{a})
}

// prove checks a signed challenge of purpose against the live bindings of
// realm with the request's serial and spends the challenge. Only the
// challenges issued to the asking browser are tried; failures count
// against the client address.
func (s *Service) prove(ctx context.Context, realm session.Kind, purpose Purpose, p Proof) (Binding, error) {
	sn, ok := NormalizeSerial(p.Serial)
	if !ok {
		return Binding{}, ErrSerial
	}
	addrKey := "cert:fail:addr:" + p.ClientAddr
	addrFails, err := s.count(ctx, addrKey)
	if err != nil {
		return Binding{}, err
	}
	if addrFails >= AddrFailureLimit {
		return Binding{}, s.locked(ctx, addrKey)
	}
	bound, err := s.cfg.Store.BoundCertificatesBySerial(ctx, realm, sn)
	if err != nil {
		return Binding{}, err
	}
	if len(bound) == 0 {
		return Binding{}, s.fail(ctx, addrKey, ErrUnknownCert)
	}
	candidates := make([]*smx509.Certificate, 0, len(bound))
	for _, b := range bound {
		c, err := b.Certificate()
		if err != nil {
			return Binding{}, fmt.Errorf("stored certificate %d: %w", b.ID, err)
		}
		candidates = append(candidates, c)
	}
	pending, err := s.challenges.Outstanding(ctx, purpose, serialSubject(sn, p.Browser))
	if err != nil {
		return Binding{}, err
	}
	v, err := s.cfg.Trust.Verify(p.Signed, Contents(pending), candidates, s.cfg.Clock.Now())
	if err != nil {
		return Binding{}, s.fail(ctx, addrKey, err)
	}
	if err := s.challenges.Use(ctx, pending[v.Content]); err != nil {
		return Binding{}, s.fail(ctx, addrKey, err)
	}
	for _, b := range bound {
		if bytes.Equal(b.DER, v.Cert.Raw) {
			return b, nil
		}
	}
	return Binding{}, errors.New("certificate: verified signer is not among the bindings")
}

// count reads a failure counter (0 when absent).
func (s *Service) count(ctx context.Context, key string) (int64, error) {
	v, err := s.cfg.Ephemeral.Get(ctx, key)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	return strconv.ParseInt(string(v), 10, 64)
}

// fail counts a refused attempt against the asking address (atomically,
// so parallel failures each count) and returns why it was refused. Only
// refusals of the signature or the certificate count; a store failure is
// not the client's.
func (s *Service) fail(ctx context.Context, addrKey string, why error) error {
	if _, ok := apperr.As(why); !ok {
		return why
	}
	if _, err := s.cfg.Ephemeral.Incr(ctx, addrKey, FailureWindow); err != nil {
		return err
	}
	return why
}

// locked is the refusal while a counter is over its limit, with the
// minutes left (rounded up) as the password lock words it.
func (s *Service) locked(ctx context.Context, key string) error {
	left, err := s.cfg.Ephemeral.TTL(ctx, key)
	if err != nil && !errors.Is(err, ephemeral.ErrNotFound) {
		return err
	}
	mins := int((left + time.Minute - 1) / time.Minute)
	if mins < 1 {
		mins = 1
	}
	return apperr.New(apperr.TooMany, "certificate.locked", fmt.Sprintf("证书验证失败次数过多，请%d分钟后再试", mins))
}
