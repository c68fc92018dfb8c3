package http_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

var inviteLink = regexp.MustCompile(`http://portal\.test/invite/([A-Za-z0-9_-]+)`)

type invitationBody struct {
	ID        int64
	Email     string
	Role      string
	GroupID   *int64
	ExpiresAt time.Time
}

// invite invites email with role (and group) as the caller of token and
// returns the invitation and its link's token, read from the mail.
func (f *fixture) invite(t *testing.T, token, email, role string, group int64) (invitationBody, string) {
	t.Helper()
	body := map[string]any{"email": email, "role": role}
	if group != 0 {
		body["groupId"] = group
	}
	var inv invitationBody
	f.api.Post("/api/wex/company/invitations", body, token).ExpectStatus(t, http.StatusCreated).Decode(t, &inv)
	for _, m := range f.sentMails() {
		if strings.EqualFold(m.To, email) {
			if match := inviteLink.FindStringSubmatch(m.Body); match != nil {
				return inv, match[1]
			}
		}
	}
	t.Fatalf("no invitation mail with a link to %s in %d mails", email, len(f.sentMails()))
	return inv, ""
}

func (f *fixture) accept(linkToken string) *apitest.Response {
	return f.api.Post("/api/invitations/"+linkToken+"/accept",
		map[string]string{"firstName": "Ivy", "lastName": "Invited", "password": "secret123"}, "")
}

// member joins the demo company as role through an invitation and returns
// their access token.
func (f *fixture) member(t *testing.T, owner, email, role string, group int64) string {
	t.Helper()
	_, link := f.invite(t, owner, email, role, group)
	var tokens apitest.Tokens
	f.accept(link).ExpectStatus(t, http.StatusCreated).Decode(t, &tokens)
	return tokens.Token
}

func TestInvitations_SingleUseExpiringRevocable(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token

		inv, link := f.invite(t, owner, "Disp@Example.com", "dispatcher", 0)
		if inv.Email != "disp@example.com" || inv.Role != "dispatcher" || inv.ExpiresAt.Sub(f.clock.Now()).Round(time.Second) != 72*time.Hour {
			t.Fatalf("invitation = %+v", inv)
		}
		stored, err := f.db.CompanyMembers(context.Background(), 0)
		if err != nil || len(stored) != 0 {
			t.Fatalf("members of no company = %v, %v", stored, err)
		}
		var list struct{ Content []invitationBody }
		f.api.Get("/api/wex/company/invitations", owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 1 || list.Content[0].ID != inv.ID {
			t.Fatalf("pending = %+v", list)
		}
		f.api.Get("/api/wex/company/invitations", other).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 0 {
			t.Fatalf("another company sees %+v", list)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/invitations/%d", inv.ID), Token: other}).ExpectStatus(t, 404)

		// Accepted once: signed in as a dispatcher; the link then is spent.
		var tokens apitest.Tokens
		f.accept(link).ExpectStatus(t, http.StatusCreated).Decode(t, &tokens)
		var perms struct {
			Role    string
			GroupID *int64
			Actions []string
		}
		f.api.Get("/api/account/permissions", tokens.Token).ExpectStatus(t, 200).Decode(t, &perms)
		if perms.Role != "dispatcher" || perms.GroupID != nil || !contains(perms.Actions, "cards.write") || contains(perms.Actions, "wallet.read") {
			t.Fatalf("permissions = %+v", perms)
		}
		if msg := f.accept(link).ExpectStatus(t, 404).ErrorMessage(t); msg != fuelportal.MsgInvitationInvalid {
			t.Fatalf("reuse: %q", msg)
		}
		f.api.Login("disp@example.com", "secret123")

		// Revoked: its link no longer works, and it is gone from the list.
		inv2, link2 := f.invite(t, owner, "book@example.com", "bookkeeper", 0)
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/invitations/%d", inv2.ID), Token: owner}).ExpectStatus(t, 204)
		f.accept(link2).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprintf("/api/wex/company/invitations/%d", inv2.ID), Token: owner}).ExpectStatus(t, 404)

		// Only an owner invites owners; an address that signs in is taken.
		f.api.Post("/api/wex/company/invitations", map[string]string{"email": "x@example.com", "role": "owner"}, tokens.Token).ExpectStatus(t, 403)
		f.api.Post("/api/wex/company/invitations", map[string]string{"email": demo.DriverEmail, "role": "admin"}, owner).ExpectStatus(t, 409)
		f.api.Do(apitest.Request{Method: "POST", Path: "/api/wex/company/invitations", Body: `{"email":"d@example.com","role":"driver"}`, Token: owner, BreaksContract: true}).
			ExpectFieldError(t, "role", fuelportal.MsgMemberRoleInvalid)

		// Expired after 72 hours.
		_, link3 := f.invite(t, owner, "late@example.com", "admin", 0)
		f.clock.Advance(72*time.Hour + time.Second)
		f.accept(link3).ExpectStatus(t, 404)
		f.accept("not-a-token").ExpectStatus(t, 404)
	})
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// The invitation mail names the company and who invited, in the
// inviter's language, the role as the members page names it.
func TestInvitations_MailNamesTheCompanyAndTheInviter(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		mailTo := func(email string) *fuelportal.MailMessage {
			t.Helper()
			for _, m := range f.sentMails() {
				if m.To == email {
					return m
				}
			}
			t.Fatalf("no mail to %s", email)
			return nil
		}
		f.invite(t, owner, "disp@example.com", "dispatcher", 0)
		m := mailTo("disp@example.com")
		if m.Subject != "Olivia Owner invited you to Demo Freight LLC on Fuel Portal" ||
			!strings.HasPrefix(m.Body, "Olivia Owner invited you to join Demo Freight LLC on Fuel Portal as Dispatcher.\n\nOpen this link within 72 hours") {
			t.Fatalf("mail = %q\n%s", m.Subject, m.Body)
		}

		body := accountUpdate("Olivia", "Owner", demo.OwnerEmail, "+1 (407) 555-0100")
		body["language"] = "es"
		f.api.Put("/api/account", body, owner).ExpectStatus(t, 200)
		f.invite(t, owner, "books@example.com", "bookkeeper", 0)
		m = mailTo("books@example.com")
		if m.Subject != "Olivia Owner le invitó a Demo Freight LLC en Fuel Portal" ||
			!strings.HasPrefix(m.Body, "Olivia Owner le invitó a unirse a Demo Freight LLC en Fuel Portal como Contable.\n\nAbra este enlace") {
			t.Fatalf("mail = %q\n%s", m.Subject, m.Body)
		}
	})
}

