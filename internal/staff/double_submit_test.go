package staff_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestDoubleCreateOneStaff (docs/decisions/limits.md, "Limits and abuse paths" #3): the administrator's "create staff"
// sent 10 times at once creates one staff member and one action-log entry;
// the others are told the name is taken (400 under the name field).
func TestDoubleCreateOneStaff(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		errs := make([]error, 10)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = f.svc.Create(ctx, f.admin, "192.0.2.9",
					staff.NewStaff{Name: "carol1", Role: staff.Reviewer, Password: "enc:" + goodPW}, "k1")
			}()
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, staff.ErrNameTakenMsg):
				t.Fatalf("a losing double create answered %v, want 该账号已存在", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d of 10 parallel creates succeeded, want 1", ok)
		}
		list, _, err := f.svc.List(ctx, f.admin, 1, 50)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, st := range list {
			if st.Name == "carol1" {
				n++
			}
		}
		acts, _, err := f.svc.Actions(ctx, f.admin, staff.ActionFilter{Page: 1, PageSize: 50})
		if err != nil {
			t.Fatal(err)
		}
		logged := 0
		for _, a := range acts {
			if a.Action == "staff.create" {
				logged++
			}
		}
		if n != 1 || logged != 1 {
			t.Fatalf("%d staff named carol1, %d creations logged; want 1 and 1", n, logged)
		}
	})
}
