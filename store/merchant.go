package store

import (
	"context"
	"database/sql"
	"math"
	"strconv"
	"strings"

	"fuelportal"
	"fuelportal/rules"
)

// merchantMatch is where an issuer's merchant is in the catalog: station
// is what the decision reads (the matched station; on an ambiguous match
// the candidate that is a stop of the card's trip plan; otherwise a
// station without an id standing for the merchant, with its name, city,
// state and postal code), price its pump price, match how it matched and
// candidates the stations an ambiguous merchant may be.
type merchantMatch struct {
	station    *fuelportal.Station
	price      fuelportal.TenthCents
	match      fuelportal.StationMatch
	candidates []int64
}

// maxMerchantCandidates bounds the stations read at one postal code.
const maxMerchantCandidates = 50

// maxCandidatesNamed bounds the candidates an ambiguous purchase's address
// names.
const maxCandidatesNamed = 3

// merchantStation matches r's merchant to the catalog. A station r names
// by location id (the network's) is exact (EUNPROCESSABLE when unknown;
// priced at r's reported pump price, else the catalog's). Otherwise the
// stations at the merchant's postal code are matched by
// rules.MatchStation (store number, address, chain): exact is that
// station at its price; ambiguous is never one of them, unless exactly one
// is a stop of the current plan of the card's active trip tripID (0:
// none), which then counts as the planned stop; an ambiguous merchant is
// priced at its candidates' average pump price and keeps their chain when
// they share one; none is priced at the state's average pump price (0
// when no station of the state has one).
func (tx *Tx) merchantStation(ctx context.Context, r *fuelportal.AuthorizationRequest, tripID int64) (*merchantMatch, error) {
	if r.LocationID != 0 {
		s, err := tx.GetStation(ctx, r.LocationID)
		if fuelportal.ErrorCode(err) == fuelportal.ENOTFOUND {
			return nil, fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "Unknown location %d", r.LocationID)
		} else if err != nil {
			return nil, err
		}
		price := s.RetailPrice
		if r.RetailPrice > 0 {
			price = r.RetailPrice
		}
		return &merchantMatch{station: s, price: price, match: fuelportal.StationExact}, nil
	}
	zip := strings.TrimSpace(r.MerchantPostalCode)
	if len(zip) > 5 {
		zip = zip[:5]
	}
	var stations []*fuelportal.Station
	if zip != "" {
		var err error
		stations, err = queryList(ctx, tx, scanStation, `SELECT `+stationColumns+` FROM stations WHERE zip_code = ? ORDER BY id LIMIT ?`, zip, maxMerchantCandidates)
		if err != nil {
			return nil, err
		}
	}
	m := rules.MatchStation(rules.Merchant{Name: r.MerchantName, City: r.MerchantCity, State: r.MerchantState, PostalCode: zip}, stations)
	switch m.Match {
	case fuelportal.StationExact:
		return &merchantMatch{station: m.Station, price: m.Station.RetailPrice, match: m.Match}, nil
	case fuelportal.StationAmbiguous:
		planned, err := tx.plannedStationIDs(ctx, tripID)
		if err != nil {
			return nil, err
		}
		out := &merchantMatch{match: m.Match, candidates: m.CandidateIDs()}
		if s := m.PlannedCandidate(planned); s != nil {
			out.station, out.price = s, s.RetailPrice
			return out, nil
		}
		out.station = unmatchedStation(r, zip)
		out.station.Address = candidatesNamed(m.Candidates)
		out.station.Chain = sharedChain(m.Candidates)
		var sum, n int64
		for _, s := range m.Candidates {
			if s.RetailPrice > 0 {
				sum, n = sum+int64(s.RetailPrice), n+1
			}
		}
		if n > 0 {
			out.price = fuelportal.TenthCents((sum + n/2) / n)
			out.station.RetailPrice = out.price
			return out, nil
		}
		if out.price, err = tx.stateAveragePrice(ctx, out.station.State); err != nil {
			return nil, err
		}
		out.station.RetailPrice = out.price
		return out, nil
	}
	s := unmatchedStation(r, zip)
	price, err := tx.stateAveragePrice(ctx, s.State)
	if err != nil {
		return nil, err
	}
	s.RetailPrice = price
	return &merchantMatch{station: s, price: price, match: fuelportal.StationNone}, nil
}

// unmatchedStation stands for a merchant the catalog cannot name: no id,
// no coordinates (the distance check is skipped).
func unmatchedStation(r *fuelportal.AuthorizationRequest, zip string) *fuelportal.Station {
	return &fuelportal.Station{Name: r.MerchantName, City: r.MerchantCity, State: strings.ToUpper(strings.TrimSpace(r.MerchantState)), ZipCode: zip}
}

// stateAveragePrice is the average pump price of the state's stations (0:
// none has one).
func (tx *Tx) stateAveragePrice(ctx context.Context, state string) (fuelportal.TenthCents, error) {
	var avg sql.NullFloat64
	if err := tx.QueryRow(ctx, `SELECT AVG(retail_price_tenth_cents) FROM stations WHERE state = ? AND retail_price_tenth_cents > 0`, state).Scan(&avg); err != nil {
		return 0, err
	}
	return fuelportal.TenthCents(math.Round(avg.Float64)), nil
}

// plannedStationIDs are the stations of the current plan of trip tripID
// (none for 0).
func (tx *Tx) plannedStationIDs(ctx context.Context, tripID int64) ([]int64, error) {
	if tripID == 0 {
		return nil, nil
	}
	return queryList(ctx, tx, func(row interface{ Scan(...any) error }) (int64, error) {
		var id int64
		return id, row.Scan(&id)
	}, `
		SELECT s.station_id FROM trip_plan_stops s JOIN trips t ON t.id = s.trip_id AND s.version = t.plan_version
		WHERE t.id = ? ORDER BY s.seq`, tripID)
}

// candidatesNamed is what an ambiguous purchase records as its address:
// the candidates by name and street address, at most maxCandidatesNamed
// and how many more ("One of: LOVE'S TRAVEL STOP #1527, 4800 S Lancaster
// Rd; LOVE'S TRAVEL STOP #570, 1200 E Ledbetter Dr").
func candidatesNamed(candidates []*fuelportal.Station) string {
	var parts []string
	for i, s := range candidates {
		if i == maxCandidatesNamed {
			parts = append(parts, strconv.Itoa(len(candidates)-i)+" more")
			break
		}
		parts = append(parts, strings.TrimSuffix(s.Name+", "+s.Address, ", "))
	}
	return "One of: " + strings.Join(parts, "; ")
}

// sharedChain is the candidates' chain when they all have the same one
// ("" otherwise): a chain control still applies to an ambiguous merchant.
func sharedChain(candidates []*fuelportal.Station) string {
	if len(candidates) == 0 {
		return ""
	}
	chain := candidates[0].Chain
	for _, s := range candidates[1:] {
		if s.Chain != chain {
			return ""
		}
	}
	return chain
}

// joinIDs writes ids as the comma-separated text a candidate list is
// stored as; splitIDs reads it back.
func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func splitIDs(text string) []int64 {
	if text == "" {
		return nil
	}
	var ids []int64
	for _, p := range strings.Split(text, ",") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			ids = append(ids, id)
		}
	}
	return ids
}
