package store

// Real-time authorizations and their holds on the wallet (schema and
// invariants: migrations 00500_card_authorizations.sql). A hold moves no
// money: it is the authorization's row while HELD, counted in its card's
// shard of the wallet's held cents (hold.go), under the same guard as a
// debit (the available balance, the balance less the held cents, may
// not go below the contract's floor), in the transaction that records the
// decision; a capture or release lowers it again in the transaction that
// ends the hold.

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"fuelportal"
)

// authorizationColumns are card_authorizations' columns scanAuthorization reads.
const authorizationColumns = `a.id, a.authorization_id, a.issuer, a.company_id, a.card_id, COALESCE(c.card_number, ''), a.merchant_name, a.station_id,
	a.product, a.requested_cents, a.approved, a.amount_cents, a.decline_code, a.rules_fired, a.timed_out, a.status, a.held_cents,
	a.captured_cents, a.transaction_id, a.authorized_at, a.received_at, a.answered_at, a.latency_micros, a.station_match,
	a.candidate_location_ids, a.pump_check`

const authorizationFrom = ` FROM card_authorizations a LEFT JOIN cards c ON c.id = a.card_id`

func scanAuthorization(row interface{ Scan(...any) error }) (*fuelportal.Authorization, error) {
	a := &fuelportal.Authorization{}
	var company, card, station, txID sql.NullInt64
	var fired, candidates string
	var pump sql.NullString
	var authorized, received, answered nullTime
	if err := row.Scan(&a.ID, &a.AuthorizationID, &a.Issuer, &company, &card, &a.CardNumber, &a.MerchantName, &station,
		&a.Product, &a.RequestedCents, &a.Approved, &a.AmountCents, &a.DeclineCode, &fired, &a.TimedOut, &a.Status, &a.HeldCents,
		&a.CapturedCents, &txID, &authorized, &received, &answered, &a.LatencyMicros, &a.StationMatch,
		&candidates, &pump); err != nil {
		return nil, err
	}
	a.PumpCheck = parsePumpCheck(pump)
	a.CompanyID, a.CardID, a.StationID, a.TransactionID = company.Int64, card.Int64, station.Int64, txID.Int64
	a.AuthorizedAt, a.ReceivedAt, a.AnsweredAt = authorized.Time, received.Time, answered.Time
	if fired != "" {
		a.RulesFired = strings.Split(fired, ",")
	}
	a.CandidateLocationIDs = splitIDs(candidates)
	return a, nil
}

// authorizationByID returns the authorization with the issuer's id, or
// sql.ErrNoRows.
func (tx *Tx) authorizationByID(ctx context.Context, id string) (*fuelportal.Authorization, error) {
	return scanAuthorization(tx.QueryRow(ctx, `SELECT `+authorizationColumns+authorizationFrom+` WHERE a.authorization_id = ?`, id))
}

// InsertAuthorization records decided authorization a (its answer as it
// is, stamped answered now) of request r, with the pump price its gallons
// were estimated at, and sets a.ID; false, with nothing written, when the
// issuer's id is recorded already (a replay, a concurrent request with the
// same id, which waits here for the first one's commit, or a capture that
// arrived first).
func (tx *Tx) InsertAuthorization(ctx context.Context, a *fuelportal.Authorization, r *fuelportal.AuthorizationRequest, price fuelportal.TenthCents) (bool, error) {
	answered(tx, a)
	err := tx.QueryRow(ctx, `
		INSERT INTO card_authorizations (authorization_id, issuer, company_id, card_id, issuer_card_id, merchant_name, merchant_city,
			merchant_state, merchant_postal_code, merchant_category, product, gallons_milli, prompt_driver_id, prompt_unit_number,
			prompt_odometer, requested_cents, amount_controllable, station_id, price_tenth_cents, approved, amount_cents, decline_code,
			rules_fired, timed_out, status, held_cents, authorized_at, received_at, answered_at, latency_micros, updated_at,
			station_match, candidate_location_ids)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (authorization_id) DO NOTHING
		RETURNING id`,
		r.ID, r.Issuer, nullInt(a.CompanyID), nullInt(a.CardID), r.IssuerCardID, a.MerchantName, r.MerchantCity,
		r.MerchantState, r.MerchantPostalCode, r.MerchantCategory, r.Product, r.Gallons, r.Prompt.DriverID, r.Prompt.UnitNumber,
		nullOdometer(r.Prompt.Odometer), r.AmountCents, r.AmountControllable, nullInt(a.StationID), price, a.Approved, a.AmountCents, a.DeclineCode,
		strings.Join(a.RulesFired, ","), a.TimedOut, a.Status, a.HeldCents, a.AuthorizedAt, a.ReceivedAt, a.AnsweredAt, a.LatencyMicros, tx.Now,
		a.StationMatch, joinIDs(a.CandidateLocationIDs),
	).Scan(&a.ID)
	if isNoRows(err) {
		return false, nil
	}
	return err == nil, err
}

