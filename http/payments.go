package http

import (
	"io"
	"net/http"
	"strings"
	"time"

	"fuelportal"
)

// Payments (docs/product.md §2.9, §7; the service is package payments). The
// wallet belongs to the company, so every endpoint but the webhook needs
// ROLE_COMPANY. Money reaches the wallet only from a verified webhook.

// requirePayments answers 503 'Payments are not configured' when the
// server has no payment provider, before anything else.
func (s *Server) requirePayments(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if s.Payments == nil {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgPaymentsNotConfigured))
			return
		}
		next(w, r)
	}
}

// respondPaymentError is respondError with the Retry-After header the
// contract wants on 429 (the provider's rate limit).
func (s *Server) respondPaymentError(w http.ResponseWriter, r *http.Request, err error) {
	if fuelportal.ErrorCode(err) == fuelportal.ETOOMANYREQUESTS {
		s.Logger.WarnContext(r.Context(), "payment provider rate limit", "err", err)
		s.respondTooManyRequests(w, r, 2*time.Second)
		return
	}
	if code := fuelportal.ErrorCode(err); code == fuelportal.EUNAVAILABLE || code == fuelportal.EUNPROCESSABLE {
		s.Logger.WarnContext(r.Context(), "payment provider error", "path", r.URL.Path, "err", err)
	}
	s.respondError(w, r, err)
}

// handleCardSetupIntent answers the client secret of a new card setup
// intent as plain text (funding: "", "debit" or "credit").
func (s *Server) handleCardSetupIntent(funding string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		secret, err := s.Payments.CardSetup(r.Context(), PrincipalFromContext(r.Context()).CompanyID, funding)
		if err != nil {
			s.respondPaymentError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, secret)
	}
}

type achSetupResponse struct {
	SetupIntentClientSecret                 string `json:"setupIntentClientSecret"`
	FinancialConnectionsSessionClientSecret string `json:"financialConnectionsSessionClientSecret"`
}

