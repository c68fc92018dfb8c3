package store

import (
	"context"
	"fmt"
	"strings"

	"fuelportal"
)

const stationColumns = `id, name, station_location, address, city, state, zip_code, country, latitude, longitude, chain, affiliate,
	retail_price_tenth_cents, net_price_tenth_cents, ifta_refund_tenth_cents, price_date, updated_at`

// stationColumnCount is the number of columns in stationColumns.
const stationColumnCount = 17

// batchRows is how many rows one multi-row INSERT carries: 17 columns × 400
// rows stays well below the parameter limits of SQLite (32766) and
// PostgreSQL (65535).
const batchRows = 400

func scanStation(row interface{ Scan(...any) error }) (*fuelportal.Station, error) {
	s := &fuelportal.Station{}
	if err := scanStationInto(row, s); err != nil {
		return nil, err
	}
	return s, nil
}

// scanStationInto reads a row of stationColumns into s.
func scanStationInto(row interface{ Scan(...any) error }, s *fuelportal.Station) error {
	var priceDate, updated nullTime
	if err := row.Scan(&s.ID, &s.Name, &s.StationLocation, &s.Address, &s.City, &s.State, &s.ZipCode, &s.Country,
		&s.Latitude, &s.Longitude, &s.Chain, &s.Affiliate, &s.RetailPrice, &s.NetPrice, &s.IFTARefund, &priceDate, &updated); err != nil {
		return err
	}
	s.PriceDate, s.UpdatedAt = priceDate.Time, updated.Time
	return nil
}

// stationSlab is how many stations Stations allocates at once: the records
// of a load lie together, not among the short-lived objects of the same
// size that a load and an import make (which would leave them scattered
// over partly empty pages once those are freed).
const stationSlab = 1024

// GetStation returns the station with the feed's locationId id, or
// ENOTFOUND.
func (tx *Tx) GetStation(ctx context.Context, id int64) (*fuelportal.Station, error) {
	s, err := scanStation(tx.QueryRow(ctx, `SELECT `+stationColumns+` FROM stations WHERE id = ?`, id))
	if err != nil {
		return nil, notFound(err, "Station not found")
	}
	return s, nil
}

// GetStation returns the station with the feed's locationId id, or
// ENOTFOUND.
func (db *DB) GetStation(ctx context.Context, id int64) (*fuelportal.Station, error) {
	var s *fuelportal.Station
	err := db.InReadTx(ctx, func(tx *Tx) error {
		var err error
		s, err = tx.GetStation(ctx, id)
		return err
	})
	return s, err
}

