package webhooks

import (
	"context"

	"fuelportal"
)

// EndpointStore is what the endpoint flows read and write (*store.DB): each
// change writes its audit row in its transaction, a resend queues its
// delivery there too.
type EndpointStore interface {
	WebhookEndpoints(ctx context.Context, companyID int64) ([]*fuelportal.WebhookEndpoint, error)
	CreateWebhookEndpoint(ctx context.Context, companyID int64, in fuelportal.WebhookEndpointInput, decide func(endpoints int) error) (*fuelportal.WebhookEndpoint, error)
	UpdateWebhookEndpoint(ctx context.Context, companyID, id int64, in fuelportal.WebhookEndpointInput) (*fuelportal.WebhookEndpoint, error)
	DeleteWebhookEndpoint(ctx context.Context, companyID, id int64) error
	WebhookDeliveries(ctx context.Context, companyID, endpointID int64) ([]*fuelportal.WebhookDelivery, error)
	ResendWebhookDelivery(ctx context.Context, companyID, deliveryID int64, decide func(endpointActive bool) error) (*fuelportal.WebhookDelivery, error)
}

// Endpoints are company companyID's endpoints, oldest first.
func (w *Service) Endpoints(ctx context.Context, companyID int64) ([]*fuelportal.WebhookEndpoint, error) {
	return w.store.WebhookEndpoints(ctx, companyID)
}

// CreateEndpoint adds an endpoint to company companyID (at most
// fuelportal.MaxWebhookEndpoints) with a new signing secret, which only this
// answer carries. in is validated, its URL checked by the caller's policy.
func (w *Service) CreateEndpoint(ctx context.Context, companyID int64, in fuelportal.WebhookEndpointInput) (*fuelportal.WebhookEndpoint, error) {
	return w.store.CreateWebhookEndpoint(ctx, companyID, in, fuelportal.CheckWebhookEndpointAdded)
}

// UpdateEndpoint replaces endpoint id's URL, events and active flag; a new
// URL is no longer failing. Another company's endpoint is ENOTFOUND.
func (w *Service) UpdateEndpoint(ctx context.Context, companyID, id int64, in fuelportal.WebhookEndpointInput) (*fuelportal.WebhookEndpoint, error) {
	return w.store.UpdateWebhookEndpoint(ctx, companyID, id, in)
}

// DeleteEndpoint deletes endpoint id and its deliveries. Another company's
// endpoint is ENOTFOUND.
func (w *Service) DeleteEndpoint(ctx context.Context, companyID, id int64) error {
	return w.store.DeleteWebhookEndpoint(ctx, companyID, id)
}

// Deliveries are endpoint endpointID's newest deliveries.
func (w *Service) Deliveries(ctx context.Context, companyID, endpointID int64) ([]*fuelportal.WebhookDelivery, error) {
	return w.store.WebhookDeliveries(ctx, companyID, endpointID)
}

// Resend queues delivery deliveryID's event again, as a new delivery to
// the same endpoint (which must be active: else ECONFLICT), and wakes the
// worker after the commit.
func (w *Service) Resend(ctx context.Context, companyID, deliveryID int64) (*fuelportal.WebhookDelivery, error) {
	return w.store.ResendWebhookDelivery(ctx, companyID, deliveryID, fuelportal.CheckWebhookResent)
}
