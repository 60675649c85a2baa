package compare

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/extproc"
	"github.com/polytile/polytile/internal/solverpath"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/proof"
	"github.com/polytile/polytile/puzzle"
)

// externalSolver is a MIP solver program run on an exported LP or MPS file.
type externalSolver struct {
	name, bin, help string
	// format is the solution file's format (export.SolutionFormats), by
	// which package proof reads its status.
	format string
	// args is the command line that solves file (in its directory) within
	// sec seconds; sol is where the solution goes.
	args func(file, sol string, mps bool, sec int) []string
	read func(r io.Reader) (*export.Solution, error)
	// nodes finds the number of branch-and-bound nodes in the output.
	nodes *regexp.Regexp
}

var externalSolvers = []externalSolver{
	{
		name: "highs-cli", bin: "highs", format: "highs",
		help: "the highs binary on the LP export (options: seed, packing, strengthen, mps)",
		args: func(file, sol string, _ bool, sec int) []string {
			return []string{"--model_file", file, "--solution_file", sol, "--time_limit", strconv.Itoa(sec)}
		},
		read:  export.ReadHiGHSSolution,
		nodes: regexp.MustCompile(`(?m)^\s*Nodes\s+(\d+)`),
	},
	{
		name: "cbc", bin: "cbc", format: "cbc",
		help: "COIN-OR CBC on the LP export (options: seed, packing, strengthen, mps)",
		args: func(file, sol string, _ bool, sec int) []string {
			return []string{file, "sec", strconv.Itoa(sec), "solve", "solu", sol}
		},
		read:  export.ReadCBCSolution,
		nodes: regexp.MustCompile(`Enumerated nodes:\s+(\d+)`),
	},
	{
		name: "glpsol", bin: "glpsol", format: "glpk",
		help: "GLPK's glpsol on the LP export (options: seed, packing, strengthen, mps)",
		args: func(file, sol string, mps bool, sec int) []string {
			flag := "--lp"
			if mps {
				flag = "--freemps"
			}
			return []string{flag, file, "-o", sol, "--tmlim", strconv.Itoa(sec)}
		},
		read: export.ReadGLPKSolution,
	},
}

// externalBackend runs an external MIP solver on an exported file in a
// temporary directory.
type externalBackend struct {
	spec    string
	solver  externalSolver
	prog    programChoice
	options []SolverOption // --solver-option, for this solver
}

func newExternal(s externalSolver, spec string, opts []string) (Backend, error) {
	c, err := parseProgramOptions(opts, true)
	if err != nil {
		return nil, err
	}
	return &externalBackend{spec: spec, solver: s, prog: c}, nil
}

func (b *externalBackend) Name() string { return b.spec }
func (b *externalBackend) Native() bool { return false }

func (b *externalBackend) Describe() string {
	f := "LP"
	if b.prog.mps {
		f = "MPS"
	}
	s := fmt.Sprintf("%s on the %s export: exact program (feasibility); max-coverage %s", b.solver.bin, f, b.prog.describe(MaxCoverage))
	if b.prog.explicit {
		s = fmt.Sprintf("%s on the %s export, %s", b.solver.bin, f, b.prog.describe(MaxCoverage))
	}
	if len(b.options) > 0 {
		var o []string
		for _, x := range b.options {
			o = append(o, strings.TrimPrefix(x.String(), x.Solver+":"))
		}
		s += "; solver options " + strings.Join(o, " ")
	}
	return s
}

func (b *externalBackend) Supports(k Kind) bool { return k == MaxCoverage || !b.prog.explicit }

