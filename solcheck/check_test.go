package solcheck_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/solcheck"
)

// dominoes is a 2x3 board with three dominoes: three tilings.
func dominoes(t testing.TB, mode model.Mode) *model.Program {
	t.Helper()
	p, err := puzzle.Parse("dominoes.yaml", []byte("name: dominoes\nboard: 3x2\norientations: free\ncount: 3\npieces:\n  D: \"##\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := model.NewProgram(p, model.ProgramOptions{Mode: mode})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// gurobiFile is a Gurobi .sol file of prog at the tiling t (with the
// program's fingerprint column when fp).
func gurobiFile(t testing.TB, prog *model.Program, tiling puzzle.Tiling, fp bool) []byte {
	t.Helper()
	v, err := prog.Vector(tiling)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# Solution for model\n")
	for j, x := range v {
		fmt.Fprintf(&b, "%s %g\n", prog.ColName(j), x)
	}
	if fp {
		name, err := prog.Fingerprint(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %g\n", name, model.FingerprintValue(name))
	}
	return []byte(b.String())
}

// nativeTiling is a tiling of prog's puzzle found by the native search,
// the independent truth of these tests.
func nativeTiling(t testing.TB, prog *model.Program) puzzle.Tiling {
	t.Helper()
	res, err := native.Solve(context.Background(), prog.Puzzle, native.Config{Limit: 1})
	if err != nil || len(res.First) == 0 {
		t.Fatalf("native: %v, %d tilings", err, len(res.First))
	}
	return res.First[0]
}

func TestCheckAcceptsNativeTiling(t *testing.T) {
	prog := dominoes(t, model.Exact)
	for _, fp := range []bool{true, false} {
		rep, err := solcheck.Check(context.Background(), prog, gurobiFile(t, prog, nativeTiling(t, prog), fp), solcheck.Options{File: "d.sol"})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Accepted || !rep.Exact || rep.Coverage != 6 || rep.Pieces != 3 || rep.Solver != "gurobi" || rep.Identified != fp {
			t.Errorf("fingerprint %v: %+v", fp, rep)
		}
	}
}

func TestCheckRefusesOverlap(t *testing.T) {
	prog := dominoes(t, model.Exact)
	var b strings.Builder
	b.WriteString("# Solution\n")
	for j := range prog.NumX() {
		fmt.Fprintf(&b, "%s 1\n", prog.ColName(j)) // every placement: overlaps
	}
	rep, err := solcheck.Check(context.Background(), prog, []byte(b.String()), solcheck.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Accepted || rep.Valid || rep.Optimal {
		t.Errorf("every placement at 1 accepted: %+v", rep)
	}
}

// TestCheckObjectiveSignOfMPSMaximisation: a solver that read an MPS
// export of a maximisation minimises the negated objective and reports
// -(covered cells); the report gives the program's objective (+6), and a
// magnitude other than the coverage is a problem.
func TestCheckObjectiveSignOfMPSMaximisation(t *testing.T) {
	prog := dominoes(t, model.MaxCoverage)
	v, err := prog.Vector(nativeTiling(t, prog))
	if err != nil {
		t.Fatal(err)
	}
	cbc := func(obj string) []byte {
		var b strings.Builder
		fmt.Fprintf(&b, "Optimal - objective value %s\n", obj)
		for j, x := range v {
			if x != 0 {
				fmt.Fprintf(&b, "%7d %s %g 0\n", j, prog.ColName(j), x)
			}
		}
		return []byte(b.String())
	}
	for _, c := range []struct {
		obj      string
		want     float64
		accepted bool
	}{{"-6", 6, true}, {"6", 6, true}, {"-4", 4, false}} {
		rep, err := solcheck.Check(context.Background(), prog, cbc(c.obj), solcheck.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Objective == nil || *rep.Objective != c.want || rep.Accepted != c.accepted || rep.Coverage != 6 {
			t.Errorf("objective %s: %+v", c.obj, rep)
		}
	}
}

// satAnswer is a SAT solver's answer giving the columns of tiling at 1
// (variable j+1 is image column j, as in the CNF export), and aux
// auxiliary variables after them.
func satAnswer(t testing.TB, prog *model.Program, tiling puzzle.Tiling, aux int) []byte {
	t.Helper()
	v, err := prog.Vector(tiling)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("c a SAT solver\ns SATISFIABLE\nv")
	for j := range prog.NumX() + aux {
		if j < prog.NumX() && v[j] > 0.5 {
			fmt.Fprintf(&b, " %d", j+1)
		} else {
			fmt.Fprintf(&b, " -%d", j+1)
		}
	}
	b.WriteString(" 0\n")
	return []byte(b.String())
}

// TestCheckSATAnswers: a SAT answer is read through the CNF export's
// variable numbering, from the program or from the CNF file (--names);
// a CNF or OPB file of another program is refused (ErrOtherProgram) when
// the mode is given, and its settings are found when it is not; and
// an UNSATISFIABLE answer for a puzzle polytile's bound proves
// infeasible is confirmed by that bound.
func TestCheckSATAnswers(t *testing.T) {
	ctx := context.Background()
	prog := dominoes(t, model.Exact)
	ans := satAnswer(t, prog, nativeTiling(t, prog), 40)
	rep, err := solcheck.Check(ctx, prog, ans, solcheck.Options{})
	if err != nil || !rep.Accepted || !rep.Exact || rep.Solver != "sat" {
		t.Fatalf("from the program: %v %+v", err, rep)
	}
	var cnf bytes.Buffer
	if err := export.WriteCNF(&cnf, prog, export.SATOptions{MinCovered: -1}); err != nil {
		t.Fatal(err)
	}
	names, err := solcheck.ReadNames(ctx, cnf.Bytes(), "d.cnf", solcheck.MaxNames(prog))
	if err != nil || names.Vars == nil {
		t.Fatalf("CNF names: %v %+v", err, names)
	}
	if rep, err := solcheck.Check(ctx, prog, ans, solcheck.Options{Names: names}); err != nil || !rep.Accepted {
		t.Errorf("with the CNF file: %v %+v", err, rep)
	}
	// The max-coverage CNF and OPB of the same puzzle are another program's.
	other := dominoes(t, model.MaxCoverage)
	var ocnf, oopb bytes.Buffer
	if err := export.WriteCNF(&ocnf, other, export.SATOptions{MinCovered: -1}); err != nil {
		t.Fatal(err)
	}
	if err := export.WriteOPB(&oopb, other); err != nil {
		t.Fatal(err)
	}
	for _, data := range [][]byte{ocnf.Bytes(), oopb.Bytes()} {
		n, err := solcheck.ReadNames(ctx, data, "other", solcheck.MaxNames(prog))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := solcheck.Check(ctx, prog, ans, solcheck.Options{Names: n, Given: solcheck.Given{Mode: true}}); !errors.Is(err, solcheck.ErrOtherProgram) {
			t.Errorf("another program's names file, mode given: %v", err)
		}
		// Without the mode given, the names file's settings are taken:
		// its header's mode (CNF) or its fingerprint (OPB).
		rep, err := solcheck.Check(ctx, prog, ans, solcheck.Options{Names: n})
		if err != nil || rep.Mode != "max-coverage" || rep.Program == "" || rep.Coverage != 6 {
			t.Errorf("another program's names file, settings found: %v %+v", err, rep)
		}
	}
	// Three dominoes on a 2x3 board with a corner cut off: the area bound
	// (5 cells, pieces of 2) proves that no exact tiling exists.
	p, err := puzzle.Parse("cut.yaml", []byte("name: cut\nboard: |\n  ###\n  ##.\norientations: free\ncount: 3\npieces:\n  D: \"##\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	cut, err := model.NewProgram(p, model.ProgramOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rep, err = solcheck.Check(ctx, cut, []byte("s UNSATISFIABLE\n"), solcheck.Options{})
	if err != nil || rep.Accepted || !strings.Contains(rep.Verdict, "confirmed for this puzzle by polytile's bound") || strings.Contains(rep.Verdict, "not confirmed") {
		t.Errorf("UNSAT of a bound-infeasible puzzle: %v %+v", err, rep)
	}
}

// TestSettleFindsExportSettings: a file of the max-coverage export of
// the dominoes, checked against the exact program with no setting given,
// is judged against the export it names by its fingerprint; with the
// mode given, it is refused as another program's and the Mismatch names
// the mode.
func TestSettleFindsExportSettings(t *testing.T) {
	ctx := context.Background()
	exact := dominoes(t, model.Exact)
	for _, opt := range []model.ProgramOptions{
		{Mode: model.MaxCoverage, Formulation: model.Seed},
		{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true, Checkerboard: true},
	} {
		other, err := model.NewProgram(exact.Puzzle, opt)
		if err != nil {
			t.Fatal(err)
		}
		file := gurobiFile(t, other, nativeTiling(t, other), true)
		rep, err := solcheck.Check(ctx, exact, file, solcheck.Options{})
		if err != nil || !rep.Accepted || !rep.Identified || rep.Mode != "max-coverage" || rep.Program != solcheck.Describe(other) {
			t.Errorf("%+v, no setting given: %v %+v", opt, err, rep)
		}
		_, err = solcheck.Check(ctx, exact, file, solcheck.Options{Given: solcheck.Given{Mode: true}})
		if !errors.Is(err, solcheck.ErrOtherProgram) {
			t.Errorf("%+v, mode given: %v", opt, err)
		}
		sol, err := export.ReadSolution(strings.NewReader(string(file)), "gurobi", nil)
		if err != nil {
			t.Fatal(err)
		}
		prog, mm, err := solcheck.Settle(ctx, exact, sol, nil, solcheck.Given{Mode: true})
		if err != nil || prog != exact || mm == nil || mm.Found.Mode != model.MaxCoverage || len(mm.Flags) != 1 {
			t.Errorf("%+v: Settle with the mode given: %v %v %+v", opt, err, prog == exact, mm)
		}
	}
}

func TestCheckTypedErrors(t *testing.T) {
	prog := dominoes(t, model.Exact)
	other := dominoes(t, model.MaxCoverage)
	good := gurobiFile(t, prog, nativeTiling(t, prog), true)
	otherFP := gurobiFile(t, other, nativeTiling(t, other), true)
	cases := []struct {
		name string
		data string
		opt  solcheck.Options
		want error
	}{
		{"unknown format", "hello\n", solcheck.Options{}, solcheck.ErrUnknownFormat},
		{"glpk-raw without names", "c x\n", solcheck.Options{Format: "glpk-raw"}, solcheck.ErrNamesNeeded},
		{"unknown names", "# Solution\nx_Q_0_0_0 1\n", solcheck.Options{}, solcheck.ErrOtherProgram},
		{"another fingerprint", string(otherFP), solcheck.Options{Given: solcheck.Given{Mode: true}}, solcheck.ErrOtherProgram},
		{"bad value", "# Solution\n" + prog.ColName(0) + " 0.5\n", solcheck.Options{}, solcheck.ErrBadValue},
		{"unparsable value", "# Solution\n" + prog.ColName(0) + " one\n", solcheck.Options{}, solcheck.ErrMalformed},
	}
	for _, c := range cases {
		_, err := solcheck.Check(context.Background(), prog, []byte(c.data), c.opt)
		fe := (*solcheck.FileError)(nil)
		if !errors.Is(err, c.want) || !errors.As(err, &fe) {
			t.Errorf("%s: %v, want %v as a *FileError", c.name, err, c.want)
		}
	}
	if _, err := solcheck.Check(context.Background(), prog, good, solcheck.Options{}); err != nil {
		t.Errorf("the program's own file: %v", err)
	}
	// A bad value names its line.
	_, err := solcheck.Check(context.Background(), prog, []byte("# Solution\n"+prog.ColName(1)+" 1\n"+prog.ColName(0)+" 2\n"), solcheck.Options{File: "v.sol"})
	if fe := (*solcheck.FileError)(nil); !errors.As(err, &fe) || fe.Line != 3 || fe.File != "v.sol" {
		t.Errorf("bad value on line 3: %v", err)
	}
	_, err = solcheck.ReadNames(context.Background(), []byte("board: 2x3\n"), "p.yaml", 100)
	if !errors.Is(err, solcheck.ErrNotProgram) {
		t.Errorf("a puzzle as names file: %v", err)
	}
}

// TestCheckNamesFromFixedMPS: a fixed-MPS export names its columns
// X0000001...; its file maps them back.
func TestCheckNamesFromFixedMPS(t *testing.T) {
	prog := dominoes(t, model.Exact)
	var mps strings.Builder
	if err := export.WriteMPS(&mps, prog, export.MPSOptions{Fixed: true}); err != nil {
		t.Fatal(err)
	}
	names, err := solcheck.ReadNames(context.Background(), []byte(mps.String()), "d.mps", solcheck.MaxNames(prog))
	if err != nil || names.Rename == nil {
		t.Fatalf("%v %+v", err, names)
	}
	full := gurobiFile(t, prog, nativeTiling(t, prog), true)
	short := string(full)
	for s, f := range names.Rename {
		short = strings.ReplaceAll(short, f+" ", s+" ")
	}
	rep, err := solcheck.Check(context.Background(), prog, []byte(short), solcheck.Options{Names: names})
	if err != nil || !rep.Accepted {
		t.Errorf("%v %+v", err, rep)
	}
	if _, err := solcheck.Check(context.Background(), prog, []byte(short), solcheck.Options{}); !errors.Is(err, solcheck.ErrOtherProgram) {
		t.Errorf("short names without the MPS file: %v", err)
	}
}

// A library user checks a solver's file against the program it solved.
func ExampleCheck() {
	p, err := puzzle.Parse("dominoes.yaml", []byte("name: dominoes\nboard: 3x2\norientations: free\ncount: 3\npieces:\n  D: \"##\"\n"), "")
	if err != nil {
		fmt.Println(err)
		return
	}
	prog, err := model.NewProgram(p, model.ProgramOptions{Mode: model.Exact})
	if err != nil {
		fmt.Println(err)
		return
	}
	// HiGHS's answer to 'polytile export --format lp' of the puzzle.
	sol := `Model status
Optimal

# Primal solution values
Feasible
Objective 0
# Columns 8
x_D_0_0_0 0
polytile_fp_aee88a49a8b63863ed9c0170b465d942 478272
x_D_1_0_0 1
x_D_0_0_1 1
x_D_1_0_1 0
x_D_1_0_2 0
x_D_0_1_0 0
x_D_0_1_1 1
# Rows 7
overlap_c_0_0 1
overlap_c_0_1 1
overlap_c_0_2 1
overlap_c_1_0 1
overlap_c_1_1 1
overlap_c_1_2 1
count_D 3

# Dual solution values
None
`
	rep, err := solcheck.Check(context.Background(), prog, []byte(sol), solcheck.Options{File: "dominoes.sol"})
	if err != nil {
		fmt.Println(err)
		return
	}
	rep.Puzzle, rep.File = p.Name, "dominoes.sol"
	rep.WriteText(os.Stdout)
	fmt.Println("identified:", rep.Identified, "accepted:", rep.Accepted)
	// Output:
	// puzzle      dominoes
	// solution    dominoes.sol (highs, status "Optimal")
	// objective   0
	// mode        exact
	// pieces      3 placed
	// coverage    6 of 6 cells (bound 6)
	// verdict     exact tiling, verified
	// identified: true accepted: true
}

// stopInVerify is a context that ends the first time it is read from
// within puzzle's Verify (or VerifyContext): it tells a verification that
// reads its context from one that does not, whatever the machine's speed.
type stopInVerify struct {
	context.Context
	once sync.Once
	done chan struct{}
	read bool // read from within Verify
}

func newStopInVerify() *stopInVerify {
	return &stopInVerify{Context: context.Background(), done: make(chan struct{})}
}

func (c *stopInVerify) Done() <-chan struct{} { return c.done }

func (c *stopInVerify) Err() error {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	for {
		f, more := frames.Next()
		if strings.Contains(f.Function, "puzzle.(*Puzzle).Verify") {
			c.once.Do(func() { c.read = true; close(c.done) })
			break
		}
		if !more {
			break
		}
	}
	select {
	case <-c.done:
		return context.Canceled
	default:
		return nil
	}
}

// TestCheckVerifyReadsContext: check verified the tiling without reading
// its context, and the symmetric test of a million-cell tiling takes
// seconds (5 s for 1000x1000 monominoes symmetric under rotate90 and a
// mirror: SIGINT during it met the watchdog, "still running 1s after the
// signal"). The verification reads it: Judge ends with the
// context's error as soon as the context ends within it.
func TestCheckVerifyReadsContext(t *testing.T) {
	p, err := puzzle.Parse("sym.yaml", []byte("board: 200x200\ncount: unlimited\npieces: [monominoes]\nsymmetric: [rotate90, mirror-vertical]\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := model.NewProgram(p, model.ProgramOptions{Mode: model.Exact})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("# Solution\n")
	for r := range 200 {
		for c := range 200 {
			fmt.Fprintf(&b, "x_M_0_%d_%d 1\n", r, c)
		}
	}
	sol, err := export.ReadSolution(strings.NewReader(b.String()), "gurobi", nil)
	if err != nil {
		t.Fatal(err)
	}
	// The tiling is valid: with a context that does not end, it verifies.
	if rep, err := solcheck.Judge(context.Background(), prog, sol, "gurobi", "sym.sol"); err != nil || !rep.Exact {
		t.Fatalf("the symmetric tiling: %v %+v", err, rep)
	}
	ctx := newStopInVerify()
	rep, err := solcheck.Judge(ctx, prog, sol, "gurobi", "sym.sol")
	if !ctx.read || !errors.Is(err, context.Canceled) {
		verdict := ""
		if rep != nil {
			verdict = rep.Verdict
		}
		t.Errorf("the verification did not stop with its context (read %v): %v, verdict %q", ctx.read, err, verdict)
	}
}
