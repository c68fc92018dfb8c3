package http

import (
	"crypto/rand"
	"encoding/hex"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/stripe"
)

// Payments (SPEC §2.9, §7 Payments; contract: notes/payments-api.md). The
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

// companyPayments is requirePayments plus the company role.
func (s *Server) companyPayments(next http.HandlerFunc) http.HandlerFunc {
	return s.requirePayments(s.requireRole(fuelportal.RoleCompany, next))
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

// stripeCustomer returns the caller's company's Stripe customer, creating
// and storing it on first need.
func (s *Server) stripeCustomer(r *http.Request) (string, error) {
	ctx := r.Context()
	companyID := PrincipalFromContext(ctx).CompanyID
	if companyID == 0 {
		return "", fuelportal.Errorf(fuelportal.EFORBIDDEN, "Access forbidden - Insufficient permissions")
	}
	id, err := s.DB.StripeCustomerID(ctx, companyID)
	if err != nil || id != "" {
		return id, err
	}
	var company *fuelportal.Company
	if err := s.DB.InReadTx(ctx, func(tx *store.Tx) error {
		company, err = tx.CompanyByID(ctx, companyID)
		return err
	}); err != nil {
		return "", err
	}
	if id, err = s.Payments.CreateCustomer(ctx, companyID, company.Name); err != nil {
		return "", err
	}
	return s.DB.SaveStripeCustomer(ctx, companyID, id)
}

// companyPaymentMethod returns the saved method id of the customer; any
// other id, another company's included, is 404 'Selected payment method
// not found'.
func (s *Server) companyPaymentMethod(r *http.Request, customerID, id string) (*fuelportal.PaymentMethod, error) {
	methods, err := s.Payments.PaymentMethods(r.Context(), customerID)
	if err != nil {
		return nil, err
	}
	for _, m := range methods {
		if m.ID == id {
			return m, nil
		}
	}
	return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgPaymentMethodNotFound)
}

// handleCardSetupIntent answers the client secret of a new card setup
// intent as plain text (funding: "", "debit" or "credit").
func (s *Server) handleCardSetupIntent(funding string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		customerID, err := s.stripeCustomer(r)
		if err != nil {
			s.respondPaymentError(w, r, err)
			return
		}
		secret, err := s.Payments.CreateCardSetup(r.Context(), customerID, funding)
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
	customerID, err := s.stripeCustomer(r)
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	setup, err := s.Payments.CreateACHSetup(r.Context(), customerID)
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
	customerID, err := s.stripeCustomer(r)
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	methods, err := s.Payments.PaymentMethods(r.Context(), customerID)
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
	PaymentMethodType string `json:"paymentMethodType"`
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
	customerID, err := s.stripeCustomer(r)
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	if _, err := s.companyPaymentMethod(r, customerID, req.PaymentMethodID); err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	if err := s.Payments.DetachPaymentMethod(r.Context(), req.PaymentMethodID); err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	respond(w, http.StatusOK, struct{}{})
}

