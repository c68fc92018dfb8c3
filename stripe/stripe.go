// Package stripe is the portal's payment provider: it wraps the official
// stripe-go SDK (customers, setup intents, saved payment methods, payment
// intents) and verifies webhook signatures. Errors come back as
// *fuelportal.Error values so the HTTP layer can answer them as they are.
package stripe

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	stripego "github.com/stripe/stripe-go/v85"

	"fuelportal"
)

// Config is how to reach Stripe.
type Config struct {
	SecretKey string
	// APIBase replaces https://api.stripe.com, e.g. stripe-mock's URL in tests.
	APIBase string
	// HTTPClient defaults to a client with a 30 s timeout.
	HTTPClient *http.Client
	Logger     *slog.Logger
	// WebhookSecret verifies webhook deliveries; empty refuses them.
	WebhookSecret string
	// WebhookTolerance is how old a delivery's signature may be
	// (DefaultTolerance when 0).
	WebhookTolerance time.Duration
}

// Client talks to Stripe. It implements fuelportal.PaymentProvider and is
// safe for concurrent use.
type Client struct {
	sc               *stripego.Client
	webhookSecret    string
	webhookTolerance time.Duration
}

var _ fuelportal.PaymentProvider = (*Client)(nil)

// New returns a client for cfg.
func New(cfg Config) *Client {
	return &Client{
		sc:               newStripeClient(cfg),
		webhookSecret:    cfg.WebhookSecret,
		webhookTolerance: cfg.WebhookTolerance,
	}
}

// newStripeClient returns the SDK's client for cfg.
func newStripeClient(cfg Config) *stripego.Client {
	httpClient := cfg.HTTPClient
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 30 * time.Second}
	}
	backend := &stripego.BackendConfig{
		HTTPClient: httpClient,
		// Network retries send the same idempotency key, so they are safe.
		MaxNetworkRetries: stripego.Int64(2),
		LeveledLogger:     &stripego.LeveledLogger{Level: stripego.LevelError},
	}
	if cfg.APIBase != "" {
		backend.URL = stripego.String(cfg.APIBase)
	}
	return stripego.NewClient(cfg.SecretKey, stripego.WithBackends(stripego.NewBackendsWithConfig(backend)))
}

// CreateCustomer creates the Stripe customer of a company. The idempotency
// key is derived from the company, so two first requests racing each other
// get the same customer back from Stripe.
func (c *Client) CreateCustomer(ctx context.Context, companyID int64, companyName string) (string, error) {
	params := &stripego.CustomerCreateParams{
		Name:     stripego.String(companyName),
		Metadata: map[string]string{"company_id": strconv.FormatInt(companyID, 10)},
	}
	params.SetIdempotencyKey("fuelportal-customer-" + strconv.FormatInt(companyID, 10))
	cus, err := c.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", providerError(err, "create customer")
	}
	return cus.ID, nil
}

// CreateCardSetup creates a setup intent for saving a card off-session and
// returns its client secret. funding (debit, credit or "") is recorded on
// the intent: Stripe cannot restrict a card form to one funding, so the fee
// is decided from the saved card's real funding at payment time.
func (c *Client) CreateCardSetup(ctx context.Context, customerID, funding string) (string, error) {
	params := &stripego.SetupIntentCreateParams{
		Customer:           stripego.String(customerID),
		PaymentMethodTypes: stripego.StringSlice([]string{fuelportal.PaymentMethodCard}),
		Usage:              stripego.String("off_session"),
	}
	if funding != "" {
		params.Metadata = map[string]string{"requested_funding": funding}
	}
	si, err := c.sc.V1SetupIntents.Create(ctx, params)
	if err != nil {
		return "", providerError(err, "create card setup intent")
	}
	return si.ClientSecret, nil
}