// AuthorizationByID returns the authorization with the issuer's id, or
// ENOTFOUND.
func (tx *Tx) AuthorizationByID(ctx context.Context, id string) (*fuelportal.Authorization, error) {
	a, err := tx.authorizationByID(ctx, id)
	return a, notFound(err, "Authorization not found")
}

// answered stamps a answered now (not before the transaction's start)
// with its latency.
func answered(tx *Tx, a *fuelportal.Authorization) {
	a.AnsweredAt = time.Now().UTC()
	if tx.Now.After(a.AnsweredAt) {
		a.AnsweredAt = tx.Now
	}
	a.LatencyMicros = max(a.AnsweredAt.Sub(a.ReceivedAt).Microseconds(), 0)
}

// FinishAuthorization writes a's answer to its row, stamped answered now
// (an approval the wallet could not hold after all, declined).
func (tx *Tx) FinishAuthorization(ctx context.Context, a *fuelportal.Authorization) error {
	answered(tx, a)
	_, err := tx.Exec(ctx, `
		UPDATE card_authorizations SET approved = ?, amount_cents = ?, decline_code = ?,
			rules_fired = ?, timed_out = ?, status = ?, held_cents = ?, answered_at = ?, latency_micros = ?, updated_at = ?
		WHERE id = ?`,
		a.Approved, a.AmountCents, a.DeclineCode, strings.Join(a.RulesFired, ","), a.TimedOut,
		a.Status, a.HeldCents, a.AnsweredAt, a.LatencyMicros, tx.Now, a.ID)
	return err
}

// InsertCapturedAuthorization records the authorization of capture c on
// f's card, which the portal never saw (Stripe's events may arrive out of
// order), as approved for the captured amount and CAPTURED with nothing
// held, so its request, when it comes, finds it decided; it returns the
// row, locked.
func (tx *Tx) InsertCapturedAuthorization(ctx context.Context, f *CardFacts, c *fuelportal.IssuingCapture) (*fuelportal.Authorization, error) {
	card := f.Card
	err := tx.QueryRow(ctx, `
		INSERT INTO card_authorizations (authorization_id, issuer, company_id, card_id, issuer_card_id, merchant_name, merchant_city,
			merchant_state, merchant_postal_code, product, gallons_milli, requested_cents, approved, amount_cents, rules_fired, status,
			authorized_at, received_at, answered_at, updated_at)
		VALUES (?, 'stripe', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'CAPTURED_BEFORE_REQUEST', 'CAPTURED', ?, ?, ?, ?)
		ON CONFLICT (authorization_id) DO NOTHING`,
		c.AuthorizationID, card.CompanyID, card.ID, c.IssuerCardID, c.MerchantName, c.MerchantCity,
		c.MerchantState, c.MerchantPostalCode, c.Product, c.Gallons, c.AmountCents, true, c.AmountCents,
		c.Created, tx.Now, tx.Now, tx.Now).Err()
	if err != nil {
		return nil, err
	}
	return tx.lockedAuthorization(ctx, c.AuthorizationID)
}

