package http

import (
	"encoding/json"
	"math/big"
	"net/http"
	"regexp"
	"strconv"

	"fuelportal"
)

type contractResponse struct {
	Pricing           fuelportal.PricingPlan `json:"pricing"`
	RetailMinusCents  float64                `json:"retailMinusCents"` // cents per gallon, one decimal
	Billing           fuelportal.BillingPlan `json:"billing"`
	CreditLimit       float64                `json:"creditLimit"`
	FeePerTransaction float64                `json:"feePerTransaction"`
	// The fuel planner's costs: dollars a mile off the route
	// (3 decimals) and dollars a stop.
	OutOfRouteCostPerMile float64 `json:"outOfRouteCostPerMile"`
	CostPerStop           float64 `json:"costPerStop"`
}

// contractOut is contract c on the wire.
func contractOut(c *fuelportal.Contract) contractResponse {
	return contractResponse{
		Pricing:               c.Pricing,
		RetailMinusCents:      float64(c.RetailMinusTenthCents) / 10,
		Billing:               c.Billing,
		CreditLimit:           dollars(c.CreditLimitCents),
		FeePerTransaction:     dollars(c.FeeCents),
		OutOfRouteCostPerMile: float64(c.OutOfRouteTenthCentsPerMile) / 1000,
		CostPerStop:           dollars(c.StopCostCents),
	}
}

// handleContract answers the caller's company contract.
func (s *Server) handleContract(w http.ResponseWriter, r *http.Request) {
	c, err := s.Contracts.Contract(r.Context(), PrincipalFromContext(r.Context()).CompanyID)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, contractOut(c))
}

// plannerCostsRequest is the owner's fuel planner costs: dollars as JSON
// numbers, read exactly (never through a float) by plannerCost.
type plannerCostsRequest struct {
	OutOfRouteCostPerMile json.RawMessage `json:"outOfRouteCostPerMile"`
	CostPerStop           json.RawMessage `json:"costPerStop"`
}

// handlePlannerCostsPut sets the out-of-route cost per mile and the cost
// per stop of the caller's company contract (the fuel planner weighs them)
// and answers the contract. Each is dollars from 0 to its maximum
// (fuelportal.MaxOutOfRouteTenthCentsPerMile, MaxStopCostCents) in whole
// cents; anything else is a field error.
func (s *Server) handlePlannerCostsPut(w http.ResponseWriter, r *http.Request) {
	var req plannerCostsRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	perMile := plannerCost(fe, "outOfRouteCostPerMile", req.OutOfRouteCostPerMile, fuelportal.MaxOutOfRouteTenthCentsPerMile/10, fuelportal.MsgOutOfRouteCostRange)
	perStop := plannerCost(fe, "costPerStop", req.CostPerStop, fuelportal.MaxStopCostCents, fuelportal.MsgStopCostRange)
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	c, err := s.Contracts.SetPlannerCosts(r.Context(), PrincipalFromContext(r.Context()).CompanyID,
		fuelportal.PlannerCosts{OutOfRouteTenthCentsPerMile: perMile * 10, StopCostCents: perStop})
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, contractOut(c))
}

// jsonNumber is the JSON number grammar, the exponent captured.
var jsonNumber = regexp.MustCompile(`^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE]([+-]?[0-9]+))?$`)

// maxCostExponent bounds the exponent of a cost: beyond it a non-zero
// number is out of range or finer than a cent anyway, and big.Rat is never
// asked for 10^1000000000.
const maxCostExponent = 40

// plannerCost reads raw, a JSON number of dollars from 0 to maxCents/100
// in whole cents, as cents, adding a field error to fe (and answering 0)
// when it is absent, not a number, out of range or finer than a cent.
func plannerCost(fe fuelportal.FieldErrors, field string, raw json.RawMessage, maxCents int64, rangeMsg string) int64 {
	text := string(raw)
	if len(raw) == 0 || text == "null" {
		fe.Add(field, fuelportal.MsgPlannerCostRequired)
		return 0
	}
	m := jsonNumber.FindStringSubmatch(text)
	if m == nil {
		fe.Add(field, fuelportal.MsgPlannerCostNumber)
		return 0
	}
	if m[1] != "" {
		if exp, err := strconv.Atoi(m[1]); err != nil || exp > maxCostExponent || exp < -maxCostExponent {
			// Zero is zero at any exponent; anything else is far out of
			// range, or a fraction of a cent.
			switch {
			case isZeroMantissa(text):
				return 0
			case text[0] == '-' || m[1][0] != '-':
				fe.Add(field, rangeMsg)
			default:
				fe.Add(field, fuelportal.MsgPlannerCostCents)
			}
			return 0
		}
	}
	v, ok := new(big.Rat).SetString(text)
	if !ok {
		fe.Add(field, fuelportal.MsgPlannerCostNumber)
		return 0
	}
	if v.Sign() < 0 || v.Cmp(big.NewRat(maxCents, 100)) > 0 {
		fe.Add(field, rangeMsg)
		return 0
	}
	cents := new(big.Rat).Mul(v, big.NewRat(100, 1))
	if !cents.IsInt() {
		fe.Add(field, fuelportal.MsgPlannerCostCents)
		return 0
	}
	return cents.Num().Int64()
}

// isZeroMantissa reports whether the JSON number text has only zero digits
// before its exponent.
func isZeroMantissa(text string) bool {
	for _, c := range text {
		switch {
		case c == 'e' || c == 'E':
			return true
		case c >= '1' && c <= '9':
			return false
		}
	}
	return true
}
