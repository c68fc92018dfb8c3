package routing

import "strings"

var stateNames = map[string]string{
	"AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
	"CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "DC": "District of Columbia",
	"FL": "Florida", "GA": "Georgia", "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois",
	"IN": "Indiana", "IA": "Iowa", "KS": "Kansas", "KY": "Kentucky", "LA": "Louisiana",
	"ME": "Maine", "MD": "Maryland", "MA": "Massachusetts", "MI": "Michigan", "MN": "Minnesota",
	"MS": "Mississippi", "MO": "Missouri", "MT": "Montana", "NE": "Nebraska", "NV": "Nevada",
	"NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico", "NY": "New York",
	"NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma", "OR": "Oregon",
	"PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina", "SD": "South Dakota",
	"TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont", "VA": "Virginia",
	"WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
}

var stateCodes = func() map[string]string {
	m := make(map[string]string, len(stateNames))
	for code, name := range stateNames {
		m[strings.ToLower(name)] = code
	}
	return m
}()

// StateName returns the name of a US state or DC from its two-letter code,
// or "" for an unknown code.
func StateName(code string) string { return stateNames[strings.ToUpper(code)] }

// StateCode returns the two-letter code of a US state or DC from its name
// (any case) or code, or "" when unknown.
func StateCode(nameOrCode string) string {
	s := strings.TrimSpace(nameOrCode)
	if _, ok := stateNames[strings.ToUpper(s)]; ok {
		return strings.ToUpper(s)
	}
	return stateCodes[strings.ToLower(s)]
}
