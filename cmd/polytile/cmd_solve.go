package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
	"github.com/polytile/polytile/shard"
)

// solveFlags are the flags of `polytile solve` as given, and the state a
// run derives from them (solveState), zero until runSolve fills it in its
// own copy.
type solveFlags struct {
	backend, heuristic, shard, redundancy, from string
	count, unique, nof, maxCoverage, stats      bool
	volumeSet                                   bool
	given                                       native.Settings // the native settings given (idleflags.go)
	asJSON, jsonLines                           bool
	limit                                       int64
	filaAt, volume, workers                     int
	timeLimit                                   time.Duration
	renderFormat, out                           string
	checkpoint                                  string
	formulation                                 string
	strengthen, noWarmStart                     bool
	highs                                       highsFlags
	key                                         countKeyReq // countkeywrite.go

	solveState
}

// solveState is what a solve derives from its flags while it runs.
type solveState struct {
	ckPrev      *shard.Checkpoint    // --checkpoint as read before the puzzle (checkCheckpoint)
	unplaceable []string             // shardunplaceable.go
	decided     bool                 // no exact tiling, known before the search (shardunplaceable.go)
	program     model.ProgramOptions // highs: checkSolveBackend
	highsOpt    highs.Options        // highs: checkSolveBackend

	// Set by prepareSolveOutputs: stream receives each solution of a
	// --limit search (a text picture drawn as it comes), and keepNone
	// tells the native search not to hold the solutions.
	stream   func(puzzle.Tiling)
	keepNone bool
}

// solveOptions are the inputs of one solve: the puzzle (a path or "-"),
// the flags as given, and what the caller injects.
type solveOptions struct {
	path  string
	flags solveFlags
	// afterSearch, when not nil, runs once the search has returned, with
	// the command's context (a test holds the command there until its
	// time limit has passed).
	afterSearch func(ctx context.Context)
}

// runSolve runs one solve: the flags are checked and the run's state is
// kept in a copy of o.flags.
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
		Args: exactArgs(1, "PUZZLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			f.volumeSet = cmd.Flags().Changed("volume")
			f.given = givenSettings(cmd.Flags().Changed) // idleflags.go
			f.key.words = changedWords(cmd.Flags())      // countkeywrite.go
			return a.runSolve(cmd.Context(), solveOptions{path: args[0], flags: f, afterSearch: afterSearch})
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.backend, "backend", "fila", "fila, dlx, highs or frontier")
	fl.BoolVar(&f.count, "count", false, "count all solutions")
	int64Flag(fl, &f.limit, "limit", 0, 0, limits.MaxSolutions, "print the first N (0: all)")
	fl.BoolVar(&f.unique, "unique", false, "one per symmetry class (a count unless --limit)")
	fl.StringVar(&f.heuristic, "heuristic", "", "f, e, s, radial or a schedule (e=11:f=3)")
	fl.BoolVar(&f.nof, "nof", native.DefaultNOF, "neighbour occupancy filtering")
	intFlag(fl, &f.filaAt, "fila-at", "", 0, 0, limits.MaxPieceLevel, "DLX to FILA at N pieces left")
	intFlag(fl, &f.volume, "volume", "", 0, -1, limits.MaxPieceLevel, "volume filter, =N to N pieces").NoOptDefVal = "-1"
	fl.StringVar(&f.redundancy, "redundancy", "", "pin PIECE, auto or none")
	intFlag(fl, &f.workers, "jobs", "j", 1, 1, limits.MaxWorkers, "workers for --count")
	fl.StringVar(&f.shard, "shard", "", "I/N (0-based) or auto[/N]; docs/cluster.md")
	fl.StringVar(&f.checkpoint, "checkpoint", "", "--count: save and resume progress in FILE")
	fl.BoolVar(&f.maxCoverage, "max-coverage", false, "cover as many cells as possible")
	durationFlag(fl, &f.timeLimit, "time-limit", 0, 0, limits.MaxTimeLimit, "stop after this long")
	fl.BoolVar(&f.stats, "stats", false, "search statistics per number of pieces left")
	fl.BoolVar(&f.asJSON, "json", false, "print one JSON object")
	fl.BoolVar(&f.jsonLines, "jsonl", false, "one JSON line per solution, then the summary")
	fl.StringVar(&f.renderFormat, "render", "", "ascii, ansi, svg, png (default: by -o)")
	fl.StringVarP(&f.out, "output", "o", "-", "picture file (.svg .png .txt .ans)")
	fl.StringVar(&f.formulation, "formulation", model.DefaultFormulation.String(), "highs: seed or packing")
	fl.BoolVar(&f.strengthen, "strengthen", false, "highs --max-coverage: add the area bound")
	fl.BoolVar(&f.noWarmStart, "no-warm-start", false, "highs --max-coverage: no native start tiling")
	addFromFlag(fl, &f.from)
	addHighsFlags(fl, &f.highs)
	addCountKeyFlags(fl, &f.key)
	return c
}

