package http

import (
	"context"
	"net/http"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/issuing"
	"fuelportal/store"
)

// cardDTO is a fuel card on the wire; the number is sent in full (the web
// app masks it).
type cardDTO struct {
	CardNumber string                `json:"cardNumber" text:"cardNumber"`
	Status     fuelportal.CardStatus `json:"status" text:"code"`
	DriverName string                `json:"driverName" text:"driverName"`
	DriverID   string                `json:"driverId" text:"driverId"`
	UnitNumber string                `json:"unitNumber" text:"unitNumber"`
	// Prompt is what the pump asks for on the card: a prompt mode, or
	// "default" for the company default's. In an update, absent leaves it
	// as it is.
	Prompt string `json:"prompt" text:"code"`
}

// promptDefault is the card prompt of a card that takes the company
// default.
const promptDefault = "default"

func cardFromDomain(c *fuelportal.Card) cardDTO {
	prompt := string(c.Prompt)
	if prompt == "" {
		prompt = promptDefault
	}
	return cardDTO{CardNumber: c.CardNumber, Status: c.Status, DriverName: c.DriverName, DriverID: c.DriverID, UnitNumber: c.UnitNumber, Prompt: prompt}
}

// cardPrompt is the card prompt of an update: nil (absent: unchanged),
// "" for "default", or the mode (CardUpdate.Validate checks it).
func cardPrompt(wire string) *fuelportal.PromptMode {
	var m fuelportal.PromptMode
	switch wire {
	case "":
		return nil
	case promptDefault:
	default:
		m = fuelportal.PromptMode(wire)
	}
	return &m
}

// cardIssuerDTO is what the card's issuer keeps of it, for owners; null
// where the issuer has none (the network issuer has none of them).
type cardIssuerDTO struct {
	Issuer       string  `json:"issuer"`
	IssuerCardID *string `json:"issuerCardId"`
	Last4        *string `json:"last4"`
	ExpMonth     *int    `json:"expMonth"`
	ExpYear      *int    `json:"expYear"`
	// Shipping is a physical card's shipment; null for a card that is not
	// shipped (virtual, network).
	Shipping *cardShippingDTO `json:"shipping"`
}

// cardShippingDTO is a physical card's shipment as the issuer last
// reported it; null where the issuer has not said yet.
type cardShippingDTO struct {
	Status         fuelportal.ShippingStatus `json:"status"`
	Carrier        *string                   `json:"carrier"`
	TrackingNumber *string                   `json:"trackingNumber"`
	TrackingURL    *string                   `json:"trackingUrl"`
	ETA            *string                   `json:"eta"`
}

func cardShippingFrom(s *fuelportal.CardShipping) *cardShippingDTO {
	if s == nil {
		return nil
	}
	text := func(v string) *string {
		if v == "" {
			return nil
		}
		return &v
	}
	d := &cardShippingDTO{Status: s.Status, Carrier: text(s.Carrier), TrackingNumber: text(s.TrackingNumber), TrackingURL: text(s.TrackingURL)}
	if s.ETA != nil {
		d.ETA = text(fuelportal.WireTime(*s.ETA))
	}
	return d
}

func cardIssuerFromDomain(c *fuelportal.Card) cardIssuerDTO {
	d := cardIssuerDTO{Issuer: c.Issuer, Shipping: cardShippingFrom(c.Shipping)}
	if c.IssuerCardID != "" {
		d.IssuerCardID = &c.IssuerCardID
	}
	if c.Last4 != "" {
		d.Last4 = &c.Last4
	}
	if c.ExpMonth != 0 && c.ExpYear != 0 {
		d.ExpMonth, d.ExpYear = &c.ExpMonth, &c.ExpYear
	}
	return d
}

// ownerCardDTO is a card as its company's owner sees it.
type ownerCardDTO struct {
	cardDTO
	cardIssuerDTO
}

func ownerCardFromDomain(c *fuelportal.Card) ownerCardDTO {
	return ownerCardDTO{cardDTO: cardFromDomain(c), cardIssuerDTO: cardIssuerFromDomain(c)}
}

// cardListItem is a card of the list with what its controls amount to.
type cardListItem struct {
	cardDTO
	cardIssuerDTO
	ControlsActive bool     `json:"controlsActive"` // any rule applies, own or inherited
	OverrideUntil  *string  `json:"overrideUntil"`  // an active override's end
	MonthlyBudget  *float64 `json:"monthlyBudget"`
	MonthSpend     float64  `json:"monthSpend"` // approved funded totals this month
	GroupID        *int64   `json:"groupId"`    // the card's group; null: none
}

type cardListResponse struct {
	Value []cardListItem `json:"value"`
}

