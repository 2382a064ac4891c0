package httpapi

import (
	"net/http"
	"strconv"

	"bidpass/internal/apperr"
	"bidpass/internal/keyset"
)

// deepPage is the paging of a list that grows without bound: a numbered
// page (OFFSET, within keyset.PageReach) or the page after a cursor, which
// any depth costs the same.
type deepPage struct {
	page, size int
	after      *keyset.Cursor
}

// deepPageOf reads page, pageSize (1..100, else def) and after. A numbered
// page starting past keyset.PageReach is refused: OFFSET grows with the
// depth, and the console goes on from there with the cursor (更多).
func deepPageOf(r *http.Request, def int) (deepPage, error) {
	p := deepPage{page: max(queryInt(r, "page", 1), 1), size: keyset.PageSize(queryInt(r, "pageSize", def), def)}
	after, err := keyset.Decode(r.URL.Query().Get("after"))
	if err != nil {
		return p, apperr.Field("after", "翻页位置无效，请从第一页重新查看")
	}
	p.after = after
	if after == nil && (p.page-1)*p.size >= keyset.PageReach {
		return p, apperr.Field("page", beyondReach)
	}
	return p, nil
}

// beyondReach is the refusal of a numbered page past keyset.PageReach.
var beyondReach = "页码超出范围：第 " + strconv.Itoa(keyset.PageReach) + " 条以后请点“更多”继续查看"

// respondDeepPage writes a page of an unbounded list: the count (at most
// the cap, with countCapped when the list is longer; neither on a page by
// cursor, whose count the store does not take) and, when the page came
// back full, next: the cursor of its last row, cursorOf(len-1).
func respondDeepPage(w http.ResponseWriter, p deepPage, data any, rows int, count int64, cursorOf func(i int) keyset.Cursor) {
	env := envelope{Msg: msgOK, Data: data}
	if count >= 0 {
		capped := count > keyset.CountCap
		count = min(count, keyset.CountCap)
		env.Count, env.CountCapped = &count, &capped
	}
	if rows == p.size && rows > 0 {
		env.Next = cursorOf(rows - 1).Encode()
	}
	writeJSON(w, http.StatusOK, env)
}
