package fuelportal

import (
	"fmt"
	"strconv"
	"time"
)

// StatementPeriod is how long a company's statement periods are, counted
// in the company's time zone.
type StatementPeriod string

// Statement periods. Monthly is the default.
const (
	StatementMonthly StatementPeriod = "monthly" // the calendar month
	StatementWeekly  StatementPeriod = "weekly"  // Monday 00:00 to the next Monday 00:00
)

// ParseStatementPeriod validates a period from a request ("" is EINVALID).
func ParseStatementPeriod(s string) (StatementPeriod, error) {
	switch p := StatementPeriod(s); p {
	case StatementMonthly, StatementWeekly:
		return p, nil
	}
	return "", Errorf(EINVALID, "period must be monthly or weekly")
}

// Bounds returns the period of kind p that holds instant t, as instants:
// from its first local midnight (the 1st of the month, or a Monday) to the
// first of the next one, in loc. Across a change of daylight-saving time a
// period is an hour shorter or longer than its days make.
func (p StatementPeriod) Bounds(t time.Time, loc *time.Location) (start, end time.Time) {
	l := t.In(loc)
	if p == StatementWeekly {
		back := (int(l.Weekday()) + 6) % 7 // days since Monday
		start = time.Date(l.Year(), l.Month(), l.Day()-back, 0, 0, 0, 0, loc)
		return start, time.Date(start.Year(), start.Month(), start.Day()+7, 0, 0, 0, 0, loc)
	}
	start = time.Date(l.Year(), l.Month(), 1, 0, 0, 0, 0, loc)
	return start, time.Date(l.Year(), l.Month()+1, 1, 0, 0, 0, 0, loc)
}

// StatementStatus tells whether a period still takes postings.
type StatementStatus string

// Statement statuses.
const (
	StatementOpen   StatementStatus = "OPEN"   // the current period: what posts now lands in it
	StatementClosed StatementStatus = "CLOSED" // ended and closed: it never changes again
)

// StatementReadyDelay is how long after its period's end (local midnight)
// a period is closed and its statement announced (statement.ready): the
// morning after, 06:00 in the company's zone.
const StatementReadyDelay = 6 * time.Hour

// StatementHistoryAge is how old a period's end may be for its closing to
// be announced: periods closed later (a server that was down, a company's
// first run over its history) close silently (a muted event).
const StatementHistoryAge = 7 * 24 * time.Hour

// MaxStatements is how many periods the list answers, newest first (ten
// years of weekly periods).
const MaxStatements = 600

// Statement is one period of a company's wallet: the rule is that a
// ledger movement belongs to the period in which it posts (its transfer's
// time), and a closed period never changes: a movement that commits after
// its period was closed lands in the next one, marked late.
type Statement struct {
	ID           int64
	CompanyID    int64
	Period       StatementPeriod
	Start, End   time.Time // [Start, End)
	OpeningCents int64
	ClosingCents int64 // of a closed period; the open one's is computed (Lines)
	Status       StatementStatus
	ClosedAt     *time.Time
}

// ParseStatementID reads a statement id from a path: a positive integer
// that fits JavaScript's safe integers, else EINVALID.
func ParseStatementID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 || id > 1<<53 {
		return 0, Errorf(EINVALID, "Invalid statement id")
	}
	return id, nil
}

// StatementLine is one ledger movement of a period: AmountCents is signed
// as the wallet saw it (a top-up or invoice payment adds, a purchase or a
// fee takes away). Purchase is the card purchase a fuel or fee movement
// pays for (nil for others).
type StatementLine struct {
	TransferID  int64
	Kind        LedgerKind
	Reference   string
	PostedAt    time.Time
	AmountCents int64
	// Late: the movement belongs to an earlier period by its time (posted
	// while that period was being closed, or a purchase made before this
	// period began) and lands here because closed periods never change.
	Late     bool
	Purchase *StatementPurchase
}

// StatementPurchase is the card purchase of a statement line.
type StatementPurchase struct {
	TransactionID   int64
	InvoiceRef      string
	Date            time.Time // when the driver bought (station time read in its zone)
	CardNumber      string    // the last four digits only
	Driver          string
	Unit            string
	Station         string
	Jurisdiction    string
	Product         string
	Gallons         Gallons
	PriceTenthCents TenthCents // the net price per gallon
	DiscountCents   int64
	FeeCents        int64
	NetTotalCents   int64
}

// StatementHold is an authorization still holding money at the time the
// statement is read: not a movement of any period until it posts.
type StatementHold struct {
	AuthorizationID string
	AuthorizedAt    time.Time
	CardNumber      string // last four
	Merchant        string
	Product         string
	HeldCents       int64
}

// StatementMismatch is a period whose amounts differ from the ledger.
type StatementMismatch struct {
	CompanyID   int64
	StatementID int64
	Start       time.Time
	Reason      string
}

// StatementReadyNotice tells a company's bookkeepers and owners that the
// statement of the period from start to end (its first and last days,
// YYYY-MM-DD, written in the reader's language: DayText) is ready.
func StatementReadyNotice(companyID, statementID int64, start, end string) Notice {
	id := strconv.FormatInt(statementID, 10)
	return Notice{Event: NotifyStatementReady, CompanyID: companyID, Key: "statementReady",
		Days: map[string]string{"start": start, "end": end},
		URL:  "/statements/" + id, Tag: "statement-" + id}
}

func (m *StatementMismatch) Error() string {
	return fmt.Sprintf("company %d statement %d (%s): %s", m.CompanyID, m.StatementID, m.Start.Format(time.DateOnly), m.Reason)
}

// The audit kind and object of the statement period.
const (
	AuditStatementSettingsSet    AuditKind = "statement.settings_set"
	AuditObjectStatementSettings           = "statement_settings"
)
