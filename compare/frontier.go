package compare

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/polytile/polytile/frontier"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
)

// frontierBackend runs the frontier (transfer-matrix) engine: exact
// counts and exact maximum coverage without enumeration. It returns no
// tilings, so it is not a native reference: its counts are checked
// against the reference like an external solver's.
type frontierBackend struct {
	spec string
	opt  frontier.Options
}

// frontierMaxMiB bounds the mem= option (1 TiB).
const frontierMaxMiB = 1 << 20

// frontierFactory reads the options j=N (workers) and mem=MIB (the
// state budget in MiB).
func frontierFactory(spec string, opts []string) (Backend, error) {
	b := &frontierBackend{spec: spec}
	for _, o := range opts {
		key, val, _ := strings.Cut(o, "=")
		n, err := strconv.Atoi(val)
		switch {
		case key == "j" && err == nil && n >= 1 && n <= frontier.MaxWorkers:
			b.opt.Workers = n
		case key == "mem" && err == nil && n >= 1 && n <= frontierMaxMiB:
			b.opt.MaxMemory = int64(n) << 20
		default:
			return nil, fmt.Errorf("unknown or bad option %q (j=1..%d, mem=1..%d MiB)", o, frontier.MaxWorkers, frontierMaxMiB)
		}
	}
	return b, nil
}

func (b *frontierBackend) Name() string         { return b.spec }
func (b *frontierBackend) Native() bool         { return false }
func (b *frontierBackend) Supports(_ Kind) bool { return true }

func (b *frontierBackend) Describe() string {
	return "frontier (transfer-matrix) recurrence: exact counts and maximum coverage without enumeration"
}

// Run counts (all and, by Burnside, unique) or finds the maximum
// coverage. A puzzle out of the engine's reach is a skipped row; a stop
// at the deadline a timeout with no figures (a partial sum of the
// recurrence bounds nothing).
func (b *frontierBackend) Run(ctx context.Context, t Task) (*Outcome, error) {
	if t.Kind == MaxCoverage {
		res, err := frontier.MaxCoverage(ctx, t.Puzzle, b.opt)
		if o, done := frontierStopped(ctx, err); done {
			return o, nil
		}
		if err != nil {
			return nil, err
		}
		return &Outcome{Status: OK, Coverage: ptr(res.Covered), Bound: ptr(res.Covered), Complete: true,
			Seconds: res.Seconds, Work: int64(res.States), WorkUnit: "states", Note: res.Proof}, nil
	}
	// The fixed points of a symmetry can be out of reach where the count
	// of all is not: note says so.
	res, note, err := frontier.CountUniqueIfInReach(ctx, t.Puzzle, b.opt)
	if o, done := frontierStopped(ctx, err); done {
		return o, nil
	}
	if err != nil {
		return nil, err
	}
	o := &Outcome{Status: OK, Complete: true, Seconds: res.Seconds, Work: int64(res.States), WorkUnit: "states", Note: note}
	if !res.All.IsInt64() {
		o.Note = strings.TrimPrefix(note+"; ", "; ") + res.All.String() + " solutions (beyond 64 bits)"
		return o, nil
	}
	o.Solutions = ptr(res.All.Int64())
	if res.Unique != nil && res.Unique.IsInt64() {
		o.Unique = ptr(res.Unique.Int64())
	}
	return o, nil
}

// frontierStopped turns a refusal into a skipped row and a stop into a
// timeout (done reports either).
func frontierStopped(ctx context.Context, err error) (*Outcome, bool) {
	switch {
	case errors.Is(err, frontier.ErrOutOfReach), errors.Is(err, frontier.ErrUnsupported):
		return &Outcome{Status: Skipped, Reason: err.Error()}, true
	case errors.Is(err, frontier.ErrNotCounted):
		o := &Outcome{Status: Timeout, Note: "not counted: a partial sum of the recurrence is no bound"}
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			o.Note = "interrupted; " + o.Note
		}
		return o, true
	}
	return nil, false
}

