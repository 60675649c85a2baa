package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"

	"github.com/polytile/polytile/model"
)

// MaxExportBytes bounds the size of every file the exports write (LP,
// MPS, Pyomo, OPB, DLX), estimated before anything is written: the
// largest puzzle polytile reads (24,000,000 cover entries) gives program
// files of one to two gigabytes, and a DLX1 file of many copies far more.
const MaxExportBytes = 1 << 30

// tooLarge is the refusal of a file estimated at n bytes, more than
// limit: "about" for an estimate, "up to" for an upper bound.
func tooLarge(format, about string, n, limit int64, hint string) error {
	size := fmt.Sprintf("%d bytes", limit)
	if limit >= 1<<30 && limit%(1<<30) == 0 {
		size = fmt.Sprintf("%d (%d GiB)", limit, limit>>30)
	}
	return fmt.Errorf("the %s file would take %s %d bytes, more than the limit of %s; %s", format, about, n, size, hint)
}

// ctxStop is the stop function of a sizing done before the output is
// opened: it says stop once ctx is done.
func ctxStop(ctx context.Context) func() bool {
	return func() bool { return ctx.Err() != nil }
}

// writerStop is the stop function of a sizing done by a writer: a write
// of nothing to w fails once the export is cancelled (atomicfile's
// writer).
func writerStop(w io.Writer) func() bool {
	return func() bool { _, err := w.Write(nil); return err != nil }
}

// stoppedBy turns errStopped into the error of what stopped the sizing:
// ctx's (when not nil) or the failed write of nothing to w.
func stoppedBy(err error, ctx context.Context, w io.Writer) error {
	if !errors.Is(err, errStopped) {
		return err
	}
	if ctx != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	if w != nil {
		if _, werr := w.Write(nil); werr != nil {
			return werr
		}
	}
	return err
}

// ProgramFormat is a file format of the binary program.
type ProgramFormat int

// Program file formats.
const (
	FormatLP       ProgramFormat = iota // CPLEX LP (WriteLP)
	FormatMPS                           // free MPS (WriteMPS)
	FormatFixedMPS                      // fixed MPS (WriteMPS with Fixed)
	FormatPyomo                         // Pyomo script (WritePyomo)
	FormatOPB                           // pseudo-Boolean OPB (WriteOPB)
)

// String returns the name used in messages: "LP", "MPS", "fixed MPS",
// "Pyomo" or "OPB".
func (f ProgramFormat) String() string {
	switch f {
	case FormatLP:
		return "LP"
	case FormatMPS:
		return "MPS"
	case FormatFixedMPS:
		return "fixed MPS"
	case FormatPyomo:
		return "Pyomo"
	case FormatOPB:
		return "OPB"
	}
	return fmt.Sprintf("format %d", int(f))
}

// ProgramFile is a program sized for one format and found within
// MaxExportBytes (CheckProgram); Write writes it without sizing it again.
type ProgramFile struct {
	prog   *model.Program
	format ProgramFormat
	mps    MPSOptions
	// Bytes is an upper bound of the size of the file.
	Bytes int64
}

// CheckProgram sizes prog written in format f and refuses it when the
// size could exceed MaxExportBytes (or, for fixed MPS, when its rows or
// columns do not fit 8-character names): a command calls it before its
// output is opened. The size is an upper bound computed from the names
// and coefficients of the columns, rows and nonzeros, without writing
// (on a 78 MB LP file, 0.07-0.1 s against 0.34 s for writing it; a
// fifth to a half of the writing time for MPS and OPB, a hundredth for
// Pyomo). ctx is read every 65,536 columns, rows and nonzeros.
func CheckProgram(ctx context.Context, prog *model.Program, f ProgramFormat) (*ProgramFile, error) {
	pf, err := checkProgram(prog, f, ctxStop(ctx), MaxExportBytes)
	return pf, stoppedBy(err, ctx, nil)
}

