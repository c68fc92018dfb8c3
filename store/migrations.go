package store

import (
	"embed"
	"fmt"
	"io/fs"
)

// Migrations live in one directory per engine and use goose's SQL format.
// Version ranges are reserved per feature so parallel work never collides:
//
//	00001–00099  foundation: settings, companies, users, cards, sessions, mail, rate limits
//	00100–00199  stations and prices
//	00200–00299  fleet: transactions, wallet ledger, contracts
//	00300–00399  payments
//	00420–00429  drivers' approval by their company
//	00430–00439  card controls, overrides, alerts and override requests
//	00440        trips: saved fuel plans, their versions, purchases made on them
//	00445        the planner's detour and stop costs in the contract
//	00460        who set a trip's lock; drivers' requests to end or re-plan an owner-locked trip
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

func migrationFS(engine Engine) (fs.FS, error) {
	sub, err := fs.Sub(migrations, "migrations/"+string(engine))
	if err != nil {
		return nil, fmt.Errorf("migrations for %s: %w", engine, err)
	}
	return sub, nil
}
