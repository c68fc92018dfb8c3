package purchases

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fuelportal"
)

func journalIDs(entries []journalEntry) []string {
	var ids []string
	for _, e := range entries {
		ids = append(ids, e.Request.ID)
	}
	return ids
}

// A journal left by a stopped process hands its unrecorded answers, in
// order, to the next one, after a compaction too; a live one is left alone.
func TestJournal_NextProcessAdoptsWhatWasNotRecorded(t *testing.T) {
	dir := t.TempDir()
	first, adopted, err := openJournal(dir)
	if err != nil || len(adopted) != 0 {
		t.Fatalf("open: %v, adopted %v", err, adopted)
	}
	for _, id := range []string{"A-1", "A-2", "A-3", "A-4"} {
		if err := first.answered(&fuelportal.AuthorizationRequest{ID: id}, &fuelportal.Authorization{AuthorizationID: id, Approved: true}); err != nil {
			t.Fatal(err)
		}
	}
	if err := first.recorded("A-2"); err != nil {
		t.Fatal(err)
	}

	// Another process while the first lives: nothing to adopt.
	live, adopted, err := openJournal(dir)
	if err != nil || len(adopted) != 0 {
		t.Fatalf("adopted from a live process: %v, %v", journalIDs(adopted), err)
	}
	live.close()

	first.mu.Lock()
	err = first.compact()
	first.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	if err := first.recorded("A-4"); err != nil {
		t.Fatal(err)
	}
	first.close() // stops with waiting

	next, adopted, err := openJournal(dir)
	if err != nil {
		t.Fatal(err)
	}
	ids := journalIDs(adopted)
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"A-1", "A-3"}) {
		t.Fatalf("adopted %v, want A-1 and A-3", ids)
	}
	for _, id := range ids {
		if err := next.recorded(id); err != nil {
			t.Fatal(err)
		}
	}
	next.close()
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Fatalf("files left: %v", left)
	}
}

// A line cut short by a stop (its answer never synced) is skipped.
func TestJournal_TornLastLineIsSkipped(t *testing.T) {
	dir := t.TempDir()
	content := `{"request":{"ID":"T-1"},"answer":{"AuthorizationID":"T-1"}}` + "\n" + `{"request":{"ID":"T-2"},"ans`
	if err := os.WriteFile(filepath.Join(dir, journalPrefix+"old.journal"), []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	j, adopted, err := openJournal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	if ids := journalIDs(adopted); !slices.Equal(ids, []string{"T-1"}) {
		t.Fatalf("adopted %v, want T-1", ids)
	}
}

// A backlog larger than the compaction size is rewritten a few times while
// it is recorded, not once per record, and what still waits survives.
func TestJournal_BacklogIsNotRewrittenPerRecord(t *testing.T) {
	dir := t.TempDir()
	j, _, err := openJournal(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := 0; j.size < 3*journalCompactAt; i++ {
		id := fmt.Sprintf("B-%05d", i)
		ids = append(ids, id)
		if err := j.write(journalEntry{Request: &fuelportal.AuthorizationRequest{ID: id, CardNumber: "7071000000000000001"},
			Answer: &fuelportal.Authorization{AuthorizationID: id, Approved: true, AmountCents: 12_345}}); err != nil {
			t.Fatal(err)
		}
	}
	rewrites := 0
	for _, id := range ids[:len(ids)-1] {
		before := j.f
		if err := j.recorded(id); err != nil {
			t.Fatal(err)
		}
		if j.f != before {
			rewrites++
		}
		if rewrites > 20 { // one per halving of the backlog or so
			t.Fatalf("%d answers of %d recorded one by one rewrote the journal %d times", slices.Index(ids, id)+1, len(ids), rewrites)
		}
	}
	j.close()
	next, adopted, err := openJournal(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer next.close()
	if got := journalIDs(adopted); !slices.Equal(got, ids[len(ids)-1:]) {
		t.Fatalf("adopted %v, want %v", got, ids[len(ids)-1:])
	}
}
