// Package flows is the one place the services are wired: New builds every
// service once over one database and one configuration, and hands each
// the services it calls. The command's serve and import commands, the
// HTTP server (http.NewServer takes the Services), the demo seed and the
// tests all build them here, so every entry point runs the same flow over
// the same wiring.
//
// Every service has one constructor shape: New(Deps) in its own package,
// where Deps holds what the service calls (its store, the services above
// it, the logger and the clock) and its settings; a zero field takes the
// service's default. No constructor reaches into another service to set a
// field.
package flows

import (
	"context"
	"log/slog"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/audit"
	"fuelportal/coding"
	"fuelportal/connectors"
	"fuelportal/contracts"
	"fuelportal/events"
	"fuelportal/ifta"
	"fuelportal/issuing"
	"fuelportal/mail"
	"fuelportal/members"
	"fuelportal/netguard"
	"fuelportal/notifications"
	"fuelportal/odometer"
	"fuelportal/overrides"
	"fuelportal/payments"
	"fuelportal/prices"
	"fuelportal/pumpcheck"
	"fuelportal/purchases"
	"fuelportal/push"
	"fuelportal/qbo"
	"fuelportal/statements"
	"fuelportal/store"
	"fuelportal/telematics"
	"fuelportal/trips"
	"fuelportal/vehicles"
	"fuelportal/webhooks"
)

// Services are the wired services.
type Services struct {
	Trips     *trips.Service
	Purchases *purchases.Service
	Prices    *prices.Service
	IFTA      *ifta.Service
	// Telematics stores forwarded positions and rolls them up into miles.
	Telematics *telematics.Service
	// Connectors pulls positions from Samsara, Geotab and Motive into
	// Telematics.
	Connectors *connectors.Service
	// Cards orders cards and carries their status to the card issuer.
	Cards *issuing.Service
	// Payments charges cards and bank accounts; nil without a payment
	// provider (Deps.Payments).
	Payments *payments.Service
	// Members runs the office: members, groups and invitations.
	Members *members.Service
	// Audit reads the audit trail (the store writes it with each change).
	Audit *audit.Service
	// Accounts runs sign-up, a person's own account and password
	// recovery.
	Accounts *accounts.Service
	// Overrides runs card overrides and drivers' requests for them.
	Overrides *overrides.Service
	// Odometer records vehicles' odometer readings.
	Odometer *odometer.Service
	// Vehicles runs the companies' fleet lists.
	Vehicles *vehicles.Service
	// Contracts reads a company's contract and sets the planner's costs.
	Contracts *contracts.Service
	// Notifications keeps people's notification preferences and the
	// company's low-wallet threshold.
	Notifications *notifications.Service
	// Statements closes each company's periods and writes its statements.
	Statements *statements.Service
	// QuickBooks connects companies to QuickBooks Online and sends their
	// purchases there.
	QuickBooks *qbo.Service
	// Coding runs coding rules, re-codes and drivers' job entry.
	Coding *coding.Service
	// PumpCheck runs the pump check's settings and drivers' answers to
	// its challenges.
	PumpCheck *pumpcheck.Service

	// The event dispatcher and the senders it wakes: run by the server
	// (Jobs), idle in one-shot commands.
	Events   *events.Dispatcher
	Mail     *mail.Sender
	Push     *push.Sender
	Webhooks *webhooks.Service

	db     *store.DB
	logger *slog.Logger
}

// Catalog is the station catalog the flows search and reload
// (*catalog.Catalog).
type Catalog interface {
	trips.Stations
	prices.Catalog
}

// Deps are the outside things the services are built over.
type Deps struct {
	DB *store.DB
	// Stations nil: no trip can be planned, imports reload no catalog.
	Stations Catalog
	// Issuer is the card issuer (nil: the network issuer). When it can
	// tell a captured transaction's fuel (purchases.Transactions), captures
	// ask it for what their event lacks.
	Issuer fuelportal.CardIssuer
	// PaymentProvider charges cards and bank accounts (nil: payments are
	// not configured).
	PaymentProvider fuelportal.PaymentProvider
	// Passwords hash the passwords people set (an invitee's).
	Passwords *fuelportal.PasswordHasher
	// Logger nil: slog.Default.
	Logger *slog.Logger
}

