package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"fuelportal"
	"fuelportal/demo"
)

// startMain runs a whole server on a free port with a temp SQLite database
// and a stand-in web app, closed when the test ends.
func startMain(t *testing.T) *Main {
	t.Helper()
	m := NewMain()
	m.Config.Addr = "127.0.0.1:0"
	m.Config.DB = "sqlite:" + filepath.Join(t.TempDir(), "e2e.db")
	m.Config.Demo = true
	m.Config.Argon2 = fuelportal.TestArgon2Params
	m.Config.Static = fstest.MapFS{
		"index.html":      {Data: []byte("<!doctype html><title>Fuel portal</title>")},
		"assets/app-1.js": {Data: []byte("console.log('app')")},
	}
	m.Stdout = &bytes.Buffer{}
	m.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	if err := m.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	t.Cleanup(func() {
		if err := m.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return m
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res, string(body)
}

// TestMain_DemoServer starts one whole server on a demo database (the
// seed is the slow part under -race) and checks what it serves and what
// the import command does to its database.
func TestMain_DemoServer(t *testing.T) {
	m := startMain(t)
	t.Run("serves health, the app and the API", func(t *testing.T) { checkServes(t, m) })
	t.Run("import transactions reports rows and skips bad ones", func(t *testing.T) { checkImportTransactions(t, m) })
}

func checkServes(t *testing.T, m *Main) {
	if res, body := get(t, m.URL()+"/api/health"); res.StatusCode != 200 || !strings.Contains(body, `"ok"`) {
		t.Fatalf("health = %d %s", res.StatusCode, body)
	}
	if res, body := get(t, m.URL()+"/dashboard"); res.StatusCode != 200 || !strings.Contains(body, "<title>Fuel portal</title>") {
		t.Fatalf("SPA fallback = %d %s", res.StatusCode, body)
	} else if res.Header.Get("Content-Security-Policy") == "" {
		t.Fatal("no CSP header on the app")
	}
	if res, body := get(t, m.URL()+"/assets/app-1.js"); res.StatusCode != 200 || body != "console.log('app')" {
		t.Fatalf("asset = %d %s", res.StatusCode, body)
	}
	if res, body := get(t, m.URL()+"/api/no-such-thing"); res.StatusCode != 404 || !strings.Contains(body, `"status":404`) {
		t.Fatalf("unknown API path = %d %s", res.StatusCode, body)
	}
	if out := m.Stdout.(*bytes.Buffer).String(); !strings.Contains(out, demo.OwnerEmail) || !strings.Contains(out, m.URL()) {
		t.Fatalf("banner lacks URL or demo logins:\n%s", out)
	}

	res, err := http.Post(m.URL()+"/api/authenticate", "application/json",
		strings.NewReader(`{"username":"`+demo.OwnerEmail+`","password":"`+demo.Password+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var tokens struct{ Token, RefreshToken string }
	if err := json.NewDecoder(res.Body).Decode(&tokens); err != nil || res.StatusCode != 200 || tokens.Token == "" {
		t.Fatalf("demo owner sign-in = %d %+v %v", res.StatusCode, tokens, err)
	}
}

func TestRun_MigrateAndOutboxCommands(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "cli.db")
	var out, errOut bytes.Buffer
	ctx := context.Background()
	if err := run(ctx, []string{"migrate", "--db", dsn}, &out, &errOut); err != nil || !strings.Contains(out.String(), "migrated to version") {
		t.Fatalf("migrate: %v %s %s", err, out.String(), errOut.String())
	}
	out.Reset()
	if err := run(ctx, []string{"mail", "outbox", "--db", dsn, "--to", "x@example.com"}, &out, &errOut); err != nil || !strings.Contains(out.String(), "empty") {
		t.Fatalf("mail outbox: %v %s", err, out.String())
	}
	if err := run(ctx, []string{"nonsense"}, &out, &errOut); err == nil {
		t.Fatal("unknown command accepted")
	}
}

// checkImportTransactions imports into m's demo database (cards and
// stations exist).
func checkImportTransactions(t *testing.T, m *Main) {
	card := demo.CardPlans[demo.DemoFreight.Name][0].CardNumber
	// Before the demo's purchases (but not before the card was issued, the
	// day before them): the fraud check has no earlier purchase of the card
	// to compare the station with.
	issued := time.Now().AddDate(0, 0, -demo.PurchaseDays-1).Format("2006-01-02T15:04:05")
	csv := "network_transaction_id,card_number,location_id,gallons,retail_price,transaction_date\n" +
		"CLI-1," + card + ",10001,100,3.859," + issued + "\n" +
		"CLI-2," + card + ",10001,-1,3.859,2025-03-14T09:00:00\n"
	path := filepath.Join(t.TempDir(), "purchases.csv")
	if err := os.WriteFile(path, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"import", "transactions", "-db", m.Config.DB, path}, &out, io.Discard); err != nil {
		t.Fatalf("import: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "Read 2 rows: 1 approved, 0 declined, 0 already recorded, 1 skipped.") ||
		!strings.Contains(out.String(), "line 3: gallons") {
		t.Fatalf("output:\n%s", out.String())
	}
}
