// Package statements is the home of period statements (docs/product.md,
// "Statements"; docs/decisions.md, "Statements"): each company's periods
// (monthly or weekly in its time zone), closing them the morning after
// they end with the statement.ready event, the statement's lines and
// holds, its PDF, CSV and XLSX documents, and the check that every period
// equals the ledger (fuelportal statements verify). The HTTP handlers,
// the CLI and the demo seed call it; the store holds the SQL.
package statements

import (
	"context"
	"log/slog"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// Store is what the statement flow reads and writes (*store.DB).
type Store interface {
	CompanyControls(ctx context.Context, companyID int64) (*fuelportal.CompanyControls, error)
	CompanyName(ctx context.Context, id int64) (string, error)
	UserByID(ctx context.Context, id int64) (*fuelportal.User, error)
	StatementPeriod(ctx context.Context, companyID int64) (fuelportal.StatementPeriod, error)
	SetStatementPeriod(ctx context.Context, companyID int64, p fuelportal.StatementPeriod) error
	OpenStatement(ctx context.Context, companyID int64, now time.Time, bounds func(time.Time) (time.Time, time.Time)) (*fuelportal.Statement, error)
	Statements(ctx context.Context, companyID int64, limit int) ([]*fuelportal.Statement, error)
	Statement(ctx context.Context, companyID, id int64) (*fuelportal.Statement, error)
	StatementLines(ctx context.Context, s *fuelportal.Statement, fn func(*fuelportal.StatementLine) error) (int64, error)
	StatementHolds(ctx context.Context, companyID int64, fn func(*fuelportal.StatementHold) error) error
	StatementSum(ctx context.Context, s *fuelportal.Statement) (int64, error)
	StatementCompanies(ctx context.Context) ([]int64, error)
	VerifyStatements(ctx context.Context) (*fuelportal.StatementMismatch, error)
	// InTx runs a period's closing (CloseDue): its rows and its
	// statement.ready event.
	InTx(ctx context.Context, fn func(tx *store.Tx) error) error
}

// Deps are what the statement flow is built from.
type Deps struct {
	Store Store
	// Now is the clock (nil: time.Now).
	Now func() time.Time
}

// Service is the statement flow. Create it with New.
type Service struct{ Deps }

// New returns the statement flow over d.
func New(d Deps) *Service { return &Service{Deps: d} }

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Location is the company's time zone, in which its periods are counted.
func (s *Service) Location(ctx context.Context, companyID int64) (*time.Location, error) {
	c, err := s.Store.CompanyControls(ctx, companyID)
	if err != nil {
		return nil, err
	}
	return c.Location(), nil
}

// Language is the language of the documents reader userID downloads:
// requested when it is one ("en" or "es"), else the reader's account
// language. Another requested value is EINVALID.
func (s *Service) Language(ctx context.Context, userID int64, requested string) (fuelportal.Language, error) {
	if requested != "" {
		if lang := fuelportal.Language(requested); lang.Valid() {
			return lang, nil
		}
		return "", fuelportal.Errorf(fuelportal.EINVALID, "lang must be en or es")
	}
	u, err := s.Store.UserByID(ctx, userID)
	if err != nil {
		return "", err
	}
	return u.Language, nil
}

// Period answers the company's statement period.
func (s *Service) Period(ctx context.Context, companyID int64) (fuelportal.StatementPeriod, error) {
	return s.Store.StatementPeriod(ctx, companyID)
}

// SetPeriod sets the company's statement period ("monthly" or "weekly";
// else EINVALID). It applies from the next period: the open one ends
// where it was to end.
func (s *Service) SetPeriod(ctx context.Context, companyID int64, period string) (fuelportal.StatementPeriod, error) {
	p, err := fuelportal.ParseStatementPeriod(period)
	if err != nil {
		return "", err
	}
	if err := s.Store.SetStatementPeriod(ctx, companyID, p); err != nil {
		return "", err
	}
	return p, nil
}

// open returns the company's open period, opening the first one.
func (s *Service) open(ctx context.Context, companyID int64) (*fuelportal.Statement, *time.Location, error) {
	loc, err := s.Location(ctx, companyID)
	if err != nil {
		return nil, nil, err
	}
	period, err := s.Store.StatementPeriod(ctx, companyID)
	if err != nil {
		return nil, nil, err
	}
	st, err := s.Store.OpenStatement(ctx, companyID, s.now(), func(t time.Time) (time.Time, time.Time) { return period.Bounds(t, loc) })
	return st, loc, err
}

// List answers the company's periods, the open one first (opened when the
// company has none), then the closed ones newest first, at most
// fuelportal.MaxStatements. The open period's closing is its opening plus
// what has posted in it so far.
func (s *Service) List(ctx context.Context, companyID int64) ([]*fuelportal.Statement, error) {
	if _, _, err := s.open(ctx, companyID); err != nil {
		return nil, err
	}
	list, err := s.Store.Statements(ctx, companyID, fuelportal.MaxStatements)
	if err != nil {
		return nil, err
	}
	for _, st := range list {
		if st.Status == fuelportal.StatementOpen {
			sum, err := s.Store.StatementSum(ctx, st)
			if err != nil {
				return nil, err
			}
			st.ClosingCents = st.OpeningCents + sum
		}
	}
	return list, nil
}

// Get answers the company's statement id (ENOTFOUND for another
// company's), the open one's closing computed as in List.
func (s *Service) Get(ctx context.Context, companyID, id int64) (*fuelportal.Statement, error) {
	st, err := s.Store.Statement(ctx, companyID, id)
	if err != nil {
		return nil, err
	}
	if st.Status == fuelportal.StatementOpen {
		sum, err := s.Store.StatementSum(ctx, st)
		if err != nil {
			return nil, err
		}
		st.ClosingCents = st.OpeningCents + sum
	}
	return st, nil
}

// Walk calls line with each movement of st (by section: top-ups,
// purchases, fees, refunds and reversals, invoice payments; each in the
// order they posted), row by row, and answers their sum.
func (s *Service) Walk(ctx context.Context, st *fuelportal.Statement, line func(*fuelportal.StatementLine) error) (int64, error) {
	return s.Store.StatementLines(ctx, st, line)
}

// Holds calls hold with each open hold of st's company, oldest first, when
// st is the open period (a closed one lists none): holds are not
// movements of any period until they post.
func (s *Service) Holds(ctx context.Context, st *fuelportal.Statement, hold func(*fuelportal.StatementHold) error) error {
	if st.Status != fuelportal.StatementOpen {
		return nil
	}
	return s.Store.StatementHolds(ctx, st.CompanyID, hold)
}

// CloseDue closes every period whose end is StatementReadyDelay behind
// now (the morning after, in the company's zone), oldest first, each
// with its statement.ready event written in the transaction that closes
// it (muted, with no mail, when its end is more than StatementHistoryAge
// ago), and opens the next at its closing balance. However many
// processes run it, a period closes once and is told once: one closed
// meanwhile by another process is left to it. It answers how many it
// closed.
func (s *Service) CloseDue(ctx context.Context) (int, error) { return s.closeDue(ctx, false) }

// CloseHistory is CloseDue without the statement.ready events: for a
// history written at once (the demo's seed), which is no news.
func (s *Service) CloseHistory(ctx context.Context) (int, error) { return s.closeDue(ctx, true) }

func (s *Service) closeDue(ctx context.Context, history bool) (int, error) {
	companies, err := s.Store.StatementCompanies(ctx)
	if err != nil {
		return 0, err
	}
	closed := 0
	for _, companyID := range companies {
		n, err := s.closeCompany(ctx, companyID, history)
		closed += n
		if err != nil {
			return closed, err
		}
	}
	return closed, nil
}

func (s *Service) closeCompany(ctx context.Context, companyID int64, history bool) (int, error) {
	closed := 0
	for {
		st, loc, err := s.open(ctx, companyID)
		if err != nil {
			return closed, err
		}
		now := s.now()
		if now.Before(st.End.Add(fuelportal.StatementReadyDelay)) {
			return closed, nil
		}
		period, err := s.Store.StatementPeriod(ctx, companyID)
		if err != nil {
			return closed, err
		}
		_, nextEnd := period.Bounds(st.End, loc)
		var done *fuelportal.Statement
		err = s.Store.InTx(ctx, func(tx *store.Tx) error {
			if done, err = tx.CloseStatement(ctx, st, period, nextEnd); err != nil || done == nil || history {
				return err
			}
			return tx.Publish(ctx, readyEvent(done, loc, now))
		})
		if err != nil {
			return closed, err
		}
		if done != nil {
			closed++
		}
	}
}

// readyEvent is statement.ready of statement st, closed at now: the
// bookkeepers' and owners' STATEMENT_READY alert and notice, its days in
// the company's zone loc (muted, with no mail, when the period ended more
// than StatementHistoryAge ago), and its balances as data.
func readyEvent(st *fuelportal.Statement, loc *time.Location, now time.Time) *fuelportal.Event {
	start, end := st.Start.In(loc).Format(time.DateOnly), st.End.In(loc).AddDate(0, 0, -1).Format(time.DateOnly)
	n := fuelportal.StatementReadyNotice(st.CompanyID, st.ID, start, end)
	title, body := n.Texts(fuelportal.LanguageEnglish)
	return &fuelportal.Event{Type: fuelportal.EventStatementReady, CompanyID: st.CompanyID, Notice: &n,
		Alert: &fuelportal.Alert{Message: title + ": " + body, Notice: &n},
		Muted: now.Sub(st.End) > fuelportal.StatementHistoryAge,
		Data: map[string]any{"statementId": st.ID, "periodStart": st.Start, "periodEnd": st.End,
			"openingBalanceCents": st.OpeningCents, "closingBalanceCents": st.ClosingCents}}
}

// RunClosing calls CloseDue at once and then every interval until ctx
// ends, logging failures (the next run tries again).
func (s *Service) RunClosing(ctx context.Context, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.CloseDue(ctx); err != nil && ctx.Err() == nil {
			log.Warn("statement closing", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Verify checks every period of every company against the ledger
// (store.DB.VerifyStatements): nil when all equal it, else the first that
// does not.
func (s *Service) Verify(ctx context.Context) (*fuelportal.StatementMismatch, error) {
	return s.Store.VerifyStatements(ctx)
}
