package purchases

// The stand-in's journal (docs/decisions.md, "The pump's answer"): an
// answer the database has not recorded yet is written to a local file,
// and synced, before it goes out, so a process that stops before the
// record loses nothing: the next process to open the journal's directory
// records it. The database's key (the authorization id) keeps a replay
// from counting twice.

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"fuelportal"
)

// journalCompactAt is the size past which the journal is rewritten with
// only the answers still waiting (it is emptied whenever none waits), or
// twice what the last rewrite kept when that is more: a backlog of
// thousands of answers is rewritten a few times while it is recorded, not
// once per record under the lock the next answers wait on.
const journalCompactAt = 1 << 20

// journalSyncWait bounds how long an answer waits for its entry to reach
// the disk: a disk that cannot sync does not hold the pump's answer past
// its deadline (the answer is still recorded while the process lives).
const journalSyncWait = 250 * time.Millisecond

// journalPrefix names the journals of a directory: each serving process
// writes its own, locked while it lives.
const journalPrefix = "standin-"

// journalEntry is one line of a journal: an answer given (Request and
// Answer) or the record of one (Recorded, its authorization id).
type journalEntry struct {
	Request  *fuelportal.AuthorizationRequest `json:"request,omitempty"`
	Answer   *fuelportal.Authorization        `json:"answer,omitempty"`
	Recorded string                           `json:"recorded,omitempty"`
}

// journal is one process's file of answers given and not yet recorded.
type journal struct {
	dir  string
	path string // the file's name (a compaction renames a new file to it)

	mu      sync.Mutex // the file, its size and what waits
	f       *os.File
	size    int64
	kept    int64                   // the size the last compaction left (0: none since emptied)
	waiting map[string]journalEntry // by authorization id
	written uint64                  // entries written

	syncMu sync.Mutex // one sync at a time, covering every entry written before it
	synced uint64
}

// openJournal creates this process's journal in dir and adopts those of
// processes that stopped (their files unlocked): their answers still
// waiting are written to the new journal, synced, then their files
// removed. It returns the adopted answers, to be recorded.
func openJournal(dir string) (*journal, []journalEntry, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, nil, err
	}
	f, err := os.CreateTemp(dir, journalPrefix+"*.journal")
	if err != nil {
		return nil, nil, err
	}
	if ok, err := lockFile(f); err != nil || !ok {
		f.Close()
		os.Remove(f.Name())
		return nil, nil, fmt.Errorf("stand-in journal %s: not locked: %v", f.Name(), err)
	}
	j := &journal{dir: dir, path: f.Name(), f: f, waiting: map[string]journalEntry{}}
	adopted, err := j.adopt()
	if err != nil {
		j.close()
		return nil, nil, err
	}
	return j, adopted, nil
}

// adopt takes over the waiting answers of every unlocked journal in the
// directory (its process stopped).
func (j *journal) adopt() ([]journalEntry, error) {
	names, err := filepath.Glob(filepath.Join(j.dir, journalPrefix+"*"))
	if err != nil {
		return nil, err
	}
	var adopted []journalEntry
	var orphans []*os.File // locked here
	defer func() {
		for _, f := range orphans {
			f.Close()
		}
	}()
	for _, name := range names {
		if name == j.path {
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			continue // removed meanwhile by another process adopting it
		}
		if ok, err := lockFile(f); err != nil || !ok || !sameFile(f, name) {
			f.Close()
			continue // alive, or replaced under its name
		}
		orphans = append(orphans, f)
		entries, err := readJournal(f)
		if err != nil {
			return nil, fmt.Errorf("stand-in journal %s: %w", name, err)
		}
		adopted = append(adopted, entries...)
	}
	if len(adopted) > 0 {
		for _, e := range adopted {
			if err := j.write(e); err != nil {
				return nil, err
			}
		}
		if err := j.sync(); err != nil {
			return nil, err
		}
	}
	// Adopted (and synced here): the old files go.
	for _, f := range orphans {
		os.Remove(f.Name())
	}
	return adopted, nil
}

// readJournal returns the answers of a journal that were not recorded (a
// line cut short by a stop is skipped: its answer never went out synced).
func readJournal(f *os.File) ([]journalEntry, error) {
	var order []string
	byID := map[string]journalEntry{}
	lines := bufio.NewScanner(f)
	lines.Buffer(make([]byte, 64<<10), 1<<20)
	for lines.Scan() {
		var e journalEntry
		if json.Unmarshal(lines.Bytes(), &e) != nil {
			continue
		}
		switch {
		case e.Recorded != "":
			delete(byID, e.Recorded)
		case e.Request != nil && e.Answer != nil && e.Request.ID != "":
			if _, seen := byID[e.Request.ID]; !seen {
				order = append(order, e.Request.ID)
				byID[e.Request.ID] = e
			}
		}
	}
	if err := lines.Err(); err != nil {
		return nil, err
	}
	var entries []journalEntry
	for _, id := range order {
		if e, ok := byID[id]; ok {
			entries = append(entries, e)
			delete(byID, id)
		}
	}
	return entries, nil
}

