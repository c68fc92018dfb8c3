package http_test

// Export benchmark (figures in bench/README.md, "Fleet"):
//
//	go test ./http/ -run '^$' -bench Export -benchtime 3x

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"fuelportal"
	fphttp "fuelportal/http"
	"fuelportal/http/apitest"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// countingResponse discards the body and counts its bytes, so the
// benchmark measures the server's memory, not a recorder's.
type countingResponse struct {
	header http.Header
	status int
	bytes  int64
}

func (w *countingResponse) Header() http.Header { return w.header }
func (w *countingResponse) WriteHeader(status int) {
	w.status = status
}
func (w *countingResponse) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	w.bytes += int64(len(p))
	return len(p), nil
}

// peakHeap samples the in-use heap every 2 ms until stop is called and
// returns the highest value seen above the starting one.
func peakHeap() (stop func() uint64) {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				if ms.HeapInuse > base && ms.HeapInuse-base > peak.Load() {
					peak.Store(ms.HeapInuse - base)
				}
			}
		}
	})
	return func() uint64 {
		close(done)
		wg.Wait()
		return peak.Load()
	}
}

// BenchmarkExport measures exporting 100,000 transactions as .xlsx through
// the HTTP handler on SQLite: time per export and the peak heap growth.
func BenchmarkExport(b *testing.B) {
	for _, rows := range []int{10_000, 100_000} {
		b.Run(map[int]string{10_000: "10k", 100_000: "100k"}[rows], func(b *testing.B) {
			db := storetest.OpenSQLite(b)
			end := time.Date(2026, 11, 22, 23, 0, 0, 0, time.UTC)
			data := storetest.FillTransactions(b, db, storetest.FleetVolume{Rows: rows, Companies: 1, FirstShare: 1, CardsPerCompany: 50, Days: 365, End: end})
			srv := apitest.NewServer(b, db)
			token, err := srv.Tokens.Issue(benchOwnerSession(b, db, data.CompanyIDs[0]), time.Now())
			if err != nil {
				b.Fatal(err)
			}
			handler := srv.Handler()
			var peak uint64
			var size int64
			for b.Loop() {
				req := httptest.NewRequest("GET", "/api/wex/company/transactions/export?dateFrom=2025-01-01T00:00:00&dateTo=2026-12-31T23:59:59", nil)
				req.Header.Set("Authorization", "Bearer "+token)
				w := &countingResponse{header: http.Header{}}
				stop := peakHeap()
				handler.ServeHTTP(w, req)
				peak = max(peak, stop())
				if w.status != http.StatusOK {
					b.Fatalf("status %d", w.status)
				}
				size = w.bytes
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(size)/(1<<20), "file-MiB")
		})
	}
}

// benchOwnerSession creates an owner of companyID with a live session (the
// server checks the session of every request) and returns its principal.
func benchOwnerSession(b *testing.B, db *store.DB, companyID int64) fphttp.Principal {
	b.Helper()
	ctx := context.Background()
	owner := &fuelportal.User{Email: "bench-owner@example.com", PasswordHash: "hash", Role: fuelportal.RoleCompany, CompanyID: companyID}
	if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateUser(ctx, owner) }); err != nil {
		b.Fatal(err)
	}
	err := db.CreateRefreshToken(ctx, &store.RefreshToken{TokenHash: "bench", FamilyID: "bench", UserID: owner.ID, ExpiresAt: time.Now().Add(time.Hour)})
	if err != nil {
		b.Fatal(err)
	}
	return fphttp.Principal{UserID: owner.ID, CompanyID: companyID, Role: fuelportal.RoleCompany, SessionID: "bench"}
}
