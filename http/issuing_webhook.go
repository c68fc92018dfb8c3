package http

import (
	"context"
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
	ans, err := s.Purchases.HandleStripe(r.Context(), payload, r.Header.Get("Stripe-Signature"))
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

// authorizationDTO is the decision on the card authorization a purchase
// came from (the transaction detail's, owners only).
type authorizationDTO struct {
	AuthorizationID string   `json:"authorizationId"`
	Approved        bool     `json:"approved"`
	Amount          float64  `json:"amount"`
	Requested       float64  `json:"requested"`
	DeclineCode     *string  `json:"declineCode"`
	RulesFired      []string `json:"rulesFired"`
	TimedOut        bool     `json:"timedOut"`
	ReceivedAt      string   `json:"receivedAt"`
	AnsweredAt      string   `json:"answeredAt"`
	LatencyMs       float64  `json:"latencyMs"`
	// StationMatch is how the merchant matched the catalog;
	// CandidateLocationIDs the stations an ambiguous one may be.
	StationMatch         fuelportal.StationMatch `json:"stationMatch"`
	CandidateLocationIDs []int64                 `json:"candidateLocationIds,omitempty"`
	// PumpCheck is what the pump check used (absent: it did not apply).
	PumpCheck *fuelportal.PumpCheck `json:"pumpCheck,omitempty"`
}

func authorizationFrom(a *fuelportal.Authorization) *authorizationDTO {
	if a == nil {
		return nil
	}
	d := &authorizationDTO{AuthorizationID: a.AuthorizationID, Approved: a.Approved, Amount: dollars(a.AmountCents),
		Requested: dollars(a.RequestedCents), RulesFired: a.RulesFired, TimedOut: a.TimedOut,
		ReceivedAt: fuelportal.WireTime(a.ReceivedAt), AnsweredAt: fuelportal.WireTime(a.AnsweredAt),
		LatencyMs: float64(a.LatencyMicros) / 1000, StationMatch: fuelportal.StationMatchOf(a.StationMatch, a.StationID),
		CandidateLocationIDs: a.CandidateLocationIDs, PumpCheck: a.PumpCheck}
	if d.RulesFired == nil {
		d.RulesFired = []string{}
	}
	if a.DeclineCode != "" {
		code := string(a.DeclineCode)
		d.DeclineCode = &code
	}
	return d
}

// authorizationSettings is the company's answer to a card authorization
// whose decision cannot finish in time.
type authorizationSettings struct {
	OnTimeout fuelportal.AuthorizationTimeout `json:"onTimeout"`
}

func (s *Server) handleAuthorizationSettingsGet(w http.ResponseWriter, r *http.Request) {
	t, err := s.authorizationTimeoutStore.CompanyAuthorizationTimeout(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, authorizationSettings{OnTimeout: t})
}

func (s *Server) handleAuthorizationSettingsPut(w http.ResponseWriter, r *http.Request) {
	var req authorizationSettings
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if !req.OnTimeout.Valid() {
		fe := fuelportal.FieldErrors{}
		fe.Add("onTimeout", "onTimeout must be approve or decline")
		s.respondError(w, r, fe.Err())
		return
	}
	if err := s.Purchases.SetTimeoutSetting(r.Context(), PrincipalFromContext(r.Context()).CompanyID, req.OnTimeout); err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, req)
}

// authorizationTimeoutStore is the store as seen by the authorization
// timeout setting (*store.DB).
type authorizationTimeoutStore interface {
	CompanyAuthorizationTimeout(ctx context.Context, companyID int64) (t fuelportal.AuthorizationTimeout, err error)
}
