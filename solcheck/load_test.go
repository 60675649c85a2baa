package solcheck_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/solcheck"
)

// TestCheckReadsNamesFile: a Gurobi file of a fixed-MPS export's short
// names is judged through the MPS file read by Options.ReadFile once the
// format is known; without it the names are another program's.
func TestCheckReadsNamesFile(t *testing.T) {
	ctx := context.Background()
	prog := dominoes(t, model.Exact)
	var mps bytes.Buffer
	if err := export.WriteMPS(&mps, prog, export.MPSOptions{Fixed: true}); err != nil {
		t.Fatal(err)
	}
	names, err := solcheck.ReadNames(ctx, mps.Bytes(), "d.mps", solcheck.MaxNames(prog))
	if err != nil {
		t.Fatal(err)
	}
	short := map[string]string{}
	for s, full := range names.Rename {
		short[full] = s
	}
	var sol strings.Builder
	for _, line := range strings.SplitAfter(string(gurobiFile(t, prog, nativeTiling(t, prog), true)), "\n") {
		if f := strings.Fields(line); len(f) == 2 && short[f[0]] != "" {
			line = short[f[0]] + " " + f[1] + "\n"
		}
		sol.WriteString(line)
	}
	read := 0
	opt := solcheck.Options{File: "d.sol", NamesFile: "d.mps", ReadFile: func(path string) ([]byte, error) {
		read++
		return mps.Bytes(), nil
	}}
	rep, err := solcheck.Check(ctx, prog, []byte(sol.String()), opt)
	if err != nil || read != 1 {
		t.Fatalf("%v, names file read %d times", err, read)
	}
	if !rep.Accepted || rep.Puzzle != "dominoes" || rep.File != "d.sol" {
		t.Errorf("report %+v", rep)
	}
	if _, err := solcheck.Check(ctx, prog, []byte(sol.String()), solcheck.Options{File: "d.sol"}); !errors.Is(err, solcheck.ErrOtherProgram) {
		t.Errorf("without the names file: %v, want ErrOtherProgram", err)
	}
}

// TestLoadErrors: Load's errors by kind, the names file's as a
// *NamesError with its cause.
func TestLoadErrors(t *testing.T) {
	ctx := context.Background()
	prog := dominoes(t, model.Exact)
	sol := gurobiFile(t, prog, nativeTiling(t, prog), true)
	ne := (*solcheck.NamesError)(nil)
	missing := func(string) ([]byte, error) { return nil, fs.ErrNotExist }
	garbage := func(string) ([]byte, error) { return []byte("hello\n"), nil }
	cases := []struct {
		name string
		data []byte
		opt  solcheck.Options
		want error
	}{
		{"no known format", []byte("hello\n"), solcheck.Options{}, solcheck.ErrUnknownFormat},
		{"glpk-raw without names", []byte("c\n"), solcheck.Options{Format: "glpk-raw"}, solcheck.ErrNamesNeeded},
		{"missing names file", sol, solcheck.Options{NamesFile: "n.lp", ReadFile: missing}, fs.ErrNotExist},
		{"names file of no program", sol, solcheck.Options{NamesFile: "n.txt", ReadFile: garbage}, solcheck.ErrNotProgram},
	}
	for _, c := range cases {
		_, err := solcheck.Load(ctx, prog, c.data, c.opt)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if isNames := errors.As(err, &ne); isNames != (c.opt.NamesFile != "") {
			t.Errorf("%s: a *NamesError: %v", c.name, isNames)
		}
	}
	in, err := solcheck.Load(ctx, prog, sol, solcheck.Options{})
	if err != nil || in.Format != "gurobi" || !in.Solution.Feasible {
		t.Errorf("Load: %+v, %v", in, err)
	}
}

// TestCheckFindsSettingsThroughFixedMPSNames: the solution of a
// fixed-MPS export under settings other than the program's (seed,
// strengthened: more columns and rows than the exact program has) is
// judged through its MPS names file without the settings given; the
// names file is read to its end, not refused as longer than the exact
// program.
func TestCheckFindsSettingsThroughFixedMPSNames(t *testing.T) {
	ctx := context.Background()
	exact := dominoes(t, model.Exact)
	other, err := model.NewProgram(exact.Puzzle, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true, Checkerboard: true})
	if err != nil {
		t.Fatal(err)
	}
	if other.NumCols()+other.NumRows() <= solcheck.MaxNames(exact) {
		t.Fatalf("the seed program (%d names) is no larger than the exact one (%d): the test shows nothing", other.NumCols()+other.NumRows(), solcheck.MaxNames(exact))
	}
	var mps bytes.Buffer
	if err := export.WriteMPS(&mps, other, export.MPSOptions{Fixed: true}); err != nil {
		t.Fatal(err)
	}
	names, err := solcheck.ReadNames(ctx, mps.Bytes(), "d.mps", solcheck.MaxNames(other))
	if err != nil {
		t.Fatal(err)
	}
	short := map[string]string{}
	for s, full := range names.Rename {
		short[full] = s
	}
	var sol strings.Builder
	for _, line := range strings.SplitAfter(string(gurobiFile(t, other, nativeTiling(t, other), true)), "\n") {
		if f := strings.Fields(line); len(f) == 2 && short[f[0]] != "" {
			line = short[f[0]] + " " + f[1] + "\n"
		}
		sol.WriteString(line)
	}
	opt := solcheck.Options{File: "d.sol", NamesFile: "d.mps", ReadFile: func(string) ([]byte, error) { return mps.Bytes(), nil }}
	rep, err := solcheck.Check(ctx, exact, []byte(sol.String()), opt)
	if err != nil || !rep.Accepted || rep.Program != solcheck.Describe(other) {
		t.Fatalf("%v %+v", err, rep)
	}
}

