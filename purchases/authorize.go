package purchases

import (
	"cmp"
	"context"
	"errors"
	"time"

	"fuelportal"
	"fuelportal/rules"
	"fuelportal/store"
	"fuelportal/stripe"
)

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
		a, _, err := s.Authorize(ctx, ev.Request)
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
		_, err := s.Capture(ctx, ev.Capture)
		return &Answer{}, err
	case ev.CardShipping != nil && s.Cards != nil:
		return &Answer{}, s.Cards.RecordShipping(ctx, *ev.CardShipping)
	}
	return &Answer{}, nil
}

// MsgAuthorizationOfAnotherCard refuses a network authorization whose id
// the portal decided for another card.
const MsgAuthorizationOfAnotherCard = "This authorization ID was used for another card"

// errAuthorizationOfAnotherCard: the request's id was decided for another
// card; nothing is recorded.
func errAuthorizationOfAnotherCard() error {
	fe := fuelportal.FieldErrors{}
	fe.Add("authorizationId", MsgAuthorizationOfAnotherCard)
	return fe.Err()
}

// Authorize decides Stripe's request r under the deadline (see
// authorize); created == false answers a replay of r.ID with the first
// decision. An id the portal decided for another card is declined
// AUTHORIZATION_OF_ANOTHER_CARD, recording nothing.
func (s *Service) Authorize(ctx context.Context, r *fuelportal.AuthorizationRequest) (*fuelportal.Authorization, bool, error) {
	a, created, err := s.authorize(ctx, r)
	if fuelportal.ErrorFields(err)["authorizationId"] != nil {
		s.logger().WarnContext(ctx, "card authorization id repeated for another card: declined", "authorization", r.ID)
		return &fuelportal.Authorization{AuthorizationID: r.ID, Issuer: r.Issuer, RequestedCents: r.AmountCents,
			DeclineCode: fuelportal.DeclineAuthorizationOfAnotherCard, Status: fuelportal.AuthorizationDeclined}, false, nil
	}
	return a, created, err
}

// AuthorizeNetwork decides the card network's authorization request r
// (POST /api/network/authorizations) as Authorize decides Stripe's: the
// same decision, hold and log. A network pump pre-authorizes, so a
// smaller amount than asked may be approved. created == false answers a
// replay of r.ID with the first decision (nothing more held). Errors:
// EINVALID for a malformed request, an implausible date or an id decided
// for another card, EUNPROCESSABLE for an unknown location (nothing
// recorded).
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

// authorized is what deciding a request recorded.
type authorized struct {
	a *fuelportal.Authorization
	// created is false for a request already decided (replayed): nothing
	// more was recorded.
	created bool
	// declined is the declined purchase a new decline on a company card
	// recorded (nil otherwise).
	declined *fuelportal.Transaction
}

