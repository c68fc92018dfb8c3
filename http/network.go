package http

import (
	"crypto/subtle"
	"encoding/json"
	"net/http"
	"strings"

	"fuelportal"
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
}

// purchase converts and validates the request: numbers and dates that do
// not parse, and the purchase's own rules, are field errors.
func (req networkPurchaseRequest) purchase() (*fuelportal.CardPurchase, error) {
	p := &fuelportal.CardPurchase{NetworkTransactionID: req.NetworkTransactionID, CardNumber: req.CardNumber, LocationID: req.LocationID,
		Product: fuelportal.ProductCode(strings.ToUpper(strings.TrimSpace(req.ProductCode))),
		Prompt:  fuelportal.PumpPrompt{DriverID: req.DriverID, UnitNumber: req.UnitNumber, Odometer: req.Odometer}}
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
func (s *Server) handleNetworkPurchase(w http.ResponseWriter, r *http.Request) {
	if s.NetworkKey == "" {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The card network feed is not configured"))
		return
	}
	key := strings.TrimSpace(r.Header.Get("X-Network-Key"))
	if subtle.ConstantTimeCompare([]byte(key), []byte(s.NetworkKey)) != 1 {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.EUNAUTHORIZED, "Invalid network key"))
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
