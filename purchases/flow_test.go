package purchases_test

import (
	"time"

	"fuelportal/purchases"
	"fuelportal/rules"
	"fuelportal/store"
)

// flow is the card money service over db: the store's tests record
// purchases, decide authorizations and capture through it, as every entry
// point does, with a deadline no test host can pass.
func flow(db *store.DB) *purchases.Service {
	return purchases.New(purchases.Deps{DB: db, Deadline: time.Minute})
}

// flowDeciding is flow deciding authorizations by decide.
func flowDeciding(db *store.DB, decide func(rules.AuthorizationFacts) rules.AuthorizationDecision) *purchases.Service {
	s := flow(db)
	s.Decide = decide
	return s
}
