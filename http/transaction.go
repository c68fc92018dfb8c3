package http

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/xlsx"
)

// Transactions are served twice: under /api/wex/company/… for the owner
// (the whole company) and under /api/wex/… for a driver (their own card
// only). The handlers take the caller's scope from one of these.
type scopeOf func(Principal) fuelportal.TransactionScope

func companyScope(p Principal) fuelportal.TransactionScope {
	return fuelportal.TransactionScope{CompanyID: p.CompanyID, GroupID: p.GroupID}
}

func driverScope(p Principal) fuelportal.TransactionScope {
	card := p.CardID
	if card == 0 {
		card = -1 // a user without a card sees nothing
	}
	// Only what was bought while they held the card: the card's earlier
	// history belongs to the company, not to its next driver.
	return fuelportal.TransactionScope{CompanyID: p.CompanyID, CardID: card, HolderUserID: p.UserID}
}

// Paging of the transactions list (docs/product.md §9).
const (
	defaultPageSize = 20
	maxPageSize     = 100
	// maxLastDays is the "all time" period of the savings tiles.
	maxLastDays = 3650
	// countPagesAhead bounds how far past the requested page the list
	// counts: totalElements is exact up to offset + countPagesAhead pages of
	// matches and a lower bound beyond (the app only needs to know more
	// pages exist: page < totalPages - 1), so a page costs the same over
	// 1,000 or 1,000,000 rows, and a search for a common word checks a few
	// thousand index entries rather than a month's.
	countPagesAhead = 10
)

// MsgSelectDateRange is the export's answer when a date is missing.
const MsgSelectDateRange = "Please select a date range"

type transactionItem struct {
	TransactionID   int64   `json:"transactionId"`
	TransactionDate string  `json:"transactionDate"`
	InvoiceRef      string  `json:"invoiceRef"`
	LocationName    string  `json:"locationName"`
	DriverCardName  string  `json:"driverCardName"`
	CardNumber      string  `json:"cardNumber"`
	FundedTotal     float64 `json:"fundedTotal"`
	DiscAmount      float64 `json:"discAmount"`
	// AttemptedAmount is the purchase at the pump (gallons × retail
	// price): what a declined purchase, whose FundedTotal is 0, would
	// have cost.
	AttemptedAmount float64                      `json:"attemptedAmount"`
	Status          fuelportal.TransactionStatus `json:"status"`
	ProductCode     fuelportal.ProductCode       `json:"productCode"`
	DeclineCode     *fuelportal.DeclineReason    `json:"declineCode"`   // stable; nil when approved
	DeclineReason   *string                      `json:"declineReason"` // the code's sentence; nil when approved
	// HolderName is who held the card at the purchase; nil for none.
	HolderName *string `json:"holderName"`
	// Coding is how the purchase is booked; JobRequired says its card
	// required a job (MissingJob: and it has none yet).
	Coding      fuelportal.Coding `json:"coding"`
	JobRequired bool              `json:"jobRequired"`
	MissingJob  bool              `json:"missingJob"`
}

type transactionDetail struct {
	transactionItem
	DriverID        string  `json:"driverId"`
	LocationAddress string  `json:"locationAddress"`
	FuelQuantity    float64 `json:"fuelQuantity"`
	RetailPrice     float64 `json:"retailPrice"`
	NetPrice        float64 `json:"netPrice"`
	// Authorization is the decision on the card authorization the purchase
	// came from (Stripe Issuing cards; owners only); absent otherwise.
	Authorization *authorizationDTO `json:"authorization,omitempty"`
	// UnitNumber is the card's unit at the purchase ("" when none),
	// VehicleID the company's vehicle with it (nil: none), Odometer the
	// reading keyed at the pump (nil: none).
	UnitNumber string `json:"unitNumber"`
	VehicleID  *int64 `json:"vehicleId"`
	Odometer   *int64 `json:"odometer"`
	// StationMatch is how the purchase's station was told (exact,
	// ambiguous, none); CandidateLocationIDs the stations an ambiguous
	// merchant may be (absent otherwise).
	StationMatch         fuelportal.StationMatch `json:"stationMatch"`
	CandidateLocationIDs []int64                 `json:"candidateLocationIds,omitempty"`
	// PumpCheck is what the pump check used (absent: it did not apply).
	PumpCheck *fuelportal.PumpCheck `json:"pumpCheck,omitempty"`
}

