package fuelportal

import "slices"

// DeclineReason says why a purchase was declined: a stable code (the API's
// declineCode), with a sentence for people (Sentence, the API's
// declineReason).
type DeclineReason string

// Decline codes of the card itself and of the wallet.
const (
	DeclineCardInactive       DeclineReason = "CARD_INACTIVE"
	DeclineUnknownCard        DeclineReason = "UNKNOWN_CARD"
	DeclineInsufficientFunds  DeclineReason = "INSUFFICIENT_FUNDS" // prepaid balance cannot cover it
	DeclineCreditLimitReached DeclineReason = "CREDIT_LIMIT"       // invoice credit limit cannot cover it
)

// Decline codes of the card controls and the fraud check.
const (
	DeclinePerPurchaseLimit    DeclineReason = "PER_PURCHASE_LIMIT"
	DeclineDailyLimit          DeclineReason = "DAILY_LIMIT"
	DeclineDailyGallonsLimit   DeclineReason = "DAILY_GALLONS_LIMIT"
	DeclineWeeklyLimit         DeclineReason = "WEEKLY_LIMIT"
	DeclineDailyPurchasesLimit DeclineReason = "DAILY_PURCHASES_LIMIT"
	DeclineProductNotAllowed   DeclineReason = "PRODUCT_NOT_ALLOWED"
	DeclineDayNotAllowed       DeclineReason = "DAY_NOT_ALLOWED"
	DeclineHourNotAllowed      DeclineReason = "HOUR_NOT_ALLOWED"
	DeclineStateNotAllowed     DeclineReason = "STATE_NOT_ALLOWED"
	DeclineChainNotAllowed     DeclineReason = "CHAIN_NOT_ALLOWED"
	DeclineOverTankCapacity    DeclineReason = "OVER_TANK_CAPACITY"
	DeclineSuspiciousDistance  DeclineReason = "SUSPICIOUS_DISTANCE"
	DeclineMonthlyBudget       DeclineReason = "MONTHLY_BUDGET"
)

// Decline codes of a locked trip (its sentences are the Msg constants).
const (
	DeclineNotPlannedStop     DeclineReason = "NOT_PLANNED_STOP"
	DeclineOverPlannedGallons DeclineReason = "OVER_PLANNED_GALLONS" // one purchase above its stop's bound
	// DeclineOverGallonsLeft: with what was already bought under the plan,
	// the purchase passes its stop's or the trip's bound.
	DeclineOverGallonsLeft DeclineReason = "OVER_GALLONS_LEFT"

	MsgNotPlannedStop     = "Not a planned stop"
	MsgOverPlannedGallons = "More than the planned gallons"
	MsgOverGallonsLeft    = "More than the planned gallons left"
)

// Decline codes of the card's pump prompt (rules.CheckPrompt): a keyed
// value that is missing or is not the card's, or an impossible odometer.
const (
	DeclineDriverIDInvalid   DeclineReason = "DRIVER_ID_INVALID"
	DeclineUnitNumberInvalid DeclineReason = "UNIT_NUMBER_INVALID"
	DeclineOdometerInvalid   DeclineReason = "ODOMETER_INVALID"
)

// Decline codes of the pump check (rules.CheckPump): the truck is not at
// the pump, its position is unknown and the driver is asked, or the
// purchase is more fuel than its tank has room for.
const (
	DeclineVehicleNotAtStation DeclineReason = "VEHICLE_NOT_AT_STATION"
	DeclinePumpCheckChallenge  DeclineReason = "PUMP_CHECK_CHALLENGE"
	DeclineOverTankSpace       DeclineReason = "OVER_TANK_SPACE"
)

// declineSentences are the sentences of the decline codes, verbatim from
// the API contract shared with the web app.
var declineSentences = map[DeclineReason]string{
	DeclineCardInactive:        "Card is inactive",
	DeclineUnknownCard:         "Unknown card",
	DeclineInsufficientFunds:   "Insufficient funds in the wallet",
	DeclineCreditLimitReached:  "Credit limit reached",
	DeclinePerPurchaseLimit:    "Over the per-purchase limit",
	DeclineDailyLimit:          "Over the daily limit",
	DeclineDailyGallonsLimit:   "Over the daily gallons limit",
	DeclineWeeklyLimit:         "Over the weekly limit",
	DeclineDailyPurchasesLimit: "Too many purchases today",
	DeclineProductNotAllowed:   "Product not allowed",
	DeclineDayNotAllowed:       "Purchases not allowed on this day",
	DeclineHourNotAllowed:      "Purchases not allowed at this hour",
	DeclineStateNotAllowed:     "Purchases not allowed in this state",
	DeclineChainNotAllowed:     "Chain not allowed",
	DeclineOverTankCapacity:    "Over tank capacity",
	DeclineSuspiciousDistance:  "Suspicious: too far from the last purchase",
	DeclineMonthlyBudget:       "Over the monthly budget",
	DeclineNotPlannedStop:      MsgNotPlannedStop,
	DeclineOverPlannedGallons:  MsgOverPlannedGallons,
	DeclineOverGallonsLeft:     MsgOverGallonsLeft,
	DeclineDriverIDInvalid:     "Driver ID missing or not the card's",
	DeclineUnitNumberInvalid:   "Unit number missing or not the card's",
	DeclineOdometerInvalid:     "Odometer reading missing or not possible",
	DeclineVehicleNotAtStation: "The truck's position does not place it at this station",
	DeclinePumpCheckChallenge:  "Confirm on your phone that you are fueling the truck, then try again",
	DeclineOverTankSpace:       "More fuel than the truck's tank has room for",
}

// Sentence returns the clear sentence of a decline code ("" for none; the
// code itself for a code this build does not know).
func (r DeclineReason) Sentence() string {
	if r == "" {
		return ""
	}
	if s, ok := declineSentences[r]; ok {
		return s
	}
	return string(r)
}

// DeclineReasons lists every decline code with a sentence.
func DeclineReasons() []DeclineReason {
	codes := make([]DeclineReason, 0, len(declineSentences))
	for c := range declineSentences {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	return codes
}
