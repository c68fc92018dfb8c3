package events_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/events"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// fleet is a company with an owner, a card and its signed-up driver, each
// user with a push subscription, and a webhook endpoint subscribed to
// every type.
type fleet struct {
	company       *fuelportal.Company
	owner, driver *fuelportal.User
	card          *fuelportal.Card
}

func newFleet(t *testing.T, db *store.DB, name string) *fleet {
	t.Helper()
	ctx := context.Background()
	f := &fleet{company: &fuelportal.Company{Name: name, CarrierID: 7654321},
		owner: &fuelportal.User{Email: "owner@" + name + ".test", PasswordHash: "h", FirstName: "Ann", LastName: "Owner"}}
	if err := db.CreateCompanyOwner(ctx, f.company, f.owner); err != nil {
		t.Fatal(err)
	}
	f.card = &fuelportal.Card{CompanyID: f.company.ID, CardNumber: fmt.Sprintf("7071000000000%06d", f.company.ID), DriverName: "Dan Driver"}
	if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, f.card) }); err != nil {
		t.Fatal(err)
	}
	f.driver = &fuelportal.User{Email: "driver@" + name + ".test", PasswordHash: "h", FirstName: "Dan", DriverStatus: fuelportal.DriverApproved}
	if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, f.driver, f.card.CardNumber, fuelportal.SignUpCardOf(name)); err != nil {
		t.Fatal(err)
	}
	for _, u := range []*fuelportal.User{f.owner, f.driver} {
		// Every channel on, so each event reaches whatever its route allows.
		settings := fuelportal.NotificationSettings{}
		for _, e := range fuelportal.NotificationEvents(u.Role) {
			settings.Events = append(settings.Events, fuelportal.NotificationPreference{Event: e, Push: true, Email: true, InApp: true})
		}
		if _, err := db.SaveNotificationSettings(ctx, u.ID, u.Role, settings); err != nil {
			t.Fatal(err)
		}
		sub := &fuelportal.PushSubscription{UserID: u.ID, Endpoint: "https://push.example/" + u.Email, P256DH: "p", Auth: "a"}
		if err := db.SavePushSubscription(ctx, sub); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.CreateWebhookEndpoint(ctx, f.company.ID, fuelportal.WebhookEndpointInput{URL: "https://93.184.215.14/" + name,
		Events: fuelportal.WebhookEventTypes, Active: true}, fuelportal.CheckWebhookEndpointAdded); err != nil {
		t.Fatal(err)
	}
	return f
}

// heard counts what a fleet's people and systems got: alerts, webhook
// deliveries, the owner's and the driver's pushes, mails and in-app notices.
type heard struct {
	Alerts, Webhooks, OwnerPushes, DriverPushes, OwnerMails, DriverMails, DriverNotices int
}

