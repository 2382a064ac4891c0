package app

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"bidpass/internal/certificate"
	"bidpass/internal/certificate/crlfetch"
	"bidpass/internal/certificate/devca"
	"bidpass/internal/config"
)

// DevCADir is where `bidpass ca init` keeps the development CA.
func DevCADir(cfg *config.Config) string { return filepath.Join(cfg.DataDir, "devca") }

// certificateTrust builds the trust and revocation lists of certificate
// sign-in from the configuration. In dev mode the development CA's roots
// and CRLs are added when `bidpass ca init` has made them; outside dev mode
// they are never trusted.
func certificateTrust(cfg *config.Config, log *slog.Logger) (*certificate.Trust, *certificate.CRLs, error) {
	roots, crls := cfg.CARoots, cfg.CACRLs
	if cfg.Dev {
		d := devca.Dir(DevCADir(cfg))
		for _, alg := range devca.Algs {
			if _, err := os.Stat(d.RootPath(alg)); err == nil {
				roots = append(roots, d.RootPath(alg))
				crls = append(crls, d.CRLPath(alg))
			}
		}
	}
	trust, cas, err := certificate.NewTrust(roots, cfg.CASHA1)
	if err != nil {
		return nil, nil, fmt.Errorf("CA certificates (BIDPASS_CA_ROOTS): %w", err)
	}
	if len(cas) == 0 {
		log.Warn("no CA certificates configured (BIDPASS_CA_ROOTS): certificate sign-in and binding refuse every certificate")
	}
	var sources []certificate.CRLSource
	for _, c := range crls {
		if strings.HasPrefix(c, "http://") || strings.HasPrefix(c, "https://") {
			sources = append(sources, crlfetch.Source(c))
		} else {
			sources = append(sources, certificate.FileCRL(c))
		}
	}
	list := certificate.NewCRLs(cas, sources, log)
	trust.Revoked = list
	return trust, list, nil
}

// certServices groups the configured USB-key services by vendor for the
// browser, keeping the configured order (the order the adapter tries them).
func certServices(s []config.LocalService) map[string][]string {
	if len(s) == 0 {
		return nil
	}
	out := map[string][]string{}
	for _, l := range s {
		out[l.Vendor] = append(out[l.Vendor], l.Origin)
	}
	return out
}