// frontierBenchCases are the rows of the frontier suite: issue 33's
// speed targets, the frontier engine's count of all tilings on one
// thread beside native's default FILA where FILA finishes in seconds.
// Their known counts come from OEIS (or the example's own count).
func frontierBenchCases() []BenchCase {
	dominoes := func(r, c int) func() (*puzzle.Puzzle, error) {
		return benchBox(r, c, puzzle.Free, map[string]string{"D": "##"})
	}
	tetrominoes := map[string]string{"I": "####", "L": "#../#../##", "O": "##/##", "S": ".##/##.", "T": "###/.#."}
	pentominoes := map[string]string{
		"F": ".##/##./.#.", "I": "#####", "L": "####/#...", "N": "##../.###",
		"P": "##/##/#.", "T": "###/.#./.#.", "U": "#.#/###", "V": "#../#../###",
		"W": "#../##./.##", "X": ".#./###/.#.", "Y": ".#../####", "Z": "##./.#./.##",
	}
	return []BenchCase{
		{ID: "F-1", Puzzle: "dominoes 16x16", build: dominoes(16, 16), ExpectedAll: "2444888770250892795802079170816", Source: "OEIS A004003"},
		{ID: "F-2", Puzzle: "5 tetrominoes 6x6", build: benchBox(6, 6, puzzle.Free, tetrominoes), ExpectedAll: "178939", Source: "OEIS A263425", FILA: true},
		{ID: "F-3", Puzzle: "5 tetrominoes 10x10", build: benchBox(10, 10, puzzle.Free, tetrominoes), ExpectedAll: "72713560548906621", Source: "OEIS A263425"},
		{ID: "F-4", Puzzle: "12 pentominoes unlimited 6x10", build: benchBox(6, 10, puzzle.Free, pentominoes), ExpectedAll: "7845888732", Source: "OEIS A233430"},
		{ID: "F-5", Puzzle: "12 pentominoes unlimited 10x6", build: benchBox(10, 6, puzzle.Free, pentominoes), ExpectedAll: "7845888732", Source: "OEIS A233430"},
		{ID: "F-6", Puzzle: "pentomino-10x6.yaml", ExpectedAll: "9356", Source: "examples/pentomino-10x6.yaml", FILA: true, Choose: true},
	}
}

// benchBox returns a builder of a rows x cols board tiled by the pieces
// (name to art) in unlimited supply, each with the given policy.
func benchBox(rows, cols int, policy puzzle.Policy, pieces map[string]string) func() (*puzzle.Puzzle, error) {
	return func() (*puzzle.Puzzle, error) {
		names := slices.Sorted(maps.Keys(pieces))
		spec := puzzle.Spec{Name: fmt.Sprintf("%dx%d", rows, cols), Dim: 2, Region: puzzle.Box(puzzle.Dims{Width: cols, Height: rows})}
		for _, n := range names {
			cells, err := puzzle.ArtCells(pieces[n], 0)
			if err != nil {
				return nil, fmt.Errorf("piece %s: %w", n, err)
			}
			spec.Pieces = append(spec.Pieces, puzzle.PieceSpec{Name: n, Cells: cells, Unlimited: true, Policy: policy})
		}
		return puzzle.New(spec)
	}
}

// benchFrontier runs a case of the frontier suite: the frontier's count
// of all tilings on one thread, then (when the case says so) the
// automatic choice and native's default FILA count, each under the time
// limit. The row is OK when every count equals the known one and the
// automatic choice keeps FILA where the case checks it.
func benchFrontier(ctx context.Context, p *puzzle.Puzzle, row *BenchRow, opt BenchOptions) {
	limited := func() (context.Context, context.CancelFunc) {
		if opt.TimeLimit > 0 {
			return context.WithTimeout(ctx, opt.TimeLimit)
		}
		return context.WithCancel(ctx)
	}
	cctx, cancel := limited()
	cpu0 := processCPU()
	res, err := frontier.Count(cctx, p, frontier.Options{Workers: 1})
	cpu := processCPU() - cpu0
	timedOut := errors.Is(err, frontier.ErrNotCounted)
	cancel()
	switch {
	case timedOut:
		row.Status, row.Reason = Timeout, "frontier not counted: a partial sum of the recurrence is no bound"
		return
	case err != nil:
		row.Status, row.Reason = Error, err.Error()
		return
	}
	row.Seconds, row.Count, row.States, row.CPUSeconds = res.Seconds, res.All.String(), res.States, cpu
	if res.All.IsInt64() {
		row.All = res.All.Int64()
	}
	var wrong []string
	if row.ExpectedAll != "" && row.Count != row.ExpectedAll {
		wrong = append(wrong, fmt.Sprintf("frontier %s solutions, known: %s", row.Count, row.ExpectedAll))
	}
	if row.Choose {
		start := time.Now()
		c := frontier.Choose(ctx, p, frontier.Options{})
		row.ChooseSeconds = time.Since(start).Seconds()
		row.Choice = c.Reason
		if c.Frontier {
			wrong = append(wrong, "the automatic choice takes the frontier, not FILA")
		}
	}
	if row.FILA {
		cctx, cancel := limited()
		cfg := native.DefaultConfig(p)
		if opt.OnProgress != nil {
			cfg.OnProgress = func(pg native.Progress) { opt.OnProgress(row.BenchCase, pg) }
		}
		cpu0 := processCPU()
		nr, err := native.Solve(cctx, p, cfg)
		cpu := processCPU() - cpu0
		cancel()
		switch {
		case err != nil:
			row.FILAStatus, row.Reason = Error, "FILA: "+err.Error()
		case nr.Interrupted:
			row.FILAStatus = Timeout
		case row.ExpectedAll != "" && strconv.FormatInt(nr.All, 10) != row.ExpectedAll:
			row.FILAStatus = Disagree
			wrong = append(wrong, fmt.Sprintf("FILA %s solutions, known: %s", num(nr.All), row.ExpectedAll))
		default:
			row.FILAStatus, row.FILASeconds, row.FILACPUSeconds = OK, nr.Seconds, cpu
		}
	}
	row.Status = OK
	switch {
	case len(wrong) > 0:
		row.Status, row.Reason = Disagree, strings.Join(wrong, "; ")
	case row.FILAStatus == Error:
		row.Status = Error
	}
}