// authorize decides request r within the deadline in one database
// transaction (decideAuthorization), in which the company's webhook
// endpoints are told the decision (authorization.request, through the
// outbox). The answer is always back by the deadline, whatever the
// database does: when the decision cannot commit in time (nor get a
// connection or a lock), the stand-in answers from memory (StandIn: the
// company's setting on timeout, bounded by the card's limits) and the
// decision is rolled back; the stand-in's answer is recorded once the
// database allows (store.Tx.RecordAnswer). What is answered is what is
// recorded: the decision commits only while it can still be the answer
// (answerClaim), and an answered decision whose commit was lost is
// recorded again. A new decline on a company card is a declined purchase:
// once committed, its driver and owners are notified as of every declined
// purchase (Recorded).
func (s *Service) authorize(ctx context.Context, r *fuelportal.AuthorizationRequest) (*fuelportal.Authorization, bool, error) {
	start := time.Now()
	if r.ReceivedAt.IsZero() {
		r.ReceivedAt = s.now()
	}
	deadline := s.Deadline
	if deadline <= 0 {
		deadline = DefaultDeadline
	}
	standIn := s.StandIn()
	standIn.refreshIfStale()

	// The decision runs on its own: the request's end does not interrupt
	// it (nothing is left half done on a connection), and its transaction,
	// its wait for a connection and its lock waits end at the deadline.
	claim := &answerClaim{}
	work := store.WithTxTimeout(context.WithoutCancel(ctx), deadline)
	done := make(chan decisionResult, 1)
	go func() {
		o, err := s.decideAuthorization(work, r, claim)
		done <- decisionResult{o, err}
	}()
	timer := time.NewTimer(deadline - time.Since(start))
	defer timer.Stop()
	select {
	case d := <-done:
		if d.err == nil {
			s.decided(ctx, r, d.o)
			return d.o.a, d.o.created, nil
		}
		if a := claim.takeStandIn(); a != nil {
			// Answered by its decision, whose commit failed or whose
			// outcome is unknown: the answer is recorded again (once).
			standIn.Record(r, a)
			return a, true, nil
		}
		if refused(d.err) {
			return nil, false, d.err
		}
		return s.answerStandIn(ctx, r, deadline, d.err), true, nil
	case <-timer.C:
		if a := claim.takeStandIn(); a != nil {
			// Decided in time and committing: that is the answer. Its
			// commit's outcome is not known yet, so it is journaled as a
			// stand-in's answer is, and recorded again if the commit fails.
			standIn.journalAnswer(r, a)
			go func() {
				if d := <-done; d.err != nil {
					standIn.enqueue(standInRecord{r: r, a: a})
				} else {
					standIn.settled(r.ID)
					s.decided(ctx, r, d.o)
				}
			}()
			return a, true, nil
		}
		go func() { <-done }()
		return s.answerStandIn(ctx, r, deadline, context.DeadlineExceeded), true, nil
	}
}

type decisionResult struct {
	o   *authorized
	err error
}

// refused reports whether err refuses the request itself (a malformed one,
// an unknown location, an id of another card): answered as an error,
// nothing recorded. Every other error is the database's, and the stand-in
// answers.
func refused(err error) bool {
	var answer *fuelportal.Error
	return errors.As(err, &answer) && !store.IsUnavailable(err)
}

// answerStandIn answers r by the stand-in (the decision could not be the
// answer in time: why), logs it and has it recorded.
func (s *Service) answerStandIn(ctx context.Context, r *fuelportal.AuthorizationRequest, deadline time.Duration, why error) *fuelportal.Authorization {
	a := s.StandIn().Answer(r)
	a.AnsweredAt = s.now()
	a.LatencyMicros = max(a.AnsweredAt.Sub(r.ReceivedAt).Microseconds(), 0)
	s.logger().WarnContext(ctx, "card authorization not decided within its deadline: answered by the company's setting",
		"authorization", r.ID, "company", a.CompanyID, "approved", a.Approved, "cents", a.AmountCents, "deadline", deadline, "err", why)
	s.StandIn().Record(r, a)
	return a
}

// decided follows a decision's commit: a declined purchase it recorded
// goes where every new purchase goes, the stand-in learns whether the
// card's limits are spent, and a card the stand-in does not know yet has
// its company's cards loaded.
func (s *Service) decided(ctx context.Context, r *fuelportal.AuthorizationRequest, o *authorized) {
	s.authorized(ctx, o)
	s.StandIn().Decided(o.a)
	if a := o.a; a.CompanyID != 0 && !s.StandIn().Knows(r) {
		go func() {
			if err := s.StandIn().Refresh(context.Background(), a.CompanyID); err != nil {
				s.logger().Warn("cards for the stand-in answer not loaded", "company", a.CompanyID, "err", err)
			}
		}()
	}
}

// StandIn returns the service's stand-in answer (made on first use).
func (s *Service) StandIn() *StandIn {
	s.standInOnce.Do(func() {
		s.standIn = newStandIn(s.DB, s.logger())
		s.standIn.record = s.recordAnswer
	})
	return s.standIn
}

