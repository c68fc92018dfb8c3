package http

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// alertResponse is an owner's alert on the wire.
type alertResponse struct {
	ID   int64                `json:"id"`
	Kind fuelportal.AlertKind `json:"kind"`
	// Message is the alert in English, as raised; Text is the alert in
	// the reader's language (their account's), Message itself in English
	// and for an alert without a translation.
	Message           string    `json:"message"`
	Text              string    `json:"text"`
	CardNumber        string    `json:"cardNumber"`
	DriverName        string    `json:"driverName"`
	TransactionID     *int64    `json:"transactionId"`
	OverrideRequestID *int64    `json:"overrideRequestId"`
	TripID            *int64    `json:"tripId"`
	TripRequestID     *int64    `json:"tripRequestId"`
	Read              bool      `json:"read"`
	CreatedAt         time.Time `json:"createdAt"`
	// RequestStatus, DecidedAt and DecidedBy say how the request the alert
	// is about was decided; null while it waits or when about none.
	RequestStatus *string    `json:"requestStatus"`
	DecidedAt     *time.Time `json:"decidedAt"`
	DecidedBy     *string    `json:"decidedBy"`
}

func alertFromItem(a *fuelportal.InboxItem, lang fuelportal.Language) any {
	res := alertResponse{ID: a.ID, Kind: fuelportal.AlertKind(a.Kind), Message: a.Message, Text: fuelportal.AlertItemText(a, lang), CardNumber: a.CardNumber, DriverName: a.DriverName,
		TransactionID: optionalID(a.TransactionID), OverrideRequestID: optionalID(a.OverrideRequestID),
		TripID: optionalID(a.TripID), TripRequestID: optionalID(a.TripRequestID),
		Read: a.ReadAt != nil, CreatedAt: a.CreatedAt.UTC()}
	if d := a.Decision; d != nil {
		status, at, by := d.Status, d.DecidedAt.UTC(), d.DecidedBy
		res.RequestStatus, res.DecidedAt, res.DecidedBy = &status, &at, &by
	}
	return res
}

// alertsInbox is the owners' inbox on /api/wex/company/alerts: the
// company's alerts, filtered by kind, each worded in the reader's
// language.
var alertsInbox = inboxRoute{
	of: func(p Principal) fuelportal.Inbox {
		return fuelportal.Inbox{CompanyID: p.CompanyID, GroupID: p.GroupID}
	},
	kind:     func(k string) bool { return fuelportal.AlertKind(k).Valid() },
	kindHelp: "Must be one of " + alertKindList,
	maxPage:  maxAlertPage,
	encode:   alertFromItem,
	missing:  "Alert not found",
}

// alertKindList names the alert kinds for the kind filter's message.
var alertKindList = func() string {
	names := make([]string, len(fuelportal.AlertKinds))
	for i, k := range fuelportal.AlertKinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}()

// maxAlertPage bounds the page number of the alerts list (with the page
// size, how far OFFSET may reach).
const maxAlertPage = 100_000

// pathID reads the {id} path parameter: a positive decimal id of at most
// 20 characters. Anything else names nothing (the callers answer 404).
func pathID(r *http.Request) (int64, bool) {
	v := r.PathValue("id")
	if len(v) > 20 {
		return 0, false
	}
	id, err := strconv.ParseInt(v, 10, 64)
	return id, err == nil && id > 0
}
