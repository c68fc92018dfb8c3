package http

import (
	"context"
	"net/http"

	"fuelportal"
)

// pushPublicKeyResponse is the VAPID public key browsers subscribe with.
type pushPublicKeyResponse struct {
	PublicKey string `json:"publicKey"`
}

// handlePushPublicKey answers the key the app passes to
// pushManager.subscribe as applicationServerKey; 503 when the server
// sends no push notifications.
func (s *Server) handlePushPublicKey(w http.ResponseWriter, r *http.Request) {
	if s.PushKeys.Public == "" {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Push notifications are not configured"))
		return
	}
	respond(w, http.StatusOK, pushPublicKeyResponse{PublicKey: s.PushKeys.Public})
}

// pushSubscriptionRequest is a browser's PushSubscription as its toJSON()
// gives it (expirationTime and other fields are ignored).
type pushSubscriptionRequest struct {
	Endpoint string `json:"endpoint" text:"pushEndpoint"`
	Keys     struct {
		P256DH string `json:"p256dh" text:"pushKey"`
		Auth   string `json:"auth" text:"pushKey"`
	} `json:"keys"`
}

// handlePushSubscribe saves this browser's subscription for the caller
// (again: its keys are updated): its endpoint must be one the rule of
// outgoing requests allows (OutgoingPolicy, the webhooks' too; its name is
// checked when the sender connects). An endpoint another user holds is a
// 409: a subscription never moves between users.
func (s *Server) handlePushSubscribe(w http.ResponseWriter, r *http.Request) {
	var req pushSubscriptionRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	sub := &fuelportal.PushSubscription{
		UserID: PrincipalFromContext(r.Context()).UserID, Endpoint: req.Endpoint, P256DH: req.Keys.P256DH, Auth: req.Keys.Auth,
	}
	if err := sub.Validate(); err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.OutgoingPolicy.CheckURLWithoutLookup(sub.Endpoint); err != nil {
		s.respondError(w, r, fuelportal.FieldError("endpoint", fuelportal.MsgPushEndpointInvalid))
		return
	}
	if err := s.pushStore.SavePushSubscription(r.Context(), sub); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// pushUnsubscribeRequest names the subscription to delete.
type pushUnsubscribeRequest struct {
	Endpoint string `json:"endpoint" text:"pushEndpoint"`
}

// handlePushUnsubscribe deletes the caller's subscription with the
// endpoint, if they have one (the app calls it when notifications are
// switched off and on sign-out): 204 either way, and another user's is
// left alone.
func (s *Server) handlePushUnsubscribe(w http.ResponseWriter, r *http.Request) {
	var req pushUnsubscribeRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if req.Endpoint == "" {
		s.respondError(w, r, fuelportal.FieldError("endpoint", fuelportal.MsgPushEndpointRequired))
		return
	}
	if err := s.pushStore.DeletePushSubscription(r.Context(), PrincipalFromContext(r.Context()).UserID, req.Endpoint); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// pushStore is the store as seen by the push subscription handlers
// (*store.DB).
type pushStore interface {
	DeletePushSubscription(ctx context.Context, userID int64, endpoint string) error
	SavePushSubscription(ctx context.Context, s *fuelportal.PushSubscription) error
}
