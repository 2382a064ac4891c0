package certificate_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/certificate"
	"bidpass/internal/certificate/devca"
)

// TestCRLRefresh: a list is taken only when signed by its CA; a failed or
// forged fetch keeps the list in force; a newer list replaces it, an older
// one does not.
func TestCRLRefresh(t *testing.T) {
	p := newPKI(t)
	ca := p.ca[devca.RSA]
	h := p.valid(devca.RSA, "吊销测试")
	at := func(d time.Duration, serials ...*big.Int) []byte {
		b, err := ca.CRL(serials, time.Now().Add(d).UnixMilli(), p.now.Add(d), p.now.Add(d+24*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	forger, err := devca.NewRoot(devca.RSA, ca.Cert.Subject, p.now.Add(-time.Hour), p.now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	forged, err := forger.CRL(nil, 99, p.now, p.now.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	var next []byte
	var fetchErr error
	crls := certificate.NewCRLs([]*smx509.Certificate{ca.Cert},
		[]certificate.CRLSource{{Name: "rsa", Fetch: func(context.Context) ([]byte, error) { return next, fetchErr }}}, nil)
	step := func(b []byte, fe error, wantErr, wantRevoked bool) {
		t.Helper()
		next, fetchErr = b, fe
		err := crls.Refresh(context.Background())
		if (err != nil) != wantErr {
			t.Fatalf("refresh: %v", err)
		}
		if crls.IsRevoked(h.cert) != wantRevoked {
			t.Fatalf("revoked = %v, want %v", !wantRevoked, wantRevoked)
		}
	}
	step(at(-time.Hour, h.cert.SerialNumber), nil, false, true)
	step(nil, errors.New("CA server down"), true, true)
	step(forged, nil, true, true)
	step(at(-2*time.Hour), nil, true, true) // older than the one in force
	step(at(0), nil, false, false)          // a newer list without the serial
}
