package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

// PurchaseBatch records many purchases in one database transaction in a
// few dozen statements whatever their number, deciding each exactly as
// Tx.RecordPurchase would have decided it, one by one in the same order:
// by rules.DecidePurchase on the card's history and the wallet's balance
// as the batch keeps them in memory, with the same alerts and ledger
// transfers. It is for bulk loads; the demo data uses it (the CSV import
// still records one purchase at a time).
//
// NewPurchaseBatch reads what the purchases it is given need and locks
// their cards and their companies' wallets (PostgreSQL; SQLite serialises
// writers); Record decides one of them in memory; Flush writes the rows,
// the journal with its entries, one UPDATE per wallet, the alerts and the
// trip links as multi-row statements. Between NewPurchaseBatch and Flush
// the transaction must write no purchase, ledger transfer or card rule of
// its own (the batch would not see it); WalletBalance and CreditWallet are
// the ledger as the batch sees it. Roll back on any error.
type PurchaseBatch struct {
	tx                  *Tx
	given               map[*fuelportal.CardPurchase]bool
	cards               map[string]*batchCard // by number; unknown numbers are not in it
	stations            map[int64]*fuelportal.Station
	wallets             map[int64]*batchWallet             // by company id
	recorded            map[string]*fuelportal.Transaction // by network id: before the batch or in it
	funding, fuel, fees ledgerAccount
	rows                []*batchRow // new purchases, in order
	ledger              []*batchTransfer
	references          map[string]bool // of ledger, to refuse a repeat within the batch
	// odometers are the readings of the batch's cards' vehicles the
	// decisions can see, by vehicle id: those in the batch's date range
	// and the latest before it, then the batch's own (also in readings, to
	// write at Flush).
	odometers map[int64][]fuelportal.OdometerReading
	readings  []batchReading
	flushed   bool
}

// batchReading is an odometer reading keyed with an approved purchase of
// the batch (its TransactionID is set at Flush).
type batchReading struct {
	row *batchRow
	r   fuelportal.OdometerReading
}

// batchCard is a card of the batch with what its purchases' decisions need.
type batchCard struct {
	read *purchaseCardRead // station nil
	trip *fuelportal.Trip  // the card's active trip, if any
	// bought is what was bought under the trip's plan: read, then the
	// batch's own approved purchases.
	bought fuelportal.TripBought
	// approved are the card's approved purchases the decisions can see: the
	// recorded ones in the batch's date range (and the latest one before
	// it), then the batch's own.
	approved []approvedPurchase
}

// approvedPurchase is what a card's history adds up of one purchase.
type approvedPurchase struct {
	date                time.Time // as stored (microseconds)
	latitude, longitude float64
	fundedCents         int64
	gallons             fuelportal.Gallons
}

// batchWallet is a company's wallet as the batch moves it.
type batchWallet struct {
	account ledgerAccount // id 0: not opened yet (Flush opens it when used)
	stored  int64         // the balance read (locked)
	balance int64         // after the batch's decisions so far
	held    int64         // the authorizations' holds on it, read with it (available: balance - held)
}

// batchRow is a purchase recorded by the batch, with what Flush writes
// after its row.
type batchRow struct {
	t          *fuelportal.Transaction
	legs       []*batchTransfer // its debit, when approved
	nearLimits []rules.NearLimit
	trip       *fuelportal.Trip
	fit        fuelportal.PlanFit // how it fits trip's plan
}

// batchTransfer is one ledger transfer of the batch, from one account to
// another.
type batchTransfer struct {
	t        *fuelportal.LedgerTransfer
	from, to ledgerAccount
	wallet   *batchWallet // the wallet it moves (from or to)
	row      *batchRow    // a purchase's debit: its reference is set at Flush
}

