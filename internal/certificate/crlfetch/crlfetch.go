// Package crlfetch reads a CA's certificate revocation list over HTTP, so
// that package certificate does no networking itself.
package crlfetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"bidpass/internal/certificate"
)

// maxCRL bounds a downloaded list; national CAs publish lists of a few MB.
const maxCRL = 64 << 20

var client = &http.Client{Timeout: time.Minute}

// Source returns a CRL source fetching url.
func Source(url string) certificate.CRLSource {
	return certificate.CRLSource{Name: url, Fetch: func(ctx context.Context) ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("HTTP %d", resp.StatusCode)
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, maxCRL+1))
		if err != nil {
			return nil, err
		}
		if len(b) > maxCRL {
			return nil, fmt.Errorf("larger than %d bytes", maxCRL)
		}
		return b, nil
	}}
}
