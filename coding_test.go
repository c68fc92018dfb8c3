package fuelportal

import "testing"

func TestCodeByRules_FirstMatchWins(t *testing.T) {
	rules := []CodingRule{
		{Match: CodingMatch{Product: ProductDEF}, Coding: Coding{Account: "Fluids"}},
		{Match: CodingMatch{CardNumber: "7071000000000000001"}, Coding: Coding{Account: "Card 1"}},
		{Match: CodingMatch{VehicleID: 7}, Coding: Coding{Account: "Truck 7"}},
		{Match: CodingMatch{GroupID: 3, Product: ProductReefer}, Coding: Coding{Account: "Reefer north"}},
		{Match: CodingMatch{GroupID: 3}, Coding: Coding{Account: "North"}},
		{Match: CodingMatch{DriverUserID: 42}, Coding: Coding{Account: "Driver 42"}},
	}
	for _, c := range []struct {
		name    string
		subject CodingSubject
		want    string
		matched bool
	}{
		{"product", CodingSubject{Product: ProductDEF, CardNumber: "7071000000000000001"}, "Fluids", true},
		{"card", CodingSubject{Product: ProductDiesel, CardNumber: "7071000000000000001", VehicleID: 7}, "Card 1", true},
		{"vehicle", CodingSubject{Product: ProductDiesel, VehicleID: 7, GroupID: 3}, "Truck 7", true},
		{"group and product together", CodingSubject{Product: ProductReefer, GroupID: 3}, "Reefer north", true},
		{"group", CodingSubject{Product: ProductDiesel, GroupID: 3, DriverUserID: 42}, "North", true},
		{"driver", CodingSubject{Product: ProductDiesel, DriverUserID: 42}, "Driver 42", true},
		{"nothing matches", CodingSubject{Product: ProductDiesel, DriverUserID: 1}, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := CodeByRules(rules, c.subject)
			if got.Account != c.want || ok != c.matched {
				t.Errorf("= %q, %v; want %q, %v", got.Account, ok, c.want, c.matched)
			}
		})
	}
}

func TestCodingRule_ValidateRefusesWhatCannotBeStored(t *testing.T) {
	for _, c := range []struct {
		name string
		rule CodingRule
		ok   bool
	}{
		{"a catch-all coding an account", CodingRule{Coding: Coding{Account: "Fuel"}}, true},
		{"codes nothing", CodingRule{Match: CodingMatch{Product: ProductDiesel}}, false},
		{"an unknown product", CodingRule{Match: CodingMatch{Product: "XXX"}, Coding: Coding{Account: "A"}}, false},
		{"a short card number", CodingRule{Match: CodingMatch{CardNumber: "123"}, Coding: Coding{Account: "A"}}, false},
		{"a control character", CodingRule{Coding: Coding{Account: "A\x00"}}, false},
		{"a negative vehicle", CodingRule{Match: CodingMatch{VehicleID: -1}, Coding: Coding{Account: "A"}}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			if err := c.rule.Validate(); (err == nil) != c.ok {
				t.Errorf("Validate = %v, want ok %v", err, c.ok)
			}
		})
	}
}

// A member limited to group 1 sees a rule only when it codes the group's
// purchases alone and names nothing of another group.
func TestCodingRule_ConfinedToAGroup(t *testing.T) {
	const g, other = 1, 2
	for _, c := range []struct {
		name string
		rule CodingRule
		want bool
	}{
		{"the group", CodingRule{Match: CodingMatch{GroupID: g}}, true},
		{"a card of the group", CodingRule{Match: CodingMatch{CardNumber: "7071000000000000001"}, CardGroupID: g}, true},
		{"the group and a vehicle of it", CodingRule{Match: CodingMatch{GroupID: g, VehicleID: 5}, VehicleGroupID: g}, true},
		{"no group: every group's purchases", CodingRule{Match: CodingMatch{Product: ProductDiesel}}, false},
		{"a vehicle of the group only: any group's card may fuel it", CodingRule{Match: CodingMatch{VehicleID: 5}, VehicleGroupID: g}, false},
		{"another group's card", CodingRule{Match: CodingMatch{CardNumber: "7071000000000000002"}, CardGroupID: other}, false},
		{"the group and another group's card", CodingRule{Match: CodingMatch{GroupID: g, CardNumber: "7071000000000000002"}, CardGroupID: other}, false},
		{"the group and another group's vehicle", CodingRule{Match: CodingMatch{GroupID: g, VehicleID: 6}, VehicleGroupID: other}, false},
		{"another group", CodingRule{Match: CodingMatch{GroupID: other}}, false},
		{"a driver holding a card of the group", CodingRule{Match: CodingMatch{DriverUserID: 7}, DriverGroupID: g}, true},
		{"a driver of the group and a product", CodingRule{Match: CodingMatch{DriverUserID: 7, Product: ProductDiesel}, DriverGroupID: g}, true},
		{"the group and a driver of it", CodingRule{Match: CodingMatch{GroupID: g, DriverUserID: 7}, DriverGroupID: g}, true},
		{"a driver holding another group's card", CodingRule{Match: CodingMatch{DriverUserID: 8}, DriverGroupID: other}, false},
		{"a driver holding a card of no group, or none", CodingRule{Match: CodingMatch{DriverUserID: 9}}, false},
		{"the group and another group's driver", CodingRule{Match: CodingMatch{GroupID: g, DriverUserID: 8}, DriverGroupID: other}, false},
		{"a driver of the group and another group's vehicle", CodingRule{Match: CodingMatch{DriverUserID: 7, VehicleID: 6}, DriverGroupID: g, VehicleGroupID: other}, false},
	} {
		if got := c.rule.ConfinedTo(g); got != c.want {
			t.Errorf("%s: confined %v, want %v", c.name, got, c.want)
		}
		scope := MemberScope{CompanyID: 9, GroupID: g}
		if err := scope.CheckRuleSeen(&c.rule); (err == nil) != c.want || err != nil && ErrorCode(err) != ENOTFOUND {
			t.Errorf("%s: seen %v", c.name, err)
		}
		if err := (MemberScope{CompanyID: 9}).CheckRuleSeen(&c.rule); err != nil {
			t.Errorf("%s: the whole company's member does not see it: %v", c.name, err)
		}
	}
	// What a limited member writes gets their group, and is refused
	// naming another group's card as an unknown one.
	scope := MemberScope{CompanyID: 9, GroupID: g}
	r := CodingRule{Match: CodingMatch{Product: ProductDiesel}}
	ScopeCodingRule(scope, &r)
	if r.Match.GroupID != g || CheckCodingRuleInScope(scope, &r) != nil {
		t.Fatalf("a limited member's rule matches %+v", r.Match)
	}
	r.Match.CardNumber, r.CardGroupID = "7071000000000000002", other
	if err := scope.CheckRuleAdded(&r, 0); ErrorFields(err)["match.cardNumber"] == nil {
		t.Fatalf("another group's card = %v", err)
	}
	// A rule of one of the group's drivers gets the group too, and one of
	// another group's driver is refused as an unknown one.
	driver := CodingRule{Match: CodingMatch{DriverUserID: 7}, DriverGroupID: g}
	ScopeCodingRule(scope, &driver)
	if driver.Match.GroupID != g || scope.CheckRuleAdded(&driver, 0) != nil {
		t.Fatalf("a limited member's rule of their driver matches %+v", driver.Match)
	}
	driver.Match.DriverUserID, driver.DriverGroupID = 8, other
	if err := scope.CheckRuleAdded(&driver, 0); ErrorFields(err)["match.driverUserId"] == nil {
		t.Fatalf("another group's driver = %v", err)
	}
}
