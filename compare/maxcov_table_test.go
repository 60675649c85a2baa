package compare

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// TestMaxCoverageBenchTable writes the maximum-coverage table of
// docs/benchmarks.md (section "maxcov"): free tetrominoes, unlimited, on
// square boards; the native search, and every formulation of the program
// (seed, packing, each with and without the area row) with HiGHS
// in-process (from scratch and warm-started from the native tiling), CBC
// and GLPK on the LP export, each until proven optimal or the time limit.
// HiGHS, CBC and GLPK prove optimality with their own bounds here (no stop
// at the area bound). It takes up to an hour; scripts/maxcov-bench.sh
// runs it:
//
//	POLYTILE_MAXCOV_BENCH=1 go test ./compare -run TestMaxCoverageBenchTable -timeout 3h -v
//
// POLYTILE_MAXCOV_LIMIT (default 60s), POLYTILE_MAXCOV_BOARDS (default
// "7 13 21 61") and POLYTILE_MAXCOV_DOC (default ../docs/benchmarks.md; "-"
// prints the table only) change the run.
func TestMaxCoverageBenchTable(t *testing.T) {
	if os.Getenv("POLYTILE_MAXCOV_BENCH") == "" {
		t.Skip("set POLYTILE_MAXCOV_BENCH=1 (scripts/maxcov-bench.sh) to write the maximum-coverage benchmark table")
	}
	if highs.Version() == "" {
		t.Skip("HiGHS is not compiled in")
	}
	limit := 60 * time.Second
	if s := os.Getenv("POLYTILE_MAXCOV_LIMIT"); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil {
			t.Fatal(err)
		}
		limit = d
	}
	boards := strings.Fields(os.Getenv("POLYTILE_MAXCOV_BOARDS"))
	if len(boards) == 0 {
		boards = []string{"7", "13", "21", "61"}
	}
	forms := []struct {
		name string
		opt  model.ProgramOptions
	}{
		{"seed", model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed}},
		{"seed + area row", model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true}},
		{"packing", model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing}},
		{"packing + area row", model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true}},
	}
	var doc strings.Builder
	fmt.Fprintf(&doc, "Time limit %s per run; %s; %s, %s.\n\n", limit, ThisMachine(), toolVersion("cbc", "-stop"), toolVersion("glpsol", "--version"))
	var nativeRows []string
	for _, n := range boards {
		file := fmt.Sprintf("../examples/tetris-%sx%s.yaml", n, n)
		t0 := time.Now()
		p, err := puzzle.ParseFile(file, "")
		if err != nil {
			t.Fatal(err)
		}
		parse := time.Since(t0).Seconds()
		nat, best := nativeBest(t, p)
		nativeRows = append(nativeRows, fmt.Sprintf("| %sx%s | %d | %d | %s | %s | %s | %d | %s |",
			n, n, p.Area(), model.CoverageBound(p).Bound, yesNo(nat.Optimal), fmtSecs(best), fmtSecs(best+parse), nat.Nodes, nat.Proof))
		fmt.Fprintf(&doc, "**%sx%s** (%d cells; optimum %d, native search %s)\n\n", n, n, p.Area(), nat.Covered, fmtSecs(best))
		doc.WriteString("| formulation | HiGHS | HiGHS + warm start | CBC | GLPK |\n|:--|--:|--:|--:|--:|\n")
		for _, f := range forms {
			prog, err := model.NewProgram(p, f.opt)
			if err != nil {
				t.Fatal(err)
			}
			start, err := highs.ProgramStart(prog, nat.Tiling)
			if err != nil {
				t.Fatal(err)
			}
			cells := []cell{
				runHiGHSCell(t, prog, nil, limit),
				runHiGHSCell(t, prog, start, limit),
				runExternalCell(t, prog, "cbc", limit),
				runExternalCell(t, prog, "glpsol", limit),
			}
			row := "| " + f.name
			for _, c := range cells {
				row += " | " + c.String()
			}
			doc.WriteString(row + " |\n")
			t.Logf("%sx%s %s: %s", n, n, f.name, row)
		}
		doc.WriteString("\n")
	}
	doc.WriteString("Native search (`polytile solve PUZZLE --max-coverage`; best of 3 runs, then with parsing and image building):\n\n")
	doc.WriteString("| board | cells | area bound | optimal | search | with parsing | nodes | proof |\n|:--|--:|--:|:--|--:|--:|--:|:--|\n")
	doc.WriteString(strings.Join(nativeRows, "\n") + "\n")
	t.Log("\n" + doc.String())
	path := os.Getenv("POLYTILE_MAXCOV_DOC")
	if path == "" {
		path = "../docs/benchmarks.md"
	}
	if path == "-" {
		return
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	out, err := ReplaceSection(string(old), "maxcov", doc.String())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
}

// nativeBest runs native.MaxCoverage three times (checking the tiling) and
// returns a result and the best time.
func nativeBest(t *testing.T, p *puzzle.Puzzle) (*native.CoverageResult, float64) {
	var res *native.CoverageResult
	best := math.Inf(1)
	for range 3 {
		t0 := time.Now()
		r, err := native.MaxCoverage(context.Background(), p, native.Config{})
		secs := time.Since(t0).Seconds()
		if err != nil {
			t.Fatal(err)
		}
		if rep, err := p.Verify(r.Tiling, false); err != nil || rep.Covered != r.Covered {
			t.Fatalf("native tiling: %v", err)
		}
		res, best = r, min(best, secs)
	}
	return res, best
}

// cell is one solver run of the table.
type cell struct {
	proven      bool
	secs        float64
	best, bound int // best coverage found (-1: none) and proven bound (-1: none)
	note        string
}

