package store

import (
	"context"
	"math"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/timezone"
)

// purchaseInstant is when purchase p at station s happened: a report of
// the station's clock is read in the station's time zone (from its
// coordinates; fuelportal.DefaultTimeZone where the zone map has none),
// which is looked up only then.
func purchaseInstant(p *fuelportal.CardPurchase, s *fuelportal.Station) time.Time {
	if !p.StationClock {
		return p.Instant(nil)
	}
	return p.Instant(stationLocation(s))
}

// stationLocation is station s's time zone, from its coordinates
// (fuelportal.DefaultTimeZone where the zone map has none).
func stationLocation(s *fuelportal.Station) *time.Location {
	loc, _ := timezone.At(s.Latitude, s.Longitude, defaultLocation)
	return loc
}

var defaultLocation = (&fuelportal.CompanyControls{}).Location()

// InsertPurchase inserts decided purchase t's row (its status, decline
// code and amounts as they are) and sets t.ID and t.InvoiceRef; false,
// with nothing written, when a purchase with t's network transaction id is
// recorded already (a concurrent report of the same purchase waits here
// for the first one's commit, then finds it).
func (tx *Tx) InsertPurchase(ctx context.Context, t *fuelportal.Transaction) (bool, error) {
	err := tx.QueryRow(ctx, `
		INSERT INTO card_transactions (network_transaction_id, company_id, card_id, card_number, driver_card_name, driver_id,
			location_id, location_name, location_address, transaction_date, product_code, gallons_milli,
			retail_price_tenth_cents, net_price_tenth_cents, status, decline_code, created_at, driver_user_id,
			unit_number, vehicle_id, odometer_miles, station_match, candidate_location_ids)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (network_transaction_id) DO NOTHING
		RETURNING id`,
		t.NetworkTransactionID, nullInt(t.CompanyID), nullInt(t.CardID), t.CardNumber, t.DriverCardName, t.DriverID,
		t.LocationID, t.LocationName, t.LocationAddress, t.TransactionDate, t.Product, t.Gallons,
		t.RetailPrice, t.NetPrice, t.Status, t.DeclineReason, t.CreatedAt, nullInt(t.HolderUserID),
		t.UnitNumber, nullInt(t.VehicleID), t.Odometer, t.StationMatch, joinIDs(t.CandidateLocationIDs),
	).Scan(&t.ID)
	if isNoRows(err) {
		return false, nil
	} else if err != nil {
		return false, err
	}
	t.InvoiceRef = fuelportal.InvoiceRef(t.ID)
	return true, tx.UpdatePurchase(ctx, t)
}

// UpdatePurchase writes purchase t's outcome to its row (a funds decline
// after the guarded debit refused it), its coding and job requirement
// with it.
func (tx *Tx) UpdatePurchase(ctx context.Context, t *fuelportal.Transaction) error {
	_, err := tx.Exec(ctx, `
		UPDATE card_transactions SET invoice_ref = ?, search_text = ?, status = ?, decline_code = ?,
			discount_cents = ?, fee_cents = ?, funded_total_cents = ?,
			coding_account = ?, coding_class = ?, coding_job = ?, coding_memo = ?, job_required = ?
		WHERE id = ?`,
		t.InvoiceRef, transactionSearchText(t), t.Status, t.DeclineReason,
		t.DiscountCents, t.FeeCents, t.FundedTotalCents,
		t.Coding.Account, t.Coding.Class, t.Coding.Job, t.Coding.Memo, t.JobRequired, t.ID)
	return err
}

// TransactionByNetworkID returns the purchase recorded under the
// network's id, or ENOTFOUND.
func (tx *Tx) TransactionByNetworkID(ctx context.Context, networkID string) (*fuelportal.Transaction, error) {
	t, err := tx.transactionByNetworkID(ctx, networkID)
	return t, notFound(err, "Transaction not found")
}

// purchaseAccounts are the ledger accounts a purchase's debit moves money
// between; wallet.id is 0 while the company's wallet is not opened yet.
type purchaseAccounts struct {
	wallet, fuel, fees ledgerAccount
}

// ErrBalanceTooLow: the wallet cannot pay the debit above its floor;
// nothing was written.
var ErrBalanceTooLow = errBalanceTooLow

// NoFloor is the floor of a debit or hold that must go through whatever
// the wallet holds (a capture: the issuer has paid the merchant; an
// approval on timeout).
const NoFloor int64 = math.MinInt64 / 4

// DebitPurchase moves purchase t's money (amounts) out of its company's
// wallet (read with f): the fuel (net total) to the fuel-purchases
// account and the fee to the fees account, as two transfers of one
// guarded debit: either both fit above floor or ErrBalanceTooLow comes
// back with nothing written. It goes last in a decision's transaction:
// the wallet row it locks (on PostgreSQL) is then held only until the
// commit. It returns what the debit did to the wallet (WalletMove; none
// for NoFloor).
func (tx *Tx) DebitPurchase(ctx context.Context, f *CardFacts, t *fuelportal.Transaction, a fuelportal.PurchaseAmounts, floor int64) (WalletMove, error) {
	accounts := &f.accounts
	var err error
	if accounts.wallet.id == 0 {
		if accounts.wallet, err = tx.walletAccount(ctx, t.CompanyID); err != nil {
			return WalletMove{}, err
		}
	}
	if accounts.fuel.id == 0 {
		if accounts.fuel, err = tx.systemAccount(ctx, accountFuelPurchases); err != nil {
			return WalletMove{}, err
		}
	}
	if accounts.fees.id == 0 {
		if accounts.fees, err = tx.systemAccount(ctx, accountFees); err != nil {
			return WalletMove{}, err
		}
	}
	var legs []ledgerLeg
	if a.NetTotalCents > 0 {
		legs = append(legs, ledgerLeg{to: accounts.fuel, t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerFuelPurchase,
			Reference: "purchase:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: a.NetTotalCents}})
	}
	if a.FeeCents > 0 {
		legs = append(legs, ledgerLeg{to: accounts.fees, t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerTransactionFee,
			Reference: "fee:" + t.InvoiceRef, CompanyID: t.CompanyID, AmountCents: a.FeeCents}})
	}
	return tx.debit(ctx, accounts.wallet, floor, legs)
}

// RecordTripPurchase links recorded purchase t, fitting the plan of f's
// active trip as fit, to the trip (nothing without one).
func (tx *Tx) RecordTripPurchase(ctx context.Context, f *CardFacts, fit fuelportal.PlanFit, t *fuelportal.Transaction) error {
	return tx.recordTripPurchase(ctx, f.Trip, fit, t)
}

// RecordPumpOdometer records the odometer keyed with approved purchase t
// on its vehicle when it is possible after f's last reading; added says
// whether it did.
func (tx *Tx) RecordPumpOdometer(ctx context.Context, f *CardFacts, t *fuelportal.Transaction) (added bool, err error) {
	return tx.recordPumpOdometer(ctx, t, f.LastOdometer)
}

// qualify prefixes each of the comma-separated columns with table.
func qualify(table, columns string) string {
	list := strings.Split(columns, ",")
	for i, c := range list {
		list[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(list, ", ")
}

// transactionSearchText is what the list's search matches (lower case).
func transactionSearchText(t *fuelportal.Transaction) string {
	return strings.ToLower(strings.Join([]string{t.InvoiceRef, t.LocationName, t.DriverCardName, t.CardNumber}, "\x1f"))
}
