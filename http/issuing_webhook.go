package http

import (
	"io"
	"net/http"

	"fuelportal"
	"fuelportal/stripe"
)

// authorizationAnswer is the answer to a Stripe Issuing authorization
// request: approve or decline, the approved amount when partial, and the
// decline code in metadata.
type authorizationAnswer struct {
	Approved bool              `json:"approved"`
	Amount   *int64            `json:"amount,omitempty"`
	Metadata map[string]string `json:"metadata"`
}

// handleIssuingWebhook passes a Stripe Issuing delivery to the
// authorization flow: only deliveries signed with the Issuing webhook
// secret, at most the tolerance old, are accepted (400 otherwise, nothing
// recorded). An authorization request is answered with the decision
// (Stripe-Version header); other events with {received: true}.
func (s *Server) handleIssuingWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, "Request body is too large"))
		return
	}
	ans, err := s.Authorizations.HandleStripe(r.Context(), payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		if code := fuelportal.ErrorCode(err); code == fuelportal.EINVALID || code == fuelportal.EUNAVAILABLE {
			s.Logger.WarnContext(r.Context(), "stripe issuing webhook refused", "err", err)
		}
		s.respondError(w, r, err)
		return
	}
	w.Header().Set("Stripe-Version", stripe.APIVersion)
	if a := ans.Decision; a != nil {
		res := authorizationAnswer{Approved: a.Approved, Amount: ans.Amount, Metadata: map[string]string{}}
		if a.DeclineCode != "" {
			res.Metadata["declineCode"] = string(a.DeclineCode)
		}
		respond(w, http.StatusOK, res)
		return
	}
	respond(w, http.StatusOK, webhookResponse{Received: true, Outcome: "applied"})
}
