package http

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"fuelportal"
	"fuelportal/accounting"
)

// Coding of purchases (account, class, job, memo), the company's coding
// rules, cards that require a job, and the accounting exports.

// codingRequest is a bulk re-code: the purchases and their new coding.
type codingRequest struct {
	IDs    []int64           `json:"ids"`
	Coding fuelportal.Coding `json:"coding"`
}

type codingRuleDTO struct {
	ID       int64                  `json:"id"`
	Position int                    `json:"position"`
	Match    fuelportal.CodingMatch `json:"match"`
	Coding   fuelportal.Coding      `json:"coding"`
	// DriverName names the driver the match names, for members who do not
	// read the company's members (a bookkeeper).
	DriverName string `json:"driverName,omitempty"`
}

type codingRuleRequest struct {
	Position int                    `json:"position"`
	Match    fuelportal.CodingMatch `json:"match"`
	Coding   fuelportal.Coding      `json:"coding"`
}

type codingRulesDTO struct {
	Content []codingRuleDTO `json:"content"`
	// CardsRequiringJob are the numbers of the cards whose purchases need
	// a job.
	CardsRequiringJob []string `json:"cardsRequiringJob"`
}

type requireJobRequest struct {
	RequireJob *bool `json:"requireJob"`
}

type jobRequest struct {
	Job string `json:"job" text:"codingText"`
}

func codingRuleFrom(r *fuelportal.CodingRule) codingRuleDTO {
	return codingRuleDTO{ID: r.ID, Position: r.Position, Match: r.Match, Coding: r.Coding, DriverName: r.DriverName}
}

// codingPathID reads the decimal id of the path; anything else is notFound.
func codingPathID(r *http.Request, notFound string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, fuelportal.Errorf(fuelportal.ENOTFOUND, "%s", notFound)
	}
	return id, nil
}

// handleTransactionCodingPut sets the coding of one of the company's
// purchases.
func (s *Server) handleTransactionCodingPut(w http.ResponseWriter, r *http.Request) {
	id, err := codingPathID(r, "Transaction not found")
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var c fuelportal.Coding
	if err := decode(w, r, &c); err != nil {
		s.respondError(w, r, err)
		return
	}
	t, err := s.Coding.Recode(r.Context(), companyScope(PrincipalFromContext(r.Context())), id, c)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, transactionDetailFrom(t))
}

// handleTransactionsCoding sets one coding on many of the company's
// purchases, all or none: an id that is not one of them is 404 and
// nothing changes.
func (s *Server) handleTransactionsCoding(w http.ResponseWriter, r *http.Request) {
	var req codingRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	list, err := s.Coding.RecodeMany(r.Context(), companyScope(PrincipalFromContext(r.Context())), req.IDs, req.Coding)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	items := make([]transactionItem, 0, len(list))
	for _, t := range list {
		items = append(items, transactionItemFrom(t))
	}
	respond(w, http.StatusOK, map[string]any{"content": items})
}

// handleDriverTransactionJob sets the job of one of the driver's own
// purchases (the prompt after a purchase on a card that requires one).
func (s *Server) handleDriverTransactionJob(w http.ResponseWriter, r *http.Request) {
	id, err := codingPathID(r, "Transaction not found")
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var req jobRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	t, err := s.Coding.EnterJob(r.Context(), driverScope(PrincipalFromContext(r.Context())), id, req.Job)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, transactionDetailFrom(t))
}

// handleCodingRuleList answers the company's coding rules in their order
// and its cards that require a job.
func (s *Server) handleCodingRuleList(w http.ResponseWriter, r *http.Request) {
	list, cards, err := s.Coding.Rules(r.Context(), memberScope(r))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := codingRulesDTO{Content: make([]codingRuleDTO, 0, len(list)), CardsRequiringJob: cards}
	if res.CardsRequiringJob == nil {
		res.CardsRequiringJob = []string{}
	}
	for i := range list {
		res.Content = append(res.Content, codingRuleFrom(&list[i]))
	}
	respond(w, http.StatusOK, res)
}

// codingRule decodes a rule (the service sets its company).
func (s *Server) codingRule(w http.ResponseWriter, r *http.Request) (*fuelportal.CodingRule, error) {
	var req codingRuleRequest
	if err := decode(w, r, &req); err != nil {
		return nil, err
	}
	return &fuelportal.CodingRule{Position: req.Position, Match: req.Match, Coding: req.Coding}, nil
}

// handleCodingRuleCreate adds a coding rule (last, or at position).
func (s *Server) handleCodingRuleCreate(w http.ResponseWriter, r *http.Request) {
	rule, err := s.codingRule(w, r)
	if err == nil {
		err = s.Coding.CreateRule(r.Context(), memberScope(r), rule)
	}
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, codingRuleFrom(rule))
}

// handleCodingRuleUpdate replaces a coding rule of the company (and moves
// it when position is set).
func (s *Server) handleCodingRuleUpdate(w http.ResponseWriter, r *http.Request) {
	id, err := codingPathID(r, "Coding rule not found")
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	rule, err := s.codingRule(w, r)
	if err == nil {
		rule.ID = id
		err = s.Coding.UpdateRule(r.Context(), memberScope(r), rule)
	}
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, codingRuleFrom(rule))
}

