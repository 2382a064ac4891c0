package httpapi

import (
	"net/http"
	"strconv"
	"strings"

	"bidpass/internal/apperr"
)

// The client never decides who it acts for (docs/spec/DECISIONS.md): the acting
// account is the session's, and an id in a body or query that names another
// account is refused with 403. The old client sends such ids (accountId, id)
// on registration steps and account-centre calls; this file is the one place
// that checks them.

// errOtherAccount refuses an id naming another account.
var errOtherAccount = apperr.New(apperr.Forbidden, "account.other", "无权操作其他账号")

// sameAccount checks an id the client sent (body or query) against the
// session's account: empty is fine, anything else must be the caller's.
func sameAccount(self int64, ids ...string) error {
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id != "" && id != strconv.FormatInt(self, 10) {
			return errOtherAccount
		}
	}
	return nil
}

// accountRef are the spellings of an account id the old client sends.
type accountRef struct {
	AccountID flexString `json:"accountId"`
	ID        flexString `json:"id"`
}

func (a accountRef) check(self int64) error { return sameAccount(self, a.AccountID.v, a.ID.v) }

// queryAccount checks the account ids a query may carry.
func queryAccount(r *http.Request, self int64) error {
	q := r.URL.Query()
	return sameAccount(self, q.Get("id"), q.Get("accountId"))
}

// actingRequest is a request body that may name the account it acts for.
type actingRequest interface{ check(self int64) error }

// decodeActing reads a JSON body into v and refuses it when it names
// another account than the session's.
func decodeActing(w http.ResponseWriter, r *http.Request, v actingRequest) error {
	if err := decode(w, r, v); err != nil {
		return err
	}
	return v.check(principalFrom(r.Context()).ID)
}
