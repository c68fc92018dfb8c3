package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"fuelportal/store"
	"fuelportal/store/storetest"
)

// schema is what a migrated database must agree on across engines: its
// tables, their columns with nullability, and their indexes by purpose
// (table, columns in order, unique, partial), not by name or type. A
// substring-search index is the one seam where the engines differ in kind:
// SQLite keeps an FTS5 trigram table over the column, PostgreSQL a pg_trgm
// GIN index on it; both read as "table(column) text-search".
type schema struct {
	columns map[string][]string // table → "column NOT NULL" or "column NULL", sorted
	indexes []string            // "table(col, col) unique partial", sorted
}

// TestMigrations_EnginesAgree migrates SQLite and PostgreSQL and reads both
// schemas back: a migration written for one engine only, a column nullable
// on one side or an index missing on the other fails here.
func TestMigrations_EnginesAgree(t *testing.T) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		if os.Getenv("CI") != "" || os.Getenv("FUELPORTAL_TEST_STRICT") != "" {
			t.Fatalf("%s is not set: CI must compare the engines' schemas", storetest.PostgresEnv)
		}
		t.Skipf("%s not set: nothing to compare SQLite with", storetest.PostgresEnv)
	}
	ctx := context.Background()
	lite, err := readSQLiteSchema(ctx, store.SQLDB(storetest.OpenSQLite(t)))
	if err != nil {
		t.Fatal(err)
	}
	pg, err := readPostgresSchema(ctx, store.SQLDB(storetest.OpenPostgres(t)))
	if err != nil {
		t.Fatal(err)
	}

	tables := map[string]bool{}
	for name := range lite.columns {
		tables[name] = true
	}
	for name := range pg.columns {
		tables[name] = true
	}
	for _, name := range slices.Sorted(mapsKeys(tables)) {
		l, inLite := lite.columns[name]
		p, inPG := pg.columns[name]
		switch {
		case !inLite:
			t.Errorf("table %s exists only on PostgreSQL", name)
		case !inPG:
			t.Errorf("table %s exists only on SQLite", name)
		case !slices.Equal(l, p):
			t.Errorf("table %s differs:\n  sqlite:   %s\n  postgres: %s", name, strings.Join(l, ", "), strings.Join(p, ", "))
		}
	}
	lite.indexes = partitionedKeys(lite.indexes)
	if !slices.Equal(lite.indexes, pg.indexes) {
		t.Errorf("indexes differ:\n  only on sqlite:   %s\n  only on postgres: %s",
			strings.Join(without(lite.indexes, pg.indexes), "; "), strings.Join(without(pg.indexes, lite.indexes), "; "))
	}
}