func (b *externalBackend) Run(ctx context.Context, t Task) (*Outcome, error) {
	bin, err := solverpath.Find(b.solver.bin)
	if err != nil {
		return &Outcome{Status: Skipped, Reason: err.Error()}, nil
	}
	prog, err := model.NewProgram(t.Puzzle, b.prog.options(t.Kind))
	if err != nil {
		return nil, err
	}
	dir, done, err := atomicfile.MkdirTemp("polytile-compare-") // removed on a hard exit too
	if err != nil {
		return nil, err
	}
	defer done()
	file := filepath.Join(dir, "puzzle.lp")
	write := func(w io.Writer) error { return export.WriteLP(w, prog) }
	if b.prog.mps {
		file = filepath.Join(dir, "puzzle.mps")
		write = func(w io.Writer) error { return export.WriteMPS(w, prog, export.MPSOptions{}) }
	}
	if err := writeFile(ctx, file, write); err != nil {
		if ctx.Err() != nil {
			return &Outcome{Status: Timeout}, nil
		}
		return nil, err
	}
	sec := 1 << 20
	if t.TimeLimit > 0 {
		// The solver stops itself a little before the deadline, so that it
		// still writes its best solution.
		sec = max(1, int(math.Floor(t.TimeLimit.Seconds()-1)))
	}
	sol := filepath.Join(dir, "puzzle.sol")
	args, err := b.withOptions(dir, b.solver.args(file, sol, b.prog.mps, sec))
	if err != nil {
		return nil, err
	}
	cmd := extproc.Command(ctx, bin, args...)
	cmd.Dir = dir
	var out extproc.Output // bounded: a solver that prints without end cannot fill memory
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	runErr := extproc.Run(cmd)
	secs := time.Since(start).Seconds()
	o := &Outcome{Status: OK, Seconds: secs}
	if b.solver.nodes != nil {
		if m := b.solver.nodes.FindSubmatch(out.Bytes()); m != nil {
			o.Work, _ = strconv.ParseInt(string(m[1]), 10, 64)
			o.WorkUnit = "B&B nodes"
		}
	}
	if ctx.Err() != nil {
		o.Status = Timeout
		return o, nil
	}
	if runErr != nil {
		return nil, fmt.Errorf("%s: %w: %s%s", b.solver.bin, runErr, tail(out.Bytes()), out.Note())
	}
	f, err := os.Open(sol)
	if err != nil {
		return nil, fmt.Errorf("%s wrote no solution file: %s%s", b.solver.bin, tail(out.Bytes()), out.Note())
	}
	s, err := b.solver.read(f)
	f.Close()
	if err != nil {
		return nil, err
	}
	// The wall clock, or the solver's own word: CBC counts its limit from
	// the end of reading the model and may stop well before the wall
	// clock reaches it ("Stopped on time ...").
	hitLimit := t.TimeLimit > 0 && (secs >= 0.9*float64(sec) || statusSaysTimeLimit(s.Status))
	return b.outcome(ctx, t, prog, s, o, hitLimit)
}

// withOptions adds the --solver-option options to a command line: an
// options file for highs, "-key value" before "solve" for cbc (CBC runs
// its arguments in order), "--key value" for glpsol.
//
// highs-cli always gets an options file: HiGHS's "Optimal" holds within
// mip_rel_gap (1e-4 by default) and its solution file does not say which,
// so the file sets mip_rel_gap = 0, making "Optimal" a proof, unless the
// user set a gap (see userGap).
func (b *externalBackend) withOptions(dir string, args []string) ([]string, error) {
	if b.solver.name == "highs-cli" {
		opts := b.options
		if !slices.ContainsFunc(opts, func(o SolverOption) bool { return isGapOption(o.Key) }) {
			opts = append([]SolverOption{{Key: "mip_rel_gap", Value: "0", HasValue: true}}, opts...)
		}
		f := filepath.Join(dir, "highs.opt")
		if err := os.WriteFile(f, []byte(highsOptionsFile(opts)), 0o600); err != nil {
			return nil, err
		}
		return append(args, "--options_file", f), nil
	}
	if len(b.options) == 0 {
		return args, nil
	}
	switch b.solver.name {
	case "cbc":
		// args are FILE sec N solve solu SOL: options go after FILE.
		out := append([]string{args[0]}, cbcArgs(b.options)...)
		return append(out, args[1:]...), nil
	case "glpsol":
		return append(glpsolArgs(b.options), args...), nil
	}
	return args, nil
}

// isGapOption reports whether a HiGHS option sets an optimality gap.
func isGapOption(key string) bool {
	k := strings.ToLower(key)
	return k == "mip_rel_gap" || k == "mip_abs_gap"
}

