package http_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/netguard"
	"fuelportal/store"
)

// cardUpdatedEvent is an issuing_card.updated event of card ic with
// shipping (nil: a card that is not shipped), id making it unique.
func cardUpdatedEvent(id, ic string, shipping map[string]any) []byte {
	card := map[string]any{"id": ic, "object": "issuing.card", "type": "physical", "status": "active", "shipping": shipping}
	b := issuingEvent("issuing_card.updated", card)
	return []byte(strings.Replace(string(b), `"id":"evt_`+ic, `"id":"evt_`+id+ic, 1))
}

type shippedCard struct {
	CardNumber string
	Shipping   *struct {
		Status                               string
		Carrier, TrackingNumber, TrackingURL *string
		ETA                                  *string
	}
}

func (f *issuingFixture) shippedCard(t *testing.T, token, number string) *shippedCard {
	t.Helper()
	var list struct{ Value []shippedCard }
	f.api.Get("/api/wex/company/get-cards", token).ExpectStatus(t, 200).Decode(t, &list)
	for i := range list.Value {
		if list.Value[i].CardNumber == number {
			return &list.Value[i]
		}
	}
	return nil
}

func TestCardShipping_IssuingCardUpdatedEventsMoveTheShipmentForward(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		if c := f.shippedCard(t, f.owner, f.card); c == nil || c.Shipping != nil {
			t.Fatalf("a card with no shipment: %+v", c)
		}
		eta := time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC)
		shipped := map[string]any{"status": "shipped", "carrier": "usps", "tracking_number": "9400 1000 0000 0000 0000 00",
			"tracking_url": "https://tools.usps.com/go/TrackConfirmAction?tLabels=94001", "eta": eta.Unix(), "name": "Ann Lee", "type": "individual"}
		f.post(t, cardUpdatedEvent("1", "ic_demo", shipped), issuingSecret).ExpectStatus(t, 200)
		c := f.shippedCard(t, f.owner, f.card)
		if c == nil || c.Shipping == nil || c.Shipping.Status != "shipped" || c.Shipping.Carrier == nil || *c.Shipping.Carrier != "usps" ||
			c.Shipping.TrackingURL == nil || !strings.HasPrefix(*c.Shipping.TrackingURL, "https://tools.usps.com/") ||
			c.Shipping.ETA == nil || !strings.HasPrefix(*c.Shipping.ETA, "2026-12-09T00:00:00") {
			t.Fatalf("after shipped: %+v", c.Shipping)
		}

		// An older event delivered late never moves the shipment back.
		f.post(t, cardUpdatedEvent("2", "ic_demo", map[string]any{"status": "pending"}), issuingSecret).ExpectStatus(t, 200)
		if c := f.shippedCard(t, f.owner, f.card); c.Shipping.Status != "shipped" {
			t.Fatalf("a late pending moved it back: %+v", c.Shipping)
		}
		// A status the portal does not know, a card it does not have, a card not shipped: answered, nothing recorded.
		f.post(t, cardUpdatedEvent("3", "ic_demo", map[string]any{"status": "lost_in_space"}), issuingSecret).ExpectStatus(t, 200)
		f.post(t, cardUpdatedEvent("4", "ic_nobody", map[string]any{"status": "delivered"}), issuingSecret).ExpectStatus(t, 200)
		f.post(t, cardUpdatedEvent("5", "ic_demo", nil), issuingSecret).ExpectStatus(t, 200)
		if c := f.shippedCard(t, f.owner, f.card); c.Shipping.Status != "shipped" {
			t.Fatalf("after ignored events: %+v", c.Shipping)
		}

		// Hostile values: a tracking link that is not http(s) is dropped; text past its bounds is a 400.
		f.post(t, cardUpdatedEvent("6", "ic_demo", map[string]any{"status": "returned", "tracking_url": "javascript:alert(1)"}), issuingSecret).ExpectStatus(t, 200)
		c = f.shippedCard(t, f.owner, f.card)
		if c.Shipping.Status != "returned" || c.Shipping.TrackingURL != nil || c.Shipping.Carrier != nil {
			t.Fatalf("after returned: %+v", c.Shipping)
		}
		f.post(t, cardUpdatedEvent("7", "ic_demo", map[string]any{"status": "delivered", "tracking_number": strings.Repeat("9", 300)}), issuingSecret).ExpectStatus(t, 400)
		f.post(t, cardUpdatedEvent("8", "ic_demo", map[string]any{"status": "delivered", "eta": 99999999999}), issuingSecret).ExpectStatus(t, 400)
		f.post(t, cardUpdatedEvent("9", "ic_demo", map[string]any{"status": "delivered"}), "whsec_wrong").ExpectStatus(t, 400)
		if c := f.shippedCard(t, f.owner, f.card); c.Shipping.Status != "returned" {
			t.Fatalf("a refused event recorded: %+v", c.Shipping)
		}

		// Each company sees its own cards' shipments only.
		if c := f.shippedCard(t, f.other, f.card); c != nil {
			t.Fatalf("another company sees the card: %+v", c)
		}
		var otherList struct{ Value []shippedCard }
		f.api.Get("/api/wex/company/get-cards", f.other).ExpectStatus(t, 200).Decode(t, &otherList)
		for _, c := range otherList.Value {
			if c.Shipping != nil {
				t.Fatalf("another company's card has a shipment: %+v", c)
			}
		}
	})
}