func transactionItemFrom(t *fuelportal.Transaction) transactionItem {
	item := transactionItem{
		TransactionID: t.ID, TransactionDate: fuelportal.WireTime(t.TransactionDate), InvoiceRef: t.InvoiceRef,
		LocationName: t.LocationName, DriverCardName: t.DriverCardName, CardNumber: t.CardNumber,
		FundedTotal: dollars(t.FundedTotalCents), DiscAmount: dollars(t.DiscountCents),
		AttemptedAmount: dollars(fuelportal.PriceOf(t.Gallons, t.RetailPrice)), Status: t.Status,
		Coding: t.Coding, JobRequired: t.JobRequired, MissingJob: t.MissingJob(),
	}
	item.ProductCode, item.DeclineCode, item.DeclineReason = productCode(t), declineCode(t), declineSentence(t)
	if t.HolderName != "" {
		item.HolderName = &t.HolderName
	}
	return item
}

// productCode is the transaction's product, DSL for rows recorded before
// products were.
func productCode(t *fuelportal.Transaction) fuelportal.ProductCode {
	if t.Product == "" {
		return fuelportal.ProductDiesel
	}
	return t.Product
}

func declineCode(t *fuelportal.Transaction) *fuelportal.DeclineReason {
	if t.DeclineReason == "" {
		return nil
	}
	code := t.DeclineReason
	return &code
}

func declineSentence(t *fuelportal.Transaction) *string {
	if t.DeclineReason == "" {
		return nil
	}
	sentence := t.DeclineReason.Sentence()
	return &sentence
}

func transactionDetailFrom(t *fuelportal.Transaction) transactionDetail {
	d := transactionDetail{
		transactionItem: transactionItemFrom(t), DriverID: t.DriverID, LocationAddress: t.LocationAddress,
		FuelQuantity: t.Gallons.Float(), RetailPrice: perGallon(t.RetailPrice), NetPrice: perGallon(t.NetPrice),
		UnitNumber: t.UnitNumber, Odometer: t.Odometer,
		StationMatch: fuelportal.StationMatchOf(t.StationMatch, t.LocationID), CandidateLocationIDs: t.CandidateLocationIDs,
	}
	if t.VehicleID != 0 {
		d.VehicleID = &t.VehicleID
	}
	return d
}

type pageInfo struct {
	Number        int `json:"number"`
	Size          int `json:"size"`
	TotalElements int `json:"totalElements"`
	TotalPages    int `json:"totalPages"`
}

type transactionPage struct {
	Content []transactionItem `json:"content"`
	Page    pageInfo          `json:"page"`
}

// transactionFilter reads searchText, dateFrom, dateTo, cardNumber,
// missingJob, uncoded and sort
// from the query, adding bad values to fe. Dates without a zone are read in
// loc; a dateTo that is a date alone keeps its whole day.
func transactionFilter(fe fuelportal.FieldErrors, q url.Values, scope fuelportal.TransactionScope, loc *time.Location) fuelportal.TransactionFilter {
	f := fuelportal.TransactionFilter{Scope: scope, Search: queryText(fe, q, "searchText", "searchText"),
		CardNumber: strings.TrimSpace(queryText(fe, q, "cardNumber", "cardNumber"))}
	for _, d := range []struct {
		name string
		to   *time.Time
	}{{"dateFrom", &f.From}, {"dateTo", &f.To}} {
		if v := queryText(fe, q, d.name, "date"); v != "" && !fe.Has(d.name) {
			t, dateOnly, err := queryTime(v, loc)
			if err != nil {
				fe.Add(d.name, "Must be a date like 2026-11-22 or a time like 2026-11-22T23:59:59-06:00")
			}
			if dateOnly && d.name == "dateTo" {
				t = nextDay(t, loc).Add(-time.Nanosecond)
			}
			*d.to = t
		}
	}
	switch queryText(fe, q, "missingJob", "code") {
	case "", "false":
	case "true":
		f.MissingJob = true
	default:
		fe.Add("missingJob", "Must be true or false")
	}
	switch queryText(fe, q, "uncoded", "code") {
	case "", "false":
	case "true":
		f.Uncoded = true
	default:
		fe.Add("uncoded", "Must be true or false")
	}
	switch queryText(fe, q, "sort", "code") {
	case "", "transactionDate,desc":
	case "transactionDate", "transactionDate,asc":
		f.Ascending = true
	default:
		fe.Add("sort", "Sort must be transactionDate,desc or transactionDate,asc")
	}
	return f
}

