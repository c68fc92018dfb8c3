package http

import (
	"context"
	"net/http"
	"time"

	"fuelportal"
)

type walletResponse struct {
	Balance float64 `json:"balance"`
	// Held is what approved card authorizations hold until their purchases
	// are captured; Available (balance - held) is what purchases may spend.
	Held            float64 `json:"held"`
	Available       float64 `json:"available"`
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
	wallet, err := s.walletStore.Wallet(r.Context(), companyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	budget, spend, err := s.walletStore.CardsBudget(r.Context(), companyID, s.Now())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := walletResponse{Balance: dollars(wallet.BalanceCents), Held: dollars(wallet.HeldCents), Available: dollars(wallet.AvailableCents), CanAddFunds: wallet.CanAddFunds, CanPayByInvoice: wallet.CanPayByInvoice,
		CardsMonthSpend: dollars(spend)}
	if budget != nil {
		b := dollars(*budget)
		res.CardsBudget = &b
	}
	respond(w, http.StatusOK, res)
}

// walletStore is the store as seen by the wallet handlers (*store.DB).
type walletStore interface {
	CardsBudget(ctx context.Context, companyID int64, now time.Time) (budgetCents *int64, spendCents int64, err error)
	Wallet(ctx context.Context, companyID int64) (w *fuelportal.Wallet, err error)
}
