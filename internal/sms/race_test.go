package sms_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/sms"
)

// secretReads wraps a real store and notes which requests (the guess
// number in their context) were handed the secret code: comparing a guess
// needs the code, so the number of such requests bounds the number of
// guesses evaluated, whatever the implementation.
type secretReads struct {
	ephemeral.Store
	secret []byte
	mu     sync.Mutex
	by     map[int]bool
}

type guessKey struct{}

func (s *secretReads) saw(ctx context.Context, b []byte) {
	if i, ok := ctx.Value(guessKey{}).(int); ok && len(s.secret) > 0 && bytes.Contains(b, s.secret) {
		s.mu.Lock()
		s.by[i] = true
		s.mu.Unlock()
	}
}

func (s *secretReads) Get(ctx context.Context, key string) ([]byte, error) {
	b, err := s.Store.Get(ctx, key)
	s.saw(ctx, b)
	return b, err
}

func (s *secretReads) Take(ctx context.Context, key string) ([]byte, error) {
	b, err := s.Store.Take(ctx, key)
	s.saw(ctx, b)
	return b, err
}

// TestParallelGuessesRespectTheLimit is the attack of docs/decisions/limits.md, "Limits and abuse paths" #1: 200
// guesses at one code released at once, the right one among them. At most
// MaxWrongTries guesses may be evaluated (the code read that many times at
// most), the right code is accepted at most once and only when it was one
// of those, on memory and on Redis.
func TestParallelGuessesRespectTheLimit(t *testing.T) {
	const guesses, trials = 200, 30
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	ephemeraltest.Each(t, clk, func(t *testing.T, store ephemeral.Store) {
		ctx := context.Background()
		accepted := 0
		for trial := range trials {
			spy := &secretReads{Store: store, by: map[int]bool{}}
			box := sms.NewOutbox(slog.New(slog.DiscardHandler))
			svc := sms.New(sms.Config{Store: spy, Clock: clk,
				GraphicCodes: &anyGraphicCode{used: map[string]bool{}}, SMS: box})
			phone := fmt.Sprintf("139%08d", trial)
			id, err := svc.Send(ctx, sms.SendRequest{Phone: phone, Scene: sms.SceneRecover,
				GraphicCodeID: "g", GraphicCode: "ok"})
			if err != nil {
				t.Fatal(err)
			}
			code := box.List()[0].Code
			spy.secret = []byte(code)

			right := rand.IntN(guesses)
			results := make([]error, guesses)
			start := make(chan struct{})
			var wg sync.WaitGroup
			for i := range guesses {
				guess := code
				if i != right {
					for guess == code {
						guess = fmt.Sprintf("%06d", rand.IntN(1_000_000))
					}
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					results[i] = svc.Verify(context.WithValue(ctx, guessKey{}, i), sms.SceneRecover, phone, id, guess)
				}()
			}
			close(start)
			wg.Wait()

			wrong, ok := 0, 0
			for i, err := range results {
				switch {
				case err == nil && i == right:
					ok++
				case err == nil:
					t.Fatalf("trial %d: wrong guess %d accepted", trial, i)
				case reason(err) == "sms.wrong":
					wrong++
				case reason(err) != "sms.expired":
					t.Fatalf("trial %d: guess %d: %v", trial, i, err)
				}
			}
			if n := len(spy.by); n > sms.MaxWrongTries || ok == 1 && !spy.by[right] {
				t.Fatalf("trial %d: %d guesses evaluated against the code (limit %d); right code accepted: %v",
					trial, n, sms.MaxWrongTries, ok == 1)
			}
			if wrong+ok > sms.MaxWrongTries {
				t.Fatalf("trial %d: %d wrong answers and %d acceptances", trial, wrong, ok)
			}
			accepted += ok
			// The code is dead after the burst, right guess or not.
			if err := svc.Verify(ctx, sms.SceneRecover, phone, id, code); reason(err) != "sms.expired" {
				t.Fatalf("trial %d: code alive after the burst: %v", trial, err)
			}
		}
		t.Logf("%d trials × %d parallel guesses: the right code accepted in %d (each time within the first %d tries)",
			trials, guesses, accepted, sms.MaxWrongTries)
	})
}
