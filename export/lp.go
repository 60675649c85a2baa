package export

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/polytile/polytile/model"
)

// describe returns the comment lines that head every program file.
func describe(p *model.Program) []string {
	pz := p.Puzzle
	name := pz.Name
	if name == "" {
		name = "(unnamed)"
	}
	variant := p.Options.Mode.String()
	if p.Options.Mode == model.MaxCoverage {
		variant += ", formulation " + p.Options.Formulation.String()
		if p.Options.Strengthen {
			variant += ", strengthened"
		}
	}
	obj := "objective 0: a feasibility problem (exact tiling)"
	if p.Maximize() {
		obj = "objective: maximise the number of covered cells"
	}
	cols := fmt.Sprintf("%d x", p.NumX())
	if p.HasY() {
		cols += fmt.Sprintf(", %d y", pz.Area())
	}
	if p.ZCol() >= 0 {
		cols += ", z"
	}
	var out []string
	for _, line := range []string{
		"polytile binary program (MIP article): " + comment(name),
		fmt.Sprintf("mode %s; %s", variant, obj),
		fmt.Sprintf("%d pieces, %d cells, %d images; %d columns (%s), %d rows, %d nonzeros",
			len(pz.Pieces), pz.Area(), p.NumX(), p.NumCols(), cols, p.NumRows(), p.NumNonzeros()),
		comment(p.Bound.Reason),
		fingerprintLine(p),
	} {
		out = append(out, wrapComment(line, commentWidth)...)
	}
	return out
}

// commentWidth is the longest comment line describe writes: CPLEX LP
// lines are at most 255 characters, and a puzzle name or a bound's reason
// can be longer.
const commentWidth = 200

// wrapComment splits s into lines of at most width bytes, at spaces where
// it can and inside a word (at a rune boundary) where it must.
func wrapComment(s string, width int) []string {
	var out []string
	for len(s) > width {
		cut := strings.LastIndexByte(s[:width+1], ' ')
		if cut <= 0 {
			cut = width
			for cut > 0 && !utf8.RuneStart(s[cut]) {
				cut--
			}
		}
		out = append(out, strings.TrimRight(s[:cut], " "))
		s = strings.TrimLeft(s[cut:], " ")
	}
	return append(out, s)
}

// WriteLP writes p in CPLEX LP format:
//
//	\* comments *\
//	Maximize (or Minimize for the exact feasibility program)
//	 obj: + y_0_0 + y_0_1 ...
//	Subject To
//	 overlap_c_0_0: + x_F_0_0_0 + ... - y_0_0 = 0
//	 count_F: + x_F_0_0_0 + ... <= 1
//	Bounds
//	 0 <= z <= 12
//	 polytile_fp_0123... = 74565
//	Binaries
//	 x_F_0_0_0 ... y_0_0 ...
//	Generals
//	 z
//	End
//
// The exact program's objective is written "obj: 0 x_..." (a zero term),
// since GLPK rejects an empty objective; a row without terms (a cell no
// image covers) gets the same zero term. Every file ends its objective
// with the zero term of the fingerprint column (model.Program.Fingerprint:
// a name that encodes a hash of the whole program), fixed in Bounds at
// model.FingerprintValue and in no row, so that a solver's solution names
// the program solved. Lines are wrapped before 250
// characters. Rows and columns are generated while writing: nothing of the
// size of the matrix is built.
//
// The file is refused when it could exceed MaxExportBytes (see
// CheckProgram, whose ProgramFile writes without sizing again), and a
// failed write ends the export (atomicfile's writer fails once the
// command's context is done).
func WriteLP(w io.Writer, p *model.Program) error {
	return writeSized(w, p, FormatLP, MPSOptions{})
}

// writeLP is WriteLP after the sizing.
func writeLP(w io.Writer, p *model.Program) error {
	o := newOut(w)
	for _, c := range describe(p) {
		o.str("\\* " + c + " *\\\n")
	}
	if p.Maximize() {
		o.str("Maximize\n")
	} else {
		o.str("Minimize\n")
	}
	o.line = append(o.line, " "+model.ObjName+":"...)
	nobj := 0
	for j := range p.NumCols() {
		if o.probe(w) != nil {
			return fmt.Errorf("export: write LP: %w", o.err)
		}
		if c := p.Cost(j); c != 0 {
			o.term(p, c, j)
			nobj++
		}
	}
	if nobj == 0 {
		o.zeroTerm(p)
	}
	fp := fingerprint(p)
	o.tok([]byte(" + 0 " + fp))
	o.endLine()
	o.str("Subject To\n")
	err := p.Rows(func(r *model.Row) error {
		o.line = append(o.line, ' ')
		o.line = p.AppendRowName(o.line, r.Index)
		o.line = append(o.line, ':')
		for _, t := range r.Terms {
			o.term(p, t.Coef, t.Index)
		}
		if len(r.Terms) == 0 {
			o.zeroTerm(p)
		}
		o.num = append(o.num[:0], ' ')
		o.num = append(o.num, r.Sense.String()...)
		o.num = append(o.num, ' ')
		o.num = appendNum(o.num, r.RHS)
		o.tok(o.num)
		o.endLine()
		return o.probe(w)
	})
	if err != nil {
		return fmt.Errorf("export: write LP: %w", err)
	}
	o.str("Bounds\n")
	if z := p.ZCol(); z >= 0 {
		lo, hi := p.Bounds(z)
		o.num = append(o.num[:0], ' ')
		o.num = appendNum(o.num, lo)
		o.num = append(o.num, " <= "...)
		o.num = p.AppendColName(o.num, z)
		o.num = append(o.num, " <= "...)
		o.num = appendNum(o.num, hi)
		o.num = append(o.num, '\n')
		o.bytes(o.num)
	}
	// The fingerprint column (see model.Program.Fingerprint): continuous,
	// fixed at model.FingerprintValue, objective coefficient 0 (its term
	// above declares it for GLPK), in no row.
	o.str(" " + fp + " = " + string(appendNum(nil, model.FingerprintValue(fp))) + "\n")
	o.columnList(w, p, "Binaries", model.Binary)
	o.columnList(w, p, "Generals", model.Integer)
	o.str("End\n")
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: write LP: %w", err)
	}
	return nil
}

// term adds " + name", " - name" or " + 4 name" to the line.
func (o *out) term(p *model.Program, coef float64, j int) {
	b := o.num[:0]
	if coef < 0 {
		b = append(b, " - "...)
		coef = -coef
	} else {
		b = append(b, " + "...)
	}
	if coef != 1 {
		b = appendNum(b, coef)
		b = append(b, ' ')
	}
	b = p.AppendColName(b, j)
	o.num = b
	o.tok(b)
}

// zeroTerm adds " 0 x_..." (the first column with coefficient 0).
func (o *out) zeroTerm(p *model.Program) {
	b := append(o.num[:0], " 0 "...)
	b = p.AppendColName(b, 0)
	o.num = b
	o.tok(b)
}

// columnList writes a section header and the names of the columns of one
// kind, wrapped; nothing if there are none. It ends at a failed write
// (probing w, the writer under the buffer).
func (o *out) columnList(w io.Writer, p *model.Program, header string, kind model.VarKind) {
	first := true
	for j := range p.NumCols() {
		if o.probe(w) != nil {
			return
		}
		if p.Kind(j) != kind {
			continue
		}
		if first {
			o.str(header + "\n")
			first = false
		}
		b := append(o.num[:0], ' ')
		b = p.AppendColName(b, j)
		o.num = b
		o.tok(b)
	}
	if !first {
		o.endLine()
	}
}
