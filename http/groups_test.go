package http_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/demo"
	"fuelportal/http/apitest"
)

// A member limited to a group sees the group's cards, vehicles and
// transactions only, in lists and exports, and another group's card,
// vehicle or transaction by its id is 404, as another company's.
func TestGroups_AMemberSeesOnlyTheGroupsCardsVehiclesAndTransactions(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		var north, south struct{ ID int64 }
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "North"}, owner).ExpectStatus(t, 201).Decode(t, &north)
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "South"}, owner).ExpectStatus(t, 201).Decode(t, &south)

		type txPage struct {
			Content []struct {
				ID         int64 `json:"transactionId"`
				CardNumber string
			}
		}
		var all txPage
		f.api.Get("/api/wex/company/transactions?size=100", owner).ExpectStatus(t, 200).Decode(t, &all)
		byCard := map[string]int64{}
		for _, tx := range all.Content {
			byCard[tx.CardNumber] = tx.ID
		}
		var mineCard, theirCard string
		for _, plan := range demo.CardPlans[demo.DemoFreight.Name] {
			if _, ok := byCard[plan.CardNumber]; !ok {
				continue
			}
			switch {
			case mineCard == "":
				mineCard = plan.CardNumber
			case theirCard == "":
				theirCard = plan.CardNumber
			}
		}
		if theirCard == "" {
			t.Fatalf("the demo has transactions on fewer than two cards: %v", byCard)
		}
		f.api.Put("/api/wex/company/cards/"+mineCard+"/group", map[string]any{"groupId": north.ID}, owner).ExpectStatus(t, 204)
		f.api.Put("/api/wex/company/cards/"+theirCard+"/group", map[string]any{"groupId": south.ID}, owner).ExpectStatus(t, 204)
		dispatcher := f.member(t, owner, "north.dispatch@example.com", "dispatcher", north.ID)
		bookkeeper := f.member(t, owner, "north.books@example.com", "bookkeeper", north.ID)

		// Transactions: list, one by id, its receipt, the card filter, the export.
		var seen txPage
		f.api.Get("/api/wex/company/transactions?size=100", dispatcher).ExpectStatus(t, 200).Decode(t, &seen)
		if len(seen.Content) == 0 {
			t.Fatal("the group's dispatcher sees no transaction of the group's card")
		}
		for _, tx := range seen.Content {
			if tx.CardNumber != mineCard {
				t.Fatalf("the group's dispatcher sees a transaction of card %s", tx.CardNumber)
			}
		}
		f.api.Get(fmt.Sprint("/api/wex/company/transactions/", byCard[theirCard]), dispatcher).ExpectStatus(t, 404)
		f.api.Get(fmt.Sprint("/api/wex/company/transactions/", byCard[theirCard], "/receipt"), dispatcher).ExpectStatus(t, 404)
		f.api.Get(fmt.Sprint("/api/wex/company/transactions/", seen.Content[0].ID), dispatcher).ExpectStatus(t, 200)
		f.api.Get("/api/wex/company/transactions?cardNumber="+theirCard, dispatcher).ExpectStatus(t, 404)
		export := f.api.Get("/api/wex/company/transactions/export?dateFrom=2000-01-01T00:00:00&dateTo=2100-01-01T00:00:00", bookkeeper).ExpectStatus(t, 200)
		if last4 := theirCard[len(theirCard)-4:]; strings.Contains(string(export.Body), last4) && !strings.Contains(mineCard, last4) {
			t.Fatalf("the group's export holds card …%s", last4)
		}

		// Cards: another group's card by number is 404, on reads and changes.
		f.api.Get("/api/wex/company/cards/"+theirCard+"/controls", dispatcher).ExpectStatus(t, 404)
		f.api.Put("/api/wex/company/cards/"+theirCard+"/controls", map[string]any{"perPurchaseLimit": 1}, dispatcher).ExpectStatus(t, 404)
		f.api.Post("/api/wex/company/cards/"+theirCard+"/override", map[string]any{"hours": 1}, dispatcher).ExpectStatus(t, 404)
		f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": theirCard, "driverName": "X", "driverId": "X", "unitNumber": "X", "status": "ACTIVE"}, dispatcher).ExpectStatus(t, 404)
		f.api.Get("/api/wex/company/cards/"+mineCard+"/controls", dispatcher).ExpectStatus(t, 200)
		f.api.Put("/api/wex/company/cards/"+theirCard+"/require-job", map[string]any{"requireJob": true}, bookkeeper).ExpectStatus(t, 404)
		f.api.Put("/api/wex/company/cards/"+mineCard+"/require-job", map[string]any{"requireJob": true}, bookkeeper).ExpectStatus(t, 200)
		// A card number that breaks its text rule is a 400 before the
		// group's check looks it up (PostgreSQL refuses a NUL in text).
		for _, path := range []string{"/api/wex/company/cards/%00/controls", "/api/wex/company/cards/%FF/controls"} {
			f.api.Do(apitest.Request{Method: "GET", Path: path, Token: dispatcher, BreaksContract: true}).ExpectStatus(t, 400)
		}

		// Vehicles: the group's dispatcher adds to the group and sees only it.
		var theirs, mine struct {
			ID      int64
			GroupID *int64
		}
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("SOUTH-1"), owner).ExpectStatus(t, 201).Decode(t, &theirs)
		f.api.Put(fmt.Sprint("/api/wex/company/vehicles/", theirs.ID, "/group"), map[string]any{"groupId": south.ID}, owner).ExpectStatus(t, 204)
		f.api.Put(fmt.Sprint("/api/wex/company/vehicles/", theirs.ID, "/group"), map[string]any{"groupId": north.ID}, dispatcher).ExpectStatus(t, 403)
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("NORTH-1"), dispatcher).ExpectStatus(t, 201).Decode(t, &mine)
		if mine.GroupID == nil || *mine.GroupID != north.ID {
			t.Fatalf("the group's dispatcher's vehicle = %+v", mine)
		}
		var vehicles struct{ Value []struct{ UnitNumber string } }
		f.api.Get("/api/wex/company/vehicles", dispatcher).ExpectStatus(t, 200).Decode(t, &vehicles)
		if len(vehicles.Value) != 1 || vehicles.Value[0].UnitNumber != "NORTH-1" {
			t.Fatalf("the group's vehicles = %+v", vehicles)
		}
		f.api.Get(fmt.Sprint("/api/wex/company/vehicles/", theirs.ID), dispatcher).ExpectStatus(t, 404)
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprint("/api/wex/company/vehicles/", theirs.ID), Token: dispatcher}).ExpectStatus(t, 404)
		f.api.Get(fmt.Sprint("/api/wex/company/vehicles/", mine.ID), dispatcher).ExpectStatus(t, 200)
		// A trip of the group's card names a vehicle of the group: another
		// group's unit is as unknown as one that does not exist.
		route := routePoints(builtinRoute(t, dallas, amarillo))
		for _, unit := range []string{"SOUTH-1", "NO-SUCH-UNIT"} {
			res := f.api.Post("/api/trips", merge(tripForm(mineCard, route, false), "unitNumber", unit), dispatcher)
			if res.Status != 400 || !strings.Contains(string(res.Body), fuelportal.MsgNoVehicleWithUnit) {
				t.Fatalf("the group's trip driven with %s: %d %s", unit, res.Status, res.Body)
			}
		}
		f.api.Post("/api/trips", merge(tripForm(mineCard, route, false), "unitNumber", "NORTH-1"), dispatcher).ExpectStatus(t, 201)
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		f.api.Put(fmt.Sprint("/api/wex/company/vehicles/", mine.ID, "/group"), map[string]any{"groupId": nil}, other).ExpectStatus(t, 404)

		// Alerts: none about another group's card.
		var alerts struct{ Content []struct{ CardNumber string } }
		f.api.Get("/api/wex/company/alerts?size=100", dispatcher).ExpectStatus(t, 200).Decode(t, &alerts)
		for _, a := range alerts.Content {
			if a.CardNumber != "" && a.CardNumber != mineCard {
				t.Fatalf("the group's dispatcher sees an alert about card %s", a.CardNumber)
			}
		}
	})
}