// TestCheckPBAnswerOfDefaultFormulation: a pseudo-Boolean solver's
// answer to the max-coverage OPB export (default formulation, packing),
// given without its OPB file against the exact program, is read and
// reported as that export's, not as the seed formulation's.
func TestCheckPBAnswerOfDefaultFormulation(t *testing.T) {
	ctx := context.Background()
	exact := dominoes(t, model.Exact)
	mc, err := model.NewProgram(exact.Puzzle, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.DefaultFormulation})
	if err != nil {
		t.Fatal(err)
	}
	v, err := mc.Vector(nativeTiling(t, mc))
	if err != nil {
		t.Fatal(err)
	}
	var ans strings.Builder
	ans.WriteString("c clasp\no -6\ns OPTIMUM FOUND\nv")
	for j, name := range export.OPBVariableNames(mc) {
		lit := fmt.Sprintf("x%d", j+1)
		if k, ok := mc.ColumnIndex(name); !ok || v[k] < 0.5 {
			lit = "-" + lit
		}
		ans.WriteString(" " + lit)
	}
	ans.WriteString("\n")
	rep, err := solcheck.Check(ctx, exact, []byte(ans.String()), solcheck.Options{})
	if err != nil || !rep.Accepted || rep.Coverage != 6 || rep.Program != solcheck.Describe(mc) {
		t.Fatalf("%v %+v, want the program %q", err, rep, solcheck.Describe(mc))
	}
}

// TestCheckPyomoOutputOfMaxCoverage: the output of the max-coverage
// Pyomo script (objective: the covered cells), checked against the exact
// program with no flag given, is judged as the max-coverage program's
// near miss; the exact script's output (objective 0) stays exact.
func TestCheckPyomoOutputOfMaxCoverage(t *testing.T) {
	ctx := context.Background()
	// Three dominoes on a 2x3 board with a corner cut off: 4 of 5 cells.
	p, err := puzzle.Parse("cut.yaml", []byte("name: cut\nboard: |\n  ###\n  ##.\norientations: free\ncount: 3\npieces:\n  D: \"##\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	exact, err := model.NewProgram(p, model.ProgramOptions{})
	if err != nil {
		t.Fatal(err)
	}
	best, err := native.MaxCoverage(ctx, p, native.DefaultMaxCoverageConfig())
	if err != nil || best.Covered != 4 {
		t.Fatalf("native max-coverage: %v %+v", err, best)
	}
	out := func(objective string) []byte {
		v, err := exact.Vector(best.Tiling)
		if err != nil {
			t.Fatal(err)
		}
		b := "solver cbc\nstatus optimal\nobjective " + objective + "\n"
		for j, x := range v {
			if x > 0.5 {
				b += strings.ReplaceAll(exact.ColName(j), "_", " ") + "\n"
			}
		}
		return []byte(b)
	}
	rep, err := solcheck.Check(ctx, exact, out("4.0"), solcheck.Options{})
	if err != nil || !rep.Accepted || rep.Mode != "max-coverage" || rep.Coverage != 4 || !strings.Contains(rep.Program, "max-coverage") {
		t.Errorf("max-coverage output: %v %+v", err, rep)
	}
	rep, err = solcheck.Check(ctx, exact, out("0.0"), solcheck.Options{})
	if err != nil || rep.Accepted || rep.Mode != "exact" || rep.Program != "" {
		t.Errorf("exact output: %v %+v", err, rep)
	}
}

// TestCheckSATAnswerOfMaxCoverageCNF: a satisfying SAT answer given
// without its CNF file that leaves a cell uncovered is no answer of the
// exact CNF (its clauses cover every cell): with no mode given it is
// judged as the max-coverage CNF's near miss; with the mode given it
// stays the exact program's invalid tiling.
func TestCheckSATAnswerOfMaxCoverageCNF(t *testing.T) {
	ctx := context.Background()
	p, err := puzzle.Parse("cut.yaml", []byte("name: cut\nboard: |\n  ###\n  ##.\norientations: free\ncount: 3\npieces:\n  D: \"##\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	exact, err := model.NewProgram(p, model.ProgramOptions{})
	if err != nil {
		t.Fatal(err)
	}
	mc, err := model.NewProgram(p, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.DefaultFormulation})
	if err != nil {
		t.Fatal(err)
	}
	best, err := native.MaxCoverage(ctx, p, native.DefaultMaxCoverageConfig())
	if err != nil || best.Covered != 4 {
		t.Fatalf("native max-coverage: %v %+v", err, best)
	}
	ans := satAnswer(t, mc, best.Tiling, 12)
	rep, err := solcheck.Check(ctx, exact, ans, solcheck.Options{})
	if err != nil || !rep.Accepted || rep.Mode != "max-coverage" || rep.Coverage != 4 || !rep.Optimal || rep.Program != solcheck.Describe(mc) {
		t.Errorf("no mode given: %v %+v", err, rep)
	}
	rep, err = solcheck.Check(ctx, exact, ans, solcheck.Options{Given: solcheck.Given{Mode: true}})
	if err != nil || rep.Accepted || rep.Mode != "exact" {
		t.Errorf("mode exact given: %v %+v", err, rep)
	}
}
