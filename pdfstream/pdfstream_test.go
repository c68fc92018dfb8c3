package pdfstream_test

import (
	"bytes"
	"io"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"fuelportal/pdfstream"
	"fuelportal/pdfstream/pdfstreamtest"
)

func TestWriter_PagesReadBackByAPDFParser(t *testing.T) {
	var out bytes.Buffer
	w := pdfstream.New(&out, 279.4, 215.9)
	for page := 1; page <= 3; page++ {
		w.NewPage()
		w.Text(10, 20, pdfstream.HelveticaBold, 13, pdfstream.Encode("Page "+strconv.Itoa(page)))
		w.Line(10, 22, 269.4, 22)
		w.Text(10, 30, pdfstream.Helvetica, 7, pdfstream.Encode(`Café (a) \ b`))
	}
	if err := w.Close("Acme Freight statement 2026-03-01 to 2026-03-31 (closed) ✓", "Fuel Portal"); err != nil {
		t.Fatal(err)
	}
	doc := pdfstreamtest.Read(t, out.Bytes())
	if doc.Pages != 3 || doc.Title != "Acme Freight statement 2026-03-01 to 2026-03-31 (closed) ✓" {
		t.Fatalf("pages %d, title %q", doc.Pages, doc.Title)
	}
	rows := doc.Rows()
	if len(rows) != 6 || rows[2][0] != "Page 2" || rows[5][0] != "Caf\xe9 (a) \\ b" {
		t.Fatalf("rows %q", rows)
	}
	// 20 mm from the top of a 215.9 mm page, in points.
	if y := doc.Texts[0].Y; y < 555.30 || y > 555.32 {
		t.Fatalf("first baseline at %.2f pt", y)
	}
}

func TestWriter_ADocumentWithoutPagesIsAnError(t *testing.T) {
	if err := pdfstream.New(io.Discard, 100, 100).Close("", ""); err == nil {
		t.Fatal("closed a document of no pages")
	}
}

func TestFitAndWidth(t *testing.T) {
	s := pdfstream.Encode("Pilot Travel Center #412, Amarillo")
	full := pdfstream.Width(s, pdfstream.Helvetica, 7)
	if cut := pdfstream.Fit(s, pdfstream.Helvetica, 7, full); cut != s {
		t.Fatalf("cut %q at its own width", cut)
	}
	cut := pdfstream.Fit(s, pdfstream.Helvetica, 7, 20)
	if len(cut) == 0 || len(cut) >= len(s) || pdfstream.Width(cut, pdfstream.Helvetica, 7) > 20 ||
		pdfstream.Width(s[:len(cut)+1], pdfstream.Helvetica, 7) <= 20 {
		t.Fatalf("fit to 20 mm: %q (%.2f mm of %.2f)", cut, pdfstream.Width(cut, pdfstream.Helvetica, 7), full)
	}
	if b, r := pdfstream.Width("W", pdfstream.HelveticaBold, 10), pdfstream.Width("W", pdfstream.Helvetica, 10); b <= r-0.01 || r < 3 {
		t.Fatalf("W is %.2f mm bold, %.2f regular", b, r)
	}
}

// A long document keeps only its pages' offsets: the live heap after
// thousands of full pages is a few bytes a page, not the pages.
func TestWriter_MemoryDoesNotGrowWithPages(t *testing.T) {
	w := pdfstream.New(io.Discard, 279.4, 215.9)
	line := pdfstream.Encode("2026-03-14 08:12  purchase:BENCH104233  0412  Driver 4233  U-4233  Pilot Travel Center #412  TX  ULSD  100.000  3.739  12.00  1.50  -373.90")
	page := func() {
		w.NewPage()
		for y := 10.0; y < 200; y += 4.2 {
			w.Text(10, y, pdfstream.Helvetica, 7, line)
		}
	}
	for range 10 {
		page()
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	const pages = 3000 // about 20 KiB of content each
	for range pages {
		page()
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 1<<20 {
		t.Fatalf("the live heap grew %d KiB over %d pages", grown>>10, pages)
	}
	if err := w.Close("", ""); err != nil {
		t.Fatal(err)
	}
}

// Documents written at once encode their texts apart: each Encode gives its
// own text's bytes, whatever another goroutine encodes meanwhile.
func TestEncode_SafeForConcurrentUse(t *testing.T) {
	texts := []string{"Résumé de la période", "Estado de cuenta — marzo", "Fuel purchases", "Año fiscal ½"}
	want := make([]pdfstream.Text, len(texts))
	for i, s := range texts {
		want[i] = pdfstream.Encode(s)
	}
	var wg sync.WaitGroup
	for i := range texts {
		wg.Go(func() {
			for range 500 {
				if got := pdfstream.Encode(texts[i]); got != want[i] {
					t.Errorf("Encode(%q) = %q beside other encodings, want %q", texts[i], got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}
