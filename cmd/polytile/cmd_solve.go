package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
	"github.com/polytile/polytile/shard"
	"github.com/polytile/polytile/solve"
)

// solveFlags are solve's flags as given, and the state a run derives
// from them (solveState), zero until runSolve fills it in its own copy.
type solveFlags struct {
	backend, heuristic, shard, redundancy, from string
	count, unique, nof, maxCoverage, stats      bool
	volumeSet                                   bool
	given                                       native.Settings
	asJSON, jsonLines                           bool
	limit                                       int64
	filaAt, volume, workers                     int
	timeLimit                                   time.Duration
	renderFormat, out                           string
	checkpoint                                  string
	formulation                                 string
	strengthen, noWarmStart                     bool
	highs                                       highs.Settings
	key                                         countKeyReq

	solveState
}

// solveState is what a solve derives from its flags while it runs.
type solveState struct {
	ckPrev      *shard.Checkpoint // --checkpoint as read before the puzzle
	unplaceable []string          // pieces left out of a decided shard (shardunplaceable.go)
	decided     bool              // no exact tiling, known before the search
	program     model.ProgramOptions
	highsOpt    highs.Options
	// stream receives each solution of a --limit search drawn as it
	// comes; keepNone tells the search not to hold them
	// (prepareSolveOutputs).
	stream   func(puzzle.Tiling)
	keepNone bool
}

// solveOptions are the inputs of one solve: the puzzle (a path or "-"),
// the flags as given, and afterSearch, which, when not nil, runs once the
// search has returned, with the command's context.
type solveOptions struct {
	path        string
	flags       solveFlags
	afterSearch func(ctx context.Context)
}

func (a *app) runSolve(ctx context.Context, o solveOptions) error {
	f := o.flags
	f.solveState = solveState{}
	if err := f.key.check(&f); err != nil {
		return err
	}
	return a.solve(ctx, o.path, &f, o.afterSearch)
}

func (a *app) solveCmd() *cobra.Command { return a.newSolveCmd(nil) }

