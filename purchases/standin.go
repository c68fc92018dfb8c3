package purchases

// The stand-in answer (docs/issuing.md, "Deadline"; docs/decisions.md,
// "The pump's answer within the deadline"): when the decision cannot be
// the answer in time, the company's setting answers, from memory, and is
// recorded once the database allows.

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"fuelportal"
	"fuelportal/store"
)

// StandInCapCents bounds a stand-in approval on a card without a
// per-purchase limit (nor a daily one below it): $500 fuels most of a
// truck's fill, and is what an unchecked answer may cost at most.
const StandInCapCents = int64(500_00)

// standInMaxAge is how old the cards in memory may be before the next
// authorization reloads them (in the background); a change of the
// company's setting made through this process reloads its cards at once.
const standInMaxAge = 30 * time.Second

// StandIn is the stand-in answer and its record. It keeps in memory what
// the answer needs (each card's company, status, effective per-purchase
// and daily limits, the company's answer on timeout), so answering takes
// no database round trip and no lock; and it records each answer it gave
// (or a decision answered whose commit was lost) once the database
// allows, trying again while the process lives.
type StandIn struct {
	db     *store.DB
	logger *slog.Logger
	// record writes one answer in a transaction of its own, answering the
	// record of its id (created == false: recorded before).
	record func(ctx context.Context, r *fuelportal.AuthorizationRequest, a *fuelportal.Authorization) (*fuelportal.Authorization, bool, error)

	mu       sync.Mutex
	byNumber map[string]*store.StandInCard // network cards by number
	byStripe map[string]*store.StandInCard // Stripe cards by Stripe's id
	loadedAt time.Time
	loading  bool
	// waiting is, per card, the authorization id of its stand-in approval
	// not recorded yet: a card gets one such approval at a time.
	waiting map[int64]string
	// days is, per card, what this process's stand-in approved on the
	// card's current day and whether a decision found its limits spent.
	days    map[int64]*standInDay
	queue   []standInRecord
	workers int           // recording the queue, at most standInWorkers
	idle    chan struct{} // closed when the queue is recorded

	// journal keeps each answer waiting for its record on the local disk
	// (nil: only in memory), so a stop loses none (OpenJournal).
	journal *journal
	closed  chan struct{} // closed by Close: the workers stop
	running sync.WaitGroup
}

// standInDay is one card's day as the stand-in knows it (days in UTC).
type standInDay struct {
	date      string
	approved  int64 // cents the stand-in held (amounts and fees)
	exhausted bool  // a decision declined or cut the card by a dollar limit
}

type standInRecord struct {
	r *fuelportal.AuthorizationRequest
	a *fuelportal.Authorization
}

func newStandIn(db *store.DB, logger *slog.Logger) *StandIn {
	return &StandIn{db: db, logger: logger, waiting: map[int64]string{}, days: map[int64]*standInDay{}, closed: make(chan struct{})}
}

