package fuelportal

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestAlertMessages(t *testing.T) {
	if got := DeclineAlertMessage("Dan Driver", "7071000000000001234", "Pilot #412", DeclineCardInactive); got != "Purchase declined: Dan Driver, card ending 1234, at Pilot #412. Card is inactive." {
		t.Fatalf("decline = %q", got)
	}
	if got := DeclineAlertMessage(" ", "7071000000000001234", "Pilot #412", "SOME_NEW_CODE"); !strings.Contains(got, "Unnamed driver") || !strings.HasSuffix(got, "SOME_NEW_CODE.") {
		t.Fatalf("unnamed, unknown code = %q", got)
	}
	long := OverrideRequestAlertMessage("Dan", "7071000000000001234", DeclineInsufficientFunds, strings.Repeat("ü", MaxOverrideRequestMessageLength))
	if n := utf8.RuneCountInString(long); n != MaxAlertMessageLength || !strings.HasSuffix(long, "…") || !utf8.ValidString(long) {
		t.Fatalf("a long request's alert is %d characters: %q", n, long)
	}
	if got := OverrideRequestAlertMessage("Dan", "1234", DeclineCreditLimitReached, "  "); got != "Override requested: Dan, card ending 1234, was declined (Credit limit reached)." {
		t.Fatalf("without a message = %q", got)
	}
}

func TestDeclineSentence_CoversTheContractsCodes(t *testing.T) {
	for _, code := range []DeclineReason{DeclineCardInactive, DeclineUnknownCard, DeclineInsufficientFunds, DeclineCreditLimitReached,
		"PER_PURCHASE_LIMIT", "DAILY_LIMIT", "DAILY_GALLONS_LIMIT", "WEEKLY_LIMIT", "DAILY_PURCHASES_LIMIT", "PRODUCT_NOT_ALLOWED",
		"DAY_NOT_ALLOWED", "HOUR_NOT_ALLOWED", "STATE_NOT_ALLOWED", "CHAIN_NOT_ALLOWED", "OVER_TANK_CAPACITY", "SUSPICIOUS_DISTANCE",
		"MONTHLY_BUDGET", "NOT_PLANNED_STOP", "OVER_PLANNED_GALLONS"} {
		if s := code.Sentence(); s == "" || s == string(code) {
			t.Errorf("%s has no sentence", code)
		}
	}
	if DeclineReason("").Sentence() != "" {
		t.Error("no code has a sentence")
	}
}

func TestOverrideDecidedNotice_EndInTheReadersLanguageAndTheCompanysZone(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	until := time.Date(2026, 11, 20, 23, 42, 0, 0, time.UTC)
	n := OverrideDecidedNotice(&OverrideRequest{CardNumber: "7071000000000004321", Status: OverrideApproved, OverrideUntil: &until}, chicago)
	for lang, want := range map[Language]string{
		LanguageEnglish: "Card ending 4321 may buy fuel until Nov 20, 2026 5:42 PM CST.",
		LanguageSpanish: "La tarjeta terminada en 4321 puede comprar combustible hasta 20 nov 2026, 5:42 PM CST.",
	} {
		if _, body := n.Texts(lang); body != want {
			t.Errorf("%s: body = %q, want %q", lang, body, want)
		}
	}
}

