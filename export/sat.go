package export

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"

	"github.com/polytile/polytile/model"
)

// SATOptions are the options of WriteCNF.
type SATOptions struct {
	// MinCovered is the number of cells a max-coverage CNF asks to cover
	// ("at least MinCovered"); -1 means the coverage bound of the program
	// (model.CoverageBound), so that the formula is satisfiable exactly
	// when the bound is attained.
	MinCovered int
}

// pairwiseMax is the largest set for which at-most-one is written with
// pairwise clauses; larger sets use a sequential counter.
const pairwiseMax = 6

// cnf generates clauses. DIMACS needs their number first, so WriteCNF
// runs the generation twice: once counting (emit nil), once writing each
// clause as it comes; holding them took gigabytes (a 300x300 fill with
// unlimited tetrominoes, within the image limit, ran out of memory).
type cnf struct {
	vars int
	n    int              // number of clauses
	emit func(lits []int) // nil: count only
	// bytes, in the counting pass, is the size of the clause lines.
	bytes int64
	// stop, in the counting pass, is read every 2^16 clauses (the
	// context, or a write of nothing to the caller's writer, which fails
	// once the export is cancelled); the pass then stops on errStopped.
	stop func() bool
	err  error
}

func (f *cnf) newVar() int { f.vars++; return f.vars }

func (f *cnf) add(lits ...int) {
	if f.emit != nil {
		f.emit(lits)
	} else {
		b := int64(2) // "0\n"
		for _, l := range lits {
			b += int64(intLen(int64(l)) + 1)
		}
		f.bytes += b
	}
	f.n++
	if f.stop != nil && f.n&(1<<16-1) == 0 && f.err == nil && f.stop() {
		f.err = errStopped
	}
}

// counter adds a sequential counter over lits (Sinz's, with both
// directions): s[i][j-1] is true exactly when at least j of lits[0..i]
// are, for j = 1..upto. It returns the literals "at least j of all" for
// j = 1..upto.
func (f *cnf) counter(lits []int, upto int) []int {
	n := len(lits)
	prev := make([]int, upto) // s_{i-1, j}, 0 = false
	for i := range n {
		if f.err != nil {
			return prev // cancelled: the formula is discarded
		}
		cur := make([]int, upto)
		for j := 1; j <= upto; j++ {
			if j > i+1 {
				break // at most i+1 of i+1 literals
			}
			s := f.newVar()
			cur[j-1] = s
			x := lits[i]
			// x_i and s_{i-1,j-1} => s; s_{i-1,j} => s
			if j == 1 {
				f.add(-x, s)
			} else {
				f.add(-x, -prev[j-2], s)
			}
			if prev[j-1] != 0 {
				f.add(-prev[j-1], s)
			}
			// s => s_{i-1,j} or x_i; s => s_{i-1,j-1}
			if prev[j-1] != 0 {
				f.add(-s, prev[j-1], x)
			} else {
				f.add(-s, x)
			}
			if j > 1 {
				f.add(-s, prev[j-2])
			}
		}
		prev = cur
	}
	return prev
}

// atMost adds Σ lits <= k.
func (f *cnf) atMost(lits []int, k int) {
	switch {
	case k >= len(lits):
		return
	case k == 0:
		for _, x := range lits {
			f.add(-x)
		}
	case k == 1 && len(lits) <= pairwiseMax:
		for a := range lits {
			for b := a + 1; b < len(lits); b++ {
				f.add(-lits[a], -lits[b])
			}
		}
	default:
		s := f.counter(lits, k+1)
		f.add(-s[k])
	}
}

// atLeast adds Σ lits >= k.
func (f *cnf) atLeast(lits []int, k int) {
	switch {
	case k <= 0:
		return
	case k > len(lits):
		f.add() // the empty clause: unsatisfiable
	case k == 1:
		f.add(lits...)
	default:
		s := f.counter(lits, k)
		f.add(s[k-1])
	}
}

// MaxCNFVariables bounds the variables of a CNF export (images, holes and
// the sequential counters' auxiliaries), estimated before anything is
// written: a counter over n literals up to k takes about n*k variables
// and 4*n*k clauses, so a large count over many images would otherwise
// write tens of gigabytes.
const MaxCNFVariables = 50_000_000

// counterVars is the number of variables counter(lits of length n, upto)
// creates: min(upto, i+1) for each literal i.
func counterVars(n, upto int) int64 {
	if upto >= n {
		return int64(n) * int64(n+1) / 2
	}
	return int64(n)*int64(upto) - int64(upto)*int64(upto-1)/2
}

// cardinalityVars is what atMost(n literals, k) or atLeast adds.
func cardinalityVars(n, k int, atMost bool) int64 {
	switch {
	case atMost && (k >= n || k == 0 || k == 1 && n <= pairwiseMax):
		return 0
	case atMost:
		return counterVars(n, k+1)
	case k <= 1 || k > n:
		return 0
	}
	return counterVars(n, k)
}

