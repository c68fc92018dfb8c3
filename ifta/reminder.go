package ifta

import (
	"context"
	"log/slog"
	"slices"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// ReminderStages are the days before a return's due date on which owners
// are reminded of it, earliest first.
var ReminderStages = []int{30, 7, 1}

// ReminderStage is the reminder due on day today (the company's calendar
// day, as midnight UTC) for the return whose due date is due: the
// smallest stage of ReminderStages that is at least the days left, and the
// days left; false before the first stage and after the due date. A stage
// whose day was missed (the server was down) gives way to the next one, so
// a late reminder never tells of more days than are left.
func ReminderStage(due, today time.Time) (stage, daysLeft int, ok bool) {
	daysLeft = int(due.Sub(today).Hours() / 24)
	if today.After(due) || daysLeft > ReminderStages[0] {
		return 0, daysLeft, false
	}
	stage = ReminderStages[0]
	for _, s := range ReminderStages {
		if daysLeft <= s {
			stage = s
		}
	}
	return stage, daysLeft, true
}

// QuarterOf returns the year and quarter of day.
func QuarterOf(day time.Time) (year, quarter int) {
	return day.Year(), (int(day.Month())-1)/3 + 1
}

// previousQuarter returns the quarter before year's quarter.
func previousQuarter(year, quarter int) (int, int) {
	if quarter == 1 {
		return year - 1, 4
	}
	return year, quarter - 1
}

// localDay is now's calendar day in loc, as midnight UTC (how due dates
// are kept).
func localDay(now time.Time, loc *time.Location) time.Time {
	l := now.In(loc)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, time.UTC)
}

// SendReminders reminds the owners of every company that files IFTA
// returns (store.DB.IFTAFilingCompanies) of a return due in 30, 7 or 1
// days whose quarter has no closed return: an IFTA_DUE alert and the
// ifta.due notification (push and e-mail as each owner chose), each stage
// once per company and quarter however many processes run this
// (sendReminder). The company's calendar day decides. It returns the
// reminders sent.
func (s *Service) SendReminders(ctx context.Context) (int, error) {
	companies, err := s.Store.IFTAFilingCompanies(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	sent := 0
	for _, companyID := range companies {
		loc, err := s.location(ctx, companyID)
		if err != nil {
			return sent, err
		}
		today := localDay(now, loc)
		year, quarter := QuarterOf(today)
		prevYear, prevQuarter := previousQuarter(year, quarter)
		// The quarter just ended, and the current one (March 31 is 30 days
		// before April 30).
		for _, p := range [][2]int{{prevYear, prevQuarter}, {year, quarter}} {
			due, err := DueDate(p[0], p[1])
			if err != nil {
				continue
			}
			stage, left, ok := ReminderStage(due, today)
			if !ok {
				continue
			}
			r := fuelportal.IFTAReminder{CompanyID: companyID, Year: p[0], Quarter: p[1], DaysBefore: stage}
			ok, err = s.sendReminder(ctx, r, fuelportal.IFTADueNotice(companyID, p[0], p[1], due.Format(time.DateOnly), left))
			if err != nil {
				return sent, err
			}
			if ok {
				sent++
			}
		}
	}
	return sent, nil
}

// sendReminder sends reminder r once, in one transaction: unless a
// return of r's quarter is closed or r was sent already (its row of
// ifta_reminders, unique per company, quarter and stage, decides between
// processes), it records r and publishes ifta.due (an IFTA_DUE alert with
// notice n's English text, mailed as each owner chose, and n pushed to
// the owners). It reports whether it sent r.
func (s *Service) sendReminder(ctx context.Context, r fuelportal.IFTAReminder, n fuelportal.Notice) (sent bool, err error) {
	err = s.Store.InTx(ctx, func(tx *store.Tx) error {
		sent = false
		closed, err := tx.IFTAReturnClosed(ctx, r.CompanyID, r.Year, r.Quarter)
		if err != nil || closed {
			return err
		}
		if sent, err = tx.RecordIFTAReminder(ctx, r); err != nil || !sent {
			return err
		}
		title, body := n.Texts(fuelportal.LanguageEnglish)
		return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventIFTADue, CompanyID: r.CompanyID, Notice: &n,
			Alert: &fuelportal.Alert{Message: title + ": " + body, Notice: &n}})
	})
	return sent && err == nil, err
}

