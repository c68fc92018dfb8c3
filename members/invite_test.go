package members_test

import (
	"context"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/members"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// TestInvite_WritesMemberInvitedOnceWithItsInvitation: an invitation
// writes its row, its audit and member.invited (the mail with the link)
// in one transaction, once; the link the event mails accepts it. An
// address that is a member of the company and another company's group are
// refused and write none of them.
func TestInvite_WritesMemberInvitedOnceWithItsInvitation(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		company, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000001")
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000002")
		north := &fuelportal.Group{CompanyID: company.ID, Name: "North"}
		elsewhere := &fuelportal.Group{CompanyID: other.ID, Name: "North"}
		for _, g := range []*fuelportal.Group{north, elsewhere} {
			if err := db.CreateGroup(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		svc := members.New(members.Deps{Store: db, Passwords: fuelportal.NewPasswordHasher(fuelportal.TestArgon2Params)})
		const publicURL = "https://portal.example.test/"
		// The owner invites, as the HTTP API does: their changes are audited.
		asOwner := fuelportal.NewContextWithActor(ctx, fuelportal.Actor{UserID: owner.ID, Role: string(fuelportal.MemberOwner)})
		invite := func(email string, groupID int64) (*fuelportal.Invitation, error) {
			return svc.Invite(asOwner, company.ID, owner.ID, fuelportal.MemberOwner, email, fuelportal.MemberDispatcher, groupID, publicURL)
		}
		// written counts what the invitations left: their rows, their
		// audit and their events.
		written := func() (rows, audited, events int) {
			t.Helper()
			if err := db.InReadTx(ctx, func(tx *store.Tx) error {
				if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM invitations`).Scan(&rows); err != nil {
					return err
				}
				return tx.QueryRow(ctx, `SELECT COUNT(*) FROM audit_events WHERE kind = ?`, fuelportal.AuditInvitationSent).Scan(&audited)
			}); err != nil {
				t.Fatal(err)
			}
			return rows, audited, len(storetest.PublishedEvents(t, db, fuelportal.EventMemberInvited))
		}

		if _, err := invite("Owner@Example.com", 0); fuelportal.ErrorCode(err) != fuelportal.ECONFLICT {
			t.Fatalf("inviting a member: %v", err)
		}
		if _, err := invite("dee@example.com", elsewhere.ID); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
			t.Fatalf("inviting to another company's group: %v", err)
		}
		if rows, audited, events := written(); rows != 0 || audited != 0 || events != 0 {
			t.Fatalf("refused invitations wrote %d rows, %d audit entries, %d events", rows, audited, events)
		}

		inv, err := invite("Dee@Example.com", north.ID)
		if err != nil {
			t.Fatal(err)
		}
		if rows, audited, events := written(); rows != 1 || audited != 1 || events != 1 {
			t.Fatalf("an invitation wrote %d rows, %d audit entries, %d events; want one each", rows, audited, events)
		}
		e := storetest.PublishedEvents(t, db, fuelportal.EventMemberInvited)[0]
		if e.CompanyID != company.ID || e.Mail == nil || e.Mail.To != "dee@example.com" || e.Alert != nil || e.Notice != nil {
			t.Fatalf("member.invited: %+v", e)
		}
		_, token, ok := strings.Cut(e.Mail.Body, strings.TrimRight(publicURL, "/")+"/invite/")
		if !ok {
			t.Fatalf("the mail has no link: %q", e.Mail.Body)
		}
		token, _, _ = strings.Cut(token, "\n")
		u, err := svc.Accept(ctx, token, "Dee", "Spatch", "Long enough passw0rd")
		if err != nil || u.CompanyID != company.ID || u.GroupID != north.ID || u.Email != inv.Email {
			t.Fatalf("accepting the mailed link: %+v, %v", u, err)
		}
	})
}