// userGap reports whether --solver-option gave highs-cli a gap other than
// 0: its "Optimal" then proves nothing (the tiling still counts as found).
func (b *externalBackend) userGap() bool {
	for _, o := range b.options {
		if isGapOption(o.Key) {
			if v, err := strconv.ParseFloat(o.Value, 64); err != nil || v != 0 {
				return true
			}
		}
	}
	return false
}

// voiding lists the --solver-option options of b that void the proof of
// its solver's "optimal" and "infeasible" (proof.VoidingOption), each
// with why.
func (b *externalBackend) voiding() []string {
	var out []string
	for _, o := range b.options {
		if why := proof.VoidingOption(b.solver.name, o.Key, o.Value); why != "" {
			out = append(out, strings.TrimPrefix(o.String(), o.Solver+":")+" ("+why+")")
		}
	}
	return out
}

// confirmNoTiling is the rule of package proof for the solver's
// "infeasible" on the exact program: nil when a second decision (HiGHS
// in-process with presolve off) confirms it and no option voids it;
// otherwise a *proof.NotProvenError, and refuted reports that the second
// decision found a tiling.
func (b *externalBackend) confirmNoTiling(ctx context.Context, prog *model.Program) (refuted bool, err error) {
	if void := b.voiding(); len(void) > 0 {
		return false, &proof.NotProvenError{Claim: b.solver.bin + " infeasible", Reason: "under " + strings.Join(void, ", ")}
	}
	c, res, err := highs.ConfirmInfeasible(ctx, highs.ProgramModel(prog, false), highs.Options{})
	how := highs.PresolveOff
	switch {
	case errors.Is(err, highs.ErrUnavailable):
		how = "a second solver (HiGHS is not compiled in)"
	case err != nil:
		how += " (" + err.Error() + ")"
	}
	if c == proof.Refuted && res != nil && res.HasSolution {
		if _, err := prog.Decode(res.X); err != nil {
			c = proof.Undecided
		}
	}
	return c == proof.Refuted, proof.ConfirmInfeasible(b.solver.bin, c, how)
}

// outcome reads a solution file's verdict into o.
func (b *externalBackend) outcome(ctx context.Context, t Task, prog *model.Program, s *export.Solution, o *Outcome, hitLimit bool) (*Outcome, error) {
	infeasible := !s.Feasible && proof.InfeasibleStatus(b.solver.format, s.Status)
	if s.Feasible {
		tl, err := prog.DecodeNamesContext(ctx, s.Values)
		if err != nil && ctx.Err() != nil {
			o.Status = Timeout // stopped while decoding, as while solving
			return o, nil
		}
		if err != nil {
			return nil, err
		}
		o.Tilings = append(o.Tilings, tl)
	}
	if t.Kind == Count {
		switch {
		case s.Feasible:
			o.Feasible, o.Complete = ptr(true), true
		case infeasible:
			refuted, err := b.confirmNoTiling(ctx, prog)
			switch {
			case refuted:
				o.Feasible, o.Complete = ptr(false), true
				o.Status, o.Reason = Disagree, fmt.Sprintf("says infeasible (status %q), but %s found a tiling", s.Status, highs.PresolveOff)
			case err != nil:
				// Undecided: no answer, and the row says why.
				o.Note = fmt.Sprintf("status %q: %v", s.Status, err)
			default:
				o.Feasible, o.Complete = ptr(false), true
				o.Note = "infeasible, confirmed by " + highs.PresolveOff
			}
		case hitLimit:
			o.Status = Timeout
		default:
			return nil, fmt.Errorf("%s: undecided, status %q", b.solver.bin, s.Status)
		}
		return o, nil
	}
	if s.Feasible {
		cov, err := coveredCells(ctx, t, o.Tilings[0])
		if errors.Is(err, errNotVerified) {
			return nil, err
		}
		if err != nil {
			o.Status, o.Reason = Disagree, err.Error()
		} else {
			o.Coverage = ptr(cov)
		}
		switch {
		case err == nil && s.HasObjective && (math.IsNaN(s.Objective) || math.IsInf(s.Objective, 0)):
			// No tiling has it, as check says: a NaN compared false
			// with the coverage and passed as the optimum ("ok", "=").
			o.Status, o.Reason = Disagree, fmt.Sprintf("the solver's objective is %g, not a finite number, but the decoded tiling covers %d cells", s.Objective, cov)
		case err == nil && s.HasObjective && math.Abs(math.Abs(s.Objective)-float64(cov)) > 1e-6:
			o.Status, o.Reason = Disagree, fmt.Sprintf("objective %g but the decoded tiling covers %d cells", s.Objective, cov)
		}
	}
	// The verdict: proof.Status on the solution file's status, no option
	// that voids the proof; a highs-cli "Optimal" holds within the gap
	// withOptions sets (0 unless the user gave one).
	verdict := proof.Status(b.solver.format, s.Status)
	if verdict == nil && s.WithinGap && b.userGap() {
		verdict = &proof.NotProvenError{Claim: fmt.Sprintf("status %q", s.Status), Reason: "it holds within the gap given"}
	}
	if void := b.voiding(); verdict == nil && len(void) > 0 {
		verdict = &proof.NotProvenError{Claim: fmt.Sprintf("status %q", s.Status), Reason: "under " + strings.Join(void, ", ")}
	}
	switch {
	case verdict == nil && s.Feasible:
		o.Complete = true
		if o.Coverage != nil {
			o.Bound = ptr(*o.Coverage)
		}
	case hitLimit:
		if o.Status == OK {
			o.Status = Timeout
		}
	case s.Feasible:
		// A tiling (verified above), but no proof: found, not proven.
		if verdict == nil {
			verdict = &proof.NotProvenError{Claim: fmt.Sprintf("status %q", s.Status)}
		}
		o.Note = "found, " + verdict.Error()
	default:
		return nil, fmt.Errorf("%s: not solved to optimality, status %q", b.solver.bin, s.Status)
	}
	return o, nil
}

