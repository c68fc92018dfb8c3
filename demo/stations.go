package demo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/geo"
	"fuelportal/routing"
)

func init() {
	Register(Step{Order: OrderStations, Name: "stations and prices", Run: seedStations})
}

// StationCount is how many truck stops the demo data places.
const StationCount = 6000

// FirstStationID is the locationId of the first demo station; the others
// follow without gaps.
const FirstStationID = 10001

// priceWeeks is how many weekly prices before the current one each demo
// station's price history holds.
const priceWeeks = 4

func seedStations(ctx context.Context, env *Env) error {
	stations, history := GenerateStations(StationCount, env.Now)
	if _, err := env.Tx.UpsertStations(ctx, stations); err != nil {
		return err
	}
	if _, err := env.Tx.AddStationPrices(ctx, history); err != nil {
		return err
	}
	env.Stations = stations
	return nil
}

// GenerateStations returns count truck stops spread evenly along the edges
// of the built-in road network (routing.Builtin), each up to about a mile
// off the highway, named and addressed after the nearest place of the
// graph, with state diesel price levels, chain discounts, IFTA refunds, and
// a weekly price history for priceWeeks weeks before the current prices
// (dated 06:00 UTC of now's day). The same count gives the same stations;
// only the dates depend on now. IDs start at FirstStationID.
func GenerateStations(count int, now time.Time) ([]*fuelportal.Station, []fuelportal.StationPrice) {
	rnd := rand.New(rand.NewPCG(20261121, uint64(count)))
	graph := routing.Builtin()
	edges := graph.Edges()
	// Stations are addressed after places with a ZIP code (a few hubs of
	// the graph have none).
	var places []routing.Place
	for _, p := range graph.Places() {
		if len(p.Zip) == 5 {
			places = append(places, p)
		}
	}

	priceDate := time.Date(now.Year(), now.Month(), now.Day(), 6, 0, 0, 0, time.UTC)
	if now.UTC().Before(priceDate) {
		priceDate = priceDate.AddDate(0, 0, -1)
	}
	// Weekly national price moves, newest first: week k's prices are the
	// current ones minus the sum of the moves of weeks 1..k.
	weeklyMove := make([]int64, priceWeeks+1)
	for k := 1; k <= priceWeeks; k++ {
		weeklyMove[k] = weeklyMove[k-1] + int64(rnd.IntN(81)) - 40
	}

	var total float64
	for _, e := range edges {
		total += e.DistanceMeters
	}
	spacing := total / float64(count)
	numbers := map[string]int{} // next store number per chain
	stations := make([]*fuelportal.Station, 0, count)
	history := make([]fuelportal.StationPrice, 0, count*priceWeeks)
	edge, edgeStart := 0, 0.0 // edge holding the position, and its start in metres
	for i := range count {
		at := (float64(i) + rnd.Float64()) * spacing
		for edge < len(edges)-1 && at >= edgeStart+edges[edge].DistanceMeters {
			edgeStart += edges[edge].DistanceMeters
			edge++
		}
		e := edges[edge]
		fraction := min((at-edgeStart)/e.DistanceMeters, 1)
		road := pointAlong(e.Points, fraction)
		p := offset(road, 0.1+rnd.Float64()*1.1, rnd.Float64()*2*math.Pi)
		place := nearestPlace(places, p)
		chain := pickChain(rnd, place.State)

		s := &fuelportal.Station{
			ID:              FirstStationID + int64(i),
			Name:            stationName(rnd, chain, place, numbers),
			StationLocation: exitName(e, fraction),
			Address:         streetAddress(rnd),
			City:            placeCity(place),
			State:           place.State,
			ZipCode:         nearbyZip(rnd, place.Zip),
			Country:         "US",
			Latitude:        round6(p.Lat),
			Longitude:       round6(p.Lon),
			Chain:           chain.Code,
			Affiliate:       chain.Affiliate,
			IFTARefund:      stateIFTARefund(place.State),
			PriceDate:       priceDate,
		}
		retail := stateRetail(place.State) + chainPremium[chain.Code] + int64(rnd.IntN(121)) - 60
		retail = retail/10*10 + 9 // pump prices end in 9
		discount := chainDiscount(rnd, chain.Code)
		s.RetailPrice = fuelportal.TenthCents(retail)
		s.NetPrice = fuelportal.TenthCents(retail - discount)
		stations = append(stations, s)

		for k := 1; k <= priceWeeks; k++ {
			oldRetail := retail - weeklyMove[k] + int64(rnd.IntN(41)) - 20
			oldDiscount := max(0, discount+int64(rnd.IntN(41))-20)
			history = append(history, fuelportal.StationPrice{
				StationID:   s.ID,
				PriceDate:   priceDate.AddDate(0, 0, -7*k),
				RetailPrice: fuelportal.TenthCents(oldRetail),
				NetPrice:    fuelportal.TenthCents(oldRetail - oldDiscount),
				IFTARefund:  s.IFTARefund,
			})
		}
	}
	return stations, history
}

