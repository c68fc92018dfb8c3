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

func TestOverrideDecisionMail_EndInTheCompanysZone(t *testing.T) {
	chicago, _ := time.LoadLocation("America/Chicago")
	until := time.Date(2026, 11, 20, 23, 42, 0, 0, time.UTC)
	m := OverrideDecisionMail("d@example.com", &OverrideRequest{CardNumber: "7071000000000004321", Status: OverrideApproved, OverrideUntil: &until}, chicago)
	if !strings.Contains(m.Body, "lifted until Nov 20, 2026 5:42 PM CST;") {
		t.Fatalf("body = %q", m.Body)
	}
}