// statusSaysTimeLimit reports whether a solver's status text says it
// stopped on its time limit (CBC "Stopped on time", HiGHS "Time limit
// reached", GLPK "TIME LIMIT EXCEEDED").
func statusSaysTimeLimit(status string) bool {
	s := strings.ToLower(status)
	return strings.Contains(s, "stopped on time") || strings.Contains(s, "time limit")
}

// errNotVerified is the error of a tiling whose verification the end of
// the context cut short.
var errNotVerified = errors.New("interrupted before its tiling was verified")

// coveredCells is the coverage of a partial tiling, from puzzle.Verify.
// It may take verifyGrace past the end of ctx (the solver stopped at its
// time limit: the tiling is verified after it); past that it returns
// errNotVerified.
func coveredCells(ctx context.Context, t Task, tl puzzle.Tiling) (int, error) {
	rep, stopped, err := t.Puzzle.VerifyAfterStop(ctx, verifyGrace, tl, false)
	if stopped {
		return 0, fmt.Errorf("%w: %v", errNotVerified, err)
	}
	if err != nil {
		return 0, fmt.Errorf("the decoded tiling fails Verify: %w", err)
	}
	return rep.Covered, nil
}

// writeFile writes a solver's input file; the writes fail once ctx is
// done (the puzzle's time limit, a signal), which ends the export.
func writeFile(ctx context.Context, path string, write func(w io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(ctxio.Writer(ctx, f)); err != nil {
		f.Close()
		return err
	}
	if err := ctx.Err(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// tail is a program's output for an error cell, on one line: its ERROR
// lines (HiGHS's "ERROR: ...", CBC's and glpsol's "Error ..."), joined
// by "; ", or else its last line; at most 400 bytes. A table or a JSON
// row shows it as is, not as a log full of escaped newlines.
func tail(out []byte) string {
	if len(out) > 64<<10 {
		out = out[len(out)-64<<10:] // before converting: out may hold megabytes
	}
	var errs []string
	last := ""
	for _, l := range strings.Split(string(out), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		last = l
		if strings.Contains(l, "ERROR") || strings.Contains(l, "Error") || strings.HasPrefix(strings.ToLower(l), "error") {
			errs = append(errs, l)
		}
	}
	s := last
	if len(errs) > 0 {
		s = strings.Join(errs, "; ")
	}
	if len(s) > 400 {
		s = s[:397] + "..."
	}
	if s == "" {
		return "(no output)"
	}
	return s
}
