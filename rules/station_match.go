package rules

import (
	"slices"
	"strings"
	"unicode"

	"fuelportal"
)

// Merchant is where a card issuer says a card is used: the merchant's name
// as the terminal prints it ("LOVE'S TRAVEL STOP #1527"), its street
// address when the issuer gives one, city, state and postal code.
type Merchant struct {
	Name, Address, City, State, PostalCode string
}

// StationMatch is the catalog station a merchant is, when one can be told:
// Station for an exact match; the candidates it may be when ambiguous (in
// the order given); neither for none.
type StationMatch struct {
	Match      fuelportal.StationMatch
	Station    *fuelportal.Station
	Candidates []*fuelportal.Station
}

// MatchStation matches merchant m to one of the catalog's stations at its
// postal code (stations, as the store read them). A station is a candidate
// when its chain is the merchant's (the first word of its name, or its
// chain code, is the first word of the merchant's name). Among candidates,
// the merchant's store number ("#1527") keeps those with the same number
// or none; then the merchant's street address, when given, keeps those at
// that address. One left is exact; several are ambiguous (never a guess);
// none is none. A merchant without a name matches the only station at its
// postal code, else none.
func MatchStation(m Merchant, stations []*fuelportal.Station) StationMatch {
	chain := firstWord(m.Name)
	var pool []*fuelportal.Station
	for _, s := range stations {
		if chain == "" || firstWord(s.Name) == chain || strings.EqualFold(s.Chain, chain) {
			pool = append(pool, s)
		}
	}
	if chain == "" && len(pool) > 1 {
		pool = nil
	}
	if number := StoreNumber(m.Name); number != "" {
		pool = keep(pool, func(s *fuelportal.Station) bool {
			n := StoreNumber(s.Name)
			return n == "" || n == number
		})
		if exact := keep(pool, func(s *fuelportal.Station) bool { return StoreNumber(s.Name) == number }); len(exact) == 1 {
			pool = exact
		}
	}
	if address := normalAddress(m.Address); address != "" && len(pool) > 1 {
		if at := keep(pool, func(s *fuelportal.Station) bool { return normalAddress(s.Address) == address }); len(at) > 0 {
			pool = at
		}
	}
	switch len(pool) {
	case 0:
		return StationMatch{Match: fuelportal.StationNone}
	case 1:
		return StationMatch{Match: fuelportal.StationExact, Station: pool[0]}
	}
	return StationMatch{Match: fuelportal.StationAmbiguous, Candidates: pool}
}

// PlannedCandidate returns the candidate of an ambiguous match that is
// one of the planned stations (a trip plan's stops; nil when none is, or
// more than one is): on a trip the planned stop is where the driver is.
func (m StationMatch) PlannedCandidate(planned []int64) *fuelportal.Station {
	if m.Match != fuelportal.StationAmbiguous {
		return nil
	}
	var found *fuelportal.Station
	for _, s := range m.Candidates {
		if slices.Contains(planned, s.ID) {
			if found != nil {
				return nil
			}
			found = s
		}
	}
	return found
}

// CandidateIDs are the candidates' station ids.
func (m StationMatch) CandidateIDs() []int64 {
	ids := make([]int64, len(m.Candidates))
	for i, s := range m.Candidates {
		ids[i] = s.ID
	}
	return ids
}

func keep(list []*fuelportal.Station, ok func(*fuelportal.Station) bool) []*fuelportal.Station {
	var out []*fuelportal.Station
	for _, s := range list {
		if ok(s) {
			out = append(out, s)
		}
	}
	return out
}

// StoreNumber is the store number in a station's or merchant's name: the
// digits after "#" ("LOVE'S TRAVEL STOP #1527" → "1527"), else those of
// its last word when it is all digits ("PILOT 412" → "412"); leading zeros
// dropped; "" when none.
func StoreNumber(name string) string {
	var digits string
	if i := strings.LastIndexByte(name, '#'); i >= 0 {
		rest := strings.TrimSpace(name[i+1:])
		end := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsDigit(r) })
		if end < 0 {
			end = len(rest)
		}
		digits = rest[:end]
	} else if fields := strings.Fields(name); len(fields) > 1 {
		last := fields[len(fields)-1]
		if strings.IndexFunc(last, func(r rune) bool { return !unicode.IsDigit(r) }) < 0 {
			digits = last
		}
	}
	digits = strings.TrimLeft(digits, "0")
	return digits
}

// firstWord is the first word of a name, upper case, letters and digits
// only ("Pilot Travel Center #412" → "PILOT", "LOVE'S #201" → "LOVES").
func firstWord(name string) string {
	fields := strings.Fields(name)
	if len(fields) == 0 {
		return ""
	}
	return alphanumericUpper(fields[0])
}

// normalAddress is a street address compared loosely: upper case, letters
// and digits only, single spaces ("100 S. Main St." → "100 S MAIN ST").
func normalAddress(address string) string {
	fields := strings.Fields(address)
	for i, f := range fields {
		fields[i] = alphanumericUpper(f)
	}
	return strings.Join(strings.Fields(strings.Join(fields, " ")), " ")
}

func alphanumericUpper(s string) string {
	return strings.ToUpper(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s))
}
