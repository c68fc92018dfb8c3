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
