// Package purchases is the one home of a card's money: every purchase,
// authorization and capture, whatever its entry point (the card network's
// endpoints, `fuelportal import transactions`, the Stripe Issuing webhook,
// the demo data), goes through this service.
//
// Each flow is the same three steps in one database transaction: read the
// facts the decision needs in one store call, under the card's lock
// (store.Tx.PurchaseFacts, AuthorizationFacts, CaptureFacts: card,
// controls, history with open holds, odometer, trip and what it bought,
// wallet, station); decide with rules (DecidePurchase,
// DecideAuthorization, DecideCapture, DecideOnTimeout); apply with the
// store's primitives (the purchase row, the ledger debit, the hold, the
// authorization's answer, the trip link) and write the decision's event
// (publishDecision; its alerts, notices and webhooks derive from it).
// After the commit come the follow-ups (Recorded): an approved purchase
// off its trip's plan re-plans the trip, a declined one notifies the
// card's driver and the company's owners. Record (network and file
// purchases, record.go), Authorize (Stripe and network, authorize.go) and
// Capture (Stripe and network, capture.go) end alike, so a Stripe capture
// and a network capture are re-planned alike.
package purchases

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/rules"
	"fuelportal/store"
)

// Trips re-plans a trip after a purchase (*trips.Service).
type Trips interface {
	ReplanAfterPurchase(ctx context.Context, t *fuelportal.Transaction)
}

// Transactions retrieves a captured transaction's fuel from its issuer
// (*stripe.Issuer); nil fuel: the issuer reports none.
type Transactions interface {
	TransactionFuel(ctx context.Context, id string) (*fuelportal.CaptureFuel, error)
}

// DefaultDeadline bounds an authorization's decision
// (FUELPORTAL_AUTHORIZATION_DEADLINE): Stripe waits about two seconds for
// the answer.
const DefaultDeadline = 1500 * time.Millisecond

// Deps are what the card money flows are built from: what they call and
// their settings. DB is required; the rest have defaults.
type Deps struct {
	DB *store.DB
	// Trips, when set, re-plans a trip after a purchase off its plan.
	Trips Trips

	// WebhookSecret verifies Stripe Issuing deliveries
	// (STRIPE_ISSUING_WEBHOOK_SECRET); empty refuses them all.
	WebhookSecret string
	// Tolerance is how old a signature may be (0: Stripe's default).
	Tolerance time.Duration
	// Deadline bounds one authorization's answer (0: DefaultDeadline);
	// past it the stand-in answers by the company's setting (StandIn).
	Deadline time.Duration
	// Decide is the authorization decision (nil: rules.DecideAuthorization;
	// tests slow it).
	Decide func(rules.AuthorizationFacts) rules.AuthorizationDecision
	// Transactions, when set, is asked for a captured transaction's fuel
	// the event lacks (the Stripe issuer: purchase_details is
	// expandable).
	Transactions Transactions
	// Cards, when set, keeps the issuer's news of a card's shipment.
	Cards CardShipments

	Logger *slog.Logger
	// Now returns the current time (nil: time.Now).
	Now func() time.Time
}

// CardShipments keeps an issuer's news of a card's shipment
// (issuing.Service).
type CardShipments interface {
	RecordShipping(ctx context.Context, u fuelportal.CardShippingUpdate) error
}

// Service runs the card money flows over one database. Create it with New.
type Service struct {
	Deps

	standInOnce sync.Once
	standIn     *StandIn
}

// New returns the card money flows over d.
func New(d Deps) *Service { return &Service{Deps: d} }

// Recorded is what follows a new purchase's commit, whatever its entry
// point (a network purchase, a file, a capture, a card authorization
// declined at the pump): an approved purchase off its trip's plan
// re-plans the trip. (A decline's alert and notices follow from its
// event, published with the purchase: publishDecision.)
func (s *Service) Recorded(ctx context.Context, t *fuelportal.Transaction) {
	if s.Trips != nil {
		s.Trips.ReplanAfterPurchase(ctx, t)
	}
}

// publishDecision writes the decision on new purchase t in its
// transaction tx, whatever its entry point (a network purchase, a card
// authorization declined, a capture): transaction.approved or
// transaction.declined (fuelportal.PurchaseEvent: a decline on a company
// card is an alert and a mail for its owners, pushes to them and a notice
// to the card's driver); recorded purchase and event stand or fall
// together. A purchase of no company (an unknown card) tells no one.
func publishDecision(ctx context.Context, tx *store.Tx, t *fuelportal.Transaction) error {
	if t.CompanyID == 0 {
		return nil
	}
	return tx.Publish(ctx, fuelportal.PurchaseEvent(t))
}

// publishAuthorizationAlert writes authorization.alert in tx: AUTHORIZATION
// alert alert (also mailed) of authorization a's company, on its card and
// naming the card's driver, of purchase transactionID (0: none).
func publishAuthorizationAlert(ctx context.Context, tx *store.Tx, a *fuelportal.Authorization, transactionID int64, alert *fuelportal.Alert) error {
	driverName, err := tx.CardDriverName(ctx, a.CardID)
	if err != nil {
		return err
	}
	alert.CardID, alert.CardNumber, alert.DriverName, alert.TransactionID = a.CardID, a.CardNumber, driverName, transactionID
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventAuthorizationAlert, CompanyID: a.CompanyID, Alert: alert})
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}
