package fuelportal

import "testing"

// Every event type has a route, every route's alert and webhook are known,
// and every kind of repeatable mail (an alert kind, a user's notice) has
// its digest sentence in both languages.
func TestEventRoutes_CoverEveryKindWithADigest(t *testing.T) {
	webhooks := map[WebhookEventType]bool{}
	alerts := map[AlertKind]bool{}
	for typ, r := range EventRoutes {
		if r.Webhook != "" {
			if !r.Webhook.Valid() || webhooks[r.Webhook] {
				t.Errorf("%s: webhook %q unknown or routed twice", typ, r.Webhook)
			}
			webhooks[r.Webhook] = true
		}
		if r.Alert != "" {
			alerts[r.Alert] = true
		}
		if (r.OwnersPush || r.User) && r.Preference == "" {
			t.Errorf("%s: pushes without a preference", typ)
		}
	}
	for _, w := range WebhookEventTypes {
		if !webhooks[w] {
			t.Errorf("webhook %s has no event", w)
		}
	}
	kinds := []string{}
	for _, k := range AlertKinds {
		if !alerts[k] {
			t.Errorf("alert kind %s has no event", k)
		}
		kinds = append(kinds, string(k))
	}
	for _, e := range NotificationEvents(RoleUser) {
		kinds = append(kinds, string(e))
	}
	for _, lang := range []Language{LanguageEnglish, LanguageSpanish} {
		for _, k := range kinds {
			s, ok := textsIn(lang).digest.Kinds[k]
			if !ok || s.One == "" || s.Other == "" {
				t.Errorf("%s: no digest sentence for %s", lang, k)
			}
		}
	}
}
