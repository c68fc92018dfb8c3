package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestImportPrices_ReportsSkippedRowsAndLandsGoodOnes(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "prices.csv")
	csv := "location_id,name,latitude,longitude,retail_price,net_price,price_date\n" +
		"1,Pilot Travel Center #1,35.2,-101.8,3.859,3.579,2026-11-21T06:00:00\n" +
		"2,Bad Row,35.2,-101.8,3.859,cheap,2026-11-21T06:00:00\n"
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	args := []string{"import", "prices", "-db", "sqlite:" + filepath.Join(dir, "p.db"), file}
	if err := run(context.Background(), args, &out, &out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	for _, want := range []string{`skipped line 3: net_price:`, "2 rows: 1 new stations, 0 updated, 0 unchanged, 1 skipped."} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("output %q lacks %q", out.String(), want)
		}
	}
}
