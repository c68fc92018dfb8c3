package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// batchStep is one step of a purchase sequence: a purchase, or a wallet
// credit of the fixture's company when credit > 0.
type batchStep struct {
	p      *fuelportal.CardPurchase
	credit int64
}

// batchFixture makes the same companies, cards, rules and prior purchase
// on a database and returns the purchase sequence to record after them.
func batchFixture(t *testing.T, db *store.DB) (company int64, steps []batchStep) {
	t.Helper()
	ctx := context.Background()
	storetest.NewClock(db).Advance(48 * time.Hour) // no purchase dated more than a day ahead
	f := newControlsFixture(t, db, 1_500_00)
	rules := f.newCard(t, fuelportal.Controls{TankCapacityGallons: ptr(fuelportal.Gallons(150_000)), DailyGallons: ptr(fuelportal.Gallons(200_000)),
		WeeklyCents: ptr(int64(1_000_00))})
	overridden := f.newCard(t, fuelportal.Controls{TankCapacityGallons: ptr(fuelportal.Gallons(100_000))})
	if _, err := db.GrantOverride(ctx, f.company.ID, overridden.CardNumber, 4, false); err != nil {
		t.Fatal(err)
	}
	// A second company on an invoice contract with a small credit limit.
	other := &fuelportal.Company{Name: "Invoice Haulers", CarrierID: 7654322}
	if err := db.CreateCompanyOwner(ctx, other, &fuelportal.User{Email: "other@example.com", PasswordHash: "hash"}); err != nil {
		t.Fatal(err)
	}
	invoiceCard := &fuelportal.Card{CompanyID: other.ID, CardNumber: "7071000000000000099", DriverName: "Ivy Invoice", DriverID: "D-9", UnitNumber: "U-9", CreatedAt: cardIssued}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if err := tx.CreateCard(ctx, invoiceCard); err != nil {
			return err
		}
		return tx.SaveContract(ctx, &fuelportal.Contract{CompanyID: other.ID, Pricing: fuelportal.PricingNetPrice,
			Billing: fuelportal.BillingInvoice, CreditLimitCents: 300_00, FeeCents: 100})
	})
	if err != nil {
		t.Fatal(err)
	}
	// Recorded before the sequence, which repeats it.
	before := &fuelportal.CardPurchase{NetworkTransactionID: "b-before", CardNumber: f.active.CardNumber, LocationID: f.station.ID,
		Gallons: 20_000, RetailPrice: 3859, TransactionDate: friday.Add(-26 * time.Hour)}
	if _, _, err := db.RecordPurchase(ctx, before); err != nil {
		t.Fatal(err)
	}

	// Two cards on trips with one stop here of 33.7 gal: one locked, one not.
	locked, unlocked := f.newCard(t, fuelportal.Controls{}), f.newCard(t, fuelportal.Controls{})
	for _, c := range []struct {
		card *fuelportal.Card
		lock bool
	}{{locked, true}, {unlocked, false}} {
		trip := newTrip(c.card.CardNumber, f.station.ID, c.lock)
		trip.Plan = stopPlan(fuelportal.TripPlanCreated, map[int64]fuelportal.Gallons{f.station.ID: 33_700})
		if err := db.CreateTrip(ctx, fuelportal.TransactionScope{CompanyID: f.company.ID}, trip); err != nil {
			t.Fatal(err)
		}
	}
	if _, _, err := db.RecordPurchase(ctx, &fuelportal.CardPurchase{NetworkTransactionID: "b-trip-before", CardNumber: locked.CardNumber, LocationID: f.station.ID,
		Gallons: 20_000, RetailPrice: 3859, TransactionDate: friday.Add(-time.Hour)}); err != nil {
		t.Fatal(err)
	}

	// A card whose pump asks the odometer, of a vehicle with a reading.
	odometerCard := f.newCard(t, fuelportal.Controls{})
	prompt := fuelportal.PromptDriverIDAndOdometer
	if _, err := db.UpdateCard(ctx, f.company.ID, fuelportal.CardUpdate{CardNumber: odometerCard.CardNumber, DriverName: "Card", DriverID: "D-7",
		UnitNumber: "T-7", Status: fuelportal.CardActive, Prompt: &prompt}); err != nil {
		t.Fatal(err)
	}
	truck, err := db.CreateVehicle(ctx, f.company.ID, fuelportal.Vehicle{UnitNumber: "T-7", FuelType: fuelportal.FuelDiesel, TankCapacity: 200_000})
	if err != nil {
		t.Fatal(err)
	}
	if err := db.AddOdometerReading(ctx, &fuelportal.OdometerReading{CompanyID: f.company.ID, VehicleID: truck.ID, Miles: 50_000,
		ReadAt: friday.Add(-10 * time.Hour), Source: fuelportal.OdometerManual}); err != nil {
		t.Fatal(err)
	}
	keyed := func(step batchStep, driverID string, odometer int64) batchStep {
		step.p.Prompt = fuelportal.PumpPrompt{DriverID: driverID, Odometer: &odometer}
		return step
	}

	buy := func(id, card string, station int64, gallons fuelportal.Gallons, at time.Time) batchStep {
		return batchStep{p: &fuelportal.CardPurchase{NetworkTransactionID: id, CardNumber: card, LocationID: station,
			Gallons: gallons, RetailPrice: 3859, TransactionDate: at}}
	}
	h := time.Hour
	steps = []batchStep{
		buy("b-01", f.active.CardNumber, f.station.ID, 100_000, friday),                // approved
		buy("b-02", rules.CardNumber, f.station.ID, 160_000, friday),                   // over the tank
		buy("b-03", rules.CardNumber, f.station.ID, 120_000, friday.Add(h)),            // approved
		buy("b-04", rules.CardNumber, f.station.ID, 50_000, friday.Add(2*h)),           // near the daily gallons
		buy("b-05", rules.CardNumber, f.station.ID, 40_000, friday.Add(3*h)),           // over the daily gallons
		buy("b-06", f.active.CardNumber, f.far.ID, 30_000, friday.Add(30*time.Minute)), // 1,000 miles in 30 minutes
		buy("b-07", f.inactive.CardNumber, f.station.ID, 30_000, friday.Add(h)),        // inactive card
		buy("b-08", "7071999999999999999", f.station.ID, 30_000, friday.Add(h)),        // unknown card
		buy("b-09", f.active.CardNumber, 999_999, 30_000, friday.Add(h)),               // unknown station: an error
		buy("b-01", f.active.CardNumber, f.station.ID, 10_000, friday.Add(4*h)),        // a repeat in the sequence
		buy("b-before", f.active.CardNumber, f.station.ID, 10_000, friday.Add(4*h)),    // a repeat of an earlier one
		buy("b-10", f.active.CardNumber, f.station.ID, 150_000, friday.Add(5*h)),       // more than the wallet holds
		{credit: 1_000_00}, // a top-up
		buy("b-11", f.active.CardNumber, f.station.ID, 150_000, friday.Add(6*h)),               // now it fits
		buy("b-12", overridden.CardNumber, f.station.ID, 300_000, friday.Add(6*h)),             // rules lifted, wallet too low
		buy("b-13", overridden.CardNumber, f.station.ID, 120_000, friday.Add(6*h+time.Minute)), // over its tank, but lifted
		buy("b-14", f.active.CardNumber, f.far.ID, 20_000, friday.Add(-3*h)),                   // before everything but b-before: Dallas is reachable
		buy("b-15", invoiceCard.CardNumber, f.station.ID, 60_000, friday),                      // on the invoice
		buy("b-16", invoiceCard.CardNumber, f.station.ID, 60_000, friday.Add(h)),               // over the credit limit
		buy("b-17", rules.CardNumber, f.station.ID, 10_000, friday.Add(24*h)),                  // the next day: allowed again
		buy("b-18", rules.CardNumber, f.station.ID, 140_000, friday.Add(25*h)),                 // weekly limit
		buy("b-19", " "+invoiceCard.CardNumber+" ", f.station.ID, 10_000, friday.Add(2*h)),     // trimmed number, fits
		buy("b-20", locked.CardNumber, f.station.ID, 20_000, friday),                           // 20 bought before: over the stop's 37.07
		buy("b-21", locked.CardNumber, f.station.ID, 17_070, friday.Add(h)),                    // exactly the stop's bound
		buy("b-22", locked.CardNumber, f.station.ID, 1, friday.Add(2*h)),                       // nothing left
		{credit: 500_00},
		buy("b-23", unlocked.CardNumber, f.station.ID, 33_700, friday),                                    // on plan
		buy("b-24", unlocked.CardNumber, f.station.ID, 33_700, friday.Add(h)),                             // mostly above the plan
		buy("b-25", odometerCard.CardNumber, f.station.ID, 50_000, friday),                                // nothing keyed: the driver id is asked first
		keyed(buy("b-26", odometerCard.CardNumber, f.station.ID, 50_000, friday), "D-8", 50_100),          // another driver
		keyed(buy("b-27", odometerCard.CardNumber, f.station.ID, 50_000, friday), "D-7", 50_801),          // 801 miles in 10 hours
		keyed(buy("b-28", odometerCard.CardNumber, f.station.ID, 50_000, friday), "d-7", 50_500),          // recorded
		keyed(buy("b-29", odometerCard.CardNumber, f.station.ID, 50_000, friday.Add(h)), "D-7", 50_499),   // below the reading of b-28
		keyed(buy("b-30", odometerCard.CardNumber, f.station.ID, 20_000, friday.Add(2*h)), "D-7", 50_600), // recorded
	}
	return f.company.ID, steps
}

