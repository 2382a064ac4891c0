package httpapi_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"bidpass/internal/account"
)

// inviteBody is an invitation of candidate for a month from today (China).
func inviteBody(candidate string) map[string]string {
	cst := time.FixedZone("CST", 8*3600)
	return map[string]string{"candidate": candidate, "operateStart": time.Now().In(cst).Format("2006-01-02"),
		"operateEnd": time.Now().In(cst).AddDate(0, 1, 0).Format("2006-01-02")}
}

// TestParallelInvitationsKeepThePairLimit: on PostgreSQL + Redis, five
// rounds of 50 invitations of one pair released by their last byte; after
// each round the enterprise cancels the pending one. The first three rounds
// send one invitation each (the pair's one open link), the last two none
// (429 今日向该经办人发出的邀请已达上限): 3 rows, the day's limit. Without
// the limit, 5.
func TestParallelInvitationsKeepThePairLimit(t *testing.T) {
	a, srv := pgRedisApp(t)
	_, entTok := verifiedAccount(t, a, account.Enterprise, "limitent1")
	per, _ := verifiedAccount(t, a, account.Person, "limitper1")
	cand := operatorSearch(t, srv, entTok, account.Enterprise, per.Name)
	for round := range 5 {
		var reqs []*http.Request
		for range 50 {
			reqs = append(reqs, newReq(t, srv, "POST", "/api/account/operator/invite", entTok, inviteBody(cand)))
		}
		ok, limited := 0, 0
		for i, got := range lastByteSync(t, srv, reqs) {
			switch {
			case got.Status == 200:
				ok++
			case got.Status == 429 && got.Msg == "今日向该经办人发出的邀请已达上限，请明天再试":
				limited++
			case got.Status == 409 && got.Msg != "":
			default:
				t.Fatalf("round %d request %d: %d %q", round, i, got.Status, got.Msg)
			}
		}
		want := 1
		if round >= 3 {
			want = 0
		}
		t.Logf("round %d: %d sent, %d over the limit", round, ok, limited)
		if ok != want || (round >= 3 && limited != 50) {
			t.Fatalf("round %d: %d invitations sent (want %d), %d over the limit", round, ok, want, limited)
		}
		for _, r := range operatorRows(t, srv, entTok) {
			if r.State == "A0" {
				mustStatus(t, "cancel", send(t, srv, "DELETE", fmt.Sprintf("/api/account/operator/invite/%d", r.ID), entTok, nil), 200)
			}
		}
	}
	// Every row of the enterprise's list is an invitation to this person.
	if n := len(operatorRows(t, srv, entTok)); n != 3 {
		t.Fatalf("%d invitation rows for the pair, the limit is 3", n)
	}
}

// TestBlockCrossingInvitations: on PostgreSQL + Redis, the person blocks
// the enterprise (10 parallel requests) while the enterprise invites (40),
// all released by their last byte, in 6 trials. Whatever the order, the
// pair ends blocked with no pending invitation: an invitation committed
// before the block is refused by it (A2), one after it is refused with
// 403 对方暂不接受贵企业的邀请. Then the person unblocks and the enterprise
// invites once more.
func TestBlockCrossingInvitations(t *testing.T) {
	a, srv := pgRedisApp(t)
	for trial := range 6 {
		ent, entTok := verifiedAccount(t, a, account.Enterprise, fmt.Sprintf("blkent%02d", trial))
		per, perTok := verifiedAccount(t, a, account.Person, fmt.Sprintf("blkper%02d", trial))
		cand := operatorSearch(t, srv, entTok, account.Enterprise, per.Name)
		// A first invitation, cancelled, names the enterprise for the block.
		mustStatus(t, "invite", send(t, srv, "POST", "/api/account/operator/invite", entTok, inviteBody(cand)), 200)
		first := operatorRows(t, srv, entTok)[0].ID
		mustStatus(t, "cancel", send(t, srv, "DELETE", fmt.Sprintf("/api/account/operator/invite/%d", first), entTok, nil), 200)
		var reqs []*http.Request
		for i := range 50 {
			if i%5 == 0 {
				reqs = append(reqs, newReq(t, srv, "POST", fmt.Sprintf("/api/account/operator/block/%d", first), perTok, nil))
			} else {
				reqs = append(reqs, newReq(t, srv, "POST", "/api/account/operator/invite", entTok, inviteBody(cand)))
			}
		}
		sent, declined := 0, 0
		for i, got := range lastByteSync(t, srv, reqs) {
			switch {
			case i%5 == 0 && got.Status == 200:
			case got.Status == 200:
				sent++
			case got.Status == 403 && got.Msg == "对方暂不接受贵企业的邀请":
				declined++
			case got.Status == 409 && got.Msg != "":
			default:
				t.Fatalf("trial %d request %d: %d %q", trial, i, got.Status, got.Msg)
			}
		}
		pending := 0
		for _, r := range operatorRows(t, srv, entTok) {
			if r.State == "A0" {
				pending++
			}
		}
		t.Logf("trial %d: %d invitations sent before the block, %d declined after it", trial, sent, declined)
		if pending != 0 || sent > 1 || declined == 0 {
			t.Fatalf("trial %d: %d pending invitations after the block, %d sent, %d declined", trial, pending, sent, declined)
		}
		got := send(t, srv, "GET", "/api/account/operator/blocks", perTok, nil)
		mustStatus(t, "blocks", got, 200)
		var blocks []struct {
			ID      int64
			Account string
		}
		decodeData(t, got, &blocks)
		if len(blocks) != 1 || blocks[0].Account != ent.Name {
			t.Fatalf("trial %d: blocks %s", trial, got.Data)
		}
		mustStatus(t, "unblock", send(t, srv, "DELETE", fmt.Sprintf("/api/account/operator/blocks/%d", blocks[0].ID), perTok, nil), 200)
		mustStatus(t, "invite after the unblock", send(t, srv, "POST", "/api/account/operator/invite", entTok, inviteBody(cand)), 200)
	}
}
