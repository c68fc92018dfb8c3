package statements

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/pdfstream"
)

// TestTexts_EveryLanguageHasEveryText: a text missing in one language
// would leave a heading or a column title empty in its documents.
func TestTexts_EveryLanguageHasEveryText(t *testing.T) {
	en := texts[fuelportal.LanguageEnglish]
	for lang, tx := range texts {
		for key := range en.Columns {
			if tx.Columns[key] == "" {
				t.Errorf("%s has no column title %s", lang, key)
			}
		}
		for key := range en.Sections {
			if tx.Sections[key] == "" {
				t.Errorf("%s has no section %s", lang, key)
			}
		}
		for status := range en.Status {
			if tx.Status[status] == "" {
				t.Errorf("%s has no status %s", lang, status)
			}
		}
		if tx.Statement == "" || tx.Title == "" || tx.Rule == "" || tx.Opening == "" || tx.Closing == "" || tx.Late == "" ||
			tx.OpenHold == "" || tx.Holds == "" || tx.Page == "" || tx.Moment == nil || tx.Day == nil {
			t.Errorf("%s lacks a text: %+v", lang, tx)
		}
	}
	if len(texts) != 2 || textsIn("fr") != en {
		t.Errorf("%d languages; an unknown one reads %p, not English", len(texts), textsIn("fr"))
	}
}

// TestTexts_AgreeWithTheStatementsPage: the words a document shares with
// the statements page (web/src/locales/*/statements.json) are the page's.
func TestTexts_AgreeWithTheStatementsPage(t *testing.T) {
	sections := map[string]string{sectionTopUps: "TOP_UP", sectionPurchases: "FUEL_PURCHASE", sectionFees: "TRANSACTION_FEE",
		sectionRefunds: "OTHER", sectionInvoicePayments: "INVOICE_PAYMENT"}
	for lang, dir := range map[fuelportal.Language]string{fuelportal.LanguageEnglish: "en-US", fuelportal.LanguageSpanish: "es"} {
		raw, err := os.ReadFile("../web/src/locales/" + dir + "/statements.json")
		if err != nil {
			t.Fatal(err)
		}
		var page struct {
			Opening, Closing, Late string
			Section                map[string]string
		}
		if err := json.Unmarshal(raw, &page); err != nil {
			t.Fatal(err)
		}
		tx := texts[lang]
		if tx.Opening != page.Opening || tx.Closing != page.Closing || tx.Columns["late"] != page.Late {
			t.Errorf("%s: opening %q closing %q late %q; the page's %q %q %q", lang, tx.Opening, tx.Closing, tx.Columns["late"],
				page.Opening, page.Closing, page.Late)
		}
		for key, kind := range sections {
			if tx.Sections[key] != page.Section[kind] {
				t.Errorf("%s: section %s is %q, the page's %q", lang, key, tx.Sections[key], page.Section[kind])
			}
		}
	}
}

// TestPDFColumnsHoldTheirTextsInEveryLanguage: no column title, time or
// late mark of any language is cut in the PDF.
func TestPDFColumnsHoldTheirTextsInEveryLanguage(t *testing.T) {
	widest := time.Date(2026, 12, 28, 12, 59, 0, 0, time.UTC) // two-digit day, month and hour
	for lang, tx := range texts {
		for _, c := range pdfColumns {
			room := c.width - 2*pdfCellInset
			if w := pdfstream.Width(pdfstream.Encode(tx.Columns[c.key]), pdfstream.HelveticaBold, 7); w > room {
				t.Errorf("%s: the title %q is %.2f mm in a column of %.2f", lang, tx.Columns[c.key], w, room)
			}
			var value string
			switch c.key {
			case "posted":
				value = tx.Moment(widest)
			case "late":
				value = tx.Late
			default:
				continue
			}
			if w := pdfstream.Width(pdfstream.Encode(value), pdfstream.Helvetica, 7); w > room {
				t.Errorf("%s: %q is %.2f mm in a column of %.2f", lang, value, w, room)
			}
		}
	}
	total := 0.0
	for _, c := range pdfColumns {
		total += c.width
	}
	if total > pdfWidth-2*pdfMargin {
		t.Errorf("the columns take %.1f mm of the page's %.1f", total, pdfWidth-2*pdfMargin)
	}
}
