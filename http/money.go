package http

import "fuelportal"

// perGallon converts a per-gallon price to dollars with three decimals, for
// JSON answers (dollars, for whole cents, is in assistant.go).
func perGallon(p fuelportal.TenthCents) float64 { return p.Dollars() }
