package rules

import "fuelportal"

// ApprovedOnTimeout is the rule an approval by the company's timeout
// setting records as fired.
const ApprovedOnTimeout = "APPROVED_ON_TIMEOUT"

// DecideOnTimeout is the answer to an authorization request of
// requestCents on card (nil: not ours) whose decision could not finish
// within its deadline: the company's setting, approving the request in
// full (held with the contract's fee, as every approval is) or declining
// AUTHORIZATION_TIMEOUT; a card that is not ours declines.
func DecideOnTimeout(card *fuelportal.Card, setting fuelportal.AuthorizationTimeout, contract *fuelportal.Contract, requestCents int64) AuthorizationDecision {
	if card == nil || setting != fuelportal.TimeoutApprove {
		return authDeclined(fuelportal.DeclineAuthorizationTimeout)
	}
	return AuthorizationDecision{Approved: true, AmountCents: requestCents, HoldCents: requestCents + contract.FeeCents, Fired: []string{ApprovedOnTimeout}}
}
