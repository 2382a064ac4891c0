package operator

import (
	"strings"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
)

const dateLayout = "2006-01-02"

// today is the date in China now, as yyyy-MM-dd.
func (s *Service) today() string { return s.d.Clock.Now().In(clock.China).Format(dateLayout) }

// PeriodOf says where today (yyyy-MM-dd) stands in a link's period. Only a
// bound link has one; both ends are inclusive. yyyy-MM-dd text compares in
// date order, so no parsing is needed.
func PeriodOf(l Link, today string) Period {
	switch {
	case l.State != Bound:
		return NoPeriod
	case today > l.OperateEnd || l.Superseded:
		return Expired
	case today < l.OperateStart:
		return NotStarted
	}
	return Active
}

// open reports whether l still ties its pair: pending, or bound and not
// expired (an expired link counts as not bound from the day after its end).
func open(l Link, today string) bool {
	return l.State == Pending || (l.State == Bound && PeriodOf(l, today) != Expired)
}

// Messages of the authorised period (02 §5).
const (
	msgPeriodRequired = "请选择授权期限"
	msgPeriodFormat   = "授权期限格式应为yyyy-MM-dd"
	msgPeriodOrder    = "授权期限结束日期不能早于开始日期"
	msgPeriodPast     = "授权期限结束日期不能早于今天"
)

// checkPeriod validates an authorised period against today and returns it
// trimmed. A period that has already ended would bind nobody, so its end
// must be today or later; its start may lie in the past.
func checkPeriod(start, end, today string) (string, string, error) {
	start, end = strings.TrimSpace(start), strings.TrimSpace(end)
	bad := func(msg string) error {
		return apperr.InvalidFields(msg, map[string]string{"operateStart": msg, "operateEnd": msg})
	}
	if start == "" || end == "" {
		return "", "", bad(msgPeriodRequired)
	}
	for _, d := range []string{start, end} {
		if t, err := time.Parse(dateLayout, d); err != nil || t.Format(dateLayout) != d {
			return "", "", bad(msgPeriodFormat)
		}
	}
	if end < start {
		return "", "", bad(msgPeriodOrder)
	}
	if end < today {
		return "", "", bad(msgPeriodPast)
	}
	return start, end, nil
}
