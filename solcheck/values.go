package solcheck

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
)

// solutionScan is what check learns from one pass over a solution's
// names (each parsed once by prog.ColumnIndex).
type solutionScan struct {
	// known counts the names that are columns of prog; cols are the
	// placement (x) columns at 1, in the file's order.
	known int
	cols  []int
	// unknown holds the three smallest names that are not columns of
	// prog (the exporters' placeholder of a program without columns
	// aside, see model.Program.IsPlaceholder), nUnknown counts them all.
	unknown  []string
	nUnknown int
	// badErr is the value error (model.Program.CheckValue) on the
	// file's first line (the smallest name among names without a line),
	// badLine and badHasLine its line; read only for a feasible solution.
	badErr     error
	badName    string
	badLine    int
	badHasLine bool
	// fingerprints are the fingerprint columns the file names (see
	// model.Program.Fingerprint), in the file's order; checkFingerprint
	// judges them.
	fingerprints []string
}

// scanSolution reads every name of sol once: is it a column of prog, is
// its value one its column can take (a placement x = 2 or 0.5, a y
// outside 0/1, a z that is not an integer within its bounds), is it a
// placement at 1. The readers have already refused NaN, infinities,
// unreadable numbers and names listed twice. The values of an infeasible
// solution are not a solution: they are not checked nor decoded.
//
// It reads ctx every 65,536 names (a 250 MB file holds millions).
func scanSolution(ctx context.Context, prog *model.Program, sol *export.Solution) (*solutionScan, error) {
	s := &solutionScan{}
	n := 0
	for name, v := range sol.Values {
		if n++; n&(1<<16-1) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		j, ok := prog.ColumnIndex(name)
		if !ok && model.LooksLikeFingerprint(name) {
			s.fingerprints = append(s.fingerprints, name)
			continue
		}
		if !ok {
			if prog.IsPlaceholder(name) {
				continue
			}
			s.nUnknown++
			if i, _ := slices.BinarySearch(s.unknown, name); i < 3 {
				s.unknown = slices.Insert(s.unknown, i, name)[:min(3, len(s.unknown)+1)]
			}
			continue
		}
		s.known++
		if !sol.Feasible {
			continue
		}
		if j < prog.NumX() && v > 0.5 {
			s.cols = append(s.cols, j)
		}
		err := prog.CheckValue(j, v)
		if err == nil {
			continue
		}
		// The offending name on the first line is reported: one pass,
		// no sort (a map lookup per comparison is slow for millions of
		// names).
		ln, hasLine := sol.Lines[name] // 0 without a line: first
		if s.badErr == nil || ln < s.badLine || ln == s.badLine && name < s.badName {
			s.badName, s.badErr, s.badLine, s.badHasLine = name, err, ln, hasLine
		}
	}
	return s, nil
}

// valueErr is the refusal (ErrBadValue, naming the file and line) of a
// feasible solution in which a column has a value its domain does not
// allow; nil when none has.
func (s *solutionScan) valueErr(path string) error {
	switch {
	case s.badErr == nil:
		return nil
	case s.badHasLine:
		return fileErr(path, s.badLine, ErrBadValue, s.badErr, fmt.Sprintf("%s:%d: %v", path, s.badLine, trimModel(s.badErr)))
	}
	return fileErr(path, 0, ErrBadValue, s.badErr, fmt.Sprintf("%s: %v", path, trimModel(s.badErr)))
}

// unknownErr refuses names that are not columns of this program: a y of a
// seed export read as packing, or an x of another puzzle, means another
// program. The three smallest unknown names are named (not all, sorted).
func (s *solutionScan) unknownErr() error {
	if s.nUnknown == 0 {
		return nil
	}
	more := ""
	if s.nUnknown > 3 {
		more = ", ..."
	}
	which := namesNotOf(s.nUnknown, s.known+s.nUnknown, "a column", "not a column", "not columns")
	names := make([]string, len(s.unknown))
	for i, n := range s.unknown {
		names[i] = clipName(n) // a name of any length (a line of megabytes)
	}
	return otherProgram("%s of this program (%s%s): check --mode, --formulation, --strengthen, --symmetry and the puzzle against the export (a fixed-MPS solution needs --names FILE.mps)",
		which, strings.Join(names, ", "), more)
}

// trimModel drops the package prefix of a model error for a message.
func trimModel(err error) string { return strings.TrimPrefix(err.Error(), "model: ") }
