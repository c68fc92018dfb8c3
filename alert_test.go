package fuelportal

import (
	"fmt"
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

// The alerts of locked trips, failing webhooks, card authorizations and
// the pump check read in each owner's language, both worded from
// alerts.json: English is the message.
func TestTripWebhookAuthorizationAndPumpCheckAlerts_InEachLanguage(t *testing.T) {
	trip := &Trip{ID: 7, CardID: 3, CardNumber: "7071000000000000031", DriverName: "Dan Driver", OriginName: "Ocala, FL", DestinationName: "Tampa, FL", Status: TripCompleted}
	unnamed := &Trip{CardNumber: "1234", Status: TripCancelled}
	end := &TripRequest{ID: 9, TripID: 7, CardID: 3, CardNumber: trip.CardNumber, DriverName: "Dan Driver", Kind: TripRequestEnd, Message: " flat tire "}
	replan := &TripRequest{CardNumber: "1234", Kind: TripRequestReplan}
	for _, c := range []struct {
		name             string
		alert            *Alert
		english, spanish string
	}{
		{"trip request to end", TripRequestAlert(end, trip),
			"Trip request: Dan Driver, card ending 0031, asks to end the trip Ocala, FL → Tampa, FL. “flat tire”",
			"Solicitud de viaje: Dan Driver, tarjeta terminada en 0031, pide terminar el viaje Ocala, FL → Tampa, FL. “flat tire”"},
		{"trip request to re-plan a trip without names", TripRequestAlert(replan, unnamed),
			"Trip request: Unnamed driver, card ending 1234, asks to re-plan a trip.",
			"Solicitud de viaje: Unnamed driver, tarjeta terminada en 1234, pide replanificar un viaje."},
		{"trip ended by the driver", TripEndedAlert(trip, TripEndedByDriver),
			"Locked trip completed: Dan Driver, card ending 0031, the trip Ocala, FL → Tampa, FL, by the driver. The card lock is lifted.",
			"Viaje bloqueado completado: Dan Driver, tarjeta terminada en 0031, el viaje Ocala, FL → Tampa, FL, por el chofer. Se levantó el bloqueo de la tarjeta."},
		{"trip cancelled at the driver's request", TripEndedAlert(unnamed, TripEndedByOwnerForDriver),
			"Locked trip cancelled: Unnamed driver, card ending 1234, a trip, by an owner at the driver's request. The card lock is lifted.",
			"Viaje bloqueado cancelado: Unnamed driver, tarjeta terminada en 1234, un viaje, por un dueño a pedido del chofer. Se levantó el bloqueo de la tarjeta."},
		{"trip re-planned at the driver's request", TripReplannedAlert(trip, 3, ReplanByDriverApproved),
			"Locked trip re-planned: Dan Driver, card ending 0031, the trip Ocala, FL → Tampa, FL has plan version 3 (asked by the driver, approved by an owner); the card may buy only at its stops.",
			"Viaje bloqueado replanificado: Dan Driver, tarjeta terminada en 0031, el viaje Ocala, FL → Tampa, FL tiene la versión 3 del plan (pedido por el chofer, aprobado por un dueño); la tarjeta solo puede comprar en sus paradas."},
		{"trip re-planned as a price moved", TripReplannedAlert(unnamed, 2, ReplanWhy(TripPlanPriceChange, false)),
			"Locked trip re-planned: Unnamed driver, card ending 1234, a trip has plan version 2 (a planned stop's price moved); the card may buy only at its stops.",
			"Viaje bloqueado replanificado: Unnamed driver, tarjeta terminada en 1234, un viaje tiene la versión 2 del plan (cambió el precio de una parada planificada); la tarjeta solo puede comprar en sus paradas."},
		{"webhook failing", WebhookFailingAlert("https://user:pw@hooks.example.com/in?token=secret#x"),
			"Webhook endpoint failing: https://hooks.example.com/in has not accepted a delivery for 24 hours. Check it on the Integrations page and resend the failed deliveries.",
			"Webhook con fallas: https://hooks.example.com/in no ha aceptado ninguna entrega en 24 horas. Revíselo en la página Integraciones y reenvíe las entregas fallidas."},
		{"authorization approved on timeout", AuthorizationTimedOutAlert(12345, true),
			"Authorization approved on timeout: A card authorization of $123.45 could not be decided in time and was approved by your timeout setting.",
			"Autorización aprobada por tiempo de espera: Una autorización de $123.45 con tarjeta no se pudo decidir a tiempo y se aprobó según la configuración de tiempo de espera de su empresa."},
		{"authorization declined on timeout", AuthorizationTimedOutAlert(5000, false),
			"Authorization declined on timeout: A card authorization of $50.00 could not be decided in time and was declined by your timeout setting.",
			"Autorización rechazada por tiempo de espera: Una autorización de $50.00 con tarjeta no se pudo decidir a tiempo y se rechazó según la configuración de tiempo de espera de su empresa."},
		{"capture above its hold", CaptureAboveHoldAlert(15000, 12000),
			"Purchase above its authorization: A purchase of $150.00 was captured above its approved $120.00.",
			"Compra mayor que lo autorizado: Se cobró una compra de $150.00, más que los $120.00 aprobados."},
		{"pump check: the driver answered No", PumpRefusedAlert(&PumpChallenge{CardNumber: "7071000000000000017", UnitNumber: "U-1", StationName: "Pilot #412"}),
			"Card frozen: The driver of card ending 0017 answered No to fueling unit U-1 at Pilot #412: the card is inactive until it is activated again.",
			"Tarjeta congelada: El chofer de la tarjeta terminada en 0017 respondió No a cargar la unidad U-1 en Pilot #412: la tarjeta queda inactiva hasta que se vuelva a activar."},
		{"pump check: the truck was elsewhere", PumpFlaggedEvent(&Transaction{CardNumber: "7071000000000000017", UnitNumber: "U-1", LocationName: "Pilot #412",
			PumpCheck: &PumpCheck{Outcome: PumpFar, DistanceMiles: 12.34}}).Alert,
			"Purchase flagged: truck elsewhere: Card ending 0017 was used at Pilot #412 while unit U-1 was 12.3 miles away.",
			"Compra señalada: el camión estaba en otro lugar: La tarjeta terminada en 0017 se usó en Pilot #412 cuando la unidad U-1 estaba a 12.3 millas."},
		{"pump check: more fuel than the tank", PumpFlaggedEvent(&Transaction{CardNumber: "7071000000000000017", UnitNumber: "U-1", LocationName: "Pilot #412",
			PumpCheck: &PumpCheck{Outcome: PumpOverTankSpace}}).Alert,
			"Purchase flagged: more than the tank: Card ending 0017 bought more fuel at Pilot #412 than unit U-1's tank had room for.",
			"Compra señalada: más de lo que cabe en el tanque: La tarjeta terminada en 0017 cargó en Pilot #412 más combustible del que cabía en el tanque de la unidad U-1."},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.alert.Message != c.english || AlertText(c.alert, LanguageEnglish) != c.english {
				t.Errorf("English = %q\n want %q", c.alert.Message, c.english)
			}
			if got := AlertText(c.alert, LanguageSpanish); got != c.spanish {
				t.Errorf("Spanish = %q\n want %q", got, c.spanish)
			}
		})
	}
	if a := TripRequestAlert(end, trip); a.TripID != 7 || a.TripRequestID != 9 || a.CardID != 3 {
		t.Errorf("trip request alert is about trip %d, request %d, card %d", a.TripID, a.TripRequestID, a.CardID)
	}
}