// solveOutcome is what every backend reports; it is printed as text or JSON.
type solveOutcome struct {
	Puzzle      string          `json:"puzzle"`
	File        string          `json:"file"`
	Backend     string          `json:"backend"`
	Config      string          `json:"config,omitempty"`
	Mode        string          `json:"mode"`
	Seconds     float64         `json:"seconds"`
	Solutions   *int64          `json:"solutions,omitempty"`
	Unique      *int64          `json:"unique,omitempty"`
	Nodes       int64           `json:"nodes"`
	Complete    bool            `json:"complete"`
	Interrupted bool            `json:"interrupted,omitempty"`
	TimedOut    bool            `json:"timed_out,omitempty"`
	Symmetries  int             `json:"symmetries,omitempty"`
	Pinned      string          `json:"redundancy_piece,omitempty"`
	Coverage    *int            `json:"coverage,omitempty"`
	Cells       int             `json:"cells"`
	Optimal     *bool           `json:"optimal,omitempty"`
	Bound       *int            `json:"bound,omitempty"`
	Gap         *float64        `json:"gap,omitempty"`
	Proof       string          `json:"proof,omitempty"`
	Stats       *statsJSON      `json:"stats,omitempty"`
	Shard       *shard.Result   `json:"shard,omitempty"`
	Tilings     [][]placementJS `json:"tilings"`
	Reason      string          `json:"reason,omitempty"` // why there is no search (nojson.go)
	tilings     []puzzle.Tiling
	found       bool       // at least one tiling or solution
	big         *bigCounts // the frontier's exact counts (solve_frontier.go)
}

// placementJS is one placed piece in JSON: the piece, its orientation
// (index into the piece's distinct orientations, as in 'polytile info'), and
// where the minimum corner of the oriented shape's bounding box lies: row
// (0 is the top line of the board's art), col (0 the left column) and, in
// 3D, layer. "at" is the same anchor as a list [row, col] or [row, col,
// layer], kept for compatibility.
type placementJS struct {
	Piece  string `json:"piece"`
	Orient int    `json:"orientation"`
	At     []int  `json:"at"`
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Layer  *int   `json:"layer,omitempty"`
}

func tilingJSON(p *puzzle.Puzzle, t puzzle.Tiling) []placementJS {
	out := make([]placementJS, len(t.Placements))
	for n, pl := range t.Placements {
		at := []int{pl.At.I, pl.At.J}
		out[n] = placementJS{Piece: p.Pieces[pl.Piece].Name, Orient: pl.Orient, Row: pl.At.I, Col: pl.At.J}
		if p.Dim == 3 {
			at = append(at, pl.At.L)
			layer := pl.At.L
			out[n].Layer = &layer
		}
		out[n].At = at
	}
	return out
}

