package store_test

import (
	"context"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestMembers_InvitationsGroupsAndChanges(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clock := storetest.NewClock(db)
		company, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		if u, err := db.UserByID(ctx, owner.ID); err != nil || u.MemberRole != fuelportal.MemberOwner || u.MemberStatus != fuelportal.MemberActive {
			t.Fatalf("owner = %+v, %v", u, err)
		}
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000002")

		g := &fuelportal.Group{CompanyID: company.ID, Name: "North"}
		if err := db.CreateGroup(ctx, g); err != nil || g.ID == 0 {
			t.Fatalf("CreateGroup = %v", err)
		}
		if err := db.CreateGroup(ctx, &fuelportal.Group{CompanyID: company.ID, Name: "North"}); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("same name: %v", err)
		}
		if groups, err := db.Groups(ctx, other.ID); err != nil || len(groups) != 0 {
			t.Fatalf("other's groups = %v, %v", groups, err)
		}

		// An invitation to a group of the company is stored; another
		// company's group is refused. The members signing in with an
		// address are counted in the company only.
		invite := func(inv *fuelportal.Invitation, tokenHash string) error {
			return db.InTx(ctx, func(tx *store.Tx) error {
				if err := tx.GroupOf(ctx, inv.CompanyID, inv.GroupID); err != nil {
					return err
				}
				return tx.CreateInvitation(ctx, inv, tokenHash)
			})
		}
		inv := &fuelportal.Invitation{CompanyID: other.ID, Email: "x@example.com", Role: fuelportal.MemberAdmin, GroupID: g.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := invite(inv, "h0"); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("other company's group: %v", err)
		}
		inv = &fuelportal.Invitation{CompanyID: company.ID, Email: "Disp@Example.com", Role: fuelportal.MemberDispatcher, GroupID: g.ID, InvitedBy: owner.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := invite(inv, "h1"); err != nil || inv.ID == 0 || inv.Email != "disp@example.com" {
			t.Fatalf("invitation %+v, %v", inv, err)
		}
		for _, c := range []struct {
			companyID int64
			email     string
			want      int
		}{{company.ID, "Owner@Example.com", 1}, {company.ID, "disp@example.com", 0}, {other.ID, "owner@example.com", 0}} {
			var n int
			if err := db.InTx(ctx, func(tx *store.Tx) (err error) {
				n, err = tx.CompanyMembersWithEmail(ctx, c.companyID, c.email)
				return err
			}); err != nil || n != c.want {
				t.Fatalf("members of company %d with %s = %d, %v; want %d", c.companyID, c.email, n, err, c.want)
			}
		}
		if pending, err := db.PendingInvitations(ctx, company.ID); err != nil || len(pending) != 1 || pending[0].Email != "disp@example.com" {
			t.Fatalf("pending = %v, %v", pending, err)
		}
		if err := db.RevokeInvitation(ctx, other.ID, inv.ID); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("other company revokes: %v", err)
		}

		u, err := db.AcceptInvitation(ctx, "h1", &fuelportal.User{PasswordHash: "p", FirstName: "Dee", LastName: "Spatch"})
		if err != nil || u.CompanyID != company.ID || u.MemberRole != fuelportal.MemberDispatcher || u.Role != fuelportal.RoleCompany || u.GroupID != g.ID {
			t.Fatalf("accepted = %+v, %v", u, err)
		}
		if _, err := db.AcceptInvitation(ctx, "h1", &fuelportal.User{PasswordHash: "p"}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("reuse: %v", err)
		}
		expiring := &fuelportal.Invitation{CompanyID: company.ID, Email: "late@example.com", Role: fuelportal.MemberAdmin, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := db.InTx(ctx, func(tx *store.Tx) error { return tx.CreateInvitation(ctx, expiring, "h2") }); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Hour)
		if _, err := db.AcceptInvitation(ctx, "h2", &fuelportal.User{PasswordHash: "p"}); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("expired: %v", err)
		}

		// A change ends the member's sessions; the decision sees the facts.
		if err := db.CreateRefreshToken(ctx, &store.RefreshToken{TokenHash: "rt", FamilyID: "fam", UserID: u.ID, ExpiresAt: clock.Now().Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		suspended := fuelportal.MemberSuspended
		m, err := db.ChangeMember(ctx, company.ID, owner.ID, u.ID, &fuelportal.MemberChange{Status: &suspended}, func(actor, target *fuelportal.Member, owners int) error {
			if actor.ID != owner.ID || target.ID != u.ID || owners != 1 {
				t.Errorf("facts: %+v %+v %d", actor, target, owners)
			}
			return nil
		})
		if err != nil || m.Status != fuelportal.MemberSuspended || m.GroupID != g.ID {
			t.Fatalf("changed = %+v, %v", m, err)
		}
		if alive, err := db.SessionAlive(ctx, u.ID, "fam"); err != nil || alive {
			t.Fatalf("session alive after suspension = %v, %v", alive, err)
		}
		allow := func(actor, target *fuelportal.Member, owners int) error { return nil }
		if _, err := db.ChangeMember(ctx, other.ID, owner.ID, u.ID, nil, allow); fuelportal.ErrorCode(err) != fuelportal.ENOTFOUND {
			t.Fatalf("through another company: %v", err)
		}
		if _, err := db.ChangeMember(ctx, company.ID, owner.ID, u.ID, nil, allow); err != nil {
			t.Fatal(err)
		}
		if members, err := db.CompanyMembers(ctx, company.ID); err != nil || len(members) != 1 || members[0].ID != owner.ID {
			t.Fatalf("members after removal = %v, %v", members, err)
		}
	})
}
