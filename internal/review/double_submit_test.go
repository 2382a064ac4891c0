package review_test

import (
	"context"
	"sync"
	"testing"

	"bidpass/internal/apperr"
	"bidpass/internal/review"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// released runs n calls of fn released together and returns their errors.
func released(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = fn(i)
		}()
	}
	close(start)
	wg.Wait()
	return errs
}

// successes counts nil errors and fails t on a loser that is not a 409.
func successes(t *testing.T, errs []error) int {
	t.Helper()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if apperr.KindOf(err) != apperr.Conflict {
			t.Fatalf("a losing double submit answered %v, want 409", err)
		}
	}
	return ok
}

// TestDoubleDecisionOneEffect (docs/decisions/limits.md, "Limits and abuse paths" #3): a reviewer's decision sent 20
// times at once (double clicks, two tabs, both reviewers) is taken once:
// one decision record, one effect on the account, one SMS.
func TestDoubleDecisionOneEffect(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		id := f.submit(t)
		if _, err := f.svc.Claim(ctx, f.alice, id); err != nil {
			t.Fatal(err)
		}
		errs := released(20, func(i int) error {
			by, dec := f.alice, review.Decision{Action: review.Pass}
			if i%2 == 1 {
				dec = review.Decision{Action: review.NotPass, Remark: "照片模糊"}
			}
			if i%5 == 4 {
				by = f.bob
			}
			_, err := f.svc.Decide(ctx, by, id, dec)
			return err
		})
		if ok := successes(t, errs); ok != 1 {
			t.Fatalf("%d of 20 parallel decisions taken, want 1", ok)
		}
		if decs, err := f.svc.AuditLog(ctx, f.account.ID, id); err != nil || len(decs) != 1 {
			t.Fatalf("%d decision records (%v), want 1", len(decs), err)
		}
		if len(f.eff.calls) != 1 || len(f.sms.sent) != 1 {
			t.Fatalf("effects %v, SMS %v; want one each", f.eff.calls, f.sms.sent)
		}
	})
}

// TestDoubleSubmissionOneOpenItem (docs/decisions/limits.md, "Limits and abuse paths" #3): a real-name submission sent
// 10 times at once opens one review item.
func TestDoubleSubmissionOneOpenItem(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := setup(t, db)
		errs := released(10, func(int) error {
			_, err := f.svc.Submit(context.Background(), review.Submission{Kind: review.KindRealName, AccountID: f.account.ID,
				Subject: review.SubjectPerson, Payload: map[string]string{"realName": "张三"}})
			return err
		})
		if ok := successes(t, errs); ok != 1 {
			t.Fatalf("%d of 10 parallel submissions taken, want 1", ok)
		}
		if n := len(queued(t, f)); n != 1 {
			t.Fatalf("%d items in the queue, want 1", n)
		}
	})
}

func queued(t *testing.T, f *fixture) []review.QueueEntry {
	t.Helper()
	items, _, err := f.svc.List(context.Background(), review.Filter{Page: 1, PageSize: 50})
	if err != nil {
		t.Fatal(err)
	}
	return items
}
