package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// The IFTA return's tables (docs/ifta.md): ifta_rates, ifta_miles,
// ifta_fuel, ifta_returns. Package ifta's Service is their one caller.

// ReplaceIFTARates stores rates: for each (year, quarter) present in rates,
// that quarter's stored rows are deleted and rates' rows of it inserted, in
// one transaction. It returns the number of quarters replaced.
func (db *DB) ReplaceIFTARates(ctx context.Context, rates []fuelportal.IFTARate) (quarters int, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		quarters, err = tx.ReplaceIFTARates(ctx, rates)
		return err
	})
	return quarters, err
}

// ReplaceIFTARates is DB.ReplaceIFTARates within tx (the demo data).
func (tx *Tx) ReplaceIFTARates(ctx context.Context, rates []fuelportal.IFTARate) (int, error) {
	return tx.replaceIFTARateQuarters(ctx, rates, `DELETE FROM ifta_rates WHERE year = ? AND quarter = ?`, nil,
		`INSERT INTO ifta_rates (year, quarter, jurisdiction, fuel_type, rate, surcharge, sample) VALUES `,
		func(r fuelportal.IFTARate) []any {
			return []any{r.Year, r.Quarter, r.Jurisdiction, r.FuelType, r.Rate, r.Surcharge, boolInt(r.Sample)}
		})
}

// ReplaceIFTACompanyRates stores the rates the company's user uploaded:
// for each (year, quarter) present in rates, the company's stored rows of
// that quarter are deleted and rates' rows of it inserted, in one
// transaction. Other companies' rates and the shared ones stay. It returns
// the number of quarters replaced.
func (db *DB) ReplaceIFTACompanyRates(ctx context.Context, companyID, userID int64, rates []fuelportal.IFTARate) (quarters int, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		quarters, err = tx.replaceIFTARateQuarters(ctx, rates, `DELETE FROM ifta_company_rates WHERE company_id = ? AND year = ? AND quarter = ?`, []any{companyID},
			`INSERT INTO ifta_company_rates (company_id, year, quarter, jurisdiction, fuel_type, rate, surcharge, uploaded_by, uploaded_at) VALUES `,
			func(r fuelportal.IFTARate) []any {
				return []any{companyID, r.Year, r.Quarter, r.Jurisdiction, r.FuelType, r.Rate, r.Surcharge, userID, tx.Now}
			})
		if err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditIFTARatesSet, ObjectType: fuelportal.AuditObjectIFTARates,
			ObjectID: strconv.FormatInt(companyID, 10), After: map[string]any{"quarters": quarters, "rows": len(rates)}})
	})
	return quarters, err
}

// replaceIFTARateQuarters runs del (its args: scope, then year and
// quarter) once for each (year, quarter) present in rates, then inserts
// rates with insert (… VALUES ) in multi-row statements, row giving each
// one's values. It returns the number of quarters replaced.
func (tx *Tx) replaceIFTARateQuarters(ctx context.Context, rates []fuelportal.IFTARate, del string, scope []any, insert string, row func(fuelportal.IFTARate) []any) (int, error) {
	type period struct{ year, quarter int }
	seen := map[period]bool{}
	for _, r := range rates {
		p := period{r.Year, r.Quarter}
		if seen[p] {
			continue
		}
		seen[p] = true
		if _, err := tx.Exec(ctx, del, append(append([]any{}, scope...), r.Year, r.Quarter)...); err != nil {
			return 0, err
		}
	}
	// Multi-row inserts: a quarter is ~60 rows per fuel, one statement.
	const perStatement = 500
	for start := 0; start < len(rates); start += perStatement {
		batch := rates[start:min(start+perStatement, len(rates))]
		values := make([]string, len(batch))
		var args []any
		for i, r := range batch {
			v := row(r)
			values[i] = "(" + strings.TrimSuffix(strings.Repeat("?, ", len(v)), ", ") + ")"
			args = append(args, v...)
		}
		if _, err := tx.Exec(ctx, insert+strings.Join(values, ", "), args...); err != nil {
			return 0, err
		}
	}
	return len(seen), nil
}

// quarterOfDate returns the year and quarter of a YYYY-MM-DD day.
func quarterOfDate(date string) (year, quarter int, err error) {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return 0, 0, fmt.Errorf("ifta entry date %q: %w", date, err)
	}
	return d.Year(), (int(d.Month())-1)/3 + 1, nil
}

