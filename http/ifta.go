package http

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/ifta"
	"fuelportal/xlsx"
)

// The IFTA return of the owner's company (docs/ifta.md, "The return flow"):
// the handlers decode, call ifta.Service and encode.

// iftaMilesRequest is a manual miles entry as posted.
type iftaMilesRequest struct {
	UnitNumber   string      `json:"unitNumber" text:"unitNumber"`
	Date         string      `json:"date" text:"date"`
	Jurisdiction string      `json:"jurisdiction" text:"code"`
	Miles        json.Number `json:"miles"`
	Note         string      `json:"note"`
}

// iftaFuelRequest is an off-card fuel purchase as posted.
type iftaFuelRequest struct {
	UnitNumber   string      `json:"unitNumber" text:"unitNumber"`
	Date         string      `json:"date" text:"date"`
	Jurisdiction string      `json:"jurisdiction" text:"code"`
	Gallons      json.Number `json:"gallons"`
	FuelType     string      `json:"fuelType" text:"code"`
	TaxPaid      bool        `json:"taxPaid"`
	Vendor       string      `json:"vendor"`
}

type iftaMilesResponse struct {
	ID           int64     `json:"id"`
	UnitNumber   string    `json:"unitNumber"`
	Date         string    `json:"date"`
	Jurisdiction string    `json:"jurisdiction"`
	Miles        float64   `json:"miles"`
	Note         string    `json:"note"`
	CreatedAt    time.Time `json:"createdAt"`
}

type iftaFuelResponse struct {
	ID           int64     `json:"id"`
	UnitNumber   string    `json:"unitNumber"`
	Date         string    `json:"date"`
	Jurisdiction string    `json:"jurisdiction"`
	Gallons      float64   `json:"gallons"`
	FuelType     string    `json:"fuelType"`
	TaxPaid      bool      `json:"taxPaid"`
	Vendor       string    `json:"vendor"`
	CreatedAt    time.Time `json:"createdAt"`
}

func iftaMilesFromDomain(e *fuelportal.IFTAMilesEntry) iftaMilesResponse {
	return iftaMilesResponse{ID: e.ID, UnitNumber: e.UnitNumber, Date: e.Date, Jurisdiction: e.Jurisdiction,
		Miles: float64(e.MilesTenths) / 10, Note: e.Note, CreatedAt: e.CreatedAt.UTC()}
}

func iftaFuelFromDomain(e *fuelportal.IFTAFuelEntry) iftaFuelResponse {
	return iftaFuelResponse{ID: e.ID, UnitNumber: e.UnitNumber, Date: e.Date, Jurisdiction: e.Jurisdiction,
		Gallons: float64(e.Gallons) / 1000, FuelType: e.FuelType, TaxPaid: e.TaxPaid, Vendor: e.Vendor, CreatedAt: e.CreatedAt.UTC()}
}

// iftaYearQuarter reads ?year (2000–2100) and ?quarter (1–4); an absent
// one is 0, which the service refuses with its field error.
func iftaYearQuarter(fe fuelportal.FieldErrors, q url.Values) (year, quarter int) {
	return queryInt(fe, q, "year", 0, 2000, 2100), queryInt(fe, q, "quarter", 0, 1, 4)
}

// iftaPeriodQuery reads year, quarter and fuelType of the query.
func iftaPeriodQuery(fe fuelportal.FieldErrors, q url.Values) (year, quarter int, fuelType string) {
	year, quarter = iftaYearQuarter(fe, q)
	return year, quarter, strings.ToLower(strings.TrimSpace(queryText(fe, q, "fuelType", "code")))
}

// handleIFTAReturn answers the company's return for ?year&quarter&fuelType.
func (s *Server) handleIFTAReturn(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	year, quarter, fuel := iftaPeriodQuery(fe, r.URL.Query())
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	ret, err := s.IFTA.Return(r.Context(), PrincipalFromContext(r.Context()).CompanyID, year, quarter, fuel)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, ret)
}

// handleIFTASummary answers the dashboard's view of the company's diesel
// return to act on now (ifta.Service.Summary).
func (s *Server) handleIFTASummary(w http.ResponseWriter, r *http.Request) {
	sum, err := s.IFTA.Summary(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, sum)
}

// handleIFTAClose closes the company's return of {year}/{quarter} for
// ?fuelType, answering the frozen return.
func (s *Server) handleIFTAClose(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	year, errYear := strconv.Atoi(pathText(fe, r, "year", "id"))
	quarter, errQuarter := strconv.Atoi(pathText(fe, r, "quarter", "id"))
	if errYear != nil {
		fe.Add("year", "Must be a whole number")
	}
	if errQuarter != nil {
		fe.Add("quarter", "Must be a whole number")
	}
	fuel := strings.ToLower(strings.TrimSpace(queryText(fe, r.URL.Query(), "fuelType", "code")))
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	ret, err := s.IFTA.Close(r.Context(), p.CompanyID, p.UserID, year, quarter, fuel)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, ret)
}

