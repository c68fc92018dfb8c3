package http

import "fuelportal"

// dollars converts cents to dollars for JSON answers (the only place money
// becomes a float).
func dollars(cents int64) float64 { return float64(cents) / 100 }

// perGallon converts a per-gallon price to dollars with three decimals.
func perGallon(p fuelportal.TenthCents) float64 { return p.Dollars() }