// TestPurchaseBatch_DecidesAsRecordPurchaseOneByOne runs one purchase
// sequence through RecordPurchase one by one and through a PurchaseBatch,
// on two databases set up alike, and compares every outcome, row, ledger
// transfer and entry, wallet balance, alert and mail.
func TestPurchaseBatch_DecidesAsRecordPurchaseOneByOne(t *testing.T) {
	engines := []store.Engine{store.SQLite}
	if os.Getenv(storetest.PostgresEnv) != "" {
		engines = append(engines, store.Postgres)
	}
	for _, engine := range engines {
		t.Run(string(engine), func(t *testing.T) {
			ctx := context.Background()
			one, batched := storetest.Open(t, engine), storetest.Open(t, engine)

			company, steps := batchFixture(t, one)
			var outcomes []string
			for i, s := range steps {
				if s.credit > 0 {
					if _, _, err := one.CreditWallet(ctx, company, s.credit, fuelportal.LedgerTopUp, fmt.Sprintf("top-up-%d", i)); err != nil {
						t.Fatal(err)
					}
					continue
				}
				tr, created, err := one.RecordPurchase(ctx, s.p)
				outcomes = append(outcomes, outcome(tr, created, err))
			}

			batchCompany, batchSteps := batchFixture(t, batched)
			var batchOutcomes []string
			err := batched.InTx(ctx, func(tx *store.Tx) error {
				var ps []*fuelportal.CardPurchase
				for _, s := range batchSteps {
					if s.p != nil {
						ps = append(ps, s.p)
					}
				}
				b, err := tx.NewPurchaseBatch(ctx, ps)
				if err != nil {
					return err
				}
				var recorded []*fuelportal.Transaction
				var created []bool
				var errs []error
				for i, s := range batchSteps {
					if s.credit > 0 {
						if err := b.CreditWallet(ctx, batchCompany, s.credit, fuelportal.LedgerTopUp, fmt.Sprintf("top-up-%d", i)); err != nil {
							return err
						}
						continue
					}
					tr, c, err := b.Record(s.p)
					recorded, created, errs = append(recorded, tr), append(created, c), append(errs, err)
				}
				if err := b.Flush(ctx); err != nil {
					return err
				}
				for i := range recorded {
					batchOutcomes = append(batchOutcomes, outcome(recorded[i], created[i], errs[i]))
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}

			// The sequence does what it says.
			joined := strings.Join(outcomes, "\n")
			for _, want := range []string{"OVER_TANK_CAPACITY", "DAILY_GALLONS_LIMIT", "SUSPICIOUS_DISTANCE", "CARD_INACTIVE", "UNKNOWN_CARD",
				"INSUFFICIENT_FUNDS", "CREDIT_LIMIT", "WEEKLY_LIMIT", "error unprocessable", "repeat b-01", "repeat b-before",
				"b-20 DECLINED OVER_GALLONS_LEFT", "b-21 APPROVED", "b-22 DECLINED OVER_GALLONS_LEFT", "b-24 APPROVED",
				"b-25 DECLINED DRIVER_ID_INVALID", "b-26 DECLINED DRIVER_ID_INVALID", "b-27 DECLINED ODOMETER_INVALID", "b-28 APPROVED",
				"b-29 DECLINED ODOMETER_INVALID", "b-30 APPROVED"} {
				if !strings.Contains(joined, want) {
					t.Errorf("no %s among the one-by-one outcomes:\n%s", want, joined)
				}
			}
			if !slices.Equal(outcomes, batchOutcomes) {
				t.Errorf("outcomes differ\none by one:\n%s\nbatch:\n%s", joined, strings.Join(batchOutcomes, "\n"))
			}
			want, got := dumpPurchases(t, one), dumpPurchases(t, batched)
			if !strings.Contains(want, "NEAR_LIMIT") || !strings.Contains(want, "mail") || !strings.Contains(want, "trip purchase b-24 1 0 30330") ||
				!strings.Contains(want, "odometer b-28 50500 pump") || !strings.Contains(want, "odometer b-30 50600 pump") {
				t.Errorf("no near-limit alert or no mail one by one:\n%s", want)
			}
			if want != got {
				t.Errorf("databases differ\none by one:\n%s\nbatch:\n%s", want, got)
			}
			for _, db := range []*store.DB{one, batched} {
				expectSoundLedger(t, db)
			}
		})
	}
}

// outcome is what recording one purchase returned, without ids.
func outcome(t *fuelportal.Transaction, created bool, err error) string {
	switch {
	case err != nil:
		return "error " + string(fuelportal.ErrorCode(err)) + " " + fuelportal.ErrorMessage(err)
	case !created:
		return fmt.Sprintf("repeat %s %s %s %d", t.NetworkTransactionID, t.Status, t.DeclineReason, t.FundedTotalCents)
	}
	if t.InvoiceRef != fuelportal.InvoiceRef(t.ID) {
		return fmt.Sprintf("%s: invoice ref %q for id %d", t.NetworkTransactionID, t.InvoiceRef, t.ID)
	}
	return fmt.Sprintf("%s %s %s card %d company %d net %d discount %d fee %d funded %d at %s", t.NetworkTransactionID, t.Status, t.DeclineReason,
		t.CardID, t.CompanyID, t.NetPrice, t.DiscountCents, t.FeeCents, t.FundedTotalCents, t.TransactionDate.UTC().Format(time.RFC3339))
}

var invoiceRefPattern = regexp.MustCompile(`INV-\d+`)

// dumpPurchases prints the purchase rows, ledger, balances, alerts and
// mails of db, in id order, with invoice references replaced by their
// purchase's network id (ids differ where PostgreSQL skips some).
func dumpPurchases(t *testing.T, db *store.DB) string {
	t.Helper()
	ctx := context.Background()
	conn := store.SQLDB(db)
	refs := map[string]string{}
	var b strings.Builder
	query := func(q string, each func(rows *sql.Rows) (string, error)) {
		t.Helper()
		rows, err := conn.QueryContext(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			line, err := each(rows)
			if err != nil {
				t.Fatal(err)
			}
			line = invoiceRefPattern.ReplaceAllStringFunc(line, func(ref string) string { return refs[ref] })
			b.WriteString(line + "\n")
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	query(`SELECT id, network_transaction_id, invoice_ref, search_text, COALESCE(company_id, 0), COALESCE(card_id, 0), card_number, driver_card_name,
			location_id, location_name, location_address, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents,
			discount_cents, fee_cents, funded_total_cents, status, decline_code, product_code,
			unit_number, COALESCE(vehicle_id, 0), COALESCE(odometer_miles, -1)
		FROM card_transactions ORDER BY id`, func(rows *sql.Rows) (string, error) {
		var id int64
		var netID, ref, search string
		v := make([]any, 19)
		dest := []any{&id, &netID, &ref, &search}
		for i := range v {
			dest = append(dest, &v[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return "", err
		}
		if ref != fuelportal.InvoiceRef(id) || !strings.HasPrefix(search, strings.ToLower(ref)) {
			return "", fmt.Errorf("row %d: invoice ref %q, search text %q", id, ref, search)
		}
		refs[ref] = netID
		return fmt.Sprint("purchase ", netID, " ", v), nil
	})
	query(`SELECT t.kind, t.reference, t.company_id, t.amount_cents, a.code, e.amount_cents
		FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id JOIN ledger_accounts a ON a.id = e.account_id
		ORDER BY t.id, e.amount_cents`, func(rows *sql.Rows) (string, error) {
		var kind, ref, code string
		var company, amount, entry int64
		err := rows.Scan(&kind, &ref, &company, &amount, &code, &entry)
		return fmt.Sprint("transfer ", kind, " ", ref, " ", company, " ", amount, " entry ", code, " ", entry), err
	})
	query(`SELECT code, balance_cents FROM ledger_accounts WHERE company_id IS NOT NULL ORDER BY code`, func(rows *sql.Rows) (string, error) {
		var code string
		var balance int64
		err := rows.Scan(&code, &balance)
		return fmt.Sprint("wallet ", code, " ", balance), err
	})
	query(`SELECT a.company_id, a.kind, a.message, a.card_number, a.driver_name, t.network_transaction_id
		FROM alerts a JOIN card_transactions t ON t.id = a.transaction_id ORDER BY a.id`, func(rows *sql.Rows) (string, error) {
		var company int64
		var kind, message, card, driver, netID string
		err := rows.Scan(&company, &kind, &message, &card, &driver, &netID)
		return fmt.Sprint("alert ", company, " ", kind, " ", card, " ", driver, " ", netID, " ", message), err
	})
	query(`SELECT t.network_transaction_id, tt.plan_version, tt.on_plan, tt.off_plan_gallons_milli, tt.planned_price_tenth_cents, tt.missed_savings_cents
		FROM trip_transactions tt JOIN card_transactions t ON t.id = tt.transaction_id ORDER BY t.id`, func(rows *sql.Rows) (string, error) {
		var netID string
		var version, onPlan, offPlan, planned, missed int64
		err := rows.Scan(&netID, &version, &onPlan, &offPlan, &planned, &missed)
		return fmt.Sprint("trip purchase ", netID, " ", version, " ", onPlan, " ", offPlan, " ", planned, " ", missed), err
	})
	query(`SELECT COALESCE(t.network_transaction_id, ''), r.vehicle_id, r.miles, r.source, r.company_id
		FROM odometer_readings r LEFT JOIN card_transactions t ON t.id = r.transaction_id ORDER BY r.id`, func(rows *sql.Rows) (string, error) {
		var netID, source string
		var vehicle, miles, company int64
		err := rows.Scan(&netID, &vehicle, &miles, &source, &company)
		return fmt.Sprint("odometer ", netID, " ", miles, " ", source, " vehicle ", vehicle, " company ", company), err
	})
	query(`SELECT to_address, subject, body FROM outbox ORDER BY id`, func(rows *sql.Rows) (string, error) {
		var to, subject, body string
		err := rows.Scan(&to, &subject, &body)
		return fmt.Sprint("mail ", to, " ", subject, " ", body), err
	})
	return b.String()
}
