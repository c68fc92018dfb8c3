package http_test

import (
	"net/url"
	"strings"
	"testing"

	"fuelportal/demo"
)

type cardList struct {
	Value []struct {
		CardNumber, Status, DriverName, DriverID, UnitNumber string
	}
}

func TestCardList_SearchesNumberNameUnitAndDriverID(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		plans := demo.CardPlans[demo.DemoFreight.Name]
		for _, tc := range []struct {
			name, search string
			want         int
		}{
			{"no search lists every card", "", len(plans)},
			{"driver name matches case-insensitively", strings.ToUpper(plans[1].DriverName[:5]), 1},
			{"unit number matches", plans[2].UnitNumber, 1},
			{"driver id matches", plans[3].DriverID, 1},
			{"card number digits match", plans[4].CardNumber[8:16], 1},
			{"nothing matches", "zzz", 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var cards cardList
				f.api.Get("/api/wex/company/get-cards?searchText="+url.QueryEscape(tc.search), f.owner).ExpectStatus(t, 200).Decode(t, &cards)
				if len(cards.Value) != tc.want {
					t.Fatalf("%d cards, want %d: %+v", len(cards.Value), tc.want, cards)
				}
				for _, c := range cards.Value {
					if len(c.CardNumber) != 19 {
						t.Fatalf("card number %q is not whole", c.CardNumber)
					}
				}
			})
		}
	})
}

func TestCardUpdate(t *testing.T) {
	forEachEngine(t, func(t *testing.T, fx *fixture) {
		f := newFleetOn(t, fx)
		card := demo.CardPlans[demo.DemoFreight.Name][1]
		update := func(number, name, id, unit, status string) map[string]string {
			return map[string]string{"cardNumber": number, "driverName": name, "driverId": id, "unitNumber": unit, "status": status}
		}
		t.Run("owner saves driver details and status", func(t *testing.T) {
			var got struct{ CardNumber, Status, DriverName, DriverID, UnitNumber string }
			f.api.Put("/api/wex/company/update-card", update(card.CardNumber, " Maria L. ", "D-9", "TRK-999", "INACTIVE"), f.owner).
				ExpectStatus(t, 200).Decode(t, &got)
			if got.DriverName != "Maria L." || got.DriverID != "D-9" || got.UnitNumber != "TRK-999" || got.Status != "INACTIVE" || got.CardNumber != card.CardNumber {
				t.Fatalf("card = %+v", got)
			}
		})
		t.Run("missing details are field errors", func(t *testing.T) {
			fields := f.api.Put("/api/wex/company/update-card", update(card.CardNumber, "", " ", "", "ACTIVE"), f.owner).
				ExpectStatus(t, 400).FieldErrors(t)
			want := map[string]string{"driverName": "Driver name is required", "driverId": "Driver ID is required", "unitNumber": "Unit number is required"}
			for field, msg := range want {
				if len(fields[field]) != 1 || fields[field][0] != msg {
					t.Errorf("%s: %v, want %q", field, fields[field], msg)
				}
			}
		})
		t.Run("unknown status is a field error", func(t *testing.T) {
			fields := f.api.Put("/api/wex/company/update-card", update(card.CardNumber, "A", "B", "C", "LOST"), f.owner).ExpectStatus(t, 400).FieldErrors(t)
			if len(fields["status"]) != 1 {
				t.Fatalf("fields = %v", fields)
			}
		})
	})
}
