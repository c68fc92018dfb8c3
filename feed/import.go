package feed

import (
	"context"
	"io"

	"fuelportal"

	"fuelportal/store"
)

// Store is what an import needs of the database: a writing transaction
// (*store.DB). Within it the import reads and writes stations and records
// purchases through the narrower interfaces below.
type Store interface {
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// stationReader reads the stored stations an import would overwrite.
type stationReader interface {
	StationsByID(ctx context.Context, ids []int64) (map[int64]*fuelportal.Station, error)
}

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
func ImportPrices(ctx context.Context, db Store, r io.Reader) (*ImportReport, error) {
	file, err := ParsePrices(r)
	if err != nil {
		return nil, err
	}
	report := &ImportReport{Rows: file.Rows(), Rejected: file.Rejected}
	if len(file.Stations) == 0 {
		return report, nil
	}
	err = db.InTx(ctx, func(tx *store.Tx) error {
		if err := keepStoredDetails(ctx, tx, file); err != nil {
			return err
		}
		report.StationChanges, err = tx.UpsertStations(ctx, file.Stations)
		return err
	})
	if err != nil {
		return nil, err
	}
	return report, nil
}

// keepStoredDetails fills the optional columns the file lacks with the
// stored values of existing stations (new stations keep the defaults).
func keepStoredDetails(ctx context.Context, tx stationReader, file *PriceFile) error {
	if len(file.Missing) == 0 {
		return nil
	}
	// A thousand at a time: a file of every station never holds all the
	// stored ones at once.
	const batch = 1000
	for start := 0; start < len(file.Stations); start += batch {
		part := file.Stations[start:min(start+batch, len(file.Stations))]
		ids := make([]int64, len(part))
		for i, s := range part {
			ids[i] = s.ID
		}
		stored, err := tx.StationsByID(ctx, ids)
		if err != nil {
			return err
		}
		for _, s := range part {
			if old := stored[s.ID]; old != nil {
				for _, col := range file.Missing {
					copyColumn(s, old, col)
				}
			}
		}
	}
	return nil
}

// copyColumn sets the field of an optional column of dst from src.
func copyColumn(dst, src *fuelportal.Station, column string) {
	switch column {
	case colStationLocation:
		dst.StationLocation = src.StationLocation
	case colAddress:
		dst.Address = src.Address
	case colCity:
		dst.City = src.City
	case colState:
		dst.State = src.State
	case colZipCode:
		dst.ZipCode = src.ZipCode
	case colCountry:
		dst.Country = src.Country
	case colChain:
		dst.Chain = src.Chain
	case colAffiliate:
		dst.Affiliate = src.Affiliate
	case colIFTARefund:
		dst.IFTARefund = src.IFTARefund
	}
}
