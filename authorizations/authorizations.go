// Package authorizations is the real-time authorization flow of cards
// (docs/issuing.md): Stripe Issuing asks, through a signed webhook, and the
// card network at POST /api/network/authorizations, whether to approve a
// purchase; the store decides it by
// rules.DecideAuthorization on the facts read under the card's lock and,
// when approved, holds the amount on the company's wallet in the same
// transaction; an update that reverses or expires the authorization
// releases the hold, and the captured transaction becomes a purchase. The
// HTTP handler only passes the delivery here and encodes the answer.
package authorizations

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"fuelportal"
	"fuelportal/rules"
	"fuelportal/store"
	"fuelportal/stripe"
)

// DefaultDeadline bounds a decision (FUELPORTAL_AUTHORIZATION_DEADLINE):
// Stripe waits about two seconds for the answer.
const DefaultDeadline = 1500 * time.Millisecond

// Service runs the authorization flow.
type Service struct {
	DB *store.DB
	// WebhookSecret verifies Stripe Issuing deliveries
	// (STRIPE_ISSUING_WEBHOOK_SECRET); empty refuses them all.
	WebhookSecret string
	// Tolerance is how old a signature may be (0: Stripe's default).
	Tolerance time.Duration
	// Deadline bounds one decision (0: DefaultDeadline); past it the
	// company's answer on timeout is given.
	Deadline time.Duration
	// Decide is the decision (nil: rules.DecideAuthorization; tests slow it).
	Decide store.AuthorizationDecider
	Logger *slog.Logger
	// Now returns the current time (nil: time.Now).
	Now func() time.Time
	// Purchases, when set, is told of each declined purchase a decision
	// recorded, once committed (*purchases.Service: the decline notices).
	Purchases Purchases
	// Transactions, when set, is asked for a captured transaction's fuel
	// the event lacks (the Stripe issuer: purchase_details is
	// expandable).
	Transactions Transactions
}

// Purchases is what follows a new purchase's commit (*purchases.Service).
type Purchases interface {
	Recorded(ctx context.Context, t *fuelportal.Transaction)
}

// Transactions retrieves a captured transaction's fuel from its issuer
// (*stripe.Issuer); nil fuel: the issuer reports none.
type Transactions interface {
	TransactionFuel(ctx context.Context, id string) (*fuelportal.CaptureFuel, error)
}

// New returns the service over db with the Issuing webhook secret.
func New(db *store.DB, secret string, logger *slog.Logger) *Service {
	return &Service{DB: db, WebhookSecret: secret, Logger: logger}
}

// Answer is what the webhook answers Stripe.
type Answer struct {
	// Decision is set for an authorization request: the answer Stripe
	// applies (approved, the amount, the decline code).
	Decision *fuelportal.Authorization
	// Amount is set when a partial amount is approved (Stripe needs it
	// only on an amount-controllable request that is cut).
	Amount *int64
}

// HandleStripe verifies and applies one Stripe Issuing delivery: an
// authorization request is decided (once per authorization id: a replay
// gets the same answer); an update releases an ended authorization's
// hold; a created transaction is captured. Other events are acknowledged.
// Errors: EINVALID for a bad or stale signature or a malformed event
// (nothing recorded), EUNAVAILABLE without a secret.
func (s *Service) HandleStripe(ctx context.Context, payload []byte, signature string) (*Answer, error) {
	ev, err := stripe.ParseIssuingEvent(payload, signature, s.WebhookSecret, s.Tolerance)
	if err != nil {
		return nil, err
	}
	switch {
	case ev.Request != nil:
		ev.Request.ReceivedAt = s.now()
		a, err := s.Authorize(ctx, ev.Request)
		if err != nil {
			return nil, err
		}
		ans := &Answer{Decision: a}
		if a.Approved && a.AmountCents != ev.Request.AmountCents {
			amount := a.AmountCents
			ans.Amount = &amount
		}
		return ans, nil
	case ev.Update != nil:
		return &Answer{}, s.Update(ctx, ev.Update)
	case ev.Capture != nil:
		return &Answer{}, s.Capture(ctx, ev.Capture)
	}
	return &Answer{}, nil
}

// Authorize decides request r under the deadline: the store decides and
// holds in one transaction (store.Tx.DecideAuthorization), in which the
// company's webhook endpoints are told the decision (authorization.request,
// through the outbox). When the decision cannot finish in time, the
// company's answer on timeout is recorded instead
// (store.Tx.RecordAuthorizationTimeout), told alike, and logged. A new
// decline on a company card is a declined purchase: once committed, its
// driver and owners are notified as of every declined purchase
// (Purchases.Recorded).
func (s *Service) Authorize(ctx context.Context, r *fuelportal.AuthorizationRequest) (*fuelportal.Authorization, error) {
	a, _, err := s.authorize(ctx, r)
	return a, err
}

// AuthorizeNetwork decides the card network's authorization request r
// (POST /api/network/authorizations) as Authorize decides Stripe's: the
// same decision, hold and log. A network pump pre-authorizes, so a
// smaller amount than asked may be approved. created == false answers a
// replay of r.ID with the first decision (nothing more held). Errors:
// EINVALID for a malformed request or an implausible date,
// EUNPROCESSABLE for an unknown location (nothing recorded).
func (s *Service) AuthorizeNetwork(ctx context.Context, r *fuelportal.AuthorizationRequest) (a *fuelportal.Authorization, created bool, err error) {
	r.Issuer, r.AmountControllable, r.IssuerCardID = fuelportal.IssuerNetwork, true, ""
	if err := r.ValidateNetwork(); err != nil {
		return nil, false, err
	}
	if r.Created.IsZero() {
		r.Created, r.StationClock = s.now(), false // asked at the pump now
	}
	return s.authorize(ctx, r)
}

