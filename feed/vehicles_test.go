package feed_test

import (
	"fmt"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/feed"
)

const vehicleHeader = "unitNumber,vin,plate,plateState,fuelType,tankCapacityGallons,iftaQualified,active\n"

func TestParseVehicles_ReadsAGoodList(t *testing.T) {
	list, err := feed.ParseVehicles(strings.NewReader("\ufeff" + vehicleHeader +
		"TRK-110,1m8gdm9axkp042788,p-4410,fl,diesel,150.5,yes,\n" +
		"\n" +
		`"VAN 2",,,,Gasoline,25,no,no` + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 {
		t.Fatalf("got %d vehicles", len(list))
	}
	a, b := list[0], list[1]
	if a.UnitNumber != "TRK-110" || a.VIN != "1M8GDM9AXKP042788" || a.Plate != "P-4410" || a.PlateState != "FL" ||
		a.FuelType != fuelportal.FuelDiesel || a.TankCapacity != 150_500 || !a.IFTAQualified || !a.Active {
		t.Errorf("first = %+v", a)
	}
	if b.UnitNumber != "VAN 2" || b.VIN != "" || b.FuelType != fuelportal.FuelGasoline || b.IFTAQualified || b.Active {
		t.Errorf("second = %+v", b)
	}
}

func TestParseVehicles_RefusesTheWholeListWithEveryProblemByLine(t *testing.T) {
	_, err := feed.ParseVehicles(strings.NewReader(vehicleHeader +
		"TRK-1,,,,diesel,150,,\n" +
		"TRK-2,1M8GDM9A1KP042788,,,jet,0,maybe,\n" +
		"TRK-1,,,,diesel,150,,\n" +
		"TRK-4,,,\n" +
		"TRK-5,,,,diesel,abc,,\n"))
	if fuelportal.ErrorCode(err) != fuelportal.EINVALID {
		t.Fatalf("err = %v", err)
	}
	fields := fuelportal.ErrorFields(err)
	for _, key := range []string{"line 3: vin", "line 3: fuelType", "line 3: tankCapacityGallons", "line 3: iftaQualified",
		"line 4: unitNumber", "line 5", "line 6: tankCapacityGallons"} {
		if len(fields[key]) == 0 {
			t.Errorf("no message for %q in %v", key, fields)
		}
	}
	if fields["line 2: unitNumber"] != nil {
		t.Errorf("the first TRK-1 is blamed: %v", fields)
	}
}

func TestParseVehicles_RefusesBadFiles(t *testing.T) {
	var many strings.Builder
	many.WriteString(vehicleHeader)
	for i := range fuelportal.MaxVehiclesImported + 1 {
		fmt.Fprintf(&many, "T-%d,,,,diesel,100,,\n", i)
	}
	for name, body := range map[string]string{
		"empty":            "",
		"header only":      vehicleHeader,
		"missing column":   "unitNumber,vin\nA,\n",
		"not CSV":          vehicleHeader + "\"A,\n",
		"too many":         many.String(),
		"control in field": vehicleHeader + "A\x01,,,,diesel,100,,\n",
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := feed.ParseVehicles(strings.NewReader(body)); fuelportal.ErrorCode(err) != fuelportal.EINVALID {
				t.Fatalf("err = %v", err)
			}
		})
	}
}
