package routing

import (
	"fmt"
	"math"
	"strings"
)

// DistanceText formats a distance for display (docs/product.md §9): whole feet under a
// tenth of a mile ("500 ft"), else miles with one decimal ("12.3 mi"), with
// thousands separated by commas ("1,234.5 mi", "1,050 ft").
func DistanceText(meters float64) string {
	if meters < 0 || math.IsNaN(meters) {
		meters = 0
	}
	miles := meters / MetersPerMile
	if miles < 0.1 {
		return GroupThousands(fmt.Sprintf("%.0f", miles*5280)) + " ft"
	}
	return GroupThousands(fmt.Sprintf("%.1f", miles)) + " mi"
}

// GroupThousands puts a comma between each group of three digits of the
// integer part of a formatted decimal number: "1234.5" → "1,234.5".
func GroupThousands(number string) string {
	sign := ""
	if strings.HasPrefix(number, "-") {
		sign, number = "-", number[1:]
	}
	whole, frac, hasFrac := strings.Cut(number, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return b.String()
}

// DurationText formats a duration for display (docs/product.md §9) as hours and minutes,
// rounded to the nearest minute: "45 min", "2 h 15 min", "3 h". A positive
// duration under half a minute shows as "1 min", never "0 min".
func DurationText(seconds float64) string {
	if seconds < 0 || math.IsNaN(seconds) {
		seconds = 0
	}
	minutes := int64(math.Round(seconds / 60))
	if minutes == 0 && seconds > 0 {
		minutes = 1
	}
	h, m := minutes/60, minutes%60
	switch {
	case h == 0:
		return fmt.Sprintf("%d min", m)
	case m == 0:
		return fmt.Sprintf("%d h", h)
	default:
		return fmt.Sprintf("%d h %d min", h, m)
	}
}
