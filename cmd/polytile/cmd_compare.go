package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
)

// compareFlags are the flags of `polytile compare`.
type compareFlags struct {
	backends, dlxSolvers []string
	solverOptions        []string
	dlxCount             string
	format, task, from   string
	chart, out, update   string
	section              string
	timeLimit            time.Duration
	enumLimit            int
}

func (a *app) compareCmd() *cobra.Command {
	var f compareFlags
	reg := compare.NewRegistry()
	c := &cobra.Command{
		Use:   "compare PUZZLE... [--backends LIST]",
		Short: "Run several backends on the same puzzles and check that they agree",
		Long: `compare runs backends one after the other on each puzzle (a file, or a
directory: its .yaml and .knuth files) and prints a table per puzzle: status,
solutions or coverage, bound, time, nodes, the time ratio to the fastest
backend, and the agreement with the reference (the first native backend that
completes). Every tiling is checked with Verify.

The task is chosen per puzzle (--task auto): puzzles with finite pieces whose
area matches the board are counted (all and unique solutions), and if the
reference finds no exact tiling, a maximum-coverage comparison follows;
puzzles with an unlimited piece or a mismatched area are compared on maximum
coverage, and so is a puzzle with a finite piece that fits nowhere (left
out with a note; --task count answers "no tiling", exit 1, once every puzzle
and --backends option is checked). Native counts must match exactly; HiGHS counts by re-solving with
no-good cuts on every symmetric image of each tiling (one unique solution per
solve) until the program is infeasible or --enum-limit solves were made; the
external MIP solvers decide feasibility. Maximum coverage: every proven
optimum must match, and no bound may be below a coverage found.

Status: ok, disagree, timeout (stopped at --time-limit; partial figures are
shown and must not exceed the reference's), skipped (not installed, or not
for this task), error. Agreement: ref, = (same answer), ≤ (partial figures
consistent with it), ≠ (disagrees). Exit code 1 when a row disagrees or
fails.

A backend is a spec NAME[:OPTION,...]:

` + reg.Help() + `
Native options (dlx, fila, native): a heuristic f|e|s|radial or a schedule
such as e=11:f=3 (E from 11 remaining pieces, F from 3), nof, at=N (DLX until N
pieces remain, then FILA: the hybrid), vol or vol=N (volume filter: once, or as --volume=N, 0 off),
r=PIECE|auto|none (redundancy filter, default auto), j=N (parallel workers).
On a puzzle with an unlimited piece (the number of pieces left is unknown)
at=N and a schedule's levels are refused (exit 2), as solve refuses
--fila-at N and --heuristic e=11:f=3 there.
MIP options (highs, highs-cli, cbc, glpsol): seed or packing (max-coverage
formulation, default ` + model.DefaultFormulation.String() + `, as in solve and export), strengthen (add the area row), mps (external
solvers: read the free MPS export instead of LP); highs also takes gap=G,
threads=N and any HiGHS option KEY=VALUE (an unknown option or a bad value is
an error with HiGHS's message). Each option is given once: a repeated
option (j=2,j=3), or two that set the same thing (vol,vol=3; e,f; seed,packing),
is refused. A schedule's levels are 1 to 1048576, decimal digits.

--backends takes a list separated by spaces, ';' or ','; after a comma an
item that is not a backend name continues the options of the previous
backend, so "dlx,fila:f,nof,highs" is three backends. The aliases count and
max-coverage stand for the default lists:
  count:        ` + strings.Join(compare.DefaultSpecs(compare.Count), " ") + `
  max-coverage: ` + strings.Join(compare.DefaultSpecs(compare.MaxCoverage), " ") + `
Without --backends, each task runs its default list.

--dlx-solver "PROGRAM ARGS" adds an external exact-cover solver run on the
DLX export (on its standard input, or in place of an argument {}); its count
of all solutions is read from its output with --dlx-count (default
` + "`" + compare.DefaultDLXCount.String() + "`" + `, what Knuth's dlx1 prints).`,
		Example: `  polytile compare examples/pentomino-10x6.yaml
  polytile compare examples/tetris-7x7.yaml --format markdown
  polytile compare examples/ --time-limit 10s --format csv -o all.csv
  polytile compare examples/pentomino-12x5.yaml --backends "dlx fila:f,nof fila:e=11:f=3,nof" --chart t.svg
  polytile compare examples/pentomino-20x3.yaml --dlx-solver "$HOME/knuth/dlx1 m1"`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("%s needs at least one PUZZLE (a file or a directory); see %s --help", cmd.CommandPath(), cmd.CommandPath())
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runCompare(cmd.Context(), compareOptions{puzzles: args, compareFlags: f})
		},
	}
	fl := c.Flags()
	fl.StringArrayVarP(&f.backends, "backends", "b", nil, "backend specs (default: the task's default list); repeatable")
	fl.StringArrayVar(&f.dlxSolvers, "dlx-solver", nil, "external exact-cover solver command run on the DLX export; repeatable")
	fl.StringVar(&f.dlxCount, "dlx-count", compare.DefaultDLXCount.String(), "regular expression whose first group is the --dlx-solver's solution count")
	fl.StringVar(&f.format, "format", "", "table, markdown, csv or json (default: by the -o extension, .txt .md .csv .json; else table)")
	fl.StringVar(&f.task, "task", "auto", "auto, count or max-coverage")
	durationFlag(fl, &f.timeLimit, "time-limit", 60*time.Second, 0, limits.MaxTimeLimit, "time limit per backend and task, and for reading each puzzle (0: none)")
	intFlag(fl, &f.enumLimit, "enum-limit", "", compare.DefaultEnumLimit, 1, limits.MaxEnumLimit, "most MIP solves when HiGHS enumerates solutions with no-good cuts")
	fl.StringVar(&f.chart, "chart", "", "write a bar chart of the times to FILE (.svg, .png, .txt)")
	fl.StringVarP(&f.out, "output", "o", "-", "write the tables to FILE")
	fl.StringVar(&f.update, "update", "", "write the Markdown tables into FILE between <!-- SECTION:begin --> and <!-- SECTION:end -->")
	fl.StringVar(&f.section, "section", "compare", "name of the --update section (letters, digits, ':', '-', '_')")
	addFromFlag(fl, &f.from)
	fl.StringArrayVar(&f.solverOptions, "solver-option", nil, "SOLVER:KEY=VALUE passed to an external solver (cbc, glpsol, highs-cli); repeatable;\noptions that could read or write a file are refused (see docs/solvers-external.md)")
	return c
}

