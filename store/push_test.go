package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/accounts"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestPushSubscriptions_UpsertAndOwnership(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		_, owner, card := storetest.NewCompanyWithCard(t, db, "owner@push.test", "7071000000000000001")
		_, other, _ := storetest.NewCompanyWithCard(t, db, "other@push.test", "7071000000000000002")
		driver := &fuelportal.User{Email: "driver@push.test", PasswordHash: "h"}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, card.CardNumber, fuelportal.SignUpCardOf("Acme Trucking")); err != nil {
			t.Fatal(err)
		}

		first := storetest.SavePush(t, db, owner.ID, "https://push.example/a")
		again := &fuelportal.PushSubscription{UserID: owner.ID, Endpoint: "https://push.example/a", P256DH: "BNew", Auth: "new"}
		if err := db.SavePushSubscription(ctx, again); err != nil || again.ID != first.ID {
			t.Fatalf("saving again: id %d (first %d), %v", again.ID, first.ID, err)
		}
		if subs, _ := db.PushSubscriptions(ctx, owner.ID); len(subs) != 1 || subs[0].P256DH != "BNew" || subs[0].Auth != "new" {
			t.Fatalf("keys not updated: %+v", subs)
		}

		// Another user cannot delete it.
		if err := db.DeletePushSubscription(ctx, other.ID, "https://push.example/a"); err != nil {
			t.Fatal(err)
		}
		if subs, _ := db.PushSubscriptions(ctx, owner.ID); len(subs) != 1 {
			t.Fatal("another user deleted the subscription")
		}

		// Recipients: a user named twice and as an owner gets one message per
		// subscription; another company's owner none.
		storetest.SavePush(t, db, driver.ID, "https://push.example/driver")
		storetest.SavePush(t, db, other.ID, "https://push.example/other")
		queued, err := db.EnqueuePush(ctx, fuelportal.PushRecipients{UserIDs: []int64{driver.ID, owner.ID, owner.ID, 0}, OwnersOf: owner.CompanyID},
			fuelportal.PushNotification{Title: "t", Body: "b"})
		if err != nil || queued != 2 {
			t.Fatalf("queued %d, %v; want 2", queued, err)
		}
		if n, _ := db.EnqueuePush(ctx, fuelportal.PushRecipients{}, fuelportal.PushNotification{Title: "t"}); n != 0 {
			t.Fatalf("no recipients queued %d", n)
		}

		// Another user posting the endpoint does not take it: ECONFLICT, the
		// subscription, its keys and its queued message stay the first user's.
		taken := &fuelportal.PushSubscription{UserID: other.ID, Endpoint: "https://push.example/a", P256DH: "BThief", Auth: "thief"}
		if err := db.SavePushSubscription(ctx, taken); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("another user's endpoint: %v, want ECONFLICT", err)
		}
		if subs, _ := db.PushSubscriptions(ctx, owner.ID); len(subs) != 1 || subs[0].P256DH != "BNew" {
			t.Fatalf("the subscription moved or changed: %+v", subs)
		}
		if msgs, _ := db.PushMessagesFor(ctx, owner.ID); len(msgs) != 1 {
			t.Fatalf("the owner's queued messages: %+v", msgs)
		}
		if subs, _ := db.PushSubscriptions(ctx, other.ID); len(subs) != 1 {
			t.Fatalf("other's subscriptions %+v", subs)
		}

		// The user's own delete removes it and its messages.
		if err := db.DeletePushSubscription(ctx, driver.ID, "https://push.example/driver"); err != nil {
			t.Fatal(err)
		}
		if msgs, _ := db.PushMessagesFor(ctx, driver.ID); len(msgs) != 0 {
			t.Fatalf("messages outlived their subscription: %+v", msgs)
		}

		// At most MaxPushSubscriptionsPerUser: the oldest goes.
		for i := range store.MaxPushSubscriptionsPerUser + 1 {
			clock.Advance(time.Second)
			storetest.SavePush(t, db, driver.ID, fmt.Sprintf("https://push.example/d%d", i))
		}
		subs, _ := db.PushSubscriptions(ctx, driver.ID)
		if len(subs) != store.MaxPushSubscriptionsPerUser || subs[0].Endpoint != "https://push.example/d1" {
			t.Fatalf("%d subscriptions, oldest %s", len(subs), subs[0].Endpoint)
		}
	})
}

