package purchases

import (
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
