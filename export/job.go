package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// The kinds of error Prepare, CheckSymmetric and FindStart return, for
// errors.Is. Any other error they return is a context's, or a failure
// while building what the settings allow.
var (
	// ErrInvalid: the settings ask for an export that is not written (a
	// file past its size limit, a DLX dialect or mode the symmetric key
	// does not allow, a bound out of range).
	ErrInvalid = errors.New("export: not written for these settings")
	// ErrNoStart: the native search found no tiling for a MIP start (an
	// exact program without a tiling, or none found within the limit).
	ErrNoStart = errors.New("export: no tiling for the start")
)

// Error is an error of a kind (ErrInvalid, ErrNoStart) with its cause;
// its message is the cause's.
type Error struct {
	Kind error
	Err  error
}

// Error is the cause's message.
func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the kind and the cause.
func (e *Error) Unwrap() []error { return []error{e.Kind, e.Err} }

func invalid(format string, args ...any) error {
	return &Error{Kind: ErrInvalid, Err: fmt.Errorf(format, args...)}
}

// Options are the settings of one export (Prepare).
type Options struct {
	// Format is lp, mps, fixed-mps, dlx, cnf, opb or pyomo, in any case.
	Format string
	// Program selects the program; a DLX file reads only its mode, and
	// a Pyomo script has the area and gcd rows of Strengthen but never
	// the Checkerboard rows.
	Program model.ProgramOptions
	// Dialect is the DLX dialect (ParseDLXDialect).
	Dialect string
	// MinCovered is the least number of cells a max-coverage CNF asks to
	// cover; negative for the coverage bound.
	MinCovered int
}

// programFormats are the formats Prepare writes with CheckProgram.
var programFormats = map[string]ProgramFormat{"lp": FormatLP, "mps": FormatMPS, "fixed-mps": FormatFixedMPS, "pyomo": FormatPyomo, "opb": FormatOPB}

// Prepared is an export sized before its output is opened.
type Prepared struct {
	// Program is the MIP program written (LP, MPS, Pyomo), which a MIP
	// start and HiGHS options go with; nil for DLX, CNF and OPB.
	Program *model.Program
	// Write writes the export.
	Write func(io.Writer) error
}

// Prepare builds and sizes the export of p: settings CheckOptions refuses
// and a file past its size limit are refused (ErrInvalid) before
// anything is built or written.
func Prepare(ctx context.Context, p *puzzle.Puzzle, opt Options) (*Prepared, error) {
	if err := CheckOptions(opt); err != nil {
		return nil, err
	}
	format := strings.ToLower(opt.Format)
	if format == "dlx" {
		write, err := prepareDLX(ctx, p, opt)
		if err != nil {
			return nil, err
		}
		return &Prepared{Write: write}, nil
	}
	if format == "pyomo" {
		opt.Program.Checkerboard = false
	}
	prog, err := model.NewProgram(p, opt.Program)
	if err != nil {
		return nil, &Error{Kind: ErrInvalid, Err: err}
	}
	if (format == "cnf" || format == "opb") && opt.MinCovered > p.Area() {
		return nil, invalid("--min-covered must be in [0, %d] (the cells of the region), not %d", p.Area(), opt.MinCovered)
	}
	if format == "cnf" {
		f, err := CheckCNF(ctx, prog, SATOptions{MinCovered: max(opt.MinCovered, -1)})
		if err != nil {
			return nil, sized(ctx, err)
		}
		return &Prepared{Write: f.Write}, nil
	}
	f, err := CheckProgram(ctx, prog, programFormats[format])
	if err != nil {
		return nil, sized(ctx, err)
	}
	if format == "opb" {
		return &Prepared{Write: f.Write}, nil
	}
	return &Prepared{Program: prog, Write: f.Write}, nil
}

