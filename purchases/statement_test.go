package purchases_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"fuelportal"
	"fuelportal/issuing"
	"fuelportal/pdfstream/pdfstreamtest"
	"fuelportal/statements"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// movement is the test's own record of a wallet movement: when it posted
// and what it did to the balance.
type movement struct {
	at    time.Time
	cents int64
}

// statementFixture is a storetest.Prepaid company whose card's driver has a name a
// spreadsheet would run as a formula, its statement flow and the clock.
type statementFixture struct {
	*storetest.Fleet
	clock *storetest.StatementClock
	svc   *statements.Service
	model []movement
}

const formulaDriver = `=HYPERLINK("http://evil.example/","click")`

func newStatementFixture(t *testing.T, db *store.DB, start time.Time) *statementFixture {
	t.Helper()
	clock := storetest.NewStatementClock(start)
	db.Now = clock.Now
	f := &statementFixture{Fleet: storetest.NewFleet(t, db, storetest.Prepaid), clock: clock}
	f.svc = statements.New(statements.Deps{Store: db, Now: clock.Now})
	ctx := context.Background()
	if _, err := issuing.New(issuing.Deps{DB: db}).UpdateCard(ctx, f.Company.ID, fuelportal.CardUpdate{CardNumber: f.Active.CardNumber, DriverName: formulaDriver,
		DriverID: "D-1", UnitNumber: "U-1", Status: fuelportal.CardActive}); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f *statementFixture) topUp(t *testing.T, db *store.DB, cents int64, kind fuelportal.LedgerKind) {
	t.Helper()
	if _, _, err := db.CreditWallet(context.Background(), f.Company.ID, cents, kind, fmt.Sprintf("ref-%d-%d", f.clock.Now().UnixNano(), cents)); err != nil {
		t.Fatal(err)
	}
	f.model = append(f.model, movement{f.clock.Now(), cents})
}

