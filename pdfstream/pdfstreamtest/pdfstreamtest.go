// Package pdfstreamtest reads back what pdfstream wrote, for tests: the
// document is checked by a real PDF parser (pdfcpu, strict validation)
// and each page's text is read from its decoded content stream.
package pdfstreamtest

import (
	"bytes"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// Text is one string drawn on a page, at its baseline's left end in
// points from the page's bottom left corner.
type Text struct {
	Page int
	X, Y float64
	Text string
}

// Document is a PDF read back.
type Document struct {
	Pages int
	Title string
	Texts []Text // by page, then from the top down, then left to right
}

// noConfigFile keeps pdfcpu from reading or writing a configuration file
// of its own: model.ConfigPath is a global, so it is set once, not by each
// Read (tests read PDFs side by side).
var noConfigFile sync.Once

var drawn = regexp.MustCompile(`BT (?:/F\d+ [\d.]+ Tf )?([\d.]+) ([\d.]+) Td \(((?:[^\\)]|\\.)*)\)Tj ET`)

// Read validates pdf strictly and reads its pages' text; it fails t when
// the file is not a valid PDF.
func Read(t testing.TB, pdf []byte) *Document {
	t.Helper()
	noConfigFile.Do(func() { model.ConfigPath = "disable" })
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationStrict
	ctx, err := api.ReadContext(bytes.NewReader(pdf), conf)
	if err != nil {
		t.Fatalf("pdfcpu cannot read the PDF: %v", err)
	}
	if err := api.ValidateContext(ctx); err != nil {
		t.Fatalf("pdfcpu finds the PDF invalid: %v", err)
	}
	doc := &Document{Pages: ctx.PageCount, Title: ctx.Title}
	for page := 1; page <= ctx.PageCount; page++ {
		r, err := pdfcpu.ExtractPageContent(ctx, page)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		content, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("page %d: %v", page, err)
		}
		var texts []Text
		for _, m := range drawn.FindAllSubmatch(content, -1) {
			x, _ := strconv.ParseFloat(string(m[1]), 64)
			y, _ := strconv.ParseFloat(string(m[2]), 64)
			texts = append(texts, Text{Page: page, X: x, Y: y, Text: unescape(string(m[3]))})
		}
		sort.SliceStable(texts, func(i, j int) bool {
			if texts[i].Y != texts[j].Y {
				return texts[i].Y > texts[j].Y
			}
			return texts[i].X < texts[j].X
		})
		doc.Texts = append(doc.Texts, texts...)
	}
	return doc
}

func unescape(s string) string {
	r := strings.NewReplacer(`\(`, "(", `\)`, ")", `\\`, `\`, `\n`, "\n", `\r`, "\r")
	return r.Replace(s)
}

// Rows are the document's texts grouped by line (one baseline of one
// page), each line's texts left to right.
func (d *Document) Rows() [][]string {
	var rows [][]string
	for i, t := range d.Texts {
		if i == 0 || t.Page != d.Texts[i-1].Page || t.Y != d.Texts[i-1].Y {
			rows = append(rows, nil)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], t.Text)
	}
	return rows
}

// winAnsiHigh are the runes of Windows-1252's bytes 0x80 to 0x9F (0: a
// byte it leaves undefined); its other bytes are Latin-1's.
var winAnsiHigh = [32]rune{'€', 0, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0, 'Ž', 0,
	0, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0, 'ž', 'Ÿ'}

// UTF8 is text drawn in the standard fonts (WinAnsiEncoding, as
// pdfstream writes it) as UTF-8; an undefined byte becomes U+FFFD.
func UTF8(drawn string) string {
	var b strings.Builder
	for i := 0; i < len(drawn); i++ {
		switch c := drawn[i]; {
		case c < 0x80 || c >= 0xA0:
			b.WriteRune(rune(c))
		case winAnsiHigh[c-0x80] != 0:
			b.WriteRune(winAnsiHigh[c-0x80])
		default:
			b.WriteRune('\uFFFD')
		}
	}
	return b.String()
}