// The decline and override request alerts' English messages are their
// notices' English (alerts.json), byte for byte what the format strings
// that worded them before wrote: every decline reason, an unknown and an
// empty one, an unnamed driver, text that looks like a placeholder, and a
// note long enough to be clipped.
func TestDeclineAndOverrideAlertMessages_AreTheirNoticesEnglish(t *testing.T) {
	formerDecline := func(driverName, cardNumber, station string, reason DeclineReason) string {
		return clipMessage(fmt.Sprintf("Purchase declined: %s, card ending %s, at %s. %s.",
			nameOrUnnamed(driverName), Last4(cardNumber), station, reason.Sentence()))
	}
	formerOverride := func(driverName, cardNumber string, reason DeclineReason, message string) string {
		s := fmt.Sprintf("Override requested: %s, card ending %s, was declined (%s).", nameOrUnnamed(driverName), Last4(cardNumber), reason.Sentence())
		if m := strings.TrimSpace(message); m != "" {
			s += " “" + m + "”"
		}
		return clipMessage(s)
	}
	reasons := append(DeclineReasons(), "", "SOME_NEW_CODE")
	names := []string{"Dan Driver", "", "  ", "Ana {{card}} Núñez", "{{reason}}"}
	stations := []string{"Pilot #412", "", "Love's {{name}} 50% off", strings.Repeat("ü", MaxAlertMessageLength)}
	notes := []string{"", "  ", "flat tire", "{{quote}} {{card}}", strings.Repeat("ü", MaxOverrideRequestMessageLength)}
	cards := []string{"7071000000000001234", "12", ""}
	cases := 0
	for _, reason := range reasons {
		for _, name := range names {
			for _, card := range cards {
				for _, station := range stations {
					cases++
					if got, want := DeclineAlertMessage(name, card, station, reason), formerDecline(name, card, station, reason); got != want {
						t.Errorf("decline %q %q %q %q:\n got %q\nwant %q", name, card, station, reason, got, want)
					}
				}
				for _, note := range notes {
					cases++
					if got, want := OverrideRequestAlertMessage(name, card, reason, note), formerOverride(name, card, reason, note); got != want {
						t.Errorf("override %q %q %q %q:\n got %q\nwant %q", name, card, reason, note, got, want)
					}
				}
			}
		}
	}
	if cases < 2000 {
		t.Fatalf("only %d cases", cases)
	}
	tx := &Transaction{ID: 4, CompanyID: 2, CardID: 3, CardNumber: "7071000000000001234", DriverCardName: "Dan", LocationName: "Pilot #412", DeclineReason: DeclineCardInactive}
	if a := DeclineAlert(tx); a.Message != formerDecline("Dan", tx.CardNumber, "Pilot #412", DeclineCardInactive) ||
		AlertText(a, LanguageSpanish) != "Compra rechazada: Dan, tarjeta terminada en 1234, en Pilot #412. La tarjeta está inactiva." {
		t.Errorf("decline alert = %q / %q", a.Message, AlertText(a, LanguageSpanish))
	}
}