// sectionRE is what a --section name may be.
var sectionRE = regexp.MustCompile(`^[A-Za-z0-9:_-]+$`)

// compareHeader starts a comparison document created by --update.
const compareHeader = "# Backend comparison\n\nGenerated by `polytile compare --update`.\n"

// compareOptions are compare's inputs: the puzzles (files or
// directories) and the flags' values.
type compareOptions struct {
	puzzles []string
	compareFlags
}

// runCompare runs the backends on every puzzle of o and writes the
// tables (and the chart or document update) it asks for.
func (a *app) runCompare(ctx context.Context, o compareOptions) error {
	reg := compare.NewRegistry()
	args, f := o.puzzles, &o.compareFlags
	format, err := tableFormatForOutput(f.format, f.out)
	if err != nil {
		return err
	}
	chartFormat, err := chartFormatFor(f.chart)
	if err != nil {
		return err
	}
	if !sectionRE.MatchString(f.section) {
		return usageErr("--section %q: use letters, digits, ':', '-' and '_'", f.section)
	}
	if f.enumLimit < 1 || f.timeLimit < 0 {
		return usageErr("--enum-limit must be at least 1 and --time-limit not negative")
	}
	opt := compare.Options{TimeLimit: f.timeLimit, EnumLimit: f.enumLimit}
	switch f.task {
	case "auto":
	case "count":
		opt.Kinds = []compare.Kind{compare.Count}
	case "max-coverage":
		opt.Kinds = []compare.Kind{compare.MaxCoverage}
	default:
		return usageErr("--task must be auto, count or max-coverage, not %q", f.task)
	}
	var backends []compare.Backend
	if len(f.backends) > 0 {
		list, err := reg.ParseList(strings.Join(f.backends, ";"))
		if err != nil {
			return usageErr("--backends: %v", err)
		}
		backends = list
	}
	re, err := regexp.Compile(f.dlxCount)
	if err != nil {
		return usageErr("--dlx-count: %v", err)
	}
	var extra []compare.Backend
	for _, s := range f.dlxSolvers {
		b, err := compare.DLXSolver(s, re)
		if err != nil {
			return usageErr("--dlx-solver: %v", err)
		}
		extra = append(extra, b)
	}
	files, fromDir, err := a.puzzleFiles(args)
	if err != nil {
		return err
	}
	if err := a.checkReportOutputs(files, f.out, f.chart, f.update, f.section); err != nil {
		return err
	}
	var puzzles []*puzzle.Puzzle
	maxOnly := map[*puzzle.Puzzle]bool{} // auto: no exact tiling (loadComparedAuto)
	unread := 0                          // puzzles left out: their reading reached --time-limit
	var checked []*puzzle.Puzzle         // puzzles, and those answered "no tiling", for checkBackendsForPuzzles
	var checkedFiles []string
	var answer error // the first "no tiling" of --task count, once every input is checked
	for _, file := range files {
		p, only, err := a.loadComparedAuto(ctx, file, fromDir[file], f)
		if errors.Is(err, errReadTimeLimit) {
			fmt.Fprintf(a.stderr, "note: %s: left out of the comparison\n", puzzle.SafeText(err.Error()))
			unread++
			continue
		}
		var ans *countAnswered
		if errors.As(err, &ans) {
			if answer == nil {
				answer = ans.err
			}
			checked, checkedFiles = append(checked, p), append(checkedFiles, file)
			continue
		}
		if err != nil {
			return err
		}
		puzzles = append(puzzles, p)
		maxOnly[p] = only
		checked, checkedFiles = append(checked, p), append(checkedFiles, file)
	}
	if err := checkBackendsForPuzzles(backends, checked, checkedFiles, opt.Kinds, maxOnly); err != nil {
		return err
	}
	if answer != nil {
		return answer
	}
	if unread > 0 && f.update != "" {
		fmt.Fprintf(a.stderr, "note: %s not updated: %d puzzle(s) were left out\n", puzzle.SafeText(f.update), unread)
		f.update = ""
	}

	line := progress.New(a.stderr, a.quiet)
	opt.OnStart = func(p *puzzle.Puzzle, k compare.Kind, b string) {
		line.Update(fmt.Sprintf("%s (%s): %s ...", p.Name, k, b))
	}
	if len(f.backends) == 0 {
		if opt.PerKind, err = reg.DefaultBackends(); err != nil {
			return err
		}
	}
	if backends, opt.PerKind, err = applySolverOptions(ctx, f.solverOptions, backends, opt.PerKind); err != nil {
		return err
	}
	rep := &compare.Report{Machine: compare.ThisMachine()}
	var runErr error
	for _, p := range puzzles {
		popt := opt
		if maxOnly[p] {
			popt.Kinds = []compare.Kind{compare.MaxCoverage}
		}
		tables, err := compare.Compare(ctx, p, append(slices.Clip(backends), extra...), popt)
		rep.Tables = append(rep.Tables, tables...)
		if err != nil {
			runErr = err
			break
		}
	}
	line.Done()
	err = a.writeReport(reportOutputs{
		out: f.out, format: format,
		write:  func(w io.Writer, f compare.Format) error { return compare.Write(w, rep, f) },
		update: f.update, section: f.section, header: compareHeader,
		chart: f.chart, chartFormat: chartFormat, bars: func() render.Chart { return compare.Chart(rep) },
	})
	if err != nil {
		return err
	}
	switch {
	case runErr != nil && a.signal.Load() != 0:
		return nil // exit code from the signal
	case runErr != nil:
		return runErr
	case !rep.OK(), unread > 0:
		return noSolution
	}
	return nil
}

