package http

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// E-receipts: every approved purchase has a printable HTML receipt with
// what an IFTA auditor asks for, in English or Spanish.

//go:embed templates/receipt.html
var receiptFiles embed.FS

var receiptTemplate = template.Must(template.ParseFS(receiptFiles, "templates/receipt.html"))

// receiptTexts are the receipt's labels in one language.
type receiptTexts struct {
	Title, Approved, Station, Fleet, Company, Carrier, Card, Driver, Unit, Purchase, Product, Gallons,
	PumpPrice, CardPrice, PumpTotal, Discount, Fee, Total, Network string
	Products map[fuelportal.ProductCode]string
	Months   [12]string
	// TimeLayout formats the local time; its month ("Jan") is then
	// replaced by the language's name from Months.
	TimeLayout string
}

var receiptLanguages = map[string]*receiptTexts{
	"en": {
		Title: "Fuel receipt", Approved: "Approved", Station: "Station", Fleet: "Fleet", Company: "Company", Carrier: "Carrier ID",
		Card: "Card", Driver: "Driver", Unit: "Unit", Purchase: "Purchase", Product: "Product", Gallons: "Gallons",
		PumpPrice: "Pump price per gallon", CardPrice: "Your price per gallon", PumpTotal: "At pump price", Discount: "Discount",
		Fee: "Transaction fee", Total: "Total charged", Network: "Network transaction",
		Products: map[fuelportal.ProductCode]string{fuelportal.ProductDiesel: "Diesel", fuelportal.ProductReefer: "Reefer diesel",
			fuelportal.ProductDEF: "DEF", fuelportal.ProductGasoline: "Gasoline", fuelportal.ProductOther: "Other"},
		Months:     [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
		TimeLayout: "Jan 2, 2006, 3:04 PM MST",
	},
	"es": {
		Title: "Recibo de combustible", Approved: "Aprobada", Station: "Estación", Fleet: "Flota", Company: "Empresa", Carrier: "ID de transportista",
		Card: "Tarjeta", Driver: "Chofer", Unit: "Unidad", Purchase: "Compra", Product: "Producto", Gallons: "Galones",
		PumpPrice: "Precio por galón en bomba", CardPrice: "Su precio por galón", PumpTotal: "A precio de bomba", Discount: "Descuento",
		Fee: "Cargo por transacción", Total: "Total cobrado", Network: "Transacción de la red",
		Products: map[fuelportal.ProductCode]string{fuelportal.ProductDiesel: "Diésel", fuelportal.ProductReefer: "Diésel de refrigeración",
			fuelportal.ProductDEF: "DEF", fuelportal.ProductGasoline: "Gasolina", fuelportal.ProductOther: "Otro"},
		Months:     [12]string{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"},
		TimeLayout: "2 Jan 2006, 15:04 MST",
	},
}

// receiptLanguage is the receipt's language: the lang query parameter when
// it names one, else the first Accept-Language tag that does, else English.
func receiptLanguage(r *http.Request) string {
	if lang := r.URL.Query().Get("lang"); receiptLanguages[lang] != nil {
		return lang
	}
	for _, tag := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		base, _, _ := strings.Cut(strings.TrimSpace(strings.SplitN(tag, ";", 2)[0]), "-")
		if base = strings.ToLower(base); receiptLanguages[base] != nil {
			return base
		}
	}
	return "en"
}

// receiptPage is what the receipt template shows.
type receiptPage struct {
	Lang                                                                                string
	T                                                                                   *receiptTexts
	R                                                                                   *fuelportal.Receipt
	When, Card, Product, Gallons, PumpPrice, CardPrice, PumpTotal, Discount, Fee, Total string
}

func newReceiptPage(lang string, rc *fuelportal.Receipt) receiptPage {
	texts := receiptLanguages[lang]
	loc := time.UTC
	if rc.TimeZone != "" {
		if l, err := time.LoadLocation(rc.TimeZone); err == nil {
			loc = l
		}
	}
	at := rc.TransactionDate.In(loc)
	when := strings.Replace(at.Format(texts.TimeLayout), at.Format("Jan"), texts.Months[at.Month()-1], 1)
	product := productCode(rc.Transaction)
	return receiptPage{
		Lang: lang, T: texts, R: rc, When: when,
		Card:      "•••• " + rc.CardNumber[max(0, len(rc.CardNumber)-4):],
		Product:   texts.Products[product],
		Gallons:   formatGallons(rc.Gallons),
		PumpPrice: "$" + rc.RetailPrice.String(), CardPrice: "$" + rc.NetPrice.String(),
		PumpTotal: formatCents(fuelportal.PriceOf(rc.Gallons, rc.RetailPrice)), Discount: formatCents(rc.DiscountCents),
		Fee: formatCents(rc.FeeCents), Total: formatCents(rc.FundedTotalCents),
	}
}

// formatCents formats cents as dollars with thousands separators ("$1,234.56").
func formatCents(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := strconv.FormatInt(cents/100, 10)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	return fmt.Sprintf("%s$%s.%02d", sign, whole, cents%100)
}

// formatGallons formats thousandths of a gallon with three decimals.
func formatGallons(g fuelportal.Gallons) string {
	return fmt.Sprintf("%d.%03d", int64(g)/1000, int64(g)%1000)
}

// handleReceipt answers the printable e-receipt (HTML) of one of the
// caller's approved purchases; any other id, or a declined purchase, is 404.
func (s *Server) handleReceipt(scope scopeOf) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil || id <= 0 {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Transaction not found"))
			return
		}
		rc, err := s.receiptStore.Receipt(r.Context(), scope(PrincipalFromContext(r.Context())), id)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		var page bytes.Buffer
		if err := receiptTemplate.Execute(&page, newReceiptPage(receiptLanguage(r), rc)); err != nil {
			s.respondError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Disposition", fmt.Sprintf(`inline; filename="receipt-%s.html"`, rc.InvoiceRef))
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(page.Bytes())
	}
}

// receiptStore is the store as seen by the receipt handler (*store.DB).
type receiptStore interface {
	Receipt(ctx context.Context, scope fuelportal.TransactionScope, id int64) (r *fuelportal.Receipt, err error)
}