// CreateACHSetup creates a Financial Connections session (to link a US bank
// account in the browser) and a setup intent for saving it, and returns both
// client secrets.
func (c *Client) CreateACHSetup(ctx context.Context, customerID string) (*fuelportal.ACHSetup, error) {
	sess, err := c.sc.V1FinancialConnectionsSessions.Create(ctx, &stripego.FinancialConnectionsSessionCreateParams{
		AccountHolder: &stripego.FinancialConnectionsSessionCreateAccountHolderParams{
			Type:     stripego.String("customer"),
			Customer: stripego.String(customerID),
		},
		Permissions: stripego.StringSlice([]string{"payment_method", "balances"}),
	})
	if err != nil {
		return nil, providerError(err, "create financial connections session")
	}
	si, err := c.sc.V1SetupIntents.Create(ctx, &stripego.SetupIntentCreateParams{
		Customer:           stripego.String(customerID),
		PaymentMethodTypes: stripego.StringSlice([]string{fuelportal.PaymentMethodUSBankAccount}),
		Usage:              stripego.String("off_session"),
		PaymentMethodOptions: &stripego.SetupIntentCreatePaymentMethodOptionsParams{
			USBankAccount: &stripego.SetupIntentCreatePaymentMethodOptionsUSBankAccountParams{
				VerificationMethod: stripego.String("automatic"),
				FinancialConnections: &stripego.SetupIntentCreatePaymentMethodOptionsUSBankAccountFinancialConnectionsParams{
					Permissions: stripego.StringSlice([]string{"payment_method", "balances"}),
				},
			},
		},
	})
	if err != nil {
		return nil, providerError(err, "create ACH setup intent")
	}
	return &fuelportal.ACHSetup{
		SetupIntentClientSecret:                 si.ClientSecret,
		FinancialConnectionsSessionClientSecret: sess.ClientSecret,
	}, nil
}

// PaymentMethods lists the customer's saved cards and US bank accounts,
// marking the customer's invoice default IsDefault.
func (c *Client) PaymentMethods(ctx context.Context, customerID string) ([]*fuelportal.PaymentMethod, error) {
	cus, err := c.sc.V1Customers.Retrieve(ctx, customerID, nil)
	if err != nil {
		return nil, providerError(err, "retrieve customer")
	}
	defaultID := ""
	if cus.InvoiceSettings != nil && cus.InvoiceSettings.DefaultPaymentMethod != nil {
		defaultID = cus.InvoiceSettings.DefaultPaymentMethod.ID
	}

	params := &stripego.CustomerListPaymentMethodsParams{Customer: stripego.String(customerID)}
	params.Limit = stripego.Int64(100)
	var methods []*fuelportal.PaymentMethod
	seen := map[string]bool{}
	for pm, err := range c.sc.V1Customers.ListPaymentMethods(ctx, params).All(ctx) {
		if err != nil {
			return nil, providerError(err, "list payment methods")
		}
		m := paymentMethodFrom(pm)
		if m == nil || seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		m.IsDefault = m.ID == defaultID
		methods = append(methods, m)
	}
	return methods, nil
}

// paymentMethodFrom converts the kinds the portal supports; nil for others.
func paymentMethodFrom(pm *stripego.PaymentMethod) *fuelportal.PaymentMethod {
	m := &fuelportal.PaymentMethod{ID: pm.ID, Type: string(pm.Type)}
	switch {
	case pm.Type == stripego.PaymentMethodTypeCard && pm.Card != nil:
		m.Card = &fuelportal.PaymentCard{Brand: string(pm.Card.Brand), Funding: string(pm.Card.Funding), Last4: pm.Card.Last4}
	case pm.Type == stripego.PaymentMethodTypeUSBankAccount && pm.USBankAccount != nil:
		m.BankAccount = &fuelportal.PaymentBankAccount{BankName: pm.USBankAccount.BankName, Last4: pm.USBankAccount.Last4}
	default:
		return nil
	}
	return m
}

// DetachPaymentMethod removes a saved method from its customer. Callers
// check first that the method belongs to the company's customer.
func (c *Client) DetachPaymentMethod(ctx context.Context, paymentMethodID string) error {
	if _, err := c.sc.V1PaymentMethods.Detach(ctx, paymentMethodID, nil); err != nil {
		return providerError(err, "detach payment method")
	}
	return nil
}

