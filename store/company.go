package store

import (
	"context"

	"fuelportal"
)

// CreateCompany inserts c and sets its ID and CreatedAt.
func (tx *Tx) CreateCompany(ctx context.Context, c *fuelportal.Company) error {
	c.CreatedAt = tx.Now
	return tx.QueryRow(ctx, `
		INSERT INTO companies (name, carrier_id, phone_number, created_at)
		VALUES (?, ?, ?, ?)
		RETURNING id`,
		c.Name, c.CarrierID, c.PhoneNumber, c.CreatedAt,
	).Scan(&c.ID)
}

// CompanyByID returns the company with id, or ENOTFOUND.
func (tx *Tx) CompanyByID(ctx context.Context, id int64) (*fuelportal.Company, error) {
	c := &fuelportal.Company{}
	var created nullTime
	err := tx.QueryRow(ctx, `SELECT id, name, carrier_id, phone_number, created_at FROM companies WHERE id = ?`, id).
		Scan(&c.ID, &c.Name, &c.CarrierID, &c.PhoneNumber, &created)
	if err != nil {
		return nil, notFound(err, "Company not found")
	}
	c.CreatedAt = created.Time
	return c, nil
}

// IsEmpty reports whether no company and no user exist yet (a fresh
// database the demo data may fill).
func (db *DB) IsEmpty(ctx context.Context) (bool, error) {
	var n int
	err := db.InReadTx(ctx, func(tx *Tx) error {
		return tx.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM companies) + (SELECT COUNT(*) FROM users)`).Scan(&n)
	})
	return n == 0, err
}

// CompanyName returns the name of company id (ENOTFOUND when there is none).
func (db *DB) CompanyName(ctx context.Context, id int64) (name string, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		c, err := tx.CompanyByID(ctx, id)
		if err == nil {
			name = c.Name
		}
		return err
	})
	return name, err
}
