package storetest

import (
	"sync"
	"testing"

	"fuelportal"
)

// OneWins makes n calls at once and returns the result of the one that
// succeeded, failing tb unless exactly one did and every other was refused
// with ECONFLICT (a race the database's locks settle).
func OneWins[T any](tb testing.TB, n int, call func() (T, error)) T {
	tb.Helper()
	results, errs := make([]T, n), make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = call()
		}()
	}
	wg.Wait()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner < 0:
			winner = i
		case err == nil:
			tb.Fatal("two calls won")
		case fuelportal.ErrorCode(err) != fuelportal.ECONFLICT:
			tb.Fatalf("err = %v", err)
		}
	}
	if winner < 0 {
		tb.Fatal("no call won")
	}
	return results[winner]
}
