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
	ID                int64                `json:"id"`
	Kind              fuelportal.AlertKind `json:"kind"`
	Message           string               `json:"message"`
	CardNumber        string               `json:"cardNumber"`
	DriverName        string               `json:"driverName"`
	TransactionID     *int64               `json:"transactionId"`
	OverrideRequestID *int64               `json:"overrideRequestId"`
	TripID            *int64               `json:"tripId"`
	TripRequestID     *int64               `json:"tripRequestId"`
	Read              bool                 `json:"read"`
	CreatedAt         time.Time            `json:"createdAt"`
	// RequestStatus, DecidedAt and DecidedBy say how the request the alert
	// is about was decided; null while it waits or when about none.
	RequestStatus *string    `json:"requestStatus"`
	DecidedAt     *time.Time `json:"decidedAt"`
	DecidedBy     *string    `json:"decidedBy"`
}

type alertPage struct {
	Content     []alertResponse `json:"content"`
	Page        pageInfo        `json:"page"`
	UnreadCount int             `json:"unreadCount"`
}

func alertFromDomain(a *fuelportal.Alert) alertResponse {
	res := alertResponse{ID: a.ID, Kind: a.Kind, Message: a.Message, CardNumber: a.CardNumber, DriverName: a.DriverName,
		TransactionID: optionalID(a.TransactionID), OverrideRequestID: optionalID(a.OverrideRequestID),
		TripID: optionalID(a.TripID), TripRequestID: optionalID(a.TripRequestID),
		Read: a.ReadAt != nil, CreatedAt: a.CreatedAt.UTC()}
	if d := a.Decision; d != nil {
		status, at, by := d.Status, d.DecidedAt.UTC(), d.DecidedBy
		res.RequestStatus, res.DecidedAt, res.DecidedBy = &status, &at, &by
	}
	return res
}

// alertKindList names the alert kinds for the kind filter's message.
var alertKindList = func() string {
	names := make([]string, len(fuelportal.AlertKinds))
	for i, k := range fuelportal.AlertKinds {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}()

// optionalID is nil (JSON null) for 0, which is no id.
func optionalID(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

// maxAlertPage bounds the page number of the alerts list (with the page
// size, how far OFFSET may reach).
const maxAlertPage = 100_000

// handleAlertList answers a page of the owner's company's alerts, newest
// first (only unread ones with unread=true), with the unread count.
func (s *Server) handleAlertList(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	unread := false
	switch queryText(fe, q, "unread", "code") {
	case "", "false":
	case "true":
		unread = true
	default:
		if !fe.Has("unread") {
			fe.Add("unread", "Must be true or false")
		}
	}
	kind := fuelportal.AlertKind(queryText(fe, q, "kind", "code"))
	if kind != "" && !kind.Valid() && !fe.Has("kind") {
		fe.Add("kind", "Must be one of "+alertKindList)
	}
	page := queryInt(fe, q, "page", 0, 0, maxAlertPage)
	size := queryInt(fe, q, "size", defaultPageSize, 1, maxPageSize)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	ctx := r.Context()
	res, err := s.DB.Alerts(ctx, fuelportal.AlertFilter{CompanyID: PrincipalFromContext(ctx).CompanyID, UnreadOnly: unread, Kind: kind, Offset: page * size, Limit: size})
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := alertPage{Content: make([]alertResponse, 0, len(res.Alerts)), UnreadCount: res.Unread,
		Page: pageInfo{Number: page, Size: size, TotalElements: res.Total, TotalPages: (res.Total + size - 1) / size}}
	for _, a := range res.Alerts {
		out.Content = append(out.Content, alertFromDomain(a))
	}
	respond(w, http.StatusOK, out)
}

// handleAlertRead marks one of the owner's company's alerts read: 204, and
// 404 for any other id.
func (s *Server) handleAlertRead(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Alert not found"))
		return
	}
	if err := s.DB.MarkAlertRead(ctx, PrincipalFromContext(ctx).CompanyID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleAlertReadAll marks every alert of the owner's company read: 204.
func (s *Server) handleAlertReadAll(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if err := s.DB.MarkAllAlertsRead(ctx, PrincipalFromContext(ctx).CompanyID); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

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
