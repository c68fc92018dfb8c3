package http

import (
	"net/http"
	"time"

	"fuelportal"
	"fuelportal/rules"
	"fuelportal/store"
)

// driverCardResponse is the driver's own card on the wire: its effective
// rules and what its limits leave of them now.
type driverCardResponse struct {
	CardNumber         string                  `json:"cardNumber"`
	Status             fuelportal.CardStatus   `json:"status"`
	Controls           fuelportal.ControlsView `json:"controls"`
	TimeZone           string                  `json:"timeZone"`
	Left               allowanceResponse       `json:"left"`
	OverrideUntil      *time.Time              `json:"overrideUntil"`
	VehicleTankGallons *float64                `json:"vehicleTankGallons"`
	AsOf               time.Time               `json:"asOf"`

	// Issuer is network or stripe, IssuerCardID the Stripe card's id (nil
	// for none): a Stripe card's details can be revealed.
	Issuer       string  `json:"issuer"`
	IssuerCardID *string `json:"issuerCardId"`
	// OverrideLiftsPrompt: the active override lifts the pump prompt too.
	OverrideLiftsPrompt bool `json:"overrideLiftsPrompt"`
	// Prompts are what the pump asks on the card and the values to type.
	Prompts pumpPromptsResponse `json:"prompts"`
	// Shipping is the card's shipment (null: a card that is not shipped),
	// as the owner's card list shows it.
	Shipping *cardShippingDTO `json:"shipping"`
	// PumpCheck: the pump check applies to the card (the truck's position
	// is checked at the station; the driver's phone says what is kept).
	PumpCheck bool `json:"pumpCheck"`
}

// pumpPromptsResponse is what the pump asks on a card and the values the
// driver types: the driver id and the unit number when asked (null when
// not), and whether it asks for the odometer.
type pumpPromptsResponse struct {
	DriverID   *string `json:"driverId"`
	UnitNumber *string `json:"unitNumber"`
	Odometer   bool    `json:"odometer"`
}

func pumpPromptsFrom(p fuelportal.PumpPrompts) pumpPromptsResponse {
	res := pumpPromptsResponse{Odometer: p.Odometer}
	if p.DriverID != "" {
		res.DriverID = &p.DriverID
	}
	if p.UnitNumber != "" {
		res.UnitNumber = &p.UnitNumber
	}
	return res
}

// allowanceResponse is what the card's periodic limits leave: null where
// no rule limits it.
type allowanceResponse struct {
	Daily          *float64 `json:"daily"`
	DailyGallons   *float64 `json:"dailyGallons"`
	DailyPurchases *int     `json:"dailyPurchases"`
	Weekly         *float64 `json:"weekly"`
	Monthly        *float64 `json:"monthly"`
}

func allowanceFrom(a rules.Allowance) allowanceResponse {
	money := func(v *int64) *float64 {
		if v == nil {
			return nil
		}
		d := dollars(*v)
		return &d
	}
	res := allowanceResponse{Daily: money(a.DayCents), Weekly: money(a.WeekCents), Monthly: money(a.MonthCents), DailyPurchases: a.DayPurchases}
	if a.DayGallons != nil {
		g := a.DayGallons.Float()
		res.DailyGallons = &g
	}
	return res
}

func driverCardFrom(c *store.DriverCard, asOf time.Time) driverCardResponse {
	res := driverCardResponse{CardNumber: c.CardNumber, Status: c.Status, Issuer: c.Issuer, Controls: c.Controls.View(), TimeZone: c.TimeZone,
		Left: allowanceFrom(c.Left), OverrideUntil: utcPtr(c.OverrideUntil), OverrideLiftsPrompt: c.OverrideLiftsPrompt,
		Prompts: pumpPromptsFrom(c.Prompts), Shipping: cardShippingFrom(c.Shipping), PumpCheck: c.PumpCheck, AsOf: asOf.UTC()}
	if c.IssuerCardID != "" {
		res.IssuerCardID = &c.IssuerCardID
	}
	if c.VehicleTankGallons != nil {
		g := c.VehicleTankGallons.Float()
		res.VehicleTankGallons = &g
	}
	return res
}

// handleDriverCard answers the driver's linked card with its rules and
// what is left of its limits; 404 for a driver without a card.
func (s *Server) handleDriverCard(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	if p.CardID == 0 {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "You have no card"))
		return
	}
	now := s.Now()
	c, err := s.cardStore.DriverCard(r.Context(), p.CompanyID, p.CardID, now)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, driverCardFrom(c, now))
}
