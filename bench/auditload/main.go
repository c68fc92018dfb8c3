// Command auditload fills a PostgreSQL (or SQLite) database with one
// company's audit trail of -rows chained rows spread over four years and
// twenty people, then times the owner's filtered page (one person, 30
// days: GET /api/wex/company/audit's query) and `fuelportal audit verify`.
//
//	go run ./bench/auditload -db 'postgres://…/auditbench' -rows 1000000
//
// The database must be empty of audit rows (a new one): the program
// migrates it.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"fuelportal"
	"fuelportal/audit"
	"fuelportal/store"
)

func main() {
	dsn := flag.String("db", "", "database: postgres://… or sqlite:PATH (required)")
	rows := flag.Int("rows", 1_000_000, "audit rows to write")
	pages := flag.Int("pages", 200, "filtered pages to time")
	flag.Parse()
	ctx := context.Background()
	db, err := store.Open(ctx, *dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	if err := db.Migrate(ctx); err != nil {
		log.Fatal(err)
	}
	const company, people = 1, 20
	start := time.Date(2022, 1, 1, 0, 0, 0, 0, time.UTC)
	span := 4 * 365 * 24 * time.Hour
	step := span / time.Duration(*rows)
	began := time.Now()
	prev := ""
	const batch = 1000
	for seq := 1; seq <= *rows; seq += batch {
		err := db.InTx(ctx, func(tx *store.Tx) error {
			var values []string
			var args []any
			for s := seq; s < seq+batch && s <= *rows; s++ {
				actor := int64(1 + s%people)
				e := &fuelportal.AuditEvent{CompanyID: company, Seq: int64(s), At: start.Add(time.Duration(s) * step).Truncate(time.Microsecond),
					ActorID: actor, ActorEmail: fmt.Sprintf("person%d@bench.test", actor), ActorRole: string(fuelportal.MemberOwner),
					Kind: fuelportal.AuditCardControlsSet, ObjectType: fuelportal.AuditObjectCard, ObjectID: fmt.Sprint(s % 500),
					Before: []byte(`{"PerPurchaseCents":40000}`), After: []byte(`{"PerPurchaseCents":45000}`),
					ClientAddress: "203.0.113.7", RequestID: fmt.Sprintf("req-%d", s), PrevHash: prev}
				e.Hash = fuelportal.AuditHash(e)
				prev = e.Hash
				values = append(values, "(?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?)")
				args = append(args, e.CompanyID, e.Seq, e.At, e.ActorID, e.ActorEmail, e.ActorRole, string(e.Kind), e.ObjectType, e.ObjectID,
					string(e.Before), string(e.After), e.ClientAddress, e.RequestID, e.PrevHash, e.Hash)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO audit_events (company_id, seq, at, actor_id, actor_email, actor_role, actor_token, kind,
				object_type, object_id, before_fields, after_fields, client_address, request_id, prev_hash, hash) VALUES `+strings.Join(values, ", "), args...); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO audit_chain_heads (company_id, seq, hash) VALUES (?, ?, ?)
				ON CONFLICT (company_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash`, company, min(seq+batch-1, *rows), prev)
			return err
		})
		if err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("wrote %d rows in %s\n", *rows, time.Since(began).Round(time.Second))
	if err := db.InTx(ctx, func(tx *store.Tx) error {
		if tx.Engine() == store.Postgres {
			_, err := tx.Exec(ctx, `ANALYZE audit_events`)
			return err
		}
		return nil
	}); err != nil {
		log.Fatal(err)
	}

	svc := audit.New(audit.Deps{Store: db})
	var took []time.Duration
	var matched int
	for range *pages {
		from := start.Add(time.Duration(rand.Int64N(int64(span - 30*24*time.Hour))))
		q := audit.Query{AuditFilter: fuelportal.AuditFilter{ActorID: int64(1 + rand.IntN(people)), From: from, To: from.Add(30 * 24 * time.Hour)}, Size: 20}
		t0 := time.Now()
		_, total, err := svc.Events(ctx, company, q)
		if err != nil {
			log.Fatal(err)
		}
		took, matched = append(took, time.Since(t0)), total
	}
	slices.Sort(took)
	fmt.Printf("owner's page (one person, 30 days, %d rows match): p50 %s, p95 %s, max %s over %d pages\n",
		matched, took[len(took)/2].Round(time.Microsecond), took[len(took)*95/100].Round(time.Microsecond), took[len(took)-1].Round(time.Microsecond), len(took))

	t0 := time.Now()
	n, brk, err := svc.Verify(ctx)
	if err != nil || brk != nil {
		log.Fatal(err, brk)
	}
	d := time.Since(t0)
	fmt.Printf("audit verify: %d rows in %s, %.0f rows/s\n", n, d.Round(time.Millisecond), float64(n)/d.Seconds())
}
