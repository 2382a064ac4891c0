// Package smswebhook is the generic production SMS sender: it POSTs each
// message as JSON {phone, text, scene} to an HTTP endpoint the operator
// runs (a gateway in front of the SMS vendor). It lives apart from package
// sms so that the capability itself does not import net/http.
package smswebhook

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"bidpass/internal/sms"
)

// Sender posts messages to URL.
type Sender struct {
	URL    string
	Client *http.Client
}

// New returns a sender that waits at most timeout for an answer (10 s
// when 0).
func New(url string, timeout time.Duration) *Sender {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	return &Sender{URL: url, Client: &http.Client{Timeout: timeout}}
}

// Send posts m; any status other than 2xx is an error.
func (s *Sender) Send(ctx context.Context, m sms.Message) error {
	body, _ := json.Marshal(map[string]string{"phone": m.To, "text": m.Text, "scene": m.Scene})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.Client.Do(req)
	if err != nil {
		return fmt.Errorf("sms webhook: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("sms webhook: status %d", resp.StatusCode)
	}
	return nil
}
