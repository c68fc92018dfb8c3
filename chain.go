package fuelportal

import "strings"

// Chain is a truck-stop brand stations belong to (Station.Chain holds its
// code).
type Chain struct {
	Code  string // "PILOT"
	Label string // "Pilot"
	// Affiliate is the code of the network the chain belongs to, if any.
	Affiliate string
}

// Chain codes of the known chains. Stations of other chains (from the
// price feed) are shown with their code as label and the default logo.
const (
	ChainPilot       = "PILOT"
	ChainFlyingJ     = "FLYING_J"
	ChainLoves       = "LOVES"
	ChainTA          = "TA"
	ChainPetro       = "PETRO"
	ChainAmbest      = "AMBEST"
	ChainSappBros    = "SAPP_BROS"
	ChainKwikTrip    = "KWIK_TRIP"
	ChainCaseys      = "CASEYS"
	ChainIndependent = "INDEPENDENT"
)

// Chains lists the known chains in the order the chain filter shows them.
var Chains = []Chain{
	{ChainPilot, "Pilot", AffiliatePilotFlyingJ},
	{ChainFlyingJ, "Flying J", AffiliatePilotFlyingJ},
	{ChainLoves, "Love's", AffiliateLoves},
	{ChainTA, "TA", AffiliateTAPetro},
	{ChainPetro, "Petro", AffiliateTAPetro},
	{ChainAmbest, "AMBEST", AffiliateAmbest},
	{ChainSappBros, "Sapp Bros", AffiliateSappBros},
	{ChainKwikTrip, "Kwik Trip", AffiliateKwikTrip},
	{ChainCaseys, "Casey's", AffiliateCaseys},
	{ChainIndependent, "Independent", ""},
}

// Affiliate is a network of chains or independent stations.
type Affiliate struct {
	Code  string
	Label string
}

// Affiliate codes.
const (
	AffiliatePilotFlyingJ = "PILOT_FLYINGJ"
	AffiliateLoves        = "LOVES"
	AffiliateTAPetro      = "TA_PETRO"
	AffiliateAmbest       = "AMBEST"
	AffiliateSappBros     = "SAPP_BROS"
	AffiliateKwikTrip     = "KWIK_TRIP"
	AffiliateCaseys       = "CASEYS"
)

// Affiliates lists the known affiliates.
var Affiliates = []Affiliate{
	{AffiliatePilotFlyingJ, "Pilot Flying J"},
	{AffiliateLoves, "Love's Travel Stops"},
	{AffiliateTAPetro, "TravelCenters of America"},
	{AffiliateAmbest, "AMBEST"},
	{AffiliateSappBros, "Sapp Bros"},
	{AffiliateKwikTrip, "Kwik Trip"},
	{AffiliateCaseys, "Casey's"},
}

// ChainLabel returns the display name of a chain code: the known label, or
// for an unknown code the code in title case with spaces ("BIG_RIG" →
// "Big Rig").
func ChainLabel(code string) string {
	for _, c := range Chains {
		if c.Code == code {
			return c.Label
		}
	}
	words := strings.Fields(strings.ReplaceAll(code, "_", " "))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + strings.ToLower(w[1:])
	}
	return strings.Join(words, " ")
}