func TestMembers_ChangeAndRemoveEndSessionsOnEveryProcess(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		dispatcher := f.member(t, owner, "disp@example.com", "dispatcher", 0)
		admin := f.member(t, owner, "admin@example.com", "admin", 0)

		// A second process over the same database.
		secondSrv := apitest.NewServer(t, f.db)
		secondSrv.Now = f.clock.Now
		second := apitest.New(t, secondSrv.Handler())
		second.Get("/api/wex/company/get-cards", dispatcher).ExpectStatus(t, 200)

		var members struct {
			Content []struct {
				ID     int64
				Email  string
				Role   string
				Status string
			}
		}
		f.api.Get("/api/wex/company/members", owner).ExpectStatus(t, 200).Decode(t, &members)
		ids := map[string]int64{}
		for _, m := range members.Content {
			ids[m.Email] = m.ID
		}
		if ids["disp@example.com"] == 0 || ids[demo.OwnerEmail] == 0 || ids[demo.DriverEmail] == 0 {
			t.Fatalf("members = %+v", members)
		}
		path := func(email string) string { return fmt.Sprintf("/api/wex/company/members/%d", ids[email]) }
		patch := func(email string, body any, token string) *apitest.Response {
			return f.api.Do(apitest.Request{Method: "PATCH", Path: path(email), Body: body, Token: token})
		}

		// Another company sees none of them.
		f.api.Get("/api/wex/company/members", other).ExpectStatus(t, 200).Decode(t, &members)
		for _, m := range members.Content {
			if m.Email == "disp@example.com" {
				t.Fatal("another company lists the member")
			}
		}
		patch("disp@example.com", map[string]string{"status": "SUSPENDED"}, other).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: path("disp@example.com"), Token: other}).ExpectStatus(t, 404)

		// Rules: admins do not manage owners, a dispatcher manages nobody, a driver stays a driver.
		if msg := patch(demo.OwnerEmail, map[string]string{"role": "admin"}, admin).ExpectStatus(t, 403).ErrorMessage(t); msg != fuelportal.MsgOwnersOnlyByOwner {
			t.Fatalf("admin demoting the owner: %q", msg)
		}
		patch("disp@example.com", map[string]string{"role": "owner"}, admin).ExpectStatus(t, 403)
		patch("admin@example.com", map[string]string{"role": "dispatcher"}, dispatcher).ExpectStatus(t, 403)
		patch(demo.DriverEmail, map[string]string{"role": "admin"}, owner).ExpectFieldError(t, "role", fuelportal.MsgDriverRoleFixed)
		patch(demo.OwnerEmail, map[string]string{"role": "admin"}, owner).ExpectStatus(t, 400)
		f.api.Do(apitest.Request{Method: "PATCH", Path: path("disp@example.com"), Body: `{"role":"boss"}`, Token: owner, BreaksContract: true}).ExpectStatus(t, 400)

		// Suspension ends the dispatcher's sessions at once on both processes; sign-in is refused.
		var changed struct{ Role, Status string }
		patch("disp@example.com", map[string]string{"status": "SUSPENDED"}, admin).ExpectStatus(t, 200).Decode(t, &changed)
		if changed.Status != "SUSPENDED" {
			t.Fatalf("changed = %+v", changed)
		}
		second.Get("/api/wex/company/get-cards", dispatcher).ExpectStatus(t, 401)
		f.api.Get("/api/wex/company/get-cards", dispatcher).ExpectStatus(t, 401)
		f.api.Post("/api/authenticate", map[string]string{"username": "disp@example.com", "password": "secret123"}, "").ExpectStatus(t, 403)

		// Back to active as a bookkeeper: a new sign-in carries the new role.
		patch("disp@example.com", map[string]string{"status": "ACTIVE", "role": "bookkeeper"}, owner).ExpectStatus(t, 200)
		book := f.api.Login("disp@example.com", "secret123").Token
		second.Get("/api/wex/company/wallet", book).ExpectStatus(t, 200)
		second.Do(apitest.Request{Method: "PUT", Path: "/api/wex/company/update-card", Body: "{}", Token: book, BreaksContract: true}).ExpectStatus(t, 403)

		// Removal: the token is refused at once on the second process.
		f.api.Do(apitest.Request{Method: "DELETE", Path: path("disp@example.com"), Token: owner}).ExpectStatus(t, 204)
		second.Get("/api/wex/company/wallet", book).ExpectStatus(t, 401)
		f.api.Do(apitest.Request{Method: "DELETE", Path: path("disp@example.com"), Token: owner}).ExpectStatus(t, 404)

		// Demoting the admin ends their sessions too.
		patch("admin@example.com", map[string]string{"role": "dispatcher"}, owner).ExpectStatus(t, 200)
		second.Get("/api/wex/company/members", admin).ExpectStatus(t, 401)
	})
}