// answered writes answer a to r and waits for it to reach the disk (at
// most journalSyncWait, the wait for the file included; a failure is
// returned, the answer goes out all the same).
func (j *journal) answered(r *fuelportal.AuthorizationRequest, a *fuelportal.Authorization) error {
	synced := make(chan error, 1)
	go func() {
		if err := j.write(journalEntry{Request: r, Answer: a}); err != nil {
			synced <- err
			return
		}
		synced <- j.sync()
	}()
	timer := time.NewTimer(journalSyncWait)
	defer timer.Stop()
	select {
	case err := <-synced:
		return err
	case <-timer.C:
		return errors.New("stand-in journal: the disk did not sync in time")
	}
}

// write appends e (not synced).
func (j *journal) write(e journalEntry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return errors.New("stand-in journal closed")
	}
	n, err := j.f.Write(append(line, '\n'))
	j.size += int64(n)
	if err != nil {
		return err
	}
	j.written++
	if e.Request != nil {
		if _, ok := j.waiting[e.Request.ID]; !ok {
			j.waiting[e.Request.ID] = e
		}
	}
	return nil
}

// sync makes every entry written so far durable; callers that arrive
// while another sync runs are covered by the next one, one for all.
func (j *journal) sync() error {
	j.mu.Lock()
	upTo, f := j.written, j.f
	j.mu.Unlock()
	j.syncMu.Lock()
	defer j.syncMu.Unlock()
	if j.synced >= upTo || f == nil {
		return nil
	}
	j.mu.Lock()
	upTo, f = j.written, j.f
	j.mu.Unlock()
	if err := f.Sync(); err != nil {
		j.mu.Lock()
		compacted := j.f != f // the new file holds every entry, synced
		j.mu.Unlock()
		if compacted {
			return nil
		}
		return err
	}
	j.synced = max(j.synced, upTo)
	return nil
}

// recorded notes that the answer to authorization id is in the database:
// a journal with nothing waiting is emptied, a large one rewritten with
// what waits. (Not synced: a replay of a recorded answer records nothing.)
func (j *journal) recorded(id string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, ok := j.waiting[id]; !ok || j.f == nil {
		return nil
	}
	delete(j.waiting, id)
	if len(j.waiting) == 0 {
		if err := j.f.Truncate(0); err != nil {
			return err
		}
		j.size, j.kept = 0, 0
		_, err := j.f.Seek(0, io.SeekStart)
		return err
	}
	line, err := json.Marshal(journalEntry{Recorded: id})
	if err != nil {
		return err
	}
	n, err := j.f.Write(append(line, '\n'))
	j.size += int64(n)
	if err != nil || j.size < max(journalCompactAt, 2*j.kept) {
		return err
	}
	return j.compact()
}

// compact rewrites the journal with only the answers still waiting: a new
// file, locked and synced, renamed over the old one; j.mu is held (a
// sync under way on the old file is then covered by the new one).
func (j *journal) compact() error {
	next, err := os.CreateTemp(j.dir, journalPrefix+"*.compacting")
	if err != nil {
		return err
	}
	fail := func(err error) error {
		next.Close()
		os.Remove(next.Name())
		return err
	}
	if ok, err := lockFile(next); err != nil || !ok {
		return fail(fmt.Errorf("stand-in journal %s: not locked: %v", next.Name(), err))
	}
	var size int64
	w := bufio.NewWriter(next)
	for _, e := range j.waiting {
		line, err := json.Marshal(e)
		if err != nil {
			return fail(err)
		}
		n, _ := w.Write(append(line, '\n'))
		size += int64(n)
	}
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if err := next.Sync(); err != nil {
		return fail(err)
	}
	if err := os.Rename(next.Name(), j.path); err != nil {
		return fail(err)
	}
	syncDir(j.dir)
	j.f.Close()
	j.f, j.size, j.kept = next, size, size
	return nil
}

// close closes the journal; an empty one is removed (what waits stays
// for the next process to open the directory).
func (j *journal) close() {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.f == nil {
		return
	}
	if len(j.waiting) == 0 {
		os.Remove(j.path)
	}
	j.f.Close()
	j.f = nil
}

// sameFile reports whether open file f is still the file at name.
func sameFile(f *os.File, name string) bool {
	open, err := f.Stat()
	if err != nil {
		return false
	}
	now, err := os.Stat(name)
	return err == nil && os.SameFile(open, now)
}

// syncDir makes a rename in dir durable (best effort).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