// solve is runSolve's body, f the run's own flags.
func (a *app) solve(ctx context.Context, path string, f *solveFlags, afterSearch func(context.Context)) error {
	// One deadline for the whole command, made first: reading the puzzle,
	// building its images, the filters and the search all count.
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
	// A bad schedule is the flag's fault, said before the puzzle is read
	// and built.
	if err := native.CheckSchedule(f.heuristic); err != nil {
		return usageErr("--heuristic: %s", strings.TrimPrefix(err.Error(), "native: "))
	}
	if f.unique && f.limit == 0 {
		f.count = true // --unique alone asks for the number of distinct solutions
	}
	// The backend and its own options are the flags' fault whatever the
	// puzzle: said before it is read, so that a puzzle whose reading
	// answers "no tiling" (exit 1) does not hide them.
	if err := checkSolveBackend(f); err != nil {
		return err
	}
	var picFormat render.Format
	if f.renderFormat != "" || f.out != "-" && !jsonOutput(f) {
		var err error
		if picFormat, err = a.pictureFormat("--render", f.renderFormat, f.out); err != nil {
			// -o x with --json or --jsonl meant the JSON, which goes
			// to -o only as FILE.json (jsonOutput), and --jsonl's lines
			// only to stdout: say so, not only pictures.
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
	// Every output is checked here, once: an -o that cannot be written is
	// said before the reading's own answer ("no tiling", exit 1).
	if err := a.checkSolveOutputs(path, f); err != nil {
		return err
	}
	// --checkpoint and its file are the flags' fault whatever the puzzle:
	// said before a reading that answers "no tiling" (exit 1).
	if err := checkCheckpoint(f); err != nil {
		return err
	}
	loadStart := time.Now()
	// The puzzle file is opened once: the count key's SHA-256 is of the
	// bytes read here.
	src := &f.key.src
	p, err := a.loadPuzzleFrom(ctx, path, src.read(path, a.stdin), f.from, unplaceableFor(f.maxCoverage))
	if err == nil && !f.maxCoverage {
		// A puzzle the area or colouring bound proves infeasible is
		// answered at once, with the proof, whatever the backend: no
		// search or solver can do better than a proof.
		err = provenInfeasible(p)
	}
	if err != nil {
		p, err = a.unplaceableShard(f, err) // shardunplaceable.go
	}
	if err != nil {
		return a.solveLoadFailed(path, f, picFormat, loadStart, err) // nojson.go
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
		// The summary file (a shard's result) is opened before the search,
		// as the pictures are: a FIFO's reader is waited for under the
		// time limit and signals, and the result is then written whatever
		// stopped the search.
		create := func() (*atomicfile.File, error) { return atomicfile.CreateContext(ctx, f.out, a.stdout) }
		if f.key.path != "" {
			// A count's result, read back from its directory: a regular
			// file, never a FIFO waited on (checkCountFiles).
			create = func() (*atomicfile.File, error) { return atomicfile.CreateRegular(f.out) }
		}
		if summary, err = create(); err != nil {
			return openOutputErr(ctx, "-o", err)
		}
		defer summary.Abort()
	}
	line := progress.New(a.stderr, a.quiet || f.asJSON && !progress.IsTerminal(a.stderr))
	var o *solveOutcome
	switch f.backend {
	case "fila", "dlx", "frontier":
		o, err = a.solveNativeOrFrontier(sctx, p, f, line) // solve_frontier.go
	case "highs":
		o, err = a.solveHiGHS(sctx, p, f, line)
	}
	line.Done()
	if err == errKeyOnly {
		return nil // --count-key-only: the key is in place
	}
	if err != nil {
		return err
	}
	if afterSearch != nil {
		afterSearch(ctx)
	}
	o.Puzzle, o.File, o.Cells = p.Name, path, p.Area()
	// The time limit cut the search short: not a search that ended by
	// itself (a complete count) and met the deadline only after, which is
	// complete.
	if o.Interrupted && ctx.Err() == context.DeadlineExceeded && a.signal.Load() == 0 {
		o.TimedOut = true
	}
	if o.Optimal != nil && *o.Optimal {
		// Proven before the stop: the answer is complete, not partial.
		o.TimedOut = false
	}
	if o.Tilings == nil {
		o.Tilings = [][]placementJS{}
	}
	if err := a.printOutcome(ctx, f, o, pics, summary); err != nil {
		return err
	}
	return a.solveExit(f, o, pics != nil && pics.skipped)
}

// solveExit is solve's own exit once its outcome o is written (skipped:
// the picture asked for was not).
func (a *app) solveExit(f *solveFlags, o *solveOutcome, skipped bool) error {
	switch {
	case o.Interrupted && a.signal.Load() != 0 && !a.lateSignal.Load():
		// Exit code from the signal. A late one (after the result was
		// committed) stopped nothing: the search was cut short by the
		// time limit, and the exit is the command's.
		return nil
	case skipped:
		return noSolution // the picture asked for was not written
	case !o.found && f.shard != "" && f.count && !o.TimedOut && !o.Interrupted:
		// A shard that finished its part of a count answered: its part has
		// no solution. Exit 1 would make Slurm, Kubernetes and GNU parallel
		// count it as failed and run it again.
		return nil
	case !o.found:
		return noSolution
	case o.TimedOut && f.count:
		return noSolution // the count is incomplete
	}
	return nil
}

// printOutcome writes the pictures (stdout or -o) and the summary (to
// summary, the -o file opened for it, when not nil).
func (a *app) printOutcome(ctx context.Context, f *solveFlags, o *solveOutcome, pics *pictures, summary *atomicfile.File) error {
	// Results are written even after an interrupt (commitResult).
	commit := func(file *atomicfile.File) error { return a.commitResult(f, o, file) }
	if err := pics.finish(o.tilings, commit); err != nil {
		return err
	}
	var err error
	switch {
	case summary != nil: // the summary is the -o file (a shard's result)
		if err = writeJSONWithin(ctx, summary, o.jsonValue(), true); err == nil {
			return commit(summary)
		}
	case f.asJSON || f.jsonLines:
		err = writeJSONWithin(ctx, a.stdout, o.jsonValue(), f.asJSON)
	default:
		return o.text(a.summaryTo(pics))
	}
	if errors.Is(err, errJSONLate) {
		// Said as the picture's is; exit 1 after a time limit (a signal
		// gives its own code).
		fmt.Fprintf(a.stderr, "note: %v\n", err)
		return &exitError{code: exitNoSolution}
	}
	return err
}

// commitResult renames solve's result file (the -o JSON summary or the
// picture) into place at the commit point (commitpoint.go). A search
// that ran to its end writes a result that says so (a complete count, the
// tiling found): a signal before the rename leaves nothing and gives its
// exit (130 / 143), one after it the command's own exit, as for export and
// render. A search cut short (Interrupted: by the time limit or by the
// signal itself) writes what it found, marked so, whatever comes after;
// so does an output written in place (stdout, a device, a FIFO: what was
// written is out, and the summary follows it).
func (a *app) commitResult(f *solveFlags, o *solveOutcome, file *atomicfile.File) error {
	a.commitExit.Store(int32(exitCodeOf(a.solveExit(f, o, false)))) // a hard exit after the rename (app.go)
	ctx := a.ctx
	if o.Interrupted || !file.Renames() || ctx == nil {
		ctx = context.Background() // never done: written whatever comes
	}
	return a.commitComplete(ctx, file)
}

// exitCodeOf is the exit of a command that returned err without a signal
// (exitError's code; 0 for nil).
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

// errJSONLate is the error of a JSON summary not encoded within drawGrace
// of the stop.
var errJSONLate = fmt.Errorf("the JSON summary was not finished within %v of the stop (time limit or signal): not written", drawGrace)

// writeJSONWithin is writeJSONLine for a summary that is written after
// the stop too (a time limit or a signal), within drawGrace of it, as the
// pictures are: encoding/json reads no context, and the tiling of a
// million cells takes seconds to encode (1.8 s for 1023x1025 monominoes,
// where SIGINT met the watchdog, "still running 1s after the signal").
// The encoding runs aside into memory; when ctx and the grace end first,
// nothing is written and the error is errJSONLate.
func writeJSONWithin(ctx context.Context, w io.Writer, v any, indent bool) error {
	jctx, release := ctxio.Grace(ctx, drawGrace)
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
	return jsonEncoder(w).Encode(v)
}

func (o *solveOutcome) text(w io.Writer) error {
	var b strings.Builder
	row := func(k, format string, args ...any) { fmt.Fprintf(&b, "%-11s %s\n", k, fmt.Sprintf(format, args...)) }
	row("puzzle", "%s", orDefault(o.Puzzle, o.File))
	cfg := o.Backend
	if o.Config != "" {
		cfg += " (" + o.Config + ")"
	}
	row("backend", "%s", cfg)
	if o.Coverage != nil {
		cov := fmt.Sprintf("%d of %d cells", *o.Coverage, o.Cells)
		if o.Optimal != nil && *o.Optimal {
			cov += ", optimal"
		}
		row("coverage", "%s", cov)
		if o.Bound != nil {
			g := ""
			if o.Gap != nil && *o.Gap > 0 {
				g = " (gap " + formatGap(*o.Gap) + ")"
			}
			row("bound", "%d%s", *o.Bound, g)
		}
		if o.Proof != "" {
			row("proof", "%s", o.Proof)
		}
	}
	if o.Solutions != nil || o.big != nil {
		row("solutions", "%s", o.countText()) // solve_frontier.go
	}
	if o.Pinned != "" {
		exact := "counts exact: " // not said of a stopped count's lower bounds
		if o.lowerBound() {
			exact = ""
		}
		row("redundancy", "piece %s pinned to one image per symmetry class (%seach canonical solution stands for its orbit)", o.Pinned, exact)
	}
	if o.Shard != nil {
		label := "shard"
		if o.Shard.Count <= 1 {
			label = "checkpoint"
		}
		row(label, "%s", o.Shard.Text())
	}
	if o.Nodes > 0 {
		row("nodes", "%d", o.Nodes)
	}
	row("time", "%s", compare.Seconds(o.Seconds))
	switch {
	case o.Interrupted && !o.TimedOut:
		row("stopped", "interrupted: the figures above are partial")
	case o.TimedOut:
		row("stopped", "time limit reached: the figures above are partial")
	}
	if o.Stats != nil {
		b.WriteString("\n")
		o.Stats.text(&b)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// parseShard reads "I/N" or "auto" (resolveShard).
func parseShard(s string) (int, int, error) { return resolveShard(s) }

// nativeConfig turns the flags into a native.Config (native.Options,
// whose defaults are native.DefaultConfig's), refusing a flag that does
// nothing on p and the shard and checkpoint flags of a symmetric key.
func nativeConfig(p *puzzle.Puzzle, f *solveFlags) (native.Config, error) {
	cfg := f.nativeOptions().Resolve(p)
	// The number of remaining pieces is unknown with an unlimited piece:
	// FILA starts at once and the schedule's first heuristic runs
	// throughout (native.Config): a level would do nothing, and is refused.
	if err := idleFlags(p, false, f, cfg.Algorithm == native.FILA); err != nil {
		return cfg, err
	}
	if p != nil && p.Symmetric != nil {
		// One serial DLX on the orbit problem (native/symmetric.go): no
		// split to shard or to record. Said here, before a search or a
		// decided answer, as the idle flags are.
		switch {
		case f.shard != "":
			return cfg, usageErr("--shard %s: the symmetric key's orbit problem is searched serially, in one part; leave --shard out", f.shard)
		case f.checkpoint != "":
			return cfg, usageErr("--checkpoint: the symmetric key's orbit problem is searched serially, with no subproblems to record; leave --checkpoint out")
		}
	}
	i, n, err := parseShard(f.shard)
	if err != nil {
		return cfg, err
	}
	cfg.Shard = native.Shard{Index: i, Count: n}
	return cfg, nil
}

// nativeOptions are the native settings solve's flags give.
func (f *solveFlags) nativeOptions() native.Options {
	return native.Options{
		Algorithm: f.backend, FilaAt: f.filaAt, Schedule: f.heuristic, NOF: f.nof,
		Volume: f.volume, VolumeSet: f.volumeSet, Redundancy: f.redundancy,
		Workers: f.workers, Stats: f.stats, Unique: f.unique, Count: f.count, Limit: f.limit,
	}
}

func (a *app) solveNative(ctx context.Context, p *puzzle.Puzzle, f *solveFlags, line *progress.Line) (*solveOutcome, error) {
	if f.maxCoverage {
		return a.maxCoverageNative(ctx, p, f, line)
	}
	cfg, err := nativeConfig(p, f)
	if err != nil {
		return nil, err
	}
	if f.jsonLines {
		enc := jsonEncoder(a.stdout)
		cfg.OnSolution = func(t puzzle.Tiling) { enc.Encode(map[string]any{"solution": tilingJSON(p, t)}) }
	}
	if f.stream != nil { // a text picture drawn as the solutions come
		cfg.OnSolution = bothSolutions(cfg.OnSolution, f.stream)
	}
	if f.keepNone { // streamed above: hold none (memory stays flat)
		cfg.Keep = -1
	}
	cfg.OnProgress = func(pg native.Progress) {
		s := fmt.Sprintf("nodes %s (%s/s)  solutions so far %s  %s", progress.Count(pg.Nodes),
			progress.Rate(pg.Nodes, line.Elapsed()), progress.Count(pg.Solutions), compare.Seconds(pg.Seconds))
		if pg.Fraction > 0 && pg.Fraction < 1 {
			s += fmt.Sprintf("  ~%.1f%% of the tree", 100*pg.Fraction)
		}
		line.Update(s)
	}
	sr, err := a.startShard(p, p.Source, f, &cfg)
	if err != nil {
		return nil, err
	}
	if err := a.shardKey(p, f, sr, &cfg); err != nil { // countkeywrite.go
		return nil, err
	}
	sw := watchSplit(p, f, &cfg) // after startShard: chained with its hook
	var res *native.Result
	if f.decided { // no exact tiling: decided when the puzzle was read
		if res, err = native.Decided(cfg); err == nil {
			syms, _ := p.SymmetriesContext(ctx) // for --unique's note; none if cancelled
			res.Symmetries = puzzle.GroupOrder(syms)
		}
	} else {
		res, err = native.Solve(ctx, p, cfg)
	}
	if sr != nil && sr.matchErr != nil {
		return nil, sr.matchErr
	}
	if err := keyStopped(f, sr); err != nil {
		return nil, err
	}
	if errors.Is(err, native.ErrRedundancyPiece) {
		return nil, redundancyUsage(err)
	}
	if err != nil {
		return nil, usageErr("%v", err)
	}
	o := &solveOutcome{
		Backend: f.backend, Config: cfg.Describe(hasUnlimited(p)), Seconds: res.Seconds, Nodes: res.Nodes,
		Complete: res.Complete(), Interrupted: res.Stopped(),
		Symmetries: res.Symmetries, Pinned: res.RedundancyPiece, tilings: res.First,
		found: res.All > 0 || len(res.First) > 0,
	}
	if res.Note != "" { // symmetric solutions: the orbit problem's DLX
		o.Config = res.Note
	} else if cfg.Volume != 0 {
		if d := native.Disconnected(p); len(d) > 0 {
			o.Config += fmt.Sprintf(", not face-connected: %s (volume filter off until placed)", strings.Join(d, ", "))
		}
	}
	o.Mode = "first"
	switch {
	case f.count:
		o.Mode = "count"
	case f.limit > 0:
		o.Mode = "limit"
	}
	all, uniq := res.All, res.Unique
	o.Solutions = &all
	if f.unique || f.count {
		o.Unique = &uniq
	}
	for _, t := range res.First {
		o.Tilings = append(o.Tilings, tilingJSON(p, t))
	}
	if res.Stats != nil {
		o.Stats = newStatsJSON(res.Stats)
		o.Stats.Split = sw.summary(res, cfg)
	}
	if sr != nil {
		o.Puzzle = p.Name
		if err := sr.finish(res, o); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// statsJSON is the article's Tables 2-5: per number of remaining pieces
// (or per depth for unlimited supplies), attempts, fits and no-fits.
type statsJSON struct {
	By       string      `json:"by"` // "remaining pieces" or "depth"
	Levels   []levelJSON `json:"levels"`
	Attempts int64       `json:"attempts"`
	Fits     int64       `json:"fits"`
	NoFits   int64       `json:"no_fits"`
	// MemoHits and MemoSaved: FILA nodes the transposition table answered
	// and the fits of their subtrees, not made (native.Stats).
	MemoHits  int64 `json:"memo_hits,omitempty"`
	MemoSaved int64 `json:"memo_saved_fits,omitempty"`
	// Split is the balance of a parallel or sharded search (splitstats.go).
	Split *splitJSON `json:"split,omitempty"`
}

type levelJSON struct {
	Level    int   `json:"level"`
	Attempts int64 `json:"attempts"`
	Fits     int64 `json:"fits"`
	NoFits   int64 `json:"no_fits"`
}

func newStatsJSON(s *native.Stats) *statsJSON {
	out := &statsJSON{By: "remaining pieces"}
	if s.ByDepth {
		out.By = "depth"
	}
	for l := range s.Attempts {
		at, fi := s.Attempts[l], s.Fits[l]
		if at == 0 && fi == 0 {
			continue
		}
		out.Levels = append(out.Levels, levelJSON{Level: l, Attempts: at, Fits: fi, NoFits: at - fi})
		out.Attempts += at
		out.Fits += fi
	}
	out.NoFits = out.Attempts - out.Fits
	out.MemoHits, out.MemoSaved = s.MemoHits, s.MemoSaved
	return out
}

func (s *statsJSON) text(w io.Writer) {
	fmt.Fprintf(w, "%-9s %14s %14s %14s\n", s.By[:min(len(s.By), 9)], "attempts", "fits", "no-fits")
	for _, l := range s.Levels {
		fmt.Fprintf(w, "%-9d %14d %14d %14d\n", l.Level, l.Attempts, l.Fits, l.NoFits)
	}
	fmt.Fprintf(w, "%-9s %14d %14d %14d\n", "total", s.Attempts, s.Fits, s.NoFits)
	if s.MemoHits > 0 {
		fmt.Fprintf(w, "memo: %d nodes counted from the table, saving %d fits (%d fits without it)\n", s.MemoHits, s.MemoSaved, s.Fits+s.MemoSaved)
	}
	if s.Split != nil {
		s.Split.text(w)
	}
}

// hasUnlimited reports whether some piece of p has an unlimited supply.
func hasUnlimited(p *puzzle.Puzzle) bool {
	_, unl := p.PieceArea()
	return unl
}

// redundancyUsage turns native's refusal of a --redundancy piece
// (ErrRedundancyPiece) into a usage error against the flag: the flag's
// value is at fault.
func redundancyUsage(err error) error {
	_, why, _ := strings.Cut(err.Error(), native.ErrRedundancyPiece.Error()+": ")
	return usageErr("--redundancy: %s", why)
}

// solveOutputList lists every file solve writes, for checkOutputs: the
// picture or --json result (-o) and the --checkpoint, which is rewritten
// every few seconds and at the end. Each must differ from the puzzle and
// from the others: a result written over the checkpoint made the next
// run refuse it as "not a polytile checkpoint".
func solveOutputList(f *solveFlags) []output {
	return []output{{"-o", f.out}, {"--checkpoint", f.checkpoint}}
}
