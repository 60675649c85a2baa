package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/cliout"
	"github.com/polytile/polytile/internal/ctxio"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
)

// output is one file a command will write: the flag that names it and the
// path ("-" for stdout, "" for none).
type output struct{ flag, path string }

// checkOutputs refuses (exit 2) an output that is an input or another
// output or cannot be written, and a stdout redirected to an input.
func (a *app) checkOutputs(inputs []string, outs ...output) error {
	if err := a.checkStdout(inputs...); err != nil {
		return err
	}
	list := make([]cliout.Output, len(outs))
	for i, o := range outs {
		list[i] = cliout.Output{Flag: o.flag, Path: o.path}
	}
	return usageOf(cliout.Check(inputs, list...))
}

// asUsage returns v, and err as a usage error (usageOf).
func asUsage[T any](v T, err error) (T, error) { return v, usageOf(err) }

// usageOf is err as a usage error (exit 2), nil for nil.
func usageOf(err error) error {
	if err != nil {
		return usageErr("%v", err)
	}
	return nil
}

// maxJSONCells bounds the tilings of one --json object, counted in board
// cells; --jsonl streams instead.
const maxJSONCells = 1 << 22

// pictures is the picture output of a solve: opened before the search,
// written by stream as solutions arrive (text formats with --limit) or by
// finish from the tilings kept.
type pictures struct {
	file     *atomicfile.File
	format   render.Format
	toStdout bool
	opt      render.Options
	p        *puzzle.Puzzle
	drawn    int
	err      error
	stop     func()      // stops the search after a failed write
	late     func() bool // the drawing outlived its grace after the stop (drawingContext)
	release  func()      // ends the drawing context (drawingContext); abort calls it
	stderr   io.Writer
	skipped  bool // not written: its drawing outlived the grace (exit 1)
}

// checkSolveOutputs runs the checks of solve's outputs that need no
// puzzle (checkOutputs, and a --checkpoint that stdout is redirected to).
func (a *app) checkSolveOutputs(path string, f *solveFlags) error {
	if err := a.checkOutputs([]string{path}, solveOutputList(f)...); err != nil {
		return err
	}
	if f.checkpoint != "" && f.checkpoint != "-" && cliout.SameAsStdout(f.checkpoint, a.stdout) {
		return usageErr("--checkpoint %s is the file stdout is redirected to: the output would overwrite the checkpoint; choose another file", f.checkpoint)
	}
	return nil
}

// pictureAsk is what solve's flags ask of its picture (solvePictures).
type pictureAsk struct {
	want     bool // a picture is drawn
	toStdout bool // through stdout (-, /dev/stdout, or the file stdout is redirected to)
	format   render.Format
	opt      render.Options
}

// solvePictures runs the checks of solve's picture and --json object that
// need the puzzle p and open nothing: --json and a picture on stdout, a
// picture too large for svg / png, --json beyond maxJSONCells.
func (a *app) solvePictures(p *puzzle.Puzzle, f *solveFlags, format render.Format) (pictureAsk, error) {
	// --json -o X.json writes the summary to the file: no picture then.
	want := !jsonOutput(f) && (f.renderFormat != "" || f.out != "-" || (!f.count && !f.asJSON && !f.jsonLines))
	toStdout := f.out == "-" || cliout.SameAsStdout(f.out, a.stdout) // -o /dev/stdout, or the file stdout is redirected to
	if want && (f.asJSON || f.jsonLines) && toStdout {
		return pictureAsk{}, usageErr("--json output and a picture cannot share stdout: write the picture with -o FILE")
	}
	shown := int64(1) // tilings drawn or listed: the first, or --limit of them
	if f.limit > 0 && !f.maxCoverage {
		shown = f.limit
	}
	if f.asJSON && shown > 1 && shown*int64(p.Area()) > maxJSONCells {
		return pictureAsk{}, usageErr("--json holds every tiling in one object: --limit %d tilings of %d cells is more than %d cells; use --jsonl, which streams them, or --limit %d at most",
			f.limit, p.Area(), maxJSONCells, max(1, maxJSONCells/p.Area()))
	}
	if !want {
		return pictureAsk{}, nil
	}
	if f.renderFormat == "" && f.out == "-" {
		format = render.ASCII
		if progress.IsTerminal(a.stdout) {
			format = render.ANSI
		}
	}
	ask := pictureAsk{want: true, toStdout: toStdout, format: format, opt: render.Options{Labels: true, Title: p.Name}}
	if !format.Text() {
		if _, _, err := render.CheckPicture(p, int(shown), format, ask.opt); err != nil {
			if shown > 1 {
				if fit := render.MaxPictureTilings(p, int(shown), format, ask.opt); fit > 0 {
					return pictureAsk{}, usageErr("--limit %d with --render %s: at most %d tilings of this board fit on one picture (of at most %d pixels): lower --limit to %d, or stream them with --render ascii or --jsonl", f.limit, format, fit, render.MaxPixels, fit)
				}
			}
			return pictureAsk{}, usageErr("--render %s: %v; use --render ascii", format, err)
		}
	}
	return ask, nil
}

