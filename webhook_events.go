package fuelportal

import "encoding/json"

// The data of the events the flows publish (the payload's "data"; money in
// dollars, gallons and prices as numbers, instants RFC 3339 in UTC, as the
// API answers them).

// WebhookTransaction is the data of transaction.approved and
// transaction.declined.
type WebhookTransaction struct {
	TransactionID        int64             `json:"transactionId"`
	InvoiceRef           string            `json:"invoiceRef"`
	NetworkTransactionID string            `json:"networkTransactionId"`
	Status               TransactionStatus `json:"status"`
	DeclineCode          *DeclineReason    `json:"declineCode"`
	DeclineReason        *string           `json:"declineReason"`
	CardNumber           string            `json:"cardNumber"`
	DriverName           string            `json:"driverName"`
	DriverID             string            `json:"driverId"`
	LocationID           int64             `json:"locationId"`
	LocationName         string            `json:"locationName"`
	TransactionDate      string            `json:"transactionDate"`
	ProductCode          ProductCode       `json:"productCode"`
	Gallons              float64           `json:"gallons"`
	RetailPrice          float64           `json:"retailPrice"`
	NetPrice             float64           `json:"netPrice"`
	Discount             float64           `json:"discount"`
	Fee                  float64           `json:"fee"`
	FundedTotal          float64           `json:"fundedTotal"`
}

// TransactionWebhook returns the event type and data of recorded purchase t.
func TransactionWebhook(t *Transaction) (WebhookEventType, WebhookTransaction) {
	typ := WebhookTransactionApproved
	d := WebhookTransaction{
		TransactionID: t.ID, InvoiceRef: t.InvoiceRef, NetworkTransactionID: t.NetworkTransactionID, Status: t.Status,
		CardNumber: t.CardNumber, DriverName: t.DriverCardName, DriverID: t.DriverID, LocationID: t.LocationID, LocationName: t.LocationName,
		TransactionDate: WireTime(t.TransactionDate), ProductCode: t.Product, Gallons: t.Gallons.Float(),
		RetailPrice: t.RetailPrice.Dollars(), NetPrice: t.NetPrice.Dollars(),
		Discount: centsToDollars(t.DiscountCents), Fee: centsToDollars(t.FeeCents), FundedTotal: centsToDollars(t.FundedTotalCents),
	}
	if t.Status != TransactionApproved {
		typ = WebhookTransactionDeclined
		code, sentence := t.DeclineReason, t.DeclineReason.Sentence()
		d.DeclineCode, d.DeclineReason = &code, &sentence
	}
	return typ, d
}

// PurchaseEvent is the event of recorded purchase t on a company card:
// transaction.approved (with the notice asking the card's driver, its
// holder, for the job it lacks when its card requires one), or
// transaction.declined with the owners' DECLINE alert and the notice to
// the card's driver and the owners.
func PurchaseEvent(t *Transaction) *Event {
	typ, data := TransactionWebhook(t)
	e := &Event{Type: EventTransactionApproved, CompanyID: t.CompanyID, Data: data}
	if typ == WebhookTransactionApproved && t.MissingJob() && t.HolderUserID != 0 {
		n := JobNeededNotice(t)
		e.UserID, e.Notice = t.HolderUserID, &n
	}
	if typ == WebhookTransactionDeclined {
		n := DeclineNotice(t)
		e.Type, e.UserID, e.Alert, e.Notice = EventTransactionDeclined, t.HolderUserID, DeclineAlert(t), &n
	}
	return e
}

// WebhookTrip is the data of trip.created, trip.replanned and
// trip.completed: the trip and its current plan.
type WebhookTrip struct {
	TripID          int64             `json:"tripId"`
	Status          TripStatus        `json:"status"`
	CardNumber      string            `json:"cardNumber"`
	DriverName      string            `json:"driverName"`
	OriginName      string            `json:"originName"`
	DestinationName string            `json:"destinationName"`
	LockCard        bool              `json:"lockCard"`
	OwnerLock       bool              `json:"ownerLock"`
	PlanVersion     int               `json:"planVersion"`
	PlanReason      TripPlanReason    `json:"planReason"`
	TotalCost       float64           `json:"totalCost"`
	TotalGallons    float64           `json:"totalGallons"`
	Stops           []WebhookTripStop `json:"stops"`
	UpdatedAt       string            `json:"updatedAt"`
}

