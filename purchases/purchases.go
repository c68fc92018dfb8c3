// Package purchases is the home of the purchase flow: a card purchase
// reported by the card network, one at a time (POST
// /api/network/transactions) or as a file (`fuelportal import
// transactions`), is decided and recorded by the store in one database
// transaction (card status, controls, trip lock, fraud rules, wallet;
// ledger and alerts), and then, once committed, an approved purchase off
// its trip's plan re-plans the rest of the trip. Every entry point calls
// this package; it calls the store and the trip flow, never back up.
package purchases

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"

	"fuelportal"
	"fuelportal/feed"
	"fuelportal/store"
)

// Store decides and records purchases (*store.DB).
type Store interface {
	RecordPurchase(ctx context.Context, p *fuelportal.CardPurchase) (*fuelportal.Transaction, bool, error)
	CaptureNetworkPurchase(ctx context.Context, p *fuelportal.CardPurchase) (*fuelportal.Transaction, bool, error)
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// Trips re-plans a trip after a purchase (*trips.Service).
type Trips interface {
	ReplanAfterPurchase(ctx context.Context, t *fuelportal.Transaction)
}

// Service runs the purchase flow.
type Service struct {
	Store Store
	Trips Trips
}

// Record decides and records purchase p (store.DB.RecordPurchase: its
// errors, and created == false with the first outcome for a network id
// already recorded); a new approved purchase off its trip's plan then
// re-plans the trip, and a new declined one notifies the card's driver and
// the company's owners (Notifier).
//
// A purchase naming a network authorization (p.AuthorizationID) is that
// authorization's capture (store.DB.CaptureNetworkPurchase: the hold
// becomes the purchase, not decided again; an authorization that is not
// an open one of the card is EINVALID).
func (s *Service) Record(ctx context.Context, p *fuelportal.CardPurchase) (t *fuelportal.Transaction, created bool, err error) {
	if p.AuthorizationID != "" {
		t, created, err = s.Store.CaptureNetworkPurchase(ctx, p)
	} else {
		t, created, err = s.Store.RecordPurchase(ctx, p)
	}
	if err == nil && created {
		s.Recorded(ctx, t)
	}
	return t, created, err
}

// Recorded is what follows a new purchase's commit, whatever its entry
// point (the network's report, a file, a card authorization declined at
// the pump): an approved purchase off its trip's plan re-plans the trip.
// (A decline's alert and notices follow from its event, published with
// the purchase.)
func (s *Service) Recorded(ctx context.Context, t *fuelportal.Transaction) {
	s.Trips.ReplanAfterPurchase(ctx, t)
}

// batchSize is how many purchases of a file one database transaction
// records.
const batchSize = 500

// Import reads a purchase file (feed.ParsePurchases) and records its good
// rows as Record does, batchSize rows per database transaction; what
// follows a new purchase's commit (Recorded: re-plans, decline
// notifications) then runs for each purchase of the committed batch. Rows the store refuses (unknown station, implausible date) join
// Rejected. The error is ParsePurchases' or the store's; batches committed
// before it stay recorded, and importing the file again records only the
// rest.
func (s *Service) Import(ctx context.Context, r io.Reader) (*feed.PurchaseReport, error) {
	file, err := feed.ParsePurchases(r)
	if err != nil {
		return nil, err
	}
	report := &feed.PurchaseReport{Rows: len(file.Purchases) + len(file.Rejected), Rejected: file.Rejected}
	for start := 0; start < len(file.Purchases); start += batchSize {
		batch := file.Purchases[start:min(start+batchSize, len(file.Purchases))]
		var counts feed.PurchaseReport
		var recorded []*fuelportal.Transaction
		err := s.Store.InTx(ctx, func(tx *store.Tx) error {
			counts, recorded = feed.PurchaseReport{}, recorded[:0]
			for _, row := range batch {
				t, created, err := tx.RecordPurchase(ctx, row.Purchase)
				switch code := fuelportal.ErrorCode(err); {
				case code == fuelportal.EUNPROCESSABLE || code == fuelportal.EINVALID:
					counts.Rejected = append(counts.Rejected, feed.PurchaseRowError(row.Line, err))
				case err != nil:
					return fmt.Errorf("line %d: %w", row.Line, err)
				case !created:
					counts.Repeats++
				case t.Status == fuelportal.TransactionApproved:
					counts.Approved++
					recorded = append(recorded, t)
				default:
					counts.Declined++
					recorded = append(recorded, t)
				}
			}
			return nil
		})
		if err != nil {
			return report, err
		}
		report.Approved += counts.Approved
		report.Declined += counts.Declined
		report.Repeats += counts.Repeats
		report.Rejected = append(report.Rejected, counts.Rejected...)
		for _, t := range recorded {
			s.Recorded(ctx, t)
		}
	}
	slices.SortStableFunc(report.Rejected, func(a, b feed.RowError) int { return cmp.Compare(a.Line, b.Line) })
	return report, nil
}
