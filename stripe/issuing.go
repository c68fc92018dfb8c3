package stripe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode"

	stripego "github.com/stripe/stripe-go/v85"

	"fuelportal"
)

// Address is a postal address Stripe Issuing needs: the billing address of
// every company's cardholder and where physical cards are shipped.
type Address struct {
	Line1, City, State, PostalCode, Country string
}

// ParseAddress reads "line 1;city;state;postal code;country" (country as
// two letters, e.g. US), the form of STRIPE_ISSUING_ADDRESS.
func ParseAddress(text string) (Address, error) {
	parts := strings.Split(text, ";")
	if len(parts) != 5 {
		return Address{}, fmt.Errorf("an address is \"line 1;city;state;postal code;country\", five parts separated by semicolons, not %q", text)
	}
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
		if parts[i] == "" {
			return Address{}, fmt.Errorf("every part of the address %q is needed", text)
		}
	}
	a := Address{Line1: parts[0], City: parts[1], State: parts[2], PostalCode: parts[3], Country: strings.ToUpper(parts[4])}
	if len(a.Country) != 2 {
		return Address{}, fmt.Errorf("the address's country is two letters such as US, not %q", parts[4])
	}
	return a, nil
}

func (a Address) params() *stripego.AddressParams {
	return &stripego.AddressParams{Line1: stripego.String(a.Line1), City: stripego.String(a.City), State: stripego.String(a.State),
		PostalCode: stripego.String(a.PostalCode), Country: stripego.String(a.Country)}
}

// Issuer is the Stripe Issuing card issuer: each company gets one company
// cardholder, each card a Stripe Issuing card in USD with the card's
// per-purchase and daily limits as Stripe spending limits. It implements
// fuelportal.CardIssuer and is safe for concurrent use.
type Issuer struct {
	sc      *stripego.Client
	address Address
}

var _ fuelportal.CardIssuer = (*Issuer)(nil)

// NewIssuer returns the Stripe issuer for cfg (SecretKey, APIBase,
// HTTPClient); address is the cardholders' billing address and the
// shipping address of physical cards.
func NewIssuer(cfg Config, address Address) *Issuer {
	return &Issuer{sc: newStripeClient(cfg), address: address}
}

// Name is fuelportal.IssuerStripe.
func (i *Issuer) Name() string { return fuelportal.IssuerStripe }

// maxPrintedName is the longest name Stripe prints on a card.
const maxPrintedName = 24

// printedName keeps what Stripe accepts on a card (letters, spaces and a
// few marks, no digits), at most 24 characters; fallback when nothing is
// left.
func printedName(name, fallback string) string {
	var b strings.Builder
	for _, r := range name {
		if unicode.IsLetter(r) || r == ' ' || r == '.' || r == '-' || r == '\'' || r == ',' || r == '&' {
			b.WriteRune(r)
		}
	}
	out := strings.Join(strings.Fields(b.String()), " ")
	if runes := []rune(out); len(runes) > maxPrintedName {
		out = strings.TrimSpace(string(runes[:maxPrintedName]))
	}
	if out == "" {
		return fallback
	}
	return out
}

