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

// Photon geocodes with a Photon server (GeoJSON answers).
type Photon struct{ c *client }

// NewPhoton returns a Photon geocoder at baseURL, e.g. "http://photon:2322".
// A nil client means one with DefaultTimeout.
func NewPhoton(baseURL string, hc *http.Client) (*Photon, error) {
	c, err := newClient(KindPhoton, baseURL, hc)
	if err != nil {
		return nil, err
	}
	return &Photon{c: c}, nil
}

type photonAnswer struct {
	Message  string `json:"message"`
	Features []struct {
		Geometry struct {
			Coordinates []float64 `json:"coordinates"` // [lon, lat]
		} `json:"geometry"`
		Properties struct {
			Name        string `json:"name"`
			HouseNumber string `json:"housenumber"`
			Street      string `json:"street"`
			City        string `json:"city"`
			State       string `json:"state"`
			Postcode    string `json:"postcode"`
			CountryCode string `json:"countrycode"`
			Type        string `json:"type"`
			OSMValue    string `json:"osm_value"`
		} `json:"properties"`
	} `json:"features"`
}

// Geocode implements routing.Geocoder with GET /api.
func (p *Photon) Geocode(ctx context.Context, query string, limit int) ([]routing.Place, error) {
	if strings.TrimSpace(query) == "" {
		return nil, nil
	}
	if limit <= 0 {
		limit = 10
	}
	q := url.Values{"q": {query}, "limit": {strconv.Itoa(limit)}, "lang": {"en"}}
	return p.places(ctx, p.c.endpoint("/api", q))
}

// Reverse implements routing.Geocoder with GET /reverse.
func (p *Photon) Reverse(ctx context.Context, pt routing.Point) (routing.Place, error) {
	if err := checkPoints(pt); err != nil {
		return routing.Place{}, err
	}
	q := url.Values{"lat": {formatFloat(pt.Lat)}, "lon": {formatFloat(pt.Lon)}, "limit": {"1"}, "lang": {"en"}}
	places, err := p.places(ctx, p.c.endpoint("/reverse", q))
	if err != nil {
		return routing.Place{}, err
	}
	if len(places) == 0 {
		return routing.Place{}, p.c.fail(http.StatusOK, "", "no feature near "+pt.String(), routing.ErrNoPlace)
	}
	return places[0], nil
}

func (p *Photon) places(ctx context.Context, endpoint string) ([]routing.Place, error) {
	status, body, err := p.c.get(ctx, endpoint)
	if err != nil {
		return nil, err
	}
	var a photonAnswer
	if err := json.Unmarshal(body, &a); err != nil {
		if status != http.StatusOK {
			return nil, p.c.fail(status, "", snippet(body), routing.ErrRejected)
		}
		return nil, p.c.unreadable(status, err)
	}
	if status != http.StatusOK {
		return nil, p.c.fail(status, "", a.Message, routing.ErrRejected)
	}
	places := make([]routing.Place, 0, len(a.Features))
	for _, f := range a.Features {
		c, pr := f.Geometry.Coordinates, f.Properties
		if len(c) < 2 {
			continue
		}
		place := routing.Place{
			Name:    pr.Name,
			Address: strings.TrimSpace(pr.HouseNumber + " " + pr.Street),
			City:    pr.City,
			State:   routing.StateCode(pr.State),
			Zip:     pr.Postcode,
			Lat:     c[1], Lon: c[0],
			Kind: firstNonEmpty(pr.Type, pr.OSMValue),
		}
		if place.Name == "" {
			place.Name = firstNonEmpty(place.Address, place.City)
		}
		places = append(places, place)
	}
	return places, nil
}
