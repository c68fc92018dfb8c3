package rules_test

import (
	"slices"
	"testing"

	"fuelportal"
	"fuelportal/rules"
)

func TestMatchStation(t *testing.T) {
	loves1527 := &fuelportal.Station{ID: 11, Name: "LOVE'S TRAVEL STOP #1527", Address: "4800 S Lancaster Rd", ZipCode: "75203", Chain: "LOVES"}
	loves570 := &fuelportal.Station{ID: 12, Name: "LOVE'S TRAVEL STOP #570", Address: "1200 E Ledbetter Dr", ZipCode: "75203", Chain: "LOVES"}
	lovesNoNumber := &fuelportal.Station{ID: 13, Name: "Love's Country Store", Address: "9 Elm St", ZipCode: "75203", Chain: "LOVES"}
	pilot := &fuelportal.Station{ID: 14, Name: "Pilot Travel Center #412", Address: "1 Pilot Way", ZipCode: "75203", Chain: "PILOT"}
	both := []*fuelportal.Station{loves570, loves1527, pilot}
	for _, tc := range []struct {
		name       string
		merchant   rules.Merchant
		stations   []*fuelportal.Station
		match      fuelportal.StationMatch
		station    int64
		candidates []int64
	}{
		{"the store number tells two stations of one chain in one ZIP apart", rules.Merchant{Name: "LOVE'S TRAVEL STOP #1527"}, both, fuelportal.StationExact, 11, nil},
		{"the other store number, the other station", rules.Merchant{Name: "LOVES #570"}, both, fuelportal.StationExact, 12, nil},
		{"no store number: ambiguous, never the first", rules.Merchant{Name: "LOVE'S TRAVEL STOP"}, both, fuelportal.StationAmbiguous, 0, []int64{12, 11}},
		{"a store number the catalog has not: none", rules.Merchant{Name: "LOVE'S TRAVEL STOP #999"}, both, fuelportal.StationNone, 0, nil},
		{"a store number matching one of a number and one without: the numbered one", rules.Merchant{Name: "LOVE'S #1527"},
			[]*fuelportal.Station{lovesNoNumber, loves1527}, fuelportal.StationExact, 11, nil},
		{"a number unknown beside a station without one: that station", rules.Merchant{Name: "LOVE'S #4"},
			[]*fuelportal.Station{lovesNoNumber, loves570}, fuelportal.StationExact, 13, nil},
		{"the address tells them apart", rules.Merchant{Name: "LOVE'S TRAVEL STOP", Address: "1200 E. Ledbetter Dr."}, both, fuelportal.StationExact, 12, nil},
		{"the chain alone when it is the only one", rules.Merchant{Name: "PILOT TRAVEL CTR"}, both, fuelportal.StationExact, 14, nil},
		{"another chain at the ZIP: none", rules.Merchant{Name: "SHELL OIL 12345"}, both, fuelportal.StationNone, 0, nil},
		{"no station at the ZIP: none", rules.Merchant{Name: "LOVE'S #1527"}, nil, fuelportal.StationNone, 0, nil},
		{"no name: the only station at the ZIP", rules.Merchant{}, []*fuelportal.Station{pilot}, fuelportal.StationExact, 14, nil},
		{"no name and several stations: none", rules.Merchant{}, both, fuelportal.StationNone, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := rules.MatchStation(tc.merchant, tc.stations)
			if m.Match != tc.match {
				t.Fatalf("match %q, want %q", m.Match, tc.match)
			}
			var id int64
			if m.Station != nil {
				id = m.Station.ID
			}
			if id != tc.station || !slices.Equal(m.CandidateIDs(), tc.candidates) && len(tc.candidates)+len(m.Candidates) > 0 {
				t.Fatalf("station %d candidates %v, want %d %v", id, m.CandidateIDs(), tc.station, tc.candidates)
			}
		})
	}
}

func TestStationMatch_PlannedCandidateIsThePlannedStop(t *testing.T) {
	a, b := &fuelportal.Station{ID: 1}, &fuelportal.Station{ID: 2}
	m := rules.StationMatch{Match: fuelportal.StationAmbiguous, Candidates: []*fuelportal.Station{a, b}}
	plan := func(ids ...int64) []int64 { return ids }
	if got := m.PlannedCandidate(plan(2)); got != b {
		t.Fatalf("the planned candidate: got %v", got)
	}
	if got := m.PlannedCandidate(plan(3)); got != nil {
		t.Fatalf("no candidate planned: got %v", got)
	}
	if got := m.PlannedCandidate(plan(1, 2)); got != nil {
		t.Fatalf("both planned cannot tell: got %v", got)
	}
	if got := m.PlannedCandidate(nil); got != nil {
		t.Fatalf("no plan: got %v", got)
	}
}

func TestStoreNumber(t *testing.T) {
	for name, want := range map[string]string{"LOVE'S TRAVEL STOP #1527": "1527", "Pilot #0412 Dallas": "412", "PILOT 412": "412", "Shell": "", "TA #": "", "7-ELEVEN": ""} {
		if got := rules.StoreNumber(name); got != want {
			t.Errorf("%q: got %q, want %q", name, got, want)
		}
	}
}
