// Package account holds the portal account and its identity profiles: the
// person (natural person, type 1) and the enterprise (legal person, type 2)
// with its legal representative and contact. Registration creates them, the
// account centre edits them, review decides their authentication state.
package account

import (
	"context"
	"errors"
	"time"

	"bidpass/internal/identity"
)

// Type is the account type: 1 person, 2 enterprise (docs/spec/DECISIONS.md).
type Type int

// The account types.
const (
	Person     Type = 1
	Enterprise Type = 2
)

// AuthState is the real-name authentication state (docs/spec/DECISIONS.md).
type AuthState int

// The authentication states.
const (
	NotAuthenticated AuthState = 0
	Authenticated    AuthState = 1
	NotPassed        AuthState = 2
	Verifying        AuthState = 99
)

// Account is a portal account.
type Account struct {
	ID              int64
	Name            string // the login name, as typed at registration
	Renamed         bool   // the login name may be changed once
	Type            Type
	Phone           string
	Email           string    // lower-cased; may be unverified (typed at registration)
	EmailVerifiedAt time.Time // zero while Email is unverified or empty
	PasswordHash    string    // PHC string (argon2id)
	RegisterProcess int       // 1 while registration is unfinished
	RegisterStep    int       // the wizard step to resume at
	AuthState       AuthState
	Disabled        bool
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// EmailVerified reports whether the account's address was proved by a code.
func (a Account) EmailVerified() bool { return a.Email != "" && !a.EmailVerifiedAt.IsZero() }

// PersonProfile is the stored identity of a person account: the field set
// identity owns and checks, and what only the record keeps (the photos,
// the address printed on the certificate, the verification method).
type PersonProfile struct {
	AccountID int64
	identity.Person
	ManualCheck bool
	CertFrontID string
	CertBackID  string
	CertTakeID  string
	CertAddress string // the address printed on the certificate
	UpdatedAt   time.Time
	Version     int64 // 0 before the first save; each save adds one
}

// EnterpriseProfile is the stored identity of an enterprise account: the
// enterprise, its legal representative and its contact as identity owns
// them, with the licence and the legal representative's photos.
type EnterpriseProfile struct {
	AccountID int64
	identity.Enterprise
	LicenseFileID string
	Legal         identity.LegalPerson
	LegalFrontID  string
	LegalBackID   string
	Contact       identity.Contact
	UpdatedAt     time.Time
	Version       int64 // 0 before the first save; each save adds one
}

// RealNameSubmission is what a reviewer is shown of a's person profile.
func (p PersonProfile) RealNameSubmission(a Account, src identity.Source) identity.PersonRealName {
	return identity.PersonRealName{
		Source: src, Account: a.Name, Phone: a.Phone,
		RealName: p.RealName, CertType: p.CertType, CertNum: p.CertNum,
		CertStart: p.CertStart, CertEnd: p.CertEnd, CertValid: p.LongTerm,
		Province: p.Province, City: p.City, Area: p.Area, DetailAddr: p.DetailAddr,
		CertFrontID: p.CertFrontID, CertBackID: p.CertBackID, CertTakeID: p.CertTakeID,
		CertAddress: p.CertAddress,
	}
}

// RealNameSubmission is what a reviewer is shown of a's enterprise profile.
func (p EnterpriseProfile) RealNameSubmission(a Account, src identity.Source) identity.EnterpriseRealName {
	return identity.EnterpriseRealName{
		Source: src, Account: a.Name, Phone: a.Phone,
		Type: p.Type, Name: p.Name, CertType: p.CertType, CertNum: p.CertNum,
		Province: p.Province, City: p.City, Area: p.Area, DetailAddr: p.DetailAddr,
		Industry: p.Industry, Capital: p.Capital, CapitalUnit: p.CapitalUnit, CapitalCurrency: p.CapitalCurrency,
		LicenceID: p.LicenseFileID,
		LegalName: p.Legal.Name, LegalCertType: p.Legal.CertType, LegalCertNum: p.Legal.CertNum,
		LegalFrontID: p.LegalFrontID, LegalBackID: p.LegalBackID,
		ContactName: p.Contact.Name, ContactPhone: p.Contact.Phone,
	}
}

// PersonSubmitted is the profile a person's real-name submission
// describes, so that it reads by catalogue key as the stored one does.
func PersonSubmitted(s identity.PersonRealName) PersonProfile {
	return PersonProfile{
		Person: identity.Person{RealName: s.RealName, CertType: s.CertType, CertNum: s.CertNum,
			CertStart: s.CertStart, CertEnd: s.CertEnd, LongTerm: s.CertValid,
			Province: s.Province, City: s.City, Area: s.Area, DetailAddr: s.DetailAddr},
		CertFrontID: s.CertFrontID, CertBackID: s.CertBackID, CertTakeID: s.CertTakeID, CertAddress: s.CertAddress,
	}
}

// EnterpriseSubmitted is PersonSubmitted for an enterprise.
func EnterpriseSubmitted(s identity.EnterpriseRealName) EnterpriseProfile {
	return EnterpriseProfile{
		Enterprise: identity.Enterprise{Type: s.Type, Name: s.Name, CertType: s.CertType, CertNum: s.CertNum,
			Province: s.Province, City: s.City, Area: s.Area, DetailAddr: s.DetailAddr,
			Industry: s.Industry, Capital: s.Capital, CapitalUnit: s.CapitalUnit, CapitalCurrency: s.CapitalCurrency},
		LicenseFileID: s.LicenceID,
		Legal:         identity.LegalPerson{Name: s.LegalName, CertType: s.LegalCertType, CertNum: s.LegalCertNum},
		LegalFrontID:  s.LegalFrontID, LegalBackID: s.LegalBackID,
		Contact: identity.Contact{Name: s.ContactName, Phone: s.ContactPhone},
	}
}

// ErrNotFound is returned when an account or profile does not exist.
var ErrNotFound = errors.New("account: not found")

// ErrNameTaken is returned by CreateAccount and RenameAccount when the login
// name is already used (case-insensitively).
var ErrNameTaken = errors.New("account: name taken")

// ErrEmailTaken is returned by SetAccountEmail when another account has
// the address verified (one account per verified address).
var ErrEmailTaken = errors.New("account: e-mail taken")

// ErrAlreadyRenamed is returned by RenameAccount for an account renamed
// before (the login name may change once).
var ErrAlreadyRenamed = errors.New("account: already renamed")

// Store keeps accounts and profiles. Lookups return ErrNotFound.
type Store interface {
	CreateAccount(ctx context.Context, a *Account) error // sets a.ID; ErrNameTaken
	AccountByID(ctx context.Context, id int64) (Account, error)
	AccountByName(ctx context.Context, name string) (Account, error) // case-insensitive
	AccountsByPhone(ctx context.Context, phone string) ([]Account, error)
	AccountNameTaken(ctx context.Context, name string) (bool, error)

	// The writes below change only their own columns, each guarded by the
	// value it expects, so concurrent requests cannot overwrite each
	// other's changes (PostgreSQL runs them at READ COMMITTED).

	// MoveAccount writes stage to where the account is still at from;
	// ErrStale otherwise. Use Move, which checks the transition.
	MoveAccount(ctx context.Context, id int64, from, to Stage, at time.Time) error
	// RenameAccount sets the login name once: ErrAlreadyRenamed when the
	// account was renamed before, ErrNameTaken on a clash.
	RenameAccount(ctx context.Context, id int64, newName string, at time.Time) error
	// SetAccountPhone replaces the bound phone when it is still old;
	// ErrStale otherwise.
	SetAccountPhone(ctx context.Context, id int64, old, phone string, at time.Time) error
	// SetAccountEmail binds email as verified at at when the account's
	// address is still old; ErrStale otherwise, ErrEmailTaken when another
	// account has the address verified.
	SetAccountEmail(ctx context.Context, id int64, old, email string, at time.Time) error
	// SetAccountPassword replaces the stored password hash.
	SetAccountPassword(ctx context.Context, id int64, hash string, at time.Time) error

	PersonProfile(ctx context.Context, accountID int64) (PersonProfile, error)
	// SavePersonProfile inserts p when p.Version is 0, else writes it over
	// version p.Version; ErrStale when another write came first.
	// It returns the stored version.
	SavePersonProfile(ctx context.Context, p PersonProfile) (int64, error)
	EnterpriseProfile(ctx context.Context, accountID int64) (EnterpriseProfile, error)
	// SaveEnterpriseProfile is SavePersonProfile for enterprises.
	SaveEnterpriseProfile(ctx context.Context, p EnterpriseProfile) (int64, error)
}