// handleACHSetupIntent answers the secrets for linking a bank account with
// Financial Connections and saving it.
func (s *Server) handleACHSetupIntent(w http.ResponseWriter, r *http.Request) {
	setup, err := s.Payments.ACHSetup(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	respond(w, http.StatusOK, achSetupResponse{
		SetupIntentClientSecret:                 setup.SetupIntentClientSecret,
		FinancialConnectionsSessionClientSecret: setup.FinancialConnectionsSessionClientSecret,
	})
}

type paymentMethodDTO struct {
	ID            string                `json:"id"`
	Type          string                `json:"type"`
	Card          *paymentCardDTO       `json:"card,omitempty"`
	USBankAccount *paymentBankAcountDTO `json:"usBankAccount,omitempty"`
	IsDefault     bool                  `json:"isDefault"`
}

type paymentCardDTO struct {
	Brand   string `json:"brand"`
	Funding string `json:"funding"`
	Last4   string `json:"last4"`
}

type paymentBankAcountDTO struct {
	BankName string `json:"bankName"`
	Last4    string `json:"last4"`
}

func paymentMethodToDTO(m *fuelportal.PaymentMethod) paymentMethodDTO {
	d := paymentMethodDTO{ID: m.ID, Type: m.Type, IsDefault: m.IsDefault}
	if m.Card != nil {
		d.Card = &paymentCardDTO{Brand: m.Card.Brand, Funding: m.Card.Funding, Last4: m.Card.Last4}
	}
	if m.BankAccount != nil {
		d.USBankAccount = &paymentBankAcountDTO{BankName: m.BankAccount.BankName, Last4: m.BankAccount.Last4}
	}
	return d
}

// handleSavedPaymentMethods lists the company's saved cards and bank
// accounts.
func (s *Server) handleSavedPaymentMethods(w http.ResponseWriter, r *http.Request) {
	methods, err := s.Payments.Methods(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	out := make([]paymentMethodDTO, 0, len(methods))
	for _, m := range methods {
		out = append(out, paymentMethodToDTO(m))
	}
	respond(w, http.StatusOK, out)
}

type detachRequest struct {
	PaymentMethodID   string `json:"paymentMethodId"`
	PaymentMethodType string `json:"paymentMethodType" text:"code"`
}

// handleDetachPaymentMethod removes one of the company's saved methods.
func (s *Server) handleDetachPaymentMethod(w http.ResponseWriter, r *http.Request) {
	var req detachRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	if strings.TrimSpace(req.PaymentMethodID) == "" {
		s.respondError(w, r, fuelportal.FieldError("paymentMethodId", fuelportal.MsgSelectPaymentMethod))
		return
	}
	if err := s.Payments.Detach(r.Context(), PrincipalFromContext(r.Context()).CompanyID, req.PaymentMethodID); err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	respond(w, http.StatusOK, struct{}{})
}

type paymentIntentRequest struct {
	Amount            int64  `json:"amount"` // cents: the entered amount × 100
	Currency          string `json:"currency" text:"code"`
	PaymentMethodID   string `json:"paymentMethodId"`
	PaymentMethodType string `json:"paymentMethodType" text:"code"`
}

type paymentIntentResponse struct {
	PaymentID       int64  `json:"paymentId"`
	PaymentIntentID string `json:"paymentIntentId"`
	Status          string `json:"status"`
	Amount          int64  `json:"amount"`
	Fee             int64  `json:"fee"`
	Total           int64  `json:"total"`
	Currency        string `json:"currency"`
	ClientSecret    string `json:"clientSecret"`
}

func paymentToResponse(p *fuelportal.Payment) paymentIntentResponse {
	return paymentIntentResponse{
		PaymentID: p.ID, PaymentIntentID: p.PaymentIntentID, Status: p.Status,
		Amount: p.AmountCents, Fee: p.FeeCents, Total: p.TotalCents, Currency: p.Currency,
		ClientSecret: p.ClientSecret,
	}
}

// idempotencyKeyHeader names one click of the pay button. The web app sends
// a fresh key per add-funds form; a retried request with the same key gets
// the first payment back instead of a second charge.
const idempotencyKeyHeader = "Idempotency-Key"

// handlePaymentIntent charges a saved method of the company
// (payments.Service.Pay): the wallet is credited when the provider reports
// the payment succeeded (webhook).
func (s *Server) handlePaymentIntent(w http.ResponseWriter, r *http.Request) {
	var body paymentIntentRequest
	if err := decode(w, r, &body); err != nil {
		s.respondError(w, r, err)
		return
	}
	payment, err := s.Payments.Pay(r.Context(), PrincipalFromContext(r.Context()).CompanyID, fuelportal.PaymentRequest{
		AmountCents: body.Amount, Currency: body.Currency,
		PaymentMethodID: body.PaymentMethodID, PaymentMethodType: body.PaymentMethodType,
		IdempotencyKey: strings.TrimSpace(r.Header.Get(idempotencyKeyHeader)),
	})
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	respond(w, http.StatusOK, paymentToResponse(payment))
}

// maxWebhookBytes bounds a webhook delivery (Stripe's events are far smaller).
const maxWebhookBytes = 512 << 10

type webhookResponse struct {
	Received bool   `json:"received"`
	Outcome  string `json:"outcome"`
}

// handleStripeWebhook applies a provider event: only deliveries signed with
// the webhook secret, at most the tolerance old, are accepted (400
// otherwise); each event id is applied once.
func (s *Server) handleStripeWebhook(w http.ResponseWriter, r *http.Request) {
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, "Request body is too large"))
		return
	}
	ev, outcome, err := s.Payments.ApplyEvent(r.Context(), payload, r.Header.Get("Stripe-Signature"))
	if err != nil {
		if code := fuelportal.ErrorCode(err); code == fuelportal.EINVALID || code == fuelportal.EUNAVAILABLE {
			s.Logger.WarnContext(r.Context(), "stripe webhook refused", "err", err)
		}
		s.respondError(w, r, err)
		return
	}
	if outcome == fuelportal.EventOutcomeUnknownPayment || outcome == fuelportal.EventOutcomeAmountMismatch {
		s.Logger.WarnContext(r.Context(), "stripe webhook not credited", "event", ev.ID, "type", ev.Type, "outcome", outcome)
	}
	respond(w, http.StatusOK, webhookResponse{Received: true, Outcome: outcome})
}
