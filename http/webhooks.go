package http

import (
	"errors"
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/netguard"
)

// Webhook endpoints of the owner's company: where the portal POSTs the
// company's events (the webhooks package delivers them). An endpoint's
// URL must be https and resolve to public addresses only (netguard),
// checked here when saved and again at each delivery.

// webhookEndpointResponse is an endpoint on the wire; its secret is shown
// only in the answer to its creation (webhookEndpointCreated).
type webhookEndpointResponse struct {
	ID        int64                         `json:"id"`
	URL       string                        `json:"url"`
	Events    []fuelportal.WebhookEventType `json:"events"`
	Active    bool                          `json:"active"`
	Failing   bool                          `json:"failing"`
	CreatedAt time.Time                     `json:"createdAt"`
	UpdatedAt time.Time                     `json:"updatedAt"`
}

type webhookEndpointCreated struct {
	webhookEndpointResponse
	Secret string `json:"secret"`
}

type webhookEndpointList struct {
	Content []webhookEndpointResponse `json:"content"`
	// EventTypes are the events an endpoint may subscribe to.
	EventTypes []fuelportal.WebhookEventType `json:"eventTypes"`
}

// webhookDeliveryResponse is one delivery of an event to an endpoint.
type webhookDeliveryResponse struct {
	ID            int64                            `json:"id"`
	EventID       string                           `json:"eventId"`
	EventType     fuelportal.WebhookEventType      `json:"eventType"`
	Status        fuelportal.WebhookDeliveryStatus `json:"status"`
	Attempts      int                              `json:"attempts"`
	LastError     string                           `json:"lastError"`
	ResponseCode  *int                             `json:"responseCode"`
	NextAttemptAt *time.Time                       `json:"nextAttemptAt"`
	CreatedAt     time.Time                        `json:"createdAt"`
	DeliveredAt   *time.Time                       `json:"deliveredAt"`
}

type webhookDeliveryList struct {
	Content []webhookDeliveryResponse `json:"content"`
}

// webhookEndpointBody is what an owner sends to create or replace an
// endpoint; active is true when left out.
type webhookEndpointBody struct {
	URL    string   `json:"url" text:"webhookUrl"`
	Events []string `json:"events" text:"code"`
	Active *bool    `json:"active"`
}

// maxWebhookEventsSent bounds the events list of a request (the known
// types, with room for repeats).
const maxWebhookEventsSent = 20

func webhookEndpointFromDomain(e *fuelportal.WebhookEndpoint) webhookEndpointResponse {
	events := e.Events
	if events == nil {
		events = []fuelportal.WebhookEventType{}
	}
	return webhookEndpointResponse{ID: e.ID, URL: e.URL, Events: events, Active: e.Active, Failing: e.Failing,
		CreatedAt: e.CreatedAt.UTC(), UpdatedAt: e.UpdatedAt.UTC()}
}

func webhookDeliveryFromDomain(d *fuelportal.WebhookDelivery) webhookDeliveryResponse {
	res := webhookDeliveryResponse{ID: d.ID, EventID: d.EventID, EventType: d.EventType, Status: d.Status, Attempts: d.Attempts,
		LastError: d.LastError, CreatedAt: d.CreatedAt.UTC(), DeliveredAt: utcPtr(d.DeliveredAt)}
	if d.ResponseCode != 0 {
		code := d.ResponseCode
		res.ResponseCode = &code
	}
	if d.Status == fuelportal.WebhookPending {
		next := d.NextAttemptAt.UTC()
		res.NextAttemptAt = &next
	}
	return res
}