// iftaQuarterClosed reports whether a return of the company's quarter that
// holds date is closed: for fuelType, or for any fuel when it is "".
func (tx *Tx) iftaQuarterClosed(ctx context.Context, companyID int64, date, fuelType string) (bool, error) {
	year, quarter, err := quarterOfDate(date)
	if err != nil {
		return false, err
	}
	var n int
	err = tx.QueryRow(ctx, `SELECT COUNT(*) FROM ifta_returns WHERE company_id = ? AND year = ? AND quarter = ? AND (? = '' OR fuel_type = ?)`,
		companyID, year, quarter, fuelType, fuelType).Scan(&n)
	return n > 0, err
}

// AddIFTAMiles records manual miles entry e and sets its ID and CreatedAt.
func (db *DB) AddIFTAMiles(ctx context.Context, e *fuelportal.IFTAMilesEntry) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if err := tx.AddIFTAMiles(ctx, e); err != nil {
			return err
		}
		return tx.auditIFTAEntry(ctx, fuelportal.AuditIFTAEntryAdded, e.CompanyID, "miles", e.ID, nil, iftaMilesAudit(e))
	})
}

// AddIFTAMiles is DB.AddIFTAMiles within tx.
func (tx *Tx) AddIFTAMiles(ctx context.Context, e *fuelportal.IFTAMilesEntry) error {
	e.CreatedAt = tx.Now
	return tx.QueryRow(ctx, `INSERT INTO ifta_miles (company_id, unit_number, date, jurisdiction, miles_tenths, note, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		e.CompanyID, e.UnitNumber, e.Date, e.Jurisdiction, e.MilesTenths, e.Note, e.CreatedBy, e.CreatedAt).Scan(&e.ID)
}

const iftaMilesColumns = `id, company_id, unit_number, date, jurisdiction, miles_tenths, note, created_by, created_at`

func scanIFTAMiles(row interface{ Scan(...any) error }) (fuelportal.IFTAMilesEntry, error) {
	var e fuelportal.IFTAMilesEntry
	var created nullTime
	err := row.Scan(&e.ID, &e.CompanyID, &e.UnitNumber, &e.Date, &e.Jurisdiction, &e.MilesTenths, &e.Note, &e.CreatedBy, &created)
	e.CreatedAt = created.Time
	return e, err
}

// IFTAMilesEntries lists the company's manual miles dated from fromDate to
// before toDate (YYYY-MM-DD), by date then id.
func (db *DB) IFTAMilesEntries(ctx context.Context, companyID int64, fromDate, toDate string) (list []fuelportal.IFTAMilesEntry, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err = queryList(ctx, tx, scanIFTAMiles, `SELECT `+iftaMilesColumns+` FROM ifta_miles
			WHERE company_id = ? AND date >= ? AND date < ? ORDER BY date, id`, companyID, fromDate, toDate)
		return err
	})
	return list, err
}

// DeleteIFTAMiles deletes the company's manual miles entry id (ENOTFOUND
// for another company's or none) as decide allows: it is called in the
// transaction with whether a return of its quarter is closed
// (fuelportal.CheckIFTAEntryDeleted decides) and its error is returned.
func (db *DB) DeleteIFTAMiles(ctx context.Context, companyID, id int64, decide func(quarterClosed bool) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		e, err := scanIFTAMiles(tx.QueryRow(ctx, `SELECT `+iftaMilesColumns+` FROM ifta_miles WHERE id = ? AND company_id = ?`, id, companyID))
		if err != nil {
			return notFound(err, "Miles entry not found")
		}
		closed, err := tx.iftaQuarterClosed(ctx, companyID, e.Date, "")
		if err != nil {
			return err
		}
		if err := decide(closed); err != nil {
			return err
		}
		if _, err = tx.Exec(ctx, `DELETE FROM ifta_miles WHERE id = ? AND company_id = ?`, id, companyID); err != nil {
			return err
		}
		return tx.auditIFTAEntry(ctx, fuelportal.AuditIFTAEntryDeleted, companyID, "miles", id, iftaMilesAudit(&e), nil)
	})
}

// AddIFTAFuel records off-card fuel entry e and sets its ID and CreatedAt,
// as decide allows: it is called in the transaction with whether the
// company already has the same entry (unit, date, jurisdiction, gallons,
// fuel type) and with an approved card purchase of the fuel's product with
// the same gallons in the same jurisdiction on that day (from dayFrom to
// before dayTo, the day's instants in the company's zone)
// (fuelportal.CheckIFTAFuelAdded decides), and its error is returned.
func (db *DB) AddIFTAFuel(ctx context.Context, e *fuelportal.IFTAFuelEntry, dayFrom, dayTo time.Time, decide func(*fuelportal.IFTAFuelEntry, fuelportal.IFTAFuelFacts) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if err := tx.AddIFTAFuel(ctx, e, dayFrom, dayTo, decide); err != nil {
			return err
		}
		return tx.auditIFTAEntry(ctx, fuelportal.AuditIFTAEntryAdded, e.CompanyID, "fuel", e.ID, nil, iftaFuelAudit(e))
	})
}

// AddIFTAFuel is DB.AddIFTAFuel within tx.
func (tx *Tx) AddIFTAFuel(ctx context.Context, e *fuelportal.IFTAFuelEntry, dayFrom, dayTo time.Time, decide func(*fuelportal.IFTAFuelEntry, fuelportal.IFTAFuelFacts) error) error {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ifta_fuel WHERE company_id = ? AND unit_number = ? AND date = ? AND jurisdiction = ? AND gallons_milli = ? AND fuel_type = ?`,
		e.CompanyID, e.UnitNumber, e.Date, e.Jurisdiction, e.Gallons, e.FuelType).Scan(&n)
	if err != nil {
		return err
	}
	facts := fuelportal.IFTAFuelFacts{Entered: n > 0}
	err = tx.QueryRow(ctx, `SELECT t.id FROM card_transactions t JOIN stations s ON s.id = t.location_id
		WHERE t.company_id = ? AND t.status = 'APPROVED' AND t.product_code = ? AND t.gallons_milli = ?
		AND t.transaction_date >= ? AND t.transaction_date < ? AND UPPER(s.state) = ? ORDER BY t.id LIMIT 1`,
		e.CompanyID, iftaProduct(e.FuelType), e.Gallons, dayFrom, dayTo, e.Jurisdiction).Scan(&facts.CardTransactionID)
	if err != nil && !isNoRows(err) {
		return err
	}
	if err := decide(e, facts); err != nil {
		return err
	}
	e.CreatedAt = tx.Now
	return tx.QueryRow(ctx, `INSERT INTO ifta_fuel (company_id, unit_number, date, jurisdiction, gallons_milli, fuel_type, tax_paid, vendor, created_by, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		e.CompanyID, e.UnitNumber, e.Date, e.Jurisdiction, e.Gallons, e.FuelType, boolInt(e.TaxPaid), e.Vendor, e.CreatedBy, e.CreatedAt).Scan(&e.ID)
}

// iftaProduct is the card product a return of fuelType counts.
func iftaProduct(fuelType string) fuelportal.ProductCode {
	if fuelType == "gasoline" {
		return fuelportal.ProductGasoline
	}
	return fuelportal.ProductDiesel
}

const iftaFuelColumns = `id, company_id, unit_number, date, jurisdiction, gallons_milli, fuel_type, tax_paid, vendor, created_by, created_at`

func scanIFTAFuel(row interface{ Scan(...any) error }) (fuelportal.IFTAFuelEntry, error) {
	var e fuelportal.IFTAFuelEntry
	var created nullTime
	var taxPaid int64
	err := row.Scan(&e.ID, &e.CompanyID, &e.UnitNumber, &e.Date, &e.Jurisdiction, &e.Gallons, &e.FuelType, &taxPaid, &e.Vendor, &e.CreatedBy, &created)
	e.CreatedAt, e.TaxPaid = created.Time, taxPaid == 1
	return e, err
}

// IFTAFuelEntries lists the company's off-card fuel dated from fromDate to
// before toDate, by date then id.
func (db *DB) IFTAFuelEntries(ctx context.Context, companyID int64, fromDate, toDate string) (list []fuelportal.IFTAFuelEntry, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err = queryList(ctx, tx, scanIFTAFuel, `SELECT `+iftaFuelColumns+` FROM ifta_fuel
			WHERE company_id = ? AND date >= ? AND date < ? ORDER BY date, id`, companyID, fromDate, toDate)
		return err
	})
	return list, err
}

// DeleteIFTAFuel deletes the company's off-card fuel entry id (ENOTFOUND
// for another company's or none) as decide allows: it is called in the
// transaction with whether the return of its quarter and fuel is closed
// (fuelportal.CheckIFTAEntryDeleted decides) and its error is returned.
func (db *DB) DeleteIFTAFuel(ctx context.Context, companyID, id int64, decide func(quarterClosed bool) error) error {
	return db.InTx(ctx, func(tx *Tx) error {
		e, err := scanIFTAFuel(tx.QueryRow(ctx, `SELECT `+iftaFuelColumns+` FROM ifta_fuel WHERE id = ? AND company_id = ?`, id, companyID))
		if err != nil {
			return notFound(err, "Fuel entry not found")
		}
		closed, err := tx.iftaQuarterClosed(ctx, companyID, e.Date, e.FuelType)
		if err != nil {
			return err
		}
		if err := decide(closed); err != nil {
			return err
		}
		if _, err = tx.Exec(ctx, `DELETE FROM ifta_fuel WHERE id = ? AND company_id = ?`, id, companyID); err != nil {
			return err
		}
		return tx.auditIFTAEntry(ctx, fuelportal.AuditIFTAEntryDeleted, companyID, "fuel", id, iftaFuelAudit(&e), nil)
	})
}

// IFTAQuarter reads what the company's return for period p is computed
// from, in one read transaction: approved card purchases of the fuel's
// product dated in the quarter (the station's state as jurisdiction; the
// unit is the purchase's own vehicle's, else the unit number it was made
// for, and only else its card's current one),
// off-card fuel of the fuel type and manual miles dated in it, completed
// trips started in it, its telematics miles per vehicle, the company's
// vehicles with their fuel types, the quarter's shared rates of the fuel
// and the company's own, and the closed return if there is one. Miles are of every unit: which count in
// the fuel's return is ifta.Service's rule.
func (db *DB) IFTAQuarter(ctx context.Context, p fuelportal.IFTAPeriod) (q *fuelportal.IFTAQuarter, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		q, err = tx.IFTAQuarter(ctx, p)
		return err
	})
	return q, err
}

// IFTAQuarter is DB.IFTAQuarter within tx (the demo data).
func (tx *Tx) IFTAQuarter(ctx context.Context, p fuelportal.IFTAPeriod) (q *fuelportal.IFTAQuarter, err error) {
	q = &fuelportal.IFTAQuarter{}
	q.Purchases, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.IFTACardPurchase, error) {
		var c fuelportal.IFTACardPurchase
		var date, created nullTime
		err := row.Scan(&c.TransactionID, &c.Jurisdiction, &c.Product, &c.Gallons, &date, &c.UnitNumber, &created)
		c.Jurisdiction = strings.ToUpper(strings.TrimSpace(c.Jurisdiction))
		c.Date, c.CreatedAt = date.Time, created.Time
		return c, err
	}, `SELECT t.id, COALESCE(s.state, ''), t.product_code, t.gallons_milli, t.transaction_date,
			COALESCE(v.unit_number, NULLIF(t.unit_number, ''), k.unit_number, ''), t.created_at
		FROM card_transactions t LEFT JOIN stations s ON s.id = t.location_id LEFT JOIN cards k ON k.id = t.card_id
		LEFT JOIN vehicles v ON v.id = t.vehicle_id
		WHERE t.company_id = ? AND t.status = 'APPROVED' AND t.product_code = ? AND t.transaction_date >= ? AND t.transaction_date < ?
		ORDER BY t.transaction_date, t.id`, p.CompanyID, iftaProduct(p.FuelType), p.From, p.To)
	if err != nil {
		return nil, err
	}
	q.Fuel, err = queryList(ctx, tx, scanIFTAFuel, `SELECT `+iftaFuelColumns+` FROM ifta_fuel
		WHERE company_id = ? AND fuel_type = ? AND date >= ? AND date < ? ORDER BY date, id`, p.CompanyID, p.FuelType, p.FromDate, p.ToDate)
	if err != nil {
		return nil, err
	}
	q.Miles, err = queryList(ctx, tx, scanIFTAMiles, `SELECT `+iftaMilesColumns+` FROM ifta_miles
		WHERE company_id = ? AND date >= ? AND date < ? ORDER BY date, id`, p.CompanyID, p.FromDate, p.ToDate)
	if err != nil {
		return nil, err
	}
	q.Trips, err = tx.completedTrips(ctx, p.CompanyID, "", p.From, p.To)
	if err != nil {
		return nil, err
	}
	q.Rates, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.IFTARate, error) {
		var r fuelportal.IFTARate
		var sample int64
		err := row.Scan(&r.Year, &r.Quarter, &r.Jurisdiction, &r.FuelType, &r.Rate, &r.Surcharge, &sample)
		r.Sample = sample == 1
		return r, err
	}, `SELECT year, quarter, jurisdiction, fuel_type, rate, surcharge, sample FROM ifta_rates
		WHERE year = ? AND quarter = ? AND fuel_type = ? ORDER BY jurisdiction`, p.Year, p.Quarter, p.FuelType)
	if err != nil {
		return nil, err
	}
	q.CompanyRates, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.IFTARate, error) {
		var r fuelportal.IFTARate
		err := row.Scan(&r.Year, &r.Quarter, &r.Jurisdiction, &r.FuelType, &r.Rate, &r.Surcharge)
		return r, err
	}, `SELECT year, quarter, jurisdiction, fuel_type, rate, surcharge FROM ifta_company_rates
		WHERE company_id = ? AND year = ? AND quarter = ? AND fuel_type = ? ORDER BY jurisdiction`, p.CompanyID, p.Year, p.Quarter, p.FuelType)
	if err != nil {
		return nil, err
	}
	closed, err := queryList(ctx, tx, scanIFTAReturn, `SELECT `+iftaReturnColumns+` FROM ifta_returns
		WHERE company_id = ? AND year = ? AND quarter = ? AND fuel_type = ?`, p.CompanyID, p.Year, p.Quarter, p.FuelType)
	if err != nil {
		return nil, err
	}
	var closedAt time.Time
	if len(closed) > 0 {
		q.Closed, closedAt = &closed[0], closed[0].ClosedAt
	}
	q.Vehicles, err = queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.IFTAVehicle, error) {
		var v fuelportal.IFTAVehicle
		err := row.Scan(&v.ID, &v.UnitNumber, &v.FuelType)
		return v, err
	}, `SELECT id, unit_number, fuel_type FROM vehicles WHERE company_id = ? ORDER BY id`, p.CompanyID)
	if err != nil {
		return nil, err
	}
	var units []string
	for _, m := range q.Miles {
		units = append(units, m.UnitNumber)
	}
	for _, t := range q.Trips {
		units = append(units, t.UnitNumber)
	}
	if q.Telematics, err = tx.iftaTelematics(ctx, p, units, closedAt); err != nil {
		return nil, err
	}
	return q, nil
}

const iftaReturnColumns = `id, company_id, year, quarter, fuel_type, closed_at, closed_by, return_json`

func scanIFTAReturn(row interface{ Scan(...any) error }) (fuelportal.IFTAClosedReturn, error) {
	var r fuelportal.IFTAClosedReturn
	var closed nullTime
	var body string
	err := row.Scan(&r.ID, &r.CompanyID, &r.Year, &r.Quarter, &r.FuelType, &closed, &r.ClosedBy, &body)
	r.ClosedAt, r.Return = closed.Time, []byte(body)
	return r, err
}

// CloseIFTAReturn stores closed return r and sets its ID and ClosedAt,
// and audits it, as decide allows: it is called with whether that
// quarter's return of the fuel is closed already
// (fuelportal.CheckIFTAReturnClosing decides) and its error is returned.
// The caller publishes the close (ifta.Service).
func (tx *Tx) CloseIFTAReturn(ctx context.Context, r *fuelportal.IFTAClosedReturn, decide func(closedAlready bool) error) error {
	r.ClosedAt = tx.Now
	err := tx.QueryRow(ctx, `INSERT INTO ifta_returns (company_id, year, quarter, fuel_type, closed_at, closed_by, return_json)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (company_id, year, quarter, fuel_type) DO NOTHING RETURNING id`,
		r.CompanyID, r.Year, r.Quarter, r.FuelType, r.ClosedAt, r.ClosedBy, string(r.Return)).Scan(&r.ID)
	if err != nil && !isNoRows(err) {
		return err
	}
	if err := decide(isNoRows(err)); err != nil {
		return err
	}
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: r.CompanyID, Kind: fuelportal.AuditIFTAReturnClosed, ObjectType: fuelportal.AuditObjectIFTAReturn,
		ObjectID: fmt.Sprintf("%dQ%d-%s", r.Year, r.Quarter, r.FuelType), After: map[string]any{"closedAt": r.ClosedAt}})
}

// IFTAClosedReturns lists the company's closed returns, newest quarter
// first.
func (db *DB) IFTAClosedReturns(ctx context.Context, companyID int64) (list []fuelportal.IFTAClosedReturn, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		list, err = queryList(ctx, tx, scanIFTAReturn, `SELECT `+iftaReturnColumns+` FROM ifta_returns
			WHERE company_id = ? ORDER BY year DESC, quarter DESC, fuel_type`, companyID)
		return err
	})
	return list, err
}

// completedTrips lists the company's completed trips started from from to
// before to, of the cards of unit number unit ("": every card's).
func (tx *Tx) completedTrips(ctx context.Context, companyID int64, unit string, from, to time.Time) ([]fuelportal.IFTATrip, error) {
	return queryList(ctx, tx, func(row interface{ Scan(...any) error }) (fuelportal.IFTATrip, error) {
		var t fuelportal.IFTATrip
		var route string
		var created, updated nullTime
		if err := row.Scan(&t.ID, &t.CardNumber, &t.UnitNumber, &route, &created, &updated); err != nil {
			return t, err
		}
		t.CreatedAt, t.CompletedAt = created.Time, updated.Time
		var points [][2]float64
		if err := json.Unmarshal([]byte(route), &points); err != nil {
			return t, fmt.Errorf("trip %d route: %w", t.ID, err)
		}
		t.Route = make([]fuelportal.TripPoint, len(points))
		for i, pt := range points {
			t.Route[i] = fuelportal.TripPoint{Lat: pt[0], Lon: pt[1]}
		}
		return t, nil
	}, `SELECT t.id, c.card_number, c.unit_number, t.route, t.created_at, t.updated_at
		FROM trips t JOIN cards c ON c.id = t.card_id
		WHERE t.company_id = ? AND t.status = 'COMPLETED' AND t.created_at >= ? AND t.created_at < ? AND (? = '' OR c.unit_number = ?)
		ORDER BY t.created_at, t.id`,
		companyID, from, to, unit, unit)
}

// IFTAFilingCompanies returns the companies that file IFTA returns: those
// with an active IFTA-qualified vehicle, or with miles or off-card fuel
// entered for a return.
func (db *DB) IFTAFilingCompanies(ctx context.Context) ([]int64, error) {
	var ids []int64
	err := db.InTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id FROM companies c
			WHERE EXISTS (SELECT 1 FROM vehicles v WHERE v.company_id = c.id AND v.ifta_qualified = 1 AND v.active = 1)
				OR EXISTS (SELECT 1 FROM ifta_miles m WHERE m.company_id = c.id)
				OR EXISTS (SELECT 1 FROM ifta_fuel f WHERE f.company_id = c.id)
			ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		ids = ids[:0]
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	return ids, err
}

// IFTAReturnClosed reports whether a return of the company's quarter
// year/quarter is closed, of any fuel.
func (tx *Tx) IFTAReturnClosed(ctx context.Context, companyID int64, year, quarter int) (bool, error) {
	var n int
	err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM ifta_returns WHERE company_id = ? AND year = ? AND quarter = ?`,
		companyID, year, quarter).Scan(&n)
	return n > 0, err
}

