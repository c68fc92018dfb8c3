package store_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"

	"fuelportal"
	"fuelportal/store"
	"fuelportal/store/storetest"
)

// auditAs returns a context whose changes are the owner's.
func auditAs(owner *fuelportal.User) context.Context {
	return fuelportal.NewContextWithActor(context.Background(), fuelportal.Actor{
		UserID: owner.ID, Role: string(fuelportal.MemberOwner), ClientAddress: "203.0.113.7", RequestID: "req-1",
	})
}

// writeAudit commits one audited change of company.
func writeAudit(ctx context.Context, db *store.DB, company int64, objectID string) error {
	return db.InTx(ctx, func(tx *store.Tx) error {
		return tx.Audit(ctx, fuelportal.AuditChange{CompanyID: company, Kind: fuelportal.AuditCardUpdated, ObjectType: "card",
			ObjectID: objectID, Before: map[string]any{"limit": 100, "unit": "U-1"}, After: map[string]any{"limit": 200, "unit": "U-1"}})
	})
}

func TestAudit_RecordsTheActorAndOnlyTheChangedFields(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		company, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000002")
		ctx := auditAs(owner)
		if err := writeAudit(ctx, db, company.ID, "1"); err != nil {
			t.Fatal(err)
		}
		if err := writeAudit(context.Background(), db, company.ID, "1"); err != nil {
			t.Fatal(err)
		}
		page, total, err := db.AuditEvents(ctx, fuelportal.AuditFilter{CompanyID: company.ID, Limit: 10})
		if err != nil || total != 1 || len(page) != 1 {
			t.Fatalf("AuditEvents = %d rows of %d, %v; want the actor's one (a change with no actor is the system's)", len(page), total, err)
		}
		e := page[0]
		if e.ActorID != owner.ID || e.ActorEmail != "owner@example.com" || e.ActorRole != "owner" || e.ClientAddress != "203.0.113.7" ||
			e.RequestID != "req-1" || string(e.Before) != `{"limit":100}` || string(e.After) != `{"limit":200}` || e.Seq != 1 || e.PrevHash != "" {
			t.Errorf("row = %+v", e)
		}
		other, _, _ := storetest.NewCompanyWithCard(t, db, "other@example.com", "7071000000000000010")
		if _, total, _ := db.AuditEvents(ctx, fuelportal.AuditFilter{CompanyID: other.ID, Limit: 10}); total != 0 {
			t.Errorf("another company sees %d rows", total)
		}
	})
}

// A card's group, put and lifted, is kept as null when none (as a
// member's), not 0: the trail reads "— → 4" and "4 → —".
func TestAudit_ACardWithoutGroupIsNull(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		company, owner, card := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000002")
		ctx := auditAs(owner)
		g := &fuelportal.Group{CompanyID: company.ID, Name: "North terminal"}
		if err := db.CreateGroup(ctx, g); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{g.ID, 0} {
			if err := db.SetCardGroup(ctx, company.ID, card.CardNumber, id); err != nil {
				t.Fatal(err)
			}
		}
		page, _, err := db.AuditEvents(ctx, fuelportal.AuditFilter{CompanyID: company.ID, Kind: fuelportal.AuditCardUpdated, Limit: 10})
		if err != nil || len(page) != 2 {
			t.Fatalf("AuditEvents = %d rows, %v; want 2", len(page), err)
		}
		put, lifted := page[1], page[0] // newest first
		want := fmt.Sprintf(`{"groupId":%d}`, g.ID)
		if string(put.Before) != `{"groupId":null}` || string(put.After) != want || string(lifted.Before) != want || string(lifted.After) != `{"groupId":null}` {
			t.Errorf("rows: %s → %s, then %s → %s", put.Before, put.After, lifted.Before, lifted.After)
		}
	})
}

func TestAudit_ConcurrentWritersKeepOneChainPerCompany(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		a, ownerA, _ := storetest.NewCompanyWithCard(t, db, "a@example.com", "7071000000000000002")
		b, ownerB, _ := storetest.NewCompanyWithCard(t, db, "b@example.com", "7071000000000000010")
		const writers = 12
		var wg sync.WaitGroup
		errs := make(chan error, 2*writers)
		for i := range writers {
			for _, c := range []struct {
				id    int64
				owner *fuelportal.User
			}{{a.ID, ownerA}, {b.ID, ownerB}} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs <- writeAudit(auditAs(c.owner), db, c.id, strconv.Itoa(i))
				}()
			}
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("writer failed: %v", err)
			}
		}
		rows, brk, err := db.VerifyAudit(context.Background())
		if err != nil || brk != nil || rows != 2*writers {
			t.Fatalf("VerifyAudit = %d rows, %v, %v; want %d rows and no break", rows, brk, err, 2*writers)
		}
	})
}

// tamper runs statement with the append-only triggers off, as someone
// with the database's owner rights could.
func tamper(t *testing.T, db *store.DB, statement string, args ...any) {
	t.Helper()
	ctx := context.Background()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if tx.Engine() == store.Postgres {
			if _, err := tx.Exec(ctx, `ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only`); err != nil {
				return err
			}
		} else {
			for _, trigger := range []string{"audit_events_no_update", "audit_events_no_delete"} {
				if _, err := tx.Exec(ctx, `DROP TRIGGER `+trigger); err != nil {
					return err
				}
			}
		}
		_, err := tx.Exec(ctx, statement, args...)
		return err
	})
	if err != nil {
		t.Fatalf("tamper: %v", err)
	}
}

func TestVerifyAudit_FindsAnEditedAndADeletedRow(t *testing.T) {
	for _, tc := range []struct {
		name, statement, reason string
	}{
		{"edited", `UPDATE audit_events SET after_fields = '{"limit":900}' WHERE seq = 2`, "content does not match its hash"},
		{"deleted", `DELETE FROM audit_events WHERE seq = 2`, "row of seq 2 missing"},
		{"last deleted", `DELETE FROM audit_events WHERE seq = 3`, "rows missing at the end of the chain"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
				company, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000002")
				for i := range 3 {
					if err := writeAudit(auditAs(owner), db, company.ID, fmt.Sprint(i)); err != nil {
						t.Fatal(err)
					}
				}
				tamper(t, db, tc.statement)
				_, brk, err := db.VerifyAudit(context.Background())
				if err != nil || brk == nil || brk.CompanyID != company.ID || brk.Reason != tc.reason {
					t.Fatalf("VerifyAudit = %v, %v; want a break: %s", brk, err, tc.reason)
				}
			})
		})
	}
}

func TestAudit_RowsAreAppendOnly(t *testing.T) {
	storetest.ForEachEngine(t, func(t *testing.T, db *store.DB) {
		company, owner, _ := storetest.NewCompanyWithCard(t, db, "owner@example.com", "7071000000000000002")
		ctx := auditAs(owner)
		if err := writeAudit(ctx, db, company.ID, "1"); err != nil {
			t.Fatal(err)
		}
		for _, statement := range []string{`UPDATE audit_events SET kind = 'x'`, `DELETE FROM audit_events`} {
			err := db.InTx(ctx, func(tx *store.Tx) error { _, err := tx.Exec(ctx, statement); return err })
			if err == nil || errors.Is(err, context.Canceled) {
				t.Errorf("%s: %v; want refused", statement, err)
			}
		}
	})
}
