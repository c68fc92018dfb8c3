// Package prices is the home of the price import flow: a price-feed file,
// sent by the price provider (POST /api/feed/prices) or imported by an
// operator (`fuelportal import prices`), lands in the store in one
// transaction; then, when it changed anything, the station catalog
// reloads and every active trip whose planned stops' prices moved is
// re-planned. Every entry point calls this package; it calls the feed
// parser, the store, the catalog and the trip flow, never back up.
package prices

import (
	"context"
	"io"
	"log/slog"

	"fuelportal/feed"
)

// Catalog is the in-memory station catalog (*catalog.Catalog).
type Catalog interface {
	Refresh(ctx context.Context) error
}

// Trips re-plans the trips a price change moves (*trips.Service).
type Trips interface {
	ReplanOnPriceChanges(ctx context.Context) (replanned int)
}

// Deps are what the price import flow is built from. Catalog may be nil (a
// command with no catalog loaded yet); Logger nil logs to slog.Default.
type Deps struct {
	Store   feed.Store
	Catalog Catalog
	Trips   Trips
	Logger  *slog.Logger
}

// Service runs the price import flow. Create it with New.
type Service struct{ Deps }

// New returns the price import flow over d.
func New(d Deps) *Service { return &Service{Deps: d} }

// Report says what an import did, and how many trips it re-planned.
type Report struct {
	*feed.ImportReport
	Replanned int
}

// Import stores the good rows of price file r (feed.ImportPrices: bad rows
// are skipped and reported; its errors), then, when it changed anything,
// reloads the catalog and re-plans the active trips whose planned stops'
// prices moved (trips.Service.ReplanOnPriceChanges). A catalog that fails
// to reload is logged: the prices are stored, and it catches up at its next
// poll.
func (s *Service) Import(ctx context.Context, r io.Reader) (*Report, error) {
	imported, err := feed.ImportPrices(ctx, s.Store, r)
	if err != nil {
		return nil, err
	}
	report := &Report{ImportReport: imported}
	if !imported.Changed() {
		return report, nil
	}
	if s.Catalog != nil {
		if err := s.Catalog.Refresh(ctx); err != nil {
			logger := s.Logger
			if logger == nil {
				logger = slog.Default()
			}
			logger.WarnContext(ctx, "refresh station catalog after import", "err", err)
		}
	}
	report.Replanned = s.Trips.ReplanOnPriceChanges(ctx)
	return report, nil
}
