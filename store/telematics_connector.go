package store

import (
	"context"
	"encoding/json"
	"strings"

	"fuelportal"
)

// Telematics pull connectors (docs/feeds.md, "Telematics connectors"):
// each company's connector per vendor, its sealed token and feed cursor,
// and how its last pull went. The flow is connectors.Service's.

// ConnectorSecret is a connector with what only the puller reads: the
// sealed token and the cursor where the next pull starts.
type ConnectorSecret struct {
	fuelportal.TelematicsConnector
	TokenSealed string
	Cursor      string
}

// SaveTelematicsConnector stores the company's connector to c.Vendor with
// its sealed token, replacing the one before (its cursor and pull record
// start over), and audits it (never the token).
func (db *DB) SaveTelematicsConnector(ctx context.Context, userID int64, c ConnectorSecret) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO telematics_connectors (company_id, vendor, token_sealed, database_name, server, feed_cursor,
				last_pull_at, last_error, last_error_at, unmatched, positions, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, '', NULL, '', NULL, '[]', 0, ?, ?)
			ON CONFLICT (company_id, vendor) DO UPDATE SET token_sealed = excluded.token_sealed, database_name = excluded.database_name,
				server = excluded.server, feed_cursor = '', last_pull_at = NULL, last_error = '', last_error_at = NULL, unmatched = '[]',
				positions = 0, created_by = excluded.created_by, created_at = excluded.created_at`,
			c.CompanyID, string(c.Vendor), c.TokenSealed, c.Database, c.Server, userID, tx.Now)
		if err != nil {
			return err
		}
		after := map[string]any{"vendor": c.Vendor, "createdAt": tx.Now}
		if c.Vendor == fuelportal.VendorGeotab {
			after["database"], after["server"] = c.Database, c.Server
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: c.CompanyID, Kind: fuelportal.AuditTokenIssued,
			ObjectType: fuelportal.AuditObjectToken, ObjectID: "telematics." + string(c.Vendor), After: after})
	})
}

// DeleteTelematicsConnector removes the company's connector to vendor
// and audits it: ENOTFOUND when there is none.
func (db *DB) DeleteTelematicsConnector(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor) error {
	return db.InTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `DELETE FROM telematics_connectors WHERE company_id = ? AND vendor = ?`, companyID, string(vendor))
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fuelportal.Errorf(fuelportal.ENOTFOUND, "No %s connector", vendor)
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditTokenRevoked,
			ObjectType: fuelportal.AuditObjectToken, ObjectID: "telematics." + string(vendor), Before: map[string]any{"vendor": vendor}})
	})
}

const connectorColumns = `company_id, vendor, database_name, server, last_pull_at, last_error, last_error_at, unmatched, positions, created_at, token_sealed, feed_cursor`

func scanConnector(row interface{ Scan(...any) error }) (*ConnectorSecret, error) {
	var c ConnectorSecret
	var vendor, unmatched string
	var lastPull, lastErr, created nullTime
	if err := row.Scan(&c.CompanyID, &vendor, &c.Database, &c.Server, &lastPull, &c.LastError, &lastErr, &unmatched,
		&c.Positions, &created, &c.TokenSealed, &c.Cursor); err != nil {
		return nil, err
	}
	c.Vendor, c.LastPullAt, c.LastErrorAt, c.CreatedAt = fuelportal.TelematicsVendor(vendor), lastPull.Ptr(), lastErr.Ptr(), created.Time
	if err := json.Unmarshal([]byte(unmatched), &c.Unmatched); err != nil || c.Unmatched == nil {
		c.Unmatched = []string{}
	}
	return &c, nil
}

func (db *DB) connectors(ctx context.Context, where string, args ...any) (list []*ConnectorSecret, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT `+connectorColumns+` FROM telematics_connectors `+where+` ORDER BY company_id, vendor`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			c, err := scanConnector(rows)
			if err != nil {
				return err
			}
			list = append(list, c)
		}
		return rows.Err()
	})
	return list, err
}

// TelematicsConnectors are the company's connectors, by vendor.
func (db *DB) TelematicsConnectors(ctx context.Context, companyID int64) ([]*ConnectorSecret, error) {
	return db.connectors(ctx, `WHERE company_id = ?`, companyID)
}

// TelematicsConnector is the company's connector to vendor: ENOTFOUND
// for none.
func (db *DB) TelematicsConnector(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor) (*ConnectorSecret, error) {
	list, err := db.connectors(ctx, `WHERE company_id = ? AND vendor = ?`, companyID, string(vendor))
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "No %s connector", vendor)
	}
	return list[0], nil
}

// AllTelematicsConnectors are every company's connectors (the puller's
// list).
func (db *DB) AllTelematicsConnectors(ctx context.Context) ([]*ConnectorSecret, error) {
	return db.connectors(ctx, ``)
}

// ConnectorPull is what one pull of a connector came to.
type ConnectorPull struct {
	// Cursor is where the next pull starts ("" keeps the stored one).
	Cursor string
	// Err is the pull's error ("": it succeeded).
	Err       string
	Unmatched []string
	Positions int64
}

// RecordConnectorPull records a pull of the company's connector to
// vendor made with the token sealed as tokenSealed: nothing when the
// connector was removed or its token replaced meanwhile (the pull was
// made with a token no longer the company's).
func (db *DB) RecordConnectorPull(ctx context.Context, companyID int64, vendor fuelportal.TelematicsVendor, tokenSealed string, p ConnectorPull) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if p.Err != "" {
			_, err := tx.Exec(ctx, `UPDATE telematics_connectors SET last_error = ?, last_error_at = ?, positions = positions + ?
				WHERE company_id = ? AND vendor = ? AND token_sealed = ?`, truncate(p.Err, 500), tx.Now, p.Positions, companyID, string(vendor), tokenSealed)
			return err
		}
		if len(p.Unmatched) > fuelportal.MaxUnmatchedListed {
			p.Unmatched = p.Unmatched[:fuelportal.MaxUnmatchedListed]
		}
		if p.Unmatched == nil {
			p.Unmatched = []string{}
		}
		unmatched, err := json.Marshal(p.Unmatched)
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `UPDATE telematics_connectors SET feed_cursor = CASE WHEN ? = '' THEN feed_cursor ELSE ? END,
				last_pull_at = ?, last_error = '', last_error_at = NULL, unmatched = ?, positions = positions + ?
			WHERE company_id = ? AND vendor = ? AND token_sealed = ?`,
			p.Cursor, p.Cursor, tx.Now, string(unmatched), p.Positions, companyID, string(vendor), tokenSealed)
		return err
	})
}

// VehicleKey is what a vendor's vehicle is matched by: a vehicle's VIN
// and unit number.
type VehicleKey struct {
	VIN, UnitNumber string
}

// CompanyVehicleKeys are the VINs and unit numbers of the company's
// vehicles.
func (db *DB) CompanyVehicleKeys(ctx context.Context, companyID int64) (list []VehicleKey, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT vin, unit_number FROM vehicles WHERE company_id = ? ORDER BY id`, companyID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var k VehicleKey
			if err := rows.Scan(&k.VIN, &k.UnitNumber); err != nil {
				return err
			}
			list = append(list, k)
		}
		return rows.Err()
	})
	return list, err
}

// truncate cuts s to at most n bytes on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
