package mfa

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/ephemeral"
	"bidpass/internal/session"
)

// TicketTTL is how long the first step's success waits for the second.
const TicketTTL = 5 * time.Minute

// EnrolmentTTL is how long a staff member without a factor has, after the
// password, to install an authenticator app and confirm its first code.
const EnrolmentTTL = 15 * time.Minute

// Ticket is the first step's success: not a session, only the right to
// try the second step, from the browser that holds Secret (a cookie).
type Ticket struct {
	ID     string // sent in the request body
	Secret string // kept by the browser (an HttpOnly cookie)
}

// ticketRecord is what the ephemeral store keeps of a ticket.
type ticketRecord struct {
	Kind    session.Kind `json:"kind"`
	ID      int64        `json:"id"`
	Name    string       `json:"name"`
	Methods []string     `json:"methods"`
	Binding string       `json:"binding"` // SHA-256 of the browser's secret
	// Enrol marks the ticket of a member who must enrol a factor before
	// any session (docs/decisions/second-factor.md, "Staff enrol at the first sign-in").
	Enrol bool `json:"enrol,omitempty"`
}

// ErrTicket refuses an unknown, expired, used or other browser's ticket,
// with one answer for all of them. It is a 400, not a 401: the second step
// is an open route (no session yet), and a 401 from an open route would
// tell the client a session is missing (docs/decisions/second-factor.md,
// "A refused ticket is a 400").
var ErrTicket = apperr.New(apperr.Invalid, "mfa.ticket", "登录已失效，请重新输入账号和密码")

func ticketKey(id string) string {
	sum := sha256.Sum256([]byte(id))
	return "mfa:ticket:" + hex.EncodeToString(sum[:])
}

func token() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func binding(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// IssueTicket records the first step of sub's sign-in, made with methods.
func (s *Service) IssueTicket(ctx context.Context, sub Subject, methods []string) (Ticket, error) {
	return s.issue(ctx, ticketRecord{Kind: sub.Kind, ID: sub.ID, Name: sub.Name, Methods: methods}, TicketTTL)
}

// IssueEnrolmentTicket records the first step of the sign-in of sub, who
// has no factor and may not sign in without one: the ticket buys only the
// enrolment (BeginEnrolment, CompleteEnrolment), whose first code opens
// the session.
func (s *Service) IssueEnrolmentTicket(ctx context.Context, sub Subject, methods []string) (Ticket, error) {
	return s.issue(ctx, ticketRecord{Kind: sub.Kind, ID: sub.ID, Name: sub.Name, Methods: methods, Enrol: true}, EnrolmentTTL)
}

func (s *Service) issue(ctx context.Context, rec ticketRecord, ttl time.Duration) (Ticket, error) {
	id, err := token()
	if err != nil {
		return Ticket{}, err
	}
	secret, err := token()
	if err != nil {
		return Ticket{}, err
	}
	rec.Binding = binding(secret)
	raw, err := json.Marshal(rec)
	if err != nil {
		return Ticket{}, err
	}
	if err := s.d.Ephemeral.Set(ctx, ticketKey(id), raw, ttl); err != nil {
		return Ticket{}, err
	}
	return Ticket{ID: id, Secret: secret}, nil
}

// Completed is the second step's success: who signed in and how.
type Completed struct {
	Subject Subject
	Methods []string // the first step's, with otp and mfa
}

// CompleteSignIn checks code against the ticket's subject, for the
// browser holding t.Secret. Wrong codes count under the lockout and leave
// the ticket for another try within its life; the right one spends it, so
// of parallel right ones one signs in.
func (s *Service) CompleteSignIn(ctx context.Context, kind session.Kind, t Ticket, code string) (Completed, error) {
	rec, err := s.ticket(ctx, kind, t, false)
	if err != nil {
		return Completed{}, err
	}
	if err := s.Verify(ctx, rec.subject(), code, true); err != nil {
		return Completed{}, err
	}
	return s.spend(ctx, t, rec)
}

// BeginEnrolment answers a fresh secret and its QR code for the member of
// an enrolment ticket (each call replaces the pending secret).
func (s *Service) BeginEnrolment(ctx context.Context, kind session.Kind, t Ticket) (Enrolment, error) {
	rec, err := s.ticket(ctx, kind, t, true)
	if err != nil {
		return Enrolment{}, err
	}
	return s.BeginTOTP(ctx, rec.subject())
}

// CompleteEnrolment confirms the pending secret of an enrolment ticket's
// member with its first code and spends the ticket: the sign-in is
// complete (with otp and mfa), and the recovery codes are shown once. Of
// parallel right codes one confirms (AcceptStep's guard); the others are
// refused as ErrEnrolled or a replayed code.
func (s *Service) CompleteEnrolment(ctx context.Context, kind session.Kind, t Ticket, code string) (Completed, []string, error) {
	rec, err := s.ticket(ctx, kind, t, true)
	if err != nil {
		return Completed{}, nil, err
	}
	codes, err := s.ConfirmTOTP(ctx, rec.subject(), code)
	if err != nil {
		return Completed{}, nil, err
	}
	done, err := s.spend(ctx, t, rec)
	return done, codes, err
}

func (r ticketRecord) subject() Subject { return Subject{Kind: r.Kind, ID: r.ID, Name: r.Name} }

// spend takes the ticket once and answers the sign-in it completes.
func (s *Service) spend(ctx context.Context, t Ticket, rec ticketRecord) (Completed, error) {
	if _, err := s.d.Ephemeral.Take(ctx, ticketKey(t.ID)); errors.Is(err, ephemeral.ErrNotFound) {
		return Completed{}, ErrTicket
	} else if err != nil {
		return Completed{}, err
	}
	methods := slices.Clone(rec.Methods)
	for _, m := range []string{session.MethodOTP, session.MethodMFA} {
		if !slices.Contains(methods, m) {
			methods = append(methods, m)
		}
	}
	return Completed{Subject: rec.subject(), Methods: methods}, nil
}

// ticket reads t for kind when the browser's secret matches its binding
// and it is of the wanted sort (an enrolment ticket or a second step's).
func (s *Service) ticket(ctx context.Context, kind session.Kind, t Ticket, enrol bool) (ticketRecord, error) {
	if t.ID == "" || t.Secret == "" {
		return ticketRecord{}, ErrTicket
	}
	raw, err := s.d.Ephemeral.Get(ctx, ticketKey(t.ID))
	if errors.Is(err, ephemeral.ErrNotFound) {
		return ticketRecord{}, ErrTicket
	}
	if err != nil {
		return ticketRecord{}, err
	}
	var rec ticketRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return ticketRecord{}, err
	}
	if rec.Kind != kind || rec.Enrol != enrol || subtle.ConstantTimeCompare([]byte(rec.Binding), []byte(binding(t.Secret))) != 1 {
		return ticketRecord{}, ErrTicket
	}
	return rec, nil
}