// twoGroups adds the groups North and South to the demo company, as its
// owner; it returns their ids.
func (f *fleet) twoGroups(t *testing.T) (north, south int64) {
	t.Helper()
	var n, s struct{ ID int64 }
	f.api.Post("/api/wex/company/groups", map[string]string{"name": "North"}, f.owner).ExpectStatus(t, 201).Decode(t, &n)
	f.api.Post("/api/wex/company/groups", map[string]string{"name": "South"}, f.owner).ExpectStatus(t, 201).Decode(t, &s)
	return n.ID, s.ID
}

// The override and trip requests of another group's card are not in a
// group member's lists, and deciding one is 404, as another company's;
// the owner (every card) sees and decides them.
func TestGroups_AMemberDecidesOnlyTheGroupsRequests(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, south := f.twoGroups(t)
		f.api.Put("/api/wex/company/cards/"+f.driverCard+"/group", map[string]any{"groupId": south}, f.owner).ExpectStatus(t, 204)
		dispatcher := f.member(t, f.owner, "north.requests@example.com", "dispatcher", north)
		southDispatcher := f.member(t, f.owner, "south.requests@example.com", "dispatcher", south)

		type request struct {
			ID         int64
			CardNumber string
			CreatedAt  string
		}
		type requests struct{ Content []request }
		holds := func(list requests, id int64) bool {
			for _, r := range list.Content {
				if r.ID == id {
					return true
				}
			}
			return false
		}

		// An override request on the South card.
		f.declineDriversCard(t, "NET-GROUP-1")
		var override request
		f.api.Post("/api/wex/override-requests", map[string]string{"message": "stuck"}, f.driver).ExpectStatus(t, 201).Decode(t, &override)
		var seen requests
		f.api.Get("/api/wex/company/override-requests", dispatcher).ExpectStatus(t, 200).Decode(t, &seen)
		if holds(seen, override.ID) {
			t.Fatalf("North's dispatcher lists South's override request %d", override.ID)
		}
		f.api.Post(fmt.Sprint("/api/wex/company/override-requests/", override.ID, "/approve"), nil, dispatcher).ExpectStatus(t, 404)
		f.api.Post(fmt.Sprint("/api/wex/company/override-requests/", override.ID, "/deny"), nil, dispatcher).ExpectStatus(t, 404)
		f.api.Get("/api/wex/company/override-requests", southDispatcher).ExpectStatus(t, 200).Decode(t, &seen)
		if !holds(seen, override.ID) {
			t.Fatalf("South's dispatcher does not list South's override request %d", override.ID)
		}
		f.api.Get("/api/wex/company/override-requests", f.owner).ExpectStatus(t, 200).Decode(t, &seen)
		if !holds(seen, override.ID) {
			t.Fatalf("the owner does not list override request %d", override.ID)
		}
		f.api.Post(fmt.Sprint("/api/wex/company/override-requests/", override.ID, "/deny"), nil, southDispatcher).ExpectStatus(t, 200)

		// A trip request on a trip of the South card (the card active again).
		plan := demo.CardPlans[demo.DemoFreight.Name][0]
		f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
			"driverId": plan.DriverID, "unitNumber": plan.UnitNumber, "status": "ACTIVE"}, f.owner).ExpectStatus(t, 200)
		_, tripPath := f.lockedTrip(t, f.owner)
		var tripRequest request
		f.api.Post(tripPath+"/end-request", map[string]string{"message": "done"}, f.driver).ExpectStatus(t, 202).Decode(t, &tripRequest)
		f.api.Get("/api/wex/company/trip-requests", dispatcher).ExpectStatus(t, 200).Decode(t, &seen)
		if holds(seen, tripRequest.ID) {
			t.Fatalf("North's dispatcher lists South's trip request %d", tripRequest.ID)
		}
		f.api.Post(fmt.Sprint("/api/wex/company/trip-requests/", tripRequest.ID, "/approve"), nil, dispatcher).ExpectStatus(t, 404)
		f.api.Post(fmt.Sprint("/api/wex/company/trip-requests/", tripRequest.ID, "/deny"), nil, dispatcher).ExpectStatus(t, 404)
		f.api.Get("/api/wex/company/trip-requests", southDispatcher).ExpectStatus(t, 200).Decode(t, &seen)
		if !holds(seen, tripRequest.ID) {
			t.Fatalf("South's dispatcher does not list South's trip request %d", tripRequest.ID)
		}
		f.api.Post(fmt.Sprint("/api/wex/company/trip-requests/", tripRequest.ID, "/deny"), nil, southDispatcher).ExpectStatus(t, 200)

		// Compliance: the South card's trip (created today) is a row for the
		// owner and South's dispatcher, none for North's.
		today := tripRequest.CreatedAt[:10]
		compliance := func(token string) (cards []string) {
			var rows []struct{ CardNumber string }
			f.api.Get("/api/wex/company/compliance?dateFrom="+today+"&dateTo="+today, token).ExpectStatus(t, 200).Decode(t, &rows)
			for _, r := range rows {
				cards = append(cards, r.CardNumber)
			}
			return cards
		}
		if cards := compliance(dispatcher); slices.Contains(cards, f.driverCard) {
			t.Fatalf("North's dispatcher's compliance lists South's card: %v", cards)
		}
		for _, token := range []string{southDispatcher, f.owner} {
			if cards := compliance(token); !slices.Contains(cards, f.driverCard) {
				t.Fatalf("compliance lists %v, not South's card %s", cards, f.driverCard)
			}
		}
	})
}

