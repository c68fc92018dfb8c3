package demo

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"fuelportal"
	"fuelportal/rules"
)

func init() {
	Register(Step{Order: OrderFleet, Name: "contracts, wallets and card purchases", Run: seedFleet})
}

// Demo contracts: Demo Freight prepays at retail minus 18.0 ¢/gal with a
// $1.50 fee; Other Haulers pays invoices with a $25,000 credit limit at
// the stations' net prices with a $1.00 fee, and its fuel plans count
// $1.25 a mile off the route and $15 a stop (Demo Freight's count fuel
// alone, so its plans are the fuel-only ones).
var (
	DemoFreightContract = fuelportal.Contract{Pricing: fuelportal.PricingRetailMinus, RetailMinusTenthCents: 180,
		Billing: fuelportal.BillingPrepaid, FeeCents: 150}
	OtherHaulersContract = fuelportal.Contract{Pricing: fuelportal.PricingNetPrice,
		Billing: fuelportal.BillingInvoice, CreditLimitCents: 25_000_00, FeeCents: 100,
		OutOfRouteTenthCentsPerMile: 1250, StopCostCents: 15_00}
)

// Demo purchase history.
const (
	PurchaseDays = 730 // two years up to today
	// demoFreightPerDay and otherHaulersPerDay are the average purchases
	// per day; the demo driver's card buys about three times as often as
	// another card, so their own list is not sparse.
	demoFreightPerDay  = 4.5
	otherHaulersPerDay = 0.5
	// Demo Freight tops its wallet up with topUpCents whenever the balance
	// falls below topUpBelowCents before a day's purchases.
	topUpCents      = 25_000_00
	topUpBelowCents = 12_000_00
	// stationsPerCard is how many stations lie along one card's usual lanes.
	stationsPerCard = 24
)

// UnknownDemoCard is a card number no company holds; a few demo purchases
// on it are declined UNKNOWN_CARD.
const UnknownDemoCard = "7071990000000000017"

// seedFleet signs the demo contracts and replays two years of card
// purchases day by day through the purchase flow the card network feed
// runs (purchases.Service.RecordIn), so the ledger is consistent: Demo Freight's wallet is topped up when low,
// Other Haulers pays its invoice on the first of each month. About 1% of
// purchases use an inactive card and 0.5% an unknown one (declined).
func seedFleet(ctx context.Context, env *Env) error {
	tx := env.Tx
	demoContract, otherContract := DemoFreightContract, OtherHaulersContract
	demoContract.CompanyID, otherContract.CompanyID = env.DemoFreight.ID, env.OtherHaulers.ID
	for _, c := range []*fuelportal.Contract{&demoContract, &otherContract} {
		if err := tx.SaveContract(ctx, c); err != nil {
			return err
		}
	}
	if len(env.Stations) == 0 {
		return nil // no stations step: no purchases
	}
	r := rand.New(rand.NewPCG(2026, 4))
	demo := newPurchasePlan(env, r, env.DemoFreight, demoFreightPerDay, "DF")
	other := newPurchasePlan(env, r, env.OtherHaulers, otherHaulersPerDay, "OH")
	today := demoMidnight(env.Now)
	// The purchases are drawn first (they do not depend on the outcomes),
	// then decided day by day with the wallet top-ups and invoice payments
	// between the days, as they happened.
	days := make([][]*fuelportal.CardPurchase, PurchaseDays)
	for d := PurchaseDays - 1; d >= 0; d-- {
		day := today.AddDate(0, 0, -d)
		for _, plan := range []*purchasePlan{demo, other} {
			days[d] = append(days[d], plan.day(day, env.Now)...)
		}
	}
	topUps, payments := 0, 0
	for d := PurchaseDays - 1; d >= 0; d-- {
		day := today.AddDate(0, 0, -d)
		balance, err := tx.WalletBalance(ctx, env.DemoFreight.ID)
		if err != nil {
			return err
		}
		if balance < topUpBelowCents {
			topUps++
			if _, _, err := tx.CreditWallet(ctx, env.DemoFreight.ID, topUpCents, fuelportal.LedgerTopUp, fmt.Sprintf("demo-top-up-%d", topUps)); err != nil {
				return err
			}
		}
		if day.Day() == 1 {
			owed, err := tx.WalletBalance(ctx, env.OtherHaulers.ID)
			if err != nil {
				return err
			}
			if owed < 0 {
				payments++
				if _, _, err := tx.CreditWallet(ctx, env.OtherHaulers.ID, -owed, fuelportal.LedgerInvoicePayment, fmt.Sprintf("demo-invoice-payment-%d", payments)); err != nil {
					return err
				}
			}
		}
		for _, p := range days[d] {
			if _, _, err := env.Purchases.RecordIn(ctx, tx, p); err != nil {
				return fmt.Errorf("purchase %s: %w", p.NetworkTransactionID, err)
			}
		}
	}
	return nil
}

// purchasePlan draws one company's purchases day by day.
type purchasePlan struct {
	r        *rand.Rand
	prefix   string
	perDay   float64
	cards    []*fuelportal.Card
	weights  []float64 // relative purchase frequency per card
	lanes    [][]*fuelportal.Station
	inactive []*fuelportal.Card
	seq      int
	// last is each card's last purchase: a truck can only have driven so
	// far since (the fraud check declines a purchase too far away).
	last        map[int64]rules.PlaceAndTime
	lastStation map[int64]*fuelportal.Station
}

