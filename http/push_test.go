package http_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
	"fuelportal/push"
)

// A browser's subscription as pushManager.subscribe gives it (keys are
// shaped like real ones; the endpoints are never posted to here).
func pushSubscription(endpoint string) map[string]any {
	return map[string]any{"endpoint": endpoint, "expirationTime": nil, "keys": map[string]string{
		"p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
		"auth":   "tBHItJI5svbpez7KI4CCXg",
	}}
}

func TestPushSubscriptions(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		ctx := context.Background()
		driver, _ := f.db.UserByEmail(ctx, demo.DriverEmail)
		keys, err := push.LoadKeys(ctx, f.db, push.Keys{})
		if err != nil {
			t.Fatal(err)
		}

		t.Run("public key needs a sign-in and is 503 when not configured", func(t *testing.T) {
			f.api.Get("/api/push/public-key", "").ExpectStatus(t, 401)
			f.api.Get("/api/push/public-key", f.driver).ExpectStatus(t, 503)
			f.srv.PushKeys = keys
			var got struct{ PublicKey string }
			f.api.Get("/api/push/public-key", f.driver).ExpectStatus(t, 200).Decode(t, &got)
			if got.PublicKey != keys.Public {
				t.Fatalf("public key %q, want %q", got.PublicKey, keys.Public)
			}
		})

		endpoint := "https://fcm.googleapis.com/fcm/send/driver-phone"
		t.Run("a driver subscribes, twice is one subscription", func(t *testing.T) {
			f.api.Post("/api/push/subscriptions", pushSubscription(endpoint), f.driver).ExpectStatus(t, 204)
			f.api.Post("/api/push/subscriptions", pushSubscription(endpoint), f.driver).ExpectStatus(t, 204)
			if subs, _ := f.db.PushSubscriptions(ctx, driver.ID); len(subs) != 1 || subs[0].Endpoint != endpoint {
				t.Fatalf("subscriptions = %+v", subs)
			}
		})

		t.Run("bad subscriptions are field errors", func(t *testing.T) {
			tests := map[string]struct {
				body  any
				field string
			}{
				"http endpoint":      {pushSubscription("http://fcm.googleapis.com/x"), "endpoint"},
				"loopback endpoint":  {pushSubscription("https://127.0.0.1/x"), "endpoint"},
				"metadata endpoint":  {pushSubscription("https://169.254.169.254/x"), "endpoint"},
				"private name":       {pushSubscription("https://push.internal/x"), "endpoint"},
				"6to4 of a private":  {pushSubscription("https://[2002:a00:1::]/x"), "endpoint"},
				"NAT64 of a private": {pushSubscription("https://[64:ff9b:1::a00:1]/x"), "endpoint"},
				"credentials":        {pushSubscription("https://user:pw@fcm.googleapis.com/x"), "endpoint"},
				"missing endpoint":   {pushSubscription(""), "endpoint"},
				"too long endpoint":  {pushSubscription("https://fcm.googleapis.com/" + strings.Repeat("a", 2048)), "endpoint"},
				"missing keys":       {map[string]any{"endpoint": endpoint}, "keys.p256dh"},
				"key not base64url":  {map[string]any{"endpoint": endpoint, "keys": map[string]string{"p256dh": "a b", "auth": "x"}}, "keys.p256dh"},
				"key too long":       {map[string]any{"endpoint": endpoint, "keys": map[string]string{"p256dh": strings.Repeat("A", 129), "auth": "x"}}, "keys.p256dh"},
				"control characters": {map[string]any{"endpoint": "https://fcm.googleapis.com/\u0001", "keys": map[string]string{"p256dh": "A", "auth": "x"}}, "endpoint"},
			}
			for name, tt := range tests {
				t.Run(name, func(t *testing.T) {
					fields := f.api.Do(apitest.Request{Method: "POST", Path: "/api/push/subscriptions", Body: tt.body, Token: f.driver, BreaksContract: true}).
						ExpectStatus(t, 400).FieldErrors(t)
					if len(fields[tt.field]) == 0 {
						t.Fatalf("fields = %v, want %s", fields, tt.field)
					}
				})
			}
			f.api.Do(apitest.Request{Method: "POST", Path: "/api/push/subscriptions", Body: `[1]`, Token: f.driver, BreaksContract: true}).ExpectStatus(t, 400)
		})

		t.Run("another user posting the driver's endpoint gets 409, the subscription stays the driver's", func(t *testing.T) {
			for _, token := range []string{f.owner, f.other} {
				res := f.api.Post("/api/push/subscriptions", pushSubscription(endpoint), token).ExpectStatus(t, 409)
				if res.ErrorMessage(t) != fuelportal.MsgPushEndpointTaken {
					t.Fatalf("message %q", res.ErrorMessage(t))
				}
			}
			if subs, _ := f.db.PushSubscriptions(ctx, driver.ID); len(subs) != 1 || subs[0].Endpoint != endpoint {
				t.Fatalf("the driver's subscriptions = %+v", subs)
			}
		})

		t.Run("another company's owner cannot delete the driver's subscription", func(t *testing.T) {
			f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/push/subscriptions", Body: map[string]string{"endpoint": endpoint}, Token: f.other}).ExpectStatus(t, 204)
			f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/push/subscriptions", Body: map[string]string{"endpoint": endpoint}, Token: f.owner}).ExpectStatus(t, 204)
			if subs, _ := f.db.PushSubscriptions(ctx, driver.ID); len(subs) != 1 {
				t.Fatalf("the driver's subscription went: %+v", subs)
			}
			f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/push/subscriptions", Body: map[string]string{}, Token: f.driver, BreaksContract: true}).ExpectStatus(t, 400)
		})

		t.Run("a declined purchase notifies the card's driver and the owners, no one else", func(t *testing.T) {
			owner, _ := f.db.UserByEmail(ctx, demo.OwnerEmail)
			other, _ := f.db.UserByEmail(ctx, demo.OtherOwnerEmail)
			f.api.Post("/api/push/subscriptions", pushSubscription("https://web.push.apple.com/owner-laptop"), f.owner).ExpectStatus(t, 204)
			f.api.Post("/api/push/subscriptions", pushSubscription("https://updates.push.services.mozilla.com/other"), f.other).ExpectStatus(t, 204)

			f.postPurchase("PUSH-OK", f.driverCard, "10").ExpectStatus(t, 201)
			if msgs, _ := f.db.PushMessagesFor(ctx, driver.ID); len(msgs) != 0 {
				t.Fatalf("an approved purchase notified: %+v", msgs)
			}

			plan := demo.CardPlans[demo.DemoFreight.Name][0]
			f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
				"driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "INACTIVE"}, f.owner).ExpectStatus(t, 200)
			var res networkResult
			f.postPurchase("PUSH-DECLINED", f.driverCard, "10").ExpectStatus(t, 201).Decode(t, &res)
			if res.Status != "DECLINED" {
				t.Fatalf("purchase %+v", res)
			}
			// The driver heard of the deactivation first, then of the decline;
			// the owner of the decline only.
			for _, want := range []struct {
				u      *fuelportal.User
				titles []string
			}{{driver, []string{"Card deactivated", "Purchase declined"}}, {owner, []string{"Purchase declined"}}} {
				msgs, err := f.db.PushMessagesFor(ctx, want.u.ID)
				if err != nil || len(msgs) != len(want.titles) {
					t.Fatalf("%s: %d messages, %v", want.u.Email, len(msgs), err)
				}
				for i, msg := range msgs {
					var n fuelportal.PushNotification
					_ = jsonUnmarshal(msg.Payload, &n)
					if n.Title != want.titles[i] || msg.Status != fuelportal.PushPending {
						t.Fatalf("%s: notification %d %+v (%s)", want.u.Email, i, n, msg.Status)
					}
					if n.Title == "Purchase declined" && (!strings.Contains(n.Body, "Card is inactive") || !strings.Contains(n.Body, fuelportal.Last4(f.driverCard)) ||
						n.URL != "/transactions/"+itoa(res.TransactionID)) {
						t.Fatalf("%s: notification %+v", want.u.Email, n)
					}
				}
			}
			if msgs, _ := f.db.PushMessagesFor(ctx, other.ID); len(msgs) != 0 {
				t.Fatalf("another company's owner was notified: %+v", msgs)
			}
		})
	})
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