// cnfVariables estimates the variables WriteCNF would create (an upper
// bound: shared counters are counted for each of their uses).
func cnfVariables(prog *model.Program, maxCov bool, minCovered int) int64 {
	p := prog.Puzzle
	cells := p.Area()
	v := int64(prog.NumX())
	for c := range cells {
		n := len(prog.Covering(c))
		v += cardinalityVars(n, 1, true)
		if maxCov {
			v++
		}
	}
	ps := p.Images.PieceStart
	for k := range p.Pieces {
		if prog.CountRow(k) < 0 {
			continue
		}
		n, cnt := int(ps[k+1]-ps[k]), p.Pieces[k].Count
		v += cardinalityVars(n, cnt, true)
		if !maxCov {
			v += cardinalityVars(n, cnt, false)
		}
		if v > MaxCNFVariables {
			return v
		}
	}
	if maxCov {
		v += cardinalityVars(cells, cells-minCovered, true)
	}
	return v
}

// WriteCNF writes the program's puzzle as a DIMACS CNF formula. Variable
// n+1 is image n (the column x of the program; a comment line "c x N
// name" names every one). Exact mode: every cell covered exactly once and
// every finite piece used exactly its count. MaxCoverage: every cell
// covered at most once, every finite piece used at most its count, and
// at least MinCovered cells covered, written as "at most area -
// MinCovered holes" with a hole variable per cell (hole or covered) and
// a sequential counter. The formula is satisfiable exactly when such a
// tiling exists: CNF has no objective, so the optimum is found by asking
// for the bound (the default) and lowering MinCovered on UNSAT.
//
// The symmetry row of the program is written too (sym_pin: unit clauses
// on the images that do not represent their orbit; sym_hole: hole
// variables that imply an uncovered cell, one of them in the fundamental
// domain). The area, gcd and checkerboard rows of Strengthen and
// Checkerboard are not (the cardinality constraint replaces them), nor
// is the formulation: the caller refuses them.
func WriteCNF(w io.Writer, prog *model.Program, opt SATOptions) error {
	f, err := checkCNF(prog, opt, writerStop(w), MaxExportBytes)
	if err != nil {
		return fmt.Errorf("export: %w", stoppedBy(err, nil, w))
	}
	return f.Write(w)
}

// CNFFile is a CNF export checked by CheckCNF: its clauses were counted
// and sized, and Write writes them.
type CNFFile struct {
	prog       *model.Program
	maxCov     bool
	minCovered int
	vars, n    int // variables and clauses
	// Bytes is the size of the file.
	Bytes int64
}

// CheckCNF checks the CNF export of prog before its output is opened: a
// MinCovered beyond the region, a formula of more than MaxCNFVariables,
// and a file of more than MaxExportBytes (its clauses are generated and
// counted, not kept: what WriteCNF's first pass does) are refused. ctx
// is read every 65,536 clauses.
func CheckCNF(ctx context.Context, prog *model.Program, opt SATOptions) (*CNFFile, error) {
	f, err := checkCNF(prog, opt, ctxStop(ctx), MaxExportBytes)
	return f, stoppedBy(err, ctx, nil)
}

// checkCNF is CheckCNF with a stop function (errStopped when it says
// stop) and the limit (MaxExportBytes but in tests).
func checkCNF(prog *model.Program, opt SATOptions, stop func() bool, limit int64) (*CNFFile, error) {
	cells := prog.Puzzle.Area()
	maxCov := prog.Options.Mode == model.MaxCoverage
	minCovered := opt.MinCovered
	if minCovered < 0 {
		minCovered = prog.Bound.Bound
	}
	if minCovered > cells {
		return nil, fmt.Errorf("CNF: %d cells asked, the region has %d", minCovered, cells)
	}
	if v := cnfVariables(prog, maxCov, minCovered); v > MaxCNFVariables {
		return nil, fmt.Errorf("CNF: the cardinality counters need about %d variables, more than %d (the largest counts: pieces with many copies, or a max-coverage hole count far from the bound); --format opb writes them as one row each", v, int64(MaxCNFVariables))
	}
	c := &cnf{vars: prog.NumX(), stop: stop}
	buildCNF(c, prog, maxCov, minCovered)
	if c.err != nil {
		return nil, c.err
	}
	f := &CNFFile{prog: prog, maxCov: maxCov, minCovered: minCovered, vars: c.vars, n: c.n}
	var head cnfHeadWriter
	if err := f.writeHeader(&head); err != nil {
		return nil, err
	}
	f.Bytes = head.n + c.bytes
	if f.Bytes > limit {
		return nil, tooLarge("CNF", "exactly", f.Bytes, limit, "--format opb writes each count as one row")
	}
	return f, nil
}