// An owner renames and deletes the company's groups: deleting one frees
// its cards and vehicles, and is refused while a member or a pending
// invitation is limited to it (they would see the whole company after).
// Another company's group is 404 to both.
func TestGroups_RenameAndDelete(t *testing.T) {
	forEachEngine(t, func(t *testing.T, f *fixture) {
		owner := f.api.Login(demo.OwnerEmail, demo.Password).Token
		other := f.api.Login(demo.OtherOwnerEmail, demo.Password).Token
		var yard, spare struct {
			ID                       int64
			Name                     string
			Cards, Vehicles, Members int64
		}
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "Yard"}, owner).ExpectStatus(t, 201).Decode(t, &yard)
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "Spare"}, owner).ExpectStatus(t, 201).Decode(t, &spare)
		path := func(id int64) string { return fmt.Sprint("/api/wex/company/groups/", id) }
		patch := func(id int64, body any, token string) *apitest.Response {
			return f.api.Do(apitest.Request{Method: "PATCH", Path: path(id), Body: body, Token: token})
		}
		del := func(id int64, token string) *apitest.Response {
			return f.api.Do(apitest.Request{Method: "DELETE", Path: path(id), Token: token})
		}

		// Rename: trimmed, unique in the company, the company's own.
		patch(yard.ID, map[string]string{"name": " North yard "}, owner).ExpectStatus(t, 200).Decode(t, &yard)
		if yard.Name != "North yard" {
			t.Fatalf("renamed = %+v", yard)
		}
		patch(yard.ID, map[string]string{"name": "Spare"}, owner).ExpectStatus(t, 409)
		patch(yard.ID, map[string]string{"name": " "}, owner).ExpectFieldError(t, "name", fuelportal.MsgFieldRequired)
		patch(yard.ID, map[string]string{"name": "Theirs now"}, other).ExpectStatus(t, 404)
		del(yard.ID, other).ExpectStatus(t, 404)
		patch(999999, map[string]string{"name": "Nobody's"}, owner).ExpectStatus(t, 404)

		// Counts in the list.
		card := demo.CardPlans[demo.DemoFreight.Name][0].CardNumber
		f.api.Put("/api/wex/company/cards/"+card+"/group", map[string]any{"groupId": yard.ID}, owner).ExpectStatus(t, 204)
		var truck struct{ ID int64 }
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("YARD-1"), owner).ExpectStatus(t, 201).Decode(t, &truck)
		f.api.Put(fmt.Sprint("/api/wex/company/vehicles/", truck.ID, "/group"), map[string]any{"groupId": yard.ID}, owner).ExpectStatus(t, 204)
		dispatcher := f.member(t, owner, "yard.dispatch@example.com", "dispatcher", yard.ID)
		var list struct {
			Content []struct {
				ID                       int64
				Name                     string
				Cards, Vehicles, Members int64
			}
		}
		f.api.Get("/api/wex/company/groups", owner).ExpectStatus(t, 200).Decode(t, &list)
		if len(list.Content) != 2 || list.Content[0].Name != "North yard" || list.Content[0].Cards != 1 || list.Content[0].Vehicles != 1 || list.Content[0].Members != 1 {
			t.Fatalf("groups = %+v", list)
		}

		// Delete: refused while the dispatcher or an invitation is limited to it.
		if msg := del(yard.ID, owner).ExpectStatus(t, 409).ErrorMessage(t); !strings.Contains(msg, "Members") {
			t.Fatalf("refusal = %q", msg)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: "/api/wex/company/groups/" + fmt.Sprint(yard.ID), Token: dispatcher}).ExpectStatus(t, 403)
		var members struct {
			Content []struct {
				ID    int64
				Email string
			}
		}
		f.api.Get("/api/wex/company/members", owner).ExpectStatus(t, 200).Decode(t, &members)
		for _, m := range members.Content {
			if m.Email == "yard.dispatch@example.com" {
				f.api.Do(apitest.Request{Method: "PATCH", Path: fmt.Sprint("/api/wex/company/members/", m.ID), Body: map[string]any{"groupId": spare.ID}, Token: owner}).ExpectStatus(t, 200)
			}
		}
		inv, _ := f.invite(t, owner, "yard.books@example.com", "bookkeeper", yard.ID)
		if msg := del(yard.ID, owner).ExpectStatus(t, 409).ErrorMessage(t); !strings.Contains(msg, "invitations") {
			t.Fatalf("refusal = %q", msg)
		}
		f.api.Do(apitest.Request{Method: "DELETE", Path: fmt.Sprint("/api/wex/company/invitations/", inv.ID), Token: owner}).ExpectStatus(t, 204)
		del(yard.ID, owner).ExpectStatus(t, 204)
		del(yard.ID, owner).ExpectStatus(t, 404)

		// Its card and vehicle belong to no group now.
		var cards struct {
			Value []struct {
				CardNumber string
				GroupID    *int64
			}
		}
		f.api.Get("/api/wex/company/get-cards", owner).ExpectStatus(t, 200).Decode(t, &cards)
		for _, c := range cards.Value {
			if c.CardNumber == card && c.GroupID != nil {
				t.Fatalf("card %s still in group %d", card, *c.GroupID)
			}
		}
		var vehicle struct{ GroupID *int64 }
		f.api.Get(fmt.Sprint("/api/wex/company/vehicles/", truck.ID), owner).ExpectStatus(t, 200).Decode(t, &vehicle)
		if vehicle.GroupID != nil {
			t.Fatalf("vehicle still in group %d", *vehicle.GroupID)
		}
		var audit struct{ Content []struct{ Kind string } }
		f.api.Get("/api/wex/company/audit?objectType=group&objectId="+fmt.Sprint(yard.ID), owner).ExpectStatus(t, 200).Decode(t, &audit)
		kinds := []string{}
		for _, a := range audit.Content {
			kinds = append(kinds, a.Kind)
		}
		for _, k := range []string{"group.created", "group.renamed", "group.deleted"} {
			if !slices.Contains(kinds, k) {
				t.Fatalf("audit kinds of the group = %v, no %s", kinds, k)
			}
		}
	})
}

