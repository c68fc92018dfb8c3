package fuelportal

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// NotificationEvent is something a user may be told of on a channel
// (push, e-mail, the in-app list), each as their preferences allow.
type NotificationEvent string

// Notification events. Urgent ones (NotificationEvent.Urgent) ignore
// quiet hours.
const (
	NotifyPurchaseDeclined  NotificationEvent = "purchase.declined"  // driver and owners; urgent
	NotifyOverrideRequested NotificationEvent = "override.requested" // owners; urgent
	NotifyOverrideDecided   NotificationEvent = "override.decided"   // the driver who asked
	NotifyCardDeactivated   NotificationEvent = "card.deactivated"   // the card's driver
	NotifyCardShipping      NotificationEvent = "card.shipping"      // the card's driver: their physical card shipped, arrived, or will not arrive
	NotifyTripReplanned     NotificationEvent = "trip.replanned"     // the trip's driver
	NotifyJobNeeded         NotificationEvent = "job.needed"         // the card's driver: a purchase on a card that requires a job has none
	NotifyWalletLow         NotificationEvent = "wallet.low"         // owners
	NotifyDriverWaiting     NotificationEvent = "driver.waiting"     // owners: a driver waits for approval
	NotifyIFTADue           NotificationEvent = "ifta.due"           // owners: a quarter's IFTA return is due in 30, 7 or 1 days
	NotifyStatementReady    NotificationEvent = "statement.ready"    // owners and bookkeepers: a period's statement is ready
)

// NotificationEvents returns the events a user of role hears of, in the
// order the account page lists them.
func NotificationEvents(role Role) []NotificationEvent {
	if role == RoleCompany {
		return []NotificationEvent{NotifyPurchaseDeclined, NotifyOverrideRequested, NotifyWalletLow, NotifyDriverWaiting, NotifyIFTADue, NotifyStatementReady}
	}
	return []NotificationEvent{NotifyPurchaseDeclined, NotifyOverrideDecided, NotifyCardDeactivated, NotifyCardShipping, NotifyTripReplanned, NotifyJobNeeded}
}

// Urgent reports whether e is delivered during quiet hours too: a decline
// stops a driver at the pump and an override request waits on an owner.
func (e NotificationEvent) Urgent() bool {
	return e == NotifyPurchaseDeclined || e == NotifyOverrideRequested
}

// NotificationPreference is how a user wants to hear of one event.
type NotificationPreference struct {
	Event NotificationEvent `json:"event"`
	Push  bool              `json:"push"`
	Email bool              `json:"email"`
	InApp bool              `json:"inApp"`
}

// DefaultNotificationPreference is a user's preference for e until they
// change it: push and the in-app list on; e-mail on for owners (their
// alerts were always mailed) and for a driver's answered override request
// (always mailed too), off for the drivers' other events (the phone is
// their channel).
func DefaultNotificationPreference(role Role, e NotificationEvent) NotificationPreference {
	return NotificationPreference{Event: e, Push: true, Email: role == RoleCompany || e == NotifyOverrideDecided, InApp: true}
}

// QuietHours is a daily span, on the company's clock, in which non-urgent
// pushes and e-mails wait; Start after End spans midnight (22:00–07:00).
type QuietHours struct {
	Start string `json:"start"` // "HH:MM"
	End   string `json:"end"`   // "HH:MM"
}

// NotificationSettings are a user's preferences: one per event of their
// role, quiet hours (nil: none) and the zone quiet hours are read in
// (their company's; read-only).
type NotificationSettings struct {
	Events     []NotificationPreference `json:"events"`
	QuietHours *QuietHours              `json:"quietHours"`
	TimeZone   string                   `json:"timeZone"`
}