// pointAlong returns the point at fraction (0..1) of the polyline's length.
func pointAlong(points []routing.Point, fraction float64) geo.Point {
	line := make([]geo.Point, len(points))
	for i, p := range points {
		line[i] = geo.Point{Lat: p.Lat, Lon: p.Lon}
	}
	if len(line) == 1 {
		return line[0]
	}
	cum := geo.CumulativeMiles(line)
	target := fraction * cum[len(cum)-1]
	for i := 1; i < len(line); i++ {
		if cum[i] >= target || i == len(line)-1 {
			seg := cum[i] - cum[i-1]
			t := 0.0
			if seg > 0 {
				t = min(max((target-cum[i-1])/seg, 0), 1)
			}
			return geo.Point{Lat: line[i-1].Lat + t*(line[i].Lat-line[i-1].Lat), Lon: line[i-1].Lon + t*(line[i].Lon-line[i-1].Lon)}
		}
	}
	return line[len(line)-1]
}

// offset moves p by miles in the direction bearing (radians from north).
func offset(p geo.Point, miles, bearing float64) geo.Point {
	const milesPerDegree = 69.05
	return geo.Point{
		Lat: p.Lat + miles*math.Cos(bearing)/milesPerDegree,
		Lon: p.Lon + miles*math.Sin(bearing)/(milesPerDegree*math.Cos(p.Lat*math.Pi/180)),
	}
}

func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// nearestPlace finds the place closest to p (equirectangular distance is
// exact enough to rank places a few miles apart).
func nearestPlace(places []routing.Place, p geo.Point) routing.Place {
	best, bestD := 0, math.Inf(1)
	cosLat := math.Cos(p.Lat * math.Pi / 180)
	for i, pl := range places {
		dLat, dLon := pl.Lat-p.Lat, (pl.Lon-p.Lon)*cosLat
		if d := dLat*dLat + dLon*dLon; d < bestD {
			best, bestD = i, d
		}
	}
	return places[best]
}

func placeCity(p routing.Place) string {
	if p.City != "" {
		return p.City
	}
	return p.Name
}

// nearbyZip varies the last digit of the place's ZIP code, as stations on
// a town's edge often have a neighbouring code.
func nearbyZip(rnd *rand.Rand, zip string) string {
	if len(zip) != 5 || rnd.IntN(3) == 0 {
		return zip
	}
	last := (int(zip[4]-'0') + 1 + rnd.IntN(4)) % 10
	return zip[:4] + string(rune('0'+last))
}

// exitName says where on the highway the station is: "I-40 Exit 155". Exit
// numbers grow along each edge from an edge-specific start, like mile
// markers.
func exitName(e routing.Edge, fraction float64) string {
	highway, _, _ := strings.Cut(e.Highway, "/")
	base := 0
	for _, r := range e.From + e.To {
		base = (base*31 + int(r)) % 300
	}
	return fmt.Sprintf("%s Exit %d", highway, base+1+int(fraction*e.DistanceMeters/routing.MetersPerMile))
}

var streets = []string{
	"Frontage Rd", "N Service Rd", "S Service Rd", "Travel Center Dr", "Truck Stop Rd", "Industrial Blvd",
	"Main St", "Commerce Dr", "E Business Loop", "W Business Loop", "Interstate Dr", "Plaza Dr", "Exchange Ave",
}

func streetAddress(rnd *rand.Rand) string {
	switch n := rnd.IntN(10); {
	case n == 0:
		return fmt.Sprintf("%d County Rd %d", 100+rnd.IntN(9900), 1+rnd.IntN(400))
	case n == 1:
		return fmt.Sprintf("%d US Highway %d", 100+rnd.IntN(29900), []int{20, 30, 40, 50, 60, 70, 80, 83, 87, 287, 412}[rnd.IntN(11)])
	default:
		return fmt.Sprintf("%d %s", 100+rnd.IntN(29900), streets[rnd.IntN(len(streets))])
	}
}