// A member limited to a group reads their own group only: the list holds
// theirs, never another group's name or counts, and another group's pump
// check is 404, as another company's. Drawing the groups (adding,
// renaming and deleting them, putting a card or a vehicle in one) decides
// what every limited member sees, and so does inviting or changing a
// member (their role and group), so an admin limited to a group is refused
// both with the group limit as the reason, on their own group as on
// another. The owner lists every group; another company's owner none.
func TestGroups_AMemberLimitedToAGroupReadsOnlyTheirs(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, south := f.twoGroups(t)
		admin := f.member(t, f.owner, "north.admin@example.com", "admin", north)
		limited := map[string]string{
			"dispatcher": f.member(t, f.owner, "north.dispatch@example.com", "dispatcher", north),
			"bookkeeper": f.member(t, f.owner, "north.books@example.com", "bookkeeper", north),
			"admin":      admin,
		}
		type groupList struct {
			Content []struct {
				ID                       int64
				Name                     string
				Cards, Vehicles, Members int64
			}
		}
		listed := func(token string) (ids []int64, body string) {
			res := f.api.Get("/api/wex/company/groups", token).ExpectStatus(t, 200)
			var list groupList
			res.Decode(t, &list)
			for _, g := range list.Content {
				ids = append(ids, g.ID)
			}
			return ids, string(res.Body)
		}
		for role, token := range limited {
			ids, body := listed(token)
			if fmt.Sprint(ids) != fmt.Sprint([]int64{north}) || strings.Contains(body, "South") {
				t.Errorf("the group's %s lists groups %v: %s", role, ids, body)
			}
			f.api.Get(fmt.Sprintf("/api/wex/company/groups/%d/pump-check", south), token).ExpectStatus(t, 404)
			f.api.Get(fmt.Sprintf("/api/wex/company/groups/%d/pump-check", north), token).ExpectStatus(t, 200)
		}
		if ids, _ := listed(f.owner); fmt.Sprint(ids) != fmt.Sprint([]int64{north, south}) {
			t.Errorf("the owner lists groups %v", ids)
		}
		if ids, body := listed(f.other); slices.Contains(ids, north) || slices.Contains(ids, south) || strings.Contains(body, "North") {
			t.Errorf("another company's owner lists %v: %s", ids, body)
		}

		// The admin limited to North draws no group, theirs or another, and
		// invites, changes or removes no member.
		card := demo.CardPlans[demo.DemoFreight.Name][0].CardNumber
		var members struct {
			Content []struct {
				ID    int64
				Email string
			}
		}
		f.api.Get("/api/wex/company/members", admin).ExpectStatus(t, 200).Decode(t, &members)
		var dispatcherID int64
		for _, m := range members.Content {
			if m.Email == "north.dispatch@example.com" {
				dispatcherID = m.ID
			}
		}
		inv, _ := f.invite(t, f.owner, "north.next@example.com", "dispatcher", north)
		var truck struct{ ID int64 }
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("SOUTH-9"), f.owner).ExpectStatus(t, 201).Decode(t, &truck)
		for _, req := range []apitest.Request{
			{Method: "POST", Path: "/api/wex/company/groups", Body: map[string]string{"name": "West"}},
			{Method: "PATCH", Path: fmt.Sprint("/api/wex/company/groups/", north), Body: map[string]string{"name": "Mine"}},
			{Method: "PATCH", Path: fmt.Sprint("/api/wex/company/groups/", south), Body: map[string]string{"name": "Mine too"}},
			{Method: "DELETE", Path: fmt.Sprint("/api/wex/company/groups/", south)},
			{Method: "PUT", Path: "/api/wex/company/cards/" + card + "/group", Body: map[string]any{"groupId": north}},
			{Method: "PUT", Path: fmt.Sprint("/api/wex/company/vehicles/", truck.ID, "/group"), Body: map[string]any{"groupId": north}},
			{Method: "POST", Path: "/api/wex/company/invitations", Body: map[string]any{"email": "everything@example.com", "role": "admin"}},
			{Method: "POST", Path: "/api/wex/company/invitations", Body: map[string]any{"email": "north.too@example.com", "role": "dispatcher", "groupId": north}},
			{Method: "PATCH", Path: fmt.Sprint("/api/wex/company/members/", dispatcherID), Body: map[string]any{"groupId": nil}},
			{Method: "DELETE", Path: fmt.Sprint("/api/wex/company/members/", dispatcherID)},
			{Method: "DELETE", Path: fmt.Sprint("/api/wex/company/invitations/", inv.ID)},
		} {
			req.Token = admin
			if msg := f.api.Do(req).ExpectStatus(t, 403).ErrorMessage(t); msg != fuelportal.MsgWholeCompanyOnly {
				t.Errorf("%s %s by the group's admin: %q", req.Method, req.Path, msg)
			}
		}
		var all groupList
		f.api.Get("/api/wex/company/groups", f.owner).ExpectStatus(t, 200).Decode(t, &all)
		if len(all.Content) != 2 || all.Content[0].Name != "North" || all.Content[0].Cards != 0 || all.Content[0].Vehicles != 0 || all.Content[1].Name != "South" {
			t.Fatalf("the groups after the admin's attempts = %+v", all)
		}
	})
}