// prepareDLX sizes the DLX file of p (the orbit problem for a puzzle
// with the symmetric key).
func prepareDLX(ctx context.Context, p *puzzle.Puzzle, opt Options) (func(io.Writer) error, error) {
	if p.Symmetric != nil {
		if err := CheckSymmetric(p, opt); err != nil {
			return nil, err
		}
		c, err := model.NewSymmetricCover(p)
		if err != nil {
			return nil, &Error{Kind: ErrInvalid, Err: err}
		}
		return func(w io.Writer) error { return WriteSymmetricDLX(w, c) }, nil
	}
	c, err := model.NewCoverContext(ctx, p)
	if err != nil {
		return nil, err
	}
	d, err := ParseDLXDialect(opt.Dialect)
	if err != nil {
		return nil, invalid("--dialect: %w", err)
	}
	f, err := CheckDLXFile(ctx, c, DLXOptions{Dialect: d, MaxCoverage: opt.Program.Mode == model.MaxCoverage})
	if err != nil {
		return nil, sized(ctx, err)
	}
	return f.Write, nil
}

// sized is the error of an export refused by its sizing: ErrInvalid, or
// the error as it is when ctx ended.
func sized(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return err
	}
	return &Error{Kind: ErrInvalid, Err: err}
}

// CheckSymmetric refuses (ErrInvalid) what an export of p does not write
// for p's symmetric key, and nothing when p has none: a DLX file in
// another dialect than dlx3 (a class orbit of k copies is one item of
// multiplicity k; dlx1's copy items would count each tiling k! times) or
// of maximum coverage, and the symmetry rows of a program. It builds
// nothing, so it applies to a puzzle whose reading answered "no tiling".
func CheckSymmetric(p *puzzle.Puzzle, opt Options) error {
	if p.Symmetric == nil {
		return nil
	}
	if !strings.EqualFold(opt.Format, "dlx") {
		if err := model.CheckSymmetricOptions(p, opt.Program); err != nil {
			return &Error{Kind: ErrInvalid, Err: err}
		}
		return nil
	}
	d, err := ParseDLXDialect(opt.Dialect)
	if err != nil {
		return invalid("--dialect: %w", err)
	}
	if d != DLX3 {
		return invalid("--dialect %s: the symmetric solutions' exact cover (puzzle key symmetric) is written in dlx3 syntax only", opt.Dialect)
	}
	if opt.Program.Mode == model.MaxCoverage {
		return invalid("--format dlx with max-coverage: not written for a puzzle with symmetric (use --format lp, mps, opb, cnf or pyomo, which carry the symmetric rows)")
	}
	return nil
}

// Start is a MIP start for a program's columns (FindStart).
type Start struct {
	Program *model.Program
	// Values are the columns' values (model.Program.Vector).
	Values []float64
	// Objective is the program's objective at Values.
	Objective float64
	// Description says what the tiling is: an exact tiling, or a
	// near-miss with its coverage and how far it is proven.
	Description string
	// AtBound is set when a max-coverage start reaches the program's
	// coverage bound (the root LP with the area row is then the proof).
	AtBound bool
}

// FindStart searches for the tiling of a start within limit: an exact
// tiling (native FILA with the redundancy filter) for an exact program,
// the best near-miss of native.MaxCoverage for a max-coverage one. No
// tiling is ErrNoStart; a search that fails otherwise is ErrInvalid.
func FindStart(ctx context.Context, prog *model.Program, limit time.Duration) (*Start, error) {
	t, what, err := nativeStart(ctx, prog, limit)
	if err != nil {
		return nil, err
	}
	// Each step is one pass over the placements or the columns (0.1-0.7 s
	// at a million cells) that reads no context: ctx is read between them.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if t, err = prog.SymmetricCopy(t); err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v, err := prog.Vector(t)
	if err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// The start ends with the program's fingerprint (cached once the
	// program is sized).
	if _, err := prog.Fingerprint(ctx); err != nil {
		return nil, fmt.Errorf("start: %w", err)
	}
	obj := prog.Objective(v)
	atBound := prog.Options.Mode == model.MaxCoverage && int(obj) >= prog.Bound.Bound
	return &Start{Program: prog, Values: v, Objective: obj, Description: what, AtBound: atBound}, nil
}

// Write writes the start in format, one of StartFormats (WriteStart).
func (s *Start) Write(w io.Writer, format string) error {
	return WriteStart(w, s.Program, s.Values, format)
}

