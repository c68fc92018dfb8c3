package provider

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"fuelportal/routing"
)

// Nominatim geocodes with a Nominatim server (format=jsonv2), limited to the
// United States.
type Nominatim struct{ c *client }

// NewNominatim returns a Nominatim geocoder at baseURL, e.g.
// "http://nominatim:8080". A nil client means one with DefaultTimeout.
func NewNominatim(baseURL string, hc *http.Client) (*Nominatim, error) {
	c, err := newClient(KindNominatim, baseURL, hc)
	if err != nil {
		return nil, err
	}
	return &Nominatim{c: c}, nil
}

type nominatimPlace struct {
	Lat         string `json:"lat"`
	Lon         string `json:"lon"`
	Name        string `json:"name"`
	DisplayName string `json:"display_name"`
	Type        string `json:"type"`
	AddressType string `json:"addresstype"`
	Address     struct {
		HouseNumber string `json:"house_number"`
		Road        string `json:"road"`
		City        string `json:"city"`
		Town        string `json:"town"`
		Village     string `json:"village"`
		Hamlet      string `json:"hamlet"`
		State       string `json:"state"`
		StateISO    string `json:"ISO3166-2-lvl4"` // "US-TX"
		Postcode    string `json:"postcode"`
	} `json:"address"`
	// Error is a string ("Unable to geocode") or an object {code, message}.
	Error json.RawMessage `json:"error"`
}

// Geocode implements routing.Geocoder with GET /search.
func (n *Nominatim) Geocode(ctx context.Context, query string, limit int) ([]routing.Place, error) {
	if strings.TrimSpace(query) == "" {
		return nil, nil
	}
	if limit <= 0 {
		limit = 10
	}
	q := url.Values{"format": {"jsonv2"}, "q": {query}, "limit": {strconv.Itoa(limit)}, "addressdetails": {"1"}, "countrycodes": {"us"}}
	status, body, err := n.c.get(ctx, n.c.endpoint("/search", q))
	if err != nil {
		return nil, err
	}
	if status != http.StatusOK {
		return nil, n.c.fail(status, "", nominatimError(body), routing.ErrRejected)
	}
	var found []nominatimPlace
	if err := json.Unmarshal(body, &found); err != nil {
		return nil, n.c.unreadable(status, err)
	}
	places := make([]routing.Place, 0, len(found))
	for _, f := range found {
		if p, ok := f.place(); ok {
			places = append(places, p)
		}
	}
	return places, nil
}

// Reverse implements routing.Geocoder with GET /reverse.
func (n *Nominatim) Reverse(ctx context.Context, p routing.Point) (routing.Place, error) {
	if err := checkPoints(p); err != nil {
		return routing.Place{}, err
	}
	q := url.Values{"format": {"jsonv2"}, "lat": {formatFloat(p.Lat)}, "lon": {formatFloat(p.Lon)}, "addressdetails": {"1"}}
	status, body, err := n.c.get(ctx, n.c.endpoint("/reverse", q))
	if err != nil {
		return routing.Place{}, err
	}
	if status != http.StatusOK {
		return routing.Place{}, n.c.fail(status, "", nominatimError(body), routing.ErrRejected)
	}
	var f nominatimPlace
	if err := json.Unmarshal(body, &f); err != nil {
		return routing.Place{}, n.c.unreadable(status, err)
	}
	if len(f.Error) > 0 {
		return routing.Place{}, n.c.fail(status, "", nominatimError(body), routing.ErrNoPlace)
	}
	place, ok := f.place()
	if !ok {
		return routing.Place{}, n.c.fail(status, "", "answer without coordinates", routing.ErrNoPlace)
	}
	return place, nil
}

func (f nominatimPlace) place() (routing.Place, bool) {
	lat, err1 := strconv.ParseFloat(f.Lat, 64)
	lon, err2 := strconv.ParseFloat(f.Lon, 64)
	if err1 != nil || err2 != nil {
		return routing.Place{}, false
	}
	a := f.Address
	p := routing.Place{
		Name:    f.Name,
		Address: strings.TrimSpace(a.HouseNumber + " " + a.Road),
		City:    firstNonEmpty(a.City, a.Town, a.Village, a.Hamlet),
		State:   strings.TrimPrefix(a.StateISO, "US-"),
		Zip:     a.Postcode,
		Lat:     lat, Lon: lon,
		Kind: firstNonEmpty(f.AddressType, f.Type),
	}
	if p.State == "" {
		p.State = routing.StateCode(a.State)
	}
	if p.Name == "" {
		p.Name = p.Address
	}
	if p.Name == "" {
		p.Name, _, _ = strings.Cut(f.DisplayName, ",")
	}
	return p, true
}

// nominatimError reads the message of {"error": "..."} or
// {"error": {"code": 400, "message": "..."}}.
func nominatimError(body []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Error) == 0 {
		return snippet(body)
	}
	var msg string
	if json.Unmarshal(e.Error, &msg) == nil {
		return msg
	}
	var obj struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(e.Error, &obj) == nil && obj.Message != "" {
		return obj.Message
	}
	return snippet(body)
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
