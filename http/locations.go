package http

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/catalog"
	"fuelportal/geo"
)

// Limits of the station searches (the planner's constants: docs/product.md §9).
const (
	maxSearchRadiusMiles       = 5000
	maxStationsAnswered        = 500
	defaultCorridorMiles       = 5
	maxCorridorMiles           = 100
	minRoutePoints             = 2
	maxRoutePoints             = 20000
	maxRouteBodyBytes    int64 = 4 << 20 // 20,000 points with room for whitespace
)

// stationJSON is a station on the wire (docs/product.md §3). Prices are dollars per
// gallon, savings cents per gallon; the distance fields are set by the
// search that found the station.
type stationJSON struct {
	LocationID      int64    `json:"locationId"`
	Name            string   `json:"name"`
	StationLocation string   `json:"stationLocation"`
	Address         string   `json:"address"`
	City            string   `json:"city"`
	State           string   `json:"state"`
	ZipCode         string   `json:"zipCode"`
	Country         string   `json:"country"`
	Latitude        float64  `json:"latitude"`
	Longitude       float64  `json:"longitude"`
	RetailPrice     float64  `json:"retailPrice"`
	NetPrice        float64  `json:"netPrice"`
	Savings         float64  `json:"savings"`
	RetailPriceDate string   `json:"retailPriceDate"`
	Stale           bool     `json:"stale"`
	IFTARefund      float64  `json:"iftaRefund"`
	Chain           string   `json:"chain"`
	Affiliate       string   `json:"affiliate"`
	DistanceMiles   *float64 `json:"distanceMiles,omitempty"`
	AlongMiles      *float64 `json:"alongMiles,omitempty"`
	OffMiles        *float64 `json:"offMiles,omitempty"`
}

// newStationJSON is s on the wire with the prices of contract c: its net
// price is what c charges a gallon there (fuelportal.Contract.Price, what a
// purchase would be charged), its savings that price's discount against
// the station's retail price.
func newStationJSON(s *fuelportal.Station, c *fuelportal.Contract) stationJSON {
	price := c.StationPrice(s)
	return stationJSON{
		LocationID: s.ID, Name: s.Name, StationLocation: s.StationLocation, Address: s.Address,
		City: s.City, State: s.State, ZipCode: s.ZipCode, Country: s.Country,
		Latitude: s.Latitude, Longitude: s.Longitude,
		RetailPrice: s.RetailPrice.Dollars(), NetPrice: price.Dollars(),
		Savings:         float64(s.RetailPrice-price) / 10, // tenths of a cent → cents
		RetailPriceDate: fuelportal.WireTime(s.PriceDate),
		IFTARefund:      s.IFTARefund.Dollars(), Chain: s.Chain, Affiliate: s.Affiliate,
	}
}

// stationOut is a station on the wire at contract c's prices with its
// price age judged at the server's clock.
func (s *Server) stationOut(st *fuelportal.Station, c *fuelportal.Contract) stationJSON {
	return stationAt(st, c, s.Now())
}

// stationAt is st on the wire at contract c's prices, its price's
// staleness taken at now.
func stationAt(st *fuelportal.Station, c *fuelportal.Contract, now time.Time) stationJSON {
	out := newStationJSON(st, c)
	out.Stale = st.PriceStale(now)
	return out
}

// pricing is the contract the caller is shown prices and planned under:
// their company's (companyPricing).
func (s *Server) pricing(ctx context.Context) (*fuelportal.Contract, error) {
	return s.companyPricing(ctx, PrincipalFromContext(ctx).CompanyID)
}

// companyPricing is the contract a company's users see prices under
// (store.DB.Pricing).
func (s *Server) companyPricing(ctx context.Context, companyID int64) (*fuelportal.Contract, error) {
	return s.pricingStore.Pricing(ctx, companyID)
}

// stationOrders are the accepted orderBy values: the sort key and whether it
// is descending. price is the caller's price (pricing), discount its
// savings against retail.
var stationOrders = map[string]struct {
	key  string
	desc bool
}{
	"price": {"price", false}, "price,asc": {"price", false}, "price,desc": {"price", true},
	"discount": {"discount", false}, "discount,asc": {"discount", false}, "discount,desc": {"discount", true},
}