// handleCodingRuleDelete removes a coding rule of the company.
func (s *Server) handleCodingRuleDelete(w http.ResponseWriter, r *http.Request) {
	id, err := codingPathID(r, "Coding rule not found")
	if err == nil {
		err = s.Coding.DeleteRule(r.Context(), memberScope(r), id)
	}
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleCardRequireJob sets whether a card of the company requires a job
// on its purchases.
func (s *Server) handleCardRequireJob(w http.ResponseWriter, r *http.Request) {
	var req requireJobRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if req.RequireJob == nil {
		s.respondError(w, r, fuelportal.FieldError("requireJob", "requireJob is required"))
		return
	}
	fe := fuelportal.FieldErrors{}
	number := pathText(fe, r, "cardNumber", "cardNumber")
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.Coding.SetCardRequireJob(r.Context(), PrincipalFromContext(r.Context()).CompanyID, number, *req.RequireJob); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, map[string]any{"cardNumber": number, "requireJob": *req.RequireJob})
}

// MaxAccountingExportDays bounds an accounting export's range.
const MaxAccountingExportDays = 366

// accountingPeriod is what an export covers: the company's days from From
// to To, both included (a statement's period, or a range asked for).
type accountingPeriod struct {
	From, To time.Time // From's midnight; the instant before the day after To
	// Statement, when set, is the statement whose movements the export
	// lists (From and To are then zero).
	Statement *fuelportal.Statement
	Label     string // "2026-11-01_2026-11-30", for the file's name
}

// accountingRange reads from and to (fuelportal.DayRange, in the
// company's time zone loc) into a period of at most
// MaxAccountingExportDays days, adding its field errors to fe.
func accountingRange(fe fuelportal.FieldErrors, from, to string, loc *time.Location) accountingPeriod {
	start, end, err := fuelportal.DayRange(from, to, loc, MaxAccountingExportDays)
	for field, msgs := range fuelportal.ErrorFields(err) {
		for _, m := range msgs {
			fe.Add(field, m)
		}
	}
	return accountingPeriod{From: start, To: end, Label: from + "_" + to}
}

// handleAccountingExport streams the company's approved purchases and
// refunds of a date range (or of a statement: statementId) as a file an accounting system imports (format: qbo-csv,
// qbo-expenses-csv, xero-csv, journal-csv).
func (s *Server) handleAccountingExport(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	company := PrincipalFromContext(r.Context()).CompanyID
	fe := fuelportal.FieldErrors{}
	format := accounting.Format(queryText(fe, q, "format", "code"))
	if !format.Valid() {
		fe.Add("format", "Format must be one of qbo-csv, qbo-expenses-csv, xero-csv, journal-csv")
	}
	loc, err := s.companyLocation(r.Context(), company)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if q.Has("statementId") {
		s.handleStatementExport(w, r, fe, format, loc)
		return
	}
	period := accountingRange(fe, queryText(fe, q, "from", "date"), queryText(fe, q, "to", "date"), loc)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	s.writeAccountingExport(w, r, company, format, period, loc)
}

// handleStatementExport streams the purchases and refunds of one of the
// company's statements (statementId, instead of from and to): those whose
// ledger movements the statement lists, late ones included. Another
// company's statement is 404; statementId with from or to is 400.
func (s *Server) handleStatementExport(w http.ResponseWriter, r *http.Request, fe fuelportal.FieldErrors, format accounting.Format, loc *time.Location) {
	q := r.URL.Query()
	company := PrincipalFromContext(r.Context()).CompanyID
	id, err := fuelportal.ParseStatementID(q.Get("statementId"))
	if err != nil {
		fe.Add("statementId", "Must be a statement id")
	}
	if q.Has("from") || q.Has("to") {
		fe.Add("statementId", "Give a statement or a date range (from and to), not both")
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	st, err := s.Statements.Get(r.Context(), company, id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	label := st.Start.In(loc).Format(time.DateOnly) + "_" + st.End.In(loc).AddDate(0, 0, -1).Format(time.DateOnly)
	s.writeAccountingExport(w, r, company, format, accountingPeriod{Statement: st, Label: label}, loc)
}

// writeAccountingExport streams the company's approved purchases of
// period in format, oldest first, then the refunds that posted in it. Rows go to the answer as the database
// yields them (flat memory); an error after the first bytes ends the file
// short and is logged.
func (s *Server) writeAccountingExport(w http.ResponseWriter, r *http.Request, company int64, format accounting.Format, period accountingPeriod, loc *time.Location) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="fuel-`+string(format)+`-`+period.Label+`.csv"`)
	w.WriteHeader(http.StatusOK)
	out, err := accounting.NewWriter(w, format, loc)
	if err == nil {
		f := fuelportal.TransactionFilter{Scope: fuelportal.TransactionScope{CompanyID: company}, From: period.From, To: period.To,
			Statement: period.Statement, Ascending: true}
		err = s.accountingStore.EachTransaction(r.Context(), f, out.Add)
	}
	if err == nil {
		err = s.accountingStore.EachRefund(r.Context(), fuelportal.RefundFilter{CompanyID: company, From: period.From, To: period.To,
			Statement: period.Statement}, out.AddRefund)
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		s.Logger.WarnContext(r.Context(), "accounting export cut short", "format", format, "err", err)
	}
}

// accountingStore is the store as seen by the accounting exports
// (*store.DB): the company's purchases and refunds as they stream.
type accountingStore interface {
	EachTransaction(ctx context.Context, f fuelportal.TransactionFilter, fn func(*fuelportal.Transaction) error) error
	EachRefund(ctx context.Context, f fuelportal.RefundFilter, fn func(*fuelportal.Refund) error) error
}