// RecordIFTAReminder records reminder r as sent at the transaction's
// time; added is false, adding nothing, when it was recorded already. Its
// row of ifta_reminders is unique per company, quarter and stage, so of
// processes recording it at once one alone adds it.
func (tx *Tx) RecordIFTAReminder(ctx context.Context, r fuelportal.IFTAReminder) (added bool, err error) {
	res, err := tx.Exec(ctx, `INSERT INTO ifta_reminders (company_id, year, quarter, days_before, sent_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT DO NOTHING`, r.CompanyID, r.Year, r.Quarter, r.DaysBefore, tx.Now)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// IFTAQuartersWithRecords reports for each of the company's periods
// (their fuel types ignored) whether anything a return counts is dated in
// it: an approved card purchase of diesel or gasoline, off-card fuel,
// miles entered by hand, a completed trip started in it, or a day of
// telematics miles. Whose fuel they are is ifta.Service's rule.
func (db *DB) IFTAQuartersWithRecords(ctx context.Context, companyID int64, periods []fuelportal.IFTAPeriod) (has []bool, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		has = make([]bool, len(periods))
		for i, p := range periods {
			var n int
			err := tx.QueryRow(ctx, `SELECT CASE WHEN
				EXISTS (SELECT 1 FROM card_transactions WHERE company_id = ? AND transaction_date >= ? AND transaction_date < ? AND status = 'APPROVED' AND product_code IN (?, ?))
				OR EXISTS (SELECT 1 FROM ifta_fuel WHERE company_id = ? AND date >= ? AND date < ?)
				OR EXISTS (SELECT 1 FROM ifta_miles WHERE company_id = ? AND date >= ? AND date < ?)
				OR EXISTS (SELECT 1 FROM trips WHERE company_id = ? AND created_at >= ? AND created_at < ? AND status = 'COMPLETED')
				OR EXISTS (SELECT 1 FROM telematics_days WHERE company_id = ? AND date >= ? AND date < ?)
				THEN 1 ELSE 0 END`,
				companyID, p.From, p.To, fuelportal.ProductDiesel, fuelportal.ProductGasoline,
				companyID, p.FromDate, p.ToDate, companyID, p.FromDate, p.ToDate,
				companyID, p.From, p.To, companyID, p.FromDate, p.ToDate).Scan(&n)
			if err != nil {
				return err
			}
			has[i] = n == 1
		}
		return nil
	})
	return has, err
}