// cnfHeadWriter counts the bytes written to it.
type cnfHeadWriter struct{ n int64 }

func (c *cnfHeadWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// writeHeader writes the comment lines and the "p cnf" line.
func (f *CNFFile) writeHeader(w io.Writer) error {
	prog, nx := f.prog, f.prog.NumX()
	o := newOut(w)
	o.str("c polytile " + prog.Options.Mode.String() + " CNF: " + comment(prog.Puzzle.Name) + "\n")
	if f.maxCov {
		o.str(fmt.Sprintf("c at least %d of %d cells covered (coverage bound %d)\n", f.minCovered, prog.Puzzle.Area(), prog.Bound.Bound))
	}
	o.str(fmt.Sprintf("c variables 1..%d are the images x; the others are auxiliary\n", nx))
	var name []byte
	for j := range nx {
		if o.probe(w) != nil {
			break // a failed (or cancelled) write ends the export
		}
		name = append(name[:0], "c x "...)
		name = strconv.AppendInt(name, int64(j+1), 10)
		name = append(name, ' ')
		name = prog.AppendColName(name, j)
		o.bytes(append(name, '\n'))
	}
	o.str(fmt.Sprintf("p cnf %d %d\n", f.vars, f.n))
	return o.finish()
}

// Write writes the formula checked by CheckCNF, generating its clauses
// again.
func (f *CNFFile) Write(w io.Writer) error {
	if err := f.writeHeader(w); err != nil {
		return fmt.Errorf("export: write CNF: %w", err)
	}
	o := newOut(w)
	var buf []byte
	g := &cnf{vars: f.prog.NumX()}
	g.emit = func(cl []int) {
		buf = buf[:0]
		for _, l := range cl {
			buf = strconv.AppendInt(buf, int64(l), 10)
			buf = append(buf, ' ')
		}
		o.bytes(append(buf, '0', '\n'))
		g.err = o.err // a failed (or cancelled) write stops the pass
	}
	buildCNF(g, f.prog, f.maxCov, f.minCovered)
	if g.err != nil {
		return fmt.Errorf("export: write CNF: %w", g.err)
	}
	if g.n != f.n || g.vars != f.vars {
		return fmt.Errorf("export: CNF: the second pass made %d clauses and %d variables, the first %d and %d", g.n, g.vars, f.n, f.vars)
	}
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: write CNF: %w", err)
	}
	return nil
}

// buildCNF generates the clauses of the formula into f.
func buildCNF(f *cnf, prog *model.Program, maxCov bool, minCovered int) {
	p := prog.Puzzle
	cells := p.Area()
	lits := func(imgs []int32) []int {
		out := make([]int, len(imgs))
		for n, j := range imgs {
			out[n] = int(j) + 1
		}
		return out
	}
	var hole []int // per cell, in max coverage
	for c := range cells {
		if f.err != nil {
			return
		}
		cov := lits(prog.Covering(c))
		f.atMost(cov, 1)
		if !maxCov {
			f.atLeast(cov, 1)
			continue
		}
		h := f.newVar()
		hole = append(hole, h)
		f.add(append([]int{h}, cov...)...) // uncovered => hole
	}
	ps := p.Images.PieceStart
	for k := range p.Pieces {
		if r := prog.CountRow(k); r < 0 {
			continue
		}
		var l []int
		for n := ps[k]; n < ps[k+1]; n++ {
			l = append(l, n+1)
		}
		f.atMost(l, p.Pieces[k].Count)
		if !maxCov {
			f.atLeast(l, p.Pieces[k].Count)
		}
	}
	if maxCov {
		f.atMost(hole, cells-minCovered)
	}
	var row model.Row
	writeCNFSymmetric(f, prog, &row) // sat_symmetric.go
	if i := prog.PinRow(); i >= 0 {
		prog.Row(i, &row)
		for _, t := range row.Terms {
			f.add(-(t.Index + 1))
		}
	}
	if i := prog.HoleRow(); i >= 0 && maxCov {
		// sym_hole: a hole variable in F implies that its cell is uncovered.
		var inF []int
		for c := range cells {
			if prog.InFundamentalDomain(c) {
				inF = append(inF, hole[c])
				for _, x := range lits(prog.Covering(c)) {
					f.add(-hole[c], -x)
				}
			}
		}
		f.add(inF...)
	}
}

// WriteOPB writes the program as a pseudo-Boolean problem in the OPB
// format of the PB competitions: variable x<j+1> is column j (comment
// lines "* x<j+1> = name" name them), every row becomes a constraint
// with "=" or ">=" (a "<=" row is negated), and a max-coverage
// objective becomes "min: -Σ cost·x". The integer column z of the gcd
// row (seed formulation with Strengthen) is written in binary, z = Σ
// 2^b·x, with its upper bound as a row. Every row of the program is
// written: symmetry, area, gcd and checkerboard rows included.
//
// The file is refused when it could exceed MaxExportBytes (see
// CheckProgram), and a failed write ends the export (atomicfile's
// writer fails once the command's context is done).
func WriteOPB(w io.Writer, prog *model.Program) error {
	return writeSized(w, prog, FormatOPB, MPSOptions{})
}

