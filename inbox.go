package fuelportal

import "time"

// Inbox is one in-app list of what a user was told: a company's owners
// share one, the company's alerts (UserID 0); every other user has their
// own, their notices. Both are filled from events (EventRoutes) and read,
// paged and marked read alike.
type Inbox struct {
	CompanyID int64
	UserID    int64 // 0: the owners' alerts of CompanyID
	// GroupID limits the owners' alerts to those about the group's cards
	// and those about no card (an office member limited to the group).
	GroupID int64
}

// Owners reports whether i is a company's owners' inbox (its alerts).
func (i Inbox) Owners() bool { return i.UserID == 0 }

// InboxItem is one entry of an inbox: an owners' alert (Kind an AlertKind,
// Message its English text, Notice what words it in another language,
// Decision how the request it is about was decided) or a user's notice (Kind its NotificationEvent, Title and Body
// in the language it was written in, URL the page it opens).
type InboxItem struct {
	ID         int64
	Kind       string
	Message    string
	Title      string
	Body       string
	URL        string
	CardNumber string
	DriverName string
	// What the entry is about (0: none).
	CardID            int64
	TransactionID     int64
	OverrideRequestID int64
	TripID            int64
	TripRequestID     int64
	ReadAt            *time.Time
	CreatedAt         time.Time
	// Decision is how the override or trip request an alert is about was
	// decided (nil: no request, or still pending).
	Decision *RequestDecision
	// Notice words an alert again in its reader's language (AlertItemText):
	// its text key and values (nil: raised without one, or before alerts
	// kept it).
	Notice *Notice
}

// AlertItemText is alert entry i's text for an owner reading lang, as
// AlertText words a new alert.
func AlertItemText(i *InboxItem, lang Language) string {
	return alertText(i.Message, i.Notice, lang)
}

// InboxFilter selects a page of an inbox, newest first.
type InboxFilter struct {
	Inbox Inbox
	// Reader is the user reading the page, whose language the page
	// answers (InboxPage.Language).
	Reader     int64
	UnreadOnly bool
	Kind       string // "" for every kind
	Offset     int
	Limit      int
}

// InboxPage is a page of an inbox with the counts its page shows.
type InboxPage struct {
	Items  []*InboxItem
	Total  int // entries matching the filter
	Unread int // unread entries of the inbox
	// Language is the reader's (InboxFilter.Reader), the one alerts are
	// worded in; English when no reader is named.
	Language Language
}