func heardBy(t *testing.T, db *store.DB, f *fleet) heard {
	t.Helper()
	ctx := context.Background()
	var h heard
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for _, q := range []struct {
			n   *int
			sql string
			arg any
		}{
			{&h.Alerts, `SELECT COUNT(*) FROM alerts WHERE company_id = ?`, f.company.ID},
			{&h.Webhooks, `SELECT COUNT(*) FROM webhook_deliveries WHERE company_id = ?`, f.company.ID},
			{&h.OwnerPushes, `SELECT COUNT(*) FROM push_messages WHERE user_id = ?`, f.owner.ID},
			{&h.DriverPushes, `SELECT COUNT(*) FROM push_messages WHERE user_id = ?`, f.driver.ID},
			{&h.OwnerMails, `SELECT COUNT(*) FROM outbox WHERE to_address = ?`, f.owner.Email},
			{&h.DriverMails, `SELECT COUNT(*) FROM outbox WHERE to_address = ?`, f.driver.Email},
			{&h.DriverNotices, `SELECT COUNT(*) FROM notifications WHERE user_id = ?`, f.driver.ID},
		} {
			if err := tx.QueryRow(ctx, q.sql, q.arg).Scan(q.n); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (h heard) minus(o heard) heard {
	return heard{h.Alerts - o.Alerts, h.Webhooks - o.Webhooks, h.OwnerPushes - o.OwnerPushes, h.DriverPushes - o.DriverPushes,
		h.OwnerMails - o.OwnerMails, h.DriverMails - o.DriverMails, h.DriverNotices - o.DriverNotices}
}

// fullEvent is an event of typ for fleet f carrying every channel's words:
// its route decides which are used.
func fullEvent(typ fuelportal.EventType, f *fleet) *fuelportal.Event {
	n := fuelportal.Notice{Event: fuelportal.EventRoutes[typ].Preference, CompanyID: f.company.ID, Key: "cardDeactivated",
		Params: map[string]string{"card": "0001"}, URL: "/dashboard"}
	return &fuelportal.Event{Type: typ, CompanyID: f.company.ID, UserID: f.driver.ID, Notice: &n,
		Alert: &fuelportal.Alert{Message: "about " + string(typ), CardID: f.card.ID, CardNumber: f.card.CardNumber},
		Data:  map[string]string{"about": string(typ)},
		Mail:  &fuelportal.MailMessage{Subject: "Your request was decided", Body: "about " + string(typ)}}
}

// TestDispatch_EachEventReachesExactlyItsAudience: every event type, published
// for one company, reaches exactly the audiences and channels its route
// names (an alert and its mail for owners, owners' pushes, the named
// driver's push, mail and in-app notice, the webhook), and nothing of
// another company, whose owner, driver and endpoint hear nothing.
func TestDispatch_EachEventReachesExactlyItsAudience(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		a, b := newFleet(t, db, "alpha"), newFleet(t, db, "bravo")
		for typ, route := range fuelportal.EventRoutes {
			clock.Advance(2 * fuelportal.MailDigestWindow) // every mail its own, not a digest
			beforeA, beforeB := heardBy(t, db, a), heardBy(t, db, b)
			if err := db.Publish(ctx, fullEvent(typ, a)); err != nil {
				t.Fatal(err)
			}
			got := heardBy(t, db, a).minus(beforeA)
			want := heard{}
			if route.Alert != "" {
				want.Alerts, want.OwnerMails = 1, 1
			}
			if route.Webhook != "" {
				want.Webhooks = 1
			}
			if route.OwnersPush {
				want.OwnerPushes = 1
			}
			if route.User {
				want.DriverPushes, want.DriverMails, want.DriverNotices = 1, 1, 1
			}
			if route.AnswerMail {
				want.DriverMails++
			}
			if got != want {
				t.Errorf("%s: company heard %+v, want %+v", typ, got, want)
			}
			if other := heardBy(t, db, b).minus(beforeB); other != (heard{}) {
				t.Errorf("%s: another company heard %+v", typ, other)
			}
		}
		// A user of another company named by an event hears nothing of it.
		beforeB := heardBy(t, db, b)
		e := fullEvent(fuelportal.EventOverrideDecided, a)
		e.UserID = b.driver.ID
		if err := db.Publish(ctx, e); err != nil {
			t.Fatal(err)
		}
		if other := heardBy(t, db, b).minus(beforeB); other != (heard{}) {
			t.Errorf("another company's driver named: heard %+v", other)
		}
	})
}

// TestDispatch_EventsSurviveAStopAfterTheCommit: events committed by a
// process that stopped before dispatching them (nothing woken) are all
// derived, once, by the next process's dispatcher.
func TestDispatch_EventsSurviveAStopAfterTheCommit(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFleet(t, db, "alpha")
		before := heardBy(t, db, f)
		db.Queued = nil // the process stops right after its commits
		for range 3 {
			if err := db.Publish(ctx, fullEvent(fuelportal.EventTransactionDeclined, f)); err != nil {
				t.Fatal(err)
			}
		}
		if got := heardBy(t, db, f).minus(before); got != (heard{}) {
			t.Fatalf("derived without a dispatcher: %+v", got)
		}
		// The next process starts: its dispatcher's first pass finds them.
		next := events.New(events.Deps{Store: db})
		if n := next.DispatchWaiting(ctx); n != 3 {
			t.Fatalf("dispatched %d, want 3", n)
		}
		if n := next.DispatchWaiting(ctx); n != 0 {
			t.Fatalf("dispatched %d again", n)
		}
		got := heardBy(t, db, f).minus(before)
		// Three alerts and webhooks; the owner's and the driver's mails: the
		// first at once, the two others in one digest each.
		want := heard{Alerts: 3, Webhooks: 3, OwnerPushes: 3, DriverPushes: 3, OwnerMails: 2, DriverMails: 2, DriverNotices: 3}
		if got != want {
			t.Fatalf("heard %+v, want %+v", got, want)
		}
	})
}

// TestDispatch_TwoDispatchersNeverDeriveAnEventTwice: two processes'
// dispatchers draining the same events at once derive each exactly once.
func TestDispatch_TwoDispatchersNeverDeriveAnEventTwice(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newFleet(t, db, "alpha")
		before := heardBy(t, db, f)
		db.Queued = nil
		const published = 60
		for range published {
			if err := db.Publish(ctx, fullEvent(fuelportal.EventTransactionDeclined, f)); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		counts := make([]int, 2)
		for i := range counts {
			wg.Go(func() { counts[i] = events.New(events.Deps{Store: db}).DispatchWaiting(ctx) })
		}
		wg.Wait()
		if counts[0]+counts[1] != published {
			t.Fatalf("dispatched %v, want %d in all", counts, published)
		}
		got := heardBy(t, db, f).minus(before)
		if got.Alerts != published || got.Webhooks != published || got.OwnerPushes != published || got.DriverNotices != published ||
			got.OwnerMails != 2 || got.DriverMails != 2 {
			t.Fatalf("heard %+v for %d events", got, published)
		}
	})
}