// Messages of the notification settings' validation.
const (
	MsgNotificationEventUnknown = "Unknown event for this account"
	MsgNotificationEventTwice   = "Event listed twice"
	MsgQuietHoursTime           = "Must be a time as HH:MM (00:00 to 23:59)"
	MsgQuietHoursEmpty          = "Start and end must differ"
	MsgOwnerInAppAlwaysOn       = "Owners read every notice on the alerts page: in-app cannot be turned off"
)

// Validate checks s for a user of role: known events, each once, and
// quiet hours as two different HH:MM times.
func (s *NotificationSettings) Validate(role Role) error {
	fe := FieldErrors{}
	known := NotificationEvents(role)
	if len(s.Events) > len(known) {
		fe.Add("events", MsgNotificationEventTwice)
	}
	seen := map[NotificationEvent]bool{}
	for i, p := range s.Events {
		field := fmt.Sprintf("events[%d].event", i)
		switch {
		case !slices.Contains(known, p.Event):
			fe.Add(field, MsgNotificationEventUnknown)
		case seen[p.Event]:
			fe.Add(field, MsgNotificationEventTwice)
		case role == RoleCompany && !p.InApp:
			fe.Add(fmt.Sprintf("events[%d].inApp", i), MsgOwnerInAppAlwaysOn)
		}
		seen[p.Event] = true
	}
	if q := s.QuietHours; q != nil {
		_, okStart := ParseClock(q.Start)
		_, okEnd := ParseClock(q.End)
		if !okStart {
			fe.Add("quietHours.start", MsgQuietHoursTime)
		}
		if !okEnd {
			fe.Add("quietHours.end", MsgQuietHoursTime)
		}
		if okStart && okEnd && q.Start == q.End {
			fe.Add("quietHours.end", MsgQuietHoursEmpty)
		}
	}
	return fe.Err()
}

// ParseClock reads "HH:MM" (24-hour) as minutes after midnight.
func ParseClock(s string) (int, bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, false
	}
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, false
	}
	return t.Hour()*60 + t.Minute(), true
}

// QuietUntil returns when the quiet hours q that contain now (read on
// loc's clock) end, or false when now is outside them (or q is nil).
func (q *QuietHours) QuietUntil(now time.Time, loc *time.Location) (time.Time, bool) {
	if q == nil {
		return time.Time{}, false
	}
	start, ok1 := ParseClock(q.Start)
	end, ok2 := ParseClock(q.End)
	if !ok1 || !ok2 || start == end {
		return time.Time{}, false
	}
	local := now.In(loc)
	minute := local.Hour()*60 + local.Minute()
	var inside bool
	if start < end {
		inside = minute >= start && minute < end
	} else {
		inside = minute >= start || minute < end
	}
	if !inside {
		return time.Time{}, false
	}
	until := time.Date(local.Year(), local.Month(), local.Day(), end/60, end%60, 0, 0, loc)
	if !until.After(local) {
		until = time.Date(local.Year(), local.Month(), local.Day()+1, end/60, end%60, 0, 0, loc)
	}
	return until, true
}

// NotificationDelivery is what one recipient gets of one event: which
// channels, and from when (NotBefore zero: now; set: quiet hours hold the
// push and the e-mail until then; the in-app list shows it at once).
type NotificationDelivery struct {
	Push, Email, InApp bool
	NotBefore          time.Time
}

// DecideDelivery is the one rule of who gets what on which channel: the
// recipient's preference for event (pref; nil: the default of their
// role), and for a non-urgent event their quiet hours at now on the
// company's clock loc. Every sender (push queue, alert and notice mails,
// in-app list) asks it.
func DecideDelivery(role Role, event NotificationEvent, pref *NotificationPreference, quiet *QuietHours, now time.Time, loc *time.Location) NotificationDelivery {
	p := DefaultNotificationPreference(role, event)
	if pref != nil {
		p = *pref
	}
	if !slices.Contains(NotificationEvents(role), event) {
		return NotificationDelivery{}
	}
	d := NotificationDelivery{Push: p.Push, Email: p.Email, InApp: p.InApp || role == RoleCompany}
	if !event.Urgent() {
		if until, quiet := quiet.QuietUntil(now, loc); quiet {
			d.NotBefore = until
		}
	}
	return d
}