// writeOPB is WriteOPB after the sizing.
func writeOPB(w io.Writer, prog *model.Program) error {
	nc := prog.NumCols()
	z := prog.ZCol()
	zBits, zUpper := 0, 0.0
	if z >= 0 {
		_, zUpper = prog.Bounds(z)
		zBits = max(1, bits.Len(uint(zUpper)))
	}
	// Columns 0..nc-1 except z map to x1..; z's bits follow.
	varOf := func(j int) int {
		if z >= 0 && j > z {
			return j
		}
		return j + 1
	}
	nvars := nc
	zVar := nc // the first bit of z, when present
	if z >= 0 {
		nvars = nc - 1 + zBits
		zVar = nc
	}
	ncons := prog.NumRows()
	if z >= 0 {
		ncons++
	}
	// An empty row or objective is written "0 x1" (OPB has no empty
	// sum): x1 is declared even in a program without columns (a puzzle
	// whose pieces all fit nowhere), where it is free and unused.
	nvars = max(nvars, 1)
	o := newOut(w)
	o.str(fmt.Sprintf("* #variable= %d #constraint= %d\n", nvars, ncons))
	o.str("* polytile " + prog.Options.Mode.String() + " pseudo-Boolean program: " + comment(p0(prog)) + "\n")
	o.str("* " + fingerprintLine(prog) + "\n")
	var buf []byte
	for j := range nc {
		if o.probe(w) != nil {
			break // a failed (or cancelled) write ends the export
		}
		if j == z {
			o.str(fmt.Sprintf("* z = sum 2^b x%d+b, b = 0..%d\n", zVar, zBits-1))
			continue
		}
		buf = append(buf[:0], "* x"...)
		buf = strconv.AppendInt(buf, int64(varOf(j)), 10)
		buf = append(buf, " = "...)
		buf = prog.AppendColName(buf, j)
		o.bytes(append(buf, '\n'))
	}
	term := func(buf []byte, coef float64, j int) []byte {
		if j == z {
			for b := range zBits {
				buf = appendCoef(buf, coef*float64(uint(1)<<b))
				buf = append(buf, " x"...)
				buf = strconv.AppendInt(buf, int64(zVar+b), 10)
				buf = append(buf, ' ')
			}
			return buf
		}
		buf = appendCoef(buf, coef)
		buf = append(buf, " x"...)
		buf = strconv.AppendInt(buf, int64(varOf(j)), 10)
		return append(buf, ' ')
	}
	if prog.Maximize() {
		buf = append(buf[:0], "min: "...)
		for j := range nc {
			if c := prog.Cost(j); c != 0 {
				buf = term(buf, -c, j)
			}
		}
		if len(buf) == len("min: ") {
			buf = append(buf, "0 x1 "...)
		}
		o.bytes(append(buf, ";\n"...))
	}
	err := prog.Rows(func(r *model.Row) error {
		if o.probe(w) != nil {
			return o.err // a failed (or cancelled) write ends the export
		}
		sign, rel := 1.0, " = "
		switch r.Sense {
		case model.GE:
			rel = " >= "
		case model.LE:
			sign, rel = -1, " >= "
		}
		buf = buf[:0]
		for _, t := range r.Terms {
			buf = term(buf, sign*t.Coef, t.Index)
		}
		if len(r.Terms) == 0 {
			buf = append(buf, "0 x1 "...)
		}
		buf = append(buf, rel[1:]...)
		buf = appendCoef(buf, sign*r.RHS)
		o.bytes(append(buf, " ;\n"...))
		return nil
	})
	if err != nil && err == o.err {
		return fmt.Errorf("export: write OPB: %w", err)
	}
	if err != nil {
		return err
	}
	if z >= 0 {
		buf = buf[:0]
		for b := range zBits {
			buf = appendCoef(buf, -float64(uint(1)<<b))
			buf = append(buf, " x"...)
			buf = strconv.AppendInt(buf, int64(zVar+b), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, ">= "...)
		buf = appendCoef(buf, -zUpper)
		o.bytes(append(buf, " ;\n"...))
	}
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: write OPB: %w", err)
	}
	return nil
}

// appendCoef writes an integer coefficient with its sign, as OPB wants.
func appendCoef(dst []byte, v float64) []byte {
	if v >= 0 {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, int64(math.Round(v)), 10)
}

func p0(prog *model.Program) string { return prog.Puzzle.Name }