// TestDigest_ManyEventsOneMailAndOneDigestPerKindAndHour: 474 late
// authorizations and 30 drivers waiting within the hour make two mails of
// each kind to the owner (the first, then one digest with the count of
// the others), not 504.
func TestDigest_ManyEventsOneMailAndOneDigestPerKindAndHour(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		storetest.NewClock(db)
		f := newFleet(t, db, "alpha")
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i := range 474 {
				if err := tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventAuthorizationAlert, CompanyID: f.company.ID,
					Alert: &fuelportal.Alert{Message: fmt.Sprintf("A card authorization of $%d.00 could not be decided in time", i)}}); err != nil {
					return err
				}
			}
			for i := range 30 {
				n := fuelportal.DriverWaitingNotice(f.company.ID, fmt.Sprintf("Driver %d", i), f.card.CardNumber)
				if err := tx.Publish(ctx, &fuelportal.Event{Type: fuelportal.EventDriverWaiting, CompanyID: f.company.ID, Notice: &n,
					Alert: &fuelportal.Alert{Message: "Driver waiting"}}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		mails, err := db.OutboxMessages(ctx, f.owner.Email, 100)
		if err != nil {
			t.Fatal(err)
		}
		var subjects []string
		for _, m := range mails {
			subjects = append(subjects, m.Subject)
		}
		want := []string{"Fuel Portal: 29 drivers wait for approval", "Fuel Portal alert: a driver waits for approval",
			"Fuel Portal: 473 card authorizations need your attention", "Fuel Portal alert"}
		if len(subjects) != len(want) {
			t.Fatalf("owner's mails = %q, want %q", subjects, want)
		}
		for i := range want {
			if !strings.HasPrefix(subjects[i], want[i]) {
				t.Fatalf("owner's mails = %q, want %q", subjects, want)
			}
		}
		if !strings.Contains(mails[2].Body, "The latest: A card authorization of $473.00") {
			t.Fatalf("digest body = %q", mails[2].Body)
		}
		if page, _ := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: f.company.ID}, Limit: 1}); page.Total != 504 {
			t.Fatalf("alerts = %d, want one per event", page.Total)
		}
	})
}

// TestDispatch_OfficeRolesHearTheirEvents: an event's alert mail reaches
// the office roles its route names (a dispatcher hears of declines and
// override requests, a bookkeeper of a low wallet), each as their own
// preferences allow, and no suspended member.
func TestDispatch_OfficeRolesHearTheirEvents(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		f := newFleet(t, db, "alpha")
		members := map[fuelportal.MemberRole]*fuelportal.User{}
		for _, role := range []fuelportal.MemberRole{fuelportal.MemberAdmin, fuelportal.MemberDispatcher, fuelportal.MemberBookkeeper} {
			u := &fuelportal.User{Email: string(role) + "@alpha.test", PasswordHash: "h", CompanyID: f.company.ID, MemberRole: role}
			if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateUser(ctx, u) }); err != nil {
				t.Fatal(err)
			}
			settings := fuelportal.NotificationSettings{}
			for _, e := range fuelportal.NotificationEvents(u.Role) {
				settings.Events = append(settings.Events, fuelportal.NotificationPreference{Event: e, Email: true, InApp: true})
			}
			if _, err := db.SaveNotificationSettings(ctx, u.ID, u.Role, settings); err != nil {
				t.Fatal(err)
			}
			members[role] = u
		}
		mails := func(to string) (n int) {
			if err := db.InTx(ctx, func(tx *store.Tx) error {
				return tx.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE to_address = ?`, to).Scan(&n)
			}); err != nil {
				t.Fatal(err)
			}
			return n
		}
		for typ, route := range fuelportal.EventRoutes {
			if route.Alert == "" {
				continue
			}
			clock.Advance(2 * fuelportal.MailDigestWindow)
			before := map[fuelportal.MemberRole]int{}
			for role, u := range members {
				before[role] = mails(u.Email)
			}
			if err := db.Publish(ctx, fullEvent(typ, f)); err != nil {
				t.Fatal(err)
			}
			for role, u := range members {
				want := 0
				if slices.Contains(route.OfficeAudience(), role) {
					want = 1
				}
				if got := mails(u.Email) - before[role]; got != want {
					t.Errorf("%s: the %s got %d mails, want %d", typ, role, got, want)
				}
			}
		}
		if !slices.Contains(fuelportal.EventRoutes[fuelportal.EventTransactionDeclined].OfficeAudience(), fuelportal.MemberDispatcher) ||
			!slices.Contains(fuelportal.EventRoutes[fuelportal.EventWalletLow].OfficeAudience(), fuelportal.MemberBookkeeper) ||
			slices.Contains(fuelportal.EventRoutes[fuelportal.EventWalletLow].OfficeAudience(), fuelportal.MemberDispatcher) {
			t.Error("the audiences of declines and a low wallet changed")
		}
	})
}
