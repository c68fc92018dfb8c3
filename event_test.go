package fuelportal

import (
	"testing"
	"time"
)

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

func TestPlanMail(t *testing.T) {
	now := time.Date(2026, 12, 6, 15, 0, 0, 0, time.UTC)
	quietEnd := now.Add(2 * time.Hour)
	tests := []struct {
		name      string
		last      *LastMail
		notBefore time.Time
		want      MailPlan
	}{
		{"the first mail goes at once", nil, time.Time{}, MailPlan{}},
		{"the first mail in quiet hours waits for their end", nil, quietEnd, MailPlan{SendAfter: quietEnd}},
		{"a mail an hour after the last goes at once", &LastMail{Due: now.Add(-time.Hour), Sent: true}, time.Time{}, MailPlan{}},
		{"a repeat within the hour starts a digest held to the hour's end",
			&LastMail{Due: now.Add(-10 * time.Minute), Sent: true}, time.Time{}, MailPlan{Digest: true, SendAfter: now.Add(50 * time.Minute)}},
		{"a repeat while a mail is held joins it", &LastMail{Due: now.Add(20 * time.Minute)}, time.Time{}, MailPlan{Join: true}},
		{"a digest started in quiet hours waits for their end",
			&LastMail{Due: now.Add(-10 * time.Minute), Sent: true}, quietEnd, MailPlan{Digest: true, SendAfter: quietEnd}},
		{"a mail due but not yet sent gets a digest after it", &LastMail{Due: now.Add(-time.Minute)}, time.Time{},
			MailPlan{Digest: true, SendAfter: now.Add(59 * time.Minute)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PlanMail(tt.last, now, tt.notBefore); got != tt.want {
				t.Fatalf("PlanMail = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestMemberRole_HearsTheNoticesOfItsRole(t *testing.T) {
	tests := []struct {
		role  MemberRole
		hears []NotificationEvent
		not   []NotificationEvent
	}{
		{MemberOwner, []NotificationEvent{NotifyPurchaseDeclined, NotifyOverrideRequested, NotifyWalletLow, NotifyDriverWaiting, NotifyIFTADue}, nil},
		{MemberAdmin, []NotificationEvent{NotifyPurchaseDeclined, NotifyWalletLow, NotifyIFTADue}, nil},
		{MemberDispatcher, []NotificationEvent{NotifyPurchaseDeclined, NotifyOverrideRequested, NotifyDriverWaiting}, []NotificationEvent{NotifyWalletLow, NotifyIFTADue}},
		{MemberBookkeeper, []NotificationEvent{NotifyWalletLow, NotifyIFTADue}, []NotificationEvent{NotifyPurchaseDeclined, NotifyOverrideRequested, NotifyDriverWaiting}},
		{MemberDriver, []NotificationEvent{NotifyPurchaseDeclined, NotifyOverrideDecided, NotifyTripReplanned}, nil},
	}
	for _, tt := range tests {
		for _, e := range tt.hears {
			if !tt.role.Hears(e) {
				t.Errorf("%s does not hear %s", tt.role, e)
			}
		}
		for _, e := range tt.not {
			if tt.role.Hears(e) {
				t.Errorf("%s hears %s", tt.role, e)
			}
		}
	}
}