// newSolveCmd is the cobra command of solve; afterSearch goes to every
// run (solveOptions).
func (a *app) newSolveCmd(afterSearch func(ctx context.Context)) *cobra.Command {
	var f solveFlags
	c := &cobra.Command{
		Use:   "solve PUZZLE",
		Short: "Find, count or maximise tilings with the native solvers or HiGHS",
		Long: `solve finds tilings of a puzzle: one, drawn (the default); --count all of
them (--unique: one per class of rotations and reflections); --limit N the
first N; --max-coverage a tiling that covers as many cells as possible, with
its proof. Ctrl-C or --time-limit prints what was found. Every flag in detail:
docs/solvers.md#solve-in-detail.

Backends:
  fila      the Fixed Image List Algorithm (default; compare's "native")
  dlx       Knuth's dancing links
  frontier  transfer-matrix --count and --max-coverage without enumeration;
            --count picks it when its estimate says it wins
  highs     in-process HiGHS on the binary program; --formulation seed
            or packing (default packing, as in export and compare)`,
		Example: `  polytile solve examples/pentomino-10x6.yaml
  polytile solve examples/pentomino-10x6.yaml --count --unique --stats
  polytile solve examples/tetris-cube.yaml --count --unique --heuristic e=11:f=3 --nof -j 2
  polytile solve examples/pentomino-10x6.yaml --limit 12 --render svg -o gallery.svg
  polytile solve examples/tetris-7x7.yaml --max-coverage --backend highs --formulation packing`,
		Args: cliflag.ExactArgs(1, "PUZZLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.volumeSet = cmd.Flags().Changed("volume")
			f.given = native.GivenSettings(cmd.Flags().Changed)
			f.key.words = changedWords(cmd.Flags())
			return a.runSolve(cmd.Context(), solveOptions{path: args[0], flags: f, afterSearch: afterSearch})
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.backend, "backend", "fila", "fila, dlx, highs or frontier")
	fl.BoolVar(&f.count, "count", false, "count all solutions")
	cliflag.Int64Var(fl, &f.limit, "limit", 0, 0, limits.MaxSolutions, "print the first N (0: all)")
	fl.BoolVar(&f.unique, "unique", false, "one per symmetry class (a count unless --limit)")
	fl.StringVar(&f.heuristic, "heuristic", "", "f, e, s, radial or a schedule (e=11:f=3)")
	fl.BoolVar(&f.nof, "nof", native.DefaultNOF, "neighbour occupancy filtering")
	cliflag.IntVarP(fl, &f.filaAt, "fila-at", "", 0, 0, limits.MaxPieceLevel, "DLX to FILA at N pieces left")
	cliflag.IntVarP(fl, &f.volume, "volume", "", 0, -1, limits.MaxPieceLevel, "volume filter, =N to N pieces").NoOptDefVal = "-1"
	fl.StringVar(&f.redundancy, "redundancy", "", "pin PIECE, auto or none")
	cliflag.IntVarP(fl, &f.workers, "jobs", "j", 1, 1, limits.MaxWorkers, "workers for --count")
	fl.StringVar(&f.shard, "shard", "", "I/N (0-based) or auto[/N]; docs/cluster.md")
	fl.StringVar(&f.checkpoint, "checkpoint", "", "--count: save and resume progress in FILE")
	fl.BoolVar(&f.maxCoverage, "max-coverage", false, "cover as many cells as possible")
	cliflag.DurationVar(fl, &f.timeLimit, "time-limit", 0, 0, limits.MaxTimeLimit, "stop after this long")
	fl.BoolVar(&f.stats, "stats", false, "search statistics per number of pieces left")
	fl.BoolVar(&f.asJSON, "json", false, "print one JSON object")
	fl.BoolVar(&f.jsonLines, "jsonl", false, "one JSON line per solution, then the summary")
	fl.StringVar(&f.renderFormat, "render", "", "ascii, ansi, svg, png (default: by -o)")
	fl.StringVarP(&f.out, "output", "o", "-", "picture file (.svg .png .txt .ans)")
	fl.StringVar(&f.formulation, "formulation", model.DefaultFormulation.String(), "highs: seed or packing")
	fl.BoolVar(&f.strengthen, "strengthen", false, "highs --max-coverage: add the area bound")
	fl.BoolVar(&f.noWarmStart, "no-warm-start", false, "highs --max-coverage: no native start tiling")
	addFromFlag(fl, &f.from)
	cliflag.FloatVar(fl, &f.highs.MIPGap, "mip-gap", 0, 0, highs.MaxMIPGap, "highs: stop at this relative gap (0: prove optimality)")
	cliflag.IntVarP(fl, &f.highs.Threads, "threads", "", 0, 0, highs.MaxThreads, "highs: threads HiGHS may use (0: its default)")
	fl.StringArrayVar(&f.highs.Extra, "highs-option", nil, "highs: set a HiGHS option KEY=VALUE (repeatable); some void\nthe proof of an optimum (docs/comparing.md)")
	addCountKeyFlags(fl, &f.key)
	return c
}

func (a *app) solve(ctx context.Context, path string, f *solveFlags, afterSearch func(context.Context)) error {
	// One deadline for the whole command: reading and building count.
	if f.timeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeLimit)
		defer cancel()
	}
	if f.count && f.limit > 0 {
		return usageErr("--count and --limit exclude each other")
	}
	if f.asJSON && f.jsonLines {
		return usageErr("--json and --jsonl exclude each other")
	}
	if f.limit < 0 || f.workers < 0 {
		return usageErr("--limit and -j must not be negative")
	}
	if f.maxCoverage && (f.count || f.limit > 0 || f.unique) {
		return usageErr("--max-coverage finds one best tiling; it does not combine with --count, --limit or --unique")
	}
	if err := checkMaxCoverageHeuristic(f); err != nil {
		return err
	}
	if err := native.CheckSchedule(f.heuristic); err != nil {
		return usageErr("--heuristic: %v", err)
	}
	if f.unique && f.limit == 0 {
		f.count = true // --unique alone asks for the number of distinct solutions
	}
	// The flags' own faults come before the puzzle is read, so that a
	// reading that answers "no tiling" (exit 1) does not hide them.
	if err := checkSolveBackend(f); err != nil {
		return err
	}
	var picFormat render.Format
	if f.renderFormat != "" || f.out != "-" && !jsonOutput(f) {
		var err error
		if picFormat, err = a.pictureFormat("--render", f.renderFormat, f.out); err != nil {
			// -o x with --json or --jsonl meant the JSON: say where it goes.
			switch {
			case f.renderFormat != "":
			case f.asJSON:
				return usageErr("%v; with --json, -o FILE.json writes the JSON object there (any other -o is the picture)", err)
			case f.jsonLines:
				return usageErr("%v; --jsonl streams to stdout (redirect it: > FILE.jsonl), and -o is only the picture", err)
			}
			return err
		}
	}
	// Before the puzzle is read: `solve q.yaml > q.yaml` has emptied it.
	if err := a.checkSolveOutputs(path, f); err != nil {
		return err
	}
	if err := checkCheckpoint(f); err != nil {
		return err
	}
	loadStart := time.Now()
	// Read once: the count key's SHA-256 is of these bytes.
	src := &f.key.src
	p, err := a.loadPuzzleFrom(ctx, path, src.read(path, a.stdin), f.from, puzzle.UnplaceableFor(f.maxCoverage))
	if err == nil && !f.maxCoverage {
		// An area or colouring proof answers at once, whatever the backend.
		err = provenInfeasible(p)
	}
	if err != nil {
		p, err = a.unplaceableShard(f, err)
	}
	if err != nil {
		return a.solveLoadFailed(path, f, picFormat, loadStart, err)
	}
	// A failed picture write stops the search (sctx); the time limit and
	// signals are still read from ctx.
	sctx, stopSearch := context.WithCancel(ctx)
	defer stopSearch()
	pics, err := a.prepareSolveOutputs(ctx, stopSearch, p, f, picFormat)
	if err != nil {
		return err
	}
	defer pics.abort()
	var summary *atomicfile.File
	if jsonOutput(f) {
		// Opened before the search, as the pictures are: a FIFO's reader
		// is waited for under the time limit and signals.
		create := func() (*atomicfile.File, error) { return atomicfile.CreateContext(ctx, f.out, a.stdout) }
		if f.key.path != "" {
			// Read back from the count's directory: a regular file.
			create = func() (*atomicfile.File, error) { return atomicfile.CreateRegular(f.out) }
		}
		if summary, err = create(); err != nil {
			return openOutputErr(ctx, "-o", err)
		}
		defer summary.Abort()
	}
	line := progress.New(a.stderr, a.quiet || f.asJSON && !progress.IsTerminal(a.stderr))
	o, err := solve.Run(sctx, a.solveRequest(p, f, line))
	line.Done()
	if err == errKeyOnly {
		return nil // --count-key-only: the key is in place
	}
	if err != nil {
		return solveErr(err)
	}
	if afterSearch != nil {
		afterSearch(ctx)
	}
	o.File = path
	o.SetTimedOut(ctx.Err() == context.DeadlineExceeded && a.signal.Load() == 0)
	if err := a.printOutcome(ctx, f, o, pics, summary); err != nil {
		return err
	}
	return a.solveExit(f, o, pics != nil && pics.skipped)
}

