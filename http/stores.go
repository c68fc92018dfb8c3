package http

import "fuelportal/store"

// stores are the handlers' views of the store: one small interface per
// resource file, declared there, each naming only what its handlers call.
// The store satisfies them all; no handler holds *store.DB.
type stores struct {
	cardStore                 cardStore                 // card.go, driver_card.go
	controlsStore             controlsStore             // controls.go, wire.go
	healthStore               healthStore               // health.go
	inboxStore                inboxStore                // inbox.go
	authorizationTimeoutStore authorizationTimeoutStore // issuing_webhook.go
	pricingStore              pricingStore              // locations.go
	accessStore               accessStore               // middleware.go
	pushStore                 pushStore                 // push.go
	rateLimitStore            rateLimitStore            // ratelimit.go
	receiptStore              receiptStore              // receipt.go
	sessionStore              sessionStore              // session.go
	transactionStore          transactionStore          // transaction.go
	tripStore                 tripStore                 // trip.go, trip_requests.go, trip_versions.go
	walletStore               walletStore               // wallet.go
	accountingStore           accountingStore           // coding.go
}

func newStores(db *store.DB) stores {
	return stores{
		cardStore:                 db,
		controlsStore:             db,
		healthStore:               db,
		inboxStore:                db,
		authorizationTimeoutStore: db,
		pricingStore:              db,
		accessStore:               db,
		pushStore:                 db,
		rateLimitStore:            db,
		receiptStore:              db,
		sessionStore:              db,
		transactionStore:          db,
		tripStore:                 db,
		walletStore:               db,
		accountingStore:           db,
	}
}
