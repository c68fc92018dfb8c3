// Package events runs the dispatcher of the stream of events: every event
// a flow publishes (store.Tx.Publish, in the transaction that makes it
// happen) is derived into what its audiences hear of it — the owners'
// alert, the users' notices, pushes, mails and webhook deliveries, as
// fuelportal.EventRoutes says — by store.DB.DispatchBatch, up to 200
// events per transaction, each exactly once.
//
// Each server process runs a Dispatcher. It is woken once after each
// commit that published events or queued deliveries (store.DB.Queued,
// the only wake-up path), dispatches every waiting event and then wakes
// the senders (mail, push, webhooks), which deliver with their own claims
// and retries. It also sweeps every 15 seconds, so events published by
// another process (an import command) or left by a process that stopped
// after its commit are dispatched too: nothing is lost. Several processes
// on one database never derive one event twice (the dispatch transaction
// holds the event's row; PostgreSQL skips rows another holds).
package events

import (
	"context"
	"io"
	"log/slog"
	"time"

	"fuelportal"
)

// Store dispatches events (*store.DB).
type Store interface {
	DispatchBatch(ctx context.Context) (int, error)
}

// sweepEvery is how often a dispatcher looks for events without being
// woken: other processes' events, and those a stopped process left.
const sweepEvery = 15 * time.Second

// Dispatcher derives published events and wakes the senders. Create it
// with New, run Run in a goroutine and set store.DB.Queued to its Queued.
type Dispatcher struct {
	store  Store
	logger *slog.Logger
	wake   chan struct{}
	// Senders are woken after the dispatcher was woken or dispatched
	// events: the mail, push and webhook senders' wake-ups.
	Senders []func()
	// Mailed, when set, is told of each mail a transaction queued with its
	// one-time secrets (they are not stored): the mail sender logs them
	// masked when no SMTP server is configured.
	Mailed func(*fuelportal.MailMessage)
}

// Deps are what a dispatcher is built from (Dispatcher's fields of the
// same names); Logger nil discards.
type Deps struct {
	Store   Store
	Senders []func()
	Mailed  func(*fuelportal.MailMessage)
	Logger  *slog.Logger
}

// New returns a dispatcher over d.
func New(d Deps) *Dispatcher {
	logger := d.Logger
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	return &Dispatcher{store: d.Store, logger: logger, wake: make(chan struct{}, 1), Senders: d.Senders, Mailed: d.Mailed}
}

// Queued is the one wake-up after a commit that published events or
// queued deliveries (store.DB.Queued): it hands the commit's mails to
// Mailed, wakes the senders and makes Run dispatch now.
func (d *Dispatcher) Queued(mails []*fuelportal.MailMessage) {
	if d.Mailed != nil {
		for _, m := range mails {
			d.Mailed(m)
		}
	}
	d.wakeSenders()
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

func (d *Dispatcher) wakeSenders() {
	for _, wake := range d.Senders {
		wake()
	}
}

// Run dispatches until ctx ends: at start, when woken and every
// sweepEvery.
func (d *Dispatcher) Run(ctx context.Context) {
	ticker := time.NewTicker(sweepEvery)
	defer ticker.Stop()
	for {
		if d.DispatchWaiting(ctx) > 0 {
			d.wakeSenders()
		}
		select {
		case <-ctx.Done():
			return
		case <-d.wake:
		case <-ticker.C:
		}
	}
}

// DispatchWaiting dispatches the waiting events, a batch per
// transaction, and returns how many it dispatched. A batch whose fan-out
// fails is logged and tried again (the store counts the failing event's
// attempts, and then leaves it out); any other failure waits for the next
// wake-up or sweep.
func (d *Dispatcher) DispatchWaiting(ctx context.Context) int {
	n := 0
	for ctx.Err() == nil {
		done, err := d.store.DispatchBatch(ctx)
		if err != nil && ctx.Err() == nil {
			d.logger.Error("dispatch event", "err", err)
		}
		if done == 0 {
			return n
		}
		if err == nil {
			n += done
		}
	}
	return n
}