// iftaRatesUploadJSON answers a rate upload: the rates stored and the
// quarters whose company rates they replaced.
type iftaRatesUploadJSON struct {
	Stored   int `json:"stored"`
	Quarters int `json:"quarters"`
}

// handleIFTARatesUpload stores a rate file (text/csv, at most
// ifta.MaxRatesBytes) as the company's own rates of its quarters, winning
// over the shared ones in its returns; a bad file is a 400 naming its bad
// lines.
func (s *Server) handleIFTARatesUpload(w http.ResponseWriter, r *http.Request) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || (mt != "text/csv" && mt != "text/plain") {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, "Send the rate file as a text/csv body"))
		return
	}
	p := PrincipalFromContext(r.Context())
	quarters, stored, err := s.IFTA.ImportCompanyRates(r.Context(), p.CompanyID, p.UserID, http.MaxBytesReader(w, r.Body, ifta.MaxRatesBytes))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			err = fuelportal.Errorf(fuelportal.EINVALID, "The rate file must not exceed %d KiB", ifta.MaxRatesBytes>>10)
		}
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, iftaRatesUploadJSON{Stored: stored, Quarters: quarters})
}

// handleIFTAClosedList answers the company's closed returns.
func (s *Server) handleIFTAClosedList(w http.ResponseWriter, r *http.Request) {
	list, err := s.IFTA.ClosedReturns(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, list)
}

// iftaExportColumns are the columns of the return's spreadsheet and CSV:
// the first row after the titles holds the return's totals, then one row
// per jurisdiction.
var iftaExportColumns = []xlsx.Column{
	{Title: "Jurisdiction", Kind: xlsx.Text, Width: 14},
	{Title: "Total Miles", Kind: xlsx.Integer, Width: 12},
	{Title: "Taxable Miles", Kind: xlsx.Integer, Width: 13},
	{Title: "Taxable Gallons", Kind: xlsx.Integer, Width: 15},
	{Title: "Tax-Paid Gallons", Kind: xlsx.Integer, Width: 16},
	{Title: "Net Taxable Gallons", Kind: xlsx.Integer, Width: 19},
	{Title: "Rate", Kind: xlsx.Rate4, Width: 10},
	{Title: "Surcharge", Kind: xlsx.Rate4, Width: 10},
	{Title: "Tax", Kind: xlsx.Money, Width: 12},
	{Title: "Surcharge Tax", Kind: xlsx.Money, Width: 13},
	{Title: "Total", Kind: xlsx.Money, Width: 12},
	{Title: "Fleet Gallons", Kind: xlsx.Integer, Width: 13},
	{Title: "Fleet MPG", Kind: xlsx.Decimal2, Width: 10},
}

// iftaExportRows are the export's rows as cell values of
// iftaExportColumns' kinds (nil: empty).
func iftaExportRows(ret *ifta.CompanyReturn) [][]any {
	var taxable, taxPaid, net, tax, surcharge int64
	for _, row := range ret.Rows {
		taxable, taxPaid, net = taxable+row.TaxableGallons, taxPaid+row.TaxPaidGallons, net+row.NetTaxableGallons
		tax, surcharge = tax+int64(row.Tax), surcharge+int64(row.SurchargeTax)
	}
	label := fmt.Sprintf("TOTAL %dQ%d %s", ret.Year, ret.Quarter, ret.FuelType)
	rows := [][]any{{label, ret.TotalMiles, ret.TotalTaxableMiles, taxable, taxPaid, net, nil, nil, tax, surcharge, int64(ret.TotalDue), ret.TotalGallons, int64(ret.MPG)}}
	for _, row := range ret.Rows {
		var rate, sur any
		if row.Rate != nil {
			rate, sur = int64(*row.Rate), int64(*row.Surcharge)
		}
		rows = append(rows, []any{row.Jurisdiction, row.TotalMiles, row.TaxableMiles, row.TaxableGallons, row.TaxPaidGallons, row.NetTaxableGallons,
			rate, sur, int64(row.Tax), int64(row.SurchargeTax), int64(row.Total), nil, nil})
	}
	return rows
}

// csvCell writes a cell of kind k as the CSV's text: amounts with their
// fixed decimals, as the JSON has them.
func csvCell(k xlsx.Kind, v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case int64:
		switch k {
		case xlsx.Money:
			return ifta.Cents(v).String()[1:]
		case xlsx.Rate4:
			b, _ := ifta.PerGallon(v).MarshalJSON()
			return string(b)
		case xlsx.Decimal2:
			return ifta.MPG(v).String()
		}
		return strconv.FormatInt(v, 10)
	}
	return fmt.Sprint(v)
}

