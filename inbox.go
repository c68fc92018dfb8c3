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
// Message its English text, Decision how the request it is about was
// decided) or a user's notice (Kind its NotificationEvent, Title and Body
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
}

// InboxFilter selects a page of an inbox, newest first.
type InboxFilter struct {
	Inbox      Inbox
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
}