// ReverseNetwork releases the hold of the network's authorization id (the
// pump dispensed nothing, or the network voided it): its state after, a
// capture or decline unchanged. Errors: ENOTFOUND for an id the network
// never asked about.
func (s *Service) ReverseNetwork(ctx context.Context, id string) (*fuelportal.Authorization, error) {
	a, found, err := s.DB.ReleaseIssuerAuthorization(ctx, fuelportal.IssuerNetwork, id)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fuelportal.Errorf(fuelportal.ENOTFOUND, "Authorization not found")
	}
	return a, nil
}

func (s *Service) authorize(ctx context.Context, r *fuelportal.AuthorizationRequest) (*fuelportal.Authorization, bool, error) {
	if r.ReceivedAt.IsZero() {
		r.ReceivedAt = s.now()
	}
	decide := s.Decide
	if decide == nil {
		decide = rules.DecideAuthorization
	}
	deadline := s.Deadline
	if deadline <= 0 {
		deadline = DefaultDeadline
	}
	dctx, cancel := context.WithTimeout(ctx, deadline)
	o, err := s.decide(dctx, func(tx *store.Tx) (*store.AuthorizationOutcome, error) {
		return tx.DecideAuthorization(dctx, r, decide)
	})
	cancel()
	if err == nil {
		s.recorded(ctx, o)
		return o.Authorization, o.Created, nil
	}
	if !errors.Is(dctx.Err(), context.DeadlineExceeded) || ctx.Err() != nil {
		return nil, false, err
	}
	// Past the deadline: the company's answer on timeout, recorded on a
	// context of its own (the request's may be near its end too).
	tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	o, terr := s.decide(tctx, func(tx *store.Tx) (*store.AuthorizationOutcome, error) { return tx.RecordAuthorizationTimeout(tctx, r) })
	if terr != nil {
		return nil, false, terr
	}
	a := o.Authorization
	s.logger().WarnContext(ctx, "card authorization decided past its deadline: answered by the company's setting",
		"authorization", r.ID, "company", a.CompanyID, "approved", a.Approved, "deadline", deadline, "err", err)
	s.recorded(ctx, o)
	return a, o.Created, nil
}

// decide runs record in one database transaction and, for a new decision
// on a company card, publishes authorization.request with the decision in
// the same transaction.
func (s *Service) decide(ctx context.Context, record func(tx *store.Tx) (*store.AuthorizationOutcome, error)) (*store.AuthorizationOutcome, error) {
	var o *store.AuthorizationOutcome
	err := s.DB.InTx(ctx, func(tx *store.Tx) error {
		var err error
		if o, err = record(tx); err != nil {
			return err
		}
		if a := o.Authorization; o.Created && a.CompanyID != 0 {
			err = tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventAuthorizationRequest, CompanyID: a.CompanyID, Data: fuelportal.AuthorizationWebhook(a)})
		}
		return err
	})
	return o, err
}

// recorded is what follows a decision's commit: a declined purchase it
// recorded goes where every new purchase goes (the driver's and owners'
// decline notices).
func (s *Service) recorded(ctx context.Context, o *store.AuthorizationOutcome) {
	if o.Declined != nil && s.Purchases != nil {
		s.Purchases.Recorded(context.WithoutCancel(ctx), o.Declined)
	}
}

// Update applies an authorization's update: one that ended (reversed,
// expired, closed or at amount 0) releases its hold.
func (s *Service) Update(ctx context.Context, u *fuelportal.AuthorizationUpdate) error {
	if !u.Ended() {
		return s.DB.SetAuthorizationGallons(ctx, u.AuthorizationID, u.Gallons)
	}
	_, _, err := s.DB.ReleaseAuthorization(ctx, u.AuthorizationID)
	return err
}

// Capture records a captured transaction as a purchase and releases its
// authorization's hold (store.DB.CaptureAuthorization); one above the
// hold is logged (the store raises the owner's alert). A capture whose
// event lacks the fuel is completed from the issuer (Transactions) first;
// when the issuer cannot answer, the capture is recorded with what the
// event and its authorization tell (logged).
func (s *Service) Capture(ctx context.Context, c *fuelportal.IssuingCapture) error {
	if c.AmountCents <= 0 {
		return nil // a refund: not a purchase
	}
	if !c.FuelReported && s.Transactions != nil {
		fuel, err := s.Transactions.TransactionFuel(ctx, c.TransactionID)
		switch {
		case err != nil:
			s.logger().WarnContext(ctx, "card capture's fuel could not be retrieved from the issuer", "transaction", c.TransactionID, "err", err)
		case fuel != nil:
			c.Gallons, c.Product, c.FuelReported = fuel.Gallons, fuel.Product, true
		}
	}
	res, err := s.DB.CaptureAuthorization(ctx, c)
	if err != nil {
		return err
	}
	if res.OverHoldCents > 0 {
		s.logger().WarnContext(ctx, "card capture above its authorization's hold", "transaction", c.TransactionID,
			"authorization", c.AuthorizationID, "over_cents", res.OverHoldCents)
	}
	return nil
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
