package store

import (
	"context"
	"encoding/json"
	"time"

	"fuelportal"
)

// QuickBooks Online connection (docs/product.md, "QuickBooks Online"): the
// company's connection with its sealed tokens and mapping, the states of
// connections under way, and one row per purchase sent (its QuickBooks id,
// or the claim of the process sending it). The flow is qbo.Service's.

// QBOState is a connection under way: who asked for it.
type QBOState struct {
	CompanyID  int64
	UserID     int64
	SessionID  string
	MemberRole fuelportal.MemberRole
	// BrowserHash is the hash of the binding the asking browser keeps (a
	// cookie): the callback must come from that browser.
	BrowserHash string
	ExpiresAt   time.Time
}

// SaveQBOState keeps a connection's state (its hash) until expiresAt, and
// drops the states that expired.
func (db *DB) SaveQBOState(ctx context.Context, stateHash string, st QBOState) error {
	return db.InTx(ctx, func(tx *Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM qbo_oauth_states WHERE expires_at <= ?`, tx.Now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO qbo_oauth_states (state_hash, company_id, user_id, session_id, member_role, browser_hash, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, stateHash, st.CompanyID, st.UserID, st.SessionID, string(st.MemberRole), st.BrowserHash, st.ExpiresAt)
		return err
	})
}

// TakeQBOState removes the state of hash stateHash and answers it (once:
// a second take is ENOTFOUND, as is an unknown state).
func (db *DB) TakeQBOState(ctx context.Context, stateHash string) (*QBOState, error) {
	var st QBOState
	err := db.InTx(ctx, func(tx *Tx) error {
		var role string
		var expires nullTime
		err := tx.QueryRow(ctx, `DELETE FROM qbo_oauth_states WHERE state_hash = ?
			RETURNING company_id, user_id, session_id, member_role, browser_hash, expires_at`, stateHash).
			Scan(&st.CompanyID, &st.UserID, &st.SessionID, &role, &st.BrowserHash, &expires)
		st.MemberRole, st.ExpiresAt = fuelportal.MemberRole(role), expires.Time
		return notFound(err, "Unknown or used state")
	})
	if err != nil {
		return nil, err
	}
	return &st, nil
}

// QBOSecret is a connection with what only the flow reads: the sealed
// tokens and when they expire.
type QBOSecret struct {
	fuelportal.QBOConnection
	AccessSealed, RefreshSealed       string
	AccessExpiresAt, RefreshExpiresAt time.Time
}

// SaveQBOConnection stores the company's connection to c.RealmID with its
// sealed tokens, replacing the one before (its mapping is kept when the
// realm is the same), and audits it (never a token).
func (db *DB) SaveQBOConnection(ctx context.Context, userID int64, c QBOSecret) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO qbo_connections (company_id, realm_id, access_sealed, refresh_sealed, access_expires_at,
				refresh_expires_at, mapping, last_error, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, '{}', '', ?, ?)
			ON CONFLICT (company_id) DO UPDATE SET
				mapping = CASE WHEN qbo_connections.realm_id = excluded.realm_id THEN qbo_connections.mapping ELSE '{}' END,
				realm_id = excluded.realm_id, access_sealed = excluded.access_sealed, refresh_sealed = excluded.refresh_sealed,
				access_expires_at = excluded.access_expires_at, refresh_expires_at = excluded.refresh_expires_at,
				last_error = '', created_by = excluded.created_by, created_at = excluded.created_at`,
			c.CompanyID, c.RealmID, c.AccessSealed, c.RefreshSealed, c.AccessExpiresAt, c.RefreshExpiresAt, userID, tx.Now)
		if err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: c.CompanyID, Kind: fuelportal.AuditQBOConnected,
			ObjectType: fuelportal.AuditObjectQBO, ObjectID: "quickbooks", After: map[string]any{"realmId": c.RealmID, "connectedAt": tx.Now}})
	})
}

const qboColumns = `company_id, realm_id, mapping, created_at, last_push_at, last_push_from, last_push_to, last_push_created,
	last_push_found, last_push_failed, last_error, access_sealed, refresh_sealed, access_expires_at, refresh_expires_at`

func scanQBO(row interface{ Scan(...any) error }) (*QBOSecret, error) {
	var c QBOSecret
	var mapping string
	var created, pushAt, accessExp, refreshExp nullTime
	var run fuelportal.QBOPushRun
	if err := row.Scan(&c.CompanyID, &c.RealmID, &mapping, &created, &pushAt, &run.From, &run.To, &run.Created, &run.Found, &run.Failed,
		&c.LastError, &c.AccessSealed, &c.RefreshSealed, &accessExp, &refreshExp); err != nil {
		return nil, err
	}
	c.ConnectedAt, c.AccessExpiresAt, c.RefreshExpiresAt = created.Time, accessExp.Time, refreshExp.Time
	if pushAt.Valid {
		run.At = pushAt.Time
		c.LastPush = &run
	}
	if err := json.Unmarshal([]byte(mapping), &c.Mapping); err != nil || c.Mapping.Products == nil {
		c.Mapping.Products = map[fuelportal.ProductCode]string{}
	}
	return &c, nil
}

