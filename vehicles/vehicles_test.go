package vehicles_test

import (
	"context"
	"os"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
	"fuelportal/vehicles"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

func TestVehicles_CreateReadUpdateDelete(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := vehicles.New(vehicles.Deps{Store: db})
		company, _, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001") // card on unit U-1
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000002")

		v := storetest.NewVehicle("  U-1 ")
		v.VIN = " 1m8gdm9axkp042788"
		created, err := svc.Create(ctx, vehicles.Scope{CompanyID: company.ID}, v)
		if err != nil {
			t.Fatal(err)
		}
		if created.ID == 0 || created.UnitNumber != "U-1" || created.VIN != storetest.ValidVIN || created.TankCapacity != 150_000 ||
			!created.IFTAQualified || !created.Active || created.CreatedAt.IsZero() {
			t.Fatalf("created = %+v", created)
		}
		if len(created.Cards) != 1 || created.Cards[0].CardNumber != card.CardNumber || created.Cards[0].DriverName != card.DriverName {
			t.Fatalf("cards = %+v", created.Cards)
		}

		t.Run("a unit number the company has is a conflict on the field", func(t *testing.T) {
			_, err := svc.Create(ctx, vehicles.Scope{CompanyID: company.ID}, storetest.NewVehicle("U-1"))
			if fuelportal.ErrorCode(err) != fuelportal.ECONFLICT || fuelportal.ErrorFields(err)["unitNumber"] == nil {
				t.Fatalf("err = %v", err)
			}
		})
		t.Run("another company may use the same unit number and sees only its own", func(t *testing.T) {
			theirs, err := svc.Create(ctx, vehicles.Scope{CompanyID: other.ID}, storetest.NewVehicle("U-1"))
			if err != nil {
				t.Fatal(err)
			}
			// Both companies have a card on unit U-1: each vehicle shows its own company's.
			if len(theirs.Cards) != 1 || theirs.Cards[0].CardNumber != "7071000000000000002" {
				t.Fatalf("other company's vehicle shows cards %+v", theirs.Cards)
			}
			if _, err := db.Vehicle(ctx, other.ID, created.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("other company reads our vehicle: %v", err)
			}
			upd := storetest.NewVehicle("X")
			upd.ID = created.ID
			if _, err := svc.Update(ctx, other.ID, upd); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("other company updates our vehicle: %v", err)
			}
			if err := svc.Delete(ctx, other.ID, created.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("other company deletes our vehicle: %v", err)
			}
			list, err := db.CompanyVehicles(ctx, other.ID)
			if err != nil || len(list) != 1 || list[0].ID != theirs.ID {
				t.Fatalf("other list = %+v, %v", list, err)
			}
		})
		t.Run("an invalid vehicle is refused with field errors", func(t *testing.T) {
			bad := fuelportal.Vehicle{UnitNumber: " ", VIN: "1M8GDM9A1KP042788", FuelType: "jet", TankCapacity: 900_000, Plate: "ABC"}
			_, err := svc.Create(ctx, vehicles.Scope{CompanyID: company.ID}, bad)
			fields := fuelportal.ErrorFields(err)
			for _, f := range []string{"unitNumber", "vin", "fuelType", "tankCapacityGallons", "plateState"} {
				if fields[f] == nil {
					t.Errorf("no error on %s: %v", f, err)
				}
			}
		})
		t.Run("update saves every field and keeps the unit unique", func(t *testing.T) {
			second, err := svc.Create(ctx, vehicles.Scope{CompanyID: company.ID}, storetest.NewVehicle("U-2"))
			if err != nil {
				t.Fatal(err)
			}
			upd := fuelportal.Vehicle{ID: second.ID, UnitNumber: "U-2", FuelType: fuelportal.FuelGasoline, TankCapacity: 30_500}
			got, err := svc.Update(ctx, company.ID, upd)
			if err != nil {
				t.Fatal(err)
			}
			if got.VIN != "" || got.Plate != "" || got.FuelType != fuelportal.FuelGasoline || got.TankCapacity != 30_500 || got.IFTAQualified || got.Active {
				t.Fatalf("updated = %+v", got)
			}
			upd.UnitNumber = "U-1"
			if _, err := svc.Update(ctx, company.ID, upd); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
				t.Fatalf("taking U-1: %v", err)
			}
			if err := svc.Delete(ctx, company.ID, second.ID); err != nil {
				t.Fatal(err)
			}
			if _, err := db.Vehicle(ctx, company.ID, second.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("deleted vehicle read: %v", err)
			}
			if err := svc.Delete(ctx, company.ID, second.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
				t.Fatalf("deleting again: %v", err)
			}
		})
	})
}

func TestVehicles_ImportCreatesAndUpdatesAllOrNothing(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := vehicles.New(vehicles.Deps{Store: db})
		company, _, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		if _, err := svc.Create(ctx, vehicles.Scope{CompanyID: company.ID}, storetest.NewVehicle("U-1")); err != nil {
			t.Fatal(err)
		}
		changed := storetest.NewVehicle("U-1")
		changed.TankCapacity = 200_000
		fresh := storetest.NewVehicle("U-9")
		fresh.FuelType = fuelportal.FuelGasoline
		res, err := svc.Import(ctx, vehicles.Scope{CompanyID: company.ID}, []*fuelportal.Vehicle{&changed, &fresh})
		if err != nil || res.Created != 1 || res.Updated != 1 {
			t.Fatalf("import = %+v, %v", res, err)
		}
		list, err := db.CompanyVehicles(ctx, company.ID)
		if err != nil || len(list) != 2 || list[0].UnitNumber != "U-1" || list[0].TankCapacity != 200_000 || list[1].UnitNumber != "U-9" ||
			list[1].FuelType != fuelportal.FuelGasoline || len(list[0].Cards) != 1 || len(list[1].Cards) != 0 {
			t.Fatalf("list = %+v, %v", list, err)
		}

		bad := storetest.NewVehicle("U-10")
		bad.TankCapacity = 0
		again := storetest.NewVehicle("U-11")
		if _, err := svc.Import(ctx, vehicles.Scope{CompanyID: company.ID}, []*fuelportal.Vehicle{&again, &bad}); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("bad import: %v", err)
		}
		if list, _ := db.CompanyVehicles(ctx, company.ID); len(list) != 2 {
			t.Fatalf("a refused import saved vehicles: %d", len(list))
		}
	})
}
