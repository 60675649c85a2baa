package export

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/polytile/polytile/model"
)

// MPSOptions selects the flavour of WriteMPS.
type MPSOptions struct {
	// Fixed writes fixed-format MPS: every name at most 8 characters in
	// its fixed field. Columns are renamed X0000001, X0000002, ... and
	// rows R0000001, ... (1-based, in program order), and the mapping is
	// written as comment lines "* X0000001 x_F_0_0_0" before NAME, so that
	// ReadMPSNames can translate a solution back. Free format (the
	// default) keeps the full names.
	Fixed bool
	// ObjSense writes an OBJSENSE MAX section and the objective as it is.
	// Without it (the default) a maximisation is written as the
	// minimisation of the negated objective, with a comment saying so:
	// CBC 2.10 and GLPK 5 ignore or reject OBJSENSE, so the default is the
	// portable choice. The optimum of a negated file is -coverage.
	ObjSense bool
}

// ShortColName is the fixed-MPS name of column j: "X" and 7 digits of j+1.
func ShortColName(j int) string { return fmt.Sprintf("X%07d", j+1) }

// ShortRowName is the fixed-MPS name of row i: "R" and 7 digits of i+1.
func ShortRowName(i int) string { return fmt.Sprintf("R%07d", i+1) }

// maxShort is the largest index with a 7-digit short name.
const maxShort = 9_999_998

// mpsWriter writes one MPS line at a time, in fixed fields or free form.
type mpsWriter struct {
	*out
	p     *model.Program
	fixed bool
	buf   []byte
}

// colName / rowName append the MPS name of a column / row.
func (m *mpsWriter) colName(dst []byte, j int) []byte {
	if m.fixed {
		return appendShort(dst, 'X', j+1)
	}
	return m.p.AppendColName(dst, j)
}

// fpName appends the MPS name of the fingerprint column: in fixed MPS
// the short name after the columns' (after the placeholder's in a
// program without columns), mapped to the full name like the others.
func (m *mpsWriter) fpName(dst []byte) []byte {
	if m.fixed {
		return appendShort(dst, 'X', max(m.p.NumCols(), 1)+1)
	}
	return append(dst, fingerprint(m.p)...)
}

func (m *mpsWriter) rowName(dst []byte, i int) []byte {
	if m.fixed {
		return appendShort(dst, 'R', i+1)
	}
	return m.p.AppendRowName(dst, i)
}

func appendShort(dst []byte, c byte, n int) []byte {
	dst = append(dst, c)
	s := strconv.Itoa(n)
	for range 7 - len(s) {
		dst = append(dst, '0')
	}
	return append(dst, s...)
}

// pad appends spaces until dst reaches column col (0-based length).
func pad(dst []byte, col int) []byte {
	for len(dst) < col {
		dst = append(dst, ' ')
	}
	return dst
}

// field starts an MPS data field: in fixed format at its 1-based column
// (fields start at columns 2, 5, 15, 25, 40, 50), in free format after one
// or two spaces.
func (m *mpsWriter) field(dst []byte, col int) []byte {
	if m.fixed {
		return pad(dst, col-1)
	}
	if len(dst) == 0 {
		return append(dst, ' ')
	}
	return append(dst, "  "...)
}

// WriteMPS writes p in MPS format (see MPSOptions). It writes column by
// column, as MPS requires, generating every column on the fly. All
// columns of the program are integer, so they lie between one MARKER
// INTORG / INTEND pair; binaries get "UP BND name 1", z its LO and UP
// bounds. The fingerprint column (model.Program.Fingerprint) follows
// INTEND, continuous, with "FX BND name V" (V = model.FingerprintValue).
//
// The file is refused when it could exceed MaxExportBytes (see
// CheckProgram), and a failed write ends the export (atomicfile's
// writer fails once the command's context is done).
func WriteMPS(w io.Writer, p *model.Program, opt MPSOptions) error {
	f := FormatMPS
	if opt.Fixed {
		f = FormatFixedMPS
	}
	return writeSized(w, p, f, opt)
}