// LinkAuthorization records that authorization a became purchase
// transactionID (its capture, adding capturedCents, or the declined
// purchase of its decline).
func (tx *Tx) LinkAuthorization(ctx context.Context, a *fuelportal.Authorization, transactionID, capturedCents int64) error {
	_, err := tx.Exec(ctx, `UPDATE card_authorizations SET transaction_id = ?, captured_cents = captured_cents + ? WHERE id = ?`,
		transactionID, capturedCents, a.ID)
	if err == nil {
		a.TransactionID, a.CapturedCents = transactionID, a.CapturedCents+capturedCents
	}
	return err
}

func nullOdometer(o *int64) sql.NullInt64 {
	if o == nil {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: *o, Valid: true}
}

// heldGallonsSQL is the gallons an open hold of card_authorizations
// stands for: what the pump reported, else the approved amount's (the
// hold less the card's fee) at the price it was decided at (rounded down,
// as the decision estimates them).
const heldGallonsSQL = `CASE WHEN gallons_milli > 0 THEN gallons_milli
	WHEN price_tenth_cents > 0 THEN amount_cents * 10000 / price_tenth_cents ELSE 0 END`

// Hold holds cents of f's company's wallet for authorization a of its
// card (its row, written HELD in tx), when the wallet's available balance
// stays at or above floor (ErrHoldTooLarge otherwise, nothing written;
// NoFloor: unguarded). The row is the hold; near the floor the wallet is
// checked again under its row's lock (hold.go). It returns what a guarded
// hold did to the wallet (WalletMove).
func (tx *Tx) Hold(ctx context.Context, f *CardFacts, a *fuelportal.Authorization, cents, floor int64) (WalletMove, error) {
	return tx.hold(ctx, a.CompanyID, a.CardID, cents, floor, f.WalletCents)
}

// ReleaseHold ends authorization a's hold (when HELD) as status.
func (tx *Tx) ReleaseHold(ctx context.Context, a *fuelportal.Authorization, status fuelportal.AuthorizationStatus) error {
	return tx.releaseHold(ctx, a, status)
}

// ReleaseAuthorization releases the hold of the authorization with the
// issuer's id id (reversed or expired). An unknown id, or one not HELD,
// changes nothing (found == false for an unknown one).
func (db *DB) ReleaseAuthorization(ctx context.Context, id string) (a *fuelportal.Authorization, found bool, err error) {
	return db.releaseAuthorization(ctx, "", id)
}

// NetworkHoldLifetime is how long a network authorization's hold lasts
// without a capture or reversal: then it expires and is released, as
// Stripe expires its own (the network never told the portal the pump's
// outcome).
const NetworkHoldLifetime = 7 * 24 * time.Hour

// ExpireNetworkHolds releases the holds of the network's authorizations
// authorized more than NetworkHoldLifetime before now, each in its own
// transaction under its row's lock (a capture arriving meanwhile wins or
// finds it released), and answers how many it released.
func (db *DB) ExpireNetworkHolds(ctx context.Context, now time.Time) (released int, err error) {
	var ids []string
	err = db.InReadTx(ctx, func(tx *Tx) error {
		rows, err := tx.Query(ctx, `SELECT authorization_id FROM card_authorizations
			WHERE status = ? AND issuer = ? AND authorized_at < ? ORDER BY authorized_at LIMIT 1000`,
			fuelportal.AuthorizationHeld, fuelportal.IssuerNetwork, now.Add(-NetworkHoldLifetime).UTC())
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	for _, id := range ids {
		if err != nil {
			break
		}
		var a *fuelportal.Authorization
		if a, _, err = db.releaseAuthorization(ctx, fuelportal.IssuerNetwork, id); err == nil && a != nil && a.Status == fuelportal.AuthorizationReleased {
			released++
		}
	}
	return released, err
}

// ReleaseIssuerAuthorization is ReleaseAuthorization of one issuer's
// authorization: another issuer's id reads as unknown (found == false).
func (db *DB) ReleaseIssuerAuthorization(ctx context.Context, issuer, id string) (a *fuelportal.Authorization, found bool, err error) {
	return db.releaseAuthorization(ctx, issuer, id)
}

func (db *DB) releaseAuthorization(ctx context.Context, issuer, id string) (a *fuelportal.Authorization, found bool, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		a, err = tx.lockedAuthorization(ctx, id)
		if isNoRows(err) || err == nil && issuer != "" && a.Issuer != issuer {
			a = nil
			return nil
		} else if err != nil {
			return err
		}
		found = true
		if a.Status != fuelportal.AuthorizationHeld {
			return nil
		}
		return tx.releaseHold(ctx, a, fuelportal.AuthorizationReleased)
	})
	return a, found, err
}

