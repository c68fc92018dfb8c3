// Package pdfstream writes a PDF of text pages as it goes: each page's
// content stream is compressed and written to the destination when the
// next page begins, and only the objects' offsets stay in memory (a few
// bytes a page), so a document of any length takes the memory of one
// page. It draws text in the standard Helvetica and Helvetica-Bold fonts
// (not embedded; their metrics and the Windows-1252 encoding are
// go-pdf/fpdf's) and straight lines, in millimetres from the page's top
// left corner. That is all a statement needs; a PDF library that keeps
// every page until the end (fpdf, gopdf, pdfcpu) cannot write one of
// thousands of pages in flat memory.
package pdfstream

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"unicode/utf16"

	"github.com/go-pdf/fpdf"
	"github.com/klauspost/compress/zlib"
)

// Font is one of the standard fonts a page draws with.
type Font int

// Fonts.
const (
	Helvetica Font = iota
	HelveticaBold
)

var fontNames = [...]string{Helvetica: "Helvetica", HelveticaBold: "Helvetica-Bold"}

// pointsPerMM converts millimetres to PDF points.
const pointsPerMM = 72 / 25.4

// Reserved object numbers; pages take the numbers after them, two each
// (the content stream, then the page).
const (
	objCatalog = 1
	objPages   = 2
	objInfo    = 3
	objFonts   = 4 // one per Font, in order
	objFirst   = objFonts + len(fontNames)
)

// widths are the fonts' glyph widths per byte of Windows-1252, in
// thousandths of the font size (fpdf's core font metrics).
var widths [len(fontNames)][256]int

// translate maps UTF-8 to Windows-1252 (fpdf's; a rune it lacks becomes
// a dot).
var translate func(string) string

func init() {
	f := fpdf.New("P", "mm", "A4", "")
	translate = f.UnicodeTranslatorFromDescriptor("")
	for font, name := range fontNames {
		style := ""
		if Font(font) == HelveticaBold {
			style = "B"
		}
		f.SetFont("Helvetica", style, 10)
		for b := 1; b < 256; b++ {
			widths[font][b] = f.GetStringSymbolWidth(string([]byte{byte(b)}))
		}
		if err := f.Error(); err != nil {
			panic(fmt.Sprintf("pdfstream: metrics of %s: %v", name, err))
		}
	}
}

// Text is UTF-8 text encoded for the standard fonts (Windows-1252).
type Text string

// translateMu guards translate, which writes into one buffer of its own:
// two documents written at once garbled each other's text.
var translateMu sync.Mutex

// Encode converts UTF-8 text for the standard fonts. It is safe for
// concurrent use.
func Encode(s string) Text {
	translateMu.Lock()
	defer translateMu.Unlock()
	return Text(translate(s))
}

// Width is the width of t in millimetres in font at size points.
func Width(t Text, font Font, size float64) float64 {
	w := 0
	for i := 0; i < len(t); i++ {
		w += widths[font][t[i]]
	}
	return float64(w) * size / 1000 / pointsPerMM
}

// Fit cuts t to what fits within width millimetres in font at size points.
func Fit(t Text, font Font, size, width float64) Text {
	limit := int(width * pointsPerMM * 1000 / size)
	w := 0
	for i := 0; i < len(t); i++ {
		if w += widths[font][t[i]]; w > limit {
			return t[:i]
		}
	}
	return t
}

// Writer writes one PDF. Create it with New, draw on pages (NewPage
// starts each), then Close once.
type Writer struct {
	out     *bufio.Writer
	offset  int64
	offsets []int64 // by object number - 1
	pages   []int   // page object numbers
	width   float64 // page size, points
	height  float64
	content bytes.Buffer // the current page's content stream
	zbuf    bytes.Buffer
	z       *zlib.Writer
	font    Font
	size    float64
	num     []byte
	err     error
}

// New starts a PDF of pages width × height millimetres on w.
func New(w io.Writer, width, height float64) *Writer {
	d := &Writer{out: bufio.NewWriterSize(w, 64<<10), width: width * pointsPerMM, height: height * pointsPerMM,
		offsets: make([]int64, objFirst-1), size: -1}
	d.z, _ = zlib.NewWriterLevel(&d.zbuf, zlib.BestSpeed) // a valid level: no error
	d.write("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	for font, name := range fontNames {
		d.object(objFonts+font, "<< /Type /Font /Subtype /Type1 /BaseFont /"+name+" /Encoding /WinAnsiEncoding >>")
	}
	return d
}

func (d *Writer) write(s string) {
	if d.err != nil {
		return
	}
	n, err := d.out.WriteString(s)
	d.offset += int64(n)
	d.err = err
}

func (d *Writer) writeBytes(b []byte) {
	if d.err != nil {
		return
	}
	n, err := d.out.Write(b)
	d.offset += int64(n)
	d.err = err
}

// object writes object n with body.
func (d *Writer) object(n int, body string) {
	d.offsets[n-1] = d.offset
	d.write(strconv.Itoa(n) + " 0 obj\n" + body + "\nendobj\n")
}

// Pages is how many pages were started.
func (d *Writer) Pages() int { return len(d.pages) }