// Config is the services' configuration; zero fields take each service's
// default.
type Config struct {
	// PlanTimeout and PlanSlots bound the trip planner (trips.Deps).
	PlanTimeout time.Duration
	PlanSlots   int
	// IssuingWebhookSecret verifies Stripe Issuing deliveries (empty
	// refuses them all); AuthorizationDeadline bounds one authorization's
	// decision (purchases.Deps).
	IssuingWebhookSecret  string
	AuthorizationDeadline time.Duration
	// SMTP nil keeps mail in the outbox.
	SMTP *mail.SMTPConfig
	// PushKeys sign push messages; PushSubject is the VAPID contact.
	PushKeys    push.Keys
	PushSubject string
	// ResetCodeKey keys the HMAC under which password reset codes are
	// stored (the server's: http.ResetCodeKey).
	ResetCodeKey []byte
	// Outgoing is the rule of requests to URLs users name (webhook
	// endpoints, push subscriptions).
	Outgoing netguard.Policy
	// Connectors are the telematics pull connectors' settings: vendor
	// addresses and the token sealing key (connectors.Deps; its Store,
	// Telematics, Policy and Logger are set here).
	Connectors connectors.Deps
	// QuickBooks is the QuickBooks Online connection's settings: the
	// Intuit app and addresses (qbo.Deps; its Store, Policy, Logger and Now are
	// set here, its SecretKey is Connectors.SecretKey when empty).
	QuickBooks qbo.Deps
}

// New builds every service once over d with configuration c.
func New(d Deps, c Config) *Services {
	logger := d.Logger
	if logger == nil {
		logger = slog.Default()
	}
	db := d.DB
	now := func() time.Time { return db.Now() }
	var slots *trips.Slots
	if c.PlanSlots > 0 {
		slots = trips.NewSlots(c.PlanSlots)
	}
	// A nil *catalog.Catalog must stay a nil interface.
	var stations trips.Stations
	var catalog prices.Catalog
	if d.Stations != nil {
		stations, catalog = d.Stations, d.Stations
	}
	s := &Services{db: db, logger: logger}
	s.Trips = trips.New(trips.Deps{Store: db, Stations: stations, Slots: slots, PlanTimeout: c.PlanTimeout, Now: now, Logger: logger})
	transactions, _ := d.Issuer.(purchases.Transactions)
	s.Cards = issuing.New(issuing.Deps{DB: db, Issuer: d.Issuer, Logger: logger})
	s.Purchases = purchases.New(purchases.Deps{DB: db, Trips: s.Trips, WebhookSecret: c.IssuingWebhookSecret,
		Deadline: c.AuthorizationDeadline, Transactions: transactions, Cards: s.Cards, Logger: logger})
	s.Prices = prices.New(prices.Deps{Store: db, Catalog: catalog, Trips: s.Trips, Logger: logger})
	s.IFTA = ifta.New(ifta.Deps{Store: db, Now: now})
	s.Telematics = telematics.New(telematics.Deps{Store: db, Now: now})
	cd := c.Connectors
	cd.Store, cd.Telematics, cd.Policy, cd.Logger = db, s.Telematics, c.Outgoing, logger
	s.Connectors = connectors.New(cd)
	s.Members = members.New(members.Deps{Store: db, Passwords: d.Passwords, Now: now})
	s.Audit = audit.New(audit.Deps{Store: db})
	s.Overrides = overrides.New(overrides.Deps{Store: db})
	s.Odometer = odometer.New(odometer.Deps{Store: db})
	s.Vehicles = vehicles.New(vehicles.Deps{Store: db, Now: now})
	s.Contracts = contracts.New(contracts.Deps{Store: db})
	s.Notifications = notifications.New(notifications.Deps{Store: db})
	s.Accounts = accounts.New(accounts.Deps{Store: db, Passwords: d.Passwords, ResetCodeKey: c.ResetCodeKey, Now: now})
	s.Statements = statements.New(statements.Deps{Store: db, Now: now})
	s.Coding = coding.New(coding.Deps{Store: db})
	s.PumpCheck = pumpcheck.New(pumpcheck.Deps{Store: db, Now: now})
	qd := c.QuickBooks
	qd.Store, qd.Policy, qd.Logger, qd.Now = db, c.Outgoing, logger, now
	if qd.SecretKey == "" {
		qd.SecretKey = c.Connectors.SecretKey
	}
	s.QuickBooks = qbo.New(qd)
	if d.PaymentProvider != nil {
		s.Payments = payments.New(payments.Deps{Store: db, Provider: d.PaymentProvider, Logger: logger})
	}
	s.Mail = mail.New(mail.Deps{Outbox: db, SMTP: c.SMTP, Logger: logger})
	s.Push = push.New(push.Deps{Outbox: db, Keys: c.PushKeys, Subject: c.PushSubject, Policy: c.Outgoing, Logger: logger})
	s.Webhooks = webhooks.New(webhooks.Deps{Store: db, Policy: c.Outgoing, Logger: logger})
	// The one wake-up after a commit that published events or queued
	// deliveries: the dispatcher derives the events, then wakes the
	// senders. The server points store.DB.Queued at Events.Queued.
	s.Events = events.New(events.Deps{Store: db, Logger: logger,
		Senders: []func(){s.Mail.Wake, s.Push.Wake, s.Webhooks.Queued}, Mailed: s.Mail.Queued})
	return s
}