// Answer is the stand-in answer to r, from memory: the company's setting
// on timeout for a known active card. Approve approves the least of the
// request, the card's per-purchase limit, StandInCapCents and what its
// daily limit leaves of this process's stand-in approvals that day (its
// limits counting the contract's fee, held with the amount; an
// amount-controllable request in part; another above it is declined),
// and only while no other stand-in approval of the card waits to be
// recorded and no decision of this process found the card's dollar
// limits spent that day. Everything else declines AUTHORIZATION_TIMEOUT.
// The answer is marked timed out.
func (s *StandIn) Answer(r *fuelportal.AuthorizationRequest) *fuelportal.Authorization {
	a := &fuelportal.Authorization{AuthorizationID: r.ID, Issuer: r.Issuer, RequestedCents: r.AmountCents, TimedOut: true,
		Status: fuelportal.AuthorizationDeclined, DeclineCode: fuelportal.DeclineAuthorizationTimeout,
		RulesFired: []string{string(fuelportal.DeclineAuthorizationTimeout)}, AuthorizedAt: r.Created, ReceivedAt: r.ReceivedAt}
	s.mu.Lock()
	defer s.mu.Unlock()
	card := s.card(r)
	if card == nil {
		return a
	}
	a.CompanyID, a.CardID, a.CardNumber = card.CompanyID, card.CardID, card.CardNumber
	day := s.day(card.CardID, r.ReceivedAt)
	if !card.Active || card.OnTimeout != fuelportal.TimeoutApprove || s.waiting[card.CardID] != "" || day.exhausted {
		return a
	}
	// A card's dollar limits count the fee its capture adds, as the
	// decision's do (rules.DecideAuthorization).
	fee := card.FeeCents
	limit, fired := StandInCapCents, "STAND_IN_CAP"
	if card.PerPurchaseCents != nil && *card.PerPurchaseCents-fee < limit {
		limit, fired = *card.PerPurchaseCents-fee, string(fuelportal.DeclinePerPurchaseLimit)
	}
	if card.DayCents != nil && *card.DayCents-day.approved-fee < limit {
		limit, fired = *card.DayCents-day.approved-fee, string(fuelportal.DeclineDailyLimit)
	}
	amount := r.AmountCents
	a.RulesFired = []string{"APPROVED_ON_TIMEOUT"}
	if amount > limit {
		if !r.AmountControllable || limit <= 0 {
			a.RulesFired = []string{string(fuelportal.DeclineAuthorizationTimeout), fired}
			return a
		}
		amount = limit
		a.RulesFired = append(a.RulesFired, fired)
	}
	s.waiting[card.CardID] = r.ID
	day.approved += amount + fee
	a.Approved, a.AmountCents, a.DeclineCode, a.Status, a.HeldCents = true, amount, "", fuelportal.AuthorizationHeld, amount+fee
	return a
}

// day returns the card's day of instant at (its stand-in approvals and
// whether its limits are spent); s.mu is held.
func (s *StandIn) day(cardID int64, at time.Time) *standInDay {
	date := at.UTC().Format(time.DateOnly)
	d := s.days[cardID]
	if d == nil || d.date != date {
		d = &standInDay{date: date}
		s.days[cardID] = d
	}
	return d
}

// Decided notes decision a of the card: one that a dollar limit declined
// or cut ends the card's stand-in approvals for the day.
func (s *StandIn) Decided(a *fuelportal.Authorization) {
	if a.CardID == 0 {
		return
	}
	spent := false
	for _, code := range append([]string{string(a.DeclineCode)}, a.RulesFired...) {
		switch fuelportal.DeclineReason(code) {
		case fuelportal.DeclineDailyLimit, fuelportal.DeclineWeeklyLimit, fuelportal.DeclineMonthlyBudget:
			spent = true
		}
	}
	if !spent {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.day(a.CardID, a.ReceivedAt).exhausted = true
}

// card returns r's card in memory (nil: unknown); s.mu is held.
func (s *StandIn) card(r *fuelportal.AuthorizationRequest) *store.StandInCard {
	if r.Issuer == fuelportal.IssuerStripe {
		return s.byStripe[r.IssuerCardID]
	}
	return s.byNumber[r.CardNumber]
}

// Knows reports whether r's card is in memory.
func (s *StandIn) Knows(r *fuelportal.AuthorizationRequest) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.card(r) != nil
}

// Record records answer a to r once the database allows (in the
// background, trying again while the process lives), after writing it to
// the journal, where it waits for the next process should this one stop
// first: call it before the answer goes out. The authorization id is the
// key, so an answer recorded already, or a decision recorded meanwhile,
// is not counted twice.
func (s *StandIn) Record(r *fuelportal.AuthorizationRequest, a *fuelportal.Authorization) {
	s.journalAnswer(r, a)
	s.enqueue(standInRecord{r: r, a: a})
}

// journalAnswer writes answer a to r to the journal (when there is one)
// and waits for the disk; a failure is logged, and the answer still goes
// out and is recorded while the process lives.
func (s *StandIn) journalAnswer(r *fuelportal.AuthorizationRequest, a *fuelportal.Authorization) {
	if s.journal == nil {
		return
	}
	if err := s.journal.answered(r, a); err != nil {
		s.logger.Error("card authorization's answer not journaled: a stop before its record loses it", "authorization", r.ID, "err", err)
	}
}