var independentNames = []string{
	"Big Rig", "Road Runner", "Crossroads", "Eagle", "Frontier", "Liberty", "Mustang", "Prairie", "Red Barn",
	"Sunset", "Westway", "Interstate", "Truckers Haven", "Iron Horse", "Silver Star", "Gold Rush", "Longhorn",
	"Blue Beacon", "Rocky Top", "Heartland", "Pioneer", "Lone Pine", "Cowboy", "Trail's End",
}

var independentKinds = []string{"Truck Stop", "Travel Plaza", "Fuel Center", "Truck Plaza", "Auto/Truck Plaza"}

// stationName names a station after its chain's habits: store numbers for
// the big chains, town names or invented names for the others.
func stationName(rnd *rand.Rand, chain fuelportal.Chain, place routing.Place, numbers map[string]int) string {
	next := func(start int) int {
		if numbers[chain.Code] == 0 {
			numbers[chain.Code] = start
		}
		numbers[chain.Code] += 1 + rnd.IntN(3)
		return numbers[chain.Code]
	}
	city := placeCity(place)
	switch chain.Code {
	case fuelportal.ChainPilot:
		return fmt.Sprintf("Pilot Travel Center #%d", next(100))
	case fuelportal.ChainFlyingJ:
		return fmt.Sprintf("Flying J Travel Center #%d", next(600))
	case fuelportal.ChainLoves:
		return fmt.Sprintf("Love's Travel Stop #%d", next(200))
	case fuelportal.ChainTA:
		return fmt.Sprintf("TA %s #%d", city, next(1))
	case fuelportal.ChainPetro:
		return fmt.Sprintf("Petro Stopping Center %s #%d", city, next(300))
	case fuelportal.ChainSappBros:
		return fmt.Sprintf("Sapp Bros. %s", city)
	case fuelportal.ChainKwikTrip:
		return fmt.Sprintf("Kwik Trip #%d", next(100))
	case fuelportal.ChainCaseys:
		return fmt.Sprintf("Casey's #%d", next(1000))
	case fuelportal.ChainAmbest:
		return fmt.Sprintf("AMBEST %s %s", independentNames[rnd.IntN(len(independentNames))], independentKinds[rnd.IntN(len(independentKinds))])
	default:
		if rnd.IntN(3) == 0 {
			return fmt.Sprintf("%s %s", city, independentKinds[rnd.IntN(len(independentKinds))])
		}
		return fmt.Sprintf("%s %s", independentNames[rnd.IntN(len(independentNames))], independentKinds[rnd.IntN(len(independentKinds))])
	}
}

// Regions where the regional chains operate.
var (
	westStates     = states("CA OR WA NV AZ UT ID MT WY CO NM")
	southStates    = states("TX OK AR LA MS AL GA TN NM KS MO FL SC NC KY")
	sappBrosStates = states("NE IA CO WY UT SD MO")
	kwikTripStates = states("WI MN IA")
	caseysStates   = states("IA MO IL KS NE MN IN OK SD ND AR WI")
)

func states(codes string) map[string]bool {
	set := map[string]bool{}
	for _, c := range strings.Fields(codes) {
		set[c] = true
	}
	return set
}

// pickChain draws a chain with weights that follow each chain's footprint.
func pickChain(rnd *rand.Rand, state string) fuelportal.Chain {
	weights := map[string]int{
		fuelportal.ChainPilot: 22, fuelportal.ChainFlyingJ: 9, fuelportal.ChainLoves: 18, fuelportal.ChainTA: 9,
		fuelportal.ChainPetro: 6, fuelportal.ChainAmbest: 6, fuelportal.ChainIndependent: 14,
	}
	if westStates[state] {
		weights[fuelportal.ChainFlyingJ] = 15
	}
	if southStates[state] {
		weights[fuelportal.ChainLoves] = 28
	}
	if sappBrosStates[state] {
		weights[fuelportal.ChainSappBros] = 4
	}
	if kwikTripStates[state] {
		weights[fuelportal.ChainKwikTrip] = 10
	}
	if caseysStates[state] {
		weights[fuelportal.ChainCaseys] = 7
	}
	sum := 0
	for _, c := range fuelportal.Chains { // fixed order: deterministic draws
		sum += weights[c.Code]
	}
	n := rnd.IntN(sum)
	for _, c := range fuelportal.Chains {
		if n -= weights[c.Code]; n < 0 {
			return c
		}
	}
	return fuelportal.Chains[0]
}