// Jobs are the services' background loops a server runs until ctx ends:
// the event dispatcher, the mail, push and webhook senders, the IFTA
// reminders (every IFTAReminderEvery), the expired rows and holds (every
// 10 minutes), the telematics positions' thinning and retention (daily), the
// statement periods that ended (every StatementClosingEvery), the
// telematics connectors' pulls and the daily QuickBooks push.
func (s *Services) Jobs() []func(ctx context.Context) {
	return []func(context.Context){
		s.Events.Run,
		s.Mail.Run,
		s.Webhooks.Run,
		s.Push.Run,
		func(ctx context.Context) { s.IFTA.RunReminders(ctx, IFTAReminderEvery, s.logger) },
		func(ctx context.Context) { s.deleteExpiredEvery(ctx, 10*time.Minute) },
		func(ctx context.Context) { s.deleteOldPositionsEvery(ctx, 24*time.Hour) },
		func(ctx context.Context) { s.Statements.RunClosing(ctx, StatementClosingEvery, s.logger) },
		s.Connectors.Run,
		func(ctx context.Context) { s.QuickBooks.RunDaily(ctx, QuickBooksPushEvery) },
	}
}

// StatementClosingEvery is how often the server closes the periods that
// ended (a statement is ready within this long of 06:00 the morning after
// its period, in the company's zone).
const StatementClosingEvery = 15 * time.Minute

// QuickBooksPushEvery is how often the server sends every connected
// company's recent purchases to QuickBooks (the last 7 days: those already
// there are skipped).
const QuickBooksPushEvery = 24 * time.Hour

// IFTAReminderEvery is how often the server looks for IFTA returns due in
// 30, 7 or 1 days (a reminder goes out within this long of the company's
// day starting).
const IFTAReminderEvery = 15 * time.Minute

// deleteExpiredEvery deletes expired rows (store.DB.DeleteExpired) and
// releases the network's expired holds (purchases.Service.ExpireHolds) every
// period.
func (s *Services) deleteExpiredEvery(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.db.DeleteExpired(ctx); err != nil && ctx.Err() == nil {
				s.logger.Warn("delete expired rows", "err", err)
			}
			if n, err := s.Purchases.ExpireHolds(ctx, time.Now()); err != nil && ctx.Err() == nil {
				s.logger.Warn("expire network authorization holds", "err", err)
			} else if n > 0 {
				s.logger.Info("expired network authorization holds", "released", n)
			}
		}
	}
}

// deleteOldPositionsEvery runs the telematics positions' retention
// (telematics.Service.Retain: the coming months' partitions, thinning
// after 90 days, deletion after four years), once soon after the start
// and then every period.
func (s *Services) deleteOldPositionsEvery(ctx context.Context, every time.Duration) {
	t := time.NewTimer(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			res, err := s.Telematics.Retain(ctx)
			if err != nil && ctx.Err() == nil {
				s.logger.Warn("telematics positions retention", "err", err)
			}
			if res.Thinned > 0 || res.Expired > 0 {
				s.logger.Info("telematics positions retention", "thinned", res.Thinned, "expired", res.Expired)
			}
			t.Reset(every)
		}
	}
}
