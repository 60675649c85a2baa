package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/shard"
)

// mergeOptions are merge's inputs: its arguments and flags.
type mergeOptions struct {
	args         []string // result files and directories
	asJSON       bool
	puzzle, from string         // --puzzle, --from
	settings     shard.Settings // solve's flags that shape the split
}

// mergeCmd is the cobra command; runMerge runs it.
func (a *app) mergeCmd() *cobra.Command {
	var opts mergeOptions
	c := &cobra.Command{
		Use:   "merge [--puzzle PUZZLE] FILES|DIR...",
		Short: "Add up the results of a sharded count, checking that every shard ran once",
		Long: `merge reads the results of solve --count --shard I/N --json -o FILE (files, or
every *.json / *.jsonl file of a directory) and adds them up.

It refuses (exit 2, naming the files):
  - results of different puzzles (by the fingerprint of the normalised puzzle);
  - with --puzzle PUZZLE (a file read once, or - for stdin), results of any
    other puzzle than it is now (old results in a reused directory are named);
  - with --puzzle and solve's --backend, --heuristic, --fila-at, --nof,
    --volume or --redundancy, results of another configuration than solve
    PUZZLE --count with those flags (the others at solve's defaults;
    --redundancy auto, the default, takes whichever piece the results pinned);
  - different solver configurations, shard counts or splits; a shard present
    twice with different counts; an incomplete result of a shard with more
    solutions than a complete one of it; a field out of its range
    (docs/cluster.md); counts whose sum would pass 2^63-1.

When shards are missing or incomplete (a killed shard leaves no result, an
interrupted one an incomplete result), it lists them with a command line that
runs them (exit 1). The command is rebuilt from the checked fields of a result
whose recorded rerun command is the polytile solve command of that count (any
other is named, not printed), and writes each result where merge finds it:
with the shards' -o names, the index in them, or, for shards that printed
their results on stdout, with --json -o beside the file merge read. A shard
whose result or checkpoint file is a symbolic link or not a regular file is
left out of it, named with what to do (solve -o would write through it).

Otherwise it prints the totals and the balance of the shards'
times: min / median / max, the figures to pick N from (docs/cluster.md),
and exits as solve --count does: 0, or 1 when the count is 0. An
incomplete set's figures are lower bounds ("at least N"; --json:
unique_so_far, lower_bound and partial instead of unique).

A directory holding count.key (written by the recipes in deploy/: the
puzzle file's SHA-256, N and the solve flags of its count) is checked
against it, with or without --puzzle: results of another N, of another
puzzle than the file of the key's SHA-256 (--puzzle, else the file the
results name) or of another configuration than solve --count with the
key's flags are refused (exit 2). The rows verified and unchecked (and
--json's lists) say what was and was not checked.`,
		Example: `  polytile merge results/
  polytile merge --puzzle examples/pentomino-10x6.yaml results/
  polytile merge shard-*.json --json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usageErr("merge needs result files or a directory")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.args = args
			opts.settings.Given = cmd.Flags().Changed
			return a.runMerge(a.ctx, opts)
		},
	}
	c.Flags().BoolVar(&opts.asJSON, "json", false, "print one JSON object")
	c.Flags().StringVar(&opts.puzzle, "puzzle", "", "refuse results not computed for this puzzle file as it is now (by its fingerprint)")
	addFromFlag(c.Flags(), &opts.from)
	mergeConfigFlags(c.Flags(), &opts.settings)
	return c
}

// runMerge checks the results against --puzzle and the flags given
// (shard.CheckPuzzle) or each directory's count.key, adds them up
// (shard.CheckedMerge) and prints the report: exit 2 for a refusal, 1
// for an incomplete count or one of no solution.
func (a *app) runMerge(ctx context.Context, opts mergeOptions) error {
	args := opts.args
	paths, err := shard.Collect(args)
	if err != nil {
		return usageErr("%v", err)
	}
	if len(paths) == 0 {
		return usageErr("no *.json or *.jsonl files in %s%s", strings.Join(args, " "), shard.CheckpointNote(args))
	}
	// `merge results/ --json > results/all.json` would read its own output.
	if err := a.checkStdout(append(slices.Clone(paths), opts.puzzle)...); err != nil {
		return err
	}
	files, err := shard.LoadFiles(ctx, paths)
	if err != nil {
		return err
	}
	keys, err := shard.ReadKeys(args)
	if err != nil {
		return usageErr("%s; remove it, or merge the result files by name", shard.Printable(err.Error()))
	}
	var data []byte // --puzzle, read once: its SHA-256 and fingerprint are of these bytes
	if opts.puzzle != "" {
		if data, err = a.readPuzzleOnce(opts.puzzle); err == nil {
			err = a.mergeForPuzzle(opts, data, files)
		}
	}
	var acc shard.Account
	var rep *shard.Report
	if err == nil {
		rep, err = shard.CheckedMerge(ctx, keys, shard.KeyCheck{Files: files, Puzzle: opts.puzzle, From: opts.from, Data: data,
			Reader: shard.PuzzleReader{ReadFile: readRegularPuzzle, Puzzle: a.mergeFingerprint}}, args, opts.settings, &acc)
	}
	var conflict *shard.Conflict
	if errors.As(err, &conflict) || errors.Is(err, shard.ErrKeyFlags) || errors.Is(err, shard.ErrRefusedSettings) {
		return usageErr("%v", err)
	}
	if err != nil {
		return err
	}
	if opts.asJSON {
		err = writeJSON(a.stdout, rep)
	} else {
		err = rep.WriteText(a.stdout)
	}
	if err != nil {
		return err
	}
	if acc.Warn {
		for _, u := range acc.Unchecked {
			fmt.Fprintf(a.stderr, "polytile: not verified: %s\n", u)
		}
	}
	for _, u := range rep.Unreadable {
		fmt.Fprintf(a.stderr, "polytile: skipped %s\n", u)
	}
	if !rep.Complete || rep.All == 0 {
		return noSolution // as solve --count
	}
	return nil
}

// mergeForPuzzle refuses the results not computed for --puzzle as it is
// now, or of another configuration than the flags given (shard.CheckPuzzle).
func (a *app) mergeForPuzzle(opts mergeOptions, data []byte, files []shard.Loaded) error {
	fp, p, err := a.mergeFingerprint(opts.puzzle, data, opts.from)
	if err != nil {
		return fmt.Errorf("merge --puzzle: %w", err)
	}
	err = shard.CheckPuzzle(shard.PuzzleCheck{Path: opts.puzzle, Fingerprint: fp, Puzzle: p, Settings: opts.settings}, files)
	var idle *native.IdleError
	switch {
	case errors.Is(err, shard.ErrSetting):
		return usageErr("merge %v", err)
	case errors.As(err, &idle):
		return usageErr("%v", err)
	}
	return err
}

// mergeConfigFlags adds solve's flags that shape the split, with its
// defaults and bounds.
func mergeConfigFlags(fl *pflag.FlagSet, s *shard.Settings) {
	fl.StringVar(&s.Backend, "backend", "fila", "with --puzzle: refuse results not counted with this backend (fila or dlx)")
	fl.StringVar(&s.Heuristic, "heuristic", "", "with --puzzle: refuse results not counted with this --heuristic (default: solve's)")
	fl.BoolVar(&s.NOF, "nof", native.DefaultNOF, "with --puzzle: refuse results not counted with this --nof")
	cliflag.IntVarP(fl, &s.FilaAt, "fila-at", "", 0, 0, limits.MaxPieceLevel, "with --puzzle: refuse results not counted with this --fila-at")
	cliflag.IntVarP(fl, &s.Volume, "volume", "", 0, -1, limits.MaxPieceLevel, "with --puzzle: refuse results not counted with this --volume (default: solve's)").NoOptDefVal = "-1"
	fl.StringVar(&s.Redundancy, "redundancy", "", "with --puzzle: refuse results not counted with this --redundancy (a piece or none; auto, the default, takes whichever piece the results pinned)")
}