// settled notes that the journaled answer to authorization id is in the
// database (recorded by its decision's commit, or here).
func (s *StandIn) settled(id string) {
	if s.journal == nil {
		return
	}
	if err := s.journal.recorded(id); err != nil {
		s.logger.Warn("stand-in journal not trimmed", "authorization", id, "err", err)
	}
}

// enqueue queues q for its record and starts a worker when fewer than
// standInWorkers run.
func (s *StandIn) enqueue(q standInRecord) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, q)
	if s.workers == 0 {
		s.idle = make(chan struct{})
	}
	if s.workers < standInWorkers {
		s.workers++
		s.running.Add(1)
		go s.work()
	}
}

// OpenJournal keeps the answers waiting for their record in a journal of
// this process in dir, synced before each answer goes out, and records
// the answers that the journals of stopped processes in dir still hold.
// Close closes it.
func (s *StandIn) OpenJournal(dir string) error {
	j, adopted, err := openJournal(dir)
	if err != nil {
		return err
	}
	s.journal = j
	if len(adopted) > 0 {
		s.logger.Warn("card authorizations answered by a stopped process: recording them", "count", len(adopted), "journal", dir)
	}
	for _, e := range adopted {
		s.enqueue(standInRecord{r: e.Request, a: e.Answer})
	}
	return nil
}

// Close stops recording (an attempt under way ends first) and closes the
// journal: the answers still waiting stay in it for the next process.
func (s *StandIn) Close() {
	s.mu.Lock()
	select {
	case <-s.closed:
	default:
		close(s.closed)
	}
	s.mu.Unlock()
	s.running.Wait()
	if s.journal != nil {
		s.journal.close()
	}
}

// capturedBeforeRequest marks an authorization recorded by its capture
// (store.Tx.InsertCapturedAuthorization).
const capturedBeforeRequest = "CAPTURED_BEFORE_REQUEST"

// standInWorkers is how many answers a process records at once.
const standInWorkers = 4

// RecordWaiting records now the answer to authorization id that waits
// to be recorded, if any (its capture is about to be recorded: it must
// find its authorization). When it cannot, the answer stays queued and
// the error comes back.
func (s *StandIn) RecordWaiting(ctx context.Context, id string) error {
	s.mu.Lock()
	var found *standInRecord
	for i, q := range s.queue {
		if q.r.ID == id {
			found = &q
			s.queue = slices.Delete(s.queue, i, i+1)
			break
		}
	}
	s.mu.Unlock()
	if found == nil {
		return nil
	}
	if _, _, err := s.record(ctx, found.r, found.a); err != nil {
		s.enqueue(*found)
		return err
	}
	s.recordedOne(*found)
	return nil
}

