package fuelportal_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"fuelportal"
)

// TestDeclineSentences_AreTheContract keeps the sentences verbatim as the
// API contract shared with the web app states them.
func TestDeclineSentences_AreTheContract(t *testing.T) {
	want := map[fuelportal.DeclineReason]string{
		"CARD_INACTIVE": "Card is inactive", "UNKNOWN_CARD": "Unknown card", "INSUFFICIENT_FUNDS": "Insufficient funds in the wallet",
		"CREDIT_LIMIT": "Credit limit reached", "PER_PURCHASE_LIMIT": "Over the per-purchase limit", "DAILY_LIMIT": "Over the daily limit",
		"DAILY_GALLONS_LIMIT": "Over the daily gallons limit", "WEEKLY_LIMIT": "Over the weekly limit",
		"DAILY_PURCHASES_LIMIT": "Too many purchases today", "PRODUCT_NOT_ALLOWED": "Product not allowed",
		"DAY_NOT_ALLOWED": "Purchases not allowed on this day", "HOUR_NOT_ALLOWED": "Purchases not allowed at this hour",
		"STATE_NOT_ALLOWED": "Purchases not allowed in this state", "CHAIN_NOT_ALLOWED": "Chain not allowed",
		"OVER_TANK_CAPACITY": "Over tank capacity", "SUSPICIOUS_DISTANCE": "Suspicious: too far from the last purchase",
		"MONTHLY_BUDGET": "Over the monthly budget", "NOT_PLANNED_STOP": "Not a planned stop",
		"OVER_PLANNED_GALLONS": "More than the planned gallons", "OVER_GALLONS_LEFT": "More than the planned gallons left",
		"DRIVER_ID_INVALID": "Driver ID missing or not the card's", "UNIT_NUMBER_INVALID": "Unit number missing or not the card's",
		"ODOMETER_INVALID":       "Odometer reading missing or not possible",
		"VEHICLE_NOT_AT_STATION": "The truck's position does not place it at this station",
		"PUMP_CHECK_CHALLENGE":   "Confirm on your phone that you are fueling the truck, then try again",
		"OVER_TANK_SPACE":        "More fuel than the truck's tank has room for",
	}
	for code, sentence := range want {
		if got := code.Sentence(); got != sentence {
			t.Errorf("%s: %q, want %q", code, got, sentence)
		}
	}
	if len(fuelportal.DeclineReasons()) != len(want) {
		t.Errorf("%d codes have sentences, the contract lists %d", len(fuelportal.DeclineReasons()), len(want))
	}
	if fuelportal.DeclineReason("").Sentence() != "" {
		t.Error("no code has a sentence")
	}
}

// TestDeclineSentences_MatchTheWebApp: the web app shows a decline by its
// code from its own texts; they say what the server's sentences say.
func TestDeclineSentences_MatchTheWebApp(t *testing.T) {
	raw, err := os.ReadFile("web/src/locales/en-US/transactions.json")
	if err != nil {
		t.Fatal(err)
	}
	var texts struct {
		DeclineReasons map[fuelportal.DeclineReason]string `json:"declineReasons"`
	}
	if err := json.Unmarshal(raw, &texts); err != nil {
		t.Fatal(err)
	}
	for _, code := range fuelportal.DeclineReasons() {
		if texts.DeclineReasons[code] != code.Sentence() {
			t.Errorf("%s: the web app says %q, the server %q", code, texts.DeclineReasons[code], code.Sentence())
		}
	}
	if len(texts.DeclineReasons) != len(fuelportal.DeclineReasons()) {
		t.Errorf("the web app has %d decline texts, the server %d", len(texts.DeclineReasons), len(fuelportal.DeclineReasons()))
	}
	// Every other language names every code too (their wording is theirs).
	others, _ := filepath.Glob("web/src/locales/*/transactions.json")
	for _, file := range others {
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var translated struct {
			DeclineReasons map[fuelportal.DeclineReason]string `json:"declineReasons"`
		}
		if err := json.Unmarshal(raw, &translated); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, code := range fuelportal.DeclineReasons() {
			if translated.DeclineReasons[code] == "" {
				t.Errorf("%s has no text for %s", file, code)
			}
		}
	}
}