// TestPushMessages_QueuedBounded: whatever a flow passes, a push is queued
// with its texts bounded (PushNotification.Bounded), by the event
// dispatcher and by Tx.EnqueuePush alike.
func TestPushMessages_QueuedBounded(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@bound.test", "7071000000000000001")
		storetest.SavePush(t, db, owner.ID, "https://push.example/bound")
		long := strings.Repeat("x", 5000)
		if _, err := db.EnqueuePush(ctx, fuelportal.PushRecipients{UserIDs: []int64{owner.ID}},
			fuelportal.PushNotification{Title: long, Body: long, Tag: long, URL: "https://evil.example/"}); err != nil {
			t.Fatal(err)
		}
		notice := fuelportal.WalletLowNotice(company.ID, 100, 500)
		notice.Tag, notice.URL = long, "//evil.example/"
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{OwnersOf: company.ID}, notice); err != nil {
			t.Fatal(err)
		}
		pushes := storetest.PushPayloads(t, db, owner.ID)
		if len(pushes) != 2 {
			t.Fatalf("pushes = %+v, want 2", pushes)
		}
		for _, p := range pushes {
			if len([]rune(p.Title)) > fuelportal.MaxPushTitleLength || len([]rune(p.Body)) > fuelportal.MaxPushBodyLength ||
				len([]rune(p.Tag)) != fuelportal.MaxPushTagLength || p.URL != "/" {
				t.Fatalf("queued unbounded: title %d, body %d, tag %d characters, URL %q", len([]rune(p.Title)), len([]rune(p.Body)), len([]rune(p.Tag)), p.URL)
			}
		}
	})
}

func TestPushMessages_FinishedAreDeletedADayLater(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		_, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@push.test", "7071000000000000001")
		sub := storetest.SavePush(t, db, owner.ID, "https://push.example/a")
		for range 3 {
			if _, err := db.EnqueuePush(ctx, fuelportal.PushRecipients{UserIDs: []int64{owner.ID}}, fuelportal.PushNotification{Title: "t"}); err != nil {
				t.Fatal(err)
			}
		}
		claimed, err := db.ClaimPushMessages(ctx, time.Minute, 2)
		if err != nil || len(claimed) != 2 {
			t.Fatalf("claimed %d, %v", len(claimed), err)
		}
		_ = db.MarkPushSent(ctx, claimed[0].ID, sub.ID)
		_ = db.MarkPushFailed(ctx, claimed[1].ID, "gave up", 0)
		clock.Advance(25 * time.Hour)
		if err := db.DeleteExpired(ctx); err != nil {
			t.Fatal(err)
		}
		msgs, _ := db.PushMessagesFor(ctx, owner.ID)
		if len(msgs) != 1 || msgs[0].Status != fuelportal.PushPending {
			t.Fatalf("left %+v, want the pending one", msgs)
		}
	})
}

// An approved override's push tells the driver its end on the company's
// clock with the zone's name ("CST"), after the event's payload was
// stored and read back, not a bare offset ("-0600").
func TestOverrideApprovedPush_NamesTheZone(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		driver := &fuelportal.User{Email: "dan@example.com", PasswordHash: "h", FirstName: "Dan", LastName: "Driver", DriverStatus: fuelportal.DriverApproved}
		if err := accounts.New(accounts.Deps{Store: db}).AddDriver(ctx, driver, f.Active.CardNumber, fuelportal.SignUpCardOf(f.Company.Name)); err != nil {
			t.Fatal(err)
		}
		storetest.SavePush(t, db, driver.ID, "https://push.example.test/dan")
		chicago, err := time.LoadLocation("America/Chicago")
		if err != nil {
			t.Fatal(err)
		}
		until := time.Date(2026, 12, 9, 20, 3, 0, 0, time.UTC)
		r := &fuelportal.OverrideRequest{ID: 5, CompanyID: f.Company.ID, CardNumber: f.Active.CardNumber, Status: fuelportal.OverrideApproved, OverrideUntil: &until}
		if err := storetest.Notify(t, db, fuelportal.PushRecipients{UserIDs: []int64{driver.ID}}, fuelportal.OverrideDecidedNotice(r, chicago)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DispatchEvents(ctx); err != nil {
			t.Fatal(err)
		}
		pushes := storetest.PushPayloads(t, db, driver.ID)
		want := "Card ending " + fuelportal.Last4(f.Active.CardNumber) + " may buy fuel until Dec 9, 2026 2:03 PM CST."
		if len(pushes) != 1 || pushes[0].Body != want {
			t.Fatalf("pushes = %+v, want one saying %q", pushes, want)
		}
	})
}