// checkProgram is CheckProgram with a stop function (see checkDLXSize),
// errStopped when it says stop, and the limit (MaxExportBytes but in
// tests).
func checkProgram(prog *model.Program, f ProgramFormat, stop func() bool, limit int64) (*ProgramFile, error) {
	if prog == nil {
		return nil, errors.New("export: no program")
	}
	pf := &ProgramFile{prog: prog, format: f, mps: MPSOptions{Fixed: f == FormatFixedMPS}}
	// The fingerprint column takes the short name after the columns'
	// (after the placeholder's in a program without columns).
	if f == FormatFixedMPS && max(prog.NumCols()+1, 2, prog.NumRows()) > maxShort {
		return nil, fmt.Errorf("export: write fixed MPS: %d columns / %d rows do not fit 8-character names", prog.NumCols(), prog.NumRows())
	}
	// Every file names the program's fingerprint (one pass over the
	// program, cached for the writer).
	if _, err := prog.FingerprintStop(stop); err != nil {
		return nil, errStopped
	}
	var n int64
	switch f {
	case FormatLP:
		n = lpSize(prog, stop)
	case FormatMPS, FormatFixedMPS:
		n = mpsSize(prog, f == FormatFixedMPS, stop)
	case FormatPyomo:
		n = pyomoSize(prog, stop)
	case FormatOPB:
		n = opbSize(prog, stop)
	default:
		return nil, fmt.Errorf("export: unknown program format %d", int(f))
	}
	if n < 0 {
		return nil, errStopped
	}
	if n > limit {
		return nil, tooLarge(f.String(), "up to", n, limit, "a smaller board or fewer images (fewer pieces or orientations) make it smaller")
	}
	pf.Bytes = n
	return pf, nil
}

// Write writes the program in the format it was sized for.
func (pf *ProgramFile) Write(w io.Writer) error {
	switch pf.format {
	case FormatLP:
		return writeLP(w, pf.prog)
	case FormatMPS, FormatFixedMPS:
		return writeMPS(w, pf.prog, pf.mps)
	case FormatPyomo:
		return writePyomo(w, pf.prog)
	case FormatOPB:
		return writeOPB(w, pf.prog)
	}
	return fmt.Errorf("export: unknown program format %d", int(pf.format))
}

// writeSized sizes prog for f (stopping once w fails), then writes it:
// what WriteLP, WriteMPS, WritePyomo and WriteOPB do.
func writeSized(w io.Writer, prog *model.Program, f ProgramFormat, mps MPSOptions) error {
	pf, err := checkProgram(prog, f, writerStop(w), MaxExportBytes)
	if err != nil {
		return fmt.Errorf("export: %w", stoppedBy(err, nil, w))
	}
	pf.mps = mps
	return pf.Write(w)
}

// pollMask: the sizing functions read their stop function every
// pollMask+1 columns, rows or nonzeros.
const pollMask = 1<<16 - 1

// poller reads a stop function every pollMask+1 steps; steps may be
// added in bulk (the terms of a row).
type poller struct {
	stop    func() bool
	steps   int64
	stopped bool
}

func (p *poller) add(n int) bool {
	if p.stopped {
		return true
	}
	old := p.steps
	p.steps += int64(n)
	if p.stop != nil && (old>>16 != p.steps>>16) {
		p.stopped = p.stop()
	}
	return p.stopped
}

// numLen is the length of appendNum(v).
func numLen(scratch []byte, v float64) int {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return intLen(int64(v)) // appendNum's integers, without formatting
	}
	return len(appendNum(scratch[:0], v))
}

// intLen is the length of strconv.AppendInt(v).
func intLen(v int64) int {
	n := 1
	if v < 0 {
		n++
		if v == math.MinInt64 {
			return 20
		}
		v = -v
	}
	for v >= 10 {
		v /= 10
		n++
	}
	return n
}

// colNameLens returns the length of the name of every column.
func colNameLens(p *model.Program, pl *poller) ([]uint16, int) {
	lens := make([]uint16, p.NumCols())
	var b []byte
	longest := 0
	for j := range lens {
		if j&pollMask == 0 && pl.add(pollMask+1) {
			return nil, 0
		}
		b = p.AppendColName(b[:0], j)
		lens[j] = uint16(min(len(b), math.MaxUint16))
		longest = max(longest, len(b))
	}
	return lens, longest
}

// describeLen is the bytes of describe's lines, each between prefix and
// suffix.
func describeLen(p *model.Program, prefix, suffix string) int64 {
	var n int64
	for _, c := range describe(p) {
		n += int64(len(prefix) + len(c) + len(suffix))
	}
	return n
}

