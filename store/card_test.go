package store_test

import (
	"context"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestCards_FindLinkListAndUpdate(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		other, _, theirs := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000002")
		second := &fuelportal.Card{CompanyID: company.ID, CardNumber: "7071000000000000003", DriverName: "Amy Able", DriverID: "D-2", UnitNumber: "TRK-9"}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateCard(ctx, second) }); err != nil {
			t.Fatal(err)
		}

		t.Run("by number", func(t *testing.T) {
			err := db.InReadTx(ctx, func(tx *store.Tx) error {
				got, err := tx.CardByNumber(ctx, card.CardNumber)
				if err != nil || got.ID != card.ID || got.CompanyID != company.ID {
					t.Fatalf("CardByNumber = %+v, %v", got, err)
				}
				_, err = tx.CardByNumber(ctx, "7071999999999999999")
				if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
					t.Fatalf("unknown card: %v", err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
		t.Run("a card links one driver", func(t *testing.T) {
			u := &fuelportal.User{Email: "drv@example.com", PasswordHash: "h", Role: fuelportal.RoleUser, CompanyID: company.ID}
			err := db.InTx(ctx, func(tx *store.Tx) error {
				if err := tx.CreateUser(ctx, u); err != nil {
					return err
				}
				return tx.LinkCardDriver(ctx, card.ID, u.ID)
			})
			if err != nil || u.ID == 0 || u.DriverStatus != fuelportal.DriverApproved {
				t.Fatalf("create and link = %+v, %v", u, err)
			}
			err = db.InTx(ctx, func(tx *store.Tx) error { return tx.LinkCardDriver(ctx, card.ID, u.ID) })
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("second link: %v", err)
			}
			err = db.InTx(ctx, func(tx *store.Tx) error {
				return tx.CreateUser(ctx, &fuelportal.User{Email: " DRV@example.com ", PasswordHash: "h", Role: fuelportal.RoleUser, CompanyID: company.ID})
			})
			if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("taken email: %v", err)
			}
		})
		t.Run("list and search stay inside the company", func(t *testing.T) {
			all, err := db.CompanyCards(ctx, company.ID, "")
			if err != nil || len(all) != 2 || all[0].DriverName != "Amy Able" {
				t.Fatalf("all = %+v, %v", all, err)
			}
			for _, search := range []string{"trk-9", "amy", "d-2", "0000000003"} {
				found, err := db.CompanyCards(ctx, company.ID, search)
				if err != nil || len(found) != 1 || found[0].ID != second.ID {
					t.Fatalf("search %q = %+v, %v", search, found, err)
				}
			}
			if found, _ := db.CompanyCards(ctx, company.ID, theirs.CardNumber); len(found) != 0 {
				t.Fatalf("another company's card found: %+v", found)
			}
			if found, _ := db.CompanyCards(ctx, company.ID, "%"); len(found) != 0 {
				t.Fatalf("a wildcard matched: %+v", found)
			}
		})
		t.Run("update", func(t *testing.T) {
			update := func(companyID int64, upd fuelportal.CardUpdate) (was, card *fuelportal.Card, err error) {
				err = db.InTx(ctx, func(tx *store.Tx) error {
					was, card, err = tx.UpdateCard(ctx, companyID, upd)
					return err
				})
				return was, card, err
			}
			was, got, err := update(company.ID, fuelportal.CardUpdate{CardNumber: second.CardNumber, DriverName: "Amy B. Able", DriverID: "D-3", UnitNumber: "TRK-10", Status: fuelportal.CardInactive})
			if err != nil || got.DriverName != "Amy B. Able" || got.Status != fuelportal.CardInactive || was.Status != fuelportal.CardActive || was.DriverName == got.DriverName {
				t.Fatalf("update = %+v (was %+v), %v", got, was, err)
			}
			_, _, err = update(other.ID, fuelportal.CardUpdate{CardNumber: second.CardNumber, DriverName: "x", DriverID: "x", UnitNumber: "x", Status: fuelportal.CardActive})
			if fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("another company's update: %v", err)
			}
		})
	})
}

func TestIsEmpty(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if empty, err := db.IsEmpty(ctx); err != nil || !empty {
			t.Fatalf("fresh: %v, %v", empty, err)
		}
		storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		if empty, err := db.IsEmpty(ctx); err != nil || empty {
			t.Fatalf("after a company: %v, %v", empty, err)
		}
	})
}