// The webhook endpoints (each hears every group's events), the telematics
// token and connectors (each feeds every group's vehicles) and the wallet's
// money (funding it, its low-balance alert, payment methods) reach the whole
// company, so a member limited to a group is refused them whatever the
// role, with the group limit as the reason; nothing changes and the audit
// trail holds no row of theirs but their joining. Such a bookkeeper still
// reads the wallet.
func TestGroups_AMemberLimitedToAGroupReachesNoIntegrationOrWalletMoney(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		north, _ := f.twoGroups(t)
		f.api.Put("/api/wex/company/wallet/low-balance", map[string]any{"threshold": 500}, f.owner).ExpectStatus(t, 200)
		limited := map[string]string{
			"admin":      f.member(t, f.owner, "north.admin@example.com", "admin", north),
			"bookkeeper": f.member(t, f.owner, "north.books@example.com", "bookkeeper", north),
		}
		for role, token := range limited {
			for _, req := range []apitest.Request{
				{Method: "PUT", Path: "/api/wex/company/wallet/low-balance", Body: map[string]any{"threshold": 5}},
				{Method: "GET", Path: "/api/payments/saved-payment-methods"},
				{Method: "POST", Path: "/api/payments/payment-intent", Body: map[string]any{"amount": 10000, "paymentMethodId": "pm_card_visa"}},
			} {
				req.Token, req.BreaksContract = token, true
				if msg := f.api.Do(req).ExpectStatus(t, 403).ErrorMessage(t); msg != fuelportal.MsgWholeCompanyOnly {
					t.Errorf("%s %s by the group's %s: %q", req.Method, req.Path, role, msg)
				}
			}
		}
		admin := limited["admin"]
		for _, req := range []apitest.Request{
			{Method: "GET", Path: "/api/wex/company/webhooks"},
			{Method: "POST", Path: "/api/wex/company/webhooks", Body: map[string]any{"url": "https://hooks.example.com/fuel", "events": []string{"transaction.posted"}}},
			{Method: "PUT", Path: "/api/wex/company/webhooks/1", Body: map[string]any{"url": "https://hooks.example.com/fuel", "events": []string{"transaction.posted"}}},
			{Method: "DELETE", Path: "/api/wex/company/webhooks/1"},
			{Method: "GET", Path: "/api/wex/company/webhooks/1/deliveries"},
			{Method: "POST", Path: "/api/wex/company/webhooks/deliveries/1/resend"},
			{Method: "GET", Path: "/api/wex/company/telematics"},
			{Method: "POST", Path: "/api/wex/company/telematics/token"},
			{Method: "GET", Path: "/api/wex/company/telematics/connectors"},
			{Method: "PUT", Path: "/api/wex/company/telematics/connectors/samsara", Body: map[string]string{"token": "samsara-token"}},
			{Method: "DELETE", Path: "/api/wex/company/telematics/connectors/samsara"},
			{Method: "GET", Path: "/api/payments/setup-intent/card"},
			{Method: "GET", Path: "/api/payments/setup-intent/ach"},
			{Method: "DELETE", Path: "/api/payments/detach", Body: map[string]any{"paymentMethodId": "pm_card_visa"}},
		} {
			req.Token, req.BreaksContract = admin, true
			if msg := f.api.Do(req).ExpectStatus(t, 403).ErrorMessage(t); msg != fuelportal.MsgWholeCompanyOnly {
				t.Errorf("%s %s by the group's admin: %q", req.Method, req.Path, msg)
			}
		}

		f.api.Get("/api/wex/company/wallet", limited["bookkeeper"]).ExpectStatus(t, 200)
		var low struct{ Threshold *float64 }
		f.api.Get("/api/wex/company/wallet/low-balance", f.owner).ExpectStatus(t, 200).Decode(t, &low)
		if low.Threshold == nil || *low.Threshold != 500 {
			t.Errorf("the low-balance alert after the group's attempts: %v", low.Threshold)
		}
		var connectors struct {
			Connectors []struct {
				Vendor     string
				Configured bool
			}
		}
		f.api.Get("/api/wex/company/telematics/connectors", f.owner).ExpectStatus(t, 200).Decode(t, &connectors)
		for _, c := range connectors.Connectors {
			if c.Configured {
				t.Errorf("a connector after the group's attempts: %+v", connectors)
			}
		}
		var trail auditPageOut
		f.api.Get("/api/wex/company/audit", f.owner).ExpectStatus(t, 200).Decode(t, &trail)
		for _, e := range trail.Content {
			if strings.HasPrefix(e.ActorEmail, "north.") && e.Kind != "member.joined" {
				t.Errorf("an audit row of the group's member: %+v", e)
			}
		}
	})
}

