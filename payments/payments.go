// Package payments is the wallet's payment service: it finds or creates the
// company's customer at the payment provider, lists and removes saved
// methods, charges a saved method (amount plus the card fee) and applies the
// provider's webhook events to the ledger. The HTTP handlers only decode,
// call and respond.
package payments

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"strconv"

	"fuelportal"
)

// Store is what the service needs of the database.
type Store interface {
	StripeCustomerID(ctx context.Context, companyID int64) (string, error)
	SaveStripeCustomer(ctx context.Context, companyID int64, customerID string) (string, error)
	CompanyName(ctx context.Context, companyID int64) (string, error)
	BeginPayment(ctx context.Context, p *fuelportal.Payment) (*fuelportal.Payment, bool, error)
	SetPaymentIntent(ctx context.Context, id int64, intent *fuelportal.PaymentIntent) error
	FailPayment(ctx context.Context, id int64, message string) error
	ApplyPaymentEvent(ctx context.Context, ev *fuelportal.PaymentEvent) (string, error)
	// Audit records a change made outside the database (store.DB.Audit).
	Audit(ctx context.Context, c fuelportal.AuditChange) error
}

// Service moves money into company wallets through a payment provider.
type Service struct {
	store    Store
	provider fuelportal.PaymentProvider
	logger   *slog.Logger
}

// Deps are what the service is built from; Logger may be nil.
type Deps struct {
	Store    Store
	Provider fuelportal.PaymentProvider
	Logger   *slog.Logger
}

// New returns the service over d.
func New(d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{store: d.Store, provider: d.Provider, logger: d.Logger}
}

// MsgPaymentFailed is the failure text of docs/product.md §8.
const MsgPaymentFailed = "Failed to create payment intent. Please try again."

// customer returns the company's customer at the provider, creating and
// storing it on first need.
func (s *Service) customer(ctx context.Context, companyID int64) (string, error) {
	if companyID == 0 {
		return "", fuelportal.Errorf(fuelportal.EFORBIDDEN, "Access forbidden - Insufficient permissions")
	}
	id, err := s.store.StripeCustomerID(ctx, companyID)
	if err != nil || id != "" {
		return id, err
	}
	name, err := s.store.CompanyName(ctx, companyID)
	if err != nil {
		return "", err
	}
	if id, err = s.provider.CreateCustomer(ctx, companyID, name); err != nil {
		return "", err
	}
	return s.store.SaveStripeCustomer(ctx, companyID, id)
}