func newPurchasePlan(env *Env, r *rand.Rand, company *fuelportal.Company, perDay float64, prefix string) *purchasePlan {
	p := &purchasePlan{r: r, prefix: prefix, perDay: perDay, last: map[int64]rules.PlaceAndTime{}, lastStation: map[int64]*fuelportal.Station{}}
	for _, c := range env.Cards[company.ID] {
		if c.Status != fuelportal.CardActive {
			p.inactive = append(p.inactive, c)
			continue
		}
		weight := 1.0
		if c.DriverUserID != 0 {
			weight = 3
		}
		// A card's lanes: a run of consecutive stations (they lie along the
		// same corridors) plus a few anywhere.
		start := r.IntN(len(env.Stations))
		lane := make([]*fuelportal.Station, 0, stationsPerCard)
		for i := range stationsPerCard - 4 {
			lane = append(lane, env.Stations[(start+i*7)%len(env.Stations)])
		}
		for range 4 {
			lane = append(lane, env.Stations[r.IntN(len(env.Stations))])
		}
		p.cards, p.weights, p.lanes = append(p.cards, c), append(p.weights, weight), append(p.lanes, lane)
	}
	return p
}

// day returns the purchases of one day, in time order, none after now.
func (p *purchasePlan) day(day, now time.Time) []*fuelportal.CardPurchase {
	var total float64
	for _, w := range p.weights {
		total += w
	}
	// Fewer purchases on weekends.
	mean := p.perDay
	if wd := day.Weekday(); wd == time.Saturday || wd == time.Sunday {
		mean *= 0.5
	}
	n := poisson(p.r, mean)
	minutes := make([]int, n)
	for i := range minutes {
		minutes[i] = 5*60 + p.r.IntN(17*60) // 05:00 to 22:00
	}
	slices.Sort(minutes)
	var out []*fuelportal.CardPurchase
	for _, m := range minutes {
		at := day.Add(time.Duration(m) * time.Minute)
		if at.After(now) {
			break
		}
		card, lane := p.pick(total)
		station := p.reachable(card, lane, at)
		cardNumber := card.CardNumber
		switch x := p.r.Float64(); {
		case x < 0.01 && len(p.inactive) > 0:
			cardNumber = p.inactive[p.r.IntN(len(p.inactive))].CardNumber
		case x < 0.015:
			cardNumber = UnknownDemoCard
		}
		p.seq++
		out = append(out, &fuelportal.CardPurchase{
			NetworkTransactionID: fmt.Sprintf("DEMO-%s-%06d", p.prefix, p.seq),
			CardNumber:           cardNumber,
			LocationID:           station.ID,
			Gallons:              fuelportal.Gallons(40_000 + p.r.IntN(140_000)),
			RetailPrice:          historicPrice(station.RetailPrice, day, now),
			TransactionDate:      at,
		})
	}
	return out
}

// reachable draws a station of the card's lane that its truck could have
// driven to since its last purchase, and remembers it; the last station
// again when none is.
func (p *purchasePlan) reachable(card *fuelportal.Card, lane []*fuelportal.Station, at time.Time) *fuelportal.Station {
	last, seen := p.last[card.ID]
	var station *fuelportal.Station
	for _, i := range p.r.Perm(len(lane)) {
		here := rules.PlaceAndTime{Time: at, Latitude: lane[i].Latitude, Longitude: lane[i].Longitude}
		if !seen || !rules.TooFar(last, here) {
			station = lane[i]
			break
		}
	}
	if station == nil {
		station = p.lastStation[card.ID]
	}
	p.last[card.ID] = rules.PlaceAndTime{Time: at, Latitude: station.Latitude, Longitude: station.Longitude}
	p.lastStation[card.ID] = station
	return station
}

func (p *purchasePlan) pick(total float64) (*fuelportal.Card, []*fuelportal.Station) {
	x := p.r.Float64() * total
	for i, w := range p.weights {
		if x < w {
			return p.cards[i], p.lanes[i]
		}
		x -= w
	}
	last := len(p.cards) - 1
	return p.cards[last], p.lanes[last]
}

// historicPrice moves today's price along a slow yearly wave (±12 ¢), so
// older purchases were priced a little differently.
func historicPrice(current fuelportal.TenthCents, day, now time.Time) fuelportal.TenthCents {
	daysAgo := now.Sub(day).Hours() / 24
	wave := 120 * math.Sin(2*math.Pi*daysAgo/365)
	return max(current+fuelportal.TenthCents(math.Round(wave)), 1_000)
}

// poisson draws a Poisson-distributed count with the given mean (Knuth).
func poisson(r *rand.Rand, mean float64) int {
	limit, k, prod := math.Exp(-mean), 0, r.Float64()
	for prod > limit {
		k++
		prod *= r.Float64()
	}
	return k
}

// demoZone is the demo companies' time zone (their controls' default): the
// demo's days and its purchases' 5 AM to 10 PM are counted in it.
var demoZone = (&fuelportal.CompanyControls{}).Location()

// demoMidnight returns the start of now's day in demoZone.
func demoMidnight(now time.Time) time.Time {
	l := now.In(demoZone)
	return time.Date(l.Year(), l.Month(), l.Day(), 0, 0, 0, 0, demoZone)
}
