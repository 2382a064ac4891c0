package httpapi

import (
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