func TestAlertMail_InTheOwnersLanguage(t *testing.T) {
	tr := &Transaction{ID: 7, CompanyID: 1, CardID: 2, CardNumber: "7071000000000000002", DriverCardName: "Ina Active",
		LocationName: "TA Denton", DeclineReason: DeclineCardInactive}
	a := DeclineAlert(tr)
	en := AlertMail("o@example.com", LanguageEnglish, a)
	if en.Subject != "Fuel Portal alert: a purchase was declined" || !strings.HasPrefix(en.Body, a.Message+"\n\n") ||
		!strings.HasSuffix(en.Body, "See every alert on the Alerts page of Fuel Portal.\n") {
		t.Errorf("English mail = %+v", en)
	}
	es := AlertMail("o@example.com", LanguageSpanish, a)
	if es.Subject != "Alerta de Fuel Portal: se rechazó una compra" ||
		!strings.HasPrefix(es.Body, "Compra rechazada: Ina Active, tarjeta terminada en 0002, en TA Denton. ") ||
		!strings.HasSuffix(es.Body, "Vea todas las alertas en la página Alertas de Fuel Portal.\n") {
		t.Errorf("Spanish mail = %+v", es)
	}
	// An alert raised without a notice keeps its English message, under a Spanish subject.
	plain := &Alert{Kind: AlertWebhookFailing, Message: "Webhook https://x.example failing"}
	if m := AlertMail("o@example.com", LanguageSpanish, plain); m.Subject != "Alerta de Fuel Portal: un endpoint de webhook está fallando" ||
		!strings.HasPrefix(m.Body, plain.Message) {
		t.Errorf("Spanish mail of a plain alert = %+v", m)
	}
	r := &OverrideRequest{ID: 3, CompanyID: 1, CardID: 2, CardNumber: tr.CardNumber, DriverName: "Ina Active", DeclineCode: DeclineCardInactive, Message: "Necesito diésel"}
	if m := AlertMail("o@example.com", LanguageSpanish, OverrideRequestAlert(r)); !strings.HasPrefix(m.Body, "Solicitud de desbloqueo: A Ina Active, tarjeta terminada en 0002,") ||
		!strings.Contains(m.Body, "“Necesito diésel”") {
		t.Errorf("Spanish override request mail = %+v", m)
	}
	digest := DigestMail("o@example.com", LanguageSpanish, string(AlertDecline), 4, es)
	if digest.Subject != "Fuel Portal: se rechazaron 4 compras" || !strings.HasPrefix(digest.Body, "En la última hora se rechazaron 4 compras.") ||
		!strings.Contains(digest.Body, "El más reciente: Compra rechazada: Ina Active") {
		t.Errorf("Spanish digest = %+v", digest)
	}
	if m := DigestMail("o@example.com", LanguageEnglish, string(AlertAuthorization), 12, en); m.Subject != "Fuel Portal: 12 card authorizations need your attention" {
		t.Errorf("English digest = %+v", m)
	}
	if once := DigestMail("o@example.com", LanguageEnglish, string(NotifyOverrideDecided), 1, en); once.Subject != "Fuel Portal: 1 override request was answered" {
		t.Errorf("English digest of one = %+v", once)
	}
}

// A fuel economy drop reads in each owner's language: the English message
// as it always read, the Spanish from the same text key.
func TestMPGDropAlert_InEachLanguage(t *testing.T) {
	a := MPGDropAlert("U-1", 5, 6)
	if a.Message != "Fuel economy dropped: unit U-1 made 5.0 MPG over the last 30 days, down 17% from 6.0 MPG the 30 days before." {
		t.Errorf("message = %q", a.Message)
	}
	if got := AlertText(a, LanguageEnglish); got != a.Message {
		t.Errorf("English text = %q, want the message", got)
	}
	if got := AlertText(a, LanguageSpanish); got != "Bajó el rendimiento de combustible: la unidad U-1 rindió 5.0 MPG en los últimos 30 días, un 17% menos que los 6.0 MPG de los 30 días anteriores." {
		t.Errorf("Spanish text = %q", got)
	}
}

// A near limit alert reads in each owner's language, each limit by its
// name; a limit without a text of its own is named as it is.
func TestNearLimitAlert_InEachLanguage(t *testing.T) {
	a := NearLimitAlert("Dan Driver", "7071000000000000031", "daily limit", "$802.00", "$1,000.00")
	if a.Message != "Near a limit: Dan Driver, card ending 0031, has used $802.00 of the $1,000.00 daily limit." || AlertText(a, LanguageEnglish) != a.Message {
		t.Errorf("message = %q", a.Message)
	}
	if got := AlertText(a, LanguageSpanish); got != "Cerca de un límite: Dan Driver, tarjeta terminada en 0031, ha usado $802.00 del límite diario de $1,000.00." {
		t.Errorf("Spanish text = %q", got)
	}
	for name := range nearLimitTextKeys {
		if a := NearLimitAlert("", "1234", name, "$1.00", "$2.00"); !strings.HasSuffix(a.Message, " "+name+".") || strings.Contains(AlertText(a, LanguageSpanish), name) {
			t.Errorf("%s: message %q, Spanish %q", name, a.Message, AlertText(a, LanguageSpanish))
		}
	}
	other := NearLimitAlert("Dan", "1234", "yearly limit", "$1.00", "$2.00")
	if other.Message != "Near a limit: Dan, card ending 1234, has used $1.00 of the $2.00 yearly limit." ||
		AlertText(other, LanguageSpanish) != "Cerca de un límite: Dan, tarjeta terminada en 1234, ha usado $1.00 de $2.00 (yearly limit)." {
		t.Errorf("unknown limit: %q / %q", other.Message, AlertText(other, LanguageSpanish))
	}
}