// recordAnswer records answer a to r given without a decision in the
// database, in a transaction of its own (store.Tx.RecordAnswer),
// publishing authorization.request for a new record as a decision does.
// A new record of an answer given on timeout (a.TimedOut) also raises an
// AUTHORIZATION alert for the company's owners, in the same transaction.
func (s *Service) recordAnswer(ctx context.Context, r *fuelportal.AuthorizationRequest, a *fuelportal.Authorization) (recorded *fuelportal.Authorization, created bool, err error) {
	err = s.DB.InTx(ctx, func(tx *store.Tx) error {
		if recorded, created, err = tx.RecordAnswer(ctx, r, a); err != nil || !created || recorded.CompanyID == 0 {
			return err
		}
		if recorded.TimedOut {
			if err := publishAuthorizationAlert(ctx, tx, recorded, 0, fuelportal.AuthorizationTimedOutAlert(r.AmountCents, recorded.Approved)); err != nil {
				return err
			}
		}
		return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventAuthorizationRequest, CompanyID: recorded.CompanyID, Data: fuelportal.AuthorizationWebhook(recorded)})
	})
	return recorded, created, err
}

// SetTimeoutSetting saves the company's answer on timeout and has the
// stand-in use it from now on.
func (s *Service) SetTimeoutSetting(ctx context.Context, companyID int64, t fuelportal.AuthorizationTimeout) error {
	if err := s.DB.SetCompanyAuthorizationTimeout(ctx, companyID, t); err != nil {
		return err
	}
	if err := s.StandIn().Refresh(ctx, companyID); err != nil {
		s.logger().WarnContext(ctx, "cards for the stand-in answer not loaded", "company", companyID, "err", err)
	}
	return nil
}

// decideAuthorization decides request r and records the decision in one
// database transaction, committed only while claim lets the decision be
// the answer: the facts read under the card's lock
// (store.Tx.AuthorizationFacts), rules.DecideAuthorization (or Decide),
// then the answer, its hold and what a decline records
// (recordAuthorization).
func (s *Service) decideAuthorization(ctx context.Context, r *fuelportal.AuthorizationRequest, claim *answerClaim) (*authorized, error) {
	decide := s.Decide
	if decide == nil {
		decide = rules.DecideAuthorization
	}
	var o *authorized
	err := s.DB.InTx(ctx, func(tx *store.Tx) error {
		f, err := tx.AuthorizationFacts(ctx, r)
		if err != nil {
			return err
		}
		a := newAuthorization(r, f)
		if r.LocationID != 0 {
			// A station the issuer names: its date is checked as a
			// purchase's is.
			var cardCreated time.Time
			if f.Card != nil {
				cardCreated = f.Card.CreatedAt
			}
			if err := fuelportal.CheckPurchaseDate(a.AuthorizedAt, tx.Now, cardCreated); err != nil {
				return err
			}
		}
		facts := rules.AuthorizationFacts{RequestCents: r.AmountCents, Controllable: r.AmountControllable}
		pf := &facts.PurchaseFacts
		pf.Card, pf.Product, pf.Gallons, pf.Time, pf.Contract = f.Card, r.Product, r.Gallons, a.AuthorizedAt, f.Contract
		pf.PromptMode, pf.Prompt, pf.LastOdometer = f.PromptMode, r.Prompt, f.LastOdometer
		if f.Card != nil {
			pf.Station, pf.RetailPrice, pf.Price = f.Station, f.Price, f.Price
			pf.Controls, pf.Location, pf.Overridden = f.Rules.Controls, f.Rules.Location, f.Overridden(tx.Now)
			pf.PromptLifted = f.Rules.PromptLifted(tx.Now)
			pf.History, pf.WalletCents, pf.Pump = f.History, f.WalletCents, f.Pump
			if pf.Trip = f.Trip; f.Trip != nil && f.Trip.Plan != nil {
				pf.Fit = f.Trip.Plan.Fit(f.Bought, f.Station.ID, r.Gallons)
			}
		}
		if o, err = s.recordAuthorization(ctx, tx, f, r, a, decide(facts), true); err != nil {
			return err
		}
		tx.BeforeCommit(func() error { return claim.decide(o.a) })
		return nil
	})
	return o, err
}

