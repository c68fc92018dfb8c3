package fuelportal

import "slices"

// Gallons is a fuel quantity in thousandths of a gallon (128.4 gal = 128400).
type Gallons int64

// Float returns the quantity in gallons, for JSON answers only.
func (g Gallons) Float() float64 { return float64(g) / 1000 }

// ProductCode is what a purchase bought, as the card network reports it.
// Reefer diesel and DEF are kept apart from tractor diesel because fuel tax
// reports treat them differently.
type ProductCode string

// Product codes.
const (
	ProductDiesel   ProductCode = "DSL" // tractor diesel, the default
	ProductReefer   ProductCode = "RFR" // reefer (trailer refrigeration unit) diesel
	ProductDEF      ProductCode = "DEF" // diesel exhaust fluid
	ProductGasoline ProductCode = "GAS"
	ProductOther    ProductCode = "OTH"
)

// ProductCodes lists the product codes in the order forms show them.
var ProductCodes = []ProductCode{ProductDiesel, ProductReefer, ProductDEF, ProductGasoline, ProductOther}

// Valid reports whether p is a known product code.
func (p ProductCode) Valid() bool { return slices.Contains(ProductCodes, p) }