// Notice is one event to tell users of, in their language: the text key
// (under notifications.texts in the app's alerts texts) and its values,
// the app's page it opens and what it is about.
type Notice struct {
	Event     NotificationEvent
	CompanyID int64
	// Key names the title and body texts (…texts.KEY.title / .body);
	// Params fill their {{placeholders}}; Reason, when set, fills
	// {{reason}} with the decline reason's text in the reader's language.
	Key    string
	Params map[string]string
	// Days fill {{placeholders}} with days (YYYY-MM-DD) written in the
	// reader's language (DayText).
	Days map[string]string
	// Times fill {{placeholders}} with moments written in the reader's
	// language on the moment's own clock (TimeText).
	Times NoticeTimes
	// Words fill {{placeholders}} with short texts of the app's alerts
	// texts (notifications.words.KEY, the value naming KEY) in the
	// reader's language.
	Words  map[string]string
	Reason DeclineReason
	URL    string
	Tag    string
	// Actions are the push's buttons, each for readers of its role.
	Actions []NoticeAction
	// What the notice is about (0: not about one), for the in-app list.
	TransactionID     int64
	TripID            int64
	OverrideRequestID int64
}

//go:embed web/src/locales/en-US/alerts.json web/src/locales/es/alerts.json web/src/locales/en-US/transactions.json web/src/locales/es/transactions.json web/src/locales/en-US/members.json web/src/locales/es/members.json
var localeFiles embed.FS

type noticeTexts struct {
	texts          map[string]struct{ Title, Body string }
	words          map[string]string
	actions        map[string]string
	mail           string
	reasons        map[DeclineReason]string
	alertMail      alertMailTexts
	digest         digestTexts
	driverDecision driverDecisionTexts
	invitation     invitationMailTexts
}

// alertMailTexts are the owners' alert mails' words (alerts.json
// notifications.alertMail).
type alertMailTexts struct {
	Subjects map[string]string `json:"subjects"`
	Footer   string            `json:"footer"`
}

var noticeTextsByLanguage = loadNoticeTexts()

func loadNoticeTexts() map[Language]noticeTexts {
	out := map[Language]noticeTexts{}
	for lang, dir := range map[Language]string{LanguageEnglish: "en-US", LanguageSpanish: "es"} {
		var alerts struct {
			Notifications struct {
				Texts              map[string]struct{ Title, Body string } `json:"texts"`
				Words              map[string]string                       `json:"words"`
				Actions            map[string]string                       `json:"actions"`
				MailFooter         string                                  `json:"mailFooter"`
				AlertMail          alertMailTexts                          `json:"alertMail"`
				DriverDecisionMail driverDecisionTexts                     `json:"driverDecisionMail"`
				InvitationMail     invitationMailTexts                     `json:"invitationMail"`
				Digest             digestTexts                             `json:"digest"`
			} `json:"notifications"`
		}
		var transactions struct {
			DeclineReasons map[DeclineReason]string `json:"declineReasons"`
		}
		mustUnmarshal(dir+"/alerts.json", &alerts)
		mustUnmarshal(dir+"/transactions.json", &transactions)
		var members struct {
			Roles map[MemberRole]string `json:"roles"`
		}
		mustUnmarshal(dir+"/members.json", &members)
		invitation := alerts.Notifications.InvitationMail
		invitation.roles = members.Roles
		out[lang] = noticeTexts{texts: alerts.Notifications.Texts, words: alerts.Notifications.Words, actions: alerts.Notifications.Actions, mail: alerts.Notifications.MailFooter, reasons: transactions.DeclineReasons,
			alertMail: alerts.Notifications.AlertMail, digest: alerts.Notifications.Digest, driverDecision: alerts.Notifications.DriverDecisionMail,
			invitation: invitation}
	}
	return out
}