// writeMPS is WriteMPS after the sizing (which refuses a fixed MPS file
// whose names do not fit).
func writeMPS(w io.Writer, p *model.Program, opt MPSOptions) error {
	m := &mpsWriter{out: newOut(w), p: p, fixed: opt.Fixed}
	// stopped ends a loop at a failed write (probing w every 4,096 lines).
	stopped := func() bool { return m.probe(w) != nil }
	for _, c := range describe(p) {
		m.str("* " + c + "\n")
	}
	negate := p.Maximize() && !opt.ObjSense
	if negate {
		m.str("* the objective is negated (MPS minimises): the optimum is -(covered cells)\n")
	}
	if opt.Fixed {
		m.str("* fixed MPS names: short name, then the full name\n")
		// A program without columns maps the short name of its
		// placeholder column (see below) like any column, so that a
		// solution read with --names names it as the LP file does.
		for j := range max(p.NumCols(), 1) {
			if stopped() {
				break
			}
			b := append(m.buf[:0], "* "...)
			b = m.colName(b, j)
			b = append(b, ' ')
			b = p.AppendColName(b, j)
			m.buf = append(b, '\n')
			m.bytes(m.buf)
		}
		b := append(m.buf[:0], "* "...)
		b = m.fpName(b)
		b = append(b, ' ')
		b = append(b, fingerprint(p)...)
		m.buf = append(b, '\n')
		m.bytes(m.buf)
		for i := range p.NumRows() {
			if stopped() {
				break
			}
			b := append(m.buf[:0], "* "...)
			b = m.rowName(b, i)
			b = append(b, ' ')
			b = p.AppendRowName(b, i)
			m.buf = append(b, '\n')
			m.bytes(m.buf)
		}
	}
	m.str(fmt.Sprintf("NAME          %s\n", mpsName(p.Puzzle.Name, opt.Fixed)))
	if p.Maximize() && opt.ObjSense {
		m.str("OBJSENSE\n    MAX\n")
	}
	m.str("ROWS\n N  " + model.ObjName + "\n")
	var row model.Row
	for i := range p.NumRows() {
		if stopped() {
			break
		}
		p.Row(i, &row)
		b := append(m.buf[:0], ' ')
		switch row.Sense {
		case model.EQ:
			b = append(b, 'E')
		case model.LE:
			b = append(b, 'L')
		default:
			b = append(b, 'G')
		}
		b = append(b, "  "...)
		b = m.rowName(b, i)
		m.buf = append(b, '\n')
		m.bytes(m.buf)
	}
	m.str("COLUMNS\n")
	m.marker("INTORG")
	err := p.Columns(func(c *model.Column) error {
		cost := c.Cost
		if negate {
			cost = -cost
		}
		var pend []byte // a pending first (row, value) pair of the line
		b := m.buf[:0]
		emit := func(name []byte, v float64) {
			if pend == nil {
				b = b[:0]
				b = m.field(b, 5)
				b = m.colName(b, c.Index)
				b = m.field(b, 15)
				b = append(b, name...)
				b = m.field(b, 25)
				b = appendNum(b, v)
				pend = b
				return
			}
			b = m.field(b, 40)
			b = append(b, name...)
			b = m.field(b, 50)
			b = appendNum(b, v)
			b = append(b, '\n')
			m.bytes(b)
			pend = nil
		}
		var nm []byte
		if cost != 0 {
			emit([]byte(model.ObjName), cost)
		}
		for _, t := range c.Terms {
			nm = m.rowName(nm[:0], t.Index)
			emit(nm, t.Coef)
		}
		if pend != nil {
			m.bytes(append(pend, '\n'))
			pend = nil
		}
		if len(c.Terms) == 0 && cost == 0 {
			// A column must appear in COLUMNS to exist.
			emit([]byte(model.ObjName), 0)
			m.bytes(append(pend, '\n'))
		}
		m.buf = b
		return m.probe(w)
	})
	if err != nil {
		return fmt.Errorf("export: write MPS: %w", err)
	}
	if p.NumCols() == 0 {
		// A program without columns (its pieces all fit nowhere) gets one
		// placeholder column fixed at 0, as the LP file's "0 z": HiGHS
		// reads a model without columns as "Empty", without a solution.
		b := m.field(m.buf[:0], 5)
		b = m.colName(b, 0)
		b = m.field(b, 15)
		b = append(b, model.ObjName...)
		b = m.field(b, 25)
		m.buf = append(appendNum(b, 0), '\n')
		m.bytes(m.buf)
	}
	m.marker("INTEND")
	// The fingerprint column (see model.Program.Fingerprint): continuous,
	// objective coefficient 0, in no row, fixed in BOUNDS at
	// model.FingerprintValue.
	b := m.field(m.buf[:0], 5)
	b = m.fpName(b)
	b = m.field(b, 15)
	b = append(b, model.ObjName...)
	b = m.field(b, 25)
	m.buf = append(appendNum(b, 0), '\n')
	m.bytes(m.buf)
	m.str("RHS\n")
	for i := range p.NumRows() {
		if stopped() {
			break
		}
		p.Row(i, &row)
		if row.RHS == 0 {
			continue
		}
		b := m.field(m.buf[:0], 5)
		b = append(b, "RHS"...)
		b = m.field(b, 15)
		b = m.rowName(b, i)
		b = m.field(b, 25)
		b = appendNum(b, row.RHS)
		m.buf = append(b, '\n')
		m.bytes(m.buf)
	}
	m.str("BOUNDS\n")
	if p.NumCols() == 0 {
		m.bound("UP", 0, 0)
	}
	for j := range p.NumCols() {
		if stopped() {
			break
		}
		lo, hi := p.Bounds(j)
		if p.Kind(j) != model.Binary {
			m.bound("LO", j, lo)
		}
		m.bound("UP", j, hi)
	}
	b = m.field(m.buf[:0], 2)
	b = append(b, "FX"...)
	b = m.field(b, 5)
	b = append(b, "BND"...)
	b = m.field(b, 15)
	b = m.fpName(b)
	b = m.field(b, 25)
	m.buf = append(appendNum(b, model.FingerprintValue(fingerprint(p))), '\n')
	m.bytes(m.buf)
	m.str("ENDATA\n")
	if err := m.finish(); err != nil {
		return fmt.Errorf("export: write MPS: %w", err)
	}
	return nil
}

