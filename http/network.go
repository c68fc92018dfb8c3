package http

import (
	"crypto/subtle"
	"encoding/json"
	"net/http"
	"strings"

	"fuelportal"
	"fuelportal/purchases"
)

// networkPurchaseRequest is a purchase as the card network posts it.
// Gallons and retailPrice are JSON numbers read as decimals (no floats).
type networkPurchaseRequest struct {
	NetworkTransactionID string      `json:"networkTransactionId" text:"networkTransactionId"`
	CardNumber           string      `json:"cardNumber" text:"cardNumber"`
	LocationID           int64       `json:"locationId"`
	Gallons              json.Number `json:"gallons"`
	RetailPrice          json.Number `json:"retailPrice"`
	TransactionDate      string      `json:"transactionDate" text:"date"`
	ProductCode          string      `json:"productCode" text:"code"` // "" is DSL
	// What the driver keyed in at the pump (optional).
	DriverID   string `json:"driverId" text:"driverId"`
	UnitNumber string `json:"unitNumber" text:"unitNumber"`
	Odometer   *int64 `json:"odometer"`
	// AuthorizationID names the network authorization this purchase
	// captures (optional: without it the purchase is decided here).
	AuthorizationID string `json:"authorizationId" text:"authorizationId"`
}

// purchase converts and validates the request: numbers and dates that do
// not parse, and the purchase's own rules, are field errors.
func (req networkPurchaseRequest) purchase() (*fuelportal.CardPurchase, error) {
	p := &fuelportal.CardPurchase{NetworkTransactionID: req.NetworkTransactionID, CardNumber: req.CardNumber, LocationID: req.LocationID,
		Product:         fuelportal.ProductCode(strings.ToUpper(strings.TrimSpace(req.ProductCode))),
		Prompt:          fuelportal.PumpPrompt{DriverID: req.DriverID, UnitNumber: req.UnitNumber, Odometer: req.Odometer},
		AuthorizationID: strings.TrimSpace(req.AuthorizationID)}
	fe := fuelportal.FieldErrors{}
	if g, err := fuelportal.ParseDecimal(req.Gallons.String(), 3); err == nil {
		p.Gallons = fuelportal.Gallons(g)
	} else if req.Gallons != "" {
		fe.Add("gallons", "Gallons must be a positive number")
	}
	if price, err := fuelportal.ParseDecimal(req.RetailPrice.String(), 3); err == nil {
		p.RetailPrice = fuelportal.TenthCents(price)
	} else if req.RetailPrice != "" {
		fe.Add("retailPrice", "Retail price must be a positive number")
	}
	if req.TransactionDate != "" {
		t, zoned, err := fuelportal.ParseTransactionTime(req.TransactionDate)
		if err != nil {
			fe.Add("transactionDate", "Must be a date like 2026-11-22T14:03:00")
		}
		p.TransactionDate, p.StationClock = t, !zoned
	}
	for field, msgs := range fuelportal.ErrorFields(p.Validate()) {
		if !fe.Has(field) {
			fe[field] = msgs
		}
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	return p, nil
}

type networkPurchaseResponse struct {
	TransactionID        int64                        `json:"transactionId"`
	NetworkTransactionID string                       `json:"networkTransactionId"`
	InvoiceRef           string                       `json:"invoiceRef"`
	Status               fuelportal.TransactionStatus `json:"status"`
	ProductCode          fuelportal.ProductCode       `json:"productCode"`
	DeclineCode          *fuelportal.DeclineReason    `json:"declineCode"`
	DeclineReason        *string                      `json:"declineReason"`
	TransactionDate      string                       `json:"transactionDate"`
	FuelQuantity         float64                      `json:"fuelQuantity"`
	RetailPrice          float64                      `json:"retailPrice"`
	NetPrice             float64                      `json:"netPrice"`
	DiscAmount           float64                      `json:"discAmount"`
	Fee                  float64                      `json:"fee"`
	FundedTotal          float64                      `json:"fundedTotal"`
}

// handleNetworkPurchase records a purchase reported by the card network
// (authenticated by the X-Network-Key header, not a user token): 201 with
// the outcome the first time, 200 with the first outcome on a repeat of the
// same networkTransactionId.
//
// With authorizationId the purchase captures that network authorization
// (its hold becomes the purchase); an id that is not an open
// authorization of the card is a 400 with an authorizationId field error.
func (s *Server) handleNetworkPurchase(w http.ResponseWriter, r *http.Request) {
	if !s.networkCaller(w, r) {
		return
	}
	var req networkPurchaseRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	purchase, err := req.purchase()
	if err != nil {
		s.respondError(w, r, err)
		return
	}

	t, created, err := s.Purchases.Record(r.Context(), purchase)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	res := networkPurchaseResponse{
		TransactionID: t.ID, NetworkTransactionID: t.NetworkTransactionID, InvoiceRef: t.InvoiceRef, Status: t.Status,
		TransactionDate: fuelportal.WireTime(t.TransactionDate), FuelQuantity: t.Gallons.Float(),
		RetailPrice: perGallon(t.RetailPrice), NetPrice: perGallon(t.NetPrice),
		DiscAmount: dollars(t.DiscountCents), Fee: dollars(t.FeeCents), FundedTotal: dollars(t.FundedTotalCents),
	}
	res.ProductCode, res.DeclineCode, res.DeclineReason = productCode(t), declineCode(t), declineSentence(t)
	respond(w, status, res)
}

// networkCaller reports whether r carries the card network's key
// (X-Network-Key), answering the error itself when not.
func (s *Server) networkCaller(w http.ResponseWriter, r *http.Request) bool {
	if s.NetworkKey == "" {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The card network feed is not configured"))
		return false
	}
	key := strings.TrimSpace(r.Header.Get("X-Network-Key"))
	if subtle.ConstantTimeCompare([]byte(key), []byte(s.NetworkKey)) != 1 {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Invalid network key"))
		return false
	}
	return true
}

// networkAuthorizationRequest is the card network asking, before fuel
// flows, whether to approve a purchase: the purchase feed's facts without
// the gallons (unknown at the pump), with the network's authorization id
// and the amount asked for, in dollars read as a decimal (no floats).
type networkAuthorizationRequest struct {
	AuthorizationID string      `json:"authorizationId" text:"authorizationId"`
	CardNumber      string      `json:"cardNumber" text:"cardNumber"`
	LocationID      int64       `json:"locationId"`
	Amount          json.Number `json:"amount"`
	RetailPrice     json.Number `json:"retailPrice"`                 // optional: the station's price in the catalog
	TransactionDate string      `json:"transactionDate" text:"date"` // optional: now
	ProductCode     string      `json:"productCode" text:"code"`     // "" is DSL
	DriverID        string      `json:"driverId" text:"driverId"`
	UnitNumber      string      `json:"unitNumber" text:"unitNumber"`
	Odometer        *int64      `json:"odometer"`
}

// request converts the body: numbers and dates that do not parse are
// field errors; the request's own rules are the service's.
func (req networkAuthorizationRequest) request() (*fuelportal.AuthorizationRequest, error) {
	a := &fuelportal.AuthorizationRequest{ID: strings.TrimSpace(req.AuthorizationID), CardNumber: strings.TrimSpace(req.CardNumber),
		LocationID: req.LocationID, Product: fuelportal.ProductCode(strings.ToUpper(strings.TrimSpace(req.ProductCode))),
		Prompt: fuelportal.PumpPrompt{DriverID: req.DriverID, UnitNumber: req.UnitNumber, Odometer: req.Odometer}}
	fe := fuelportal.FieldErrors{}
	if cents, err := fuelportal.ParseDecimal(req.Amount.String(), 2); err == nil && cents > 0 && cents <= fuelportal.MaxAuthorizationCents {
		a.AmountCents = cents
	} else {
		fe.Add("amount", fuelportal.MsgAuthorizationAmountInvalid)
	}
	if req.RetailPrice != "" {
		if price, err := fuelportal.ParseDecimal(req.RetailPrice.String(), 3); err == nil && price > 0 {
			a.RetailPrice = fuelportal.TenthCents(price)
		} else {
			fe.Add("retailPrice", "Retail price must be a positive number")
		}
	}
	if req.TransactionDate != "" {
		t, zoned, err := fuelportal.ParseTransactionTime(req.TransactionDate)
		if err != nil {
			fe.Add("transactionDate", "Must be a date like 2026-11-22T14:03:00")
		}
		a.Created, a.StationClock = t, !zoned
	}
	if err := fe.Err(); err != nil {
		return nil, err
	}
	return a, nil
}

// networkAuthorizationResponse is the decision: the amount approved (the
// request's or less) in dollars, or the decline's code and sentence.
type networkAuthorizationResponse struct {
	AuthorizationID string                    `json:"authorizationId"`
	Approved        bool                      `json:"approved"`
	Amount          float64                   `json:"amount"`
	DeclineCode     *fuelportal.DeclineReason `json:"declineCode"`
	DeclineReason   *string                   `json:"declineReason"`
	// PumpCheck is what the pump check used (absent: it did not apply).
	PumpCheck *fuelportal.PumpCheck `json:"pumpCheck,omitempty"`
}

func networkAuthorizationFrom(a *fuelportal.Authorization) networkAuthorizationResponse {
	res := networkAuthorizationResponse{AuthorizationID: a.AuthorizationID, Approved: a.Approved, Amount: dollars(a.AmountCents), PumpCheck: a.PumpCheck}
	if a.DeclineCode != "" {
		code, sentence := a.DeclineCode, a.DeclineCode.Sentence()
		res.DeclineCode, res.DeclineReason = &code, &sentence
	}
	return res
}

// handleNetworkAuthorization decides the card network's authorization
// request (X-Network-Key) by the one authorization decision: 201 with the
// answer the first time, 200 with the first answer on a replay of the same
// authorizationId (nothing more held).
func (s *Server) handleNetworkAuthorization(w http.ResponseWriter, r *http.Request) {
	if !s.networkCaller(w, r) {
		return
	}
	var req networkAuthorizationRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	ar, err := req.request()
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	a, created, err := s.Purchases.AuthorizeNetwork(r.Context(), ar)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	respond(w, status, networkAuthorizationFrom(a))
}

// networkReversalRequest is the reversal's optional body: of a captured
// purchase, the amount reversed in dollars (read as a decimal; absent: all
// that is left) and the id of this reversal when the network reverses a
// purchase in parts.
type networkReversalRequest struct {
	Amount     json.Number `json:"amount"`
	ReversalID string      `json:"reversalId" text:"authorizationId"`
}

// networkReversalResponse is an authorization's state after its reversal
// and, for a captured purchase, what came back to the wallet.
type networkReversalResponse struct {
	AuthorizationID string                         `json:"authorizationId"`
	Status          fuelportal.AuthorizationStatus `json:"status"`
	// Credited is the reversal's credit to the wallet in dollars (0 for a
	// hold released); TransactionID the purchase reversed (null for none).
	Credited      float64 `json:"credited"`
	TransactionID *int64  `json:"transactionId"`
}

// handleNetworkReversal applies the network's reversal of one of its
// authorizations (X-Network-Key): a held one's hold is released (RELEASED);
// a captured one's purchase is credited back to the wallet through the
// refund path (CAPTURED, with what was credited; the same answer on a
// repeat asking the same amount); a declined one is unchanged. 404 for an
// id the network never asked about, 400 for a bad amount or one beyond the
// captured purchase, 409 when nothing is left to reverse or the reversal's
// id was used with another amount (purchases.Service.ReverseNetwork).
func (s *Server) handleNetworkReversal(w http.ResponseWriter, r *http.Request) {
	if !s.networkCaller(w, r) {
		return
	}
	fe := fuelportal.FieldErrors{}
	id := pathText(fe, r, "authorizationId", "authorizationId")
	var req networkReversalRequest
	if err := decodeOptional(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	rev := purchases.NetworkReversal{AuthorizationID: id, ReversalID: strings.TrimSpace(req.ReversalID)}
	if req.Amount != "" {
		cents, err := fuelportal.ParseDecimal(req.Amount.String(), 2)
		if err != nil || cents <= 0 || cents > fuelportal.MaxCaptureCents {
			fe.Add("amount", fuelportal.MsgAuthorizationAmountInvalid)
		}
		rev.AmountCents = cents
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	out, err := s.Purchases.ReverseNetwork(r.Context(), rev)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := networkReversalResponse{AuthorizationID: out.Authorization.AuthorizationID, Status: out.Authorization.Status}
	if rf := out.Refund; rf != nil {
		res.Credited = dollars(rf.AmountCents)
		if rf.TransactionID != 0 {
			id := rf.TransactionID
			res.TransactionID = &id
		}
	}
	respond(w, http.StatusOK, res)
}
