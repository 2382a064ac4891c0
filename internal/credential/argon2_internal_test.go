package credential

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"
)

// The cap is what keeps a burst of sign-ins from running more argon2id
// computations than there are cores: with every slot taken, a further
// hash or verification waits (here until its context ends), and runs as
// soon as a slot is free.
func TestArgon2Cap(t *testing.T) {
	if got := cap(NewArgon2(0).slots); got != runtime.GOMAXPROCS(0) {
		t.Fatalf("default cap %d, want GOMAXPROCS %d", got, runtime.GOMAXPROCS(0))
	}
	a := NewArgon2(2)
	h, err := a.Hash(context.Background(), "Passw0rd")
	if err != nil {
		t.Fatal(err)
	}
	a.slots <- struct{}{}
	a.slots <- struct{}{}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, _, err := a.Verify(ctx, h, "Passw0rd"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("verify with every slot taken: %v, want to wait", err)
	}
	if _, err := a.Hash(ctx, "Passw0rd"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("hash with every slot taken: %v, want to wait", err)
	}
	a.release()
	ok, rehash, err := a.Verify(context.Background(), h, "Passw0rd")
	if err != nil || !ok || rehash {
		t.Fatalf("verify with a free slot: ok=%v rehash=%v err=%v", ok, rehash, err)
	}
	if len(a.slots) != 1 {
		t.Fatalf("%d slots taken after the verification, want the 1 still held", len(a.slots))
	}
}