// Stations returns every station ordered by id, and the stations version
// they belong to (see StationsVersion), read in one transaction.
func (db *DB) Stations(ctx context.Context) ([]*fuelportal.Station, int64, error) {
	var stations []*fuelportal.Station
	var version int64
	ctx = WithTxTimeout(ctx, LongTxTimeout) // every station, by nature a long read
	err := db.InReadTx(ctx, func(tx *Tx) error {
		var err error
		if version, err = tx.StationsVersion(ctx); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `SELECT `+stationColumns+` FROM stations ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		var slab []fuelportal.Station
		for rows.Next() {
			if len(slab) == 0 {
				slab = make([]fuelportal.Station, stationSlab)
			}
			s := &slab[0]
			slab = slab[1:]
			if err := scanStationInto(rows, s); err != nil {
				return err
			}
			stations = append(stations, s)
		}
		return rows.Err()
	})
	return stations, version, err
}

// StationsVersion returns a counter that every change to stations or their
// current prices increases. Server processes poll it to know when to reload
// their in-memory station index.
func (tx *Tx) StationsVersion(ctx context.Context) (int64, error) {
	var v int64
	err := tx.QueryRow(ctx, `SELECT version FROM stations_version WHERE id = 1`).Scan(&v)
	return v, err
}

// StationsVersion is Tx.StationsVersion in its own read transaction.
func (db *DB) StationsVersion(ctx context.Context) (int64, error) {
	var v int64
	err := db.InReadTx(ctx, func(tx *Tx) error {
		var err error
		v, err = tx.StationsVersion(ctx)
		return err
	})
	return v, err
}

// StationChanges counts what UpsertStations did.
type StationChanges struct {
	Inserted  int // new stations
	Updated   int // stations whose details or current prices changed
	Unchanged int // stations already stored exactly so
}

// Changed reports whether anything was inserted or updated.
func (c StationChanges) Changed() bool { return c.Inserted+c.Updated > 0 }

// UpsertStations stores stations by id (the feed's locationId): new ones
// are inserted, existing ones get the given details, and their current
// prices when the given price date is not older than the stored one (an old
// file imported late does not undo newer prices). Every given price also
// lands in the price history (one entry per station and price date, the
// latest import winning). Rows already stored exactly so are left alone, so
// upserting the same stations twice changes nothing; when anything changed,
// the stations version is increased. UpdatedAt of the changed stations is
// set to tx.Now.
func (tx *Tx) UpsertStations(ctx context.Context, stations []*fuelportal.Station) (StationChanges, error) {
	var changes StationChanges
	stations, history := latestPerStation(stations)
	// A batch at a time: an import of every station never holds all the
	// stored ones, nor all the rows to write, at once.
	for start := 0; start < len(stations); start += batchRows {
		batch := stations[start:min(start+batchRows, len(stations))]
		ids := make([]int64, len(batch))
		for i, s := range batch {
			ids[i] = s.ID
		}
		existing, err := tx.StationsByID(ctx, ids)
		if err != nil {
			return changes, err
		}
		write := make([]*fuelportal.Station, 0, len(batch))
		for _, given := range batch {
			s := *given
			if s.Country == "" {
				s.Country = "US"
			}
			old := existing[s.ID]
			if old != nil && s.PriceDate.Before(old.PriceDate) {
				s.RetailPrice, s.NetPrice, s.IFTARefund, s.PriceDate = old.RetailPrice, old.NetPrice, old.IFTARefund, old.PriceDate
			}
			switch {
			case old == nil:
				changes.Inserted++
			case sameStation(old, &s):
				changes.Unchanged++
				continue
			default:
				changes.Updated++
			}
			s.UpdatedAt = tx.Now
			write = append(write, &s)
		}
		if err := tx.writeStations(ctx, write); err != nil {
			return changes, err
		}
	}
	historyChanged, err := tx.AddStationPrices(ctx, history)
	if err != nil {
		return changes, err
	}
	if changes.Changed() || historyChanged > 0 {
		if _, err := tx.Exec(ctx, `UPDATE stations_version SET version = version + 1 WHERE id = 1`); err != nil {
			return changes, err
		}
	}
	return changes, nil
}

// latestPerStation returns the stations with one entry per id (the newest
// price date winning, the later row among equal dates) in first-seen order,
// and their price history entries with one per id and price date (the later
// row winning).
func latestPerStation(stations []*fuelportal.Station) ([]*fuelportal.Station, []fuelportal.StationPrice) {
	type key struct {
		id   int64
		date int64
	}
	latest := make([]*fuelportal.Station, 0, len(stations))
	at := make(map[int64]int, len(stations))
	history := make([]fuelportal.StationPrice, 0, len(stations))
	historyAt := make(map[key]int, len(stations))
	for _, s := range stations {
		if i, ok := at[s.ID]; !ok {
			at[s.ID] = len(latest)
			latest = append(latest, s)
		} else if !s.PriceDate.Before(latest[i].PriceDate) {
			latest[i] = s
		}
		p := fuelportal.StationPrice{StationID: s.ID, PriceDate: s.PriceDate, RetailPrice: s.RetailPrice, NetPrice: s.NetPrice, IFTARefund: s.IFTARefund}
		k := key{s.ID, s.PriceDate.UnixMicro()}
		if i, ok := historyAt[k]; ok {
			history[i] = p
		} else {
			historyAt[k] = len(history)
			history = append(history, p)
		}
	}
	return latest, history
}

// sameStation reports whether storing b over a would change nothing.
func sameStation(a, b *fuelportal.Station) bool {
	return a.Name == b.Name && a.StationLocation == b.StationLocation && a.Address == b.Address &&
		a.City == b.City && a.State == b.State && a.ZipCode == b.ZipCode && a.Country == b.Country &&
		a.Latitude == b.Latitude && a.Longitude == b.Longitude && a.Chain == b.Chain && a.Affiliate == b.Affiliate &&
		a.RetailPrice == b.RetailPrice && a.NetPrice == b.NetPrice && a.IFTARefund == b.IFTARefund &&
		a.PriceDate.Equal(b.PriceDate)
}

// StationsByID reads the stored stations among ids (Tx.StationsByID in a
// read transaction).
func (db *DB) StationsByID(ctx context.Context, ids []int64) (out map[int64]*fuelportal.Station, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		out, err = tx.StationsByID(ctx, ids)
		return err
	})
	return out, err
}

// StationsByID returns the stored stations among ids, by id; unknown ids
// are left out.
func (tx *Tx) StationsByID(ctx context.Context, ids []int64) (map[int64]*fuelportal.Station, error) {
	found := make(map[int64]*fuelportal.Station, len(ids))
	for start := 0; start < len(ids); start += batchRows {
		chunk := ids[start:min(start+batchRows, len(ids))]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := tx.Query(ctx, `SELECT `+stationColumns+` FROM stations WHERE id IN (`+placeholders(len(chunk))+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			s, err := scanStation(rows)
			if err != nil {
				rows.Close()
				return nil, err
			}
			found[s.ID] = s
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return found, nil
}

// writeStations inserts or overwrites stations in batches.
func (tx *Tx) writeStations(ctx context.Context, stations []*fuelportal.Station) error {
	row := "(" + placeholders(stationColumnCount) + ")"
	for start := 0; start < len(stations); start += batchRows {
		chunk := stations[start:min(start+batchRows, len(stations))]
		args := make([]any, 0, len(chunk)*stationColumnCount)
		for _, s := range chunk {
			args = append(args, s.ID, s.Name, s.StationLocation, s.Address, s.City, s.State, s.ZipCode, s.Country,
				s.Latitude, s.Longitude, s.Chain, s.Affiliate, int64(s.RetailPrice), int64(s.NetPrice), int64(s.IFTARefund), s.PriceDate, s.UpdatedAt)
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO stations (`+stationColumns+`)
			VALUES `+repeatJoin(row, len(chunk))+`
			ON CONFLICT (id) DO UPDATE SET
				name = excluded.name, station_location = excluded.station_location, address = excluded.address,
				city = excluded.city, state = excluded.state, zip_code = excluded.zip_code, country = excluded.country,
				latitude = excluded.latitude, longitude = excluded.longitude, chain = excluded.chain, affiliate = excluded.affiliate,
				retail_price_tenth_cents = excluded.retail_price_tenth_cents, net_price_tenth_cents = excluded.net_price_tenth_cents,
				ifta_refund_tenth_cents = excluded.ifta_refund_tenth_cents, price_date = excluded.price_date, updated_at = excluded.updated_at`,
			args...)
		if err != nil {
			return fmt.Errorf("write stations: %w", err)
		}
	}
	return nil
}

// AddStationPrices records prices in the price history, one entry per
// station and price date; an entry for a date already recorded is replaced
// when its prices differ. It returns how many entries were added or
// changed. The stations must exist, and prices must hold at most one entry
// per station and price date.
func (tx *Tx) AddStationPrices(ctx context.Context, prices []fuelportal.StationPrice) (int, error) {
	changed := 0
	row := "(?, ?, ?, ?, ?)"
	for start := 0; start < len(prices); start += batchRows {
		chunk := prices[start:min(start+batchRows, len(prices))]
		args := make([]any, 0, len(chunk)*5)
		for _, p := range chunk {
			args = append(args, p.StationID, p.PriceDate, int64(p.RetailPrice), int64(p.NetPrice), int64(p.IFTARefund))
		}
		res, err := tx.Exec(ctx, `
			INSERT INTO station_prices (station_id, price_date, retail_price_tenth_cents, net_price_tenth_cents, ifta_refund_tenth_cents)
			VALUES `+repeatJoin(row, len(chunk))+`
			ON CONFLICT (station_id, price_date) DO UPDATE SET
				retail_price_tenth_cents = excluded.retail_price_tenth_cents,
				net_price_tenth_cents = excluded.net_price_tenth_cents,
				ifta_refund_tenth_cents = excluded.ifta_refund_tenth_cents
			WHERE station_prices.retail_price_tenth_cents <> excluded.retail_price_tenth_cents
				OR station_prices.net_price_tenth_cents <> excluded.net_price_tenth_cents
				OR station_prices.ifta_refund_tenth_cents <> excluded.ifta_refund_tenth_cents`,
			args...)
		if err != nil {
			return changed, fmt.Errorf("add station prices: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return changed, err
		}
		changed += int(n)
	}
	return changed, nil
}

// StationPriceHistory returns the recorded prices of the station, oldest
// first.
func (tx *Tx) StationPriceHistory(ctx context.Context, stationID int64) ([]fuelportal.StationPrice, error) {
	rows, err := tx.Query(ctx, `
		SELECT station_id, price_date, retail_price_tenth_cents, net_price_tenth_cents, ifta_refund_tenth_cents
		FROM station_prices WHERE station_id = ? ORDER BY price_date`, stationID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var history []fuelportal.StationPrice
	for rows.Next() {
		var p fuelportal.StationPrice
		var date nullTime
		if err := rows.Scan(&p.StationID, &date, &p.RetailPrice, &p.NetPrice, &p.IFTARefund); err != nil {
			return nil, err
		}
		p.PriceDate = date.Time
		history = append(history, p)
	}
	return history, rows.Err()
}

// StationPriceHistory is Tx.StationPriceHistory in its own read transaction.
func (db *DB) StationPriceHistory(ctx context.Context, stationID int64) ([]fuelportal.StationPrice, error) {
	var history []fuelportal.StationPrice
	err := db.InReadTx(ctx, func(tx *Tx) error {
		var err error
		history, err = tx.StationPriceHistory(ctx, stationID)
		return err
	})
	return history, err
}

// placeholders returns n comma-separated '?'.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// repeatJoin returns s n times joined by commas.
func repeatJoin(s string, n int) string {
	return strings.TrimSuffix(strings.Repeat(s+", ", n), ", ")
}

// maxBatchArgs bounds the arguments of one statement (SQLite allows
// 32,766, PostgreSQL 65,535).
const maxBatchArgs = 30_000

// chunks calls fn with successive ranges [start, end) of n items, each at
// most maxBatchArgs/perItem items (and at most 1,000).
func chunks(n, perItem int, fn func(start, end int) error) error {
	size := min(1000, maxBatchArgs/perItem)
	for start := 0; start < n; start += size {
		if err := fn(start, min(start+size, n)); err != nil {
			return err
		}
	}
	return nil
}