type shippingAlert struct {
	Kind, Message, CardNumber string
}

// shippingAlerts returns the CARD_SHIPPING alerts the caller of token
// sees, newest first.
func (f *issuingFixture) shippingAlerts(t *testing.T, token string) []shippingAlert {
	t.Helper()
	var page struct{ Content []shippingAlert }
	f.api.Get("/api/wex/company/alerts?kind=CARD_SHIPPING&size=100", token).ExpectStatus(t, 200).Decode(t, &page)
	return page.Content
}

// shippingDeliveries returns the companies of the card.shipping webhook
// deliveries with the status each carries, oldest first.
func (f *issuingFixture) shippingDeliveries(t *testing.T) (companies []int64, statuses []string) {
	t.Helper()
	ctx := context.Background()
	err := f.db.InReadTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.Query(ctx, `SELECT company_id, payload FROM webhook_deliveries WHERE event_type = 'card.shipping' ORDER BY id`)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var company int64
			var payload string
			if err := rows.Scan(&company, &payload); err != nil {
				return err
			}
			var p struct {
				Data struct{ CardNumber, Status string }
			}
			if err := json.Unmarshal([]byte(payload), &p); err != nil {
				return err
			}
			companies, statuses = append(companies, company), append(statuses, p.Data.Status)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return companies, statuses
}

