package certificate

import (
	"context"
	"encoding/pem"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/every"
)

// CRLSource yields one CA's certificate revocation list (DER or PEM): a
// file, or a URL fetched by the composition root (this package does no
// networking).
type CRLSource struct {
	Name  string // for logs: the file or URL
	Fetch func(ctx context.Context) ([]byte, error)
}

// CRLs is the revocation state of the configured CAs: for each issuer the
// serials it revoked, from the last good copy of its list. A list is
// accepted only when signed by a trusted CA certificate whose subject is
// the list's issuer. Safe for concurrent use.
type CRLs struct {
	issuers []*smx509.Certificate
	sources []CRLSource
	log     *slog.Logger

	mu      sync.RWMutex
	revoked map[string]map[string]bool // raw issuer name → serial (hex) → revoked
	loaded  map[string]time.Time       // source name → this update of its list
}

// NewCRLs returns revocation state for sources, whose lists must be signed
// by one of issuers. Call Refresh (or Run) to load them.
func NewCRLs(issuers []*smx509.Certificate, sources []CRLSource, log *slog.Logger) *CRLs {
	return &CRLs{issuers: issuers, sources: sources, log: log,
		revoked: map[string]map[string]bool{}, loaded: map[string]time.Time{}}
}

// IsRevoked implements Revocation: c is revoked when the list of its issuer
// names its serial.
func (l *CRLs) IsRevoked(c *smx509.Certificate) bool {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.revoked[string(c.RawIssuer)][SerialHex(c.SerialNumber.Bytes())]
}

// Refresh loads every source once. A source that fails keeps its previous
// list (a CA's server being down must not un-revoke anything); the errors
// are returned joined.
func (l *CRLs) Refresh(ctx context.Context) error {
	var errs []error
	for _, s := range l.sources {
		if err := l.refreshOne(ctx, s); err != nil {
			errs = append(errs, fmt.Errorf("CRL %s: %w", s.Name, err))
		}
	}
	return errors.Join(errs...)
}

func (l *CRLs) refreshOne(ctx context.Context, s CRLSource) error {
	raw, err := s.Fetch(ctx)
	if err != nil {
		return err
	}
	if b, _ := pem.Decode(raw); b != nil {
		raw = b.Bytes
	}
	rl, err := smx509.ParseRevocationList(raw)
	if err != nil {
		return err
	}
	var signer *smx509.Certificate
	for _, c := range l.issuers {
		if string(c.RawSubject) == string(rl.RawIssuer) && rl.CheckSignatureFrom(c) == nil {
			signer = c
			break
		}
	}
	if signer == nil {
		return errors.New("not signed by a configured CA")
	}
	set := make(map[string]bool, len(rl.RevokedCertificateEntries))
	for _, e := range rl.RevokedCertificateEntries {
		set[SerialHex(e.SerialNumber.Bytes())] = true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if prev, ok := l.loaded[s.Name]; ok && rl.ThisUpdate.Before(prev) {
		return errors.New("older than the list already loaded")
	}
	l.revoked[string(rl.RawIssuer)] = set
	l.loaded[s.Name] = rl.ThisUpdate
	return nil
}

// Run refreshes every interval until ctx ends, logging failures.
func (l *CRLs) Run(ctx context.Context, interval time.Duration) {
	every.Tick(ctx, interval, func(ctx context.Context) {
		if err := l.Refresh(ctx); err != nil && ctx.Err() == nil {
			l.log.Warn("certificate revocation lists: refresh failed, the previous lists stay in force", "err", err)
		}
	})
}