func (a *app) solveRequest(p *puzzle.Puzzle, f *solveFlags, line *progress.Line) *solve.Request {
	backendGiven := false
	for _, w := range f.key.words {
		backendGiven = backendGiven || strings.HasPrefix(w, "--backend=")
	}
	r := &solve.Request{Puzzle: p, Options: f.nativeOptions(), MaxCoverage: f.maxCoverage,
		Auto: !backendGiven && solve.CheckFrontier(f.nativeOptions(), f.maxCoverage, f.extras()) == nil, Decided: f.decided, TimeLimit: f.timeLimit,
		Program: f.program, HiGHS: f.highsOpt, NoWarmStart: f.noWarmStart, KeepNone: f.keepNone,
		Progress: line, Native: &nativeRun{a: a, f: f}}
	if f.jsonLines {
		enc := json.NewEncoder(a.stdout)
		r.OnSolution = func(t puzzle.Tiling) { enc.Encode(map[string]any{"solution": p.TilingJSON(t)}) }
	}
	if f.stream != nil {
		r.OnSolution = bothSolutions(r.OnSolution, f.stream)
	}
	if a.verbose {
		r.Log = func(s string) { fmt.Fprintln(a.stderr, s) }
	}
	return r
}

// nativeRun is solve's part in a native search: the configuration from
// the flags, and the shard, checkpoint, count key and split balance
// hooked into it.
type nativeRun struct {
	a  *app
	f  *solveFlags
	sr *shardRun
	sw *shard.SplitWatch
}