func TestCardShipping_ANewStatusAlertsItsCompanysOwnersAndWebhooksOnly(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		f.srv.OutgoingPolicy = netguard.Policy{AllowPrivate: true}
		events := []string{"card.shipping"}
		f.api.Post("/api/wex/company/webhooks", map[string]any{"url": "http://127.0.0.1:9/demo", "events": events}, f.owner).ExpectStatus(t, 201)
		f.api.Post("/api/wex/company/webhooks", map[string]any{"url": "http://127.0.0.1:9/other", "events": events}, f.other).ExpectStatus(t, 201)

		// Being made: the webhook hears of it, the owners are not told.
		f.post(t, cardUpdatedEvent("1", "ic_demo", map[string]any{"status": "pending"}), issuingSecret).ExpectStatus(t, 200)
		if got := f.shippingAlerts(t, f.owner); len(got) != 0 {
			t.Fatalf("alerts of a card being made: %+v", got)
		}
		shipped := map[string]any{"status": "shipped", "carrier": "usps", "tracking_number": "9400 1000"}
		f.post(t, cardUpdatedEvent("2", "ic_demo", shipped), issuingSecret).ExpectStatus(t, 200)
		// The same status again (a new estimate) and a late older one: no news.
		shipped["eta"] = time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC).Unix()
		f.post(t, cardUpdatedEvent("3", "ic_demo", shipped), issuingSecret).ExpectStatus(t, 200)
		f.post(t, cardUpdatedEvent("4", "ic_demo", map[string]any{"status": "submitted"}), issuingSecret).ExpectStatus(t, 200)
		f.post(t, cardUpdatedEvent("5", "ic_demo", map[string]any{"status": "returned"}), issuingSecret).ExpectStatus(t, 200)

		got := f.shippingAlerts(t, f.owner)
		last4 := f.card[len(f.card)-4:]
		if len(got) != 2 || !strings.HasPrefix(got[0].Message, "Card not delivered: ") || !strings.HasPrefix(got[1].Message, "Card shipped: ") ||
			!strings.Contains(got[1].Message, "ending "+last4) || got[0].CardNumber != f.card {
			t.Fatalf("owner's alerts = %+v", got)
		}
		subject := fuelportal.AlertMailSubject(fuelportal.AlertCardShipping, fuelportal.LanguageEnglish)
		for to, want := range map[string]bool{demo.OwnerEmail: true, demo.OtherOwnerEmail: false} {
			msgs, err := f.db.OutboxMessages(context.Background(), to, 100)
			if err != nil {
				t.Fatal(err)
			}
			mailed := slices.ContainsFunc(msgs, func(m *fuelportal.MailMessage) bool { return m.Subject == subject })
			if mailed != want {
				t.Fatalf("shipment mail to %s: %v, want %v", to, mailed, want)
			}
		}

		// Another company hears nothing of the card, and its own card's news stays its own.
		if got := f.shippingAlerts(t, f.other); len(got) != 0 {
			t.Fatalf("another company's alerts = %+v", got)
		}
		f.post(t, cardUpdatedEvent("6", "ic_other", map[string]any{"status": "delivered"}), issuingSecret).ExpectStatus(t, 200)
		if got := f.shippingAlerts(t, f.other); len(got) != 1 || !strings.HasPrefix(got[0].Message, "Card delivered: ") {
			t.Fatalf("the other company's alerts = %+v", got)
		}
		if got := f.shippingAlerts(t, f.owner); len(got) != 2 {
			t.Fatalf("owner's alerts after the other company's news = %+v", got)
		}
		companies, statuses := f.shippingDeliveries(t)
		want := []int64{f.company, f.company, f.company, f.otherID}
		if !slices.Equal(companies, want) || !slices.Equal(statuses, []string{"pending", "shipped", "returned", "delivered"}) {
			t.Fatalf("deliveries = %v %v, want %v", companies, statuses, want)
		}
	})
}

type shippingNotice struct {
	Event, Title, Body, URL string
}

// shippingNotices returns the card.shipping notices of the caller of
// token, newest first.
func (f *issuingFixture) shippingNotices(t *testing.T, token string) []shippingNotice {
	t.Helper()
	var page struct{ Content []shippingNotice }
	f.api.Get("/api/notifications?size=100", token).ExpectStatus(t, 200).Decode(t, &page)
	return slices.DeleteFunc(page.Content, func(n shippingNotice) bool { return n.Event != "card.shipping" })
}

