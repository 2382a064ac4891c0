package httpapi

import (
	"time"

	"bidpass/internal/graphiccode"
	"bidpass/internal/sms"
)

// Response bodies of health checks, graphic codes and the development
// outbox. The sms and graphiccode services carry no json tags for the wire.

// healthResponse is GET /healthz.
type healthResponse struct {
	Status string `json:"status"`
}

// readiness is GET /readyz: "up" or "down" per dependency, keyed by the
// names Deps.Ready gives them.
type readiness map[string]string

// graphicCodeResponse is a new graphic code: its id and the picture as a
// data URL (image/png).
type graphicCodeResponse struct {
	ID    string `json:"id"`
	Image string `json:"codeimage"`
}

func graphicCodeOut(c graphiccode.Code) graphicCodeResponse { return graphicCodeResponse(c) }

// graphicCodeTextResponse is GET /api/dev/verifycode/{id}: the code's text.
type graphicCodeTextResponse struct {
	Code string `json:"code"`
}

// outboxMessageResponse is one SMS or e-mail of the development outbox.
type outboxMessageResponse struct {
	Channel string    `json:"channel"`
	To      string    `json:"to"`
	Scene   string    `json:"scene"`
	Subject string    `json:"subject,omitempty"`
	Text    string    `json:"text"`
	Code    string    `json:"code,omitempty"`
	At      time.Time `json:"at"`
}

func outboxMessageOut(m sms.Message) outboxMessageResponse {
	return outboxMessageResponse{Channel: string(m.Channel), To: m.To, Scene: m.Scene, Subject: m.Subject, Text: m.Text, Code: m.Code, At: m.At}
}