// loadCompared reads one puzzle of a comparison within --time-limit (a
// puzzle whose images take longer could not be compared in time anyway).
func (a *app) loadCompared(ctx context.Context, file string, f *compareFlags, read func() ([]byte, error)) (*puzzle.Puzzle, error) {
	if f.timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeLimit)
		defer cancel()
	}
	p, err := a.loadPuzzleFrom(ctx, file, read, f.from, unplaceableFor(f.task == "max-coverage"))
	return p, perPuzzleLimit(ctx, file, f.timeLimit, err)
}

// chartFormatFor is the picture format of a --chart file, by its extension
// (no file: the zero format).
func chartFormatFor(chart string) (render.Format, error) {
	if chart == "" {
		return 0, nil
	}
	f, ok := render.FormatForFile(chart)
	if !ok {
		return 0, usageErr("--chart %s: the file name must end in .svg, .png, .txt or .ans", chart)
	}
	return f, nil
}

// reportOutputs are the places a bench or compare report goes: out (in
// format; "-" is stdout), the Markdown section of an --update document, and
// a --chart of the times.
type reportOutputs struct {
	out             string
	format          compare.Format
	write           func(io.Writer, compare.Format) error
	update, section string
	header          string // starts an --update document that does not exist yet
	chart           string
	chartFormat     render.Format
	bars            func() render.Chart
}

