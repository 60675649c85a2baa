package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/cliout"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/render"
)

// benchOptions are bench's inputs: the suite and the flags' values.
type benchOptions struct {
	suite                                string
	format, chart, out, update, examples string
	timeLimit                            time.Duration
}

// benchHeader starts a benchmark document created by --update.
const benchHeader = "# Benchmarks\n\nThe FILA article's Table 1 on this machine, written by `polytile bench SUITE --update docs/benchmarks.md`.\n"

func (a *app) benchCmd() *cobra.Command {
	var f benchOptions
	c := &cobra.Command{
		Use:   "bench [SUITE]",
		Short: "The benchmark suite of the FILA article (Table 1) on this machine",
		Long: `bench counts the unique solutions of the FILA article's test puzzles with
the configurations of its Table 1, one thread each, and prints a table like
the article's: case, configuration, fits, no-fits, time (each with its change
against the previous row), solutions, and the article's figures with the ratio
of our time to theirs.

Suites (without SUITE, bench runs quick):
  quick    the default: P-1..P-5 (pentominoes 10x6) and Q-1..Q-5 (the same on
           12x5), in seconds
  op       OP-3, OP-4 (FILA, one-sided pentominoes 18x5; the article: 23 and
           19 minutes each)
  article  quick, TC-1..TC-4 (Tetris Cube), PT-1..PT-5 (13x13 diamond), OP-3
           and OP-4
  full     article and OP-1, OP-2 (DLX on the 18x5; the article: 74 and 71
           minutes each)

The article's options map to polytile solve flags:
  -r / -rL     --redundancy auto / --redundancy L
  -V / -V13    --volume / --volume=13
  -of=11       --heuristic f=11 (F from 11 remaining pieces)
  -oe=11:f=3   --heuristic e=11:f=3
  -f11         --backend fila --fila-at 11 (DLX until 11 pieces remain)
  -n           --nof

Exit code 1 when a case does not find the known number of solutions.`,
		Example: `  polytile bench
  polytile bench article --update docs/benchmarks.md --chart docs/benchmarks.svg
  polytile bench quick --format json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageErr("%s takes at most one SUITE (%s)", cmd.CommandPath(), strings.Join(compare.BenchSuites, ", "))
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			f.suite = "quick"
			if len(args) == 1 {
				f.suite = args[0]
			}
			return a.runBench(cmd.Context(), f)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.format, "format", "", "table, markdown, csv or json (default: by the -o extension, .txt .md .csv .json; else table)")
	fl.StringVar(&f.chart, "chart", "", "write a bar chart of the times (ours and the article's) to FILE (.svg, .png, .txt)")
	fl.StringVarP(&f.out, "output", "o", "-", "write the table to FILE")
	fl.StringVar(&f.update, "update", "", "write the Markdown table into FILE between <!-- bench:SUITE:begin --> and <!-- bench:SUITE:end -->")
	fl.StringVar(&f.examples, "examples", "", "directory of the example puzzles (default: ./examples, or next to the binary)")
	cliflag.DurationVar(fl, &f.timeLimit, "time-limit", 0, 0, limits.MaxTimeLimit, "stop each case after this long (0: none)")
	return c
}

// runBench runs the benchmark suite o.suite and writes its table (and
// chart or document update).
func (a *app) runBench(ctx context.Context, o benchOptions) error {
	suite, f := o.suite, &o
	format, err := asUsage(cliout.TableFormat(f.format, f.out))
	if err != nil {
		return err
	}
	cases, err := compare.BenchSuite(suite)
	if err != nil {
		return usageErr("%v", err)
	}
	chartFormat, err := asUsage(cliout.ChartFormat(f.chart))
	if err != nil {
		return err
	}
	dir, err := examplesDir(f.examples)
	if err != nil {
		return err
	}
	inputs, _, err := a.puzzleFiles([]string{dir})
	if err != nil {
		return err
	}
	if err := a.checkReportOutputs(inputs, f.out, f.chart, f.update, "bench:"+suite); err != nil {
		return err
	}
	line := progress.New(a.stderr, a.quiet)
	var current string
	opt := compare.BenchOptions{
		Dir: dir, TimeLimit: f.timeLimit,
		OnStart: func(c compare.BenchCase) {
			current = c.ID
			line.Update(current + " ...")
		},
		OnProgress: func(_ compare.BenchCase, pg native.Progress) {
			line.Update(fmt.Sprintf("%s  nodes %s  solutions %s  %s", current, progress.Count(pg.Nodes), progress.Count(pg.Solutions), compare.Seconds(pg.Seconds)))
		},
	}
	rep, runErr := compare.Bench(ctx, suite, cases, opt)
	line.Done()
	if runErr != nil && ctx.Err() == nil {
		return usageErr("%v", runErr)
	}
	rep.Machine = compare.ThisMachine()
	update := f.update
	if runErr != nil {
		update = "" // an interrupted run does not replace the document's section
	}
	dest := compare.ReportFiles{Out: f.out, Format: format, Stdout: a.stdout, Update: update, Section: "bench:" + suite,
		Header: benchHeader, Chart: f.chart, ChartFormat: chartFormat}
	write := func(w io.Writer, f compare.Format) error { return compare.WriteBench(w, rep, f) }
	if err := dest.Write(write, func() render.Chart { return compare.BenchChart(rep) }); err != nil {
		return err
	}
	switch {
	case runErr != nil:
		return nil // interrupted: the exit code comes from the signal
	case !rep.OK():
		return noSolution
	}
	return nil
}

// examplesDir is the --examples directory, or compare.FindExamples.
func examplesDir(flag string) (string, error) {
	if flag == "" {
		dir, err := compare.FindExamples()
		if err != nil {
			return "", usageErr("%v: run from the repository or pass --examples DIR", err)
		}
		return dir, nil
	}
	if st, err := os.Stat(flag); err != nil || !st.IsDir() {
		return "", usageErr("--examples %s: not a directory", flag)
	}
	return flag, nil
}