// buy records an approved purchase made ago before now (0: now).
func (f *statementFixture) buy(t *testing.T, db *store.DB, id string, gallons fuelportal.Gallons, ago time.Duration) {
	t.Helper()
	p := purchase(id, f.Active.CardNumber, f.Station.ID, gallons)
	p.TransactionDate = f.clock.Now().Add(-ago).In(time.UTC)
	tr, _, err := flow(db).Record(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Status == fuelportal.TransactionApproved {
		f.model = append(f.model, movement{f.clock.Now(), -tr.FundedTotalCents})
	}
}

// balanceBefore is the model's balance of movements posted before end.
func (f *statementFixture) balanceBefore(end time.Time) int64 {
	var sum int64
	for _, m := range f.model {
		if m.at.Before(end) {
			sum += m.cents
		}
	}
	return sum
}

func expectStatementsEqualLedger(t *testing.T, db *store.DB) {
	t.Helper()
	bad, err := db.VerifyStatements(context.Background())
	if err != nil || bad != nil {
		t.Fatalf("VerifyStatements = %v, %v", bad, err)
	}
}

func TestStatements_EqualTheLedgerToTheCentOverRandomMonths(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		f := newStatementFixture(t, db, time.Date(2026, 1, 3, 15, 0, 0, 0, chicago))
		rng := rand.New(rand.NewPCG(36, 2026))
		f.topUp(t, db, 5000_00, fuelportal.LedgerTopUp)
		end := time.Date(2026, 5, 10, 0, 0, 0, 0, chicago)
		for i := 0; f.clock.Now().Before(end); i++ {
			f.clock.Set(f.clock.Now().Add(time.Duration(1+rng.IntN(30)) * time.Hour))
			switch op := rng.IntN(10); {
			case op < 2:
				f.topUp(t, db, int64(1+rng.IntN(200_000)), fuelportal.LedgerTopUp)
			case op == 2:
				f.topUp(t, db, int64(1+rng.IntN(50_000)), fuelportal.LedgerInvoicePayment)
			default:
				// Some purchases are reported days after they were made.
				ago := time.Duration(rng.IntN(3)) * 24 * time.Hour * time.Duration(rng.IntN(2))
				f.buy(t, db, fmt.Sprintf("r-%d", i), fuelportal.Gallons(1_000+rng.IntN(150_000)), ago)
			}
			if rng.IntN(4) == 0 {
				if _, err := f.svc.CloseDue(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := f.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		list, err := f.svc.List(ctx, f.Company.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 5 || list[0].Status != fuelportal.StatementOpen || list[1].Status != fuelportal.StatementClosed {
			t.Fatalf("periods = %d, first %v", len(list), list[0].Status)
		}
		for _, st := range list {
			var lines int64
			sum, err := f.svc.Walk(ctx, st, func(l *fuelportal.StatementLine) error {
				lines += l.AmountCents
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum != lines || st.OpeningCents+sum != st.ClosingCents {
				t.Errorf("%s: opening %d + movements %d != closing %d", st.Start, st.OpeningCents, sum, st.ClosingCents)
			}
			if want := f.balanceBefore(st.End); st.Status == fuelportal.StatementClosed && st.ClosingCents != want {
				t.Errorf("%s: closing %d, the ledger's balance at its end %d", st.Start, st.ClosingCents, want)
			}
			if local := st.Start.In(chicago); local.Day() != 1 || local.Hour() != 0 {
				t.Errorf("period starts at %s, not a local month's first midnight", local)
			}
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); list[0].ClosingCents != balance {
			t.Errorf("open period closes at %d, wallet %d", list[0].ClosingCents, balance)
		}
		expectStatementsEqualLedger(t, db)
		storetest.ExpectSoundLedger(t, db)
	})
}

func TestStatements_PeriodsFollowTheCompanysZoneAcrossDaylightSaving(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		// 23:30 on Saturday February 28 in Chicago is 05:30 UTC on March 1.
		f := newStatementFixture(t, db, time.Date(2026, 2, 28, 23, 30, 0, 0, chicago))
		f.topUp(t, db, 100_00, fuelportal.LedgerTopUp)
		if _, err := f.svc.SetPeriod(ctx, f.Company.ID, "weekly"); err != nil {
			t.Fatal(err)
		}
		f.clock.Set(time.Date(2026, 3, 1, 0, 30, 0, 0, chicago)) // Sunday, same week
		f.topUp(t, db, 200_00, fuelportal.LedgerTopUp)
		f.clock.Set(time.Date(2026, 3, 2, 0, 0, 0, 0, chicago)) // Monday 00:00: the next period
		f.topUp(t, db, 400_00, fuelportal.LedgerTopUp)
		f.clock.Set(time.Date(2026, 3, 8, 23, 59, 0, 0, chicago)) // DST began that morning
		f.topUp(t, db, 800_00, fuelportal.LedgerTopUp)
		f.clock.Set(time.Date(2026, 3, 9, 0, 1, 0, 0, chicago))
		f.topUp(t, db, 1600_00, fuelportal.LedgerTopUp)
		f.clock.Set(time.Date(2026, 3, 16, 7, 0, 0, 0, chicago))
		if n, err := f.svc.CloseDue(ctx); err != nil || n != 3 {
			t.Fatalf("CloseDue = %d, %v", n, err)
		}
		list, err := f.svc.List(ctx, f.Company.ID)
		if err != nil {
			t.Fatal(err)
		}
		// Weekly from the first period on: the setting was made before
		// the company's first period opened.
		want := []struct {
			start, end       time.Time
			opening, closing int64
		}{
			{time.Date(2026, 3, 16, 0, 0, 0, 0, chicago), time.Date(2026, 3, 23, 0, 0, 0, 0, chicago), 3100_00, 3100_00},
			{time.Date(2026, 3, 9, 0, 0, 0, 0, chicago), time.Date(2026, 3, 16, 0, 0, 0, 0, chicago), 1500_00, 3100_00},
			{time.Date(2026, 3, 2, 0, 0, 0, 0, chicago), time.Date(2026, 3, 9, 0, 0, 0, 0, chicago), 300_00, 1500_00},
			{time.Date(2026, 2, 23, 0, 0, 0, 0, chicago), time.Date(2026, 3, 2, 0, 0, 0, 0, chicago), 0, 300_00},
		}
		if len(list) != len(want) {
			t.Fatalf("periods = %d, want %d", len(list), len(want))
		}
		for i, w := range want {
			st := list[i]
			if !st.Start.Equal(w.start) || !st.End.Equal(w.end) || st.OpeningCents != w.opening || st.ClosingCents != w.closing {
				t.Errorf("period %d = %s..%s %d→%d, want %s..%s %d→%d", i, st.Start.In(chicago), st.End.In(chicago), st.OpeningCents, st.ClosingCents,
					w.start, w.end, w.opening, w.closing)
			}
		}
		// The week of the change is an hour short: 167 hours.
		if got := list[2].End.Sub(list[2].Start); got != 7*24*time.Hour-time.Hour {
			t.Errorf("the week of March 2 lasts %s", got)
		}
		expectStatementsEqualLedger(t, db)
	})
}

func TestStatements_ALatePostingLandsInTheNextPeriodAndClosedOnesNeverChange(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		f := newStatementFixture(t, db, time.Date(2026, 4, 10, 12, 0, 0, 0, chicago))
		f.topUp(t, db, 1000_00, fuelportal.LedgerTopUp)
		f.buy(t, db, "p-1", 50_000, 0)
		f.clock.Set(time.Date(2026, 5, 1, 5, 59, 0, 0, chicago))
		if n, err := f.svc.CloseDue(ctx); err != nil || n != 0 {
			t.Fatalf("CloseDue before 06:00 = %d, %v", n, err)
		}
		f.clock.Set(time.Date(2026, 5, 1, 6, 0, 0, 0, chicago))
		if n, err := f.svc.CloseDue(ctx); err != nil || n != 1 {
			t.Fatalf("CloseDue at 06:00 = %d, %v", n, err)
		}
		if n, err := f.svc.CloseDue(ctx); err != nil || n != 0 {
			t.Fatalf("CloseDue again = %d, %v", n, err)
		}
		list, _ := f.svc.List(ctx, f.Company.ID)
		april := list[1]
		aprilLines := 0
		if _, err := f.svc.Walk(ctx, april, func(*fuelportal.StatementLine) error { aprilLines++; return nil }); err != nil {
			t.Fatal(err)
		}

		// A transfer whose time is in April commits after April closed
		// (its transaction began before midnight): it lands in May.
		f.clock.Set(time.Date(2026, 4, 30, 23, 59, 0, 0, chicago))
		f.topUp(t, db, 25_00, fuelportal.LedgerTopUp)
		// A purchase made in April and reported in May is May's, late.
		f.clock.Set(time.Date(2026, 5, 2, 9, 0, 0, 0, chicago))
		f.buy(t, db, "p-2", 10_000, 3*24*time.Hour)

		again, err := f.svc.Get(ctx, f.Company.ID, april.ID)
		if err != nil {
			t.Fatal(err)
		}
		againLines := 0
		if _, err := f.svc.Walk(ctx, again, func(*fuelportal.StatementLine) error { againLines++; return nil }); err != nil {
			t.Fatal(err)
		}
		if again.ClosingCents != april.ClosingCents || againLines != aprilLines {
			t.Fatalf("April changed: closing %d→%d, lines %d→%d", april.ClosingCents, again.ClosingCents, aprilLines, againLines)
		}
		may, _ := f.svc.Get(ctx, f.Company.ID, list[0].ID)
		var late []fuelportal.LedgerKind
		if _, err := f.svc.Walk(ctx, may, func(l *fuelportal.StatementLine) error {
			if l.Late {
				late = append(late, l.Kind)
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		if len(late) != 3 { // the top-up, the purchase and its fee
			t.Fatalf("late lines in May = %v", late)
		}
		if balance, _ := db.WalletBalance(ctx, f.Company.ID); may.ClosingCents != balance || may.OpeningCents != april.ClosingCents {
			t.Fatalf("May %d→%d, wallet %d, April closed at %d", may.OpeningCents, may.ClosingCents, balance, april.ClosingCents)
		}
		expectStatementsEqualLedger(t, db)
	})
}

func TestStatements_OfAnotherCompanyIsNotFound(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newStatementFixture(t, db, time.Date(2026, 4, 10, 12, 0, 0, 0, time.UTC))
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000099")
		list, err := f.svc.List(ctx, f.Company.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Get(ctx, other.ID, list[0].ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's statement: %v", err)
		}
	})
}

func TestStatements_DocumentsParseBackAndKeepFormulasAsText(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		f := newStatementFixture(t, db, time.Date(2026, 4, 10, 12, 0, 0, 0, chicago))
		f.topUp(t, db, 10000_00, fuelportal.LedgerTopUp)
		for i := range 30 {
			f.clock.Set(f.clock.Now().Add(time.Hour))
			f.buy(t, db, fmt.Sprintf("d-%d", i), fuelportal.Gallons(10_000+i*1_000), 0)
		}
		f.clock.Set(time.Date(2026, 5, 1, 7, 0, 0, 0, chicago))
		if _, err := f.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		list, _ := f.svc.List(ctx, f.Company.ID)
		st := list[1]
		movements := st.ClosingCents - st.OpeningCents

		var out bytes.Buffer
		if err := f.svc.Write(ctx, st, statements.FormatCSV, fuelportal.LanguageEnglish, &out); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&out).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var sum int64
		var lines int
		for _, r := range rows[1:] {
			if r[0] == "Top-ups" || r[0] == "Purchases" || r[0] == "Fees" {
				lines++
				sum += parseCents(t, r[len(r)-1])
			}
			if strings.HasPrefix(r[6], "=") || (r[6] != "" && r[6] != "'"+formulaDriver) {
				t.Fatalf("driver cell %q runs as a formula", r[6])
			}
		}
		if lines != 61 || sum != movements || rows[len(rows)-1][0] != "Closing balance" || parseCents(t, rows[len(rows)-1][15]) != st.ClosingCents {
			t.Fatalf("CSV: %d lines summing %d (want 61, %d), last row %v", lines, sum, movements, rows[len(rows)-1])
		}

		out.Reset()
		if err := f.svc.Write(ctx, st, statements.FormatXLSX, fuelportal.LanguageEnglish, &out); err != nil {
			t.Fatal(err)
		}
		book, err := excelize.OpenReader(&out)
		if err != nil {
			t.Fatal(err)
		}
		sheet, err := book.GetRows("Statement")
		if err != nil {
			t.Fatal(err)
		}
		lines = 0
		for _, r := range sheet {
			if len(r) > 0 && (r[0] == "Top-ups" || r[0] == "Purchases" || r[0] == "Fees") {
				lines++
			}
		}
		if lines != 61 {
			t.Fatalf("XLSX: %d lines", lines)
		}
		// The formula-looking name is a text cell, not a formula.
		for i := 2; i <= len(sheet); i++ {
			if formula, _ := book.GetCellFormula("Statement", "G"+strconv.Itoa(i)); formula != "" {
				t.Fatalf("G%d is a formula: %s", i, formula)
			}
		}

		out.Reset()
		if err := f.svc.Write(ctx, st, statements.FormatPDF, fuelportal.LanguageEnglish, &out); err != nil {
			t.Fatal(err)
		}
		// Read back by a PDF parser: every movement's row, its amount the
		// last figure (before "late"), opening + movements = closing, each
		// page numbered.
		doc := pdfstreamtest.Read(t, out.Bytes())
		lines, sum = 0, 0
		var opening, closing string
		numbered := 0
		for _, r := range doc.Rows() {
			switch {
			case postedTime.MatchString(r[0]):
				lines++
				amount := r[len(r)-1]
				if amount == "late" {
					amount = r[len(r)-2]
				}
				sum += parseCents(t, amount)
			case r[0] == "Opening balance" && len(r) == 2:
				opening = r[1]
			case r[0] == "Closing balance" && len(r) == 2:
				closing = r[1]
			case r[0] == "Page "+strconv.Itoa(numbered+1):
				numbered++
			}
		}
		if lines != 61 || sum != movements || opening != fuelportal.FormatDollars(st.OpeningCents) || closing != fuelportal.FormatDollars(st.ClosingCents) ||
			doc.Pages < 2 || numbered != doc.Pages || !strings.Contains(doc.Title, " statement ") {
			t.Fatalf("PDF: %d lines summing %d (want 61, %d), opening %q closing %q (want %s, %s), %d pages %d numbered, title %q",
				lines, sum, movements, opening, closing, fuelportal.FormatDollars(st.OpeningCents), fuelportal.FormatDollars(st.ClosingCents),
				doc.Pages, numbered, doc.Title)
		}
	})
}

