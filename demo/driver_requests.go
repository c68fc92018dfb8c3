package demo

import (
	"context"
	"fmt"

	"fuelportal"
)

func init() {
	Register(Step{Order: OrderDriverRequests, Name: "a driver waiting for approval", Run: seedDriverRequests})
}

// PendingDriverEmail is a driver who signed up with a Demo Freight card and
// waits for the owner's approval, so the approval flow shows on a fresh demo.
const PendingDriverEmail = "pending@demo.test"

// PendingCardNumber is the card the pending driver signed up with: the last
// active Demo Freight card, which is therefore not in FreeCardNumbers.
var PendingCardNumber = lastActive(CardPlans[DemoFreight.Name])

func lastActive(plans []CardPlan) string {
	for i := len(plans) - 1; i >= 0; i-- {
		if plans[i].Status == fuelportal.CardActive && plans[i].LinkedTo == "" {
			return plans[i].CardNumber
		}
	}
	return ""
}

// seedDriverRequests adds a pending request for an unlinked card; the card
// stays free until the owner approves it.
func seedDriverRequests(ctx context.Context, env *Env) error {
	var card *fuelportal.Card
	for _, c := range env.Cards[env.DemoFreight.ID] {
		if c.CardNumber == PendingCardNumber {
			card = c
		}
	}
	if card == nil {
		return fmt.Errorf("demo: pending card %s not seeded", PendingCardNumber)
	}
	driver := &fuelportal.User{Email: PendingDriverEmail, PasswordHash: env.PasswordHash, FirstName: "Steven", LastName: "King",
		PhoneNumber: "+1 (407) 555-0163", Role: fuelportal.RoleUser, CompanyID: env.DemoFreight.ID, DriverStatus: fuelportal.DriverPending}
	if err := env.Tx.CreateUser(ctx, driver); err != nil {
		return err
	}
	return env.Tx.RequestCard(ctx, driver.ID, card.ID)
}