// frontierBenchKey explains the frontier suite's columns (%s: the suite).
const frontierBenchKey = "Suite %s. Counts of all tilings (every rotation and reflection), on one thread: the frontier " +
	"(transfer-matrix) engine, and native's default FILA where it enumerates them in seconds (\"not run\": too many " +
	"solutions to enumerate). Times are wall seconds, CPU the process's CPU seconds meanwhile (the garbage collector's " +
	"included), which a loaded machine inflates less. \"FILA / frontier\" is FILA's CPU time over the frontier's " +
	"(wall times where CPU times are unknown; above 1: the frontier is faster). " +
	"The automatic choice is that of solve --count with no backend: the backend it picks, its time, and " +
	"the time of the choice and FILA over FILA's alone.\n"

// writeFrontierBench writes the frontier suite's table: per case the
// known count, the frontier's time (wall and CPU) and largest layer,
// FILA's where it ran, the ratio of FILA's CPU time to the frontier's
// (of their wall times where CPU times are unknown), and the automatic
// choice.
func writeFrontierBench(w io.Writer, rep *BenchReport, f Format) error {
	if f == CSV {
		return writeFrontierBenchCSV(w, rep)
	}
	type rowCells struct{ id, puzzle, sol, ft, fcpu, states, fila, filaCPU, ratio, choice, source string }
	var cells []rowCells
	for _, r := range rep.Rows {
		c := rowCells{id: r.ID, puzzle: r.Puzzle, sol: groupDigits(r.Count), ft: Seconds(r.Seconds), fcpu: cpuText(r.CPUSeconds),
			states: num(int64(r.States)), fila: "-", filaCPU: "-", ratio: "-", source: r.Source}
		switch r.Status {
		case Timeout:
			c.sol, c.ft, c.fcpu, c.states = "not counted (timeout)", "-", "-", "-"
		case Error:
			c.sol, c.ft, c.fcpu, c.states = "error: "+r.Reason, "-", "-", "-"
		case Disagree:
			c.sol += " (" + r.Reason + ")"
		}
		switch r.FILAStatus {
		case OK:
			c.fila, c.filaCPU = Seconds(r.FILASeconds), cpuText(r.FILACPUSeconds)
			switch {
			case r.Status != OK:
			case r.CPUSeconds > 0 && r.FILACPUSeconds > 0:
				c.ratio = fmt.Sprintf("%.3gx", r.FILACPUSeconds/r.CPUSeconds)
			case r.Seconds > 0:
				c.ratio = fmt.Sprintf("%.3gx", r.FILASeconds/r.Seconds)
			}
		case "":
			c.fila = "not run"
		default:
			c.fila = string(r.FILAStatus)
		}
		if r.Choice != "" {
			who, _, _ := strings.Cut(r.Choice, ":")
			c.choice = fmt.Sprintf("%s, in %s", who, Seconds(r.ChooseSeconds))
			if r.FILAStatus == OK && r.FILASeconds > 0 {
				c.choice += fmt.Sprintf(" (%.3gx FILA alone)", (r.ChooseSeconds+r.FILASeconds)/r.FILASeconds)
			}
		}
		cells = append(cells, c)
	}
	var b strings.Builder
	if f == Text {
		// The terminal layout: what was counted, then the times; the
		// automatic choice under the tables.
		what := newTable(&b, f, []string{"case", "puzzle", "solutions", "source"}, 2)
		for _, c := range cells {
			if err := what.Append([]string{c.id, c.puzzle, c.sol, c.source}); err != nil {
				return err
			}
		}
		if err := what.Render(); err != nil {
			return err
		}
		b.WriteString("\n")
		times := newTable(&b, f, []string{"case", "frontier time", "CPU", "states", "FILA time", "CPU", "FILA / frontier"}, 1, 2, 3, 4, 5, 6)
		for _, c := range cells {
			if err := times.Append([]string{c.id, c.ft, c.fcpu, c.states, c.fila, c.filaCPU, c.ratio}); err != nil {
				return err
			}
		}
		if err := times.Render(); err != nil {
			return err
		}
		for _, c := range cells {
			if c.choice != "" {
				fmt.Fprintf(&b, "%s, automatic choice: %s\n", c.id, c.choice)
			}
		}
		b.WriteString("\n" + textio.Wrap(fmt.Sprintf(frontierBenchKey, rep.Suite), textWidth))
	} else {
		header := []string{"case", "puzzle", "solutions", "frontier time", "CPU", "states", "FILA time", "CPU", "FILA / frontier", "automatic choice", "source"}
		tab := newTable(&b, f, header, 2, 3, 4, 5, 6, 7, 8)
		for _, c := range cells {
			if err := tab.Append([]string{c.id, c.puzzle, c.sol, c.ft, c.fcpu, c.states, c.fila, c.filaCPU, c.ratio, c.choice, c.source}); err != nil {
				return err
			}
		}
		if err := tab.Render(); err != nil {
			return err
		}
		if f == Markdown {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, frontierBenchKey, rep.Suite)
	}
	return writeBenchEnd(w, &b, rep.Machine, f)
}