// readWebhookEndpoint decodes and checks an endpoint body: its form, then
// that the URL's host resolves to addresses s.OutgoingPolicy allows.
func (s *Server) readWebhookEndpoint(w http.ResponseWriter, r *http.Request) (fuelportal.WebhookEndpointInput, error) {
	var body webhookEndpointBody
	if err := decode(w, r, &body); err != nil {
		return fuelportal.WebhookEndpointInput{}, err
	}
	if len(body.Events) > maxWebhookEventsSent {
		return fuelportal.WebhookEndpointInput{}, fuelportal.FieldError("events", "Must not list more than 20 events")
	}
	in := fuelportal.WebhookEndpointInput{URL: body.URL, Active: body.Active == nil || *body.Active}
	for _, e := range body.Events {
		in.Events = append(in.Events, fuelportal.WebhookEventType(e))
	}
	if err := in.Validate(s.OutgoingPolicy.AllowPrivate); err != nil {
		return in, err
	}
	if err := s.OutgoingPolicy.CheckURL(r.Context(), in.URL); err != nil {
		msg := "Must resolve to a public internet address"
		if !errors.Is(err, netguard.ErrNotPublic) {
			msg = "Must be a reachable https:// URL: " + err.Error()
		}
		return in, fuelportal.FieldError("url", msg)
	}
	return in, nil
}

// handleWebhookList answers the owner's company's endpoints and the event
// types they may subscribe to.
func (s *Server) handleWebhookList(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	list, err := s.Webhooks.Endpoints(ctx, PrincipalFromContext(ctx).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := webhookEndpointList{Content: make([]webhookEndpointResponse, 0, len(list)), EventTypes: fuelportal.WebhookEventTypes}
	for _, e := range list {
		res.Content = append(res.Content, webhookEndpointFromDomain(e))
	}
	respond(w, http.StatusOK, res)
}

// handleWebhookCreate adds an endpoint: 201 with its signing secret, shown
// this once.
func (s *Server) handleWebhookCreate(w http.ResponseWriter, r *http.Request) {
	in, err := s.readWebhookEndpoint(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	ctx := r.Context()
	e, err := s.Webhooks.CreateEndpoint(ctx, PrincipalFromContext(ctx).CompanyID, in)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, webhookEndpointCreated{webhookEndpointResponse: webhookEndpointFromDomain(e), Secret: e.Secret})
}

// handleWebhookUpdate replaces an endpoint's URL, events and active flag;
// 404 for another company's.
func (s *Server) handleWebhookUpdate(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgWebhookNotFound))
		return
	}
	in, err := s.readWebhookEndpoint(w, r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	ctx := r.Context()
	e, err := s.Webhooks.UpdateEndpoint(ctx, PrincipalFromContext(ctx).CompanyID, id, in)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, webhookEndpointFromDomain(e))
}

// handleWebhookDelete deletes an endpoint and its deliveries: 204, 404 for
// another company's.
func (s *Server) handleWebhookDelete(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgWebhookNotFound))
		return
	}
	ctx := r.Context()
	if err := s.Webhooks.DeleteEndpoint(ctx, PrincipalFromContext(ctx).CompanyID, id); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleWebhookDeliveries answers an endpoint's newest deliveries, newest
// first; 404 for another company's endpoint.
func (s *Server) handleWebhookDeliveries(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgWebhookNotFound))
		return
	}
	ctx := r.Context()
	list, err := s.Webhooks.Deliveries(ctx, PrincipalFromContext(ctx).CompanyID, id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := webhookDeliveryList{Content: make([]webhookDeliveryResponse, 0, len(list))}
	for _, d := range list {
		res.Content = append(res.Content, webhookDeliveryFromDomain(d))
	}
	respond(w, http.StatusOK, res)
}

// handleWebhookResend queues a delivery's event again to its endpoint:
// 201 with the new delivery; 404 for another company's, 409 when the
// endpoint is not active.
func (s *Server) handleWebhookResend(w http.ResponseWriter, r *http.Request) {
	id, ok := pathID(r)
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgWebhookDeliveryNotFound))
		return
	}
	ctx := r.Context()
	d, err := s.Webhooks.Resend(ctx, PrincipalFromContext(ctx).CompanyID, id)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, webhookDeliveryFromDomain(d))
}
