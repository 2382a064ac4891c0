package httpapi

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"bidpass/internal/keyset"
)

// TestDeepPagesByCursor: the queue and the action log hand out next (the
// cursor of a full page's last row) and countCapped; following next walks
// the whole list once (a page by cursor carries no count); a forged cursor and a numbered page past
// keyset.PageReach (200 rows) are refused on their field, in Chinese; the last page within it is not.
func TestDeepPagesByCursor(t *testing.T) {
	e := newAdminEnv(t)
	// a few actions to page through: each view of the item is logged
	for range 3 {
		if res, _ := e.call(t, "GET", fmt.Sprintf("/api/admin/reviews/%d", e.item), e.revT, ""); res.StatusCode != 200 {
			t.Fatalf("view: %d", res.StatusCode)
		}
	}
	res, all := e.call(t, "GET", "/api/admin/actions?pageSize=100", e.adminT, "")
	if res.StatusCode != 200 || all.CountCapped == nil || *all.CountCapped || all.Next != "" {
		t.Fatalf("whole log: %d %+v", res.StatusCode, all)
	}
	var want, walked []any
	for _, x := range all.Data.([]any) {
		want = append(want, x.(map[string]any)["id"])
	}
	next := ""
	for range 20 {
		res, env := e.call(t, "GET", "/api/admin/actions?pageSize=2&after="+url.QueryEscape(next), e.adminT, "")
		if res.StatusCode != 200 || (next == "") != (env.Count != nil) {
			t.Fatalf("page after %q: %d %+v", next, res.StatusCode, env)
		}
		for _, x := range env.Data.([]any) {
			walked = append(walked, x.(map[string]any)["id"])
		}
		if next = env.Next; next == "" {
			break
		}
	}
	if len(want) < 3 || fmt.Sprint(walked) != fmt.Sprint(want) {
		t.Fatalf("walked %v, want %v", walked, want)
	}

	res, env := e.call(t, "GET", "/api/admin/reviews?state=pending&pageSize=1", e.revT, "")
	if res.StatusCode != 200 || len(env.Data.([]any)) != 1 || env.Next == "" || *env.CountCapped {
		t.Fatalf("queue page: %d %+v", res.StatusCode, env)
	}
	res, env = e.call(t, "GET", "/api/admin/reviews?state=pending&pageSize=1&after="+env.Next, e.revT, "")
	if res.StatusCode != 200 || len(env.Data.([]any)) != 0 || env.Next != "" {
		t.Fatalf("page after the last: %d %+v", res.StatusCode, env)
	}

	// lastWithin is the last numbered page that starts within the reach.
	lastWithin := func(size int) int { return (keyset.PageReach-1)/size + 1 }
	for path, field := range map[string]string{
		"/api/admin/reviews?after=bm90LmEuY3Vyc29y":                               "after",
		"/api/admin/actions?after=%21":                                            "after",
		fmt.Sprintf("/api/admin/reviews?page=%d&pageSize=10", lastWithin(10)+1):   "page",
		fmt.Sprintf("/api/admin/actions?page=%d&pageSize=100", lastWithin(100)+1): "page",
		fmt.Sprintf("/api/admin/actions?page=%d&pageSize=30", lastWithin(30)+1):   "page",
	} {
		tok := e.revT
		if strings.HasPrefix(path, "/api/admin/actions") {
			tok = e.adminT
		}
		res, env := e.call(t, "GET", path, tok, "")
		if res.StatusCode != 400 || env.Fields[field] == "" {
			t.Errorf("%s: %d %+v", path, res.StatusCode, env)
		}
	}
	// The last numbered page within the reach: of 10 a page the reach's last ten rows; of 30, a page
	// that starts within and ends past it.
	for _, path := range []string{fmt.Sprintf("/api/admin/reviews?page=%d&pageSize=10", lastWithin(10)), fmt.Sprintf("/api/admin/actions?page=%d&pageSize=30", lastWithin(30))} {
		tok := e.revT
		if strings.HasPrefix(path, "/api/admin/actions") {
			tok = e.adminT
		}
		if res, env := e.call(t, "GET", path, tok, ""); res.StatusCode != 200 {
			t.Errorf("%s: %d %+v", path, res.StatusCode, env)
		}
	}
}
