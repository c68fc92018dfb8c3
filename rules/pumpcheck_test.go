package rules

import (
	"testing"
	"time"

	"fuelportal"
)

func TestDecideAuthorization_OverTankSpaceDeclinesAFixedAmount(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	full := 95.0
	station := &fuelportal.Station{ID: 1, Latitude: 29.1, Longitude: -82.1}
	f := AuthorizationFacts{RequestCents: 100_00, PurchaseFacts: PurchaseFacts{
		Card: &fuelportal.Card{Status: fuelportal.CardActive}, Station: station, Price: 4000, Time: now,
		Contract: fuelportal.DefaultContract(1), WalletCents: 1_000_00,
		Pump: &PumpFacts{Settings: fuelportal.PumpCheckSettings{Enabled: true, RadiusMiles: 1, FreshnessMinutes: 10, StaleChoice: fuelportal.PumpStaleApprove},
			Fix: fuelportal.LastFix{At: now.Add(-time.Minute), Lat: 29.1, Lon: -82.1, FuelPercent: &full, Source: "traccar"}, TankGallons: 100_000}}}
	d := DecideAuthorization(f)
	if d.Approved || d.Reason != fuelportal.DeclineOverTankSpace || d.Pump.Check.Outcome != fuelportal.PumpOverTankSpace {
		t.Fatalf("%+v %+v", d, d.Pump.Check)
	}
	f.RequestCents = 50_00 // 12.5 gallons fit in 15
	if d := DecideAuthorization(f); !d.Approved || d.Pump.Check.Outcome != fuelportal.PumpNear {
		t.Fatalf("fits: %+v", d)
	}
	f.Overridden = true // an override lifts the check
	f.RequestCents = 100_00
	if d := DecideAuthorization(f); !d.Approved || d.Pump.Check != nil {
		t.Fatalf("overridden: %+v", d)
	}
}

func TestCheckPump_AFixAfterThePurchaseCountsByItsDistanceInTime(t *testing.T) {
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	p := &PumpFacts{Settings: fuelportal.PumpCheckSettings{RadiusMiles: 1, FreshnessMinutes: 10, StaleChoice: fuelportal.PumpStaleApprove},
		Fix: fuelportal.LastFix{At: now.Add(3 * time.Minute), Lat: 29.5, Lon: -82.1}}
	r := CheckPump(p, &fuelportal.Station{Latitude: 29.1, Longitude: -82.1}, now)
	if r.Check.Outcome != fuelportal.PumpFar || r.Check.FixAgeSeconds != 180 || r.Check.DistanceMiles < 27 || r.Check.DistanceMiles > 28 {
		t.Fatalf("%+v", r.Check)
	}
}