// queryInt reads an integer query parameter from minValue to maxValue
// (def when absent), adding a field error to fe when it is out of range.
func queryInt(fe fuelportal.FieldErrors, q url.Values, name string, def, minValue, maxValue int) int {
	v := q.Get(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < minValue || n > maxValue {
		fe.Add(name, fmt.Sprintf("Must be a whole number from %d to %d", minValue, maxValue))
		return def
	}
	return n
}

// handleTransactionList answers one page of the caller's transactions,
// newest first unless sort says otherwise.
func (s *Server) handleTransactionList(scope scopeOf) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		fe := fuelportal.FieldErrors{}
		sc := scope(PrincipalFromContext(r.Context()))
		loc, err := s.companyLocation(r.Context(), sc.CompanyID)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		f := transactionFilter(fe, q, sc, loc)
		page := queryInt(fe, q, "page", 0, 0, 1_000_000)
		size := queryInt(fe, q, "size", defaultPageSize, 1, maxPageSize)
		if err := fe.Err(); err != nil {
			s.respondError(w, r, err)
			return
		}
		f.Offset, f.Limit, f.CountAtMost = page*size, size, (page+countPagesAhead)*size

		items, total, err := s.transactionStore.Transactions(r.Context(), f)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		res := transactionPage{Content: make([]transactionItem, 0, len(items)),
			Page: pageInfo{Number: page, Size: size, TotalElements: total, TotalPages: (total + size - 1) / size}}
		for _, t := range items {
			res.Content = append(res.Content, transactionItemFrom(t))
		}
		respond(w, http.StatusOK, res)
	}
}

// handleTransactionGet answers one of the caller's transactions; any other
// id is 404.
func (s *Server) handleTransactionGet(scope scopeOf) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Transaction not found"))
			return
		}
		t, err := s.transactionStore.Transaction(r.Context(), scope(PrincipalFromContext(r.Context())), id)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		detail := transactionDetailFrom(t)
		if detail.PumpCheck, err = s.PumpCheck.OfTransaction(r.Context(), t.CompanyID, t.ID); err != nil {
			s.respondError(w, r, err)
			return
		}
		if p := PrincipalFromContext(r.Context()); p.Role == fuelportal.RoleCompany {
			a, err := s.transactionStore.TransactionAuthorization(r.Context(), p.CompanyID, t.ID)
			if err != nil {
				s.respondError(w, r, err)
				return
			}
			detail.Authorization = authorizationFrom(a)
		}
		respond(w, http.StatusOK, detail)
	}
}

type spendingsDTO struct {
	Total float64 `json:"total"`
	Saved float64 `json:"saved"`
	// MissedSavings is what the trip purchases of the period lost off their plans.
	MissedSavings float64 `json:"missedSavings"`
}

// handleTotalSpendings answers what the caller's approved purchases cost and
// saved over the last lastDays days: today counts as day 1, so lastDays=1
// is today and lastDays = day of month is this month (docs/product.md §7).
func (s *Server) handleTotalSpendings(scope scopeOf) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		fe := fuelportal.FieldErrors{}
		if r.URL.Query().Get("lastDays") == "" {
			fe.Add("lastDays", "lastDays is required")
		}
		days := queryInt(fe, r.URL.Query(), "lastDays", 1, 1, maxLastDays)
		if err := fe.Err(); err != nil {
			s.respondError(w, r, err)
			return
		}
		sc := scope(PrincipalFromContext(r.Context()))
		loc, err := s.companyLocation(r.Context(), sc.CompanyID)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		// Days start at the company's midnights, as its limits' do.
		now := s.Now().In(loc)
		since := fuelportal.WallClockIn(time.Date(now.Year(), now.Month(), now.Day()-(days-1), 0, 0, 0, 0, time.UTC), loc)

		sp, err := s.transactionStore.Spendings(r.Context(), sc, since)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		missed, err := s.transactionStore.MissedSavings(r.Context(), sc, since)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		respond(w, http.StatusOK, []spendingsDTO{{Total: dollars(sp.TotalCents), Saved: dollars(sp.SavedCents), MissedSavings: dollars(missed)}})
	}
}

