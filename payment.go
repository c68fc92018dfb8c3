package fuelportal

import (
	"context"
	"strings"
	"time"
)

// Payment method types as Stripe names them.
const (
	PaymentMethodCard          = "card"
	PaymentMethodUSBankAccount = "us_bank_account"
)

// Card fundings that matter for the fee.
const (
	CardFundingCredit = "credit"
	CardFundingDebit  = "debit"
)

// Card setup kinds the web app asks a setup intent for.
const (
	CardSetupAny    = ""
	CardSetupDebit  = "debit"
	CardSetupCredit = "credit"
)

// Payment currencies (docs/product.md §9).
const (
	CurrencyUSD = "USD"
	CurrencyCAD = "CAD"
)

// CreditCardFeePerMille is the surcharge on credit card payments: 1.9%.
// Debit cards and bank accounts (ACH) pay no surcharge; the payment
// provider's own fees are borne by the portal.
const CreditCardFeePerMille = 19

// MaxPaymentCents bounds one payment: Stripe's largest USD/CAD charge
// ($999,999.99) minus room for the credit card fee.
const MaxPaymentCents = 98_000_000

// Messages of docs/product.md §8 the server answers with.
const (
	MsgPaymentsNotConfigured = "Payments are not configured"
	MsgInvalidAmount         = "Please enter a valid amount"
	MsgPaymentMethodNotFound = "Selected payment method not found"
	MsgSelectPaymentMethod   = "Please select a payment method"
)

// PaymentMethod is a saved card or bank account of a company, as the
// payment provider holds it.
type PaymentMethod struct {
	ID          string
	Type        string // PaymentMethodCard or PaymentMethodUSBankAccount
	Card        *PaymentCard
	BankAccount *PaymentBankAccount
	IsDefault   bool
}

// PaymentCard is the displayable part of a saved card.
type PaymentCard struct {
	Brand   string
	Funding string // credit, debit, prepaid or unknown
	Last4   string
}

// PaymentBankAccount is the displayable part of a saved US bank account.
type PaymentBankAccount struct {
	BankName string
	Last4    string
}

// PaymentFee returns the surcharge in cents for paying amountCents with m:
// 1.9% rounded half up for cards that are not debit cards (credit, prepaid
// and unknown fundings are charged like credit), nothing for debit cards and
// bank accounts.
func PaymentFee(amountCents int64, m *PaymentMethod) int64 {
	if m == nil || m.Type != PaymentMethodCard || m.Card == nil || m.Card.Funding == CardFundingDebit {
		return 0
	}
	return (amountCents*CreditCardFeePerMille + 500) / 1000
}

// NormalizeCurrency returns currency upper-cased when it is USD or CAD, and
// "" otherwise.
func NormalizeCurrency(currency string) string {
	c := strings.ToUpper(strings.TrimSpace(currency))
	if c == CurrencyUSD || c == CurrencyCAD {
		return c
	}
	return ""
}

// PaymentRequest is what the company asks to pay into its wallet.
type PaymentRequest struct {
	AmountCents       int64
	Currency          string
	PaymentMethodID   string
	PaymentMethodType string
	// IdempotencyKey names one click of the pay button; a repeat with the
	// same key answers the first payment instead of charging again.
	IdempotencyKey string
}

// Validate checks the amount (docs/product.md §5: a number greater than 0), the
// currency and that a method is selected, and normalizes the currency.
func (r *PaymentRequest) Validate() error {
	fe := FieldErrors{}
	if r.AmountCents <= 0 || r.AmountCents > MaxPaymentCents {
		fe.Add("amount", MsgInvalidAmount)
	}
	if r.Currency = NormalizeCurrency(r.Currency); r.Currency == "" {
		fe.Add("currency", "Currency must be USD or CAD")
	}
	if strings.TrimSpace(r.PaymentMethodID) == "" {
		fe.Add("paymentMethodId", MsgSelectPaymentMethod)
	}
	Rule("idempotencyKey").CheckText(fe, "idempotencyKey", r.IdempotencyKey)
	return fe.Err()
}

