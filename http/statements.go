package http

import (
	"bufio"
	"encoding/json"
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/statements"
	"fuelportal/store"
)

// statementSettingsDTO is the company's statement period.
type statementSettingsDTO struct {
	Period string `json:"period" text:"code"`
}

// statementDTO is one period of the list and the head of a statement.
// PeriodStart and PeriodEnd are instants ([start, end)); StartDate and
// EndDate its first and last days in the company's zone.
type statementDTO struct {
	ID             int64   `json:"id"`
	Period         string  `json:"period"`
	PeriodStart    string  `json:"periodStart"`
	PeriodEnd      string  `json:"periodEnd"`
	StartDate      string  `json:"startDate"`
	EndDate        string  `json:"endDate"`
	OpeningBalance float64 `json:"openingBalance"`
	ClosingBalance float64 `json:"closingBalance"`
	Status         string  `json:"status"`
	ClosedAt       *string `json:"closedAt"`
}

func statementFromDomain(st *fuelportal.Statement, loc *time.Location) statementDTO {
	d := statementDTO{ID: st.ID, Period: string(st.Period), PeriodStart: fuelportal.WireTime(st.Start), PeriodEnd: fuelportal.WireTime(st.End),
		StartDate: st.Start.In(loc).Format(time.DateOnly), EndDate: st.End.In(loc).AddDate(0, 0, -1).Format(time.DateOnly),
		OpeningBalance: dollars(st.OpeningCents), ClosingBalance: dollars(st.ClosingCents), Status: string(st.Status)}
	if st.ClosedAt != nil {
		at := fuelportal.WireTime(*st.ClosedAt)
		d.ClosedAt = &at
	}
	return d
}

// statementPurchaseDTO is the card purchase a line pays for.
type statementPurchaseDTO struct {
	TransactionID int64   `json:"transactionId"`
	InvoiceRef    string  `json:"invoiceRef"`
	Date          string  `json:"date"`
	CardNumber    string  `json:"cardNumber"`
	Driver        string  `json:"driver"`
	Unit          string  `json:"unit"`
	Station       string  `json:"station"`
	Jurisdiction  string  `json:"jurisdiction"`
	Product       string  `json:"product"`
	Gallons       float64 `json:"gallons"`
	Price         float64 `json:"price"`
	Discount      float64 `json:"discount"`
	Fee           float64 `json:"fee"`
}

// statementLineDTO is one movement of a statement.
type statementLineDTO struct {
	ID        int64                 `json:"id"`
	Kind      string                `json:"kind"`
	Reference string                `json:"reference"`
	PostedAt  string                `json:"postedAt"`
	Amount    float64               `json:"amount"`
	Late      bool                  `json:"late"`
	Purchase  *statementPurchaseDTO `json:"purchase"`
}

func statementLineFromDomain(l *fuelportal.StatementLine) statementLineDTO {
	d := statementLineDTO{ID: l.TransferID, Kind: string(l.Kind), Reference: l.Reference, PostedAt: fuelportal.WireTime(l.PostedAt),
		Amount: dollars(l.AmountCents), Late: l.Late}
	if p := l.Purchase; p != nil {
		d.Purchase = &statementPurchaseDTO{TransactionID: p.TransactionID, InvoiceRef: p.InvoiceRef, Date: fuelportal.WireTime(p.Date),
			CardNumber: p.CardNumber, Driver: p.Driver, Unit: p.Unit, Station: p.Station, Jurisdiction: p.Jurisdiction, Product: p.Product,
			Gallons: p.Gallons.Float(), Price: perGallon(p.PriceTenthCents), Discount: dollars(p.DiscountCents), Fee: dollars(p.FeeCents)}
	}
	return d
}

// statementHoldDTO is an open hold listed apart.
type statementHoldDTO struct {
	AuthorizationID string  `json:"authorizationId"`
	AuthorizedAt    string  `json:"authorizedAt"`
	CardNumber      string  `json:"cardNumber"`
	Merchant        string  `json:"merchant"`
	Product         string  `json:"product"`
	Amount          float64 `json:"amount"`
}

func (s *Server) handleStatementSettingsGet(w http.ResponseWriter, r *http.Request) {
	p, err := s.Statements.Period(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, statementSettingsDTO{Period: string(p)})
}

