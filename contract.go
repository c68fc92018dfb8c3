package fuelportal

import "time"

// PricingPlan says how the net price a company pays per gallon is computed.
type PricingPlan string

// Pricing plans.
const (
	// PricingRetailMinus charges the station's retail price minus a fixed
	// discount per gallon (Contract.RetailMinusTenthCents).
	PricingRetailMinus PricingPlan = "RETAIL_MINUS"
	// PricingNetPrice charges the station's negotiated net price.
	PricingNetPrice PricingPlan = "NET_PRICE"
)

// Valid reports whether p is a known plan.
func (p PricingPlan) Valid() bool { return p == PricingRetailMinus || p == PricingNetPrice }

// BillingPlan says how a company pays for its fuel.
type BillingPlan string

// Billing plans.
const (
	// BillingPrepaid draws purchases from a wallet funded in advance; the
	// balance may not go below zero.
	BillingPrepaid BillingPlan = "PREPAID"
	// BillingInvoice lets the balance go negative down to the credit limit;
	// the negative balance is the amount owed, settled by paying the invoice.
	BillingInvoice BillingPlan = "INVOICE"
)

// Valid reports whether b is a known plan.
func (b BillingPlan) Valid() bool { return b == BillingPrepaid || b == BillingInvoice }

// Contract is a company's fuel-card agreement.
type Contract struct {
	CompanyID int64
	Pricing   PricingPlan
	// RetailMinusTenthCents is the discount per gallon under
	// PricingRetailMinus, in tenths of a cent (120 = 12.0 ¢/gal).
	RetailMinusTenthCents int64
	Billing               BillingPlan
	// CreditLimitCents is how far below zero an invoice wallet may go.
	CreditLimitCents int64
	// FeeCents is charged to the wallet for every approved purchase.
	FeeCents int64
	// OutOfRouteTenthCentsPerMile is what a mile driven off the route to a
	// fuel stop costs besides its fuel (driver time, wear), in tenths of a
	// cent (1850 = $1.85/mi); the fuel planner counts it both ways.
	OutOfRouteTenthCentsPerMile int64
	// StopCostCents is what each fuel stop costs besides its fuel and its
	// detour, in cents. Both default to 0: plans count fuel money only.
	StopCostCents int64
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Upper bounds of the planner's costs in a contract, which the owner sets
// (PUT /api/wex/company/contract/planner-costs): $10.00 a mile off the
// route and $500.00 a stop are far beyond any fleet's figures (drivers'
// time and wear run to a few dollars a mile), and a typo in the form
// cannot make every plan absurd.
const (
	MaxOutOfRouteTenthCentsPerMile = 10_000
	MaxStopCostCents               = 50_000
)

// PlannerCosts are the two contract terms the fuel planner weighs besides
// fuel, as an owner sets them.
type PlannerCosts struct {
	OutOfRouteTenthCentsPerMile int64
	StopCostCents               int64
}

// Validate checks the costs against their bounds: each from zero to its
// maximum, the per-mile cost in whole cents (the form's precision). Field
// errors name the wire fields (outOfRouteCostPerMile, costPerStop).
func (c PlannerCosts) Validate() error {
	fe := FieldErrors{}
	if c.OutOfRouteTenthCentsPerMile < 0 || c.OutOfRouteTenthCentsPerMile > MaxOutOfRouteTenthCentsPerMile {
		fe.Add("outOfRouteCostPerMile", MsgOutOfRouteCostRange)
	} else if c.OutOfRouteTenthCentsPerMile%10 != 0 {
		fe.Add("outOfRouteCostPerMile", MsgPlannerCostCents)
	}
	if c.StopCostCents < 0 || c.StopCostCents > MaxStopCostCents {
		fe.Add("costPerStop", MsgStopCostRange)
	}
	return fe.Err()
}

// Messages of the planner costs' field errors.
const (
	MsgOutOfRouteCostRange = "Must be a number from 0 to 10.00"
	MsgStopCostRange       = "Must be a number from 0 to 500.00"
	MsgPlannerCostCents    = "Must have at most 2 decimals"
	MsgPlannerCostNumber   = "Must be a number"
	MsgPlannerCostRequired = "Is required"
)

// DefaultContract is the contract of a company that has not signed one
// (e.g. an owner who just signed up): prepaid, 10 ¢/gal off retail, no fee.
func DefaultContract(companyID int64) *Contract {
	return &Contract{CompanyID: companyID, Pricing: PricingRetailMinus, RetailMinusTenthCents: 100, Billing: BillingPrepaid}
}

// FeedPricing is the contract a user of no company is shown prices under:
// the feed's net price (retail for a station without one), no fee.
func FeedPricing() *Contract { return &Contract{Pricing: PricingNetPrice, Billing: BillingPrepaid} }

// MinBalanceCents is the lowest balance the company's wallet may reach:
// zero when prepaid, minus the credit limit on invoice.
func (c *Contract) MinBalanceCents() int64 {
	if c.Billing == BillingInvoice {
		return -c.CreditLimitCents
	}
	return 0
}

// NetPriceTenthCents returns the price per gallon the company pays at a
// station with the given retail and net prices (tenths of a cent). Under
// retail-minus it never drops below zero; a station without a net price
// (0) falls back to retail.
func (c *Contract) NetPriceTenthCents(retail, stationNet int64) int64 {
	if c.Pricing == PricingNetPrice {
		if stationNet <= 0 {
			return retail
		}
		return stationNet
	}
	return max(retail-c.RetailMinusTenthCents, 0)
}

// Price is the price per gallon the company's card is charged at a station
// whose pump (retail) price is retail and whose feed net price is
// stationNet: the contract's net price, never above the pump's. A purchase
// is priced by it (purchases.Service.RecordIn) and so is every price a company
// user is shown or planned with, so that what the screens and plans say a
// gallon costs is what the wallet pays.
func (c *Contract) Price(retail, stationNet TenthCents) TenthCents {
	return min(TenthCents(c.NetPriceTenthCents(int64(retail), int64(stationNet))), retail)
}

// StationPrice is Price at station s's feed prices.
func (c *Contract) StationPrice(s *Station) TenthCents { return c.Price(s.RetailPrice, s.NetPrice) }

// PurchaseAmounts are the money figures of a purchase of g gallons at a
// station with pump price retail that the card is charged price per gallon
// for (Price): the fuel, the discount against the pump and the contract's
// fee. The wallet is debited by what it says (FundedTotalCents), and a
// plan's stop is costed by it.
func (c *Contract) PurchaseAmounts(g Gallons, retail, price TenthCents) PurchaseAmounts {
	return Amounts(g, retail, price, c.FeeCents)
}

// Wallet is a company's prepaid (or invoice) account balance and what the
// owner may do about it.
type Wallet struct {
	CompanyID    int64
	BalanceCents int64 // negative: owed on an invoice contract
	// HeldCents is what approved card authorizations hold until their
	// purchases are captured; AvailableCents = BalanceCents - HeldCents is
	// what purchases may spend.
	HeldCents      int64
	AvailableCents int64
	// CanAddFunds is set on prepaid contracts, CanPayByInvoice on invoice ones.
	CanAddFunds     bool
	CanPayByInvoice bool
}

// NewWallet returns the wallet view of a balance with heldCents held
// under contract c.
func NewWallet(c *Contract, balanceCents, heldCents int64) *Wallet {
	return &Wallet{
		CompanyID:       c.CompanyID,
		BalanceCents:    balanceCents,
		HeldCents:       heldCents,
		AvailableCents:  balanceCents - heldCents,
		CanAddFunds:     c.Billing == BillingPrepaid,
		CanPayByInvoice: c.Billing == BillingInvoice,
	}
}