// NewPurchaseBatch reads and locks what purchases ps need: their cards
// (in id order) with contracts, rules, overrides and active trips, their
// stations, their companies' wallets (in id order, after the cards), the
// purchases already recorded under their network ids, and the cards'
// approved purchases around the batch's dates. Only purchases in ps may be
// recorded with it.
func (tx *Tx) NewPurchaseBatch(ctx context.Context, ps []*fuelportal.CardPurchase) (*PurchaseBatch, error) {
	b := &PurchaseBatch{tx: tx, given: make(map[*fuelportal.CardPurchase]bool, len(ps)), cards: map[string]*batchCard{},
		wallets: map[int64]*batchWallet{}, recorded: map[string]*fuelportal.Transaction{}, references: map[string]bool{},
		odometers: map[int64][]fuelportal.OdometerReading{}}
	var numbers, netIDs []string
	var stationIDs []int64
	seenNumber, seenStation := map[string]bool{}, map[int64]bool{}
	for _, p := range ps {
		b.given[p] = true
		netIDs = append(netIDs, strings.TrimSpace(p.NetworkTransactionID))
		if n := strings.TrimSpace(p.CardNumber); !seenNumber[n] {
			seenNumber[n] = true
			numbers = append(numbers, n)
		}
		if !seenStation[p.LocationID] {
			seenStation[p.LocationID] = true
			stationIDs = append(stationIDs, p.LocationID)
		}
	}
	if err := b.readCards(ctx, numbers); err != nil {
		return nil, err
	}
	var err error
	if b.stations, err = tx.StationsByID(ctx, stationIDs); err != nil {
		return nil, err
	}
	if err := b.readSystemAccounts(ctx); err != nil {
		return nil, err
	}
	if err := b.readWallets(ctx); err != nil {
		return nil, err
	}
	if err := b.readRecorded(ctx, netIDs); err != nil {
		return nil, err
	}
	if err := b.readHistory(ctx, ps); err != nil {
		return nil, err
	}
	if err := b.readOdometers(ctx, ps); err != nil {
		return nil, err
	}
	return b, nil
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

// readCards reads and locks the cards with numbers, in id order.
func (b *PurchaseBatch) readCards(ctx context.Context, numbers []string) error {
	tx := b.tx
	lock := ""
	if tx.Engine() == Postgres {
		lock = ` FOR NO KEY UPDATE OF c` // as purchaseCard
	}
	return chunks(len(numbers), 1, func(start, end int) error {
		args := make([]any, 0, end-start)
		for _, n := range numbers[start:end] {
			args = append(args, n)
		}
		rows, err := tx.Query(ctx, `
			SELECT `+purchaseCardColumns+`
			FROM cards c`+purchaseCardJoins+`
			WHERE c.card_number IN (`+placeholders(len(args))+`)
			ORDER BY c.id`+lock, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var cs purchaseCardScan
			if err := rows.Scan(cs.dest()...); err != nil {
				return err
			}
			r := &purchaseCardRead{}
			if err := cs.fill(r); err != nil {
				return err
			}
			b.cards[r.card.CardNumber] = &batchCard{read: r}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		// Active trips with their plans (few cards have one).
		for _, c := range b.cards {
			if c.read.tripID != 0 && c.trip == nil {
				card := c.read.card
				if c.trip, err = tx.trip(ctx, fuelportal.TransactionScope{CompanyID: card.CompanyID, CardID: card.ID}, c.read.tripID, false); err != nil {
					return err
				}
				if c.bought, err = tx.tripBought(ctx, c.trip); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func (b *PurchaseBatch) readSystemAccounts(ctx context.Context) error {
	rows, err := b.tx.Query(ctx, `SELECT code, id FROM ledger_accounts WHERE code IN (?, ?, ?)`, accountFunding, accountFuelPurchases, accountFees)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var code string
		var id int64
		if err := rows.Scan(&code, &id); err != nil {
			return err
		}
		switch code {
		case accountFunding:
			b.funding.id = id
		case accountFuelPurchases:
			b.fuel.id = id
		case accountFees:
			b.fees.id = id
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if b.funding.id == 0 || b.fuel.id == 0 || b.fees.id == 0 {
		return fmt.Errorf("ledger: a system account is missing")
	}
	return nil
}

// readWallets reads and locks the wallets of the batch's cards' companies,
// in id order.
func (b *PurchaseBatch) readWallets(ctx context.Context) error {
	var companies []int64
	for _, c := range b.cards {
		if id := c.read.card.CompanyID; !slices.Contains(companies, id) {
			companies = append(companies, id)
		}
	}
	slices.Sort(companies)
	return b.readWalletsOf(ctx, companies)
}

// readWalletsOf reads and locks the wallets of companies (a wallet not
// opened yet is balance 0, opened by Flush when used).
func (b *PurchaseBatch) readWalletsOf(ctx context.Context, companies []int64) error {
	tx := b.tx
	lock := ""
	if tx.Engine() == Postgres {
		lock = ` FOR UPDATE`
	}
	for _, id := range companies {
		b.wallets[id] = &batchWallet{account: ledgerAccount{wallet: true}}
	}
	return chunks(len(companies), 1, func(start, end int) error {
		args := make([]any, 0, end-start)
		for _, id := range companies[start:end] {
			args = append(args, id)
		}
		rows, err := tx.Query(ctx, `
			SELECT company_id, id, balance_cents, held_cents FROM ledger_accounts
			WHERE company_id IN (`+placeholders(len(args))+`) ORDER BY id`+lock, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var company, id, balance, held int64
			if err := rows.Scan(&company, &id, &balance, &held); err != nil {
				return err
			}
			b.wallets[company] = &batchWallet{account: ledgerAccount{id: id, wallet: true}, stored: balance, balance: balance, held: held}
		}
		return rows.Err()
	})
}

// readRecorded reads the purchases already recorded under netIDs.
func (b *PurchaseBatch) readRecorded(ctx context.Context, netIDs []string) error {
	return chunks(len(netIDs), 1, func(start, end int) error {
		args := make([]any, 0, end-start)
		for _, id := range netIDs[start:end] {
			args = append(args, id)
		}
		return b.tx.eachTransaction(ctx, `SELECT `+transactionColumns+` FROM card_transactions
			WHERE network_transaction_id IN (`+placeholders(len(args))+`)`, args, func(t *fuelportal.Transaction) error {
			b.recorded[t.NetworkTransactionID] = t
			return nil
		})
	})
}

// storedTime is t as the database keeps it (and compares it): whole
// microseconds, in UTC.
func storedTime(t time.Time) time.Time { return t.UTC().Truncate(time.Microsecond) }

// readHistory reads the approved purchases of the batch's cards that a
// decision may need: those in the periods (day, week, month) of any of the
// batch's purchases and up to its latest date, and each card's latest
// before that range (the fraud check's last purchase). It runs after the
// cards' locks, so it sees every purchase committed on them.
func (b *PurchaseBatch) readHistory(ctx context.Context, ps []*fuelportal.CardPurchase) error {
	var from, to time.Time
	for _, p := range ps {
		c := b.cards[strings.TrimSpace(p.CardNumber)]
		if c == nil {
			continue
		}
		at := storedTime(p.TransactionDate)
		if s := b.stations[p.LocationID]; s != nil {
			at = storedTime(purchaseInstant(p, s))
		}
		lo, hi := at, at.Add(time.Microsecond)
		if rules.NeedsHistory(c.read.rules.Controls) {
			per := rules.PeriodsOf(at, c.read.rules.Location)
			lo = minTime(lo, per.DayStart, per.WeekStart, per.MonthStart)
			hi = maxTime(hi, per.DayEnd, per.WeekEnd, per.MonthEnd)
		}
		if from.IsZero() || lo.Before(from) {
			from = lo
		}
		if hi.After(to) {
			to = hi
		}
	}
	if from.IsZero() {
		return nil
	}
	ids := make([]int64, 0, len(b.cards))
	byID := make(map[int64]*batchCard, len(b.cards))
	for _, c := range b.cards {
		ids = append(ids, c.read.card.ID)
		byID[c.read.card.ID] = c
	}
	slices.Sort(ids)
	return chunks(len(ids), 2, func(start, end int) error {
		in := placeholders(end - start)
		args := make([]any, 0, 2*(end-start)+3)
		for _, id := range ids[start:end] {
			args = append(args, id)
		}
		args = append(args, from, to)
		for _, id := range ids[start:end] {
			args = append(args, id)
		}
		args = append(args, from)
		rows, err := b.tx.Query(ctx, `
			SELECT t.card_id, t.transaction_date, s.latitude, s.longitude, t.funded_total_cents, t.gallons_milli
			FROM card_transactions t JOIN stations s ON s.id = t.location_id
			WHERE t.card_id IN (`+in+`) AND t.status = 'APPROVED' AND t.transaction_date >= ? AND t.transaction_date < ?
			UNION ALL
			SELECT t.card_id, t.transaction_date, s.latitude, s.longitude, t.funded_total_cents, t.gallons_milli
			FROM (
				SELECT card_id, MAX(transaction_date) AS latest FROM card_transactions
				WHERE card_id IN (`+in+`) AND status = 'APPROVED' AND transaction_date < ?
				GROUP BY card_id
			) m
			JOIN card_transactions t ON t.card_id = m.card_id AND t.transaction_date = m.latest AND t.status = 'APPROVED'
			JOIN stations s ON s.id = t.location_id`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var cardID int64
			var date nullTime
			var a approvedPurchase
			if err := rows.Scan(&cardID, &date, &a.latitude, &a.longitude, &a.fundedCents, &a.gallons); err != nil {
				return err
			}
			a.date = date.Time
			byID[cardID].approved = append(byID[cardID].approved, a)
		}
		return rows.Err()
	})
}

// readOdometers reads the odometer readings of the batch's cards'
// vehicles a decision may need: those up to the batch's latest date from
// its earliest, and each vehicle's latest before that.
func (b *PurchaseBatch) readOdometers(ctx context.Context, ps []*fuelportal.CardPurchase) error {
	var from, to time.Time
	for _, p := range ps {
		c := b.cards[strings.TrimSpace(p.CardNumber)]
		s := b.stations[p.LocationID]
		if c == nil || c.read.vehicleID == 0 || s == nil {
			continue
		}
		at := storedTime(purchaseInstant(p, s))
		if from.IsZero() || at.Before(from) {
			from = at
		}
		if at.After(to) {
			to = at
		}
		b.odometers[c.read.vehicleID] = nil
	}
	if from.IsZero() {
		return nil
	}
	ids := make([]int64, 0, len(b.odometers))
	for id := range b.odometers {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return chunks(len(ids), 2, func(start, end int) error {
		in := placeholders(end - start)
		args := make([]any, 0, 2*(end-start)+3)
		for _, id := range ids[start:end] {
			args = append(args, id)
		}
		args = append(args, from, to)
		for _, id := range ids[start:end] {
			args = append(args, id)
		}
		args = append(args, from)
		rows, err := b.tx.Query(ctx, `
			SELECT vehicle_id, miles, read_at FROM odometer_readings
			WHERE vehicle_id IN (`+in+`) AND read_at >= ? AND read_at <= ?
			UNION ALL
			SELECT r.vehicle_id, r.miles, r.read_at FROM (
				SELECT vehicle_id, MAX(read_at) AS latest FROM odometer_readings
				WHERE vehicle_id IN (`+in+`) AND read_at < ? GROUP BY vehicle_id
			) m JOIN odometer_readings r ON r.vehicle_id = m.vehicle_id AND r.read_at = m.latest`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var r fuelportal.OdometerReading
			var at nullTime
			if err := rows.Scan(&r.VehicleID, &r.Miles, &at); err != nil {
				return err
			}
			r.ReadAt = at.Time
			b.odometers[r.VehicleID] = append(b.odometers[r.VehicleID], r)
		}
		return rows.Err()
	})
}

// lastOdometer is Tx.lastOdometer as the batch sees the vehicle's
// readings: the latest at or before at (nil: none).
func (b *PurchaseBatch) lastOdometer(vehicleID int64, at time.Time) *fuelportal.OdometerReading {
	var last *fuelportal.OdometerReading
	for i, r := range b.odometers[vehicleID] {
		if !r.ReadAt.After(at) && (last == nil || !r.ReadAt.Before(last.ReadAt)) {
			last = &b.odometers[vehicleID][i]
		}
	}
	if last == nil {
		return nil
	}
	copied := *last
	return &copied
}

func minTime(t time.Time, ts ...time.Time) time.Time {
	for _, u := range ts {
		if u.Before(t) {
			t = u
		}
	}
	return t
}

func maxTime(t time.Time, ts ...time.Time) time.Time {
	for _, u := range ts {
		if u.After(t) {
			t = u
		}
	}
	return t
}

// history is what the card's approved purchases add up to for purchase t,
// as Tx.cardHistory reads it: the latest up to t's time and, when sums is
// set, the sums over t's periods.
func (c *batchCard) history(t *fuelportal.Transaction, p rules.Periods, sums bool) rules.CardHistory {
	var h rules.CardHistory
	at := storedTime(t.TransactionDate)
	var last *approvedPurchase
	for i := range c.approved {
		a := &c.approved[i]
		if !a.date.After(at) && (last == nil || a.date.After(last.date)) {
			last = a
		}
		if !sums {
			continue
		}
		if !a.date.Before(p.DayStart) && a.date.Before(p.DayEnd) {
			h.DayCents += a.fundedCents
			h.DayGallons += a.gallons
			h.DayPurchases++
		}
		if !a.date.Before(p.WeekStart) && a.date.Before(p.WeekEnd) {
			h.WeekCents += a.fundedCents
		}
		if !a.date.Before(p.MonthStart) && a.date.Before(p.MonthEnd) {
			h.MonthCents += a.fundedCents
		}
	}
	if last != nil {
		h.Last = &rules.PlaceAndTime{Time: last.date, Latitude: last.latitude, Longitude: last.longitude}
	}
	return h
}

// Record decides purchase p (one of those given to NewPurchaseBatch) as
// Tx.RecordPurchase would at this point of the batch and returns it with
// created == true, or the purchase first recorded under its network id
// with created == false. The returned transaction's ID and InvoiceRef are
// set by Flush. Errors as Tx.RecordPurchase's: EINVALID for an implausible
// date, EUNPROCESSABLE for an unknown station (nothing recorded).
func (b *PurchaseBatch) Record(p *fuelportal.CardPurchase) (*fuelportal.Transaction, bool, error) {
	if !b.given[p] || b.flushed {
		return nil, false, fmt.Errorf("purchase batch: %s was not given to the batch, or the batch is flushed", p.NetworkTransactionID)
	}
	netID := strings.TrimSpace(p.NetworkTransactionID)
	if first := b.recorded[netID]; first != nil {
		return first, false, nil
	}
	station := b.stations[p.LocationID]
	if station == nil {
		return nil, false, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Unknown location %d", p.LocationID)
	}
	card := b.cards[strings.TrimSpace(p.CardNumber)]
	pc := &purchaseCardRead{station: station}
	if card != nil {
		read := *card.read
		read.station = station
		pc = &read
	}
	if err := checkPurchaseDate(p, pc, b.tx.Now); err != nil {
		return nil, false, err
	}
	t := newPurchase(p, netID, pc, b.tx.Now)
	row := &batchRow{t: t}
	var h rules.CardHistory
	var w *batchWallet
	if card != nil {
		if card.trip != nil && card.trip.Plan != nil {
			row.trip, row.fit = card.trip, card.trip.Plan.Fit(card.bought, station.ID, t.Gallons)
		}
		h = card.history(t, rules.PeriodsOf(t.TransactionDate, pc.rules.Location), rules.NeedsHistory(pc.rules.Controls))
		w = b.wallets[t.CompanyID]
	}
	var balance int64
	if w != nil {
		balance = w.balance - w.held
	}
	var last *fuelportal.OdometerReading
	if pc.vehicleID != 0 {
		last = b.lastOdometer(pc.vehicleID, storedTime(t.TransactionDate))
	}
	d := rules.DecidePurchase(purchaseFacts(pc, p.Prompt, last, t, h, balance, row.trip, row.fit, b.tx.Now))
	applyDecision(t, d)
	if d.Approved() && t.VehicleID != 0 && t.Odometer != nil && rules.OdometerPossible(last, *t.Odometer, t.TransactionDate) {
		r := fuelportal.OdometerReading{CompanyID: t.CompanyID, VehicleID: t.VehicleID, Miles: *t.Odometer,
			ReadAt: storedTime(t.TransactionDate), Source: fuelportal.OdometerPump}
		b.odometers[t.VehicleID] = append(b.odometers[t.VehicleID], r)
		b.readings = append(b.readings, batchReading{row: row, r: r})
	}
	if d.Approved() {
		row.nearLimits = d.NearLimits
		w.balance -= d.Amounts.FundedTotalCents
		if d.Amounts.NetTotalCents > 0 {
			row.legs = append(row.legs, &batchTransfer{t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerFuelPurchase,
				CompanyID: t.CompanyID, AmountCents: d.Amounts.NetTotalCents}, from: w.account, to: b.fuel, wallet: w, row: row})
		}
		if d.Amounts.FeeCents > 0 {
			row.legs = append(row.legs, &batchTransfer{t: &fuelportal.LedgerTransfer{Kind: fuelportal.LedgerTransactionFee,
				CompanyID: t.CompanyID, AmountCents: d.Amounts.FeeCents}, from: w.account, to: b.fees, wallet: w, row: row})
		}
		b.ledger = append(b.ledger, row.legs...)
		card.approved = append(card.approved, approvedPurchase{date: storedTime(t.TransactionDate), latitude: station.Latitude,
			longitude: station.Longitude, fundedCents: t.FundedTotalCents, gallons: t.Gallons})
		if row.trip != nil {
			card.bought.Add(station.ID, t.Gallons)
		}
	}
	b.rows = append(b.rows, row)
	b.recorded[netID] = t
	return t, true, nil
}

// WalletBalance returns the company's wallet balance as the batch has
// moved it so far.
func (b *PurchaseBatch) WalletBalance(ctx context.Context, companyID int64) (int64, error) {
	w, err := b.wallet(ctx, companyID)
	if err != nil {
		return 0, err
	}
	return w.balance, nil
}

// wallet returns the company's wallet in the batch, reading (and locking)
// it when no purchase of the batch is on the company's cards.
func (b *PurchaseBatch) wallet(ctx context.Context, companyID int64) (*batchWallet, error) {
	if w := b.wallets[companyID]; w != nil {
		return w, nil
	}
	if _, err := b.tx.CompanyByID(ctx, companyID); err != nil {
		return nil, err
	}
	if err := b.readWalletsOf(ctx, []int64{companyID}); err != nil {
		return nil, err
	}
	return b.wallets[companyID], nil
}

// CreditWallet is Tx.CreditWallet within the batch, in order with its
// purchases, except that the reference must be fresh: a reference already
// in the ledger is ECONFLICT (at Flush, or here for one used in the batch).
func (b *PurchaseBatch) CreditWallet(ctx context.Context, companyID, cents int64, kind fuelportal.LedgerKind, reference string) error {
	if cents <= 0 || reference == "" || !kind.IsWalletCredit() {
		return fuelportal.Errorf(fuelportal.EINVALID, "Invalid wallet credit")
	}
	if b.references[reference] {
		return fuelportal.Errorf(fuelportal.ECONFLICT, "Ledger reference %q is already used by another transfer", reference)
	}
	w, err := b.wallet(ctx, companyID)
	if err != nil {
		return err
	}
	b.references[reference] = true
	w.balance += cents
	b.ledger = append(b.ledger, &batchTransfer{t: &fuelportal.LedgerTransfer{Kind: kind, Reference: reference, CompanyID: companyID, AmountCents: cents},
		from: b.funding, to: w.account, wallet: w})
	return nil
}

// Flush writes what the batch recorded: the purchase rows (setting their
// ID and InvoiceRef), the ledger transfers and entries in order, one UPDATE
// per wallet moved, the alerts' events
// and the trip links. A purchase recorded by another transaction since
// NewPurchaseBatch under a network id of the batch is ECONFLICT (roll back
// and try again).
func (b *PurchaseBatch) Flush(ctx context.Context) error {
	if b.flushed {
		return nil
	}
	b.flushed = true
	if err := b.writeRows(ctx); err != nil {
		return err
	}
	if err := b.openWallets(ctx); err != nil {
		return err
	}
	if err := b.writeLedger(ctx); err != nil {
		return err
	}
	if err := b.writeAlerts(ctx); err != nil {
		return err
	}
	if err := b.writeTripLinks(ctx); err != nil {
		return err
	}
	return b.writeOdometers(ctx)
}

const batchReadingColumnCount = 8

// writeOdometers writes the batch's pump readings, then checks the MPG of
// each vehicle they moved (Tx.checkMPG).
func (b *PurchaseBatch) writeOdometers(ctx context.Context) error {
	row := "(" + placeholders(batchReadingColumnCount) + ")"
	err := chunks(len(b.readings), batchReadingColumnCount, func(start, end int) error {
		args := make([]any, 0, (end-start)*batchReadingColumnCount)
		for _, br := range b.readings[start:end] {
			r := br.r
			args = append(args, r.CompanyID, r.VehicleID, r.Miles, r.ReadAt, r.Source, br.row.t.ID, nil, b.tx.Now)
		}
		_, err := b.tx.Exec(ctx, `
			INSERT INTO odometer_readings (company_id, vehicle_id, miles, read_at, source, transaction_id, user_id, created_at)
			VALUES `+repeatJoin(row, end-start), args...)
		return err
	})
	if err != nil {
		return err
	}
	checked := map[int64]bool{}
	for _, br := range b.readings {
		if !checked[br.r.VehicleID] {
			checked[br.r.VehicleID] = true
			if err := b.tx.checkMPG(ctx, br.r.CompanyID, br.r.VehicleID); err != nil {
				return err
			}
		}
	}
	return nil
}

// rowIDs returns n new ids of card_transactions, ascending.
func (b *PurchaseBatch) rowIDs(ctx context.Context, n int) ([]int64, error) {
	ids := make([]int64, 0, n)
	if b.tx.Engine() == SQLite {
		// Writers are serialised: the next ids are the ones SQLite would give.
		var last int64
		if err := b.tx.QueryRow(ctx, `SELECT COALESCE(MAX(id), 0) FROM card_transactions`).Scan(&last); err != nil {
			return nil, err
		}
		for i := range n {
			ids = append(ids, last+1+int64(i))
		}
		return ids, nil
	}
	rows, err := b.tx.Query(ctx, `SELECT nextval(pg_get_serial_sequence('card_transactions', 'id')) FROM generate_series(1, ?)`, n)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids, rows.Err()
}

const batchRowColumns = `id, network_transaction_id, invoice_ref, company_id, card_id, card_number, driver_card_name, driver_id,
	location_id, location_name, location_address, transaction_date, product_code, gallons_milli,
	retail_price_tenth_cents, net_price_tenth_cents, discount_cents, fee_cents, funded_total_cents,
	status, decline_code, search_text, created_at, driver_user_id, unit_number, vehicle_id, odometer_miles`

const batchRowColumnCount = 27

func (b *PurchaseBatch) writeRows(ctx context.Context) error {
	if len(b.rows) == 0 {
		return nil
	}
	ids, err := b.rowIDs(ctx, len(b.rows))
	if err != nil {
		return err
	}
	for i, r := range b.rows {
		t := r.t
		t.ID, t.InvoiceRef = ids[i], fuelportal.InvoiceRef(ids[i])
		for _, leg := range r.legs {
			prefix := "purchase:"
			if leg.t.Kind == fuelportal.LedgerTransactionFee {
				prefix = "fee:"
			}
			leg.t.Reference = prefix + t.InvoiceRef
		}
	}
	row := "(" + placeholders(batchRowColumnCount) + ")"
	return chunks(len(b.rows), batchRowColumnCount, func(start, end int) error {
		args := make([]any, 0, (end-start)*batchRowColumnCount)
		for _, r := range b.rows[start:end] {
			t := r.t
			args = append(args, t.ID, t.NetworkTransactionID, t.InvoiceRef, nullInt(t.CompanyID), nullInt(t.CardID), t.CardNumber, t.DriverCardName, t.DriverID,
				t.LocationID, t.LocationName, t.LocationAddress, t.TransactionDate, t.Product, t.Gallons,
				t.RetailPrice, t.NetPrice, t.DiscountCents, t.FeeCents, t.FundedTotalCents,
				t.Status, t.DeclineReason, transactionSearchText(t), t.CreatedAt, nullInt(t.HolderUserID),
				t.UnitNumber, nullInt(t.VehicleID), t.Odometer)
		}
		res, err := b.tx.Exec(ctx, `
			INSERT INTO card_transactions (`+batchRowColumns+`)
			VALUES `+repeatJoin(row, end-start)+`
			ON CONFLICT (network_transaction_id) DO NOTHING`, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != int64(end-start) {
			return fuelportal.Errorf(fuelportal.ECONFLICT, "A purchase of the batch was recorded meanwhile; try again")
		}
		return nil
	})
}

// openWallets opens the wallets the batch moves that were not opened yet.
// On PostgreSQL another transaction may have opened one meanwhile: a
// balance other than 0 then is ECONFLICT (the decisions assumed 0).
func (b *PurchaseBatch) openWallets(ctx context.Context) error {
	lock := ""
	if b.tx.Engine() == Postgres {
		lock = ` FOR UPDATE`
	}
	var companies []int64
	for _, tr := range b.ledger {
		if tr.wallet.account.id == 0 && !slices.Contains(companies, tr.t.CompanyID) {
			companies = append(companies, tr.t.CompanyID)
		}
	}
	slices.Sort(companies)
	for _, company := range companies {
		w := b.wallets[company]
		if _, err := b.tx.Exec(ctx, `
			INSERT INTO ledger_accounts (code, company_id, balance_cents, created_at) VALUES (?, ?, 0, ?)
			ON CONFLICT DO NOTHING`, walletCode(company), company, b.tx.Now); err != nil {
			return err
		}
		var balance int64
		if err := b.tx.QueryRow(ctx, `SELECT id, balance_cents FROM ledger_accounts WHERE company_id = ?`+lock, company).Scan(&w.account.id, &balance); err != nil {
			return err
		}
		if balance != 0 {
			return fuelportal.Errorf(fuelportal.ECONFLICT, "A wallet of the batch was used meanwhile; try again")
		}
	}
	// The transfers took the wallet accounts as they were read.
	for _, tr := range b.ledger {
		if tr.from.wallet {
			tr.from = tr.wallet.account
		} else {
			tr.to = tr.wallet.account
		}
	}
	return nil
}

// writeLedger writes the batch's transfers in order (journal, then
// entries) and then each moved wallet's new balance.
func (b *PurchaseBatch) writeLedger(ctx context.Context) error {
	tx := b.tx
	byReference := make(map[string]*batchTransfer, len(b.ledger))
	err := chunks(len(b.ledger), 5, func(start, end int) error {
		args := make([]any, 0, 5*(end-start))
		for _, tr := range b.ledger[start:end] {
			tr.t.ID, tr.t.CreatedAt = 0, tx.Now
			byReference[tr.t.Reference] = tr
			args = append(args, tr.t.Kind, tr.t.Reference, tr.t.CompanyID, tr.t.AmountCents, tr.t.CreatedAt)
		}
		rows, err := tx.Query(ctx, `
			INSERT INTO ledger_transfers (kind, reference, company_id, amount_cents, created_at)
			VALUES `+repeatJoin(`(?, ?, ?, ?, ?)`, end-start)+`
			ON CONFLICT (reference) DO NOTHING
			RETURNING id, reference`, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var reference string
			if err := rows.Scan(&id, &reference); err != nil {
				return err
			}
			if tr := byReference[reference]; tr != nil {
				tr.t.ID = id
			}
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	for _, tr := range b.ledger {
		if tr.t.ID == 0 {
			return fuelportal.Errorf(fuelportal.ECONFLICT, "Ledger reference %q is already used by another transfer", tr.t.Reference)
		}
	}
	err = chunks(len(b.ledger), 8, func(start, end int) error {
		args := make([]any, 0, 8*(end-start))
		for _, tr := range b.ledger[start:end] {
			args = append(args, tr.t.ID, tr.from.id, -tr.t.AmountCents, tr.t.CreatedAt, tr.t.ID, tr.to.id, tr.t.AmountCents, tr.t.CreatedAt)
		}
		_, err := tx.Exec(ctx, `INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, created_at) VALUES `+
			repeatJoin(`(?, ?, ?, ?)`, 2*(end-start)), args...)
		return err
	})
	if err != nil {
		return err
	}
	// One UPDATE per wallet, from the balance read under its lock.
	companies := make([]int64, 0, len(b.wallets))
	for id, w := range b.wallets {
		if w.balance != w.stored {
			companies = append(companies, id)
		}
	}
	slices.Sort(companies)
	for _, id := range companies {
		w := b.wallets[id]
		res, err := tx.Exec(ctx, `UPDATE ledger_accounts SET balance_cents = ? WHERE id = ? AND balance_cents = ?`, w.balance, w.account.id, w.stored)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n != 1 {
			return fmt.Errorf("ledger: wallet %d changed under the batch's lock", w.account.id)
		}
	}
	return nil
}

// writeAlerts publishes the batch's DECLINE and NEAR_LIMIT alerts in
// purchase order, as Tx.RecordPurchase does (its events carry only the
// owners' alert: a batch's purchases are history, nobody's news).
func (b *PurchaseBatch) writeAlerts(ctx context.Context) error {
	for _, r := range b.rows {
		t := r.t
		switch {
		case t.Status == fuelportal.TransactionDeclined && t.CompanyID != 0:
			if err := b.tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventTransactionDeclined, CompanyID: t.CompanyID, Alert: fuelportal.DeclineAlert(t)}); err != nil {
				return err
			}
		case t.Status == fuelportal.TransactionApproved:
			for _, near := range r.nearLimits {
				if err := b.tx.Publish(ctx, fuelportal.NearLimitEvent(t, near.Name, near.Used, near.Limit)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// writeTripLinks links the batch's purchases on cards with an active trip
// to it (recordTripPurchase).
func (b *PurchaseBatch) writeTripLinks(ctx context.Context) error {
	var args []any
	n := 0
	for _, r := range b.rows {
		l, ok := tripLink(r.trip, r.fit, r.t)
		if !ok {
			continue
		}
		n++
		args = append(args, l...)
	}
	if n == 0 {
		return nil
	}
	_, err := b.tx.Exec(ctx, `
		INSERT INTO trip_transactions (`+tripLinkColumns+`)
		VALUES `+repeatJoin(`(?, ?, ?, ?, ?, ?, ?)`, n), args...)
	return err
}
