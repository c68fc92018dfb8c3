package feed

import (
	"context"
	"io"

	"fuelportal/store"
)

// ImportReport says what an import did.
type ImportReport struct {
	Rows int // data rows read
	store.StationChanges
	// Rejected are the skipped rows with their line numbers.
	Rejected []RowError
}

// ImportPrices reads a price feed and stores its good rows in one
// transaction (see store.Tx.UpsertStations: prices are updated in place,
// every price lands in the history, and importing the same file again
// changes nothing). Bad rows are skipped and reported. The error is
// ParsePrices' for an unreadable file, or the store's.
func ImportPrices(ctx context.Context, db *store.DB, r io.Reader) (*ImportReport, error) {
	file, err := ParsePrices(r)
	if err != nil {
		return nil, err
	}
	report := &ImportReport{Rows: file.Rows(), Rejected: file.Rejected}
	if len(file.Stations) == 0 {
		return report, nil
	}
	err = db.InTx(ctx, func(tx *store.Tx) error {
		report.StationChanges, err = tx.UpsertStations(ctx, file.Stations)
		return err
	})
	if err != nil {
		return nil, err
	}
	return report, nil
}