// newAuthorization is the log row of request r on the card read in f,
// before its decision (declined).
func newAuthorization(r *fuelportal.AuthorizationRequest, f *store.CardFacts) *fuelportal.Authorization {
	a := &fuelportal.Authorization{AuthorizationID: r.ID, Issuer: r.Issuer, MerchantName: r.MerchantName, Product: r.Product,
		RequestedCents: r.AmountCents, AuthorizedAt: f.Instant, ReceivedAt: r.ReceivedAt.UTC(), Status: fuelportal.AuthorizationDeclined}
	if r.LocationID != 0 && f.Station != nil {
		a.MerchantName = f.Station.Name
	}
	if f.Card != nil {
		a.CompanyID, a.CardID, a.CardNumber = f.Card.CompanyID, f.Card.ID, f.Card.CardNumber
		if f.Station != nil {
			a.StationID = f.Station.ID
		}
		a.StationMatch, a.CandidateLocationIDs = f.StationMatch, f.CandidateLocationIDs
	}
	return a
}

// recordAuthorization records decision d on request r (its row a, the
// facts f) within tx: the answer first, then the approval's hold on the
// wallet, which goes last but for what only records: the wallet row it
// locks (on PostgreSQL) is then held only until the commit. A hold the
// wallet cannot take above the contract's floor after all (guarded; an
// approval on timeout is not) makes it a funds decline. A new decline on a company card is also recorded as a declined
// purchase of the card (recordDeclinedPurchase), and the company's webhook
// endpoints hear of every new decision. A request already decided
// (replayed, or captured first) is answered as recorded, created false;
// one decided for another card is refused (nothing recorded).
func (s *Service) recordAuthorization(ctx context.Context, tx *store.Tx, f *store.CardFacts, r *fuelportal.AuthorizationRequest,
	a *fuelportal.Authorization, d rules.AuthorizationDecision, guarded bool) (*authorized, error) {
	a.Approved, a.AmountCents, a.DeclineCode, a.RulesFired = d.Approved, d.AmountCents, d.Reason, d.Fired
	a.PumpCheck = d.Pump.Check
	if d.Approved {
		a.Status, a.HeldCents = fuelportal.AuthorizationHeld, d.HoldCents
	}
	switch inserted, err := tx.InsertAuthorization(ctx, a, r, f.Price); {
	case err != nil:
		return nil, err
	case !inserted:
		first, err := tx.AuthorizationByID(ctx, r.ID)
		if err != nil {
			return nil, err
		}
		if first.CardID != a.CardID || first.Issuer != a.Issuer {
			return nil, errAuthorizationOfAnotherCard()
		}
		return &authorized{a: first}, nil
	}
	if d.Approved {
		bound := store.NoFloor
		if guarded {
			bound = f.Contract.MinBalanceCents()
		}
		switch moved, err := tx.Hold(ctx, f, a, d.HoldCents, bound); {
		case errors.Is(err, store.ErrHoldTooLarge):
			reason := rules.FundsDecline(f.Contract)
			a.Approved, a.AmountCents, a.DeclineCode = false, 0, reason
			a.RulesFired = append(a.RulesFired, string(reason))
			a.Status, a.HeldCents = fuelportal.AuthorizationDeclined, 0
			if err := tx.FinishAuthorization(ctx, a); err != nil {
				return nil, err
			}
		case err != nil:
			return nil, err
		default:
			if err := walletMoved(ctx, tx, moved); err != nil {
				return nil, err
			}
		}
	}
	o := &authorized{a: a, created: true}
	if !a.Approved && !a.TimedOut && f.Card != nil {
		var err error
		if o.declined, err = recordDeclinedPurchase(ctx, tx, f, r, a); err != nil {
			return nil, err
		}
	}
	if err := recordPumpCheck(ctx, tx, f, a, d.Pump, o.declined); err != nil {
		return nil, err
	}
	if a.CompanyID != 0 {
		if err := tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventAuthorizationRequest, CompanyID: a.CompanyID, Data: fuelportal.AuthorizationWebhook(a)}); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// recordPumpCheck records what the pump check used on new authorization a
