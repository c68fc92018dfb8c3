package purchases_test

import (
	"time"

	"fuelportal/purchases"
	"fuelportal/rules"
	"fuelportal/store"
	"fuelportal/trips"
)

// flow is the card money service over db: the store's tests record
// purchases, decide authorizations and capture through it, as every entry
// point does, with a deadline no test host can pass.
func flow(db *store.DB) *purchases.Service {
	return purchases.New(purchases.Deps{DB: db, Deadline: time.Minute})
}

// tripFlow is the trip flow over db (no station search: the tests hand it
// their plans).
func tripFlow(db *store.DB) *trips.Service { return trips.New(trips.Deps{Store: db}) }

// flowDeciding is flow deciding authorizations by decide.
func flowDeciding(db *store.DB, decide func(rules.AuthorizationFacts) rules.AuthorizationDecision) *purchases.Service {
	s := flow(db)
	s.Decide = decide
	return s
}