// IFTAFirstRecords answers the company's earliest IFTA records: the day of
// its earliest miles entry, off-card fuel entry or telematics day
// (YYYY-MM-DD, "" with none), and the earliest quarter of a closed return
// (0, 0 with none).
func (db *DB) IFTAFirstRecords(ctx context.Context, companyID int64) (firstDate string, closedYear, closedQuarter int, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		var date *string
		if err := tx.QueryRow(ctx, `SELECT MIN(d) FROM (
				SELECT MIN(date) AS d FROM ifta_miles WHERE company_id = ?
				UNION ALL SELECT MIN(date) FROM ifta_fuel WHERE company_id = ?
				UNION ALL SELECT MIN(date) FROM telematics_days WHERE company_id = ?) AS firsts`,
			companyID, companyID, companyID).Scan(&date); err != nil {
			return err
		}
		if date != nil {
			firstDate = *date
		}
		err := tx.QueryRow(ctx, `SELECT year, quarter FROM ifta_returns WHERE company_id = ? ORDER BY year, quarter LIMIT 1`, companyID).Scan(&closedYear, &closedQuarter)
		if isNoRows(err) {
			return nil
		}
		return err
	})
	return firstDate, closedYear, closedQuarter, err
}

// auditIFTAEntry records change kind of the company's IFTA entry id of
// kind entry ("miles" or "fuel"), named "<entry>-<id>".
func (tx *Tx) auditIFTAEntry(ctx context.Context, kind fuelportal.AuditKind, companyID int64, entry string, id int64, before, after any) error {
	return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: kind, ObjectType: fuelportal.AuditObjectIFTAEntry,
		ObjectID: entry + "-" + strconv.FormatInt(id, 10), Before: before, After: after})
}

func iftaMilesAudit(e *fuelportal.IFTAMilesEntry) map[string]any {
	return map[string]any{"unitNumber": e.UnitNumber, "date": e.Date, "jurisdiction": e.Jurisdiction, "milesTenths": e.MilesTenths, "note": e.Note}
}

func iftaFuelAudit(e *fuelportal.IFTAFuelEntry) map[string]any {
	return map[string]any{"unitNumber": e.UnitNumber, "date": e.Date, "jurisdiction": e.Jurisdiction, "gallons": e.Gallons,
		"fuelType": e.FuelType, "taxPaid": e.TaxPaid, "vendor": e.Vendor}
}