func (c cell) String() string {
	switch {
	case c.note != "":
		return c.note
	case c.proven:
		return fmtSecs(c.secs)
	case c.best < 0 && c.bound < 0:
		return "no solution, no bound"
	case c.best < 0:
		return fmt.Sprintf("no solution / %d", c.bound)
	case c.bound < 0:
		return fmt.Sprintf("%d / ?", c.best)
	case c.best == c.bound:
		return fmt.Sprintf("%d / %d (gap closed)", c.best, c.bound)
	}
	// The gap of model.CoverageGap, HiGHS's definition: (bound - best) / best.
	g := model.CoverageGap(c.best, c.bound)
	if math.IsInf(g, 0) {
		return fmt.Sprintf("%d / %d (Large)", c.best, c.bound)
	}
	return fmt.Sprintf("%d / %d (%.2f%%)", c.best, c.bound, 100*g)
}

func fmtSecs(s float64) string {
	if s < 0.01 {
		return fmt.Sprintf("%.2f ms", 1000*s)
	}
	if s < 1 {
		return fmt.Sprintf("%.3f s", s)
	}
	return fmt.Sprintf("%.1f s", s)
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// coverageOf decodes a solution and returns the cells it covers.
func coverageOf(t *testing.T, prog *model.Program, tl puzzle.Tiling, err error) int {
	t.Helper()
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	rep, err := prog.Puzzle.Verify(tl, false)
	if err != nil {
		t.Fatalf("solution does not verify: %v", err)
	}
	return rep.Covered
}

// runHiGHSCell solves the program with HiGHS until it proves optimality by
// its own bound (no stop at the area bound), from start when not nil.
func runHiGHSCell(t *testing.T, prog *model.Program, start []float64, limit time.Duration) cell {
	ctx, cancel := context.WithTimeout(context.Background(), limit+30*time.Second)
	defer cancel()
	res, err := highs.Solve(ctx, highs.ProgramModel(prog, false), highs.Options{TimeLimit: limit, Start: start, MIPRelGap: 0})
	if err != nil {
		return cell{note: "error: " + err.Error()}
	}
	c := cell{secs: res.Seconds, best: -1, bound: -1, proven: res.Status == highs.StatusOptimal}
	if res.HasSolution {
		tl, err := prog.Decode(res.X)
		c.best = coverageOf(t, prog, tl, err)
	}
	if !math.IsInf(res.DualBound, 0) && !math.IsNaN(res.DualBound) {
		c.bound = int(math.Floor(res.DualBound + 1e-6))
	}
	return c
}

var (
	cbcBound   = regexp.MustCompile(`(?m)^Upper bound:\s+(\S+)`)
	glpkStatus = regexp.MustCompile(`(?m)^\+\s*\d+: (?:mip =|>>>>>)\s+(not found yet|\S+)\s+<=\s+(tree is empty|\+inf|\S+)`)
)

// runExternalCell runs CBC or GLPK on the LP export of prog and reads its
// solution file and its log (the bound at the time limit).
func runExternalCell(t *testing.T, prog *model.Program, bin string, limit time.Duration) cell {
	path, err := exec.LookPath(bin)
	if err != nil {
		return cell{note: bin + " not installed"}
	}
	dir := t.TempDir()
	lp, sol := filepath.Join(dir, "p.lp"), filepath.Join(dir, "p.sol")
	var buf bytes.Buffer
	if err := export.WriteLP(&buf, prog); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lp, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	sec := strconv.Itoa(int(limit.Seconds()))
	args := []string{lp, "sec", sec, "solve", "solu", sol}
	read := export.ReadCBCSolution
	if bin == "glpsol" {
		args = []string{"--lp", lp, "-o", sol, "--tmlim", sec}
		read = export.ReadGLPKSolution
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit+60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	t0 := time.Now()
	runErr := cmd.Run()
	c := cell{secs: time.Since(t0).Seconds(), best: -1, bound: -1}
	if ctx.Err() != nil {
		return cell{note: fmt.Sprintf("killed after %s", fmtSecs(c.secs))}
	}
	if runErr != nil {
		return cell{note: "error: " + runErr.Error()}
	}
	f, err := os.Open(sol)
	if err != nil {
		return cell{note: "no solution file"}
	}
	s, err := read(f)
	f.Close()
	if err != nil {
		return cell{note: "unreadable solution: " + err.Error()}
	}
	c.proven = s.Optimal
	if s.Feasible {
		tl, err := prog.DecodeNames(s.Values)
		c.best = coverageOf(t, prog, tl, err)
	}
	if bin == "cbc" {
		if m := cbcBound.FindSubmatch(out.Bytes()); m != nil {
			if v, err := strconv.ParseFloat(string(m[1]), 64); err == nil {
				c.bound = int(math.Floor(v + 1e-6))
			}
		}
	} else if ms := glpkStatus.FindAllSubmatch(out.Bytes(), -1); len(ms) > 0 {
		if v, err := strconv.ParseFloat(string(ms[len(ms)-1][2]), 64); err == nil {
			c.bound = int(math.Floor(v + 1e-6))
		}
	}
	if c.proven && c.best >= 0 {
		c.bound = c.best
	}
	return c
}

// toolVersion is a program's name and the first version number in its
// output ("cbc 2.10.8", "glpsol 5.0").
func toolVersion(bin string, args ...string) string {
	out, _ := exec.Command(bin, args...).CombinedOutput()
	if v := versionRE.Find(out); v != nil {
		return bin + " " + string(v)
	}
	return bin
}

var versionRE = regexp.MustCompile(`\d+\.\d+(\.\d+)?`)
