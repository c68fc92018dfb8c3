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

		// Another company's group is refused; the invitation's event is published with it.
		inv := &fuelportal.Invitation{CompanyID: other.ID, Email: "x@example.com", Role: fuelportal.MemberAdmin, GroupID: g.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := db.CreateInvitation(ctx, inv, "h0", &fuelportal.Event{Type: fuelportal.EventMemberInvited, CompanyID: other.ID}, fuelportal.CheckInvitation); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("other company's group: %v", err)
		}
		mail := &fuelportal.MailMessage{To: "disp@example.com", Subject: "s", Body: "link"}
		inv = &fuelportal.Invitation{CompanyID: company.ID, Email: "Disp@Example.com", Role: fuelportal.MemberDispatcher, GroupID: g.ID, InvitedBy: owner.ID, ExpiresAt: clock.Now().Add(time.Hour)}
		if err := db.CreateInvitation(ctx, inv, "h1", &fuelportal.Event{Type: fuelportal.EventMemberInvited, CompanyID: company.ID, Mail: mail}, fuelportal.CheckInvitation); err != nil {
			t.Fatal(err)
		}
		if _, err := db.DispatchEvents(ctx); err != nil {
			t.Fatal(err)
		}
		var mailed int
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			return tx.QueryRow(ctx, `SELECT COUNT(*) FROM outbox WHERE to_address = ? AND body = ?`, "disp@example.com", "link").Scan(&mailed)
		}); err != nil || mailed != 1 {
			t.Fatalf("invitation mails in the outbox = %d, %v", mailed, err)
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
		if err := db.CreateInvitation(ctx, expiring, "h2", &fuelportal.Event{Type: fuelportal.EventMemberInvited, CompanyID: company.ID}, fuelportal.CheckInvitation); err != nil {
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
