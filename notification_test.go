package fuelportal

import (
	"encoding/json"
	"testing"
	"time"
)

func TestQuietUntil_SpansMidnightOnTheCompanysClock(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Skip("no tz data")
	}
	q := &QuietHours{Start: "22:00", End: "07:00"}
	at := func(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, chicago) }
	for _, tt := range []struct {
		now   time.Time
		until time.Time
		quiet bool
	}{
		{at(27, 23, 30), at(28, 7, 0), true},
		{at(28, 6, 59), at(28, 7, 0), true},
		{at(28, 7, 0), time.Time{}, false},
		{at(27, 21, 59), time.Time{}, false},
		{at(27, 22, 0), at(28, 7, 0), true},
	} {
		until, quiet := q.QuietUntil(tt.now.UTC(), chicago)
		if quiet != tt.quiet || !until.Equal(tt.until) {
			t.Errorf("at %s: %s, %v; want %s, %v", tt.now, until, quiet, tt.until, tt.quiet)
		}
	}
	// Urgent events ignore quiet hours; a disabled channel sends nothing.
	now := at(27, 23, 0)
	if d := DecideDelivery(RoleUser, NotifyPurchaseDeclined, nil, q, now, chicago); !d.NotBefore.IsZero() || !d.Push {
		t.Errorf("urgent decline held: %+v", d)
	}
	if d := DecideDelivery(RoleUser, NotifyTripReplanned, &NotificationPreference{Event: NotifyTripReplanned, InApp: true}, q, now, chicago); d.Push || d.Email || !d.InApp || !d.NotBefore.Equal(at(28, 7, 0)) {
		t.Errorf("trip re-planned during quiet hours, push off: %+v", d)
	}
	if d := DecideDelivery(RoleUser, NotifyWalletLow, nil, nil, now, chicago); d.Push || d.Email || d.InApp {
		t.Errorf("a driver is told of an owner's event: %+v", d)
	}
}

func TestNotice_TextsInSpanish(t *testing.T) {
	n := DeclineNotice(&Transaction{ID: 3, CompanyID: 1, CardNumber: "7071000000000000042", LocationName: "Pilot #412", DeclineReason: "DAILY_LIMIT"})
	title, body := n.Texts(LanguageSpanish)
	if title != "Compra rechazada" || body != "Tarjeta terminada en 0042 en Pilot #412. Supera el límite diario." {
		t.Fatalf("es: %q / %q", title, body)
	}
	if title, _ := n.Texts(LanguageEnglish); title != "Purchase declined" {
		t.Fatalf("en title %q", title)
	}
	if m := n.Mail("d@example.com", LanguageSpanish); m.Subject != "Fuel Portal: Compra rechazada" {
		t.Fatalf("mail subject %q", m.Subject)
	}
}

// The days a notice names are written as the app writes a day alone in
// the reader's language (docs/product.md, Languages), in its push, its
// in-app text and its mail alike (all come from Texts).
func TestNotice_DaysInTheReadersLanguage(t *testing.T) {
	for _, tt := range []struct {
		n    Notice
		lang Language
		want string
	}{
		{IFTADueNotice(1, 2026, 4, "2027-01-31", 7), LanguageEnglish, "IFTA return due Jan 31, 2027: The 2026Q4 IFTA return is due on Jan 31, 2027 (days left: 7)."},
		{IFTADueNotice(1, 2026, 4, "2027-01-31", 7), LanguageSpanish, "Declaración IFTA vence el 31 ene 2027: La declaración IFTA de 2026Q4 vence el 31 ene 2027 (días restantes: 7)."},
		{StatementReadyNotice(1, 9, "2026-11-01", "2026-11-30"), LanguageEnglish, "Statement ready: Nov 1, 2026 to Nov 30, 2026: The statement of Nov 1, 2026 to Nov 30, 2026 is closed"},
		{StatementReadyNotice(1, 9, "2026-11-01", "2026-11-30"), LanguageSpanish, "Estado de cuenta listo: 1 nov 2026 a 30 nov 2026: El estado de cuenta del 1 nov 2026 al 30 nov 2026 está cerrado"},
	} {
		title, body := tt.n.Texts(tt.lang)
		if got := title + ": " + body; len(got) < len(tt.want) || got[:len(tt.want)] != tt.want {
			t.Errorf("%s %s: %q, want %q…", tt.n.Key, tt.lang, got, tt.want)
		}
		if m := tt.n.Mail("o@example.com", tt.lang); m.Subject != "Fuel Portal: "+title || m.Body[:len(body)] != body {
			t.Errorf("%s %s mail: %q / %q", tt.n.Key, tt.lang, m.Subject, m.Body)
		}
	}
}