func TestGroups_AreTheCompanysOwn(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		var g struct {
			ID   int64
			Name string
		}
		f.api.Post("/api/wex/company/groups", map[string]string{"name": " Orlando yard "}, owner).ExpectStatus(t, 201).Decode(t, &g)
		if g.Name != "Orlando yard" {
			t.Fatalf("group = %+v", g)
		}
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "Orlando yard"}, owner).ExpectStatus(t, 409)
		f.api.Post("/api/wex/company/groups", map[string]string{"name": strings.Repeat("x", 61)}, owner).ExpectStatus(t, 400)
		var list struct{ Content []struct{ ID int64 } }
		f.api.Get("/api/wex/company/groups", other).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 0 {
			t.Fatalf("another company sees %+v", list)
		}
		// Another company's group cannot be given to an invitation.
		f.api.Post("/api/wex/company/invitations", map[string]any{"email": "g@example.com", "role": "dispatcher", "groupId": g.ID}, other).
			ExpectFieldError(t, "groupId", "Group not found")
		inv, link := f.invite(t, owner, "g@example.com", "dispatcher", g.ID)
		if inv.GroupID == nil || *inv.GroupID != g.ID {
			t.Fatalf("invitation = %+v", inv)
		}
		var tokens apitest.Tokens
		f.accept(link).ExpectStatus(t, 201).Decode(t, &tokens)
		var perms struct{ GroupID *int64 }
		f.api.Get("/api/account/permissions", tokens.Token).ExpectStatus(t, 200).Decode(t, &perms)
		if perms.GroupID == nil || *perms.GroupID != g.ID {
			t.Fatalf("permissions = %+v", perms)
		}

		// The group's member sees the group's cards only; the owner all.
		type cardList struct {
			Value []struct {
				CardNumber string
				GroupID    *int64
			}
		}
		var all, mine cardList
		f.api.Get("/api/wex/company/get-cards", owner).ExpectStatus(t, 200).Decode(t, &all)
		f.api.Get("/api/wex/company/get-cards", tokens.Token).ExpectStatus(t, 200).Decode(t, &mine)
		if len(all.Value) < 2 || len(mine.Value) != 0 {
			t.Fatalf("cards: owner %d, group member %d before any card is in the group", len(all.Value), len(mine.Value))
		}
		card := all.Value[1].CardNumber
		groupPath := "/api/wex/company/cards/" + card + "/group"
		f.api.Put(groupPath, map[string]any{"groupId": g.ID}, other).ExpectStatus(t, 404)
		f.api.Put(groupPath, map[string]any{"groupId": g.ID}, tokens.Token).ExpectStatus(t, 403)
		f.api.Put(groupPath, map[string]any{"groupId": g.ID}, owner).ExpectStatus(t, 204)
		f.api.Get("/api/wex/company/get-cards", tokens.Token).ExpectStatus(t, 200).Decode(t, &mine)
		if len(mine.Value) != 1 || mine.Value[0].CardNumber != card || mine.Value[0].GroupID == nil || *mine.Value[0].GroupID != g.ID {
			t.Fatalf("the group member's cards = %+v", mine)
		}
		var otherGroup struct{ ID int64 }
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "Theirs"}, other).ExpectStatus(t, 201).Decode(t, &otherGroup)
		f.api.Put(groupPath, map[string]any{"groupId": otherGroup.ID}, owner).ExpectFieldError(t, "groupId", "Group not found")
		f.api.Put(groupPath, map[string]any{"groupId": nil}, owner).ExpectStatus(t, 204)
		f.api.Get("/api/wex/company/get-cards", tokens.Token).ExpectStatus(t, 200).Decode(t, &mine)
		if len(mine.Value) != 0 {
			t.Fatalf("out of the group, still seen: %+v", mine)
		}
	})
}