// Payment statuses the portal keeps (Stripe's PaymentIntent statuses,
// plus "creating" before the provider answered).
const (
	PaymentCreating   = "creating"
	PaymentSucceeded  = "succeeded"
	PaymentProcessing = "processing"
	PaymentFailed     = "failed"
)

// Payment is one attempt to move money into a company wallet.
type Payment struct {
	ID                int64
	CompanyID         int64
	IdempotencyKey    string
	PaymentMethodID   string
	PaymentMethodType string // card or us_bank_account
	AmountCents       int64  // credited to the wallet
	FeeCents          int64  // card surcharge
	TotalCents        int64  // charged: amount + fee
	Currency          string
	PaymentIntentID   string
	ClientSecret      string
	Status            string
	FailureMessage    string
	CreatedAt         time.Time
	UpdatedAt         time.Time
	CreditedAt        *time.Time
}

// PaymentIntentParams asks the provider to charge a saved method.
type PaymentIntentParams struct {
	CustomerID     string
	PaymentMethod  *PaymentMethod
	TotalCents     int64
	Currency       string
	IdempotencyKey string
	Metadata       map[string]string
}

// PaymentIntent is the provider's answer to a charge.
type PaymentIntent struct {
	ID           string
	Status       string
	ClientSecret string
}

// ACHSetup holds the client secrets the browser needs to link a bank
// account with Financial Connections and save it.
type ACHSetup struct {
	SetupIntentClientSecret                 string
	FinancialConnectionsSessionClientSecret string
}

// PaymentProvider is the card and bank payment processor (Stripe). Errors
// are *Error values: ENOTFOUND for unknown objects, EUNPROCESSABLE for
// declines, ETOOMANYREQUESTS, EUNAVAILABLE when the provider cannot be
// reached or refuses the keys.
type PaymentProvider interface {
	// CreateCustomer creates the provider's customer for a company; the
	// same companyID yields the same customer when retried.
	CreateCustomer(ctx context.Context, companyID int64, companyName string) (customerID string, err error)
	CreateCardSetup(ctx context.Context, customerID, funding string) (clientSecret string, err error)
	CreateACHSetup(ctx context.Context, customerID string) (*ACHSetup, error)
	// PaymentMethods lists the customer's saved cards and bank accounts.
	PaymentMethods(ctx context.Context, customerID string) ([]*PaymentMethod, error)
	DetachPaymentMethod(ctx context.Context, paymentMethodID string) error
	CreatePaymentIntent(ctx context.Context, p PaymentIntentParams) (*PaymentIntent, error)
	// ParseEvent verifies a webhook delivery's signature and decodes the
	// event. Unsigned, tampered, stale or malformed deliveries are EINVALID;
	// a provider without a webhook secret answers EUNAVAILABLE.
	ParseEvent(payload []byte, signature string) (*PaymentEvent, error)
}

// PaymentEvent is a verified notification from the payment provider about
// a payment intent. Type uses Stripe's event names.
type PaymentEvent struct {
	ID              string // the provider's event id: each is applied once
	Type            string
	PaymentIntentID string
	// PaymentID is the portal's payment row named in the intent's metadata
	// (0 when absent): the intent may be reported before its id was stored.
	PaymentID      int64
	AmountReceived int64
	Currency       string
	FailureCode    string
	FailureMessage string
}

// Payment event types the portal acts on (Stripe's names).
const (
	EventPaymentSucceeded  = "payment_intent.succeeded"
	EventPaymentFailed     = "payment_intent.payment_failed"
	EventPaymentProcessing = "payment_intent.processing"
	EventPaymentCanceled   = "payment_intent.canceled"
)

// What applying a payment event did.
const (
	EventOutcomeDuplicate      = "duplicate"       // already applied: nothing done
	EventOutcomeCredited       = "credited"        // the wallet was credited
	EventOutcomeFailed         = "failed"          // the failure was recorded
	EventOutcomeProcessing     = "processing"      // ACH in flight: not spendable yet
	EventOutcomeCanceled       = "canceled"        // the payment was canceled
	EventOutcomeUnknownPayment = "unknown_payment" // not a payment of this portal
	EventOutcomeAmountMismatch = "amount_mismatch" // received differs from charged: not credited, recorded
	EventOutcomeIgnored        = "ignored"         // an event type the portal does not act on
)
