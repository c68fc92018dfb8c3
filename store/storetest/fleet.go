package storetest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// FleetVolume describes a generated purchase history for benchmarks.
type FleetVolume struct {
	Rows            int     // transactions in all
	Companies       int     // companies holding them
	FirstShare      float64 // share of the rows on the first company (the one benchmarks query)
	CardsPerCompany int
	Days            int       // rows are spread over this many days up to End
	End             time.Time // the newest transaction date
}

// FleetData is what FillTransactions made.
type FleetData struct {
	CompanyIDs []int64
	// Cards holds each company's card ids and numbers, by company id.
	CardIDs     map[int64][]int64
	CardNumbers map[int64][]string
}

// stationNames are the location names of generated rows (search targets).
var stationNames = []string{"Pilot Travel Center", "Flying J Travel Center", "Love's Travel Stop", "TA Travel Center",
	"Petro Stopping Center", "AMBEST", "Sapp Bros", "Kwik Trip", "Casey's", "Bosselman Travel Center"}

// FillTransactions writes v.Rows card transactions straight into the
// table with multi-row INSERTs, for benchmarks only: the rows bypass
// authorisation and the ledger (no wallet moves). Companies and cards are
// created through the store. It is deterministic.
func FillTransactions(tb testing.TB, db *store.DB, v FleetVolume) FleetData {
	tb.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, uint64(v.Rows)))
	data := FleetData{CardIDs: map[int64][]int64{}, CardNumbers: map[int64][]string{}}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for c := range v.Companies {
			company := &fuelportal.Company{Name: fmt.Sprintf("Bench Fleet %d", c), CarrierID: 2000000 + c}
			if err := tx.CreateCompany(ctx, company); err != nil {
				return err
			}
			data.CompanyIDs = append(data.CompanyIDs, company.ID)
			for k := range v.CardsPerCompany {
				card := &fuelportal.Card{CompanyID: company.ID, CardNumber: fmt.Sprintf("7079%03d%012d", c, k),
					DriverName: fmt.Sprintf("Driver %d-%d", c, k), DriverID: fmt.Sprintf("D-%d-%d", c, k), UnitNumber: fmt.Sprintf("TRK-%d", k)}
				if err := tx.CreateCard(ctx, card); err != nil {
					return err
				}
				data.CardIDs[company.ID] = append(data.CardIDs[company.ID], card.ID)
				data.CardNumbers[company.ID] = append(data.CardNumbers[company.ID], card.CardNumber)
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("fill companies: %v", err)
	}

	const columns = `network_transaction_id, invoice_ref, company_id, card_id, card_number, driver_card_name, driver_id,
		location_id, location_name, location_address, transaction_date, gallons_milli, retail_price_tenth_cents, net_price_tenth_cents,
		discount_cents, fee_cents, funded_total_cents, status, decline_code, search_text, created_at`
	const perRow, batch = 21, 1000
	placeholders := "(" + strings.TrimSuffix(strings.Repeat("?, ", perRow), ", ") + ")"
	span := time.Duration(v.Days) * 24 * time.Hour
	start := v.End.Add(-span)
	id := 0
	for id < v.Rows {
		n := min(batch, v.Rows-id)
		args := make([]any, 0, n*perRow)
		for range n {
			id++
			company := data.CompanyIDs[0]
			if r.Float64() >= v.FirstShare && v.Companies > 1 {
				company = data.CompanyIDs[1+r.IntN(v.Companies-1)]
			}
			k := r.IntN(v.CardsPerCompany)
			cardID, number := data.CardIDs[company][k], data.CardNumbers[company][k]
			name := fmt.Sprintf("%s #%d", stationNames[r.IntN(len(stationNames))], r.IntN(900)+100)
			ref := fuelportal.InvoiceRef(int64(id))
			gallons := int64(40_000 + r.IntN(140_000))
			retail, net := int64(3_500+r.IntN(800)), int64(0)
			net = retail - 150 - int64(r.IntN(300))
			disc, funded := (gallons*(retail-net)+5000)/10000, (gallons*net+5000)/10000+150
			status, reason := "APPROVED", ""
			if r.IntN(100) == 0 {
				status, reason, disc, funded = "DECLINED", "CARD_INACTIVE", 0, 0
			}
			driver := fmt.Sprintf("Driver %d", k)
			at := start.Add(time.Duration(r.Int64N(int64(span)))).Truncate(time.Second)
			args = append(args, fmt.Sprintf("BENCH-%d", id), ref, company, cardID, number, driver, fmt.Sprintf("D-%d", k),
				10001+r.IntN(6000), name, "1 Truck Way, Ocala, FL 34475", at, gallons, retail, net,
				disc, 150, funded, status, reason, strings.ToLower(strings.Join([]string{ref, name, driver, number}, "\x1f")), at)
		}
		err := db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `INSERT INTO card_transactions (`+columns+`) VALUES `+strings.TrimSuffix(strings.Repeat(placeholders+", ", n), ", "), args...)
			return err
		})
		if err != nil {
			tb.Fatalf("fill transactions: %v", err)
		}
	}
	// What autovacuum would have done by the time a table has grown so.
	if err := db.Optimize(ctx, "card_transactions"); err != nil {
		tb.Fatalf("optimize: %v", err)
	}
	return data
}