func (m *mpsWriter) marker(kind string) {
	b := m.field(m.buf[:0], 5)
	b = append(b, "MARKER"...)
	b = m.field(b, 15)
	b = append(b, "'MARKER'"...)
	b = m.field(b, 40)
	b = append(b, '\'')
	b = append(b, kind...)
	m.buf = append(b, "'\n"...)
	m.bytes(m.buf)
}

func (m *mpsWriter) bound(kind string, j int, v float64) {
	b := m.field(m.buf[:0], 2)
	b = append(b, kind...)
	b = m.field(b, 5)
	b = append(b, "BND"...)
	b = m.field(b, 15)
	b = m.colName(b, j)
	b = m.field(b, 25)
	b = appendNum(b, v)
	m.buf = append(b, '\n')
	m.bytes(m.buf)
}

// mpsName makes the NAME field: the puzzle name without spaces, at most 8
// characters in fixed format.
func mpsName(name string, fixed bool) string {
	n := []byte(name)
	for i, c := range n {
		if c <= ' ' || c >= 0x7f {
			n[i] = '_'
		}
	}
	if len(n) == 0 {
		n = []byte("polytile")
	}
	if fixed && len(n) > 8 {
		n = n[:8]
	}
	return string(n)
}

// ReadMPSNames reads the name mapping that WriteMPS writes into a fixed
// MPS file (comment lines "* X0000001 x_F_0_0_0" before NAME) and returns
// short name -> full name. Pass it to Solution.Rename to decode a
// solution of the fixed file.
func ReadMPSNames(r io.Reader) (map[string]string, error) {
	sc := lines(r)
	names := map[string]string{}
	lim := limitOf(r)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "NAME") {
			break
		}
		f := strings.Fields(line)
		if len(f) == 3 && f[0] == "*" && len(f[1]) == 8 && (f[1][0] == 'X' || f[1][0] == 'R') && isDigits(f[1][1:]) {
			if _, ok := names[f[1]]; !ok && lim > 0 && len(names) >= lim {
				return nil, pastLimit("", sc.line, lim)
			}
			names[f[1]] = f[2]
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("export: read MPS names: %w", err)
	}
	return names, nil
}

func isDigits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