// partitionedKeys reads SQLite's indexes of the telematics positions as
// PostgreSQL's: there the table is partitioned by fix_time (its
// partitions are its storage, not tables of their own), and a partitioned
// table's unique keys must hold the partition key, so its primary key is
// (vehicle_id, fix_time) and id (from a sequence) has no index of its own.
// SQLite keeps id as the rowid and (vehicle_id, fix_time) unique.
func partitionedKeys(indexes []string) []string {
	out := make([]string, 0, len(indexes))
	for _, i := range indexes {
		switch i {
		case "telematics_positions(id) unique primary":
			continue
		case "telematics_positions(vehicle_id, fix_time) unique":
			i += " primary"
		}
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

func mapsKeys(m map[string]bool) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// without returns the items of a that are not in b.
func without(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}

// ignoredTable reports tables that belong to the migration tool or to an
// engine's own machinery rather than to the portal.
func ignoredTable(name string) bool {
	return name == "goose_db_version" || strings.HasPrefix(name, "sqlite_")
}

func column(name string, notNull bool) string {
	if notNull {
		return name + " NOT NULL"
	}
	return name + " NULL"
}

func index(table string, cols []string, unique, partial bool) string {
	s := fmt.Sprintf("%s(%s)", table, strings.Join(cols, ", "))
	if unique {
		s += " unique"
	}
	if partial {
		s += " partial"
	}
	return s
}

func readSQLiteSchema(ctx context.Context, db *sql.DB) (*schema, error) {
	s := &schema{columns: map[string][]string{}}
	tables, err := queryStrings(ctx, db, `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	searchTables, err := sqliteSearchIndexes(ctx, db, s)
	if err != nil {
		return nil, err
	}
	for _, table := range tables {
		if ignoredTable(table) || isSearchTable(table, searchTables) {
			continue
		}
		rows, err := db.QueryContext(ctx, `SELECT name, "notnull", pk FROM pragma_table_info(?)`, table)
		if err != nil {
			return nil, err
		}
		var cols []string
		var pk []string
		for rows.Next() {
			var name string
			var notNull, pkPos int
			if err := rows.Scan(&name, &notNull, &pkPos); err != nil {
				rows.Close()
				return nil, err
			}
			// A primary key column is never NULL, whatever SQLite's flag says.
			cols = append(cols, column(name, notNull == 1 || pkPos > 0))
			if pkPos > 0 {
				pk = append(pk, name)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		slices.Sort(cols)
		s.columns[table] = cols
		if len(pk) > 0 {
			s.indexes = append(s.indexes, index(table, pk, true, false)+" primary")
		}

		rows, err = db.QueryContext(ctx, `SELECT name, "unique", origin, partial FROM pragma_index_list(?)`, table)
		if err != nil {
			return nil, err
		}
		type idx struct {
			name            string
			unique, partial bool
			origin          string
		}
		var idxs []idx
		for rows.Next() {
			var i idx
			if err := rows.Scan(&i.name, &i.unique, &i.origin, &i.partial); err != nil {
				rows.Close()
				return nil, err
			}
			idxs = append(idxs, i)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		for _, i := range idxs {
			if i.origin == "pk" {
				continue // counted above, also for rowid tables that list none
			}
			cols, err := queryStrings(ctx, db, `SELECT coalesce(name, 'expression') FROM pragma_index_info(?) ORDER BY seqno`, i.name)
			if err != nil {
				return nil, err
			}
			s.indexes = append(s.indexes, index(table, cols, i.unique, i.partial))
		}
	}
	slices.Sort(s.indexes)
	return s, nil
}

// sqliteFTS matches an external-content FTS5 table: its first column and
// the table whose column it indexes.
var sqliteFTS = regexp.MustCompile(`(?is)USING\s+fts5\(\s*(\w+).*content\s*=\s*'(\w+)'`)

// sqliteSearchIndexes adds each FTS5 table to s.indexes as the text-search
// index of the column it covers, and returns the FTS tables' names.
func sqliteSearchIndexes(ctx context.Context, db *sql.DB, s *schema) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var name, ddl string
		if err := rows.Scan(&name, &ddl); err != nil {
			return nil, err
		}
		m := sqliteFTS.FindStringSubmatch(ddl)
		if m == nil {
			return nil, fmt.Errorf("virtual table %s is not an external-content FTS5 index: teach this test what it stands for", name)
		}
		s.indexes = append(s.indexes, index(m[2], []string{m[1]}, false, false)+" text-search")
		names = append(names, name)
	}
	return names, rows.Err()
}

// isSearchTable reports an FTS table or one of the shadow tables SQLite
// keeps for it (name_config, name_data, …).
func isSearchTable(table string, searchTables []string) bool {
	for _, fts := range searchTables {
		if table == fts || strings.HasPrefix(table, fts+"_") {
			return true
		}
	}
	return false
}

func readPostgresSchema(ctx context.Context, db *sql.DB) (*schema, error) {
	s := &schema{columns: map[string][]string{}}
	rows, err := db.QueryContext(ctx, `
		SELECT c.table_name, c.column_name, c.is_nullable = 'NO'
		FROM information_schema.columns c
		JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
		JOIN pg_class r ON r.oid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
		WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND NOT r.relispartition`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var table, name string
		var notNull bool
		if err := rows.Scan(&table, &name, &notNull); err != nil {
			rows.Close()
			return nil, err
		}
		if !ignoredTable(table) {
			s.columns[table] = append(s.columns[table], column(name, notNull))
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, cols := range s.columns {
		slices.Sort(cols)
	}

	// One row per index column; expressions (attnum 0) read as 'expression'.
	rows, err = db.QueryContext(ctx, `
		SELECT t.relname, i.relname, x.indisunique, x.indisprimary, x.indpred IS NOT NULL,
		       am.amname = 'gin', k.ord, coalesce(a.attname, 'expression')
		FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid
		JOIN pg_am am ON am.oid = i.relam
		JOIN pg_class t ON t.oid = x.indrelid
		JOIN pg_namespace n ON n.oid = t.relnamespace
		CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
		LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum > 0
		WHERE n.nspname = current_schema() AND NOT t.relispartition
		ORDER BY t.relname, i.relname, k.ord`)
	if err != nil {
		return nil, err
	}
	type idx struct {
		table                            string
		unique, primary, partial, search bool
		cols                             []string
	}
	var order []string
	byName := map[string]*idx{}
	for rows.Next() {
		var table, name, col string
		var unique, primary, partial, search bool
		var ord int
		if err := rows.Scan(&table, &name, &unique, &primary, &partial, &search, &ord, &col); err != nil {
			rows.Close()
			return nil, err
		}
		if ignoredTable(table) {
			continue
		}
		i, ok := byName[name]
		if !ok {
			i = &idx{table: table, unique: unique, primary: primary, partial: partial, search: search}
			byName[name] = i
			order = append(order, name)
		}
		i.cols = append(i.cols, col)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, name := range order {
		i := byName[name]
		entry := index(i.table, i.cols, i.unique, i.partial)
		if i.primary {
			entry += " primary"
		}
		if i.search {
			entry += " text-search"
		}
		s.indexes = append(s.indexes, entry)
	}
	slices.Sort(s.indexes)
	return s, nil
}

func queryStrings(ctx context.Context, db *sql.DB, query string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