// lpSize is an upper bound of the size of WriteLP's file; -1 when stopped.
func lpSize(p *model.Program, stop func() bool) int64 {
	pl := &poller{stop: stop}
	col, _ := colNameLens(p, pl)
	if pl.stopped {
		return -1
	}
	var scratch [64]byte
	// A term is " + name", " - name" or " + coef name"; a wrap adds one
	// byte ("\n") before a token, once the line holds more than maxLine
	// minus the longest token.
	var size, wrapped, tokens int64
	maxTok := 0
	term := func(coef float64, j int) int64 {
		n := 3 + int(col[j])
		if c := math.Abs(coef); c != 1 {
			n += numLen(scratch[:], c) + 1
		}
		maxTok = max(maxTok, n)
		tokens++
		return int64(n)
	}
	size = describeLen(p, "\\* ", " *\\\n") + int64(len("Minimize\n obj:\nSubject To\nEnd\n"))
	zero := int64(4) // " 0 " and the first column's name (z when there is none)
	if p.NumCols() > 0 {
		zero = int64(3 + col[0])
	}
	var obj int64
	for j := range p.NumCols() {
		if j&pollMask == 0 && pl.add(pollMask+1) {
			return -1
		}
		if c := p.Cost(j); c != 0 {
			obj += term(c, j)
		}
	}
	if obj == 0 {
		obj = zero
	}
	// The fingerprint's zero term " + 0 name" ends the objective; its
	// bound " name = V" and the Bounds header are always written.
	fpTok := int64(5 + len(fingerprint(p)))
	obj += fpTok
	maxTok = max(maxTok, int(fpTok))
	tokens++
	size += int64(len("Bounds\n")) + 1 + int64(len(fingerprint(p))) + int64(len(" = \n")) + int64(numLen(scratch[:], model.FingerprintValue(fingerprint(p))))
	wrapped += obj
	var r model.Row
	var rn []byte
	for i := range p.NumRows() {
		p.Row(i, &r)
		if pl.add(len(r.Terms) + 1) {
			return -1
		}
		rn = p.AppendRowName(rn[:0], i)
		line := int64(1 + len(rn) + 1 + 1) // " name:" and the newline
		for _, t := range r.Terms {
			line += term(t.Coef, t.Index)
		}
		if len(r.Terms) == 0 {
			line += zero
		}
		rhs := int64(1 + len(r.Sense.String()) + 1 + numLen(scratch[:], r.RHS))
		maxTok = max(maxTok, int(rhs))
		tokens++
		wrapped += line + rhs
	}
	if z := p.ZCol(); z >= 0 {
		lo, hi := p.Bounds(z)
		size += int64(1 + numLen(scratch[:], lo) + 4 + int(col[z]) + 4 + numLen(scratch[:], hi) + 1)
	}
	// Binaries and Generals: " name" per column, a header and a newline.
	wrapped += int64(2 * len("Generals\n\n"))
	for j := range p.NumCols() {
		wrapped += int64(1 + col[j])
		maxTok = max(maxTok, 1+int(col[j]))
		tokens++
	}
	wraps := tokens
	if room := maxLine - maxTok; room > 0 {
		wraps = min(tokens, wrapped/int64(room)+1)
	}
	return size + wrapped + wraps
}