func (n *nativeRun) Config(p *puzzle.Puzzle) (native.Config, error) {
	cfg, err := nativeConfig(p, n.f)
	if err != nil {
		return cfg, err
	}
	if n.sr, err = n.a.startShard(p, p.Source, n.f, &cfg); err != nil {
		return cfg, err
	}
	if err := n.a.shardKey(p, n.f, n.sr, &cfg); err != nil {
		return cfg, err
	}
	n.sw = watchSplit(p, n.f, &cfg) // after startShard: chained with its hook
	return cfg, nil
}

func (n *nativeRun) Done(error) error {
	if n.sr != nil && n.sr.matchErr != nil {
		return n.sr.matchErr
	}
	return keyStopped(n.f, n.sr)
}

func (n *nativeRun) Finish(res *native.Result, cfg native.Config, o *solve.Outcome) error {
	if s := n.sw.Summary(res, cfg.Shard); s != nil && o.Stats != nil {
		o.Stats.Split = s
	}
	if n.sr == nil {
		return nil
	}
	return n.sr.finish(res, o)
}

// solveErr is the exit of a library error: a request at fault is exit 2
// (--redundancy's said against the flag), a stop while a solver verified
// its tiling exit 1.
func solveErr(err error) error {
	var ue *solve.UsageError
	var se *solve.StoppedError
	switch {
	case errors.As(err, &ue) && errors.Is(err, native.ErrRedundancyPiece):
		return redundancyUsage(err)
	case errors.As(err, &ue):
		return usageErr("%v", ue.Err)
	case errors.As(err, &se):
		return &exitError{code: exitNoSolution, err: se.Err}
	}
	return err
}

// solveExit is solve's exit once its outcome o is written (skipped: the
// picture asked for was not).
func (a *app) solveExit(f *solveFlags, o *solve.Outcome, skipped bool) error {
	switch {
	case o.Interrupted && a.signal.Load() != 0 && !a.lateSignal.Load():
		// Exit code from the signal; a late one (after the commit)
		// stopped nothing.
		return nil
	case skipped:
		return noSolution
	case !o.Found && f.shard != "" && f.count && !o.TimedOut && !o.Interrupted:
		// A finished shard answered: its part has no solution. Exit 1
		// would make Slurm, Kubernetes and GNU parallel run it again.
		return nil
	case !o.Found:
		return noSolution
	case o.TimedOut && f.count:
		return noSolution // the count is incomplete
	}
	return nil
}

