package http

import "math"

// Numbers on the wire: money in dollars with 2 decimals (the server keeps
// cents), distances and quantities rounded for display (docs/api.md).

// dollars converts cents to dollars for an answer.
func dollars(cents int64) float64 { return float64(cents) / 100 }

// round1 rounds to one decimal.
func round1(x float64) float64 { return math.Round(x*10) / 10 }

// miles rounds a distance for the wire (hundredths of a mile).
func miles(x float64) *float64 {
	r := math.Round(x*100) / 100
	return &r
}
