package store

import (
	"context"

	"fuelportal"
)

// Contract returns the company's contract, or fuelportal.DefaultContract
// when it has none yet.
func (tx *Tx) Contract(ctx context.Context, companyID int64) (*fuelportal.Contract, error) {
	c := &fuelportal.Contract{CompanyID: companyID}
	var created, updated nullTime
	err := tx.QueryRow(ctx, `
		SELECT pricing, retail_minus_tenth_cents, billing, credit_limit_cents, fee_cents,
			out_of_route_tenth_cents_per_mile, stop_cost_cents, created_at, updated_at
		FROM contracts WHERE company_id = ?`, companyID,
	).Scan(&c.Pricing, &c.RetailMinusTenthCents, &c.Billing, &c.CreditLimitCents, &c.FeeCents,
		&c.OutOfRouteTenthCentsPerMile, &c.StopCostCents, &created, &updated)
	if isNoRows(err) {
		return fuelportal.DefaultContract(companyID), nil
	} else if err != nil {
		return nil, err
	}
	c.CreatedAt, c.UpdatedAt = created.Time, updated.Time
	return c, nil
}

// Contract returns the company's contract (the default one when it has none).
func (db *DB) Contract(ctx context.Context, companyID int64) (c *fuelportal.Contract, err error) {
	err = db.InReadTx(ctx, func(tx *Tx) error {
		c, err = tx.Contract(ctx, companyID)
		return err
	})
	return c, err
}

// Pricing is the contract a company's users see prices and plan under:
// its contract (the default one while it has signed none), whose price per
// gallon a purchase is charged; for company 0 (a user of no company) the
// feed's net price (fuelportal.FeedPricing).
func (db *DB) Pricing(ctx context.Context, companyID int64) (*fuelportal.Contract, error) {
	if companyID == 0 {
		return fuelportal.FeedPricing(), nil
	}
	return db.Contract(ctx, companyID)
}

// SaveContract creates or replaces the contract of c.CompanyID. An unknown
// plan, a negative amount or a planner cost above its maximum
// (fuelportal.MaxOutOfRouteTenthCentsPerMile, MaxStopCostCents) is EINVALID.
func (tx *Tx) SaveContract(ctx context.Context, c *fuelportal.Contract) error {
	if !c.Pricing.Valid() || !c.Billing.Valid() || c.RetailMinusTenthCents < 0 || c.CreditLimitCents < 0 || c.FeeCents < 0 ||
		c.OutOfRouteTenthCentsPerMile < 0 || c.OutOfRouteTenthCentsPerMile > fuelportal.MaxOutOfRouteTenthCentsPerMile ||
		c.StopCostCents < 0 || c.StopCostCents > fuelportal.MaxStopCostCents {
		return fuelportal.Errorf(fuelportal.EINVALID, "Invalid contract")
	}
	c.CreatedAt, c.UpdatedAt = tx.Now, tx.Now
	_, err := tx.Exec(ctx, `
		INSERT INTO contracts (company_id, pricing, retail_minus_tenth_cents, billing, credit_limit_cents, fee_cents,
			out_of_route_tenth_cents_per_mile, stop_cost_cents, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (company_id) DO UPDATE SET
			pricing = excluded.pricing,
			retail_minus_tenth_cents = excluded.retail_minus_tenth_cents,
			billing = excluded.billing,
			credit_limit_cents = excluded.credit_limit_cents,
			fee_cents = excluded.fee_cents,
			out_of_route_tenth_cents_per_mile = excluded.out_of_route_tenth_cents_per_mile,
			stop_cost_cents = excluded.stop_cost_cents,
			updated_at = excluded.updated_at`,
		c.CompanyID, c.Pricing, c.RetailMinusTenthCents, c.Billing, c.CreditLimitCents, c.FeeCents,
		c.OutOfRouteTenthCentsPerMile, c.StopCostCents, c.CreatedAt, c.UpdatedAt)
	return err
}

// SetPlannerCosts sets the fuel planner's costs in the company's contract,
// keeping its other terms (a company without a contract gets the default
// one with these costs), and returns the contract; the change's audit row
// is written in its transaction. The caller has validated costs
// (contracts.Service).
func (db *DB) SetPlannerCosts(ctx context.Context, companyID int64, costs fuelportal.PlannerCosts) (c *fuelportal.Contract, err error) {
	err = db.InTx(ctx, func(tx *Tx) error {
		was, err := tx.Contract(ctx, companyID)
		if err != nil {
			return err
		}
		// Only the two terms change: one statement, so that a concurrent
		// change of the other terms is never overwritten.
		res, err := tx.Exec(ctx, `
			UPDATE contracts SET out_of_route_tenth_cents_per_mile = ?, stop_cost_cents = ?, updated_at = ?
			WHERE company_id = ?`, costs.OutOfRouteTenthCentsPerMile, costs.StopCostCents, tx.Now, companyID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			d := fuelportal.DefaultContract(companyID)
			d.OutOfRouteTenthCentsPerMile, d.StopCostCents = costs.OutOfRouteTenthCentsPerMile, costs.StopCostCents
			if err := tx.SaveContract(ctx, d); err != nil {
				return err
			}
		}
		if c, err = tx.Contract(ctx, companyID); err != nil {
			return err
		}
		return tx.auditCompany(ctx, companyID, plannerCostsAudit(was), plannerCostsAudit(c))
	})
	return c, err
}

func plannerCostsAudit(c *fuelportal.Contract) map[string]any {
	return map[string]any{"outOfRouteTenthCentsPerMile": c.OutOfRouteTenthCentsPerMile, "stopCostCents": c.StopCostCents}
}