// lockedAuthorization reads the authorization with the issuer's id id,
// locking its row (PostgreSQL) so a release and a capture of it wait for
// each other.
func (tx *Tx) lockedAuthorization(ctx context.Context, id string) (*fuelportal.Authorization, error) {
	lock := ""
	if tx.Engine() == Postgres {
		lock = ` FOR UPDATE OF a`
	}
	return scanAuthorization(tx.QueryRow(ctx, `SELECT `+authorizationColumns+authorizationFrom+` WHERE a.authorization_id = ?`+lock, id))
}

// TransactionAuthorization returns the authorization decision that the
// purchase transactionID of the company became; nil when none.
func (db *DB) TransactionAuthorization(ctx context.Context, companyID, transactionID int64) (a *fuelportal.Authorization, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		a, err = scanAuthorization(tx.QueryRow(ctx, `SELECT `+authorizationColumns+authorizationFrom+`
			WHERE a.transaction_id = ? AND a.company_id = ?`, transactionID, companyID))
		if isNoRows(err) {
			a, err = nil, nil
		}
		return err
	})
	return a, err
}

// Authorization returns the authorization with the issuer's id id, or
// ENOTFOUND.
func (db *DB) Authorization(ctx context.Context, id string) (a *fuelportal.Authorization, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		a, err = tx.authorizationByID(ctx, id)
		return notFound(err, "Authorization not found")
	})
	return a, err
}

// CompanyAuthorizationTimeout returns the company's answer on timeout.
func (db *DB) CompanyAuthorizationTimeout(ctx context.Context, companyID int64) (t fuelportal.AuthorizationTimeout, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		return notFound(tx.QueryRow(ctx, `SELECT authorization_on_timeout FROM companies WHERE id = ?`, companyID).Scan(&t), "Company not found")
	})
	return t, err
}

// SetCompanyAuthorizationTimeout saves the company's answer on timeout.
func (db *DB) SetCompanyAuthorizationTimeout(ctx context.Context, companyID int64, t fuelportal.AuthorizationTimeout) error {
	return db.InTx(ctx, func(tx *Tx) error {
		var was string
		if err := tx.QueryRow(ctx, `SELECT authorization_on_timeout FROM companies WHERE id = ?`, companyID).Scan(&was); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE companies SET authorization_on_timeout = ? WHERE id = ?`, t, companyID); err != nil {
			return err
		}
		return tx.auditCompany(ctx, companyID, map[string]any{"authorizationOnTimeout": was}, map[string]any{"authorizationOnTimeout": t})
	})
}

// CardDriverName is the name of card id's driver as the card shows it
// ("" for no card: id 0).
func (tx *Tx) CardDriverName(ctx context.Context, id int64) (string, error) {
	var name string
	if id == 0 {
		return name, nil
	}
	err := tx.QueryRow(ctx, `SELECT driver_name FROM cards WHERE id = ?`, id).Scan(&name)
	return name, err
}