// mpsSize is an upper bound of the size of WriteMPS's file (with
// OBJSENSE or without); -1 when stopped.
func mpsSize(p *model.Program, fixed bool, stop func() bool) int64 {
	pl := &poller{stop: stop}
	col, _ := colNameLens(p, pl)
	if pl.stopped {
		return -1
	}
	var scratch [64]byte
	// The names as written: 8 characters in fixed MPS.
	colW := func(j int) int64 {
		if fixed {
			return 8
		}
		return int64(col[j])
	}
	rowLen := make([]uint16, p.NumRows())
	var rn []byte
	var size int64
	size = describeLen(p, "* ", "\n") + 256 // the negation comment, NAME, OBJSENSE, ROWS, COLUMNS, RHS, BOUNDS, ENDATA
	size += int64(len(mpsName(p.Puzzle.Name, fixed)))
	if fixed {
		size += int64(len("* fixed MPS names: short name, then the full name\n"))
	}
	for i := range rowLen {
		if i&pollMask == 0 && pl.add(pollMask+1) {
			return -1
		}
		rn = p.AppendRowName(rn[:0], i)
		rowLen[i] = uint16(min(len(rn), math.MaxUint16))
		w := int64(len(rn))
		if fixed {
			size += int64(2+8+1) + w + 1 // "* R0000001 name"
			w = 8
		}
		size += 4 + w + 1 // " E  name"
	}
	rowW := func(i int) int64 {
		if fixed {
			return 8
		}
		return int64(rowLen[i])
	}
	// An entry of COLUMNS: free "  row  value" after the column's name,
	// which starts each line of two entries; fixed: at most 25 bytes and
	// the value (fields at columns 5, 15, 25, 40, 50).
	entry := func(row int64, v float64) int64 {
		if fixed {
			return 25 + int64(numLen(scratch[:], v))
		}
		return 4 + row + int64(numLen(scratch[:], v))
	}
	size += 2 * 64 // the MARKER lines
	var c model.Column
	negate := p.Maximize()
	for j := range p.NumCols() {
		p.Column(j, &c)
		if pl.add(len(c.Terms) + 1) {
			return -1
		}
		if fixed {
			size += int64(2+8+1) + int64(col[j]) + 1 // "* X0000001 name"
		}
		e := 0
		cost := c.Cost
		if negate {
			cost = -cost
		}
		if cost != 0 || len(c.Terms) == 0 {
			size += entry(int64(len(model.ObjName)), cost)
			e++
		}
		for _, t := range c.Terms {
			size += entry(rowW(t.Index), t.Coef)
			e++
		}
		if !fixed {
			size += int64((e+1)/2) * (1 + colW(j) + 1) // " name" and the newline of each line
		}
		// BOUNDS: UP, and LO for a column that is not binary.
		lo, hi := p.Bounds(j)
		b := int64(1 + 2 + 2 + 3 + 2 + 2) // " UP  BND  name  value"
		if fixed {
			b = 24
		}
		size += b + colW(j) + int64(numLen(scratch[:], hi)) + 1
		if p.Kind(j) != model.Binary {
			size += b + colW(j) + int64(numLen(scratch[:], lo)) + 1
		}
	}
	if p.NumCols() == 0 {
		size += 2 * 64 // the placeholder column and its bound
	}
	// The fingerprint column: its name mapping (fixed), its COLUMNS line
	// and its FX bound, each with the full or short name, at most 64
	// bytes besides.
	fpW := int64(len(fingerprint(p)))
	if fixed {
		size += int64(2+8+1) + fpW + 1
		fpW = 8
	}
	size += 3 * (64 + fpW)
	var r model.Row
	for i := range p.NumRows() {
		if i&pollMask == 0 && pl.add(pollMask+1) {
			return -1
		}
		p.Row(i, &r)
		if r.RHS != 0 {
			b := int64(1 + 3 + 2 + 2)
			if fixed {
				b = 24
			}
			size += b + rowW(i) + int64(numLen(scratch[:], r.RHS)) + 1
		}
	}
	return size
}

// opbSize is an upper bound of the size of WriteOPB's file; -1 when
// stopped.
func opbSize(p *model.Program, stop func() bool) int64 {
	pl := &poller{stop: stop}
	col, _ := colNameLens(p, pl)
	if pl.stopped {
		return -1
	}
	nc := p.NumCols()
	z := p.ZCol()
	zBits, zUpper := 0, 0.0
	if z >= 0 {
		_, zUpper = p.Bounds(z)
		zBits = max(1, bits.Len(uint(zUpper)))
	}
	nvars := max(nc+zBits, 1)
	varLen := int64(intLen(int64(nvars)))
	coefLen := func(v float64) int64 {
		n := int64(intLen(int64(math.Round(v))))
		if v >= 0 {
			n++
		}
		return n
	}
	// A term is "+c xN "; the column z is zBits terms of coefficients up
	// to c·2^(zBits-1).
	term := func(coef float64, j int) int64 {
		if j == z {
			return int64(zBits) * (coefLen(coef*float64(uint(1)<<(zBits-1))) + 2 + varLen + 1)
		}
		return coefLen(coef) + 2 + varLen + 1
	}
	size := int64(2*64) + int64(len(comment(p0(p)))) + int64(len(p.Options.Mode.String())) + 64
	size += int64(len("* \n") + len(fingerprintLine(p))) // the fingerprint comment
	var obj int64
	for j := range nc {
		if j&pollMask == 0 && pl.add(pollMask+1) {
			return -1
		}
		size += 3 + varLen + 3 + int64(col[j]) + 1 // "* xN = name"
		if j == z {
			size += 64 // "* z = sum 2^b ..."
		}
		if c := p.Cost(j); c != 0 {
			obj += term(-c, j)
		}
	}
	if p.Maximize() {
		size += int64(len("min: 0 x1 ;\n")) + obj
	}
	var r model.Row
	for i := range p.NumRows() {
		p.Row(i, &r)
		if pl.add(len(r.Terms) + 1) {
			return -1
		}
		sign := 1.0
		if r.Sense == model.LE {
			sign = -1
		}
		for _, t := range r.Terms {
			size += term(sign*t.Coef, t.Index)
		}
		if len(r.Terms) == 0 {
			size += 5 // "0 x1 "
		}
		size += 3 + coefLen(sign*r.RHS) + 3 // ">= rhs ;\n"
	}
	if z >= 0 {
		size += int64(zBits)*(coefLen(-float64(uint(1)<<(zBits-1)))+2+varLen+1) + 3 + coefLen(-zUpper) + 3
	}
	return size
}