// An invitation to an address that already has a login joins that login
// with its own password: only once its company is closed (a login
// belongs to one company); a member's address cannot be invited again.
func TestInvitations_JoinAnExistingLogin(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		f.api.Post("/api/wex/company/invitations", map[string]string{"email": demo.DriverEmail, "role": "admin"}, owner).ExpectStatus(t, 409)

		_, elsewhere := f.invite(t, owner, demo.OtherOwnerEmail, "dispatcher", 0)
		f.api.Post("/api/invitations/"+elsewhere+"/accept", map[string]string{"password": demo.Password}, "").
			ExpectStatus(t, 409)

		f.api.Post("/api/company/account/create", `{"email":"mover@example.com","password":"GoodPass1","companyName":"Gone Co","carrierId":1234567,"phoneNumber":"555 0100 22"}`, "").ExpectStatus(t, 201)
		old := f.api.Login("mover@example.com", "GoodPass1").Token
		f.api.Post("/api/wex/company/close", nil, old).ExpectStatus(t, 204)
		_, link := f.invite(t, owner, "mover@example.com", "bookkeeper", 0)
		f.api.Post("/api/invitations/"+link+"/accept", map[string]string{"password": "WrongPass1"}, "").
			ExpectFieldError(t, "password", fuelportal.MsgLoginPassword)
		var tokens apitest.Tokens
		f.api.Post("/api/invitations/"+link+"/accept", map[string]string{"password": "GoodPass1"}, "").ExpectStatus(t, 201).Decode(t, &tokens)
		var perms struct{ Role string }
		f.api.Get("/api/account/permissions", tokens.Token).ExpectStatus(t, 200).Decode(t, &perms)
		if perms.Role != "bookkeeper" {
			t.Fatalf("the joined login's role = %q", perms.Role)
		}
		f.api.Get("/api/wex/company/wallet", tokens.Token).ExpectStatus(t, 200)
		f.api.Post("/api/invitations/"+link+"/accept", map[string]string{"password": "GoodPass1"}, "").ExpectStatus(t, 404)
		var members struct {
			Content []struct{ Email, Role string }
		}
		f.api.Get("/api/wex/company/members", owner).ExpectStatus(t, 200).Decode(t, &members)
		found := false
		for _, m := range members.Content {
			found = found || m.Email == "mover@example.com" && m.Role == "bookkeeper"
		}
		if !found {
			t.Fatalf("members = %+v", members)
		}
	})
}

// Each member keeps preferences for the notices of their role only.
func TestNotificationSettings_FollowTheMembersRole(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		for _, tt := range []struct {
			role, email string
			want        string
		}{
			{"dispatcher", "notice.dispatch@example.com", "[purchase.declined override.requested driver.waiting]"},
			{"bookkeeper", "notice.books@example.com", "[wallet.low ifta.due statement.ready]"},
		} {
			token := f.member(t, owner, tt.email, tt.role, 0)
			var settings struct{ Events []struct{ Event string } }
			f.api.Get("/api/account/notifications", token).ExpectStatus(t, 200).Decode(t, &settings)
			var got []string
			for _, e := range settings.Events {
				got = append(got, e.Event)
			}
			if fmt.Sprint(got) != tt.want {
				t.Errorf("%s's notification events = %v, want %s", tt.role, got, tt.want)
			}
		}
	})
}

