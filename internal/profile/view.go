package profile

import (
	"context"
	"errors"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
)

// PersonView is the person basic information as the owner sees it: the
// certificate number masked (RevealCertNum gives it whole).
type PersonView struct {
	Account      string
	Renamed      bool
	Phone        string
	AuthState    int
	Name         string
	CertType     string
	CertNum      string
	CertStart    string
	CertEnd      string
	CertLongTerm bool
	Province     string
	City         string
	Area         string
	AreaName     string
	DetailAddr   string
	FrontID      string
	BackID       string
	TakeID       string
	CertAddress  string
}

// EnterpriseView is the enterprise basic information in the spec's three
// parts; certificate numbers masked.
type EnterpriseView struct {
	Enterprise struct {
		Account         string
		Renamed         bool
		Name            string
		Type            string
		CertType        string
		CertNum         string
		Province        string
		City            string
		Area            string
		AreaName        string
		DetailAddr      string
		Industry        string
		IndustryName    string
		Capital         string
		CapitalUnit     string
		CapitalCurrency string
		LicenseState    string // the licence image id (the spec's name)
	}
	LegalPerson struct {
		Name     string
		CertType string
		CertNum  string
		FrontID  string
		BackID   string
	}
	Contact struct {
		Name  string
		Phone string
	}
	Phone     string
	AuthState int
}

// personProfile returns the profile, or an empty one when registration has
// not stored it yet.
func (s *Service) personProfile(ctx context.Context, id int64) (account.PersonProfile, error) {
	p, err := s.d.Store.PersonProfile(ctx, id)
	if errors.Is(err, account.ErrNotFound) {
		return account.PersonProfile{AccountID: id}, nil
	}
	return p, err
}

func (s *Service) enterpriseProfile(ctx context.Context, id int64) (account.EnterpriseProfile, error) {
	p, err := s.d.Store.EnterpriseProfile(ctx, id)
	if errors.Is(err, account.ErrNotFound) {
		return account.EnterpriseProfile{AccountID: id}, nil
	}
	return p, err
}

// Person returns the person information of the account.
func (s *Service) Person(ctx context.Context, accountID int64) (PersonView, error) {
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return PersonView{}, err
	}
	if a.Type != account.Person {
		return PersonView{}, ErrWrongType
	}
	p, err := s.personProfile(ctx, accountID)
	if err != nil {
		return PersonView{}, err
	}
	return PersonView{
		Account: a.Name, Renamed: a.Renamed, Phone: a.Phone, AuthState: int(a.AuthState),
		Name: p.RealName, CertType: p.CertType, CertNum: certno.Mask(p.CertNum),
		CertStart: p.CertStart, CertEnd: p.CertEnd, CertLongTerm: p.LongTerm,
		Province: p.Province, City: p.City, Area: p.Area, AreaName: s.d.Catalog.AreaFullNameOf(p.Province, p.City, p.Area),
		DetailAddr: p.DetailAddr, FrontID: p.CertFrontID, BackID: p.CertBackID, TakeID: p.CertTakeID,
		CertAddress: p.CertAddress,
	}, nil
}

// Enterprise returns the enterprise information of the account.
func (s *Service) Enterprise(ctx context.Context, accountID int64) (EnterpriseView, error) {
	var v EnterpriseView
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return v, err
	}
	if a.Type != account.Enterprise {
		return v, ErrWrongType
	}
	p, err := s.enterpriseProfile(ctx, accountID)
	if err != nil {
		return v, err
	}
	e := &v.Enterprise
	e.Account, e.Renamed, e.Name, e.Type, e.CertType, e.CertNum = a.Name, a.Renamed, p.Name, p.Type, p.CertType, certno.Mask(p.CertNum)
	e.Province, e.City, e.Area, e.DetailAddr = p.Province, p.City, p.Area, p.DetailAddr
	e.AreaName = s.d.Catalog.AreaFullNameOf(p.Province, p.City, p.Area)
	e.Industry, e.IndustryName = p.Industry, s.d.Catalog.IndustryPathName(p.Industry)
	e.Capital, e.CapitalUnit, e.CapitalCurrency, e.LicenseState = p.Capital, p.CapitalUnit, p.CapitalCurrency, p.LicenseFileID
	l := &v.LegalPerson
	l.Name, l.CertType, l.CertNum, l.FrontID, l.BackID = p.Legal.Name, p.Legal.CertType, certno.Mask(p.Legal.CertNum), p.LegalFrontID, p.LegalBackID
	v.Contact.Name, v.Contact.Phone = p.Contact.Name, p.Contact.Phone
	v.Phone, v.AuthState = a.Phone, int(a.AuthState)
	return v, nil
}

// Which certificate number RevealCertNum returns.
const (
	RevealPerson     = "person"
	RevealEnterprise = "enterprise"
	RevealLegal      = "legal"
)

// RevealCertNum returns a certificate number of the account in full and
// writes an audit line (who, which number, from where): a masked number on
// screen is the default, so each reveal is a deliberate act worth tracing.
func (s *Service) RevealCertNum(ctx context.Context, accountID int64, which, clientAddr string) (string, error) {
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return "", err
	}
	var num string
	switch {
	case which == RevealPerson && a.Type == account.Person:
		p, err := s.personProfile(ctx, accountID)
		if err != nil {
			return "", err
		}
		num = p.CertNum
	case (which == RevealEnterprise || which == RevealLegal) && a.Type == account.Enterprise:
		p, err := s.enterpriseProfile(ctx, accountID)
		if err != nil {
			return "", err
		}
		num = p.CertNum
		if which == RevealLegal {
			num = p.Legal.CertNum
		}
	default:
		return "", apperr.Field("which", "证件类别无效")
	}
	s.d.Log.InfoContext(ctx, "audit: certificate number revealed",
		"account_id", accountID, "which", which, "client", clientAddr, "at", s.now())
	return num, nil
}

// TrustItem is one authentication mode and its state.
type TrustItem struct {
	Type  string
	State int
}

// TrustLevel is the account's authentication modes and the overall level.
type TrustLevel struct {
	Level int
	Items []TrustItem
}

// OverallLevel is the rule of 02 §4: 1 if any item is 1; otherwise 99 if
// any is 99; otherwise 0 (2, not passed, counts as not authenticated).
func OverallLevel(items []TrustItem) int {
	level := 0
	for _, it := range items {
		switch {
		case it.State == 1:
			return 1
		case it.State == 99:
			level = 99
		}
	}
	return level
}

// Trust returns the account's trust level. Manual verification is the one
// mode; its state is the account's authState.
func (s *Service) Trust(ctx context.Context, accountID int64) (TrustLevel, error) {
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return TrustLevel{}, err
	}
	items := []TrustItem{{Type: MethodManual, State: int(a.AuthState)}}
	return TrustLevel{Level: OverallLevel(items), Items: items}, nil
}

// SecurityInfo is what the account security page shows.
type SecurityInfo struct {
	Account string
	Renamed bool
	Phone   string
	Type    int
	// Email is the account's address (the holder's own, shown masked);
	// EmailVerified whether a code sent to it came back.
	Email         string
	EmailVerified bool
}

// Security returns the account's security information. The full phone is
// the holder's own and is needed to send codes to it.
func (s *Service) Security(ctx context.Context, accountID int64) (SecurityInfo, error) {
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return SecurityInfo{}, err
	}
	return SecurityInfo{Account: a.Name, Renamed: a.Renamed, Phone: a.Phone, Type: int(a.Type), Email: a.Email, EmailVerified: a.EmailVerified()}, nil
}