// chainPremium is how far a chain's pump prices sit above the state level,
// in tenths of a cent.
var chainPremium = map[string]int64{
	fuelportal.ChainPilot: 60, fuelportal.ChainFlyingJ: 60, fuelportal.ChainLoves: 40, fuelportal.ChainTA: 70,
	fuelportal.ChainPetro: 70, fuelportal.ChainAmbest: 0, fuelportal.ChainIndependent: -50,
	fuelportal.ChainSappBros: 10, fuelportal.ChainKwikTrip: -80, fuelportal.ChainCaseys: -60,
}

// chainDiscount draws the fuel-card discount (retail − net) in tenths of a
// cent from the chain's usual range.
func chainDiscount(rnd *rand.Rand, chain string) int64 {
	r := map[string][2]int64{
		fuelportal.ChainPilot: {250, 480}, fuelportal.ChainFlyingJ: {250, 480}, fuelportal.ChainLoves: {220, 420},
		fuelportal.ChainTA: {200, 420}, fuelportal.ChainPetro: {200, 420}, fuelportal.ChainAmbest: {120, 300},
		fuelportal.ChainSappBros: {100, 250}, fuelportal.ChainKwikTrip: {40, 150}, fuelportal.ChainCaseys: {40, 120},
		fuelportal.ChainIndependent: {0, 250},
	}[chain]
	return r[0] + rnd.Int64N(r[1]-r[0]+1)
}

// stateRetailDiesel is the average retail diesel price per state, in tenths
// of a cent (late-2025 levels, rounded).
var stateRetailDiesel = map[string]int64{
	"AL": 3599, "AZ": 3999, "AR": 3499, "CA": 5299, "CO": 3699, "CT": 4299, "DE": 3899, "DC": 4199, "FL": 3799,
	"GA": 3599, "ID": 3899, "IL": 3999, "IN": 3899, "IA": 3549, "KS": 3499, "KY": 3699, "LA": 3499, "ME": 4199,
	"MD": 3999, "MA": 4199, "MI": 3899, "MN": 3649, "MS": 3449, "MO": 3449, "MT": 3799, "NE": 3549, "NV": 4299,
	"NH": 3999, "NJ": 3999, "NM": 3699, "NY": 4299, "NC": 3699, "ND": 3699, "OH": 3899, "OK": 3399, "OR": 4399,
	"PA": 4299, "RI": 4199, "SC": 3549, "SD": 3599, "TN": 3549, "TX": 3399, "UT": 3849, "VT": 4199, "VA": 3799,
	"WA": 4699, "WV": 3999, "WI": 3649, "WY": 3699,
}

func stateRetail(state string) int64 {
	if p, ok := stateRetailDiesel[state]; ok {
		return p
	}
	return 3799
}

// stateDieselTax approximates each state's diesel fuel tax per gallon in
// tenths of a cent: the IFTA refund estimate shown on station cards.
var stateDieselTax = map[string]fuelportal.TenthCents{
	"AL": 290, "AZ": 260, "AR": 285, "CA": 953, "CO": 205, "CT": 492, "DE": 220, "DC": 335, "FL": 376,
	"GA": 364, "ID": 320, "IL": 540, "IN": 590, "IA": 325, "KS": 260, "KY": 247, "LA": 200, "ME": 312,
	"MD": 470, "MA": 240, "MI": 472, "MN": 308, "MS": 180, "MO": 195, "MT": 295, "NE": 330, "NV": 270,
	"NH": 222, "NJ": 494, "NM": 210, "NY": 300, "NC": 405, "ND": 230, "OH": 470, "OK": 190, "OR": 400,
	"PA": 741, "RI": 400, "SC": 280, "SD": 280, "TN": 270, "TX": 200, "UT": 365, "VT": 340, "VA": 420,
	"WA": 494, "WV": 357, "WI": 329, "WY": 240,
}

func stateIFTARefund(state string) fuelportal.TenthCents {
	if t, ok := stateDieselTax[state]; ok {
		return t
	}
	return 250
}