// HiGHSOptions are the HiGHS options that go with the start s (nil for
// none): the interior-point root LP when s reaches the bound of a
// strengthened program.
func (s *Start) HiGHSOptions() HiGHSOptions {
	return HiGHSOptions{RootIPM: s != nil && s.AtBound && s.Program.Options.Strengthen}
}

func nativeStart(ctx context.Context, prog *model.Program, limit time.Duration) (puzzle.Tiling, string, error) {
	p := prog.Puzzle
	ctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	if prog.Options.Mode == model.Exact {
		res, err := native.Solve(ctx, p, native.Config{Algorithm: "fila", Limit: 1, Redundancy: "auto", NOF: true})
		if err != nil {
			return puzzle.Tiling{}, "", invalid("start: %w", err)
		}
		if len(res.First) == 0 {
			if res.Interrupted {
				return puzzle.Tiling{}, "", &Error{Kind: ErrNoStart, Err: fmt.Errorf("start: the native search found no exact tiling within --start-time %v", limit)}
			}
			return puzzle.Tiling{}, "", &Error{Kind: ErrNoStart, Err: errors.New("start: the puzzle has no exact tiling (native search complete); export --max-coverage for a near-miss start")}
		}
		return res.First[0], fmt.Sprintf("exact tiling of %s", textio.Count(len(res.First[0].Placements), "piece")), nil
	}
	res, err := native.MaxCoverage(ctx, p, native.Config{})
	if err != nil && ctx.Err() != nil {
		return puzzle.Tiling{}, "", &Error{Kind: ErrNoStart, Err: fmt.Errorf("start: %w", err)}
	}
	if err != nil {
		return puzzle.Tiling{}, "", invalid("start: %w", err)
	}
	what := fmt.Sprintf("near-miss covering %d of %d cells", res.Covered, p.Area())
	if res.Optimal {
		what += " (optimal: " + res.Proof + ")"
	} else {
		// The search's own bound, which may be below the program's
		// static bound.
		what += fmt.Sprintf(" (best within %v; the native search proved at most %d cells)", limit, res.Bound)
	}
	return res.Tiling, what, nil
}

// CheckOptions refuses (ErrInvalid) what is wrong with opt whatever the
// puzzle: an unknown format, and an unknown dialect for a DLX file.
func CheckOptions(opt Options) error {
	format := strings.ToLower(opt.Format)
	if !IsFormat(format) {
		return invalid("unknown export format %q: use lp, mps, fixed-mps, dlx, cnf, opb or pyomo", opt.Format)
	}
	if format == "dlx" {
		if _, err := ParseDLXDialect(opt.Dialect); err != nil {
			return invalid("--dialect: %w", err)
		}
	}
	return nil
}

// StartFormatFor is the format of a MIP start file for an export in
// format: startFormat, or mst for a file named .mst when startFormat is
// "". An export whose column names a start cannot give (not LP or free
// MPS) and a start format no solver reads are ErrInvalid.
func StartFormatFor(format, file, startFormat string) (string, error) {
	switch strings.ToLower(format) {
	case "lp", "mps":
	case "fixed-mps":
		return "", invalid("--start names columns by their full names; use --format lp or mps (fixed MPS renames them)")
	default:
		return "", invalid("--start applies to the lp and mps formats (the start names the program's columns), not %s", format)
	}
	if startFormat == "" {
		if !strings.EqualFold(filepath.Ext(file), ".mst") {
			return "", invalid("--start-format is needed for %s: mst (Gurobi, SCIP), cplex-mst, highs or cbc (GLPK reads no MIP start)", file)
		}
		startFormat = "mst"
	}
	if startFormat == "glpk" {
		return "", invalid("GLPK reads no MIP start (glpsol's --ini is a simplex basis): use mst, cplex-mst, highs or cbc")
	}
	if !slices.Contains(StartFormats, startFormat) {
		return "", invalid("unknown --start-format %q: use mst, cplex-mst, highs or cbc", startFormat)
	}
	return startFormat, nil
}
