package http

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"fuelportal"
)

// hoursDTO is a daily window "HH:MM" to "HH:MM" in the company's time zone.
type hoursDTO struct {
	From string `json:"from" text:"code"`
	To   string `json:"to" text:"code"`
}

// ControlsRequest is a card's (or the company default's) controls on the wire:
// dollars, gallons and counts as JSON numbers read as decimals, codes as
// strings. A null or absent field is no rule at that level.
type ControlsRequest struct {
	PerPurchaseLimit    *json.Number `json:"perPurchaseLimit"`
	DailyLimit          *json.Number `json:"dailyLimit"`
	DailyGallonsLimit   *json.Number `json:"dailyGallonsLimit"`
	WeeklyLimit         *json.Number `json:"weeklyLimit"`
	DailyPurchasesLimit *json.Number `json:"dailyPurchasesLimit"`
	AllowedProducts     []string     `json:"allowedProducts" text:"code"`
	AllowedStates       []string     `json:"allowedStates" text:"code"`
	AllowedDays         []string     `json:"allowedDays" text:"code"`
	AllowedHours        *hoursDTO    `json:"allowedHours"`
	AllowedChains       []string     `json:"allowedChains" text:"code"`
	BlockedChains       []string     `json:"blockedChains" text:"code"`
	TankCapacityGallons *json.Number `json:"tankCapacityGallons"`
	ReeferTankGallons   *json.Number `json:"reeferTankGallons"`
	MonthlyBudget       *json.Number `json:"monthlyBudget"`
}

// companyControlsRequest is the company default: the controls and the
// time zone. ControlsRequest is exported so that decode's text check walks
// into the embedded fields.
type companyControlsRequest struct {
	ControlsRequest
	TimeZone string `json:"timeZone" text:"code"`
	// Prompt is what the pump asks for on cards without their own; absent
	// leaves it as it is.
	Prompt *string `json:"prompt" text:"code"`
}

var clockPattern = regexp.MustCompile(`^([01][0-9]|2[0-3]):([0-5][0-9])$`)

// controls converts the request, adding field errors for numbers and codes
// that do not parse; bounds are checked by Controls.Validate.
func (d ControlsRequest) controls(fe fuelportal.FieldErrors) fuelportal.Controls {
	decimal := func(field string, n *json.Number, scale int) *int64 {
		if n == nil {
			return nil
		}
		v, err := fuelportal.ParseDecimal(n.String(), scale)
		if err != nil {
			fe.Add(field, "Must be a positive number")
			return nil
		}
		return &v
	}
	gallons := func(field string, n *json.Number) *fuelportal.Gallons {
		if v := decimal(field, n, 3); v != nil {
			g := fuelportal.Gallons(*v)
			return &g
		}
		return nil
	}
	c := fuelportal.Controls{
		PerPurchaseCents:    decimal("perPurchaseLimit", d.PerPurchaseLimit, 2),
		DailyCents:          decimal("dailyLimit", d.DailyLimit, 2),
		WeeklyCents:         decimal("weeklyLimit", d.WeeklyLimit, 2),
		MonthlyBudgetCents:  decimal("monthlyBudget", d.MonthlyBudget, 2),
		DailyGallons:        gallons("dailyGallonsLimit", d.DailyGallonsLimit),
		TankCapacityGallons: gallons("tankCapacityGallons", d.TankCapacityGallons),
		ReeferTankGallons:   gallons("reeferTankGallons", d.ReeferTankGallons),
		AllowedStates:       d.AllowedStates,
		AllowedChains:       d.AllowedChains,
		BlockedChains:       d.BlockedChains,
	}
	if d.DailyPurchasesLimit != nil {
		if n, err := strconv.Atoi(d.DailyPurchasesLimit.String()); err == nil {
			c.DailyPurchases = &n
		} else {
			fe.Add("dailyPurchasesLimit", fmt.Sprintf("Must be a whole number from 1 to %d", fuelportal.MaxDailyPurchasesLimit))
		}
	}
	for _, p := range d.AllowedProducts {
		c.AllowedProducts = append(c.AllowedProducts, fuelportal.ProductCode(strings.ToUpper(strings.TrimSpace(p))))
	}
	for _, code := range d.AllowedDays {
		i := slices.IndexFunc(fuelportal.WeekdayCodes, func(w struct {
			Code string
			Day  time.Weekday
		}) bool {
			return w.Code == strings.ToUpper(strings.TrimSpace(code))
		})
		if i < 0 {
			fe.Add("allowedDays", "Unknown day: "+code+" (use MON to SUN)")
			break
		}
		c.AllowedDays = append(c.AllowedDays, fuelportal.WeekdayCodes[i].Day)
	}
	if h := d.AllowedHours; h != nil {
		from, okFrom := clockMinutes(h.From)
		to, okTo := clockMinutes(h.To)
		if !okFrom || !okTo {
			fe.Add("allowedHours", "Hours must be times like 05:00 and 22:00")
		} else {
			c.AllowedHours = &fuelportal.HourRange{From: from, To: to}
		}
	}
	return c
}

func clockMinutes(s string) (int, bool) {
	m := clockPattern.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, false
	}
	h, _ := strconv.Atoi(m[1])
	min, _ := strconv.Atoi(m[2])
	return h*60 + min, true
}