// IssueCard creates the company's cardholder when it has none (the
// idempotency key is the company's, so two first orders get one holder),
// then the card: active, USD, virtual or physical (shipped to the
// configured address in the driver's name), with metadata naming the
// portal's card number. Errors are EUNAVAILABLE, or EUNPROCESSABLE with
// Stripe's message when it refuses.
func (i *Issuer) IssueCard(ctx context.Context, company fuelportal.IssuingCompany, holder fuelportal.CardHolder, cardType fuelportal.CardType) (fuelportal.IssuedCard, error) {
	out := fuelportal.IssuedCard{Issuer: fuelportal.IssuerStripe, CardholderID: company.CardholderID}
	companyID := strconv.FormatInt(company.ID, 10)
	if out.CardholderID == "" {
		params := &stripego.IssuingCardholderCreateParams{
			Type:     stripego.String("company"),
			Name:     stripego.String(printedName(company.Name, "Fleet")),
			Billing:  &stripego.IssuingCardholderCreateBillingParams{Address: i.address.params()},
			Metadata: map[string]string{"company_id": companyID},
		}
		params.SetIdempotencyKey("fuelportal-cardholder-" + companyID)
		ch, err := i.sc.V1IssuingCardholders.Create(ctx, params)
		if err != nil {
			return out, issuingError(err, "create cardholder")
		}
		out.CardholderID = ch.ID
	}
	params := &stripego.IssuingCardCreateParams{
		Cardholder: stripego.String(out.CardholderID),
		Currency:   stripego.String("usd"),
		Type:       stripego.String(string(cardType)),
		Status:     stripego.String("active"),
		Metadata: map[string]string{"card_number": holder.CardNumber, "company_id": companyID,
			"driver_id": holder.DriverID, "unit_number": holder.UnitNumber},
		SpendingControls: spendingControls(holder),
	}
	if cardType == fuelportal.CardPhysical {
		params.Shipping = &stripego.IssuingCardCreateShippingParams{
			Name:    stripego.String(printedName(holder.DriverName, printedName(company.Name, "Fleet"))),
			Address: i.address.params(),
		}
	}
	params.SetIdempotencyKey("fuelportal-card-" + holder.CardNumber)
	card, err := i.sc.V1IssuingCards.Create(ctx, params)
	if err != nil {
		return out, issuingError(err, "create card")
	}
	out.IssuerCardID, out.Last4 = card.ID, card.Last4
	out.ExpMonth, out.ExpYear = int(card.ExpMonth), int(card.ExpYear)
	if cardType == fuelportal.CardPhysical {
		out.Shipping = &fuelportal.CardShipping{Status: fuelportal.ShippingPending}
		if s := card.Shipping; s != nil {
			b := &bounds{fe: fuelportal.FieldErrors{}}
			shipped := (&cardShipping{Status: string(s.Status), Carrier: string(s.Carrier), TrackingNumber: s.TrackingNumber,
				TrackingURL: s.TrackingURL, ETA: s.ETA}).shipping(b)
			if b.fe.Err() == nil && shipped.Status != "" {
				out.Shipping = shipped
			}
		}
	}
	return out, nil
}

// spendingControls are the card's hard limits as Stripe spending limits,
// a backstop to the portal's own decision; nil without limits.
func spendingControls(h fuelportal.CardHolder) *stripego.IssuingCardCreateSpendingControlsParams {
	var limits []*stripego.IssuingCardCreateSpendingControlsSpendingLimitParams
	for _, l := range spendingLimits(h.CardLimits) {
		limits = append(limits, &stripego.IssuingCardCreateSpendingControlsSpendingLimitParams{
			Amount: stripego.Int64(l.cents), Interval: stripego.String(l.interval)})
	}
	if limits == nil {
		return nil
	}
	return &stripego.IssuingCardCreateSpendingControlsParams{SpendingLimits: limits}
}

type spendingLimit struct {
	cents    int64
	interval string
}

// spendingLimits are limits l as Stripe's intervals: the one mapping of
// the portal's limits to Stripe's, for new cards and changed controls.
func spendingLimits(l fuelportal.CardLimits) []spendingLimit {
	var out []spendingLimit
	add := func(cents *int64, interval string) {
		if cents != nil && *cents > 0 {
			out = append(out, spendingLimit{*cents, interval})
		}
	}
	add(l.PerPurchaseCents, "per_authorization")
	add(l.DailyCents, "daily")
	return out
}

// SetCardLimits replaces the Stripe card's spending limits with limits
// (none: Stripe's limits are cleared, an empty spending_limits); a card
// Stripe did not issue is left alone. Errors as IssueCard's.
func (i *Issuer) SetCardLimits(ctx context.Context, card *fuelportal.Card, limits fuelportal.CardLimits) error {
	if card.Issuer != fuelportal.IssuerStripe || card.IssuerCardID == "" {
		return nil
	}
	set := []*stripego.IssuingCardUpdateSpendingControlsSpendingLimitParams{} // empty, not nil: clears
	for _, l := range spendingLimits(limits) {
		set = append(set, &stripego.IssuingCardUpdateSpendingControlsSpendingLimitParams{
			Amount: stripego.Int64(l.cents), Interval: stripego.String(l.interval)})
	}
	params := &stripego.IssuingCardUpdateParams{SpendingControls: &stripego.IssuingCardUpdateSpendingControlsParams{SpendingLimits: set}}
	if _, err := i.sc.V1IssuingCards.Update(ctx, card.IssuerCardID, params); err != nil {
		return issuingError(err, "update card limits")
	}
	return nil
}

// SetCardStatus makes the Stripe card active or inactive; a card Stripe did
// not issue is left alone.
func (i *Issuer) SetCardStatus(ctx context.Context, card *fuelportal.Card, active bool) error {
	if card.Issuer != fuelportal.IssuerStripe || card.IssuerCardID == "" {
		return nil
	}
	status := "inactive"
	if active {
		status = "active"
	}
	if _, err := i.sc.V1IssuingCards.Update(ctx, card.IssuerCardID, &stripego.IssuingCardUpdateParams{Status: stripego.String(status)}); err != nil {
		return issuingError(err, "update card status")
	}
	return nil
}

