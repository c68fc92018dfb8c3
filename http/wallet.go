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
	// The fuel planner's costs (issue 12): dollars a mile off the route
	// (3 decimals) and dollars a stop.
	OutOfRouteCostPerMile float64 `json:"outOfRouteCostPerMile"`
	CostPerStop           float64 `json:"costPerStop"`
}

// handleContract answers the caller's company contract.
func (s *Server) handleContract(w http.ResponseWriter, r *http.Request) {
	c, err := s.DB.Contract(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, contractResponse{
		Pricing:               c.Pricing,
		RetailMinusCents:      float64(c.RetailMinusTenthCents) / 10,
		Billing:               c.Billing,
		CreditLimit:           dollars(c.CreditLimitCents),
		FeePerTransaction:     dollars(c.FeeCents),
		OutOfRouteCostPerMile: float64(c.OutOfRouteTenthCentsPerMile) / 1000,
		CostPerStop:           dollars(c.StopCostCents),
	})
}

type walletResponse struct {
	Balance         float64 `json:"balance"`
	CanAddFunds     bool    `json:"canAddFunds"`
	CanPayByInvoice bool    `json:"canPayByInvoice"`
	// CardsBudget is the sum of the cards' monthly budgets (nil when none
	// has one), CardsMonthSpend what the cards spent this month.
	CardsBudget     *float64 `json:"cardsBudget"`
	CardsMonthSpend float64  `json:"cardsMonthSpend"`
}

// handleWallet answers the caller's company wallet balance, what the
// contract lets the owner do about it, and the cards' spend against their
// monthly budgets (the dashboard's fuel cards tile).
func (s *Server) handleWallet(w http.ResponseWriter, r *http.Request) {
	companyID := PrincipalFromContext(r.Context()).CompanyID
	wallet, err := s.DB.Wallet(r.Context(), companyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	budget, spend, err := s.DB.CardsBudget(r.Context(), companyID, s.Now())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := walletResponse{Balance: dollars(wallet.BalanceCents), CanAddFunds: wallet.CanAddFunds, CanPayByInvoice: wallet.CanPayByInvoice,
		CardsMonthSpend: dollars(spend)}
	if budget != nil {
		b := dollars(*budget)
		res.CardsBudget = &b
	}
	respond(w, http.StatusOK, res)
}