// RunReminders calls SendReminders at once and then every interval until
// ctx ends, logging failures (the next run tries again).
func (s *Service) RunReminders(ctx context.Context, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		if _, err := s.SendReminders(ctx); err != nil && ctx.Err() == nil {
			log.Warn("IFTA reminders", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Summary is the owner's dashboard view of a return: the quarter to act
// on, its due date and the diesel tax due so far.
type Summary struct {
	Year     int      `json:"year"`
	Quarter  int      `json:"quarter"`
	FuelType FuelType `json:"fuelType"`
	// Status is the return's: open while the quarter runs, closed once it
	// has ended; ClosedAt is set once the owner closed (filed) it.
	Status   Status `json:"status"`
	DueDate  string `json:"dueDate"`
	DaysLeft int    `json:"daysLeft"`
	TotalDue Cents  `json:"totalDue"`
	// TotalMiles and TotalGallons are the return's (0 and 0: nothing
	// recorded for the quarter yet).
	TotalMiles   int64      `json:"totalMiles"`
	TotalGallons int64      `json:"totalGallons"`
	Warnings     int        `json:"warnings"`
	ClosedAt     *time.Time `json:"closedAt"`
	// Overdue are the company's returns past their due date and not
	// closed, of the OverdueQuarters quarters before the current one since
	// it files IFTA in the portal, oldest first.
	Overdue []OverdueReturn `json:"overdue"`
}

// OverdueReturn is a return past its due date and not closed: a return
// with miles or gallons (Return's) of a quarter whose due date has passed
// on the company's calendar day.
type OverdueReturn struct {
	Year     int      `json:"year"`
	Quarter  int      `json:"quarter"`
	FuelType FuelType `json:"fuelType"`
	DueDate  string   `json:"dueDate"`
	// DaysLate counts from the due date to the company's calendar day.
	DaysLate int `json:"daysLate"`
}

// OverdueQuarters is how many quarters before the current one the
// summary looks back for overdue returns: two years.
const OverdueQuarters = 8

// Summary answers the company's diesel return to act on now: the quarter
// just ended while its return is not closed and not past due, else the
// current quarter, as Return computes it (the same return the IFTA page
// shows).
func (s *Service) Summary(ctx context.Context, companyID int64) (*Summary, error) {
	loc, err := s.location(ctx, companyID)
	if err != nil {
		return nil, err
	}
	today := localDay(s.now(), loc)
	year, quarter := QuarterOf(today)
	prevYear, prevQuarter := previousQuarter(year, quarter)
	ret, err := s.Return(ctx, companyID, prevYear, prevQuarter, string(Diesel))
	if err != nil {
		return nil, err
	}
	if due, _ := DueDate(prevYear, prevQuarter); ret.ClosedAt != nil || today.After(due) {
		if ret, err = s.Return(ctx, companyID, year, quarter, string(Diesel)); err != nil {
			return nil, err
		}
	}
	due, _ := time.Parse(time.DateOnly, ret.DueDate)
	overdue, err := s.overdue(ctx, companyID, today, loc)
	if err != nil {
		return nil, err
	}
	return &Summary{Year: ret.Year, Quarter: ret.Quarter, FuelType: ret.FuelType, Status: ret.Status, DueDate: ret.DueDate,
		DaysLeft: int(due.Sub(today).Hours() / 24), TotalDue: ret.TotalDue, TotalMiles: ret.TotalMiles, TotalGallons: ret.TotalGallons, Warnings: len(ret.Warnings), ClosedAt: ret.ClosedAt,
		Overdue: overdue}, nil
}

// overdue lists the company's overdue returns on its calendar day today
// (OverdueReturn), oldest first. A company files IFTA in the portal from
// the quarter of its first IFTA record (a miles or off-card fuel entry, a
// telematics day, a closed return): card purchases alone do not say that
// it files here. Of the OverdueQuarters quarters before today's from that
// one on whose due date has passed, those with records (the store says
// which) and a fuel's return not closed are computed as Return does, and a
// return with miles or gallons is overdue.
func (s *Service) overdue(ctx context.Context, companyID int64, today time.Time, loc *time.Location) ([]OverdueReturn, error) {
	firstDate, firstYear, firstQuarter, err := s.Store.IFTAFirstRecords(ctx, companyID)
	if err != nil {
		return nil, err
	}
	if day, err := time.Parse(time.DateOnly, firstDate); err == nil {
		if y, q := QuarterOf(day); firstYear == 0 || y*4+q < firstYear*4+firstQuarter {
			firstYear, firstQuarter = y, q
		}
	}
	list := []OverdueReturn{}
	if firstYear == 0 {
		return list, nil
	}
	closedList, err := s.Store.IFTAClosedReturns(ctx, companyID)
	if err != nil {
		return nil, err
	}
	type key struct {
		year, quarter int
		fuel          FuelType
	}
	closed := map[key]bool{}
	for _, c := range closedList {
		closed[key{c.Year, c.Quarter, FuelType(c.FuelType)}] = true
	}
	fuels := []FuelType{Diesel, Gasoline}
	var periods []fuelportal.IFTAPeriod
	year, quarter := QuarterOf(today)
	for range OverdueQuarters {
		year, quarter = previousQuarter(year, quarter)
		if year*4+quarter < firstYear*4+firstQuarter {
			break
		}
		if due, err := DueDate(year, quarter); err != nil || !today.After(due) {
			continue
		}
		if closed[key{year, quarter, Diesel}] && closed[key{year, quarter, Gasoline}] {
			continue
		}
		periods = append(periods, PeriodIn(companyID, year, quarter, "", loc))
	}
	slices.Reverse(periods)
	has, err := s.Store.IFTAQuartersWithRecords(ctx, companyID, periods)
	if err != nil {
		return nil, err
	}
	for i, p := range periods {
		if !has[i] {
			continue
		}
		for _, fuel := range fuels {
			if closed[key{p.Year, p.Quarter, fuel}] {
				continue
			}
			ret, err := s.Return(ctx, companyID, p.Year, p.Quarter, string(fuel))
			if err != nil {
				return nil, err
			}
			if ret.ClosedAt != nil || (ret.TotalMiles == 0 && ret.TotalGallons == 0) {
				continue
			}
			due, _ := DueDate(p.Year, p.Quarter)
			list = append(list, OverdueReturn{Year: p.Year, Quarter: p.Quarter, FuelType: fuel, DueDate: ret.DueDate, DaysLate: int(today.Sub(due).Hours() / 24)})
		}
	}
	return list, nil
}