func TestNotice_PushActionsInTheReadersLanguage(t *testing.T) {
	r := OverrideRequestedNotice(&OverrideRequest{ID: 5, CompanyID: 1, DriverName: "Dan", CardNumber: "7071000000000000042", DeclineCode: "DAILY_LIMIT"})
	for lang, want := range map[Language][2]string{LanguageEnglish: {"Grant 2 hours", "Deny"}, LanguageSpanish: {"Conceder 2 horas", "Rechazar"}} {
		p := r.Push(RoleCompany, lang)
		if len(p.Actions) != 2 || p.Actions[0].Title != want[0] || p.Actions[1].Title != want[1] ||
			p.Actions[0].URL != "/dashboard?overrideRequest=5&decision=grant" || p.Actions[1].Action != PushActionDeny {
			t.Errorf("%s: %+v", lang, p.Actions)
		}
		if d := r.Push(RoleUser, lang); len(d.Actions) != 0 {
			t.Errorf("%s: a driver is offered %+v", lang, d.Actions)
		}
	}
	d := DeclineNotice(&Transaction{ID: 3, CompanyID: 1, CardNumber: "7071000000000000042", LocationName: "Pilot", DeclineReason: "DAILY_LIMIT"})
	if p := d.Push(RoleUser, LanguageEnglish); len(p.Actions) != 1 || p.Actions[0].Title != "Request override" || p.Actions[0].URL != "/dashboard?requestOverride=3" {
		t.Errorf("driver's decline actions %+v", p.Actions)
	}
	if p := d.Push(RoleCompany, LanguageSpanish); len(p.Actions) != 0 {
		t.Errorf("owner's decline actions %+v", p.Actions)
	}
}

// A notice's moments keep their clock's zone name through JSON (the
// events' payloads, alerts.notice): an approved override read back still
// ends "2:03 PM CST", in July "CDT", not "-0600"; a moment stored as a
// bare timestamp (before zones were kept) reads at its offset; a fixed
// zone with a name keeps the name.
func TestNoticeTimes_KeepTheirZoneThroughJSON(t *testing.T) {
	chicago, err := time.LoadLocation("America/Chicago")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		at      time.Time
		english string
		spanish string
	}{
		{time.Date(2026, 12, 9, 14, 3, 0, 0, chicago), "Dec 9, 2026 2:03 PM CST", "9 dic 2026, 2:03 PM CST"},
		{time.Date(2026, 7, 9, 14, 3, 0, 0, chicago), "Jul 9, 2026 2:03 PM CDT", "9 jul 2026, 2:03 PM CDT"},
		{time.Date(2026, 7, 9, 14, 3, 0, 0, time.FixedZone("EST", -5*3600)), "Jul 9, 2026 2:03 PM EST", "9 jul 2026, 2:03 PM EST"},
		{time.Date(2026, 7, 9, 14, 3, 0, 0, time.UTC), "Jul 9, 2026 2:03 PM UTC", "9 jul 2026, 2:03 PM UTC"},
	} {
		until := c.at
		n := OverrideDecidedNotice(&OverrideRequest{Status: OverrideApproved, OverrideUntil: &until, CardNumber: "7071000000000000031"}, until.Location())
		raw, err := json.Marshal(n)
		if err != nil {
			t.Fatal(err)
		}
		var back Notice
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		if _, body := back.Texts(LanguageEnglish); body != "Card ending 0031 may buy fuel until "+c.english+"." {
			t.Errorf("English after JSON = %q, want …%s (stored %s)", body, c.english, raw)
		}
		if _, body := back.Texts(LanguageSpanish); body != "La tarjeta terminada en 0031 puede comprar combustible hasta "+c.spanish+"." {
			t.Errorf("Spanish after JSON = %q, want …%s", body, c.spanish)
		}
		if !back.Times["until"].Equal(until) {
			t.Errorf("moment after JSON = %s, want %s", back.Times["until"], until)
		}
	}
	var old Notice
	if err := json.Unmarshal([]byte(`{"Key":"overrideApproved","Params":{"card":"0031"},"Times":{"until":"2026-12-09T14:03:00-06:00"}}`), &old); err != nil {
		t.Fatal(err)
	}
	if _, body := old.Texts(LanguageEnglish); body != "Card ending 0031 may buy fuel until Dec 9, 2026 2:03 PM -0600." {
		t.Errorf("a moment stored before zones were kept reads %q", body)
	}
}