// The fleet's positions follow the group: a member limited to a group
// sees the last fix of the group's vehicles only, never another group's
// vehicle, its mileage or odometer (404, as another company's), nor
// another group's card on a vehicle of the same unit number, nor the map
// of another group's card's trip.
func TestGroups_AMemberSeesOnlyTheGroupsPositions(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		var north, south struct{ ID int64 }
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "North"}, f.owner).ExpectStatus(t, 201).Decode(t, &north)
		f.api.Post("/api/wex/company/groups", map[string]string{"name": "South"}, f.owner).ExpectStatus(t, 201).Decode(t, &south)
		var northTruck, southTruck vehicleBody
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("NORTH-T"), f.owner).ExpectStatus(t, 201).Decode(t, &northTruck)
		f.api.Post("/api/wex/company/vehicles", newVehicleJSON("SOUTH-T"), f.owner).ExpectStatus(t, 201).Decode(t, &southTruck)
		f.api.Put(fmt.Sprint("/api/wex/company/vehicles/", northTruck.ID, "/group"), map[string]any{"groupId": north.ID}, f.owner).ExpectStatus(t, 204)
		f.api.Put(fmt.Sprint("/api/wex/company/vehicles/", southTruck.ID, "/group"), map[string]any{"groupId": south.ID}, f.owner).ExpectStatus(t, 204)
		// The South card names the North truck's unit number.
		f.api.Put("/api/wex/company/cards/"+f.driverCard+"/group", map[string]any{"groupId": south.ID}, f.owner).ExpectStatus(t, 204)
		for _, plan := range demo.CardPlans[demo.DemoFreight.Name] {
			if plan.CardNumber == f.driverCard {
				f.api.Put("/api/wex/company/update-card", map[string]string{"cardNumber": plan.CardNumber, "driverName": plan.DriverName,
					"driverId": plan.DriverID, "unitNumber": "NORTH-T", "status": "ACTIVE"}, f.owner).ExpectStatus(t, 200)
			}
		}
		dispatcher := f.member(t, f.owner, "north.map@example.com", "dispatcher", north.ID)

		var tok struct{ Token string }
		f.api.Post("/api/wex/company/telematics/token", nil, f.owner).ExpectStatus(t, 200).Decode(t, &tok)
		at := fx.db.Now().UTC().Add(-time.Hour).Truncate(time.Second)
		postTraccar(f.api, tok.Token, []map[string]any{
			traccarFix("NORTH-T", at, 41.8781, -87.6298, 1_000_000),
			traccarFix("SOUTH-T", at, 29.7604, -95.3698, 2_000_000),
		}).ExpectStatus(t, 200)

		type fleetView struct {
			Value []struct {
				ID         int64
				UnitNumber string
				LastFix    *struct{ Latitude, Longitude float64 }
				Cards      []struct{ CardNumber string }
			}
		}
		var all, seen fleetView
		f.api.Get("/api/wex/company/vehicles", f.owner).ExpectStatus(t, 200).Decode(t, &all)
		fixes := 0
		for _, v := range all.Value {
			if v.LastFix != nil && (v.UnitNumber == "NORTH-T" || v.UnitNumber == "SOUTH-T") {
				fixes++
			}
		}
		if fixes != 2 {
			t.Fatalf("the owner's fleet = %+v", all)
		}
		list := f.api.Get("/api/wex/company/vehicles", dispatcher).ExpectStatus(t, 200)
		list.Decode(t, &seen)
		if len(seen.Value) != 1 || seen.Value[0].UnitNumber != "NORTH-T" || seen.Value[0].LastFix == nil || seen.Value[0].LastFix.Latitude != 41.8781 {
			t.Fatalf("North's dispatcher's fleet = %+v", seen)
		}
		if body := string(list.Body); strings.Contains(body, "29.7604") || strings.Contains(body, f.driverCard) {
			t.Fatalf("North's dispatcher's fleet shows South's position or card: %s", body)
		}
		var one struct{ Cards []struct{ CardNumber string } }
		f.api.Get(fmt.Sprint("/api/wex/company/vehicles/", northTruck.ID), dispatcher).ExpectStatus(t, 200).Decode(t, &one)
		if len(one.Cards) != 0 {
			t.Fatalf("North's truck shows South's cards to North's dispatcher: %+v", one)
		}
		f.api.Get(fmt.Sprint("/api/wex/company/vehicles/", northTruck.ID), f.owner).ExpectStatus(t, 200).Decode(t, &one)
		if len(one.Cards) != 1 || one.Cards[0].CardNumber != f.driverCard {
			t.Fatalf("the owner's North truck's cards = %+v", one)
		}
		day := at.Format(time.DateOnly)
		for _, path := range []string{"", "/mileage?dateFrom=" + day + "&dateTo=" + day, "/odometer"} {
			f.api.Get(fmt.Sprint("/api/wex/company/vehicles/", southTruck.ID, path), dispatcher).ExpectStatus(t, 404)
			f.api.Get(fmt.Sprint("/api/wex/company/vehicles/", northTruck.ID, path), dispatcher).ExpectStatus(t, 200)
		}

		// The map of the South card's trip.
		trip, tripPath := f.lockedTrip(t, f.owner)
		var trips struct{ Content []struct{ ID int64 } }
		f.api.Get("/api/trips?size=100", dispatcher).ExpectStatus(t, 200).Decode(t, &trips)
		for _, tr := range trips.Content {
			if tr.ID == trip.ID {
				t.Fatalf("North's dispatcher lists South's trip %d", trip.ID)
			}
		}
		f.api.Get(tripPath, dispatcher).ExpectStatus(t, 404)
		f.api.Get(tripPath+"/plans", dispatcher).ExpectStatus(t, 404)
		f.api.Get(tripPath, f.owner).ExpectStatus(t, 200)
	})
}
