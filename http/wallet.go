package http

import (
	"net/http"

	"fuelportal"
)

type contractResponse struct {
	Pricing           fuelportal.PricingPlan `json:"pricing"`
	RetailMinusCents  float64                `json:"retailMinusCents"` // cents per gallon, one decimal
	Billing           fuelportal.BillingPlan `json:"billing"`
	CreditLimit       float64                `json:"creditLimit"`
	FeePerTransaction float64                `json:"feePerTransaction"`
}

// handleContract answers the caller's company contract.
func (s *Server) handleContract(w http.ResponseWriter, r *http.Request) {
	c, err := s.DB.Contract(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, contractResponse{
		Pricing:           c.Pricing,
		RetailMinusCents:  float64(c.RetailMinusTenthCents) / 10,
		Billing:           c.Billing,
		CreditLimit:       dollars(c.CreditLimitCents),
		FeePerTransaction: dollars(c.FeeCents),
	})
}

type walletResponse struct {
	Balance         float64 `json:"balance"`
	CanAddFunds     bool    `json:"canAddFunds"`
	CanPayByInvoice bool    `json:"canPayByInvoice"`
}

// handleWallet answers the caller's company wallet balance and what the
// contract lets the owner do about it.
func (s *Server) handleWallet(w http.ResponseWriter, r *http.Request) {
	wallet, err := s.DB.Wallet(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, walletResponse{Balance: dollars(wallet.BalanceCents), CanAddFunds: wallet.CanAddFunds, CanPayByInvoice: wallet.CanPayByInvoice})
}