// CreatePaymentIntent creates and confirms a payment intent charging a saved
// method of the customer. The idempotency key makes a repeated call return
// the first intent instead of charging again. Bank accounts are charged
// off-session on the mandate accepted when they were saved; cards are
// charged with the customer present, so 3-D Secure may answer
// requires_action.
func (c *Client) CreatePaymentIntent(ctx context.Context, p fuelportal.PaymentIntentParams) (*fuelportal.PaymentIntent, error) {
	params := &stripego.PaymentIntentCreateParams{
		Amount:             stripego.Int64(p.TotalCents),
		Currency:           stripego.String(strings.ToLower(p.Currency)),
		Customer:           stripego.String(p.CustomerID),
		PaymentMethod:      stripego.String(p.PaymentMethod.ID),
		PaymentMethodTypes: stripego.StringSlice([]string{p.PaymentMethod.Type}),
		Confirm:            stripego.Bool(true),
		Metadata:           p.Metadata,
		Description:        stripego.String("Fuel portal wallet funding"),
	}
	if p.PaymentMethod.Type == fuelportal.PaymentMethodUSBankAccount {
		params.OffSession = stripego.Bool(true)
	}
	params.SetIdempotencyKey(p.IdempotencyKey)
	pi, err := c.sc.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, providerError(err, "create payment intent")
	}
	return &fuelportal.PaymentIntent{ID: pi.ID, Status: string(pi.Status), ClientSecret: pi.ClientSecret}, nil
}

// providerError maps a stripe-go error to a *fuelportal.Error the user may
// see, keeping the original in the chain for the log.
func providerError(err error, op string) error {
	var se *stripego.Error
	if !errors.As(err, &se) {
		// Network failures and timeouts.
		return &wrapped{fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Payment provider is unavailable - Please try again later"), fmt.Errorf("stripe %s: %w", op, err)}
	}
	var e *fuelportal.Error
	switch {
	case se.Type == stripego.ErrorTypeCard:
		// Stripe's card messages are written for cardholders ("Your card was declined.").
		msg := se.Msg
		if msg == "" {
			msg = "The payment was declined"
		}
		e = fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "%s", msg)
	case se.Code == stripego.ErrorCodeResourceMissing && (se.Param == "payment_method" || se.HTTPStatusCode == http.StatusNotFound):
		e = fuelportal.Errorf(fuelportal.ENOTFOUND, fuelportal.MsgPaymentMethodNotFound)
	case se.Type == stripego.ErrorTypeRateLimit || se.HTTPStatusCode == http.StatusTooManyRequests:
		e = fuelportal.Errorf(fuelportal.ETOOMANYREQUESTS, "Too many requests - Please try again later")
	case se.HTTPStatusCode == http.StatusUnauthorized || se.HTTPStatusCode == http.StatusForbidden:
		e = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Payments are not configured correctly - Please contact support")
	case se.HTTPStatusCode == http.StatusConflict && se.Type != stripego.ErrorTypeIdempotency:
		// Another request with the same idempotency key is still in flight.
		e = fuelportal.Errorf(fuelportal.ECONFLICT, "This payment is already being processed - Please wait a moment")
	case se.Type == stripego.ErrorTypeIdempotency:
		e = fuelportal.Errorf(fuelportal.ECONFLICT, "This payment was already submitted with different details")
	case se.HTTPStatusCode >= 500 || se.Type == stripego.ErrorTypeAPI:
		e = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "Payment provider is unavailable - Please try again later")
	default:
		// An invalid request is our bug or a state Stripe refuses (e.g. an
		// unverified bank account): say what Stripe says.
		msg := se.Msg
		if msg == "" {
			msg = "The payment provider refused the request"
		}
		e = fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "%s", msg)
	}
	return &wrapped{e, fmt.Errorf("stripe %s: %w", op, err)}
}

// wrapped is a user-facing error that keeps the provider's error for logs.
type wrapped struct {
	user  *fuelportal.Error
	cause error
}

func (w *wrapped) Error() string   { return w.user.Error() + ": " + w.cause.Error() }
func (w *wrapped) Unwrap() []error { return []error{w.user, w.cause} }