// method returns the customer's saved method id; any other id, another
// company's included, is 404 'Selected payment method not found'.
func (s *Service) method(ctx context.Context, customerID, id string) (*fuelportal.PaymentMethod, error) {
	methods, err := s.provider.PaymentMethods(ctx, customerID)
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

// CardSetup returns the client secret of a new card setup intent for the
// company (funding: fuelportal.CardSetupAny, CardSetupDebit or CardSetupCredit).
func (s *Service) CardSetup(ctx context.Context, companyID int64, funding string) (string, error) {
	customerID, err := s.customer(ctx, companyID)
	if err != nil {
		return "", err
	}
	return s.provider.CreateCardSetup(ctx, customerID, funding)
}

// ACHSetup returns the secrets for linking a bank account.
func (s *Service) ACHSetup(ctx context.Context, companyID int64) (*fuelportal.ACHSetup, error) {
	customerID, err := s.customer(ctx, companyID)
	if err != nil {
		return nil, err
	}
	return s.provider.CreateACHSetup(ctx, customerID)
}

// Methods lists the company's saved cards and bank accounts.
func (s *Service) Methods(ctx context.Context, companyID int64) ([]*fuelportal.PaymentMethod, error) {
	customerID, err := s.customer(ctx, companyID)
	if err != nil {
		return nil, err
	}
	return s.provider.PaymentMethods(ctx, customerID)
}

// Detach removes one of the company's saved methods; another company's
// method is 404.
func (s *Service) Detach(ctx context.Context, companyID int64, methodID string) error {
	customerID, err := s.customer(ctx, companyID)
	if err != nil {
		return err
	}
	method, err := s.method(ctx, customerID, methodID)
	if err != nil {
		return err
	}
	if err := s.provider.DetachPaymentMethod(ctx, methodID); err != nil {
		return err
	}
	return s.store.Audit(ctx, fuelportal.AuditChange{CompanyID: companyID, Kind: fuelportal.AuditPaymentMethodRemoved,
		ObjectType: fuelportal.AuditObjectPayment, ObjectID: methodID, Before: map[string]any{"type": method.Type}})
}

// Pay charges a saved method of the company the requested amount plus the
// credit card fee (1.9%; none for debit cards and bank accounts). The wallet
// is credited with the amount only when the provider reports the payment
// succeeded (ApplyEvent). A repeat with the same idempotency key answers the
// first payment instead of charging again.
func (s *Service) Pay(ctx context.Context, companyID int64, req fuelportal.PaymentRequest) (*fuelportal.Payment, error) {
	if err := req.Validate(); err != nil {
		// docs/product.md §8 shows amount errors as one message.
		if msgs := fuelportal.ErrorFields(err)["amount"]; len(msgs) > 0 {
			err = fuelportal.Errorf(fuelportal.EINVALID, "%s", msgs[0])
		}
		return nil, err
	}
	if req.IdempotencyKey == "" {
		req.IdempotencyKey = randomKey()
	}
	customerID, err := s.customer(ctx, companyID)
	if err != nil {
		return nil, err
	}
	method, err := s.method(ctx, customerID, req.PaymentMethodID)
	if err != nil {
		return nil, err
	}
	fee := fuelportal.PaymentFee(req.AmountCents, method)
	payment, created, err := s.store.BeginPayment(ctx, &fuelportal.Payment{
		CompanyID: companyID, IdempotencyKey: req.IdempotencyKey,
		PaymentMethodID: method.ID, PaymentMethodType: method.Type,
		AmountCents: req.AmountCents, FeeCents: fee, TotalCents: req.AmountCents + fee, Currency: req.Currency,
	})
	if err != nil {
		return nil, err
	}
	if !created {
		if payment.AmountCents != req.AmountCents || payment.Currency != req.Currency || payment.PaymentMethodID != method.ID {
			return nil, fuelportal.Errorf(fuelportal.ECONFLICT, "This payment was already submitted with different details")
		}
		if payment.Status == fuelportal.PaymentFailed {
			msg := payment.FailureMessage
			if msg == "" {
				msg = MsgPaymentFailed
			}
			return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "%s", msg)
		}
		if payment.PaymentIntentID != "" {
			return payment, nil
		}
		// Still creating (a concurrent or interrupted first try): ask the
		// provider again with the same key, which answers the same intent.
	}

	intent, err := s.provider.CreatePaymentIntent(ctx, fuelportal.PaymentIntentParams{
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
		// A refusal is final for this key; an outage, a rate limit or a
		// request still in flight may be retried with it.
		if code := fuelportal.ErrorCode(err); code == fuelportal.EUNPROCESSABLE || code == fuelportal.ENOTFOUND {
			if ferr := s.store.FailPayment(ctx, payment.ID, fuelportal.ErrorMessage(err)); ferr != nil {
				s.logger.ErrorContext(ctx, "record failed payment", "payment", payment.ID, "err", ferr)
			}
		}
		return nil, err
	}
	if err := s.store.SetPaymentIntent(ctx, payment.ID, intent); err != nil {
		return nil, err
	}
	payment.PaymentIntentID, payment.ClientSecret = intent.ID, intent.ClientSecret
	if payment.Status == fuelportal.PaymentCreating {
		payment.Status = intent.Status
	}
	return payment, nil
}

// ApplyEvent verifies a webhook delivery and applies its event once (a
// repeat of an event id changes nothing). It answers what applying did
// (fuelportal.EventOutcome*). An error means nothing was recorded: the
// provider delivers the event again later.
func (s *Service) ApplyEvent(ctx context.Context, payload []byte, signature string) (*fuelportal.PaymentEvent, string, error) {
	ev, err := s.provider.ParseEvent(payload, signature)
	if err != nil {
		return nil, "", err
	}
	outcome, err := s.store.ApplyPaymentEvent(ctx, ev)
	if err != nil {
		return nil, "", err
	}
	return ev, outcome, nil
}

func randomKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
