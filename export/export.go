// Package export writes a puzzle's binary program and exact-cover matrix in
// the file formats of other solvers, and reads their solution files back.
//
// Writers (all stream to an io.Writer through a buffer and return the first
// write error):
//
//   - WriteLP: CPLEX LP, read by HiGHS, CBC, GLPK (glpsol --lp), CPLEX,
//     Gurobi, SCIP. Names follow the MIP article (x_F_3_2_5, y_2_5,
//     overlap_c_2_5, count_F); lines stay below 255 characters.
//   - WriteMPS: free MPS (full names) or fixed MPS (8-character names
//     X0000001 / R0000001, with the mapping to the full names in comment
//     lines; see ReadMPSNames). Integer columns sit between MARKER
//     INTORG / INTEND lines, binaries get BOUNDS UP 1.
//   - WriteDLX: Knuth's exact-cover format (dlx1 and its successors).
//   - WritePyomo: a runnable Python script that rebuilds the same program
//     with Pyomo from embedded data (K, R, I, J, ok, cover) and solves it.
//
// Readers return a Solution (column name -> value, status, objective):
// ReadHiGHSSolution (highs --solution_file), ReadCBCSolution (cbc ... solu
// FILE), ReadGLPKSolution (glpsol -o FILE) and ReadGLPKRaw (glpsol -w FILE,
// with column names from LPColumnOrder or ReadGLPKNames). A model.Program
// turns the values into a tiling with DecodeNames.
//
// Prepare is what 'polytile export' writes: it builds and sizes the export
// of a puzzle in a format named by a string (Options, Settings) before
// its output is opened, refusing settings that are not written
// (ErrInvalid); FindStart searches the MIP start that goes with a program.
//
// The package does not depend on HiGHS.
package export

import (
	"bufio"
	"io"
	"math"
	"strconv"
	"strings"
)

// bufSize is the size of the output buffer of every writer.
const bufSize = 1 << 20

// maxLine is the length after which LP lines are wrapped: the CPLEX LP
// format allows 255 characters (some readers, 560), so lines stay below.
const maxLine = 250

// out is a buffered writer with a sticky error and an LP-style line that
// wraps before maxLine.
type out struct {
	w    *bufio.Writer
	err  error
	line []byte // current LP line, not yet written
	num  []byte // scratch
	// probes counts the calls of probe.
	probes int
}

func newOut(w io.Writer) *out {
	return &out{w: bufio.NewWriterSize(w, bufSize), line: make([]byte, 0, 512), num: make([]byte, 0, 64)}
}

func (o *out) str(s string) {
	if o.err == nil {
		_, o.err = o.w.WriteString(s)
	}
}

func (o *out) bytes(b []byte) {
	if o.err == nil {
		_, o.err = o.w.Write(b)
	}
}

// tok adds a token (which starts with its separating space) to the
// current line, first breaking the line if it would grow past maxLine.
// Continuation lines start with a space.
func (o *out) tok(t []byte) {
	if len(o.line)+len(t) > maxLine && len(o.line) > 1 {
		o.line = append(o.line, '\n')
		o.bytes(o.line)
		o.line = o.line[:0]
		if len(t) == 0 || t[0] != ' ' {
			o.line = append(o.line, ' ')
		}
	}
	o.line = append(o.line, t...)
}

// endLine writes the current line and a newline.
func (o *out) endLine() {
	o.line = append(o.line, '\n')
	o.bytes(o.line)
	o.line = o.line[:0]
}

// probe returns the first error, after writing nothing to w (the
// writer under the buffer) every 4,096 calls: atomicfile's writer fails
// that once the export is cancelled, even while the buffer holds the
// lines written since the last flush.
func (o *out) probe(w io.Writer) error {
	o.probes++
	if o.err == nil && o.probes&(1<<12-1) == 0 {
		_, o.err = w.Write(nil)
	}
	return o.err
}

// finish flushes the buffer and returns the first error.
func (o *out) finish() error {
	if o.err == nil {
		o.err = o.w.Flush()
	}
	return o.err
}

// appendNum formats a coefficient or bound: integers without a decimal
// point, other values in the shortest form that reads back exactly.
func appendNum(dst []byte, v float64) []byte {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.AppendInt(dst, int64(v), 10)
	}
	return strconv.AppendFloat(dst, v, 'g', -1, 64)
}

// comment makes s safe inside a one-line comment: no newlines and no
// comment terminators.
func comment(s string) string {
	s = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r < ' ' {
			return ' '
		}
		return r
	}, s)
	return strings.ReplaceAll(s, "*\\", "* \\")
}
