package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fuelportal"
	"fuelportal/store"
)

func TestImportIFTARates_EachQuarterInTheFileReplacesItsRates(t *testing.T) {
	dir := t.TempDir()
	dsn := "sqlite:" + filepath.Join(dir, "r.db")
	importFile := func(name, text string, extra ...string) (string, error) {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		args := append(append([]string{"import", "ifta-rates", "-db", dsn}, extra...), file)
		err := run(context.Background(), args, &out, &out)
		return out.String(), err
	}
	header := "year,quarter,jurisdiction,fuelType,rate,surcharge\n"
	out, err := importFile("q3.csv", header+"2026,3,TX,diesel,0.2000,\n2026,3,IN,diesel,0.5900,0.1100\n2026,4,TX,diesel,0.2100,\n")
	if err != nil || !strings.Contains(out, "3 rates stored; they replace the stored rates of 2 quarters.") {
		t.Fatalf("first import: %v\n%s", err, out)
	}
	// 2026Q3 again, without Indiana: Q3 is replaced, Q4 kept.
	if out, err := importFile("q3b.csv", header+"2026,3,TX,diesel,0.2050,\n", "-sample"); err != nil {
		t.Fatalf("second import: %v\n%s", err, out)
	}
	if _, err := importFile("bad.csv", header+"2026,3,DC,diesel,0.2,\n"); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("a bad file = %v", err)
	}
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, tt := range []struct {
		quarter int
		want    string
	}{{3, "TX 2050 true"}, {4, "TX 2100 false"}} {
		q, err := db.IFTAQuarter(context.Background(), fuelportal.IFTAPeriod{Year: 2026, Quarter: tt.quarter, FuelType: "diesel"})
		if err != nil || len(q.Rates) != 1 {
			t.Fatalf("2026Q%d rates = %+v, %v", tt.quarter, q, err)
		}
		r := q.Rates[0]
		if got := fmt.Sprintf("%s %d %t", r.Jurisdiction, r.Rate, r.Sample); got != tt.want {
			t.Fatalf("2026Q%d: %s, want %s", tt.quarter, got, tt.want)
		}
	}
}