// QBOConnection is the company's connection: ENOTFOUND for none.
func (db *DB) QBOConnection(ctx context.Context, companyID int64) (c *QBOSecret, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		c, err = scanQBO(tx.QueryRow(ctx, `SELECT `+qboColumns+` FROM qbo_connections WHERE company_id = ?`, companyID))
		return notFound(err, "QuickBooks is not connected")
	})
	return c, err
}

// QBOCompanies are the companies connected to QuickBooks (the daily
// push's list).
func (db *DB) QBOCompanies(ctx context.Context) (ids []int64, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT company_id FROM qbo_connections ORDER BY company_id`)
		if err != nil {
			return err
		}
		defer rows.Close()
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

// ReplaceQBOTokens stores the tokens of a refresh, only while the
// connection still holds the refresh token oldRefreshSealed (false: another
// process refreshed first, or the company disconnected).
func (db *DB) ReplaceQBOTokens(ctx context.Context, companyID int64, oldRefreshSealed string, c QBOSecret) (bool, error) {
	var ok bool
	err := db.InTx(ctx, func(tx *Tx) error {
		res, err := tx.Exec(ctx, `UPDATE qbo_connections SET access_sealed = ?, refresh_sealed = ?, access_expires_at = ?, refresh_expires_at = ?
			WHERE company_id = ? AND refresh_sealed = ?`,
			c.AccessSealed, c.RefreshSealed, c.AccessExpiresAt, c.RefreshExpiresAt, companyID, oldRefreshSealed)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		ok = n == 1
		return err
	})
	return ok, err
}

// SetQBOMapping stores the company's mapping and audits it: ENOTFOUND
// when not connected.
func (db *DB) SetQBOMapping(ctx context.Context, companyID int64, m fuelportal.QBOMapping) error {
	raw, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return db.InTx(ctx, func(tx *Tx) error {
		var before string
		if err := tx.QueryRow(ctx, `SELECT mapping FROM qbo_connections WHERE company_id = ?`, companyID).Scan(&before); err != nil {
			return notFound(err, "QuickBooks is not connected")
		}
		if _, err := tx.Exec(ctx, `UPDATE qbo_connections SET mapping = ? WHERE company_id = ?`, string(raw), companyID); err != nil {
			return err
		}
		var old fuelportal.QBOMapping
		_ = json.Unmarshal([]byte(before), &old)
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditQBOMappingSet,
			ObjectType: fuelportal.AuditObjectQBO, ObjectID: "quickbooks", Before: old, After: m})
	})
}

// DeleteQBOConnection removes the company's connection and audits it:
// ENOTFOUND when there is none. The purchases' push rows stay (a
// reconnection to the same company does not send them again).
func (db *DB) DeleteQBOConnection(ctx context.Context, companyID int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var realm string
		err := tx.QueryRow(ctx, `DELETE FROM qbo_connections WHERE company_id = ? RETURNING realm_id`, companyID).Scan(&realm)
		if err := notFound(err, "QuickBooks is not connected"); err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditQBODisconnected,
			ObjectType: fuelportal.AuditObjectQBO, ObjectID: "quickbooks", Before: map[string]any{"realmId": realm}})
	})
}

// QBOClaim is a purchase a push claimed: how many times it was tried
// before (0: never sent anywhere).
type QBOClaim struct {
	TransactionID int64
	Attempts      int
}

// ClaimQBOPushes claims, for claim until until, those of the company's
// purchases ids that are not yet in QuickBooks realm and not claimed by a
// live claim (at now) of another push: the answer is what this push may
// send.
// Two processes never hold one purchase at once.
func (db *DB) ClaimQBOPushes(ctx context.Context, companyID int64, realm string, ids []int64, claim string, now, until time.Time) (out []QBOClaim, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		for _, id := range ids {
			_, err := tx.Exec(ctx, `INSERT INTO qbo_pushes (company_id, transaction_id, realm_id, qbo_id, claim, claimed_until, attempts, error, updated_at)
				VALUES (?, ?, ?, '', ?, ?, 0, '', ?)
				ON CONFLICT (company_id, transaction_id) DO UPDATE SET claim = excluded.claim, claimed_until = excluded.claimed_until,
					realm_id = excluded.realm_id,
					qbo_id = CASE WHEN qbo_pushes.realm_id = excluded.realm_id THEN qbo_pushes.qbo_id ELSE '' END
				WHERE (qbo_pushes.qbo_id = '' OR qbo_pushes.realm_id <> excluded.realm_id) AND qbo_pushes.claimed_until <= ?`,
				companyID, id, realm, claim, until, now, now)
			if err != nil {
				return err
			}
		}
		rows, err := tx.Query(ctx, `SELECT transaction_id, attempts FROM qbo_pushes WHERE company_id = ? AND claim = ? AND qbo_id = '' ORDER BY transaction_id`,
			companyID, claim)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var c QBOClaim
			if err := rows.Scan(&c.TransactionID, &c.Attempts); err != nil {
				return err
			}
			out = append(out, c)
		}
		return rows.Err()
	})
	return out, err
}

// QBOPushOutcome is what became of one claimed purchase: its QuickBooks id,
// or the error QuickBooks answered.
type QBOPushOutcome struct {
	TransactionID int64
	QBOID         string
	Error         string
}

// RecordQBOPushes records the outcomes of claim's purchases and releases
// them.
func (db *DB) RecordQBOPushes(ctx context.Context, companyID int64, claim string, outcomes []QBOPushOutcome) error {
	return db.InTx(ctx, func(tx *Tx) error {
		for _, o := range outcomes {
			_, err := tx.Exec(ctx, `UPDATE qbo_pushes SET qbo_id = ?, error = ?, claim = '', claimed_until = ?, updated_at = ?
				WHERE company_id = ? AND transaction_id = ? AND claim = ?`,
				o.QBOID, truncate(o.Error, 500), tx.Now, tx.Now, companyID, o.TransactionID, claim)
			if err != nil {
				return err
			}
		}
		return nil
	})
}

// MarkQBOPushesSent counts claim's purchases as tried before they are
// sent, so a crash after the send leaves them checked in QuickBooks before
// they are sent again.
func (db *DB) MarkQBOPushesSent(ctx context.Context, companyID int64, claim string, ids []int64) error {
	return db.InTx(ctx, func(tx *Tx) error {
		for _, id := range ids {
			if _, err := tx.Exec(ctx, `UPDATE qbo_pushes SET attempts = attempts + 1, updated_at = ? WHERE company_id = ? AND transaction_id = ? AND claim = ?`,
				tx.Now, companyID, id, claim); err != nil {
				return err
			}
		}
		return nil
	})
}

// RecordQBOPushRun records a push's summary on the connection (and its
// error, "" when it went well) and audits it when a person asked for it.
func (db *DB) RecordQBOPushRun(ctx context.Context, companyID int64, run fuelportal.QBOPushRun, errText string) error {
	return db.InTx(ctx, func(tx *Tx) error {
		_, err := tx.Exec(ctx, `UPDATE qbo_connections SET last_push_at = ?, last_push_from = ?, last_push_to = ?, last_push_created = ?,
				last_push_found = ?, last_push_failed = ?, last_error = ? WHERE company_id = ?`,
			tx.Now, run.From, run.To, run.Created, run.Found, run.Failed, truncate(errText, 500), companyID)
		if err != nil {
			return err
		}
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditQBOPushed,
			ObjectType: fuelportal.AuditObjectQBO, ObjectID: "quickbooks",
			After: map[string]any{"from": run.From, "to": run.To, "created": run.Created, "found": run.Found, "failed": run.Failed}})
	})
}

// QBOFailures are the company's purchases QuickBooks refused and not since
// created, newest first, at most fuelportal.MaxQBOFailuresListed.
func (db *DB) QBOFailures(ctx context.Context, companyID int64) (list []fuelportal.QBOFailure, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT transaction_id, error, attempts, updated_at FROM qbo_pushes
			WHERE company_id = ? AND error <> '' AND qbo_id = '' ORDER BY updated_at DESC, transaction_id DESC LIMIT ?`,
			companyID, fuelportal.MaxQBOFailuresListed)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var f fuelportal.QBOFailure
			var at nullTime
			if err := rows.Scan(&f.TransactionID, &f.Error, &f.Attempts, &at); err != nil {
				return err
			}
			f.At = at.Time
			list = append(list, f)
		}
		return rows.Err()
	})
	if list == nil {
		list = []fuelportal.QBOFailure{}
	}
	return list, err
}

// QBOPushedCount counts the company's purchases in QuickBooks realm.
func (db *DB) QBOPushedCount(ctx context.Context, companyID int64, realm string) (n int, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM qbo_pushes WHERE company_id = ? AND realm_id = ? AND qbo_id <> ''`, companyID, realm).Scan(&n)
	})
	return n, err
}