// prepareSolveOutputs runs solvePictures before the search and opens the
// picture output (nil when none is asked for); a text picture of --limit
// N is streamed, without keeping the tilings.
func (a *app) prepareSolveOutputs(ctx context.Context, stop func(), p *puzzle.Puzzle, f *solveFlags, format render.Format) (*pictures, error) {
	ask, err := a.solvePictures(p, f, format)
	if err != nil {
		return nil, err
	}
	streaming := f.limit > 0 && !f.maxCoverage && (f.backend == "fila" || f.backend == "dlx")
	if !ask.want {
		f.keepNone = streaming && !f.asJSON
		return nil, nil
	}
	format, toStdout := ask.format, ask.toStdout
	pc := &pictures{format: format, toStdout: toStdout, opt: ask.opt, p: p, stop: stop, stderr: a.stderr}
	// A picture to the file stdout writes goes through stdout, before
	// the summary: opened again, one would overwrite the other.
	out := f.out
	if toStdout {
		out = "-"
	}
	file, err := atomicfile.CreateContext(ctx, out, a.stdout)
	if err != nil {
		return nil, openOutputErr(ctx, "-o", err)
	}
	pc.file = file
	pc.opt.Context, pc.late, pc.release = drawingContext(ctx)
	if streaming && format.Text() {
		f.stream = pc.stream
		f.keepNone = !f.asJSON
	}
	return pc, nil
}

// stream draws one tiling of a text picture as the search finds it.
func (pc *pictures) stream(t puzzle.Tiling) {
	if pc.err != nil {
		return
	}
	if pc.drawn > 0 {
		_, pc.err = fmt.Fprintln(pc.file)
	}
	if pc.err == nil {
		pc.err = render.Tiling(pc.file, pc.p, t, pc.format, pc.opt)
	}
	pc.drawn++
	if pc.err != nil && pc.stop != nil {
		pc.stop()
	}
}

// finish draws the kept tilings (when none was streamed) and commits the
// output; with nothing drawn there is no file.
func (pc *pictures) finish(tilings []puzzle.Tiling, commit func(*atomicfile.File) error) error {
	if pc == nil {
		return nil
	}
	if pc.drawn == 0 && len(tilings) > 0 {
		pc.drawn, pc.err = len(tilings), render.Tilings(pc.file, pc.p, tilings, pc.format, pc.opt)
	}
	if pc.err != nil || pc.drawn == 0 {
		pc.file.Abort()
		if pc.err != nil && pc.late != nil && pc.late() {
			fmt.Fprintf(pc.stderr, "note: the picture was not finished within %v of the stop (time limit or signal): not written\n", ctxio.StopGrace)
			pc.skipped = true
			return nil
		}
		return pc.err
	}
	return commit(pc.file)
}

// abort discards an output that finish did not commit, and releases the
// drawing context.
func (pc *pictures) abort() {
	if pc != nil {
		pc.file.Abort()
		if pc.release != nil {
			pc.release()
		}
	}
}

// summaryTo is where solve's text summary goes: stderr when an SVG or
// PNG picture goes to stdout, else stdout.
func (a *app) summaryTo(pc *pictures) io.Writer {
	if pc != nil && pc.toStdout && !pc.format.Text() {
		return a.stderr
	}
	return a.stdout
}

func bothSolutions(a, b func(puzzle.Tiling)) func(puzzle.Tiling) {
	if a == nil {
		return b
	}
	return func(t puzzle.Tiling) { a(t); b(t) }
}

// checkReportOutputs checks compare's and bench's outputs before the run
// (checkOutputs, and the markers of the --update file's section).
func (a *app) checkReportOutputs(inputs []string, out, chart, update, section string) error {
	if err := a.checkOutputs(inputs, output{"-o", out}, output{"--chart", chart}, output{"--update", update}); err != nil {
		return err
	}
	if update != "" {
		if err := compare.CheckUpdate(update, section); err != nil {
			return usageErr("--update: %v", err)
		}
	}
	return nil
}

// checkStdout refuses (exit 2) a stdout redirected to one of the inputs.
func (a *app) checkStdout(inputs ...string) error {
	return usageOf(cliout.CheckStdout(a.stdin, a.stdout, inputs...))
}

// drawingContext returns the context solve draws its pictures with,
// ending ctxio.StopGrace after ctx (ctxio.Grace); late reports whether it has
// ended, and release ends it.
func drawingContext(ctx context.Context) (draw context.Context, late func() bool, release func()) {
	d, release := ctxio.Grace(ctx, ctxio.StopGrace)
	return d, func() bool { return d.Err() != nil }, release
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