// TransactionFuel retrieves Issuing transaction id with its
// purchase_details expanded (an expandable field a transaction event may
// lack) and answers its fuel: the quantity read exactly from the response's
// decimal string (the SDK's float64 is not used), the product by the
// Conexxus table; nil when Stripe reports no fuel. Errors as IssueCard's;
// a malformed quantity is EINVALID.
func (i *Issuer) TransactionFuel(ctx context.Context, id string) (*fuelportal.CaptureFuel, error) {
	params := &stripego.IssuingTransactionRetrieveParams{}
	params.AddExpand("purchase_details")
	t, err := i.sc.V1IssuingTransactions.Retrieve(ctx, id, params)
	if err != nil {
		return nil, issuingError(err, "retrieve transaction")
	}
	if t.LastResponse == nil {
		return nil, nil
	}
	return transactionFuel(t.LastResponse.RawJSON)
}

// transactionFuel reads the fuel of an Issuing transaction's JSON.
func transactionFuel(raw []byte) (*fuelportal.CaptureFuel, error) {
	var t issuingTransaction
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, fmt.Errorf("stripe issuing transaction: %w", err)
	}
	f := t.PurchaseDetails.Fuel
	if f == nil {
		return nil, nil
	}
	g, err := parseGallons(f.QuantityDecimal)
	if err != nil {
		return nil, err
	}
	return &fuelportal.CaptureFuel{Gallons: g, Product: fuelportal.ProductOfFuel(f.IndustryProductCode, f.Type)}, nil
}

// issuingError maps a stripe-go error of an Issuing call to a
// *fuelportal.Error the owner may see, keeping the original for the log.
func issuingError(err error, op string) error {
	var se *stripego.Error
	var e *fuelportal.Error
	switch {
	case !errors.As(err, &se):
		// Network failures and timeouts.
		e = fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgIssuerUnavailable)
	case se.Type == stripego.ErrorTypeRateLimit || se.HTTPStatusCode == http.StatusTooManyRequests:
		e = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The card issuer is busy - Please try again later")
	case se.HTTPStatusCode == http.StatusUnauthorized || se.HTTPStatusCode == http.StatusForbidden:
		e = fuelportal.Errorf(fuelportal.EUNAVAILABLE, "The card issuer is not configured correctly - Please contact support")
	case se.HTTPStatusCode >= 500 || se.Type == stripego.ErrorTypeAPI:
		e = fuelportal.Errorf(fuelportal.EUNAVAILABLE, fuelportal.MsgIssuerUnavailable)
	default:
		msg := se.Msg
		if msg == "" {
			msg = "The card issuer refused the request"
		}
		e = fuelportal.Errorf(fuelportal.EUNPROCESSABLE, "%s", msg)
	}
	return &wrapped{e, fmt.Errorf("stripe %s: %w", op, err)}
}

// IssuingElementsAPIVersion is the API version the ephemeral keys for
// Issuing Elements are created with: Stripe's guide asks for 2020-03-02 or
// later (docs/issuing.md).
const IssuingElementsAPIVersion = "2020-03-02"

// CardDetailsKey creates the ephemeral key to the Stripe card for the
// browser's Issuing Elements nonce (one key per reveal; Stripe expires it
// soon after). A card Stripe did not issue is ECONFLICT; errors otherwise
// as IssueCard's.
func (i *Issuer) CardDetailsKey(ctx context.Context, card *fuelportal.Card, nonce string) (fuelportal.CardDetailsKey, error) {
	if card.Issuer != fuelportal.IssuerStripe || card.IssuerCardID == "" {
		return fuelportal.CardDetailsKey{}, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgCardDetailsNotShown)
	}
	params := &stripego.EphemeralKeyCreateParams{IssuingCard: stripego.String(card.IssuerCardID), Nonce: stripego.String(nonce),
		StripeVersion: stripego.String(IssuingElementsAPIVersion)}
	key, err := i.sc.V1EphemeralKeys.Create(ctx, params)
	if err != nil {
		return fuelportal.CardDetailsKey{}, issuingError(err, "create card details key")
	}
	return fuelportal.CardDetailsKey{ID: key.ID, Secret: key.Secret, IssuerCardID: card.IssuerCardID, APIVersion: IssuingElementsAPIVersion}, nil
}