type paymentIntentRequest struct {
	Amount            int64  `json:"amount"` // cents: the entered amount × 100
	Currency          string `json:"currency"`
	PaymentMethodID   string `json:"paymentMethodId"`
	PaymentMethodType string `json:"paymentMethodType"`
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

// handlePaymentIntent charges a saved method of the company: the entered
// amount plus the credit card fee (1.9%; none for debit cards and bank
// accounts). The wallet is credited with the amount when Stripe reports
// the payment succeeded (webhook).
func (s *Server) handlePaymentIntent(w http.ResponseWriter, r *http.Request) {
	var body paymentIntentRequest
	if err := decode(w, r, &body); err != nil {
		s.respondError(w, r, err)
		return
	}
	req := fuelportal.PaymentRequest{
		AmountCents: body.Amount, Currency: body.Currency,
		PaymentMethodID: body.PaymentMethodID, PaymentMethodType: body.PaymentMethodType,
		IdempotencyKey: strings.TrimSpace(r.Header.Get(idempotencyKeyHeader)),
	}
	if err := req.Validate(); err != nil {
		// SPEC §8 shows amount errors as one message.
		if msgs := fuelportal.ErrorFields(err)["amount"]; len(msgs) > 0 {
			err = fuelportal.Errorf(fuelportal.EINVALID, "%s", msgs[0])
		}
		s.respondError(w, r, err)
		return
	}
	if req.IdempotencyKey == "" {
		req.IdempotencyKey = randomKey()
	}

	ctx := r.Context()
	companyID := PrincipalFromContext(ctx).CompanyID
	customerID, err := s.stripeCustomer(r)
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	method, err := s.companyPaymentMethod(r, customerID, req.PaymentMethodID)
	if err != nil {
		s.respondPaymentError(w, r, err)
		return
	}
	fee := fuelportal.PaymentFee(req.AmountCents, method)
	payment, created, err := s.DB.BeginPayment(ctx, &fuelportal.Payment{
		CompanyID: companyID, IdempotencyKey: req.IdempotencyKey,
		PaymentMethodID: method.ID, PaymentMethodType: method.Type,
		AmountCents: req.AmountCents, FeeCents: fee, TotalCents: req.AmountCents + fee, Currency: req.Currency,
	})
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if !created {
		if payment.AmountCents != req.AmountCents || payment.Currency != req.Currency || payment.PaymentMethodID != method.ID {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.ECONFLICT, "This payment was already submitted with different details"))
			return
		}
		if payment.Status == fuelportal.PaymentFailed {
			s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "%s", orDefault(payment.FailureMessage, "Failed to create payment intent. Please try again.")))
			return
		}
		if payment.PaymentIntentID != "" {
			respond(w, http.StatusOK, paymentToResponse(payment))
			return
		}
		// Still creating (a concurrent or interrupted first try): ask Stripe
		// again with the same key, which answers the same intent.
	}

	intent, err := s.Payments.CreatePaymentIntent(ctx, fuelportal.PaymentIntentParams{
		CustomerID: customerID, PaymentMethod: method, TotalCents: payment.TotalCents, Currency: payment.Currency,
		IdempotencyKey: "fuelportal-payment-" + strconv.FormatInt(companyID, 10) + "-" + payment.IdempotencyKey,
		Metadata: map[string]string{
			"payment_id":   strconv.FormatInt(payment.ID, 10),
			"company_id":   strconv.FormatInt(companyID, 10),
			"amount_cents": strconv.FormatInt(payment.AmountCents, 10),
			"fee_cents":    strconv.FormatInt(payment.FeeCents, 10),
		},
	})
	if err != nil {
		// A refusal is final for this key; an outage, a rate limit or a request
		// still in flight may be retried with it.
		if code := fuelportal.ErrorCode(err); code == fuelportal.EUNPROCESSABLE || code == fuelportal.ENOTFOUND {
			if ferr := s.DB.FailPayment(ctx, payment.ID, fuelportal.ErrorMessage(err)); ferr != nil {
				s.Logger.ErrorContext(ctx, "record failed payment", "payment", payment.ID, "err", ferr)
			}
		}
		s.respondPaymentError(w, r, err)
		return
	}
	if err := s.DB.SetPaymentIntent(ctx, payment.ID, intent); err != nil {
		s.respondError(w, r, err)
		return
	}
	payment.PaymentIntentID, payment.ClientSecret = intent.ID, intent.ClientSecret
	if payment.Status == fuelportal.PaymentCreating {
		payment.Status = intent.Status
	}
	respond(w, http.StatusOK, paymentToResponse(payment))
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

func randomKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// maxWebhookBytes bounds a webhook delivery (Stripe's events are far smaller).
const maxWebhookBytes = 512 << 10

type webhookResponse struct {
	Received bool   `json:"received"`
	Outcome  string `json:"outcome"`
}

// handleStripeWebhook applies a Stripe event: only deliveries signed with
// the webhook secret, at most the tolerance old, are accepted (400
// otherwise); each event id is applied once (store.ApplyPaymentEvent).
func (s *Server) handleStripeWebhook(w http.ResponseWriter, r *http.Request) {
	if s.StripeWebhookSecret == "" {
		s.Logger.ErrorContext(r.Context(), "stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set")
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgPaymentsNotConfigured))
		return
	}
	payload, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
	if err != nil {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EINVALID, "Request body is too large"))
		return
	}
	ev, err := stripe.ParseEvent(payload, r.Header.Get("Stripe-Signature"), s.StripeWebhookSecret, s.StripeWebhookTolerance)
	if err != nil {
		s.Logger.WarnContext(r.Context(), "stripe webhook refused", "err", err)
		s.respondError(w, r, err)
		return
	}
	pe := &fuelportal.PaymentEvent{ID: ev.ID, Type: ev.Type}
	if pi := ev.PaymentIntent; pi != nil {
		pe.PaymentIntentID, pe.AmountReceived, pe.Currency = pi.ID, pi.AmountReceived, pi.Currency
		pe.FailureCode, pe.FailureMessage = pi.FailureCode, pi.FailureMessage
		pe.PaymentID, _ = strconv.ParseInt(pi.Metadata["payment_id"], 10, 64)
	}
	outcome, err := s.DB.ApplyPaymentEvent(r.Context(), pe)
	if err != nil {
		// Not recorded: Stripe delivers it again later.
		s.respondError(w, r, err)
		return
	}
	if outcome == fuelportal.EventOutcomeUnknownPayment || outcome == fuelportal.EventOutcomeAmountMismatch {
		s.Logger.WarnContext(r.Context(), "stripe webhook not credited", "event", ev.ID, "type", ev.Type, "outcome", outcome)
	}
	respond(w, http.StatusOK, webhookResponse{Received: true, Outcome: outcome})
}
