package purchases

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/feed"
	"fuelportal/odometer"
	"fuelportal/rules"
	"fuelportal/store"
)

// Record decides and records purchase p reported by the card network, in
// one database transaction (RecordIn), and runs what follows a new
// purchase's commit (Recorded: the re-plan, the decline notices). A
// purchase naming a network authorization (p.AuthorizationID) is that
// authorization's capture (Capture's path: the hold becomes the purchase,
// not decided again; an authorization that is not an open one of the card
// is EINVALID).
func (s *Service) Record(ctx context.Context, p *fuelportal.CardPurchase) (t *fuelportal.Transaction, created bool, err error) {
	if err := p.Validate(); err != nil {
		return nil, false, err
	}
	if p.AuthorizationID != "" {
		// A stand-in's approval still waiting to be recorded in this
		// process is recorded first: the capture must find it.
		if err := s.StandIn().RecordWaiting(ctx, p.AuthorizationID); err != nil {
			return nil, false, err
		}
		return s.captureNetwork(ctx, p)
	}
	err = s.DB.InTx(ctx, func(tx *store.Tx) error {
		t, created, err = s.RecordIn(ctx, tx, p)
		return err
	})
	if err == nil && created {
		s.Recorded(ctx, t)
	}
	return t, created, err
}

// RecordIn decides and records network purchase p within tx, and returns
// the recorded purchase with created == true; the caller runs Recorded
// after the commit (a file import commits many at once, the demo data all
// of them). Roll back on any error.
//
// It is idempotent on p.NetworkTransactionID: a purchase already recorded
// (also by a concurrent call: the second waits on the unique index) is
// returned as first recorded, with created == false, whatever p says now.
//
// The decision is rules.DecidePurchase on the facts read under the card's
// lock (store.Tx.PurchaseFacts): an unknown card is declined UNKNOWN_CARD,
// an INACTIVE one CARD_INACTIVE; then the pump prompt, the card's controls
// (its own over the company default, lifted by an active override), the
// fraud check and a locked active trip's plan may decline it with the code
// of the first rule it breaks; otherwise the wallet is debited by the
// funded total (fuel at the contract's net price, then the contract's fee)
// unless that would take it below the contract's floor, in which case it
// is declined INSUFFICIENT_FUNDS (prepaid) or CREDIT_LIMIT (invoice); the
// ledger's guarded debit declines it so too when another card's purchase
// moved the wallet since the facts were read. Declines are recorded
// without money; a decline on a company card also raises a DECLINE alert
// mailed to the company's owners. Errors: EINVALID for an implausible date
// (fuelportal.CheckPurchaseDate: in the future, or before the card
// existed), EUNPROCESSABLE for a station the price feed does not know
// (nothing is recorded, so the network may retry once the station is
// known).
func (s *Service) RecordIn(ctx context.Context, tx *store.Tx, p *fuelportal.CardPurchase) (*fuelportal.Transaction, bool, error) {
	f, err := tx.PurchaseFacts(ctx, p)
	switch {
	case err != nil:
		return nil, false, err
	case f.Recorded != nil:
		return f.Recorded, false, nil
	case f.Station == nil:
		return nil, false, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Unknown location %d", p.LocationID)
	}
	var cardCreated time.Time // an unknown card's: no bound before
	if f.Card != nil {
		cardCreated = f.Card.CreatedAt
	}
	if err := fuelportal.CheckPurchaseDate(p.TransactionDate, tx.Now, cardCreated); err != nil {
		return nil, false, err
	}
	t := newPurchase(p, f, tx.Now)
	var fit fuelportal.PlanFit // how the purchase fits the card's trip's plan
	if f.Trip != nil && f.Trip.Plan != nil {
		fit = f.Trip.Plan.Fit(f.Bought, f.Station.ID, t.Gallons)
	}
	d := rules.DecidePurchase(purchaseFacts(f, p.Prompt, t, fit, tx.Now))
	applyDecision(t, d)
	t.PumpCheck = d.Pump
	if d.Approved() {
		if err := code(ctx, tx, t); err != nil {
			return nil, false, err
		}
	}

	// The row, then the debit, which goes last but for what only records
	// (the wallet row it locks on PostgreSQL is then held only until the
	// commit).
	switch inserted, err := tx.InsertPurchase(ctx, t); {
	case err != nil:
		return nil, false, err
	case !inserted:
		first, err := tx.TransactionByNetworkID(ctx, t.NetworkTransactionID)
		return first, false, err
	}
	if d.Approved() {
		moved, err := tx.DebitPurchase(ctx, f, t, d.Amounts, f.Contract.MinBalanceCents())
		switch {
		case errors.Is(err, store.ErrBalanceTooLow):
			applyDecision(t, rules.Decision{Status: fuelportal.TransactionDeclined, Reason: rules.FundsDecline(f.Contract)})
			t.Coding, t.JobRequired = fuelportal.Coding{}, false // a decline posts nothing to book
			if err := tx.UpdatePurchase(ctx, t); err != nil {
				return nil, false, err
			}
		case err != nil:
			return nil, false, err
		default:
			if err := walletMoved(ctx, tx, moved); err != nil {
				return nil, false, err
			}
		}
	}
	if t.Status == fuelportal.TransactionApproved {
		for _, near := range d.NearLimits {
			if err := tx.Publish(ctx, fuelportal.NearLimitEvent(t, near.Name, near.Used, near.Limit)); err != nil {
				return nil, false, err
			}
		}
	}
	if err := tx.RecordTripPurchase(ctx, f, fit, t); err != nil {
		return nil, false, err
	}
	switch added, err := tx.RecordPumpOdometer(ctx, f, t); {
	case err != nil:
		return nil, false, err
	case added:
		if err := odometer.CheckMPG(ctx, tx, t.CompanyID, t.VehicleID); err != nil {
			return nil, false, err
		}
	}
	if err := tx.RecordPurchasePumpCheck(ctx, t); err != nil {
		return nil, false, err
	}
	if t.PumpCheck != nil && t.PumpCheck.Outcome.Flagged() {
		if err := tx.Publish(ctx, fuelportal.PumpFlaggedEvent(t)); err != nil {
			return nil, false, err
		}
	}
	if err := publishDecision(ctx, tx, t); err != nil {
		return nil, false, err
	}
	return t, true, nil
}

