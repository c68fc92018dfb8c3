package issuing

import (
	"context"

	"fuelportal"
)

// Network is the network issuer: the portal's own card program. The card
// number the portal assigned is the card; there is no outside call, and the
// portal's status is the only status.
type Network struct{}

var _ fuelportal.CardIssuer = Network{}

// Name is IssuerNetwork.
func (Network) Name() string { return fuelportal.IssuerNetwork }

// IssueCard answers the network issuer's card: nothing beyond the portal's
// number.
func (Network) IssueCard(context.Context, fuelportal.IssuingCompany, fuelportal.CardHolder, fuelportal.CardType) (fuelportal.IssuedCard, error) {
	return fuelportal.IssuedCard{Issuer: fuelportal.IssuerNetwork}, nil
}

// SetCardStatus has nothing to tell anyone: the portal decides purchases on
// its own status.
func (Network) SetCardStatus(context.Context, *fuelportal.Card, bool) error { return nil }

// SetCardLimits has no one to tell either: the portal's controls are the
// only limits.
func (Network) SetCardLimits(context.Context, *fuelportal.Card, fuelportal.CardLimits) error {
	return nil
}

// CardDetailsKey is ECONFLICT: a network card's number is the portal's,
// shown in the app; there are no other details to reveal.
func (Network) CardDetailsKey(context.Context, *fuelportal.Card, string) (fuelportal.CardDetailsKey, error) {
	return fuelportal.CardDetailsKey{}, fuelportal.Errorf(fuelportal.ECONFLICT, fuelportal.MsgCardDetailsNotShown)
}