// WebhookTripStop is a planned purchase of a WebhookTrip.
type WebhookTripStop struct {
	StationID   int64   `json:"stationId"`
	StationName string  `json:"stationName"`
	Gallons     float64 `json:"gallons"`
	Price       float64 `json:"price"`
	Cost        float64 `json:"cost"`
	AlongMiles  float64 `json:"alongMiles"`
}

// TripWebhook returns the data of an event about trip t.
func TripWebhook(t *Trip) WebhookTrip {
	d := WebhookTrip{TripID: t.ID, Status: t.Status, CardNumber: t.CardNumber, DriverName: t.DriverName,
		OriginName: t.OriginName, DestinationName: t.DestinationName, LockCard: t.LockCard, OwnerLock: t.OwnerLock,
		Stops: []WebhookTripStop{}, UpdatedAt: WireTime(t.UpdatedAt)}
	if p := t.Plan; p != nil {
		d.PlanVersion, d.PlanReason, d.TotalCost, d.TotalGallons = p.Version, p.Reason, centsToDollars(p.TotalCents), p.TotalGallons.Float()
		for _, s := range p.Stops {
			d.Stops = append(d.Stops, WebhookTripStop{StationID: s.StationID, StationName: s.StationName, Gallons: s.Gallons.Float(),
				Price: s.Price.Dollars(), Cost: centsToDollars(s.CostCents), AlongMiles: float64(s.AlongMilli) / 1000})
		}
	}
	return d
}

func centsToDollars(cents int64) float64 { return float64(cents) / 100 }

// WebhookOverrideRequest is the data of override.requested and
// override.decided.
type WebhookOverrideRequest struct {
	RequestID     int64                 `json:"requestId"`
	Status        OverrideRequestStatus `json:"status"`
	CardNumber    string                `json:"cardNumber"`
	DriverName    string                `json:"driverName"`
	TransactionID int64                 `json:"transactionId"`
	DeclineCode   DeclineReason         `json:"declineCode"`
	Message       string                `json:"message"`
	CreatedAt     string                `json:"createdAt"`
	DecidedAt     *string               `json:"decidedAt"`
	OverrideUntil *string               `json:"overrideUntil"`
}

// OverrideRequestWebhook returns the data of an event about request r.
func OverrideRequestWebhook(r *OverrideRequest) WebhookOverrideRequest {
	d := WebhookOverrideRequest{RequestID: r.ID, Status: r.Status, CardNumber: r.CardNumber, DriverName: r.DriverName,
		TransactionID: r.TransactionID, DeclineCode: r.DeclineCode, Message: r.Message, CreatedAt: WireTime(r.CreatedAt)}
	if r.DecidedAt != nil {
		at := WireTime(*r.DecidedAt)
		d.DecidedAt = &at
	}
	if r.OverrideUntil != nil {
		until := WireTime(*r.OverrideUntil)
		d.OverrideUntil = &until
	}
	return d
}

// WebhookIFTAReturn is the data of ifta.return_closed: the quarter and the
// return as it was closed (the API's return JSON).
type WebhookIFTAReturn struct {
	Year     int             `json:"year"`
	Quarter  int             `json:"quarter"`
	FuelType string          `json:"fuelType"`
	ClosedAt string          `json:"closedAt"`
	Return   json.RawMessage `json:"return"`
}

// WebhookWallet is the data of wallet.low: the wallet's balance after the
// debit that took it below the owner's threshold, and the threshold.
type WebhookWallet struct {
	Balance   float64 `json:"balance"`
	Threshold float64 `json:"threshold"`
}