// A member limited to a group lists their group's members only: the office
// members limited to it and the drivers holding one of its cards, never an
// owner, a member of the whole company or of another group, nor a driver
// of another group's card; and only the pending invitations to it. A
// member of another group by id is refused as every member is (403, the
// group limit the reason), so the answer tells nothing of who exists. The
// owner lists everyone; another company's owner none of them.
func TestMembers_AMemberLimitedToAGroupListsTheirGroupsMembers(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, south := f.twoGroups(t)
		f.api.Put("/api/wex/company/cards/"+f.driverCard+"/group", map[string]any{"groupId": north}, f.owner).ExpectStatus(t, 204)
		admin := f.member(t, f.owner, "north.admin@example.com", "admin", north)
		f.member(t, f.owner, "north.dispatch@example.com", "dispatcher", north)
		f.member(t, f.owner, "south.dispatch@example.com", "dispatcher", south)
		f.member(t, f.owner, "whole.books@example.com", "bookkeeper", 0)
		northInvite, _ := f.invite(t, f.owner, "north.next@example.com", "bookkeeper", north)
		f.invite(t, f.owner, "south.next@example.com", "bookkeeper", south)
		f.invite(t, f.owner, "whole.next@example.com", "admin", 0)

		type memberList struct {
			Content []struct {
				ID    int64
				Email string
			}
		}
		listed := func(token string) (emails []string, ids map[string]int64) {
			var list memberList
			f.api.Get("/api/wex/company/members", token).ExpectStatus(t, 200).Decode(t, &list)
			ids = map[string]int64{}
			for _, m := range list.Content {
				emails = append(emails, m.Email)
				ids[m.Email] = m.ID
			}
			return emails, ids
		}
		invited := func(token string) (emails []string) {
			var list struct{ Content []invitationBody }
			f.api.Get("/api/wex/company/invitations", token).ExpectStatus(t, 200).Decode(t, &list)
			for _, inv := range list.Content {
				emails = append(emails, inv.Email)
			}
			return emails
		}

		want := []string{demo.DriverEmail, "north.admin@example.com", "north.dispatch@example.com"}
		if got, _ := listed(admin); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("the group's admin lists %v, want %v", got, want)
		}
		if got := invited(admin); fmt.Sprint(got) != fmt.Sprint([]string{northInvite.Email}) {
			t.Errorf("the group's admin lists the invitations %v", got)
		}
		everyone, ids := listed(f.owner)
		for _, email := range append(want, demo.OwnerEmail, "south.dispatch@example.com", "whole.books@example.com") {
			if !slices.Contains(everyone, email) {
				t.Errorf("the owner's list lacks %s: %v", email, everyone)
			}
		}
		if got := invited(f.owner); len(got) != 3 {
			t.Errorf("the owner lists the invitations %v", got)
		}
		if got, _ := listed(f.other); slices.ContainsFunc(got, func(e string) bool { return slices.Contains(everyone, e) }) {
			t.Errorf("another company's owner lists %v", got)
		}
		if got := invited(f.other); len(got) != 0 {
			t.Errorf("another company's owner lists the invitations %v", got)
		}

		// Another group's member, or one of none, by id: refused as their own.
		for _, email := range []string{"south.dispatch@example.com", "whole.books@example.com", "north.dispatch@example.com"} {
			for _, req := range []apitest.Request{
				{Method: "PATCH", Path: fmt.Sprint("/api/wex/company/members/", ids[email]), Body: map[string]any{"status": "SUSPENDED"}},
				{Method: "DELETE", Path: fmt.Sprint("/api/wex/company/members/", ids[email])},
			} {
				req.Token = admin
				if msg := f.api.Do(req).ExpectStatus(t, 403).ErrorMessage(t); msg != fuelportal.MsgWholeCompanyOnly {
					t.Errorf("%s %s (%s) by the group's admin: %q", req.Method, req.Path, email, msg)
				}
			}
		}

		// The driver follows their card: in South, they leave North's list.
		f.api.Put("/api/wex/company/cards/"+f.driverCard+"/group", map[string]any{"groupId": south}, f.owner).ExpectStatus(t, 204)
		if got, _ := listed(admin); slices.Contains(got, demo.DriverEmail) {
			t.Errorf("the group's admin still lists the driver of another group's card: %v", got)
		}
	})
}