// Wait returns once every answer given so far is recorded, or when ctx
// ends.
func (s *StandIn) Wait(ctx context.Context) error {
	s.mu.Lock()
	idle := s.idle
	working := s.workers > 0
	s.mu.Unlock()
	if !working {
		return nil
	}
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// work records answers of the queue until it is empty (or Close); an
// answer that cannot be recorded goes to the back of the queue and is
// tried again after a pause that grows to 5 s.
func (s *StandIn) work() {
	defer s.running.Done()
	pause := 50 * time.Millisecond
	for {
		s.mu.Lock()
		stopped := false
		select {
		case <-s.closed:
			stopped = true
		default:
		}
		if len(s.queue) == 0 || stopped {
			s.workers--
			if s.workers == 0 {
				close(s.idle)
			}
			s.mu.Unlock()
			return
		}
		next := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()

		first, created, err := s.record(context.Background(), next.r, next.a)
		if err != nil {
			s.logger.Warn("card authorization's answer not recorded yet: trying again", "authorization", next.r.ID, "err", err)
			s.mu.Lock()
			s.queue = append(s.queue, next)
			s.mu.Unlock()
			select {
			case <-time.After(pause):
			case <-s.closed:
			}
			pause = min(2*pause, 5*time.Second)
			continue
		}
		pause = 50 * time.Millisecond
		s.recordedOne(next)
		if !created && first.Status == fuelportal.AuthorizationCaptured && slices.Contains(first.RulesFired, capturedBeforeRequest) {
			// Its capture came first (Stripe's, to another process): the
			// capture's record stands, nothing is held.
			s.logger.Info("card authorization answered after its capture was recorded", "authorization", next.r.ID)
		} else if !created && (first.Approved != next.a.Approved || first.AmountCents != next.a.AmountCents) {
			// Another answer to the same id was recorded first: a replay
			// of the request decided by another process (or before a
			// restart). The record stays the first answer.
			s.logger.Error("card authorization answered otherwise than recorded first: the first record stays",
				"authorization", next.r.ID, "answered_approved", next.a.Approved, "answered_cents", next.a.AmountCents,
				"recorded_approved", first.Approved, "recorded_cents", first.AmountCents)
		}
	}
}

// recordedOne lets the card of recorded answer q have its next stand-in
// approval, and trims it from the journal.
func (s *StandIn) recordedOne(q standInRecord) {
	s.settled(q.r.ID)
	s.mu.Lock()
	defer s.mu.Unlock()
	if card := q.a.CardID; card != 0 && s.waiting[card] == q.r.ID {
		delete(s.waiting, card)
	}
}

// Warm loads every card in the background (a serving process's start).
func (s *StandIn) Warm() { s.refreshIfStale() }

// refreshIfStale reloads every card in the background when those in memory
// are older than standInMaxAge (or were never loaded).
func (s *StandIn) refreshIfStale() {
	s.mu.Lock()
	stale := !s.loading && time.Since(s.loadedAt) > standInMaxAge
	if stale {
		s.loading = true
	}
	s.mu.Unlock()
	if stale {
		go func() {
			err := s.Refresh(context.Background(), 0)
			s.mu.Lock()
			s.loading = false
			if err != nil {
				s.loadedAt = time.Now().Add(-standInMaxAge + time.Second) // try again in a second
			}
			s.mu.Unlock()
			if err != nil {
				s.logger.Warn("cards for the stand-in answer not loaded", "err", err)
			}
		}()
	}
}

// Refresh loads the cards of company companyID (0: every card) into
// memory.
func (s *StandIn) Refresh(ctx context.Context, companyID int64) error {
	start := time.Now()
	cards, err := s.db.StandInCards(ctx, companyID)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if companyID == 0 || s.byNumber == nil {
		if companyID != 0 {
			// Only one company's cards: the others load with the next
			// full reload, which is due.
			s.loadedAt = time.Time{}
		} else {
			s.loadedAt = start
		}
		s.byNumber, s.byStripe = make(map[string]*store.StandInCard, len(cards)), map[string]*store.StandInCard{}
	} else {
		for number, c := range s.byNumber {
			if c.CompanyID == companyID {
				delete(s.byNumber, number)
			}
		}
		for id, c := range s.byStripe {
			if c.CompanyID == companyID {
				delete(s.byStripe, id)
			}
		}
	}
	for i := range cards {
		c := &cards[i]
		s.byNumber[c.CardNumber] = c
		if c.Issuer == fuelportal.IssuerStripe && c.IssuerCardID != "" {
			s.byStripe[c.IssuerCardID] = c
		}
	}
	return nil
}

// answerClaim settles which answer a request gets: its decision, when the
// decision's transaction reaches its commit first, or the stand-in's,
// when the deadline comes first. The decision's transaction commits only
// once it holds the claim (store.Tx.BeforeCommit), so a decision the
// stand-in answered for is rolled back, never recorded beside it.
type answerClaim struct {
	mu       sync.Mutex
	decision *fuelportal.Authorization
	standIn  bool
}

// errAnsweredByStandIn rolls back a decision that came too late.
var errAnsweredByStandIn = errors.New("authorization answered by the stand-in before its decision could commit")

// decide claims the answer for decision a (a copy is kept), unless the
// stand-in has it.
func (c *answerClaim) decide(a *fuelportal.Authorization) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.standIn {
		return errAnsweredByStandIn
	}
	kept := *a
	c.decision = &kept
	return nil
}

// takeStandIn claims the answer for the stand-in; when the decision has it
// already, that decision is returned instead (then the stand-in does not
// answer).
func (c *answerClaim) takeStandIn() (decision *fuelportal.Authorization) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.decision != nil {
		return c.decision
	}
	c.standIn = true
	return nil
}