func (s *Server) handleStatementSettingsPut(w http.ResponseWriter, r *http.Request) {
	var req statementSettingsDTO
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	p, err := s.Statements.SetPeriod(r.Context(), PrincipalFromContext(r.Context()).CompanyID, req.Period)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, statementSettingsDTO{Period: string(p)})
}

func (s *Server) handleStatementList(w http.ResponseWriter, r *http.Request) {
	companyID := PrincipalFromContext(r.Context()).CompanyID
	loc, err := s.Statements.Location(r.Context(), companyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	list, err := s.Statements.List(r.Context(), companyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := struct {
		Content []statementDTO `json:"content"`
	}{Content: make([]statementDTO, 0, len(list))}
	for _, st := range list {
		res.Content = append(res.Content, statementFromDomain(st, loc))
	}
	respond(w, http.StatusOK, res)
}

// handleStatementGet answers one statement of the caller's company: JSON
// (its head, lines and holds) or, with format=pdf|csv|xlsx, the document,
// streamed, in the caller's account language or lang=en|es.
func (s *Server) handleStatementGet(w http.ResponseWriter, r *http.Request) {
	companyID := PrincipalFromContext(r.Context()).CompanyID
	id, err := fuelportal.ParseStatementID(r.PathValue("id"))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var format statements.Format
	if f := r.URL.Query().Get("format"); f != "" && f != "json" {
		if format, err = statements.ParseFormat(f); err != nil {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, "format must be json, pdf, csv or xlsx"))
			return
		}
	}
	// The documents' language: lang when given (checked on any request),
	// else the caller's account language.
	var lang fuelportal.Language
	if format != "" || r.URL.Query().Has("lang") {
		if lang, err = s.Statements.Language(r.Context(), PrincipalFromContext(r.Context()).UserID, r.URL.Query().Get("lang")); err != nil {
			s.respondError(w, r, err)
			return
		}
	}
	st, err := s.Statements.Get(r.Context(), companyID, id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	loc, err := s.Statements.Location(r.Context(), companyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	// The lines are read in one transaction while they are written: a
	// month of a large fleet takes seconds, so the long bound, not a
	// request's (it stays under the server's write timeout).
	r = r.WithContext(store.WithTxTimeout(r.Context(), store.LongTxTimeout))
	if format != "" {
		w.Header().Set("Content-Type", format.ContentType())
		w.Header().Set("Content-Disposition", `attachment; filename="`+format.FileName(st, loc)+`"`)
		w.Header().Set("Cache-Control", "no-store")
		if err := s.Statements.Write(r.Context(), st, format, lang, w); err != nil {
			// The status is sent with the first byte; a failure after it
			// truncates the file, which the client sees as a broken download.
			s.Logger.Warn("statement document", "statement", st.ID, "format", format, "err", err)
		}
		return
	}
	s.writeStatementJSON(w, r, st, loc)
}

// writeStatementJSON streams the statement as one JSON object: its head,
// then "lines" and "holds" written one element at a time.
func (s *Server) writeStatementJSON(w http.ResponseWriter, r *http.Request, st *fuelportal.Statement, loc *time.Location) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	buf := bufio.NewWriterSize(w, 64<<10)
	head, _ := json.Marshal(statementFromDomain(st, loc))
	buf.Write(head[:len(head)-1])
	buf.WriteString(`,"lines":[`)
	first := true
	enc := json.NewEncoder(buf)
	next := func() {
		if !first {
			buf.WriteByte(',')
		}
		first = false
	}
	_, err := s.Statements.Walk(r.Context(), st, func(l *fuelportal.StatementLine) error {
		next()
		return enc.Encode(statementLineFromDomain(l))
	})
	if err == nil {
		buf.WriteString(`],"holds":[`)
		first = true
		err = s.Statements.Holds(r.Context(), st, func(h *fuelportal.StatementHold) error {
			next()
			return enc.Encode(statementHoldDTO{AuthorizationID: h.AuthorizationID, AuthorizedAt: fuelportal.WireTime(h.AuthorizedAt),
				CardNumber: h.CardNumber, Merchant: h.Merchant, Product: h.Product, Amount: dollars(h.HeldCents)})
		})
	}
	if err != nil {
		s.Logger.Warn("statement", "statement", st.ID, "err", err)
		return // a truncated body: the client's JSON parse fails
	}
	buf.WriteString(`]}`)
	buf.Flush()
}