// WebhookAuthorization is the data of authorization.request: an issuer's
// real-time authorization request and the portal's answer to it.
type WebhookAuthorization struct {
	AuthorizationID string         `json:"authorizationId"`
	Issuer          string         `json:"issuer"`
	Approved        bool           `json:"approved"`
	Amount          float64        `json:"amount"`          // approved; 0 on a decline
	RequestedAmount float64        `json:"requestedAmount"` // what the pump asked
	DeclineCode     *DeclineReason `json:"declineCode"`
	DeclineReason   *string        `json:"declineReason"`
	RulesFired      []string       `json:"rulesFired"`
	TimedOut        bool           `json:"timedOut"` // answered by the company's timeout setting
	CardNumber      string         `json:"cardNumber"`
	MerchantName    string         `json:"merchantName"`
	ProductCode     ProductCode    `json:"productCode"`
	TransactionID   *int64         `json:"transactionId"` // the declined purchase a decline recorded
	AuthorizedAt    string         `json:"authorizedAt"`
	AnsweredAt      string         `json:"answeredAt"`
	LatencyMs       float64        `json:"latencyMs"`
}

// AuthorizationWebhook returns the data of decided authorization a.
func AuthorizationWebhook(a *Authorization) WebhookAuthorization {
	d := WebhookAuthorization{AuthorizationID: a.AuthorizationID, Issuer: a.Issuer, Approved: a.Approved, Amount: centsToDollars(a.AmountCents),
		RequestedAmount: centsToDollars(a.RequestedCents), RulesFired: append([]string{}, a.RulesFired...), TimedOut: a.TimedOut,
		CardNumber: a.CardNumber, MerchantName: a.MerchantName, ProductCode: a.Product, AuthorizedAt: WireTime(a.AuthorizedAt),
		AnsweredAt: WireTime(a.AnsweredAt), LatencyMs: float64(a.LatencyMicros) / 1000}
	if !a.Approved {
		code, sentence := a.DeclineCode, a.DeclineCode.Sentence()
		d.DeclineCode, d.DeclineReason = &code, &sentence
	}
	if a.TransactionID != 0 {
		id := a.TransactionID
		d.TransactionID = &id
	}
	return d
}

// WebhookRefund is the data of refund.created: money back to the wallet
// from the fuel-purchases account, a merchant's refund or the network's
// reversal of a captured purchase (reason "refund" or "reversal").
type WebhookRefund struct {
	RefundID            int64   `json:"refundId"`
	Reason              string  `json:"reason"`
	Amount              float64 `json:"amount"`
	TransactionID       *int64  `json:"transactionId"` // the purchase refunded; null when the issuer named none of ours
	InvoiceRef          string  `json:"invoiceRef"`
	CardNumber          string  `json:"cardNumber"`
	IssuerTransactionID string  `json:"issuerTransactionId"`
	CreatedAt           string  `json:"createdAt"`
}

// RefundEvent is the event of recorded refund r: refund.created with the
// REFUND alert for the office (owners, admins, bookkeepers).
func RefundEvent(r *Refund) *Event {
	d := WebhookRefund{RefundID: r.ID, Reason: r.Reason(), Amount: centsToDollars(r.AmountCents), InvoiceRef: r.InvoiceRef,
		IssuerTransactionID: r.IssuerTransactionID, CreatedAt: WireTime(r.CreatedAt)}
	a := &Alert{}
	if p := r.Purchase; p != nil {
		id := p.ID
		d.TransactionID, d.CardNumber = &id, p.CardNumber
		a.TransactionID, a.CardID, a.CardNumber, a.DriverName = p.ID, p.CardID, p.CardNumber, p.DriverCardName
	}
	n := RefundNotice(r)
	title, body := n.Texts(LanguageEnglish)
	a.Message, a.Notice = clipMessage(title+": "+body), &n
	return &Event{Type: EventRefundCreated, CompanyID: r.CompanyID, Alert: a, Data: d}
}
