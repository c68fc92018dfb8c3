package http

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"

	"fuelportal"
)

// notificationSettingsBody is GET and PUT /api/account/notifications on
// the wire: fuelportal.NotificationSettings plus, per event, whether it
// is urgent (read-only; PUT ignores it).
type notificationSettingsBody struct {
	Events     []notificationPreferenceBody `json:"events"`
	QuietHours *fuelportal.QuietHours       `json:"quietHours"`
	TimeZone   string                       `json:"timeZone"`
}

type notificationPreferenceBody struct {
	fuelportal.NotificationPreference
	Urgent bool `json:"urgent"`
}

// notificationSettingsRequest is PUT /api/account/notifications' body:
// the events to change and the quiet hours (null or absent: none).
type notificationSettingsRequest struct {
	Events []struct {
		Event string `json:"event" text:"code"`
		Push  bool   `json:"push"`
		Email bool   `json:"email"`
		InApp bool   `json:"inApp"`
	} `json:"events"`
	QuietHours *struct {
		Start string `json:"start" text:"code"`
		End   string `json:"end" text:"code"`
	} `json:"quietHours"`
}

func notificationSettingsFromDomain(s *fuelportal.NotificationSettings) notificationSettingsBody {
	out := notificationSettingsBody{QuietHours: s.QuietHours, TimeZone: s.TimeZone, Events: make([]notificationPreferenceBody, 0, len(s.Events))}
	for _, p := range s.Events {
		out.Events = append(out.Events, notificationPreferenceBody{NotificationPreference: p, Urgent: p.Event.Urgent()})
	}
	return out
}

// handleNotificationSettingsGet answers the caller's notification
// preferences: every event of their role, their quiet hours and the
// company's time zone those are read in.
func (s *Server) handleNotificationSettingsGet(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	settings, err := s.Notifications.Settings(r.Context(), p.UserID, p.Role)
	if err != nil {
		s.respondError(w, r, signedOutIfMissing(err))
		return
	}
	respond(w, http.StatusOK, notificationSettingsFromDomain(heardBy(p, settings)))
}

// heardBy keeps of settings the events the caller's member role hears of
// (fuelportal.MemberRole.Hears): each member keeps preferences for their
// own notices only.
func heardBy(p Principal, settings *fuelportal.NotificationSettings) *fuelportal.NotificationSettings {
	settings.Events = slices.DeleteFunc(settings.Events, func(e fuelportal.NotificationPreference) bool { return !p.MemberRole.Hears(e.Event) })
	return settings
}

// handleNotificationSettingsPut saves the caller's preferences for the
// events listed (others keep theirs) and their quiet hours (null: none).
func (s *Server) handleNotificationSettingsPut(w http.ResponseWriter, r *http.Request) {
	var body notificationSettingsRequest
	if err := decode(w, r, &body); err != nil {
		s.respondError(w, r, err)
		return
	}
	in := fuelportal.NotificationSettings{}
	if q := body.QuietHours; q != nil {
		in.QuietHours = &fuelportal.QuietHours{Start: q.Start, End: q.End}
	}
	for _, e := range body.Events {
		in.Events = append(in.Events, fuelportal.NotificationPreference{Event: fuelportal.NotificationEvent(e.Event), Push: e.Push, Email: e.Email, InApp: e.InApp})
	}
	p := PrincipalFromContext(r.Context())
	settings, err := s.Notifications.SaveSettings(r.Context(), p.UserID, p.Role, in)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, notificationSettingsFromDomain(heardBy(p, settings)))
}

// inAppNotificationResponse is a notice of the caller's in-app list.
type inAppNotificationResponse struct {
	ID                int64                        `json:"id"`
	Event             fuelportal.NotificationEvent `json:"event"`
	Title             string                       `json:"title"`
	Body              string                       `json:"body"`
	URL               string                       `json:"url"`
	TransactionID     *int64                       `json:"transactionId"`
	TripID            *int64                       `json:"tripId"`
	OverrideRequestID *int64                       `json:"overrideRequestId"`
	Read              bool                         `json:"read"`
	CreatedAt         time.Time                    `json:"createdAt"`
}

// noticesInbox is the caller's own inbox on /api/notifications: their
// notices (drivers' notifications screen).
var noticesInbox = inboxRoute{
	of:      func(p Principal) fuelportal.Inbox { return fuelportal.Inbox{CompanyID: p.CompanyID, UserID: p.UserID} },
	maxPage: fuelportal.MaxInAppNotifications,
	encode: func(n *fuelportal.InboxItem, _ fuelportal.Language) any {
		return inAppNotificationResponse{ID: n.ID, Event: fuelportal.NotificationEvent(n.Kind), Title: n.Title, Body: n.Body, URL: n.URL,
			TransactionID: optionalID(n.TransactionID), TripID: optionalID(n.TripID), OverrideRequestID: optionalID(n.OverrideRequestID),
			Read: n.ReadAt != nil, CreatedAt: n.CreatedAt.UTC()}
	},
	missing: "Notification not found",
}

// walletLowBody is GET and PUT /api/wex/company/wallet/low-balance: the
// balance, in dollars, below which a debit tells the owners (null: never).
type walletLowBody struct {
	Threshold *float64 `json:"threshold"`
}

// walletLowRequest is PUT /api/wex/company/wallet/low-balance's body
// (the threshold read exactly, as a decimal).
type walletLowRequest struct {
	Threshold *json.Number `json:"threshold"`
}

// handleWalletLowGet answers the company's low-wallet threshold.
func (s *Server) handleWalletLowGet(w http.ResponseWriter, r *http.Request) {
	cents, err := s.Notifications.WalletLowThreshold(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := walletLowBody{}
	if cents != nil {
		d := dollars(*cents)
		out.Threshold = &d
	}
	respond(w, http.StatusOK, out)
}

// handleWalletLowPut sets (or, with null, clears) the company's
// low-wallet threshold.
func (s *Server) handleWalletLowPut(w http.ResponseWriter, r *http.Request) {
	var body walletLowRequest
	if err := decode(w, r, &body); err != nil {
		s.respondError(w, r, err)
		return
	}
	var cents *int64
	out := walletLowBody{}
	if body.Threshold != nil {
		c, err := fuelportal.ParseDecimal(body.Threshold.String(), 2)
		if err != nil || c < 0 || c > fuelportal.MaxWalletLowThresholdCents {
			fe := fuelportal.FieldErrors{}
			fe.Add("threshold", fuelportal.MsgWalletLowThreshold)
			s.respondError(w, r, fe.Err())
			return
		}
		cents = &c
		d := dollars(c)
		out.Threshold = &d
	}
	if err := s.Notifications.SetWalletLowThreshold(r.Context(), PrincipalFromContext(r.Context()).CompanyID, cents); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, out)
}