// newPurchase returns the row of purchase p as read (f, its station
// known), before the decision: priced at the card's contract price (the
// pump's for an unknown card). Created at now; no id yet.
func newPurchase(p *fuelportal.CardPurchase, f *store.CardFacts, now time.Time) *fuelportal.Transaction {
	station := f.Station
	t := &fuelportal.Transaction{
		NetworkTransactionID: strings.TrimSpace(p.NetworkTransactionID),
		CardNumber:           strings.TrimSpace(p.CardNumber),
		LocationID:           station.ID,
		LocationName:         station.Name,
		LocationAddress:      station.AddressLine(),
		TransactionDate:      f.Instant,
		Product:              cmp.Or(p.Product, fuelportal.ProductDiesel),
		Gallons:              p.Gallons,
		RetailPrice:          p.RetailPrice,
		NetPrice:             p.RetailPrice,
		CreatedAt:            now,
	}
	if card := f.Card; card != nil {
		holder(t, f)
		t.Odometer = p.Prompt.Odometer
		t.NetPrice = f.Contract.Price(p.RetailPrice, station.NetPrice)
	}
	return t
}

// holder sets purchase t's card, driver and vehicle from f's card: the
// card's history stays the company's, t is its holder's.
func holder(t *fuelportal.Transaction, f *store.CardFacts) {
	card := f.Card
	t.CompanyID, t.CardID, t.CardNumber, t.DriverCardName, t.DriverID = card.CompanyID, card.ID, card.CardNumber, card.DriverName, card.DriverID
	t.UnitNumber, t.VehicleID, t.HolderUserID = card.UnitNumber, f.VehicleID, card.DriverUserID
}

// purchaseFacts are the facts of the decision on purchase t (its row
// before the decision) as read (f), with what was keyed at the pump, how
// it fits the card's trip's plan, at now.
func purchaseFacts(f *store.CardFacts, keyed fuelportal.PumpPrompt, t *fuelportal.Transaction, fit fuelportal.PlanFit, now time.Time) rules.PurchaseFacts {
	pf := rules.PurchaseFacts{Card: f.Card, Station: f.Station, Product: t.Product, Gallons: t.Gallons,
		RetailPrice: t.RetailPrice, Price: t.NetPrice, Time: t.TransactionDate, Contract: f.Contract,
		History: f.History, Trip: f.Trip, Fit: fit, WalletCents: f.WalletCents, PromptMode: f.PromptMode, Prompt: keyed, LastOdometer: f.LastOdometer,
		Pump: f.Pump}
	if f.Rules != nil {
		pf.Controls, pf.Location, pf.Overridden = f.Rules.Controls, f.Rules.Location, f.Overridden(now)
		pf.PromptLifted = f.Rules.PromptLifted(now)
	}
	return pf
}

// code sets the coding of approved purchase t (its row before the
// insert) by its company's coding rules (fuelportal.CodeByRules: the
// first that matches), and whether its card requires a job.
func code(ctx context.Context, tx *store.Tx, t *fuelportal.Transaction) error {
	f, err := tx.PurchaseCodingFacts(ctx, t)
	if err != nil || f == nil {
		return err
	}
	t.Coding, _ = fuelportal.CodeByRules(f.Rules, fuelportal.CodingSubjectOf(t, f.GroupID))
	t.JobRequired = f.RequireJob
	return nil
}

// applyDecision sets t's outcome: its status, decline code and amounts.
func applyDecision(t *fuelportal.Transaction, d rules.Decision) {
	t.Status, t.DeclineReason = d.Status, d.Reason
	t.DiscountCents, t.FeeCents, t.FundedTotalCents = d.Amounts.DiscountCents, d.Amounts.FeeCents, d.Amounts.FundedTotalCents
}

// importBatch is how many purchases of a file one database transaction
// records.
const importBatch = 500

// Import reads a purchase file (feed.ParsePurchases) and records its good
// rows as Record does (RecordIn), importBatch rows per database
// transaction; what follows a new purchase's commit (Recorded: re-plans,
// decline notifications) then runs for each purchase of the committed
// batch. Rows refused (unknown station, implausible date) join Rejected.
// The error is ParsePurchases' or the store's; batches committed before it
// stay recorded, and importing the file again records only the rest.
func (s *Service) Import(ctx context.Context, r io.Reader) (*feed.PurchaseReport, error) {
	file, err := feed.ParsePurchases(r)
	if err != nil {
		return nil, err
	}
	report := &feed.PurchaseReport{Rows: len(file.Purchases) + len(file.Rejected), Rejected: file.Rejected}
	for start := 0; start < len(file.Purchases); start += importBatch {
		batch := file.Purchases[start:min(start+importBatch, len(file.Purchases))]
		var counts feed.PurchaseReport
		var recorded []*fuelportal.Transaction
		err := s.DB.InTx(ctx, func(tx *store.Tx) error {
			counts, recorded = feed.PurchaseReport{}, recorded[:0]
			for _, row := range batch {
				t, created, err := s.RecordIn(ctx, tx, row.Purchase)
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
