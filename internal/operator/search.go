package operator

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strconv"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/ephemeral"
	"bidpass/internal/identity"
)

// Search is never a directory (docs/decisions/operators.md, "Operator links"): a party is found only by the
// exact triple of login name, verified name and certificate number, and
// what is found is named by a candidate token, never by an account id the
// client could change. A miss is an empty list and says nothing about which
// part was wrong.

// Query is a search: the other party's login name, verified name and
// certificate number (person: identity number; enterprise: credit code).
type Query struct {
	Account string
	Name    string
	CertNum string
}

// Candidate is a search result: the token that names the found account for
// an invitation or application, and what the searcher may see of it.
type Candidate struct {
	Token string
	Party // CertNum masked
}

// candidateTTL is how long a search result may be used (docs/spec/DECISIONS.md).
const candidateTTL = 10 * time.Minute

// candidate is what a token stands for.
type candidate struct {
	Searcher int64 `json:"s"`
	Found    int64 `json:"f"`
}

// Messages of the search form (02 §5).
const (
	msgAccountRequired = "请输入账号"
	msgNameRequired    = "请输入姓名"
	msgCertRequired    = "请输入证件号码"
)

// FindPerson is the enterprise's search for a person by identity number.
func (s *Service) FindPerson(ctx context.Context, actorID int64, q Query) ([]Candidate, error) {
	return s.find(ctx, actorID, EnterpriseSide, q, "certNum")
}

// FindEnterprise is the person's search for an enterprise by credit code.
func (s *Service) FindEnterprise(ctx context.Context, actorID int64, q Query) ([]Candidate, error) {
	return s.find(ctx, actorID, PersonSide, q, "creditCode")
}

func (s *Service) find(ctx context.Context, actorID int64, side Side, q Query, certField string) ([]Candidate, error) {
	q = Query{Account: identity.StripSpaces(q.Account), Name: identity.StripSpaces(q.Name), CertNum: certno.Normalize(q.CertNum)}
	if err := requireQuery(q, certField); err != nil {
		return nil, err
	}
	a, err := s.actor(ctx, actorID, side)
	if err != nil {
		return nil, err
	}
	if a.AuthState != account.Authenticated {
		return nil, ErrNotAuthed
	}
	n, err := s.d.Ephemeral.Incr(ctx, "operator:search:"+strconv.FormatInt(actorID, 10), s.d.SearchWindow)
	if err != nil {
		return nil, err
	}
	if n > int64(s.d.SearchLimit) {
		return nil, ErrTooManySearch
	}
	other, ok, err := s.match(ctx, side, q)
	if err != nil || !ok {
		return []Candidate{}, err
	}
	tok, err := s.issueCandidate(ctx, candidate{Searcher: actorID, Found: other.AccountID})
	if err != nil {
		return nil, err
	}
	other.CertNum = certno.Mask(other.CertNum)
	return []Candidate{{Token: tok, Party: other}}, nil
}

func requireQuery(q Query, certField string) error {
	fields := map[string]string{}
	msg := ""
	for _, f := range []struct{ key, v, msg string }{
		{"account", q.Account, msgAccountRequired}, {"name", q.Name, msgNameRequired}, {certField, q.CertNum, msgCertRequired},
	} {
		if f.v == "" {
			fields[f.key] = f.msg
			if msg == "" {
				msg = f.msg
			}
		}
	}
	if msg != "" {
		return apperr.InvalidFields(msg, fields)
	}
	return nil
}

// match finds the account of the other side whose login name, verified
// name and number are exactly q, and which may link (authState 1).
func (s *Service) match(ctx context.Context, searcher Side, q Query) (Party, bool, error) {
	a, err := s.d.Store.AccountByName(ctx, q.Account)
	if errors.Is(err, account.ErrNotFound) {
		return Party{}, false, nil
	}
	if err != nil {
		return Party{}, false, err
	}
	if side, ok := sideOf(a.Type); !ok || side == searcher || a.AuthState != account.Authenticated || a.Disabled {
		return Party{}, false, nil
	}
	p, err := s.party(ctx, a)
	if errors.Is(err, account.ErrNotFound) {
		return Party{}, false, nil
	}
	if err != nil {
		return Party{}, false, err
	}
	ok := identity.StripSpaces(p.Name) == q.Name && certno.Normalize(p.CertNum) == q.CertNum
	return p, ok, nil
}

// party reads the verified name and number of a (account.PersonProfile's
// real name, account.EnterpriseProfile's name).
func (s *Service) party(ctx context.Context, a account.Account) (Party, error) {
	p := Party{AccountID: a.ID, Account: a.Name, AuthState: a.AuthState}
	if a.Type == account.Enterprise {
		e, err := s.d.Store.EnterpriseProfile(ctx, a.ID)
		p.Name, p.CertNum = e.Name, e.CertNum
		return p, err
	}
	pp, err := s.d.Store.PersonProfile(ctx, a.ID)
	p.Name, p.CertNum = pp.RealName, pp.CertNum
	return p, err
}

func (s *Service) issueCandidate(ctx context.Context, c candidate) (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	tok := base64.RawURLEncoding.EncodeToString(b)
	v, _ := json.Marshal(c)
	return tok, s.d.Ephemeral.Set(ctx, "operator:candidate:"+tok, v, candidateTTL)
}

// redeem returns the account a candidate token names, if searcher issued
// it and it has not expired. It is not used up: an invitation refused for
// a bad period may be sent again with the same result.
func (s *Service) redeem(ctx context.Context, searcher int64, tok string) (int64, error) {
	if tok == "" || len(tok) > 64 {
		return 0, ErrCandidate
	}
	v, err := s.d.Ephemeral.Get(ctx, "operator:candidate:"+tok)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return 0, ErrCandidate
	}
	if err != nil {
		return 0, err
	}
	var c candidate
	if json.Unmarshal(v, &c) != nil || c.Searcher != searcher {
		return 0, ErrCandidate
	}
	return c.Found, nil
}