func writeFrontierBenchCSV(w io.Writer, rep *BenchReport) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"case", "puzzle", "status", "solutions", "expected", "frontier_seconds", "frontier_cpu_seconds", "states",
		"fila_status", "fila_seconds", "fila_cpu_seconds", "choice", "choose_seconds", "source", "reason"})
	sec := func(s float64) string { return strconv.FormatFloat(s, 'f', 6, 64) }
	for _, r := range rep.Rows {
		cw.Write([]string{r.ID, r.Puzzle, string(r.Status), r.Count, r.ExpectedAll, sec(r.Seconds), sec(r.CPUSeconds), strconv.Itoa(r.States),
			string(r.FILAStatus), sec(r.FILASeconds), sec(r.FILACPUSeconds), r.Choice, sec(r.ChooseSeconds), r.Source, r.Reason})
	}
	cw.Flush()
	return cw.Error()
}

// cpuText is a CPU time, or "-" when unknown.
func cpuText(s float64) string {
	if s <= 0 {
		return "-"
	}
	return Seconds(s)
}

// groupDigits writes a decimal count in groups of three digits ("" stays
// empty).
func groupDigits(s string) string {
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// frontier reports a report of the frontier suite (rows of the frontier
// engine), which has a table of its own.
func (rep *BenchReport) frontier() bool {
	return len(rep.Rows) > 0 && rep.Rows[0].Engine == "frontier"
}

// frontierBenchChart is a bar chart of the frontier suite's times: the
// frontier's and FILA's, per case.
func frontierBenchChart(rep *BenchReport) render.Chart {
	c := render.Chart{Title: "Frontier and FILA counts on this machine (suite " + rep.Suite + ")", Axis: "time", Unit: "s"}
	for _, r := range rep.Rows {
		if r.Status == OK && r.Seconds > 0 {
			c.Bars = append(c.Bars, render.Bar{Label: r.ID, Series: "frontier", Value: r.Seconds})
		}
		if r.FILAStatus == OK && r.FILASeconds > 0 {
			c.Bars = append(c.Bars, render.Bar{Label: r.ID, Series: "FILA", Value: r.FILASeconds})
		}
	}
	return c
}