// (and its declined purchase, nil: none), marks the driver's Yes it passed
// on used, and on a challenge asks the card's driver (a challenge row and
// its pump_check.challenge event).
func recordPumpCheck(ctx context.Context, tx *store.Tx, f *store.CardFacts, a *fuelportal.Authorization, p rules.PumpResult, declined *fuelportal.Transaction) error {
	if a.PumpCheck == nil {
		return nil
	}
	var transactionID int64
	if declined != nil {
		transactionID = declined.ID
	}
	if err := tx.RecordPumpCheck(ctx, a, transactionID, p.UsesAnswer); err != nil {
		return err
	}
	if !p.Challenge || a.DeclineCode != fuelportal.DeclinePumpCheckChallenge {
		return nil
	}
	unit := f.Card.UnitNumber
	c := &fuelportal.PumpChallenge{CompanyID: f.Card.CompanyID, CardID: f.Card.ID, CardNumber: f.Card.CardNumber,
		DriverUserID: f.Card.DriverUserID, UnitNumber: unit, StationID: f.Station.ID, StationName: f.Station.Name, AuthorizationID: a.AuthorizationID}
	if err := tx.CreatePumpChallenge(ctx, c); err != nil {
		return err
	}
	if c.DriverUserID == 0 {
		return nil // no driver holds the card: nobody to ask
	}
	n := fuelportal.PumpChallengeNotice(c)
	return tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventPumpChallenge, CompanyID: c.CompanyID, UserID: c.DriverUserID, Notice: &n})
}

// recordDeclinedPurchase records new declined authorization a of request
// r on a company card (read in f) as a declined purchase of the card, as
// a declined network purchase is (publishDecision: its DECLINE
// alert and transaction.declined event), and links it as the
// authorization's transaction, so the driver's and the owner's lists show
// it with its reason and the owner's detail shows the decision. Its
// network transaction id is the authorization's (nil when a purchase with
// it is recorded already).
func recordDeclinedPurchase(ctx context.Context, tx *store.Tx, f *store.CardFacts, r *fuelportal.AuthorizationRequest, a *fuelportal.Authorization) (*fuelportal.Transaction, error) {
	station := f.Station
	if station == nil {
		station = &fuelportal.Station{}
	}
	// Gallons are unknown at the pump: those the request would buy at the
	// merchant's price (as a capture without a quantity), else one.
	gallons := r.Gallons
	if gallons <= 0 {
		gallons = 1_000
		if f.Price > 0 {
			gallons = fuelportal.Gallons(min(max(r.AmountCents*10_000/int64(f.Price), 1), int64(fuelportal.MaxPurchaseGallons)))
		}
	}
	t := &fuelportal.Transaction{NetworkTransactionID: a.AuthorizationID, Odometer: r.Prompt.Odometer, LocationID: station.ID,
		LocationName: cmp.Or(station.Name, r.MerchantName), LocationAddress: station.AddressLine(), TransactionDate: a.AuthorizedAt,
		Product: r.Product, Gallons: gallons, RetailPrice: f.Price, NetPrice: f.Price, Status: fuelportal.TransactionDeclined,
		DeclineReason: a.DeclineCode, CreatedAt: tx.Now, StationMatch: a.StationMatch, CandidateLocationIDs: a.CandidateLocationIDs}
	holder(t, f)
	switch inserted, err := tx.InsertPurchase(ctx, t); {
	case err != nil:
		return nil, err
	case !inserted:
		return nil, nil
	}
	if err := tx.LinkAuthorization(ctx, a, t.ID, 0); err != nil {
		return nil, err
	}
	return t, publishDecision(ctx, tx, t)
}

// authorized is what follows a decision's commit: a declined purchase it
// recorded goes where every new purchase goes (the driver's and owners'
// decline notices).
func (s *Service) authorized(ctx context.Context, o *authorized) {
	if o.declined != nil {
		s.Recorded(context.WithoutCancel(ctx), o.declined)
	}
}

// Update applies a Stripe authorization's update: one that ended
// (reversed, expired, closed or at amount 0) releases its hold; else the
// pump's final gallons it reports are kept for the capture.
func (s *Service) Update(ctx context.Context, u *fuelportal.AuthorizationUpdate) error {
	if !u.Ended() {
		return s.DB.SetAuthorizationGallons(ctx, u.AuthorizationID, u.Gallons)
	}
	_, _, err := s.DB.ReleaseAuthorization(ctx, u.AuthorizationID)
	return err
}

// ExpireHolds releases the holds of the network's authorizations older
// than store.NetworkHoldLifetime at now (the network never told the
// portal the pump's outcome), and answers how many it released.
func (s *Service) ExpireHolds(ctx context.Context, now time.Time) (int, error) {
	return s.DB.ExpireNetworkHolds(ctx, now)
}