// handleCardList answers the caller's company cards (a member limited to a
// group: that group's), filtered by searchText (card number, driver name,
// driver id, unit number).
func (s *Server) handleCardList(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	fe := fuelportal.FieldErrors{}
	search := queryText(fe, r.URL.Query(), "searchText", "searchText")
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}
	cards, err := s.cardStore.CompanyCardsIn(r.Context(), p.CompanyID, p.GroupID, search)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	summaries, err := s.cardStore.CardControlSummaries(r.Context(), p.CompanyID, s.Now())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := cardListResponse{Value: make([]cardListItem, 0, len(cards))}
	for _, c := range cards {
		item := cardListItem{cardDTO: cardFromDomain(c), cardIssuerDTO: cardIssuerFromDomain(c), GroupID: optionalID(c.GroupID)}
		if sum := summaries[c.ID]; sum != nil {
			item.ControlsActive, item.MonthSpend = sum.Active, dollars(sum.MonthSpendCents)
			if sum.OverrideUntil != nil {
				until := fuelportal.WireTime(*sum.OverrideUntil)
				item.OverrideUntil = &until
			}
			if sum.MonthlyBudgetCents != nil {
				budget := dollars(*sum.MonthlyBudgetCents)
				item.MonthlyBudget = &budget
			}
		}
		res.Value = append(res.Value, item)
	}
	respond(w, http.StatusOK, res)
}

// handleCardUpdate saves a card's driver details and status; a status
// change reaches the card's issuer first (503 and nothing saved when it
// cannot). A card of another company is 404.
func (s *Server) handleCardUpdate(w http.ResponseWriter, r *http.Request) {
	var req cardDTO
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	upd := fuelportal.CardUpdate{CardNumber: req.CardNumber, DriverName: req.DriverName, DriverID: req.DriverID,
		UnitNumber: req.UnitNumber, Status: req.Status, Prompt: cardPrompt(req.Prompt)}
	if err := s.seesCard(r.Context(), upd.CardNumber); err != nil {
		s.respondError(w, r, err)
		return
	}
	card, err := s.Cards.UpdateCard(r.Context(), PrincipalFromContext(r.Context()).CompanyID, upd)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, ownerCardFromDomain(card))
}

// cardOrderRequest is an owner's order of a new card.
type cardOrderRequest struct {
	DriverName string `json:"driverName" text:"driverName"`
	DriverID   string `json:"driverId" text:"driverId"`
	UnitNumber string `json:"unitNumber" text:"unitNumber"`
	Type       string `json:"type" text:"code"`
}

// handleCardOrder issues a new card of the owner's company through the
// deployment's card issuer and answers it, 201. An issuer that cannot be
// reached is 503, one that refuses 422; nothing is saved then.
func (s *Server) handleCardOrder(w http.ResponseWriter, r *http.Request) {
	var req cardOrderRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	order := fuelportal.CardOrder{DriverName: req.DriverName, DriverID: req.DriverID, UnitNumber: req.UnitNumber, Type: fuelportal.CardType(req.Type)}
	card, err := s.Cards.Order(r.Context(), PrincipalFromContext(r.Context()).CompanyID, order)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusCreated, ownerCardFromDomain(card))
}

type cardRevealRequest struct {
	Nonce string `json:"nonce" text:"nonce"`
}

// cardRevealResponse is what Stripe's Issuing Elements need to show the
// card's details in the browser that asked.
type cardRevealResponse struct {
	EphemeralKeySecret string `json:"ephemeralKeySecret"`
	IssuingCardID      string `json:"issuingCardId"`
	StripeVersion      string `json:"stripeVersion"`
}

// handleCardReveal answers the ephemeral key with which the browser's
// Issuing Elements show a Stripe card's number, expiry and CVC: for an
// owner of the card's company or the driver holding it. Another company's
// card, or one the driver does not hold, is 404; a network card 409.
func (s *Server) handleCardReveal(w http.ResponseWriter, r *http.Request) {
	number, err := cardNumberPath(r)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	var req cardRevealRequest
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	p := PrincipalFromContext(r.Context())
	viewer := issuing.CardViewer{CompanyID: p.CompanyID, UserID: p.UserID, Owner: p.Role == fuelportal.RoleCompany}
	key, err := s.Cards.RevealCardDetails(r.Context(), viewer, number, strings.TrimSpace(req.Nonce))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, cardRevealResponse{EphemeralKeySecret: key.Secret, IssuingCardID: key.IssuerCardID, StripeVersion: key.APIVersion})
}

// cardStore is the store as seen by the card list and the driver's card
// page (*store.DB).
type cardStore interface {
	CardControlSummaries(ctx context.Context, companyID int64, now time.Time) (sums map[int64]*store.CardControlSummary, err error)
	CompanyCardsIn(ctx context.Context, companyID, groupID int64, search string) (cards []*fuelportal.Card, err error)
	DriverCard(ctx context.Context, companyID int64, cardID int64, now time.Time) (c *store.DriverCard, err error)
}
