package rules

import "fuelportal"

// CaptureFacts are the facts of a captured transaction: what the issuer
// reports (the amount, and the gallons, product and pump price when it
// does), its authorization (nil: none the portal saw) and the gallons its
// pump reported, the merchant's station and pump price (the station's,
// else the state's average; 0: unknown) and the card's contract.
type CaptureFacts struct {
	AmountCents int64
	Gallons     fuelportal.Gallons    // 0: not reported
	RetailPrice fuelportal.TenthCents // 0: not reported (Stripe)
	Product     fuelportal.ProductCode
	// Authorization and AuthorizationGallons are the captured
	// authorization (nil: none) and its pump's final gallons (0: none).
	Authorization        *fuelportal.Authorization
	AuthorizationGallons fuelportal.Gallons
	Station              *fuelportal.Station // ID 0: the merchant matched no station of the catalog
	PumpPrice            fuelportal.TenthCents
	Contract             *fuelportal.Contract
}

// CaptureDecision is the purchase a capture becomes: never a decline (the
// issuer has paid).
type CaptureDecision struct {
	Gallons            fuelportal.Gallons
	RetailPrice, Price fuelportal.TenthCents // the pump's, and the card's per gallon
	Product            fuelportal.ProductCode
	Amounts            fuelportal.PurchaseAmounts
	// OverHoldCents is how much the capture exceeds its authorization's
	// approved amount (0 when within it).
	OverHoldCents int64
}

// DecideCapture prices a capture as a purchase. Its gallons are the
// capture's, else those its authorization's pump reported; its pump price
// the reported one, else the amount over the gallons; without gallons, the
// amount's at the pump price (rounded down, at least a thousandth), with
// neither, one gallon at the amount. The card pays the contract's price
// at a matched station (the pump price elsewhere), never more for the
// fuel than the amount captured, and the contract's fee: the funded total
// stays within the amount and the fee that the authorization held and the
// card's limits counted. The product is the capture's, else (or OTH) the
// authorization's.
func DecideCapture(f CaptureFacts) CaptureDecision {
	d := CaptureDecision{Gallons: f.Gallons, RetailPrice: f.PumpPrice}
	if d.Gallons == 0 {
		d.Gallons = f.AuthorizationGallons
	}
	switch {
	case d.Gallons > 0 && f.RetailPrice > 0:
		// The network reports the pump price with the gallons.
		d.RetailPrice = f.RetailPrice
	case d.Gallons > 0:
		d.RetailPrice = fuelportal.TenthCents((f.AmountCents*10_000 + int64(d.Gallons)/2) / int64(d.Gallons))
	case f.PumpPrice > 0:
		// No quantity reported: the gallons the amount buys at the pump.
		d.Gallons = fuelportal.Gallons(max(f.AmountCents*10_000/int64(f.PumpPrice), 1))
	default:
		// Neither quantity nor price: one gallon at the amount.
		d.Gallons, d.RetailPrice = 1_000, fuelportal.TenthCents(f.AmountCents*10)
	}
	d.Price = d.RetailPrice
	if f.Station.ID != 0 {
		d.Price = f.Contract.Price(d.RetailPrice, f.Station.NetPrice)
	}
	d.Amounts = f.Contract.PurchaseAmounts(d.Gallons, d.RetailPrice, d.Price)
	if a := &d.Amounts; a.NetTotalCents > f.AmountCents {
		// Rounding the price per gallon may add a cent or so: the fuel
		// costs the card no more than was captured.
		a.NetTotalCents = f.AmountCents
		a.DiscountCents = max(a.RetailTotalCents-a.NetTotalCents, 0)
		a.FundedTotalCents = a.NetTotalCents + a.FeeCents
	}
	a := f.Authorization
	d.Product = f.Product
	if d.Product == "" || d.Product == fuelportal.ProductOther && a != nil && a.Product != "" {
		if a != nil && a.Product != "" {
			d.Product = a.Product
		} else {
			d.Product = fuelportal.ProductOther
		}
	}
	if a != nil && a.Approved && f.AmountCents > a.AmountCents {
		d.OverHoldCents = f.AmountCents - a.AmountCents
	}
	return d
}
