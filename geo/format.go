package geo

import (
	"fmt"
	"math"
)

// FeetPerMile is used for short distances, which SPEC §9 shows in feet.
const FeetPerMile = 5280

// FormatDistance renders a distance given in metres the way the planner
// shows it (SPEC §9): whole feet under 0.1 mile ("500 ft"), otherwise miles
// with one decimal ("12.3 mi"). Negative or NaN input renders as "0 ft".
func FormatDistance(meters float64) string {
	if !(meters > 0) {
		return "0 ft"
	}
	miles := meters / MetersPerMile
	if miles < 0.1 {
		return fmt.Sprintf("%.0f ft", math.Round(miles*FeetPerMile))
	}
	return fmt.Sprintf("%.1f mi", miles)
}

// FormatDuration renders a duration given in seconds as hours and minutes
// (SPEC §9), rounded to the nearest minute: "2 h 15 min", "45 min", "3 h".
// Negative or NaN input renders as "0 min".
func FormatDuration(seconds float64) string {
	if !(seconds > 0) {
		return "0 min"
	}
	total := int64(math.Round(seconds / 60))
	hours, minutes := total/60, total%60
	switch {
	case hours == 0:
		return fmt.Sprintf("%d min", minutes)
	case minutes == 0:
		return fmt.Sprintf("%d h", hours)
	default:
		return fmt.Sprintf("%d h %d min", hours, minutes)
	}
}
