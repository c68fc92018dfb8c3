package flows_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/flows"
	"fuelportal/issuing"
	"fuelportal/store/storetest"
)

// fuelIssuer is a card issuer that can tell a captured transaction's fuel.
type fuelIssuer struct{ issuing.Network }

func (fuelIssuer) TransactionFuel(context.Context, string) (*fuelportal.CaptureFuel, error) {
	return nil, nil
}

func TestNew_WiresEachServiceToTheOnesItCalls(t *testing.T) {
	db := storetest.OpenSQLite(t)
	s := flows.New(flows.Deps{DB: db, Issuer: fuelIssuer{}}, flows.Config{
		PlanTimeout: 3 * time.Second, PlanSlots: 5, AuthorizationDeadline: time.Second, IssuingWebhookSecret: "whsec_test",
	})
	if s.Purchases.Trips != s.Trips || s.Prices.Trips != s.Trips {
		t.Error("purchases and prices do not re-plan through the one trip service")
	}
	if s.Trips.Stations != nil || s.Prices.Catalog != nil {
		t.Error("without a catalog the services must hold no catalog (a nil interface), not a nil pointer in one")
	}
	if s.Trips.PlanTimeout != 3*time.Second || s.Trips.Slots == nil || s.Trips.ReplanLimit.Max == 0 {
		t.Errorf("trips settings = %v, %v, %+v", s.Trips.PlanTimeout, s.Trips.Slots, s.Trips.ReplanLimit)
	}
	if s.Purchases.Deadline != time.Second || s.Purchases.WebhookSecret != "whsec_test" || s.Purchases.Transactions == nil {
		t.Error("purchases settings or the issuer's transactions are not wired")
	}
	if s.Payments != nil {
		t.Error("payments without a provider must be nil (the API answers 503)")
	}
	if s.Cards == nil || s.IFTA == nil || s.Telematics == nil || s.Events == nil || s.Mail == nil || s.Push == nil || s.Webhooks == nil ||
		s.Accounts == nil || s.Overrides == nil || s.Odometer == nil || s.Contracts == nil || s.Notifications == nil || s.QuickBooks == nil {
		t.Error("a service is missing")
	}
	if n := len(s.Jobs()); n != 10 {
		t.Errorf("jobs = %d, want the dispatcher, three senders, the IFTA reminders, two sweeps, the telematics connectors' poller, the statement closing and the daily QuickBooks push", n)
	}
}
