package connectors

import (
	"context"
	"errors"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// The poller: one worker goroutine per connector, each pulling its own
// connector at its vendor's interval, so one company's slow or failing
// vendor never delays another's pulls. The cursor is in the database, so
// a restarted server resumes where the last pull ended.

// MaxBackoff caps the wait after failed pulls.
const MaxBackoff = 10 * time.Minute

// backoff is the wait after the n-th failed pull in a row (n ≥ 1): the
// interval doubled each time, at most MaxBackoff, at least what the
// vendor asked (Retry-After).
func backoff(interval time.Duration, n int, retryAfter time.Duration) time.Duration {
	d := interval
	for i := 1; i < n && d < MaxBackoff; i++ {
		d *= 2
	}
	return max(min(d, MaxBackoff), retryAfter)
}

func (s *Service) interval(v fuelportal.TelematicsVendor) time.Duration {
	switch v {
	case fuelportal.VendorSamsara:
		return s.d.SamsaraInterval
	case fuelportal.VendorGeotab:
		return s.d.GeotabInterval
	}
	return s.d.MotiveInterval
}

type workerKey struct {
	companyID int64
	vendor    fuelportal.TelematicsVendor
	sealed    string
}

// Run pulls every connector until ctx ends (the server's job), then
// waits for the workers to stop.
func (s *Service) Run(ctx context.Context) {
	var wg sync.WaitGroup
	workers := map[workerKey]context.CancelFunc{}
	defer func() {
		for _, cancel := range workers {
			cancel()
		}
		wg.Wait()
	}()
	reload := time.NewTicker(s.d.ReloadEvery)
	defer reload.Stop()
	for {
		list, err := s.d.Store.AllTelematicsConnectors(ctx)
		if err != nil && ctx.Err() == nil {
			s.d.Logger.Warn("list telematics connectors", "err", err)
		}
		if err == nil {
			s.reconcile(ctx, &wg, workers, list)
		}
		select {
		case <-ctx.Done():
			return
		case <-reload.C:
		case <-s.wake:
		}
	}
}

// reconcile starts a worker for each connector without one and stops
// those whose connector was removed or got a new token.
func (s *Service) reconcile(ctx context.Context, wg *sync.WaitGroup, workers map[workerKey]context.CancelFunc, list []*store.ConnectorSecret) {
	want := map[workerKey]bool{}
	for _, c := range list {
		k := workerKey{c.CompanyID, c.Vendor, c.TokenSealed}
		want[k] = true
		if workers[k] != nil {
			continue
		}
		wctx, cancel := context.WithCancel(ctx)
		workers[k] = cancel
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.work(wctx, k)
		}()
	}
	for k, cancel := range workers {
		if !want[k] {
			cancel()
			delete(workers, k)
			s.sessions.Delete(sessionKey{k.companyID, k.sealed})
		}
	}
}

// work pulls one connector until ctx ends: at its interval while pulls
// succeed, backing off while they fail.
func (s *Service) work(ctx context.Context, k workerKey) {
	every := s.interval(k.vendor)
	failures := 0
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		res, err := s.Pull(ctx, k.companyID, k.vendor)
		if ctx.Err() != nil {
			return
		}
		wait := every
		if err != nil {
			failures++
			var retry time.Duration
			if res != nil {
				retry = res.RetryAfter
			}
			wait = backoff(every, failures, retry)
			// The vendor's refusals are the owner's to see (the
			// connector's last error); the server's own failures are
			// the operator's.
			var ve *vendorError
			if !errors.As(err, &ve) && fuelportal.ErrorCode(err) == fuelportal.EINTERNAL {
				s.d.Logger.Warn("telematics connector pull", "company", k.companyID, "vendor", k.vendor, "err", err, "retryIn", wait)
			}
		} else {
			failures = 0
		}
		t.Reset(wait)
	}
}