// NewPage ends the current page, if any (written out at once), and
// starts the next one.
func (d *Writer) NewPage() {
	d.endPage()
	d.content.Reset()
	d.size = -1
	d.offsets = append(d.offsets, 0, 0)
	d.pages = append(d.pages, len(d.offsets))
}

func (d *Writer) endPage() {
	if len(d.pages) == 0 || d.err != nil {
		return
	}
	page := d.pages[len(d.pages)-1]
	d.zbuf.Reset()
	d.z.Reset(&d.zbuf)
	if _, err := d.z.Write(d.content.Bytes()); err != nil {
		d.err = err
		return
	}
	if d.err = d.z.Close(); d.err != nil {
		return
	}
	d.offsets[page-2] = d.offset
	d.write(strconv.Itoa(page-1) + " 0 obj\n<< /Length " + strconv.Itoa(d.zbuf.Len()) + " /Filter /FlateDecode >>\nstream\n")
	d.writeBytes(d.zbuf.Bytes())
	d.write("\nendstream\nendobj\n")
	fonts := ""
	for font := range fontNames {
		fonts += fmt.Sprintf(" /F%d %d 0 R", font+1, objFonts+font)
	}
	d.object(page, fmt.Sprintf("<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %s %s] /Resources << /Font <<%s >> >> /Contents %d 0 R >>",
		objPages, d.pointString(d.width), d.pointString(d.height), fonts, page-1))
}

func (d *Writer) pointString(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

// point appends millimetres mm as points.
func (d *Writer) point(mm float64) {
	d.num = strconv.AppendFloat(d.num[:0], mm*pointsPerMM, 'f', 2, 64)
	d.content.Write(d.num)
}

// Text draws t in font at size points with its baseline's left end at
// (x, y) millimetres from the page's top left corner.
func (d *Writer) Text(x, y float64, font Font, size float64, t Text) {
	if len(d.pages) == 0 {
		d.err = errors.Join(d.err, errors.New("pdfstream: text before the first page"))
		return
	}
	c := &d.content
	c.WriteString("BT ")
	if font != d.font || size != d.size {
		d.font, d.size = font, size
		c.WriteString("/F")
		c.WriteString(strconv.Itoa(int(font) + 1))
		c.WriteByte(' ')
		c.WriteString(strconv.FormatFloat(size, 'f', -1, 64))
		c.WriteString(" Tf ")
	}
	d.point(x)
	c.WriteByte(' ')
	d.point(d.height/pointsPerMM - y)
	c.WriteString(" Td (")
	for i := 0; i < len(t); i++ {
		switch b := t[i]; b {
		case '(', ')', '\\':
			c.WriteByte('\\')
			c.WriteByte(b)
		case '\r':
			c.WriteString(`\r`)
		case '\n':
			c.WriteString(`\n`)
		default:
			c.WriteByte(b)
		}
	}
	c.WriteString(")Tj ET\n")
}

// Line draws a straight line 0.2 mm wide from (x1, y1) to (x2, y2)
// millimetres from the page's top left corner.
func (d *Writer) Line(x1, y1, x2, y2 float64) {
	c := &d.content
	c.WriteString("0.57 w ")
	d.point(x1)
	c.WriteByte(' ')
	d.point(d.height/pointsPerMM - y1)
	c.WriteString(" m ")
	d.point(x2)
	c.WriteByte(' ')
	d.point(d.height/pointsPerMM - y2)
	c.WriteString(" l S\n")
}

// Close writes the last page, the page tree, the document's title and
// creator, and the cross-reference table. A document needs a page.
func (d *Writer) Close(title, creator string) error {
	if len(d.pages) == 0 {
		return errors.New("pdfstream: a document without pages")
	}
	d.endPage()
	var kids bytes.Buffer
	for i, p := range d.pages {
		if i > 0 {
			kids.WriteByte(' ')
		}
		kids.WriteString(strconv.Itoa(p))
		kids.WriteString(" 0 R")
	}
	d.object(objPages, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", kids.String(), len(d.pages)))
	d.object(objInfo, "<< /Title "+textString(title)+" /Creator "+textString(creator)+" /Producer (pdfstream) >>")
	d.object(objCatalog, fmt.Sprintf("<< /Type /Catalog /Pages %d 0 R >>", objPages))
	xref := d.offset
	d.write(fmt.Sprintf("xref\n0 %d\n0000000000 65535 f \n", len(d.offsets)+1))
	for _, off := range d.offsets {
		d.write(fmt.Sprintf("%010d 00000 n \n", off))
	}
	d.write(fmt.Sprintf("trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(d.offsets)+1, objCatalog, objInfo, xref))
	if d.err != nil {
		return d.err
	}
	return d.out.Flush()
}

// textString is s as a PDF text string: UTF-16BE with its byte order
// mark, in hexadecimal.
func textString(s string) string {
	var b bytes.Buffer
	b.WriteString("<FEFF")
	for _, u := range utf16.Encode([]rune(s)) {
		fmt.Fprintf(&b, "%04X", u)
	}
	b.WriteString(">")
	return b.String()
}

// Err is the first error writing the document, if any.
func (d *Writer) Err() error { return d.err }
