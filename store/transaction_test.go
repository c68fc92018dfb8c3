package store_test

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestTransactions_SearchMatchesBruteForce checks the indexed search (FTS5
// trigram on SQLite, pg_trgm on PostgreSQL) against a plain substring filter
// in Go over random rows, including rows written, changed and deleted after
// the index was built, wildcard and quote characters, and 1–2 character
// searches (no trigram).
func TestTransactions_SearchMatchesBruteForce(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		end := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
		data := storetest.FillTransactions(t, db, storetest.FleetVolume{Rows: 6000, Companies: 2, FirstShare: 0.9,
			CardsPerCompany: 20, Days: 60, End: end})
		company := data.CompanyIDs[0]

		// Rows with wildcards, quotes, backslashes and non-ASCII names.
		names := []string{`50% Off_Fuel`, `O'Neil "Quick" Stop`, `Back\Slash Fuel`, `Café Ünïcode`, `100%_\'"`, `a_b%c\d`, `Love's`, `LOVE'S`}
		r := rand.New(rand.NewPCG(7, 7))
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i := range 300 {
				k := r.IntN(20)
				ref, name := fmt.Sprintf("INV-X%04d", i), names[r.IntN(len(names))]+fmt.Sprintf(" #%d", r.IntN(50))
				driver, number := fmt.Sprintf("Driver %d", k), data.CardNumbers[company][k]
				at := end.Add(-time.Duration(r.IntN(60*24)) * time.Hour)
				_, err := tx.Exec(ctx, `INSERT INTO card_transactions (network_transaction_id, invoice_ref, company_id, card_id, card_number,
					driver_card_name, location_id, location_name, transaction_date, gallons_milli, retail_price_tenth_cents,
					net_price_tenth_cents, status, search_text, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, 1000, 3000, 2900, 'APPROVED', ?, ?)`,
					fmt.Sprintf("SPECIAL-%d", i), ref, company, data.CardIDs[company][k], number, driver, name, at,
					strings.ToLower(strings.Join([]string{ref, name, driver, number}, "\x1f")), at)
				if err != nil {
					return err
				}
			}
			// Renamed and deleted rows: the index must follow.
			if _, err := tx.Exec(ctx, `UPDATE card_transactions SET location_name = 'Renamed Place %_',
				search_text = LOWER(invoice_ref) || '`+"\x1f"+`' || 'renamed place %_' || '`+"\x1f"+`' || LOWER(driver_card_name) || '`+"\x1f"+`' || card_number
				WHERE id % 97 = 0`); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `DELETE FROM card_transactions WHERE id % 89 = 0`)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}

		var all []*fuelportal.Transaction
		scope := fuelportal.TransactionScope{CompanyID: company}
		all, _, err = db.Transactions(ctx, fuelportal.TransactionFilter{Scope: scope})
		if err != nil {
			t.Fatal(err)
		}
		searches := []string{"%", "_", "'", `\`, `"`, "%_", `\'`, `50%`, `f_f`, `k\s`, `"quick"`, "o'neil", "love's", "LOVE'S",
			"café", "ÜNÏ", "é", "inv", "inv-00", "inv-x01", "travel", "pilot travel", "renamed place %_", "zz", "a", "7", "  Kwik  ",
			"7079000", "driver 1", "driver 19", "#1", " #", "center #5", "%%%", "___", "x\x1fr", "no such thing"}
		for range 20 { // random 1–5 character slices of real rows
			tr := all[r.IntN(len(all))]
			s := []rune(strings.ToLower(tr.LocationName + tr.InvoiceRef))
			i := r.IntN(len(s) - 5)
			searches = append(searches, string(s[i:i+1+r.IntN(5)]))
		}
		from, to := end.AddDate(0, 0, -20), end.AddDate(0, 0, -5)
		for _, search := range searches {
			needle := strings.ToLower(strings.TrimSpace(search))
			var want []*fuelportal.Transaction
			for _, tr := range all {
				text := strings.ToLower(strings.Join([]string{tr.InvoiceRef, tr.LocationName, tr.DriverCardName, tr.CardNumber}, "\x1f"))
				if strings.Contains(text, needle) {
					want = append(want, tr)
				}
			}
			check := func(name string, f fuelportal.TransactionFilter, want []*fuelportal.Transaction) {
				t.Helper()
				f.Search = search
				got, total, err := db.Transactions(ctx, f)
				if err != nil {
					t.Fatalf("%q %s: %v", search, name, err)
				}
				wantTotal := len(want)
				if f.CountAtMost > 0 {
					wantTotal = min(wantTotal, f.CountAtMost)
				}
				if f.Limit > 0 {
					want = want[min(f.Offset, len(want)):min(f.Offset+f.Limit, len(want))]
				}
				if total != wantTotal || !slices.EqualFunc(got, want, func(a, b *fuelportal.Transaction) bool { return a.ID == b.ID }) {
					t.Errorf("%q %s: got %d rows of %d, want %d of %d", search, name, len(got), total, len(want), wantTotal)
				}
			}
			check("all", fuelportal.TransactionFilter{Scope: scope}, want)
			check("page 3", fuelportal.TransactionFilter{Scope: scope, Offset: 40, Limit: 20, CountAtMost: 1000}, want)
			asc := slices.Clone(want)
			slices.SortFunc(asc, func(a, b *fuelportal.Transaction) int {
				return cmp.Or(a.TransactionDate.Compare(b.TransactionDate), cmp.Compare(a.ID, b.ID))
			})
			check("ascending", fuelportal.TransactionFilter{Scope: scope, Ascending: true, Offset: 5, Limit: 30}, asc)
			var ranged []*fuelportal.Transaction
			for _, tr := range want {
				if !tr.TransactionDate.Before(from) && !tr.TransactionDate.After(to) {
					ranged = append(ranged, tr)
				}
			}
			check("date range", fuelportal.TransactionFilter{Scope: scope, From: from, To: to, Limit: 20, CountAtMost: 10_000}, ranged)
			card := data.CardIDs[company][3]
			var own []*fuelportal.Transaction
			for _, tr := range want {
				if tr.CardID == card {
					own = append(own, tr)
				}
			}
			check("driver", fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: company, CardID: card}}, own)
		}
	})
}