func TestCardShipping_TheCardsHolderIsToldInTheirLanguageAndNoOneElse(t *testing.T) {
	eachEngine(t, func(t *testing.T, engine store.Engine) {
		f := newIssuingFixture(t, engine)
		driver := f.api.Login(demo.DriverEmail, demo.Password).Token
		ctx := context.Background()
		var holder int64
		var held string
		err := f.db.InTx(ctx, func(tx *store.Tx) error {
			err := tx.QueryRow(ctx, `SELECT u.id, c.card_number FROM users u JOIN cards c ON c.driver_user_id = u.id WHERE u.email = ?`, demo.DriverEmail).Scan(&holder, &held)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE cards SET issuer = 'stripe', issuer_card_id = 'ic_held' WHERE card_number = ?`, held); err != nil {
				return err
			}
			_, err = tx.Exec(ctx, `UPDATE users SET language = 'es' WHERE id = ?`, holder)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		last4 := held[len(held)-4:]

		// Being made: nothing to tell. Shipped: the holder reads it in Spanish, with the expected day.
		f.post(t, cardUpdatedEvent("1", "ic_held", map[string]any{"status": "submitted"}), issuingSecret).ExpectStatus(t, 200)
		if got := f.shippingNotices(t, driver); len(got) != 0 {
			t.Fatalf("notices of a card being made: %+v", got)
		}
		eta := time.Date(2026, 12, 9, 0, 0, 0, 0, time.UTC)
		f.post(t, cardUpdatedEvent("2", "ic_held", map[string]any{"status": "shipped", "carrier": "ups", "tracking_number": "1Z999", "eta": eta.Unix()}),
			issuingSecret).ExpectStatus(t, 200)
		got := f.shippingNotices(t, driver)
		if len(got) != 1 || got[0].Title != "Su tarjeta de combustible fue enviada" || !strings.Contains(got[0].Body, "terminada en "+last4) ||
			!strings.Contains(got[0].Body, "llegada prevista: 9 dic 2026") || got[0].URL != "/dashboard" {
			t.Fatalf("the holder's notices after shipped: %+v", got)
		}
		// The driver's card screen shows the shipment on its way.
		var card struct {
			Shipping *struct {
				Status  string
				Carrier *string
				ETA     *string
			}
		}
		f.api.Get("/api/wex/card", driver).ExpectStatus(t, 200).Decode(t, &card)
		if card.Shipping == nil || card.Shipping.Status != "shipped" || card.Shipping.Carrier == nil || *card.Shipping.Carrier != "ups" ||
			card.Shipping.ETA == nil || !strings.HasPrefix(*card.Shipping.ETA, "2026-12-09") {
			t.Fatalf("the driver's card shipment: %+v", card.Shipping)
		}

		// Delivered, now in English.
		if err := f.db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Exec(ctx, `UPDATE users SET language = 'en' WHERE id = ?`, holder)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		f.post(t, cardUpdatedEvent("3", "ic_held", map[string]any{"status": "delivered"}), issuingSecret).ExpectStatus(t, 200)
		if got := f.shippingNotices(t, driver); len(got) != 2 || got[0].Title != "Your fuel card has arrived" || !strings.Contains(got[0].Body, "ending "+last4) {
			t.Fatalf("the holder's notices after delivered: %+v", got)
		}

		// News of the other company's card (no driver holds it) and of a card
		// of this company the driver does not hold: the holder hears nothing
		// more, and no one else, of either company, hears anything.
		f.post(t, cardUpdatedEvent("4", "ic_other", map[string]any{"status": "shipped"}), issuingSecret).ExpectStatus(t, 200)
		if f.card != held {
			f.post(t, cardUpdatedEvent("5", "ic_demo", map[string]any{"status": "shipped"}), issuingSecret).ExpectStatus(t, 200)
		}
		if got := f.shippingNotices(t, driver); len(got) != 2 {
			t.Fatalf("the holder's notices after others' news: %+v", got)
		}
		var told []int64
		err = f.db.InReadTx(ctx, func(tx *store.Tx) error {
			rows, err := tx.Query(ctx, `SELECT user_id FROM notifications WHERE event = 'card.shipping' ORDER BY id`)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					return err
				}
				told = append(told, id)
			}
			return rows.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(told, []int64{holder, holder}) {
			t.Fatalf("card.shipping notices went to users %v, want the holder %d twice", told, holder)
		}
		if msgs, err := f.db.OutboxMessages(ctx, demo.OtherOwnerEmail, 100); err != nil {
			t.Fatal(err)
		} else if slices.ContainsFunc(msgs, func(m *fuelportal.MailMessage) bool { return strings.Contains(m.Body, last4) }) {
			t.Fatalf("the other company's owner was mailed of the held card: %+v", msgs)
		}
	})
}