// handleLocations finds stations around a point: the first 500 of all the
// stations within the radius sorted by price or discount (ties nearest
// first), e.g. the 500 cheapest, not the 500 nearest re-sorted.
func (s *Server) handleLocations(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	fe := fuelportal.FieldErrors{}
	lat := queryFloat(fe, q.Get("latitude"), "latitude", "Latitude", -90, 90)
	lon := queryFloat(fe, q.Get("longitude"), "longitude", "Longitude", -180, 180)
	radius := queryFloat(fe, q.Get("radius"), "radius", "Radius", 0, maxSearchRadiusMiles)
	if !fe.Has("radius") && radius <= 0 {
		fe.Add("radius", "Radius must be positive")
	}
	orderBy := strings.ToLower(strings.ReplaceAll(cmp.Or(queryText(fe, q, "orderBy", "code"), "price"), " ", ""))
	chains := chainSet(queryText(fe, q, "chainCode", "codeList"))
	order, ok := stationOrders[orderBy]
	if !ok && !fe.Has("orderBy") {
		fe.Add("orderBy", "Order must be one of price, price,asc, price,desc, discount, discount,asc, discount,desc")
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}

	contract, err := s.pricing(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	rank := catalog.Ranking{BySavings: order.key == "discount", Desc: order.desc, Contract: contract}
	found, err := s.Stations.Best(r.Context(), geo.Point{Lat: lat, Lon: lon}, radius, chains, rank, maxStationsAnswered)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := make([]stationJSON, len(found))
	for i, f := range found {
		out[i] = s.stationOut(f.Station, contract)
		out[i].DistanceMiles = miles(f.DistanceMiles)
	}
	respond(w, http.StatusOK, out)
}

// pointJSON is a coordinate on the wire. Pointers tell a missing value from
// zero.
type pointJSON struct {
	Latitude  *float64 `json:"latitude"`
	Longitude *float64 `json:"longitude"`
}

func (p pointJSON) valid() bool {
	return p.Latitude != nil && p.Longitude != nil && *p.Latitude >= -90 && *p.Latitude <= 90 && *p.Longitude >= -180 && *p.Longitude <= 180
}

func (p pointJSON) point() geo.Point { return geo.Point{Lat: *p.Latitude, Lon: *p.Longitude} }

// validateRoutePoints checks a route's points and returns them; problems
// are added to fe under field.
func validateRoutePoints(fe fuelportal.FieldErrors, field string, points []pointJSON) []geo.Point {
	switch {
	case len(points) < minRoutePoints:
		fe.Add(field, fmt.Sprintf("A route needs at least %d points", minRoutePoints))
		return nil
	case len(points) > maxRoutePoints:
		fe.Add(field, fmt.Sprintf("A route may have at most %d points", maxRoutePoints))
		return nil
	}
	route := make([]geo.Point, len(points))
	for i, p := range points {
		if !p.valid() {
			fe.Add(field, fmt.Sprintf("Point %d needs a latitude from -90 to 90 and a longitude from -180 to 180", i+1))
			return nil
		}
		route[i] = p.point()
	}
	return route
}

// handleNearRoute finds the stations within the radius of a route, in
// route order, with their distances along and off the route.
func (s *Server) handleNearRoute(w http.ResponseWriter, r *http.Request) {
	var points []pointJSON
	if err := decodeJSON(http.MaxBytesReader(w, r.Body, maxRouteBodyBytes), &points); err != nil {
		s.respondError(w, r, err)
		return
	}
	fe := fuelportal.FieldErrors{}
	route := validateRoutePoints(fe, "routePoints", points)
	chains := chainSet(queryText(fe, r.URL.Query(), "chainCodes", "codeList"))
	radius := float64(defaultCorridorMiles)
	if text := r.URL.Query().Get("radius"); text != "" {
		radius = queryFloat(fe, text, "radius", "Radius", 0, maxCorridorMiles)
		if !fe.Has("radius") && radius <= 0 {
			fe.Add("radius", "Radius must be positive")
		}
	}
	if err := fe.Err(); err != nil {
		s.respondError(w, r, err)
		return
	}

	contract, err := s.pricing(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	found, err := s.Stations.NearRoute(r.Context(), route, radius, chains)
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := make([]stationJSON, len(found))
	for i, f := range found {
		out[i] = s.stationOut(f.Station, contract)
		out[i].AlongMiles, out[i].OffMiles = miles(f.AlongMiles), miles(f.OffMiles)
	}
	respond(w, http.StatusOK, out)
}

// chainSet reads comma-joined chain codes; empty selects all chains.
func chainSet(joined string) catalog.Chains {
	var codes []string
	for _, c := range strings.Split(joined, ",") {
		codes = append(codes, strings.ToUpper(strings.TrimSpace(c)))
	}
	return catalog.NewChains(codes...)
}

// codeJSON is an entry of the chain and affiliate lists.
type codeJSON struct {
	Value    string `json:"value"`
	Label    string `json:"label"`
	ImageURL string `json:"imageUrl"`
}

func logoURL(code string) string { return "/api/locations/logos/" + code + ".svg" }

// handleChainCodes lists the chains for the chain filter: the known chains,
// then any other chain the price feed brought, by code.
func (s *Server) handleChainCodes(w http.ResponseWriter, r *http.Request) {
	counts, err := s.Stations.ChainCounts(r.Context())
	if err != nil {
		s.respondError(w, r, err)
		return
	}
	out := []codeJSON{}
	for _, c := range fuelportal.Chains {
		out = append(out, codeJSON{Value: c.Code, Label: c.Label, ImageURL: logoURL(c.Code)})
		delete(counts, c.Code)
	}
	delete(counts, "")
	for _, code := range slices.Sorted(maps.Keys(counts)) {
		out = append(out, codeJSON{Value: code, Label: fuelportal.ChainLabel(code), ImageURL: logoURL(code)})
	}
	respond(w, http.StatusOK, out)
}

// handleAffiliateCodes lists the affiliates with their logos.
func (s *Server) handleAffiliateCodes(w http.ResponseWriter, r *http.Request) {
	out := make([]codeJSON, len(fuelportal.Affiliates))
	for i, a := range fuelportal.Affiliates {
		out[i] = codeJSON{Value: a.Code, Label: a.Label, ImageURL: logoURL(a.Code)}
	}
	respond(w, http.StatusOK, out)
}

// handleLogo serves a chain's or affiliate's logo as SVG; AMBEST and
// unknown codes get the default logo. Public: images load without a token.
func (s *Server) handleLogo(w http.ResponseWriter, r *http.Request) {
	code, ok := strings.CutSuffix(r.PathValue("file"), ".svg")
	if !ok {
		s.respondError(w, r, fuelportal.Errorf(fuelportal.ENOTFOUND, "Logos are served as CODE.svg"))
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	_, _ = w.Write(logoSVG(strings.ToUpper(code)))
}

// pricingStore is the store as seen by the station searches (*store.DB): the
// company's contract prices.
type pricingStore interface {
	Pricing(ctx context.Context, companyID int64) (*fuelportal.Contract, error)
}
