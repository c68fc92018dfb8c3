package http

import (
	"net/http"

	"fuelportal"
)

// cardDTO is a fuel card on the wire; the number is sent in full (the web
// app masks it).
type cardDTO struct {
	CardNumber string                `json:"cardNumber"`
	Status     fuelportal.CardStatus `json:"status"`
	DriverName string                `json:"driverName"`
	DriverID   string                `json:"driverId"`
	UnitNumber string                `json:"unitNumber"`
}

func cardFromDomain(c *fuelportal.Card) cardDTO {
	return cardDTO{CardNumber: c.CardNumber, Status: c.Status, DriverName: c.DriverName, DriverID: c.DriverID, UnitNumber: c.UnitNumber}
}

type cardListResponse struct {
	Value []cardDTO `json:"value"`
}

// handleCardList answers the caller's company cards, filtered by searchText
// (card number, driver name, driver id, unit number).
func (s *Server) handleCardList(w http.ResponseWriter, r *http.Request) {
	p := PrincipalFromContext(r.Context())
	cards, err := s.DB.CompanyCards(r.Context(), p.CompanyID, r.URL.Query().Get("searchText"))
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	res := cardListResponse{Value: make([]cardDTO, 0, len(cards))}
	for _, c := range cards {
		res.Value = append(res.Value, cardFromDomain(c))
	}
	respond(w, http.StatusOK, res)
}

// handleCardUpdate saves a card's driver details and status; a card of
// another company is 404.
func (s *Server) handleCardUpdate(w http.ResponseWriter, r *http.Request) {
	var req cardDTO
	if err := decode(w, r, &req); err != nil {
		s.respondError(w, r, err)
		return
	}
	upd := fuelportal.CardUpdate{CardNumber: req.CardNumber, DriverName: req.DriverName, DriverID: req.DriverID,
		UnitNumber: req.UnitNumber, Status: req.Status}
	card, err := s.DB.UpdateCard(r.Context(), PrincipalFromContext(r.Context()).CompanyID, upd)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	respond(w, http.StatusOK, cardFromDomain(card))
}