// printOutcome writes the pictures (stdout or -o) and the summary (to
// summary, the -o file opened for it, when not nil).
func (a *app) printOutcome(ctx context.Context, f *solveFlags, o *solve.Outcome, pics *pictures, summary *atomicfile.File) error {
	commit := func(file *atomicfile.File) error { return a.commitResult(f, o, file) }
	if err := pics.finish(o.Tilings, commit); err != nil {
		return err
	}
	var err error
	switch {
	case summary != nil:
		if err = writeJSONWithin(ctx, summary, o, true); err == nil {
			return commit(summary)
		}
	case f.asJSON || f.jsonLines:
		err = writeJSONWithin(ctx, a.stdout, o, f.asJSON)
	default:
		return o.WriteText(a.summaryTo(pics))
	}
	if errors.Is(err, errJSONLate) {
		fmt.Fprintf(a.stderr, "note: %v\n", err)
		return &exitError{code: exitNoSolution}
	}
	return err
}

// commitResult renames solve's result file into place at the commit
// point. A search that ran to its end is committed under the signals (a
// signal before the rename leaves nothing); one cut short, or an output
// written in place, is written whatever comes after.
func (a *app) commitResult(f *solveFlags, o *solve.Outcome, file *atomicfile.File) error {
	a.commitExit.Store(int32(exitCodeOf(a.solveExit(f, o, false)))) // a hard exit after the rename
	ctx := a.ctx
	if o.Interrupted || !file.Renames() || ctx == nil {
		ctx = context.Background()
	}
	return a.commitComplete(ctx, file)
}

// exitCodeOf is the exit of a command that returned err without a signal.
func exitCodeOf(err error) int {
	var ee *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ee):
		return ee.code
	}
	return exitUsage
}

// errJSONLate is the error of a JSON summary not encoded within ctxio.StopGrace
// of the stop.
var errJSONLate = fmt.Errorf("the JSON summary was not finished within %v of the stop (time limit or signal): not written", ctxio.StopGrace)

// writeJSONWithin writes v within ctxio.StopGrace of ctx's end: encoding/json
// reads no context, and a tiling of a million cells takes seconds to
// encode. The encoding runs aside into memory; past the grace nothing is
// written and the error is errJSONLate.
func writeJSONWithin(ctx context.Context, w io.Writer, v any, indent bool) error {
	jctx, release := ctxio.Grace(ctx, ctxio.StopGrace)
	defer release()
	var buf bytes.Buffer
	err, ok := ctxio.Await(jctx, func() error { return writeJSONLine(&buf, v, indent) })
	switch {
	case !ok:
		return errJSONLate
	case err != nil:
		return err
	}
	_, err = buf.WriteTo(ctxio.Writer(jctx, w))
	return err
}

func writeJSONLine(w io.Writer, v any, indent bool) error {
	if indent {
		return writeJSON(w, v)
	}
	return json.NewEncoder(w).Encode(v)
}

// nativeConfig is the native configuration of f's flags on p
// (solve.NativeConfig) with its shard.
func nativeConfig(p *puzzle.Puzzle, f *solveFlags) (native.Config, error) {
	cfg, err := solve.NativeConfig(p, f.nativeOptions(), f.extras())
	if err != nil {
		return cfg, settingUsage(err)
	}
	i, n, err := resolveShard(f.shard)
	if err != nil {
		return cfg, err
	}
	cfg.Shard = native.Shard{Index: i, Count: n}
	return cfg, nil
}

// extras are the parts of f the settings rules read (solve.Extras).
func (f *solveFlags) extras() solve.Extras {
	return solve.Extras{Given: f.given, Shard: f.shard, Checkpoint: f.checkpoint != "", CountKey: f.key.path != "",
		Stream: f.jsonLines, Picture: f.renderFormat != "" || f.out != "-" && !jsonOutput(f)}
}

