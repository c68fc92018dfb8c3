package purchases_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// groupMember joins company companyID as a dispatcher limited to group
// groupID (0: none) through an invitation.
func groupMember(t *testing.T, db *store.DB, companyID, groupID int64, email string) *fuelportal.User {
	t.Helper()
	ctx := context.Background()
	inv := &fuelportal.Invitation{CompanyID: companyID, Email: email, Role: fuelportal.MemberDispatcher, GroupID: groupID,
		ExpiresAt: time.Now().Add(24 * time.Hour)}
	if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateInvitation(ctx, inv, "hash-"+email) }); err != nil {
		t.Fatal(err)
	}
	u, err := db.AcceptInvitation(ctx, "hash-"+email, &fuelportal.User{PasswordHash: "p", FirstName: "Dee", LastName: "Spatch"})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// mailsTo counts the outbox's mails to address.
func mailsTo(t *testing.T, db *store.DB, address string) int {
	t.Helper()
	ctx := context.Background()
	var n int
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE to_address = ?`, address).Scan(&n)
	}); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestGroups_AMemberOfAGroupHearsAndSeesOnlyItsCards(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := storetest.NewFleet(t, db, storetest.Prepaid)
		g := &fuelportal.Group{CompanyID: f.Company.ID, Name: "North"}
		if err := db.CreateGroup(ctx, g); err != nil {
			t.Fatal(err)
		}
		if err := db.SetCardGroup(ctx, f.Company.ID, f.Active.CardNumber, g.ID); err != nil {
			t.Fatal(err)
		}
		north := groupMember(t, db, f.Company.ID, g.ID, "north@example.com")
		everyone := groupMember(t, db, f.Company.ID, 0, "all@example.com")

		// A decline on a card outside the group: the company-wide dispatcher
		// hears of it, the group's does not.
		if _, _, err := flow(db).Record(ctx, purchase("g-1", f.Inactive.CardNumber, f.Station.ID, 50_000)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DispatchEvents(ctx); err != nil {
			t.Fatal(err)
		}
		if n, m := mailsTo(t, db, north.Email), mailsTo(t, db, everyone.Email); n != 0 || m != 1 {
			t.Fatalf("decline outside the group mailed the group's dispatcher %d, the company's %d; want 0, 1", n, m)
		}
		// A decline on the group's card reaches the group's dispatcher.
		if _, _, err := flow(db).Record(ctx, purchase("g-2", f.Active.CardNumber, f.Station.ID, 50_000)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DispatchEvents(ctx); err != nil {
			t.Fatal(err)
		}
		if n := mailsTo(t, db, north.Email); n != 1 {
			t.Fatalf("decline on the group's card mailed the group's dispatcher %d times; want 1", n)
		}

		// The alerts inbox of the group shows the group's card only; read
		// marks of another group's alert are 404.
		page, err := db.Inbox(ctx, fuelportal.InboxFilter{Inbox: fuelportal.Inbox{CompanyID: f.Company.ID, GroupID: g.ID}, Limit: 100})
		if err != nil || len(page.Items) != 1 || page.Items[0].CardID != f.Active.ID || page.Unread != 1 {
			t.Fatalf("the group's alerts = %+v, %v", page, err)
		}
		all := storetest.AlertsOf(t, db, f.Company.ID, false)
		if len(all.Items) != 2 {
			t.Fatalf("company alerts = %d; want 2", len(all.Items))
		}
		outside := all.Items[1].ID
		if err := db.MarkInboxRead(ctx, fuelportal.Inbox{CompanyID: f.Company.ID, GroupID: g.ID}, outside, "Alert not found"); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("read mark of another group's alert: %v", err)
		}

		// Transactions and trips follow the scope's group.
		scope := fuelportal.TransactionScope{CompanyID: f.Company.ID, GroupID: g.ID}
		list, total, err := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: scope, Limit: 100})
		if err != nil || len(list) != 1 || total != 1 || list[0].CardID != f.Active.ID {
			t.Fatalf("the group's transactions = %+v, %d, %v", list, total, err)
		}
		if _, _, err := db.Transactions(ctx, fuelportal.TransactionFilter{Scope: scope, CardNumber: f.Inactive.CardNumber, Limit: 10}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another group's card filter: %v", err)
		}
		if err := db.CheckTripCard(ctx, scope, f.Inactive.CardNumber, fuelportal.CheckTripCardFree); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("trip on another group's card: %v", err)
		}
		if err := db.CheckTripCard(ctx, scope, f.Active.CardNumber, fuelportal.CheckTripCardFree); err != nil {
			t.Fatalf("trip on the group's card: %v", err)
		}

		// Vehicles: the group's only; another's group is unknown.
		mine := storetest.NewVehicle("N-1")
		mine.GroupID = g.ID
		if _, err := db.CreateVehicle(ctx, f.Company.ID, mine); err != nil {
			t.Fatal(err)
		}
		s1 := storetest.NewVehicle("S-1")
		s1.VIN, s1.IFTAQualified = "", false
		theirs, err := db.CreateVehicle(ctx, f.Company.ID, s1)
		if err != nil {
			t.Fatal(err)
		}
		if vs, err := db.CompanyVehiclesIn(ctx, f.Company.ID, g.ID); err != nil || len(vs) != 1 || vs[0].UnitNumber != "N-1" || vs[0].GroupID != g.ID {
			t.Fatalf("the group's vehicles = %+v, %v", vs, err)
		}
		if _, err := db.ImportVehicles(ctx, f.Company.ID, []*fuelportal.Vehicle{{UnitNumber: "S-1", FuelType: fuelportal.FuelDiesel, TankCapacity: 100_000, Active: true, GroupID: g.ID}},
			func(v *fuelportal.Vehicle, existing int64) error {
				return fuelportal.CheckVehicleImportUpdate(v.GroupID, existing)
			}); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("the group's import over another group's unit: %v", err)
		}
		if err := db.SetVehicleGroup(ctx, f.Company.ID, theirs.ID, g.ID); err != nil {
			t.Fatal(err)
		}
		if group, err := db.VehicleGroup(ctx, f.Company.ID, theirs.ID); err != nil || group != g.ID {
			t.Fatalf("VehicleGroup = %d, %v", group, err)
		}
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000077")
		if _, err := db.VehicleGroup(ctx, other.ID, theirs.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's vehicle: %v", err)
		}
		if _, err := db.CardGroup(ctx, other.ID, f.Active.CardNumber); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("another company's card: %v", err)
		}
	})
}