// writeReport writes a report to each of its outputs; files are replaced
// only when complete.
func (a *app) writeReport(o reportOutputs) error {
	if err := atomicfile.Write(context.Background(), o.out, a.stdout, func(w io.Writer) error { return o.write(w, o.format) }); err != nil {
		return err
	}
	if o.update != "" {
		var b strings.Builder
		if err := o.write(&b, compare.Markdown); err != nil {
			return err
		}
		if err := compare.UpdateFile(o.update, o.section, o.header, b.String()); err != nil {
			return err
		}
	}
	if o.chart != "" {
		c := o.bars()
		return atomicfile.Write(context.Background(), o.chart, a.stdout, func(w io.Writer) error { return render.BarChart(w, c, o.chartFormat) })
	}
	return nil
}

// puzzleFiles expands directories into their puzzle files (.yaml, .yml,
// .knuth), sorted; files and "-" are kept as given. A directory entry
// that is not a regular file (a FIFO would wait for a writer, a device
// read without end) is skipped with a note on stderr; fromDir marks the
// entries kept, to be read regular-only (a FIFO put there after this
// check is refused as it is opened, not waited on).
func (a *app) puzzleFiles(args []string) (files []string, fromDir map[string]bool, err error) {
	fromDir = map[string]bool{}
	for _, arg := range args {
		st, err := os.Stat(arg)
		if arg == "-" || err != nil || !st.IsDir() {
			files = append(files, arg)
			continue
		}
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, nil, usageErr("%v", err)
		}
		n := len(files)
		for _, e := range entries {
			switch strings.ToLower(filepath.Ext(e.Name())) {
			case ".yaml", ".yml", ".knuth":
				if e.IsDir() {
					continue
				}
				path := filepath.Join(arg, e.Name())
				if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
					a.noteSkipped(path, st, err)
					continue
				}
				files = append(files, path)
				fromDir[path] = true
			}
		}
		if len(files) == n {
			return nil, nil, usageErr("%s: no puzzle files (.yaml, .knuth) in the directory", arg)
		}
	}
	return files, fromDir, nil
}

// applySolverOptions parses compare's --solver-option flags, asks each
// solver whether it knows them (its own message on an unknown option or
// a bad value) and hands them to the external backends of the run; an
// option for a solver that is not among the backends does not apply and
// is an error, like an unknown one.
func applySolverOptions(ctx context.Context, specs []string, backends []compare.Backend, perKind map[compare.Kind][]compare.Backend) ([]compare.Backend, map[compare.Kind][]compare.Backend, error) {
	if len(specs) == 0 {
		return backends, perKind, nil
	}
	var opts []compare.SolverOption
	for _, s := range specs {
		o, err := compare.ParseSolverOption(s)
		if err != nil {
			return nil, nil, usageErr("--solver-option: %v", err)
		}
		opts = append(opts, o)
	}
	present := map[string]bool{}
	apply := func(list []compare.Backend) []compare.Backend {
		out := make([]compare.Backend, len(list))
		for n, b := range list {
			if s := compare.SolverOf(b); s != "" {
				present[s] = true
			}
			out[n], _ = compare.WithSolverOptions(b, opts)
		}
		return out
	}
	backends = apply(backends)
	if perKind != nil {
		m := make(map[compare.Kind][]compare.Backend, len(perKind))
		for k, list := range perKind {
			m[k] = apply(list)
		}
		perKind = m
	}
	for _, o := range opts {
		if !present[o.Solver] {
			return nil, nil, usageErr("--solver-option %s does not apply: %s is not among the backends of this comparison", o, o.Solver)
		}
	}
	if err := compare.ValidateSolverOptions(ctx, opts); err != nil {
		return nil, nil, usageErr("--solver-option: %v", err)
	}
	return backends, perKind, nil
}
