package http

import "net/http"

type configResponse struct {
	PaymentsConfigured   bool   `json:"paymentsConfigured"`
	StripePublishableKey string `json:"stripePublishableKey"`
	MapStyleURL          string `json:"mapStyleUrl"`
}

// handleConfig tells the web app the public settings it needs at start.
func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	respond(w, http.StatusOK, configResponse{
		PaymentsConfigured:   s.Public.PaymentsConfigured,
		StripePublishableKey: s.Public.StripePublishableKey,
		MapStyleURL:          s.Public.MapStyleURL,
	})
}