// postedTime is a statement row's first cell in the PDF.
var postedTime = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d$`)

func parseCents(t *testing.T, s string) int64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("amount %q: %v", s, err)
	}
	if f < 0 {
		return int64(f*100 - 0.5)
	}
	return int64(f*100 + 0.5)
}

func TestStatements_ClosingPublishesStatementReadyOnceAndMailsTheOwner(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		f := newStatementFixture(t, db, time.Date(2026, 4, 10, 12, 0, 0, 0, chicago))
		f.topUp(t, db, 100_00, fuelportal.LedgerTopUp)
		f.clock.Set(time.Date(2026, 5, 1, 6, 5, 0, 0, chicago))
		for range 2 {
			if _, err := f.svc.CloseDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		ready := 0
		for _, a := range storetest.AlertsOf(t, db, f.Company.ID, false).Items {
			if a.Kind == string(fuelportal.AlertStatementReady) {
				ready++
			}
		}
		if ready != 1 {
			t.Fatalf("STATEMENT_READY alerts = %d, want 1", ready)
		}
		msgs, err := db.OutboxMessages(ctx, "owner@example.com", 100)
		if err != nil {
			t.Fatal(err)
		}
		mailed := 0
		for _, m := range msgs {
			if m.Subject == fuelportal.AlertMailSubject(fuelportal.AlertStatementReady, fuelportal.LanguageEnglish) {
				mailed++
			}
		}
		if mailed != 1 {
			t.Fatalf("statement.ready mails to the owner = %d, want 1", mailed)
		}
	})
}

// spanishDriver has every letter and mark of Spanish that English lacks.
const spanishDriver = "¿Íñigo? ¡Núñez Ú!"

// spanishPosted is a statement row's first cell in the Spanish PDF: the
// numeric date of docs/product.md, "Languages".
var spanishPosted = regexp.MustCompile(`^\d\d/\d\d/\d{4} \d{1,2}:\d\d [AP]M$`)

func TestStatements_ASpanishReadersDocumentsAreSpanishWithTheEnglishFigures(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		chicago, _ := time.LoadLocation("America/Chicago")
		f := newStatementFixture(t, db, time.Date(2026, 4, 10, 12, 0, 0, 0, chicago))
		if _, err := issuing.New(issuing.Deps{DB: db}).UpdateCard(ctx, f.Company.ID, fuelportal.CardUpdate{CardNumber: f.Active.CardNumber, DriverName: spanishDriver,
			DriverID: "D-1", UnitNumber: "U-1", Status: fuelportal.CardActive}); err != nil {
			t.Fatal(err)
		}
		f.topUp(t, db, 5000_00, fuelportal.LedgerTopUp)
		for i := range 12 {
			f.clock.Set(f.clock.Now().Add(time.Hour))
			f.buy(t, db, fmt.Sprintf("es-%d", i), fuelportal.Gallons(20_000+i*1_250), 0)
		}
		f.clock.Set(time.Date(2026, 5, 1, 7, 0, 0, 0, chicago))
		if _, err := f.svc.CloseDue(ctx); err != nil {
			t.Fatal(err)
		}
		expectStatementsEqualLedger(t, db)
		list, _ := f.svc.List(ctx, f.Company.ID)
		st := list[1]
		if ledger := f.balanceBefore(st.End); st.ClosingCents != ledger {
			t.Fatalf("April closes at %d, the ledger's balance at its end is %d", st.ClosingCents, ledger)
		}
		write := func(format statements.Format, lang fuelportal.Language) []byte {
			var out bytes.Buffer
			if err := f.svc.Write(ctx, st, format, lang, &out); err != nil {
				t.Fatal(err)
			}
			return out.Bytes()
		}

		t.Run("the PDF speaks Spanish and its figures are the English one's", func(t *testing.T) {
			type figures struct {
				lines            int
				amounts          []string // every movement's amount, in order
				opening, closing string
				numbered         int
			}
			read := func(doc *pdfstreamtest.Document, posted *regexp.Regexp, late, opening, closing, page string) (figures, map[string]bool) {
				var fig figures
				seen := map[string]bool{}
				for _, raw := range doc.Rows() {
					r := make([]string, len(raw))
					for i, c := range raw {
						r[i] = pdfstreamtest.UTF8(c)
						seen[r[i]] = true
					}
					switch {
					case posted.MatchString(r[0]):
						fig.lines++
						amount := r[len(r)-1]
						if amount == late {
							amount = r[len(r)-2]
						}
						fig.amounts = append(fig.amounts, amount)
					case r[0] == opening && len(r) == 2:
						fig.opening = r[1]
					case r[0] == closing && len(r) == 2:
						fig.closing = r[1]
					case r[0] == fmt.Sprintf(page, fig.numbered+1):
						fig.numbered++
					}
				}
				return fig, seen
			}
			es := pdfstreamtest.Read(t, write(statements.FormatPDF, fuelportal.LanguageSpanish))
			en := pdfstreamtest.Read(t, write(statements.FormatPDF, fuelportal.LanguageEnglish))
			esFig, esTexts := read(es, spanishPosted, "tardío", "Saldo inicial", "Saldo final", "Página %d")
			enFig, _ := read(en, postedTime, "late", "Opening balance", "Closing balance", "Page %d")
			var sum int64
			for _, a := range esFig.amounts {
				sum += parseCents(t, a)
			}
			if esFig.lines != 25 || sum != st.ClosingCents-st.OpeningCents || esFig.opening != fuelportal.FormatDollars(st.OpeningCents) ||
				esFig.closing != fuelportal.FormatDollars(st.ClosingCents) || esFig.numbered != es.Pages {
				t.Fatalf("Spanish PDF: %d lines summing %d (want 25, %d), opening %q closing %q (want %s, %s), %d of %d pages numbered",
					esFig.lines, sum, st.ClosingCents-st.OpeningCents, esFig.opening, esFig.closing,
					fuelportal.FormatDollars(st.OpeningCents), fuelportal.FormatDollars(st.ClosingCents), esFig.numbered, es.Pages)
			}
			if fmt.Sprint(esFig.amounts) != fmt.Sprint(enFig.amounts) || esFig.opening != enFig.opening || esFig.closing != enFig.closing {
				t.Fatalf("Spanish figures %+v, English %+v", esFig, enFig)
			}
			for _, text := range []string{"Recargas", "Compras", "Comisiones", "Registrado", "Referencia", "Tarjeta", "Conductor", "Estación",
				"Galones", "Importe", "Tardío", spanishDriver} {
				if !esTexts[text] {
					t.Errorf("the Spanish PDF has no %q", text)
				}
			}
			if want := "Estado de cuenta de Acme Trucking del 1 abr 2026 al 30 abr 2026 (cerrado)"; es.Title != want || !esTexts[want] {
				t.Errorf("the Spanish PDF's title is %q, want %q", es.Title, want)
			}
		})

		t.Run("the spreadsheet speaks Spanish and its cells are the English one's figures", func(t *testing.T) {
			open := func(lang fuelportal.Language, sheet string) (*excelize.File, [][]string) {
				book, err := excelize.OpenReader(bytes.NewReader(write(statements.FormatXLSX, lang)))
				if err != nil {
					t.Fatal(err)
				}
				rows, err := book.GetRows(sheet, excelize.Options{RawCellValue: true})
				if err != nil {
					t.Fatal(err)
				}
				return book, rows
			}
			_, es := open(fuelportal.LanguageSpanish, "Estado de cuenta")
			_, en := open(fuelportal.LanguageEnglish, "Statement")
			if len(es) != len(en) || len(es) != 25+4 {
				t.Fatalf("%d Spanish rows, %d English, want %d", len(es), len(en), 25+4)
			}
			if got := strings.Join(es[0], "|"); got != "Sección|Registrado|Referencia|Tardío|Comprado|Tarjeta|Conductor|Unidad|Estación|Jurisdicción|Producto|Galones|Precio|Descuento|Cargo|Importe" {
				t.Fatalf("Spanish titles %s", got)
			}
			if es[1][0] != "Estado de cuenta" || es[1][2] != "Estado de cuenta de Acme Trucking del 1 abr 2026 al 30 abr 2026 (cerrado)" ||
				es[2][0] != "Saldo inicial" || es[len(es)-1][0] != "Saldo final" {
				t.Fatalf("Spanish head %q, %q, last row %q", es[1], es[2], es[len(es)-1])
			}
			var sum int64
			for i := 3; i < len(es)-1; i++ {
				if es[i][0] != "Recargas" && es[i][0] != "Compras" && es[i][0] != "Comisiones" || !spanishPosted.MatchString(es[i][1]) {
					t.Fatalf("Spanish row %d: %q", i+1, es[i])
				}
				if es[i][0] == "Compras" && (es[i][6] != spanishDriver || !spanishPosted.MatchString(es[i][4])) {
					t.Fatalf("Spanish purchase row %d: %q", i+1, es[i])
				}
				// The figures (gallons to the amount) are the English cells.
				if fmt.Sprint(es[i][11:]) != fmt.Sprint(en[i][11:]) {
					t.Fatalf("row %d: Spanish %q, English %q", i+1, es[i][11:], en[i][11:])
				}
				sum += parseCents(t, es[i][15])
			}
			closing := es[len(es)-1]
			if sum != st.ClosingCents-st.OpeningCents || parseCents(t, closing[15]) != st.ClosingCents || closing[15] != en[len(en)-1][15] ||
				parseCents(t, es[2][15]) != st.OpeningCents {
				t.Fatalf("Spanish movements sum %d (want %d), closing %q (want %d, English %q)", sum, st.ClosingCents-st.OpeningCents,
					closing[15], st.ClosingCents, en[len(en)-1][15])
			}
		})

		t.Run("the CSV is the same in every language", func(t *testing.T) {
			if es, en := write(statements.FormatCSV, fuelportal.LanguageSpanish), write(statements.FormatCSV, fuelportal.LanguageEnglish); !bytes.Equal(es, en) {
				t.Fatalf("Spanish CSV:\n%s\nEnglish CSV:\n%s", es, en)
			}
		})
	})
}