// handleIFTAExport answers the company's return for
// ?year&quarter&fuelType as ?format=xlsx (the default) or csv.
func (s *Server) handleIFTAExport(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	q := r.URL.Query()
	year, quarter, fuel := iftaPeriodQuery(fe, q)
	format := strings.ToLower(queryText(fe, q, "format", "code"))
	if format == "" {
		format = "xlsx"
	}
	if format != "xlsx" && format != "csv" {
		fe.Add("format", "Must be xlsx or csv")
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	ret, err := s.IFTA.Return(r.Context(), PrincipalFromContext(r.Context()).CompanyID, year, quarter, fuel)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	filename := fmt.Sprintf("ifta-%dQ%d-%s.%s", year, quarter, fuel, format)
	rows := iftaExportRows(ret)
	if format == "csv" {
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
		w.WriteHeader(http.StatusOK)
		cw := csv.NewWriter(w)
		titles := make([]string, len(iftaExportColumns))
		for i, c := range iftaExportColumns {
			titles[i] = c.Title
		}
		_ = cw.Write(titles)
		for _, row := range rows {
			cells := make([]string, len(row))
			for i, v := range row {
				cells[i] = csvCell(iftaExportColumns[i].Kind, v)
			}
			_ = cw.Write(cells)
		}
		cw.Flush()
		return
	}
	sheet, err := xlsx.NewSheet(fmt.Sprintf("IFTA %dQ%d %s", year, quarter, fuel), iftaExportColumns)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	defer sheet.Close()
	for _, row := range rows {
		if err := sheet.AddRow(row...); err != nil {
			s.respondError(w, r, err)
			return
		}
	}
	w.Header().Set("Content-Type", xlsx.ContentType)
	w.Header().Set("Content-Disposition", `attachment; filename="`+filename+`"`)
	w.WriteHeader(http.StatusOK)
	if _, err := sheet.WriteTo(w); err != nil {
		s.Logger.WarnContext(r.Context(), "ifta export write", "err", err)
	}
}

// handleIFTAMilesAdd records a manual miles entry (201).
func (s *Server) handleIFTAMilesAdd(w http.ResponseWriter, r *http.Request) {
	var req iftaMilesRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	e, err := s.IFTA.AddMiles(r.Context(), ifta.MilesInput{CompanyID: p.CompanyID, UserID: p.UserID, UnitNumber: req.UnitNumber,
		Date: req.Date, Jurisdiction: req.Jurisdiction, Miles: req.Miles.String(), Note: req.Note})
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, iftaMilesFromDomain(e))
}

// handleIFTAMilesList answers the manual miles of ?year&quarter.
func (s *Server) handleIFTAMilesList(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	q := r.URL.Query()
	year, quarter := iftaYearQuarter(fe, q)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	list, err := s.IFTA.MilesEntries(r.Context(), PrincipalFromContext(r.Context()).CompanyID, year, quarter)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := make([]iftaMilesResponse, len(list))
	for i := range list {
		out[i] = iftaMilesFromDomain(&list[i])
	}
	respond(w, http.StatusOK, out)
}

// handleIFTAMilesDelete deletes a manual miles entry (204).
func (s *Server) handleIFTAMilesDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Miles entry not found"))
		return
	}
	if err := s.IFTA.DeleteMiles(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleIFTAFuelAdd records an off-card fuel purchase (201).
func (s *Server) handleIFTAFuelAdd(w http.ResponseWriter, r *http.Request) {
	var req iftaFuelRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	e, err := s.IFTA.AddFuel(r.Context(), ifta.FuelInput{CompanyID: p.CompanyID, UserID: p.UserID, UnitNumber: req.UnitNumber,
		Date: req.Date, Jurisdiction: req.Jurisdiction, Gallons: req.Gallons.String(), FuelType: strings.ToLower(strings.TrimSpace(req.FuelType)),
		TaxPaid: req.TaxPaid, Vendor: req.Vendor})
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, iftaFuelFromDomain(e))
}

// handleIFTAFuelList answers the off-card fuel of ?year&quarter.
func (s *Server) handleIFTAFuelList(w http.ResponseWriter, r *http.Request) {
	fe := fuelportal.FieldErrors{}
	q := r.URL.Query()
	year, quarter := iftaYearQuarter(fe, q)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	list, err := s.IFTA.FuelEntries(r.Context(), PrincipalFromContext(r.Context()).CompanyID, year, quarter)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := make([]iftaFuelResponse, len(list))
	for i := range list {
		out[i] = iftaFuelFromDomain(&list[i])
	}
	respond(w, http.StatusOK, out)
}

// handleIFTAFuelDelete deletes an off-card fuel purchase (204).
func (s *Server) handleIFTAFuelDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Fuel entry not found"))
		return
	}
	if err := s.IFTA.DeleteFuel(r.Context(), PrincipalFromContext(r.Context()).CompanyID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
