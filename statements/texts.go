package statements

import (
	"time"

	"fuelportal"
)

// documentTexts are the words and formats of a statement's PDF and
// spreadsheet in one language. The CSV is English whatever the reader's
// language (docs/decisions.md, "Statements"). Amounts are written the US
// way in every language (docs/product.md, "Languages").
type documentTexts struct {
	Statement string // the sheet's name and its first row's label
	// Title is the document's title: a fmt format of the company, the
	// period's first and last days and its status.
	Title    string
	Status   map[fuelportal.StatementStatus]string
	Rule     string // the PDF's sentence under its title
	Opening  string
	Closing  string
	Sections map[string]string // by section key (sectionKey)
	Late     string            // a late line's mark
	OpenHold string            // an open hold's section in the spreadsheet
	Holds    string            // the PDF's heading of the open holds
	Page     string            // a PDF page's foot: a fmt format of its number
	Columns  map[string]string // by column key (columns, pdfColumns)
	// Moment writes a line's time on the company's clock; Day writes a
	// period's day.
	Moment func(time.Time) string
	Day    func(time.Time) string
}

// texts are the documents' texts by language (textsIn picks one).
var texts = map[fuelportal.Language]*documentTexts{
	fuelportal.LanguageEnglish: {
		Statement: "Statement",
		Title:     "%s statement %s to %s (%s)",
		Status:    map[fuelportal.StatementStatus]string{fuelportal.StatementOpen: "open", fuelportal.StatementClosed: "closed"},
		Rule:      "A movement belongs to the period in which it posts. Late: it posted after an earlier period was closed.",
		Opening:   "Opening balance",
		Closing:   "Closing balance",
		Sections: map[string]string{sectionTopUps: "Top-ups", sectionPurchases: "Purchases", sectionFees: "Fees",
			sectionRefunds: "Refunds and reversals", sectionInvoicePayments: "Invoice payments"},
		Late:     "late",
		OpenHold: "Open hold",
		Holds:    "Open holds (not in any period until they post)",
		Page:     "Page %d",
		Columns: map[string]string{"section": "Section", "posted": "Posted", "reference": "Reference", "late": "Late",
			"purchased": "Purchased", "card": "Card", "driver": "Driver", "unit": "Unit", "station": "Station",
			"jurisdiction": "Jurisdiction", "jurisdictionShort": "St", "product": "Product", "gallons": "Gallons", "price": "Price",
			"discount": "Discount", "fee": "Fee", "amount": "Amount"},
		Moment: func(t time.Time) string { return t.Format("2006-01-02 15:04") },
		Day:    func(t time.Time) string { return t.Format(time.DateOnly) },
	},
	fuelportal.LanguageSpanish: {
		Statement: "Estado de cuenta",
		Title:     "Estado de cuenta de %s del %s al %s (%s)",
		Status:    map[fuelportal.StatementStatus]string{fuelportal.StatementOpen: "abierto", fuelportal.StatementClosed: "cerrado"},
		Rule:      "Un movimiento pertenece al periodo en que se registra. Tardío: se registró después de cerrarse un periodo anterior.",
		Opening:   "Saldo inicial",
		Closing:   "Saldo final",
		Sections: map[string]string{sectionTopUps: "Recargas", sectionPurchases: "Compras", sectionFees: "Comisiones",
			sectionRefunds: "Reembolsos y reversiones", sectionInvoicePayments: "Pagos de factura"},
		Late:     "tardío",
		OpenHold: "Retención abierta",
		Holds:    "Retenciones abiertas (no están en ningún periodo hasta que se registren)",
		Page:     "Página %d",
		Columns: map[string]string{"section": "Sección", "posted": "Registrado", "reference": "Referencia", "late": "Tardío",
			"purchased": "Comprado", "card": "Tarjeta", "driver": "Conductor", "unit": "Unidad", "station": "Estación",
			"jurisdiction": "Jurisdicción", "jurisdictionShort": "Jur.", "product": "Producto", "gallons": "Galones", "price": "Precio",
			"discount": "Descuento", "fee": "Cargo", "amount": "Importe"},
		// The numeric date of docs/product.md, "Languages": 21/11/2026 2:03 PM.
		Moment: func(t time.Time) string { return t.Format("02/01/2006 3:04 PM") },
		Day: func(t time.Time) string {
			return fuelportal.DayText(fuelportal.LanguageSpanish, t.Format(time.DateOnly))
		},
	},
}

// textsIn returns the documents' texts in lang, English for a language
// the documents do not speak.
func textsIn(lang fuelportal.Language) *documentTexts {
	if t, ok := texts[lang]; ok {
		return t
	}
	return texts[fuelportal.LanguageEnglish]
}

// csvTexts are the CSV's: English, its column names stable for the
// accounting imports that read them.
var csvTexts = texts[fuelportal.LanguageEnglish]
