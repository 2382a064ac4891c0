package httpapi

import (
	"encoding/json"
	"time"

	"bidpass/internal/review"
)

// Response bodies of the staff API that are not built next to their
// handler in admin.go. Fields of the two that replaced JSON maps are in
// alphabetical order, the order the maps had on the wire.

// staffActionResponse is one line of the staff action log.
type staffActionResponse struct {
	Action     string    `json:"action"`
	ClientAddr string    `json:"clientAddr"`
	Detail     string    `json:"detail"`
	ID         int64     `json:"id"`
	StaffID    int64     `json:"staffId"`
	StaffName  string    `json:"staffName"`
	Target     string    `json:"target"`
	Time       time.Time `json:"time"`
}

// latestRealNameResponse is the account holder's newest real-name item and
// its decisions.
type latestRealNameResponse struct {
	Decisions   []decisionJSON `json:"decisions"`
	ID          int64          `json:"id"`
	State       review.State   `json:"state"`
	SubmittedAt time.Time      `json:"submittedAt"`
}

// payloadFields is a JSON object of a review payload or of the current
// profile, field by field: the keys are the stored submissions' own (they
// differ by subject and by version), so they are not a Go struct here.
type payloadFields map[string]json.RawMessage

// text is the field's value when it is a JSON string.
func (p payloadFields) text(key string) (string, bool) {
	raw, ok := p[key]
	if !ok {
		return "", false
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}
	return s, true
}