// pyomoSize is an upper bound of the size of WritePyomo's script; -1
// when stopped.
func pyomoSize(p *model.Program, stop func() bool) int64 {
	pl := &poller{stop: stop}
	pz := p.Puzzle
	imgs := pz.Images
	// The data lists put "   " before and "\n" after each line of more
	// than 90 bytes of items: at most 4 bytes per 88 of items (1/16 is
	// more), plus the last line.
	wrap := func(items int64) int64 { return items + items/16 + 4 + 16 }
	quoted := make([]int64, len(pz.Pieces))
	for k := range pz.Pieces {
		quoted[k] = int64(len(strconv.Quote(p.PieceName(k))))
	}
	size := int64(len(pyomoBody)) + describeLen(p, "# ", "\n") + 1024 // the header and the assignments
	size += int64(len(strconv.QuoteToASCII(pz.Name))) + int64(len(comment(p.Bound.Reason)))
	var k64 int64
	for k := range pz.Pieces {
		pc := &pz.Pieces[k]
		k64 += 1 + quoted[k] + 1                                                   // K: ' "F",'
		size += 2 + quoted[k] + 2 + int64(intLen(int64(pc.Size())))                // SIZE
		size += 4 + quoted[k] + 2 + int64(intLen(int64(pc.Count))) + 2             // COUNT
		size += 4 + quoted[k] + 2 + 11 + int64(intLen(int64(len(pc.Orients)))) + 4 // R
	}
	size += wrap(k64)
	dim := pz.Dim
	tuple := func(i, j, l int) int64 {
		n := int64(intLen(int64(i)) + 2 + intLen(int64(j)))
		if dim == 3 {
			n += int64(2 + intLen(int64(l)))
		}
		return n
	}
	// I, J (, L): each coordinate of the box once at most.
	reg := pz.Region
	for ax, lo := range []int{reg.Lo.I, reg.Lo.J, reg.Lo.L}[:dim] {
		n := []int{reg.Size.I, reg.Size.J, reg.Size.L}[ax]
		var items int64
		for v := lo; v < lo+max(n, 1); v++ {
			items += int64(1 + intLen(int64(v)) + 1)
		}
		size += wrap(items)
	}
	// CELLS, and the cell half of each cover entry.
	var cells, cover int64
	for c, cell := range reg.Cells {
		if c&pollMask == 0 && pl.add(pollMask+1) {
			return -1
		}
		t := tuple(cell.I, cell.J, cell.L)
		cells += 1 + 1 + t + 1 + 1
		cover += int64(len(p.Covering(c))) * t
	}
	size += wrap(cells)
	// ok, and the ok half of each cover entry: ' (ok, cell),'.
	okLen := func(n int) int64 {
		pl := imgs.Place[n]
		return quoted[pl.Piece] + 2 + int64(intLen(int64(pl.Orient))) + 2 + tuple(pl.At.I, pl.At.J, pl.At.L)
	}
	var ok int64
	for n := range imgs.Len() {
		if n&pollMask == 0 && pl.add(pollMask+1) {
			return -1
		}
		o := okLen(n)
		ok += 1 + 1 + o + 1 + 1
		cover += int64(len(imgs.Cells(n))) * (2 + o + 2 + 2)
	}
	size += wrap(ok) + wrap(cover)
	// SYM_FORBID and SYM_ORBIT: "(ok), " per term, a line per orbit row.
	first, n := p.SymmetricRows()
	var r model.Row
	for i := first; i < first+n; i++ {
		p.Row(i, &r)
		if pl.add(len(r.Terms) + 1) {
			return -1
		}
		size += 16
		for _, t := range r.Terms {
			size += 1 + okLen(t.Index) + 3
		}
	}
	return size
}
