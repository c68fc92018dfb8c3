package http

import "fuelportal/store"

// stores are the handlers' views of the store: one small interface per
// resource file, declared there, each naming only what its handlers call.
// The store satisfies them all; no handler holds *store.DB.
type stores struct {
	accountStore              accountStore              // account.go
	cardStore                 cardStore                 // card.go
	contractStore             contractStore             // contract.go
	controlsStore             controlsStore             // controls.go
	driverCardStore           driverCardStore           // driver_card.go
	driverRequestStore        driverRequestStore        // driver_requests.go
	healthStore               healthStore               // health.go
	inboxStore                inboxStore                // inbox.go
	authorizationTimeoutStore authorizationTimeoutStore // issuing_webhook.go
	pricingStore              pricingStore              // locations.go
	accessStore               accessStore               // middleware.go
	notificationStore         notificationStore         // notifications.go
	odometerStore             odometerStore             // odometer.go
	overrideRequestStore      overrideRequestStore      // override_requests.go
	passwordResetStore        passwordResetStore        // password_reset.go
	pushStore                 pushStore                 // push.go
	rateLimitStore            rateLimitStore            // ratelimit.go
	receiptStore              receiptStore              // receipt.go
	sessionStore              sessionStore              // session.go
	signupStore               signupStore               // signup.go
	transactionStore          transactionStore          // transaction.go
	tripStore                 tripStore                 // trip.go
	tripRequestStore          tripRequestStore          // trip_requests.go
	tripVersionStore          tripVersionStore          // trip_versions.go
	vehicleStore              vehicleStore              // vehicle.go
	pumpCheckStore            pumpCheckStore            // pumpcheck.go
	walletStore               walletStore               // wallet.go
	webhookStore              webhookStore              // webhooks.go
	controlsReader            controlsReader            // wire.go
}

func newStores(db *store.DB) stores {
	return stores{
		accountStore:              db,
		cardStore:                 db,
		contractStore:             db,
		controlsStore:             db,
		driverCardStore:           db,
		driverRequestStore:        db,
		healthStore:               db,
		inboxStore:                db,
		authorizationTimeoutStore: db,
		pricingStore:              db,
		accessStore:               db,
		notificationStore:         db,
		odometerStore:             db,
		overrideRequestStore:      db,
		passwordResetStore:        db,
		pushStore:                 db,
		rateLimitStore:            db,
		receiptStore:              db,
		sessionStore:              db,
		signupStore:               db,
		transactionStore:          db,
		tripStore:                 db,
		tripRequestStore:          db,
		tripVersionStore:          db,
		vehicleStore:              db,
		pumpCheckStore:            db,
		walletStore:               db,
		webhookStore:              db,
		controlsReader:            db,
	}
}