// exportColumns are the columns of the transactions spreadsheet.
var exportColumns = []xlsx.Column{
	{Title: "Date", Kind: xlsx.DateTime, Width: 18},
	{Title: "Invoice", Kind: xlsx.Text, Width: 13},
	{Title: "Status", Kind: xlsx.Text, Width: 11},
	{Title: "Decline Reason", Kind: xlsx.Text, Width: 30},
	{Title: "Driver", Kind: xlsx.Text, Width: 20},
	{Title: "Driver ID", Kind: xlsx.Text, Width: 12},
	{Title: "Card Number", Kind: xlsx.Text, Width: 22},
	{Title: "Location", Kind: xlsx.Text, Width: 30},
	{Title: "Address", Kind: xlsx.Text, Width: 40},
	{Title: "Gallons", Kind: xlsx.Decimal3, Width: 10},
	{Title: "Retail Price", Kind: xlsx.Price3, Width: 12},
	{Title: "Net Price", Kind: xlsx.Price3, Width: 12},
	{Title: "Discount", Kind: xlsx.Money, Width: 12},
	{Title: "Fee", Kind: xlsx.Money, Width: 10},
	{Title: "Funded Total", Kind: xlsx.Money, Width: 14},
	{Title: "Decline Code", Kind: xlsx.Text, Width: 22},
	{Title: "Product", Kind: xlsx.Text, Width: 9},
}

// handleTransactionExport answers the caller's transactions between
// dateFrom and dateTo (both required), optionally searched or of one card,
// newest first (or as sort says), as an .xlsx file. Rows stream from the database into the sheet's
// temporary file; the answer starts once the file is complete, so a
// failure is still a JSON error.
func (s *Server) handleTransactionExport(scope scopeOf) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		if q.Get("dateFrom") == "" || q.Get("dateTo") == "" {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, MsgSelectDateRange))
			return
		}
		fe := fuelportal.FieldErrors{}
		sc := scope(PrincipalFromContext(r.Context()))
		loc, err := s.companyLocation(r.Context(), sc.CompanyID)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		f := transactionFilter(fe, q, sc, loc)
		if err := fe.Err(); err != nil {
			s.respondError(w, r, err)
			return
		}

		sheet, err := xlsx.NewSheet("Transactions", exportColumns)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		defer sheet.Close()
		err = s.transactionStore.EachTransaction(r.Context(), f, func(t *fuelportal.Transaction) error {
			// A spreadsheet's times have no zone: the company's wall clock.
			l := t.TransactionDate.In(loc)
			local := time.Date(l.Year(), l.Month(), l.Day(), l.Hour(), l.Minute(), l.Second(), l.Nanosecond(), time.UTC)
			return sheet.AddRow(local, t.InvoiceRef, string(t.Status), t.DeclineReason.Sentence(), t.DriverCardName, t.DriverID,
				t.CardNumber, t.LocationName, t.LocationAddress, int64(t.Gallons), int64(t.RetailPrice), int64(t.NetPrice),
				t.DiscountCents, t.FeeCents, t.FundedTotalCents, string(t.DeclineReason), string(productCode(t)))
		})
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		filename := "transactions-" + s.Now().In(loc).Format("2006-01-02") + ".xlsx"
		w.Header().Set("Content-Type", xlsx.ContentType)
		w.Header().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
		w.WriteHeader(http.StatusOK)
		if _, err := sheet.WriteTo(w); err != nil {
			s.Logger.WarnContext(r.Context(), "export write", "err", err)
		}
	}
}

// transactionStore is the store as seen by the transaction handlers
// (*store.DB).
type transactionStore interface {
	EachTransaction(ctx context.Context, f fuelportal.TransactionFilter, fn func(*fuelportal.Transaction) error) error
	MissedSavings(ctx context.Context, scope fuelportal.TransactionScope, since time.Time) (cents int64, err error)
	Spendings(ctx context.Context, scope fuelportal.TransactionScope, since time.Time) (s fuelportal.Spendings, err error)
	Transaction(ctx context.Context, scope fuelportal.TransactionScope, id int64) (t *fuelportal.Transaction, err error)
	TransactionAuthorization(ctx context.Context, companyID int64, transactionID int64) (a *fuelportal.Authorization, err error)
	Transactions(ctx context.Context, f fuelportal.TransactionFilter) (page []*fuelportal.Transaction, total int, err error)
}
