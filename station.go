package fuelportal

import (
	"fmt"
	"strings"
	"time"
)

// TenthCents is a price per gallon in integer tenths of a cent: $3.859/gal
// is 3859. Prices are never floats inside the portal; they become dollars
// only at the JSON edge (Dollars).
type TenthCents int64

// Dollars returns the price in dollars per gallon, for JSON answers only.
func (p TenthCents) Dollars() float64 { return float64(p) / 1000 }

// String formats the price as dollars with three decimals ("3.859").
func (p TenthCents) String() string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	return fmt.Sprintf("%s%d.%03d", sign, p/1000, p%1000)
}

// Station is a fuel station with its current card and pump prices. ID is the
// price feed's locationId.
type Station struct {
	ID              int64
	Name            string
	StationLocation string // where it is on the road, e.g. "I-40 Exit 155"
	Address         string
	City            string
	State           string // two-letter code
	ZipCode         string
	Country         string // two-letter code, "US"
	Latitude        float64
	Longitude       float64
	Chain           string // chain code, e.g. "PILOT"; "" for independents
	Affiliate       string // affiliate code, e.g. "PILOT_FLYINGJ"; may be ""
	// RetailPrice is the pump price; NetPrice what a fuel card pays.
	RetailPrice TenthCents
	NetPrice    TenthCents
	// IFTARefund estimates the state fuel tax refundable per gallon.
	IFTARefund TenthCents
	// PriceDate is when the feed priced the station.
	PriceDate time.Time
	UpdatedAt time.Time
}

// PriceStaleAfter is the age from which a station's price is stale: shown
// as such, and used by the fuel plan only when fresh prices cannot make
// the trip.
const PriceStaleAfter = 48 * time.Hour

// PriceStale reports whether the station's price is older than
// PriceStaleAfter at now.
func (s *Station) PriceStale(now time.Time) bool { return now.Sub(s.PriceDate) > PriceStaleAfter }

// Savings is the card discount per gallon: retail minus net price.
func (s *Station) Savings() TenthCents { return s.RetailPrice - s.NetPrice }

// StationPrice is one entry of a station's price history.
type StationPrice struct {
	StationID   int64
	PriceDate   time.Time
	RetailPrice TenthCents
	NetPrice    TenthCents
	IFTARefund  TenthCents
}

// AddressLine is the station's address on one line ("12 Main St, Dallas,
// TX 75201"), as a purchase records where it was made.
func (s *Station) AddressLine() string {
	var parts []string
	for _, p := range []string{s.Address, s.City, strings.TrimSpace(s.State + " " + s.ZipCode)} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}