// cardNumberPath reads the {cardNumber} path parameter.
func cardNumberPath(r *http.Request) (string, error) {
	fe := fuelportal.FieldErrors{}
	number := strings.TrimSpace(pathText(fe, r, "cardNumber", "cardNumber"))
	return number, fe.Err()
}

// handleCardControlsGet answers the card's own controls (null fields
// inherit the company default); another company's card is 404.
func (s *Server) handleCardControlsGet(w http.ResponseWriter, r *http.Request) {
	number, err := cardNumberPath(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	c, err := s.controlsStore.CardControls(r.Context(), PrincipalFromContext(r.Context()).CompanyID, number)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, c.View())
}

// handleCardControlsPut saves the card's own controls (through the card
// issuing flow: changed dollar limits reach the card's issuer first) and
// answers them.
func (s *Server) handleCardControlsPut(w http.ResponseWriter, r *http.Request) {
	number, err := cardNumberPath(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var req ControlsRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	c := req.controls(fe)
	if err := mergeFieldErrors(fe, c.Validate()); err != nil {
		s.respondError(w, r, err)
		return
	}
	saved, err := s.Cards.SaveCardControls(r.Context(), PrincipalFromContext(r.Context()).CompanyID, number, c)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, saved.View())
}

// mergeFieldErrors adds the field errors of err to fe (fe's own message
// for a field wins) and returns them all, or err when it is not a
// validation error.
func mergeFieldErrors(fe fuelportal.FieldErrors, err error) error {
	fields := fuelportal.ErrorFields(err)
	if err != nil && fields == nil {
		return err
	}
	for field, msgs := range fields {
		if !fe.Has(field) {
			fe[field] = msgs
		}
	}
	return fe.Err()
}

// handleCompanyControlsGet answers the company's default controls and time
// zone.
func (s *Server) handleCompanyControlsGet(w http.ResponseWriter, r *http.Request) {
	c, err := s.controlsStore.CompanyControls(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, c.View())
}

// handleCompanyControlsPut saves the company's default controls and time
// zone and answers them.
func (s *Server) handleCompanyControlsPut(w http.ResponseWriter, r *http.Request) {
	var req companyControlsRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	c := fuelportal.CompanyControls{Controls: req.controls(fe), TimeZone: req.TimeZone}
	if req.Prompt != nil {
		c.Prompt = fuelportal.PromptMode(*req.Prompt)
		if c.Prompt == "" {
			fe.Add("prompt", fuelportal.MsgPromptInvalid)
		}
	} else {
		current, err := s.controlsStore.CompanyControls(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
		if err != nil {
			s.respondError(w, r, err)
			return
		}
		c.Prompt = current.Prompt
	}
	if err := mergeFieldErrors(fe, c.Validate()); err != nil {
		s.respondError(w, r, err)
		return
	}
	saved, err := s.Cards.SaveCompanyControls(r.Context(), PrincipalFromContext(r.Context()).CompanyID, c)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, saved.View())
}

type overrideRequest struct {
	Hours *json.Number `json:"hours"`
	// LiftsPrompt lifts the card's pump prompt too (default false).
	LiftsPrompt bool `json:"liftsPrompt"`
}

type overrideResponse struct {
	CardNumber  string `json:"cardNumber"`
	Until       string `json:"until"`
	LiftsPrompt bool   `json:"liftsPrompt"`
}

// handleOverrideGrant lifts the card's rules for hours (default 24), and
// its pump prompt when the owner asks (liftsPrompt), and answers until
// when. An empty body takes the defaults.
func (s *Server) handleOverrideGrant(w http.ResponseWriter, r *http.Request) {
	number, err := cardNumberPath(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var req overrideRequest
	if r.ContentLength != 0 {
		if err := decode(w, r, &req); err != nil {
			s.respondError(w, r, err)
			return
		}
	}
	hours := 0 // the service's default
	if req.Hours != nil {
		n, err := strconv.Atoi(req.Hours.String())
		if err != nil || n < fuelportal.MinOverrideHours || n > fuelportal.MaxOverrideHours {
			s.respondError(w, r, fuelportal.FieldError("hours", fuelportal.MsgOverrideHoursOutOfRange))
			return
		}
		hours = n
	}
	until, err := s.Overrides.Grant(r.Context(), PrincipalFromContext(r.Context()).CompanyID, number, hours, req.LiftsPrompt)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, overrideResponse{CardNumber: number, Until: fuelportal.WireTime(until), LiftsPrompt: req.LiftsPrompt})
}

// handleOverrideEnd ends the card's override now: 204.
func (s *Server) handleOverrideEnd(w http.ResponseWriter, r *http.Request) {
	number, err := cardNumberPath(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	if err := s.Overrides.End(r.Context(), PrincipalFromContext(r.Context()).CompanyID, number); err != nil {
		s.respondError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// controlsStore is the store as seen by the controls handlers and the
// wire converters (*store.DB).
type controlsStore interface {
	CardControls(ctx context.Context, companyID int64, cardNumber string) (c fuelportal.Controls, err error)
	CompanyControls(ctx context.Context, companyID int64) (c *fuelportal.CompanyControls, err error)
}