// The locked trips' alerts' English messages are their notices' English
// (alerts.json), byte for byte what the format strings that worded them
// before wrote.
func TestTripAlertMessages_AreTheirNoticesEnglish(t *testing.T) {
	formerTripName := func(origin, destination string) string {
		origin, destination = strings.TrimSpace(origin), strings.TrimSpace(destination)
		if origin == "" && destination == "" {
			return "a trip"
		}
		return "the trip " + origin + " → " + destination
	}
	formerRequest := func(driverName, cardNumber, origin, destination string, kind TripRequestKind, message string) string {
		what := "to end"
		if kind == TripRequestReplan {
			what = "to re-plan"
		}
		s := fmt.Sprintf("Trip request: %s, card ending %s, asks %s %s.", nameOrUnnamed(driverName), Last4(cardNumber), what, formerTripName(origin, destination))
		if m := strings.TrimSpace(message); m != "" {
			s += " “" + m + "”"
		}
		return clipMessage(s)
	}
	formerEnded := func(driverName, cardNumber, origin, destination string, status TripStatus, by string) string {
		return clipMessage(fmt.Sprintf("Locked trip %s: %s, card ending %s, %s, by %s. The card lock is lifted.",
			strings.ToLower(string(status)), nameOrUnnamed(driverName), Last4(cardNumber), formerTripName(origin, destination), by))
	}
	formerReplanned := func(driverName, cardNumber, origin, destination string, version int, why string) string {
		return clipMessage(fmt.Sprintf("Locked trip re-planned: %s, card ending %s, %s has plan version %d (%s); the card may buy only at its stops.",
			nameOrUnnamed(driverName), Last4(cardNumber), formerTripName(origin, destination), version, why))
	}
	enders := map[TripEnder]string{TripEndedByOwner: "an owner", TripEndedByDriver: "the driver", TripEndedByOwnerForDriver: "an owner at the driver's request"}
	causes := map[ReplanCause]string{ReplanPriceMoved: "a planned stop's price moved", ReplanOffPlan: "after an approved purchase off the plan",
		ReplanByDriver: "asked by the driver", ReplanByOwner: "asked by an owner", ReplanByDriverApproved: "asked by the driver, approved by an owner"}
	routes := [][2]string{{"Ocala, FL", "Tampa, FL"}, {"", ""}, {" ", "  "}, {"", "Tampa, FL"}, {" Ocala ", ""}, {"{{destination}}", "{{name}}"}, {strings.Repeat("ü", 250), strings.Repeat("é", 250)}}
	names := []string{"Dan Driver", "", "{{card}}"}
	cases := 0
	for _, route := range routes {
		for _, name := range names {
			trip := &Trip{CardNumber: "7071000000000001234", DriverName: name, OriginName: route[0], DestinationName: route[1]}
			for _, kind := range []TripRequestKind{TripRequestEnd, TripRequestReplan} {
				for _, note := range []string{"", " flat tire ", "{{quote}}", strings.Repeat("ü", MaxTripRequestMessageLength)} {
					cases++
					req := &TripRequest{CardNumber: trip.CardNumber, DriverName: name, Kind: kind, Message: note}
					if got, want := TripRequestAlert(req, trip).Message, formerRequest(name, trip.CardNumber, route[0], route[1], kind, note); got != want {
						t.Errorf("request:\n got %q\nwant %q", got, want)
					}
				}
			}
			for _, status := range []TripStatus{TripCompleted, TripCancelled, TripActive} {
				trip.Status = status
				for by, english := range enders {
					cases++
					if got, want := TripEndedAlert(trip, by).Message, formerEnded(name, trip.CardNumber, route[0], route[1], status, english); got != want {
						t.Errorf("ended:\n got %q\nwant %q", got, want)
					}
				}
			}
			for why, english := range causes {
				for _, version := range []int{2, 17} {
					cases++
					if got, want := TripReplannedAlert(trip, version, why).Message, formerReplanned(name, trip.CardNumber, route[0], route[1], version, english); got != want {
						t.Errorf("re-planned:\n got %q\nwant %q", got, want)
					}
				}
			}
		}
	}
	if cases < 400 {
		t.Fatalf("only %d cases", cases)
	}
}