func mustUnmarshal(name string, v any) {
	raw, err := localeFiles.ReadFile("web/src/locales/" + name)
	if err == nil {
		err = json.Unmarshal(raw, v)
	}
	if err != nil {
		panic(fmt.Sprintf("notification texts %s: %v", name, err))
	}
}

// NoticeTimes are a notice's moments by placeholder, each on its own
// clock. As JSON (the events' payloads, alerts.notice) each moment keeps
// its clock: {"at": RFC 3339, "zone": the IANA zone, "abbr": the zone's
// abbreviation then}, so that a notice read back writes "2:03 PM CST" as
// when it was raised, not "2:03 PM -0600". A bare RFC 3339 string
// (stored before) reads as the moment at its offset.
type NoticeTimes map[string]time.Time

// noticeTime is a moment of NoticeTimes as JSON.
type noticeTime struct {
	At   time.Time `json:"at"`
	Zone string    `json:"zone,omitempty"`
	Abbr string    `json:"abbr,omitempty"`
}

// MarshalJSON writes each moment with its zone.
func (ts NoticeTimes) MarshalJSON() ([]byte, error) {
	if ts == nil {
		return []byte("null"), nil
	}
	out := make(map[string]noticeTime, len(ts))
	for k, t := range ts {
		abbr, _ := t.Zone()
		out[k] = noticeTime{At: t, Zone: t.Location().String(), Abbr: abbr}
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads moments back on their clocks.
func (ts *NoticeTimes) UnmarshalJSON(raw []byte) error {
	var in map[string]json.RawMessage
	if err := json.Unmarshal(raw, &in); err != nil {
		return err
	}
	if in == nil {
		*ts = nil
		return nil
	}
	out := make(NoticeTimes, len(in))
	for k, v := range in {
		var t noticeTime
		if len(v) > 0 && v[0] == '"' {
			if err := json.Unmarshal(v, &t.At); err != nil {
				return err
			}
		} else if err := json.Unmarshal(v, &t); err != nil {
			return err
		}
		out[k] = t.onItsClock()
	}
	*ts = out
	return nil
}

// onItsClock is t's moment on the clock it was written on: its IANA zone
// when it loads and agrees with the stored offset and abbreviation, else
// a fixed zone of the abbreviation, else the bare offset.
func (t noticeTime) onItsClock() time.Time {
	_, offset := t.At.Zone()
	if t.Zone != "" && t.Zone != "Local" {
		if loc, err := time.LoadLocation(t.Zone); err == nil {
			at := t.At.In(loc)
			if abbr, o := at.Zone(); o == offset && (t.Abbr == "" || abbr == t.Abbr) {
				return at
			}
		}
	}
	if t.Abbr != "" {
		return t.At.In(time.FixedZone(t.Abbr, offset))
	}
	return t.At
}

// textsIn returns the texts of lang, English for an unknown language.
func textsIn(lang Language) noticeTexts {
	if set, ok := noticeTextsByLanguage[lang]; ok {
		return set
	}
	return noticeTextsByLanguage[LanguageEnglish]
}

// Texts returns n's title and body in lang (English for a language
// without the text), placeholders filled.
func (n *Notice) Texts(lang Language) (title, body string) {
	set, ok := noticeTextsByLanguage[lang]
	if !ok {
		set = noticeTextsByLanguage[LanguageEnglish]
	}
	t, ok := set.texts[n.Key]
	if !ok || t.Title == "" {
		set = noticeTextsByLanguage[LanguageEnglish]
		t = set.texts[n.Key]
	}
	values := map[string]string{}
	for k, v := range n.Params {
		values[k] = v
	}
	for k, v := range n.Days {
		values[k] = DayText(lang, v)
	}
	for k, v := range n.Times {
		values[k] = TimeText(lang, v)
	}
	for k, w := range n.Words {
		values[k] = cmpOr(set.words[w], textsIn(LanguageEnglish).words[w])
	}
	if n.Reason != "" {
		values["reason"] = cmpOr(set.reasons[n.Reason], n.Reason.Sentence())
	}
	return interpolate(t.Title, values), interpolate(t.Body, values)
}

// monthAbbreviations are the months as a day is written in each language.
var monthAbbreviations = map[Language][12]string{
	LanguageEnglish: {"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	LanguageSpanish: {"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"},
}

// DayText writes day (YYYY-MM-DD) as the app writes a day alone in lang:
// "Dec 9, 2026", in Spanish "9 dic 2026" (docs/product.md, Languages); a
// value that is no day is returned as it is.
func DayText(lang Language, day string) string {
	d, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	if lang == LanguageSpanish {
		return fmt.Sprintf("%d %s %d", d.Day(), monthAbbreviations[LanguageSpanish][d.Month()-1], d.Year())
	}
	return fmt.Sprintf("%s %d, %d", monthAbbreviations[LanguageEnglish][d.Month()-1], d.Day(), d.Year())
}

// TimeText writes t on its own clock as the app writes a moment in lang,
// with the clock's zone: "Dec 9, 2026 2:03 PM CST", in Spanish
// "9 dic 2026, 2:03 PM CST" (docs/product.md, Languages).
func TimeText(lang Language, t time.Time) string {
	day := DayText(lang, t.Format(time.DateOnly))
	if lang == LanguageSpanish {
		day += ","
	}
	return day + " " + t.Format("3:04 PM MST")
}

// Push returns n as the push notification for a reader of role and lang,
// with the actions n offers that role (their texts in lang, English for a
// missing one).
func (n *Notice) Push(role Role, lang Language) PushNotification {
	title, body := n.Texts(lang)
	p := PushNotification{Title: title, Body: body, URL: n.URL, Tag: n.Tag}
	for _, a := range n.Actions {
		if a.Role != role {
			continue
		}
		text := cmpOr(textsIn(lang).actions[a.Key], textsIn(LanguageEnglish).actions[a.Key])
		p.Actions = append(p.Actions, PushAction{Action: a.Action, Title: text, URL: a.URL})
	}
	return p
}

// Mail returns n as the e-mail to address to for a reader of lang.
func (n *Notice) Mail(to string, lang Language) *MailMessage {
	title, body := n.Texts(lang)
	set, ok := noticeTextsByLanguage[lang]
	if !ok {
		set = noticeTextsByLanguage[LanguageEnglish]
	}
	footer := interpolate(set.mail, map[string]string{"path": n.URL})
	return &MailMessage{To: to, Subject: "Fuel Portal: " + title, Body: body + "\n\n" + footer}
}

func cmpOr(a string, b string) string {
	if a != "" {
		return a
	}
	return b
}

// interpolate fills i18next-style {{name}} placeholders in one pass: a
// value is never read for placeholders (a driver's note saying "{{card}}"
// stays as written), and a placeholder without a value stays as it is.
func interpolate(s string, values map[string]string) string {
	var b strings.Builder
	for {
		open := strings.Index(s, "{{")
		if open < 0 {
			break
		}
		end := strings.Index(s[open+2:], "}}")
		if end < 0 {
			break
		}
		end += open + 2
		if v, ok := values[s[open+2:end]]; ok {
			b.WriteString(s[:open])
			b.WriteString(v)
		} else {
			b.WriteString(s[:end+2])
		}
		s = s[end+2:]
	}
	b.WriteString(s)
	return b.String()
}

// MaxInAppNotifications is how many notices a user's list keeps: adding
// one more forgets the oldest.
const MaxInAppNotifications = 200

// MaxWalletLowThresholdCents bounds the low-wallet threshold ($1,000,000).
const MaxWalletLowThresholdCents = 100_000_000

// MsgWalletLowThreshold is the field error of a threshold out of bounds.
const MsgWalletLowThreshold = "Threshold must be between 0 and 1000000 dollars"