func (f *solveFlags) nativeOptions() native.Options {
	return native.Options{
		Algorithm: f.backend, FilaAt: f.filaAt, Schedule: f.heuristic, NOF: f.nof,
		Volume: f.volume, VolumeSet: f.volumeSet, Redundancy: f.redundancy,
		Workers: f.workers, Stats: f.stats, Unique: f.unique, Count: f.count, Limit: f.limit,
	}
}

// settingMessages word solve's refusals (*solve.SettingError) in flags.
var settingMessages = map[solve.Refusal]string{
	solve.FrontierQuestion:    "the frontier backend counts (--count, --unique) or finds the maximum coverage (--max-coverage); it lists no tilings: use --backend fila to find one",
	solve.FrontierListing:     "the frontier backend lists no tilings (--limit, --jsonl): use --backend fila",
	solve.FrontierSplit:       "the frontier backend counts in one run: --shard, --checkpoint and --count-key apply to --backend fila and dlx",
	solve.FrontierStats:       "--stats reports the native search's attempts and fits: the frontier backend has none",
	solve.FrontierNative:      "--heuristic, --nof, --fila-at, --volume and --redundancy set the native searches: the frontier backend has none of them",
	solve.FrontierPicture:     "the frontier backend finds no tiling to draw: leave out --render and -o (or write --json to -o FILE.json)",
	solve.HiGHSCount:          "the highs backend finds one tiling; count with --backend fila or dlx (or 'polytile compare', which enumerates MIP solutions with no-good cuts)",
	solve.SymmetricShard:      "--shard %s: the symmetric key's orbit problem is searched serially, in one part; leave --shard out",
	solve.SymmetricCheckpoint: "--checkpoint: the symmetric key's orbit problem is searched serially, with no subproblems to record; leave --checkpoint out",
}

// settingUsage is a refusal of solve's settings rules as a usage error
// (settingMessages), nil for nil.
func settingUsage(err error) error {
	var se *solve.SettingError
	switch {
	case errors.As(err, &se) && se.Refusal == solve.SymmetricShard:
		return usageErr(settingMessages[se.Refusal], se.Shard)
	case errors.As(err, &se):
		return usageErr("%s", settingMessages[se.Refusal])
	}
	return usageOf(err)
}

// redundancyUsage is native's refusal of a --redundancy piece as a usage
// error against the flag.
func redundancyUsage(err error) error {
	var re *native.RedundancyPieceError
	if errors.As(err, &re) {
		return usageErr("--redundancy: %s", re.Why)
	}
	return usageOf(err)
}

// checkSolveBackend refuses, before the puzzle is read, what --backend
// cannot do (solve.CheckBackend); it keeps highs's program and solver
// options in f.
func checkSolveBackend(f *solveFlags) error {
	if err := solve.CheckBackend(f.nativeOptions(), f.maxCoverage, f.extras()); err != nil || f.backend != solve.HiGHS {
		return settingUsage(err)
	}
	mode := "exact"
	if f.maxCoverage {
		mode = "max-coverage"
	}
	var err error
	if f.program, err = programOptions(mode, f.formulation, f.strengthen && f.maxCoverage); err != nil {
		return err
	}
	if f.highsOpt, err = f.highs.Resolve(); err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// checkMaxCoverageHeuristic refuses a native flag that does nothing on
// maximum coverage (solve.CheckMaxCoverage).
func checkMaxCoverageHeuristic(f *solveFlags) error {
	if !f.maxCoverage {
		return nil
	}
	err := solve.CheckMaxCoverage(f.nativeOptions(), f.given)
	var idle *native.IdleError
	if err != nil && !errors.As(err, &idle) {
		return usageErr("--heuristic: %v", err)
	}
	return usageOf(err)
}

// solveOutputList lists every file solve writes, for checkOutputs: each
// must differ from the puzzle and from the others.
func solveOutputList(f *solveFlags) []output {
	return []output{{"-o", f.out}, {"--checkpoint", f.checkpoint}}
}
