package storetest_test

import (
	"context"
	"database/sql"
	"net/url"
	"os"
	"strconv"
	"testing"
	"time"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }

// createCompany adds a company named name and returns its id.
func createCompany(t *testing.T, db *store.DB, name string) int64 {
	t.Helper()
	c := &fuelportal.Company{Name: name, CarrierID: 1000001}
	if err := db.InTx(context.Background(), func(tx *store.Tx) error { return tx.CreateCompany(context.Background(), c) }); err != nil {
		t.Fatal(err)
	}
	return c.ID
}

// Each copy of a template holds what prepare made, once, and nothing of
// another copy: prepare runs once per binary and engine.
func TestOpenFromTemplate_CopiesArePreparedOnceAndIndependent(t *testing.T) {
	for _, engine := range []store.Engine{store.SQLite, store.Postgres} {
		t.Run(string(engine), func(t *testing.T) {
			prepared := 0
			var templateCompany int64
			prepare := func(db *store.DB) error {
				prepared++
				templateCompany = createCompany(t, db, "Template Co")
				return nil
			}
			name := "copies-" + string(engine)
			first := storetest.OpenFromTemplate(t, engine, name, prepare)
			second := storetest.OpenFromTemplate(t, engine, name, prepare)
			if prepared != 1 {
				t.Fatalf("prepare ran %d times, want once", prepared)
			}
			for _, db := range []*store.DB{first, second} {
				if got, err := db.CompanyName(context.Background(), templateCompany); err != nil || got != "Template Co" {
					t.Fatalf("copy's template company = %q, %v", got, err)
				}
			}
			// The same next id in both: neither copy sees the other's rows.
			if a, b := createCompany(t, first, "A"), createCompany(t, second, "B"); a != b {
				t.Fatalf("ids %d and %d: the copies share a sequence", a, b)
			}
		})
	}
}

// The copies are dropped after their test (once WaitForDrops returns), the
// templates by DropTemplates, and databases named for tests that are older
// than two hours (a killed binary's) when a template is made. The test works beside a database of
// its own, so that the test binaries running at the same time (go test
// ./...) neither see nor lose its databases.
func TestOpenPostgresFromTemplate_DropsWhatItMade(t *testing.T) {
	base := os.Getenv(storetest.PostgresEnv)
	if base == "" {
		t.Skipf("%s not set", storetest.PostgresEnv)
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	ctx := context.Background()
	own := "storetest_" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+own); err != nil {
		t.Fatal(err)
	}
	defer admin.ExecContext(ctx, `DROP DATABASE `+own+` WITH (FORCE)`)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + own
	t.Setenv(storetest.PostgresEnv, u.String())

	stale := own + "_t_" + strconv.FormatInt(time.Now().Add(-3*time.Hour).Unix(), 10) + "_0123456789ab"
	fresh := own + "_t_" + strconv.FormatInt(time.Now().Add(-time.Hour).Unix(), 10) + "_0123456789ab"
	for _, name := range []string{stale, fresh} {
		if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+name); err != nil {
			t.Fatal(err)
		}
		defer admin.ExecContext(ctx, `DROP DATABASE IF EXISTS `+name)
	}
	databases := func() map[string]bool {
		rows, err := admin.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE $1`, own+`\_%`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		names := map[string]bool{}
		for rows.Next() {
			var name string
			if err := rows.Scan(&name); err != nil {
				t.Fatal(err)
			}
			names[name] = true
		}
		return names
	}
	t.Run("copy", func(t *testing.T) {
		storetest.OpenPostgresFromTemplate(t, "drops", func(*store.DB) error { return nil })
		if got := databases(); len(got) != 3 || got[stale] || !got[fresh] {
			t.Fatalf("databases during the test %v, want the fresh one, the template and the copy", got)
		}
	})
	storetest.WaitForDrops()
	left := databases()
	delete(left, fresh)
	if len(left) != 1 {
		t.Fatalf("left %v after the test, want the template only", left)
	}
	if err := storetest.DropTemplates(); err != nil {
		t.Fatal(err)
	}
	if got := databases(); len(got) != 1 || !got[fresh] {
		t.Fatalf("databases after DropTemplates %v, want the fresh one only", got)
	}
}

// OpenSQLiteAt puts a migrated database at a new path, and opens what is
// at a path already (a second handle on the same file sees its rows).
func TestOpenSQLiteAt_NewPathIsMigratedAnOldOneKept(t *testing.T) {
	path := t.TempDir() + "/at/db.sqlite"
	first := storetest.OpenSQLiteAt(t, path)
	id := createCompany(t, first, "At Co")
	second := storetest.OpenSQLiteAt(t, path)
	if got, err := second.CompanyName(context.Background(), id); err != nil || got != "At Co" {
		t.Fatalf("second handle's company = %q, %v; want the first handle's", got, err)
	}
	if v, err := second.MigrationVersion(context.Background()); err != nil || v == 0 {
		t.Fatalf("migration version %d, %v", v, err)
	}
}
