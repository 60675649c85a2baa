package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/shard"
)

func (a *app) mergeCmd() *cobra.Command {
	var asJSON bool
	var mp mergePuzzle
	c := &cobra.Command{
		Use:   "merge [--puzzle PUZZLE] FILES|DIR...",
		Short: "Add up the results of a sharded count, checking that every shard ran once",
		Long: `merge reads the results of solve --count --shard I/N --json -o FILE (files, or
every *.json / *.jsonl file of a directory) and adds them up.

It refuses (exit 2, naming the files) results of different puzzles (by the
fingerprint of the normalised puzzle), with --puzzle results of any puzzle
but PUZZLE (a regular file, read once, or - for stdin) as the file is now
(a directory reused after the puzzle was edited: its old results are
named, never added up) and, when solve's
--backend, --heuristic, --fila-at, --nof, --volume or --redundancy is
given with --puzzle, results of any other configuration than solve
PUZZLE --count with those flags (the others at solve's defaults;
--redundancy auto, the default, takes whichever piece the results
pinned), solver configurations, shard counts
or splits, a shard present twice with different counts, an incomplete
result of a shard with more solutions than a complete one of it, a result with a
field out of its range (docs/cluster.md) and counts whose sum would pass
2^63-1. When shards
are missing or incomplete (a killed shard leaves no result, an interrupted
one an incomplete result) it lists them with a command line that runs them
(exit 1), rebuilt from the checked fields of a result whose recorded rerun
command is the polytile solve command of that count (any other is named,
not printed) and writing each result where merge finds it: with the
shards' -o names, the index in them, or for shards that printed their
results on stdout with --json -o beside the file merge read; a shard whose
result or checkpoint file is a symbolic link or not a regular file is left
out of it, named with what to do (solve -o would write through it). Otherwise it
prints the totals and the balance of the shards'
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
			mp.changed = cmd.Flags().Changed
			return a.merge(args, asJSON, mp)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON object")
	c.Flags().StringVar(&mp.path, "puzzle", "", "refuse results not computed for this puzzle file as it is now (by its fingerprint)")
	addFromFlag(c.Flags(), &mp.from)
	mp.configFlags(c.Flags()) // mergepuzzle.go
	return c
}

func (a *app) merge(args []string, asJSON bool, mp mergePuzzle) error {
	paths, err := shard.Collect(args)
	if err != nil {
		return usageErr("%v", err)
	}
	if len(paths) == 0 {
		return usageErr("no *.json or *.jsonl files in %s%s", strings.Join(args, " "), checkpointNote(args)) // mergeckpt.go
	}
	// `merge results/ --json > results/all.json` would read its own output.
	if err := a.checkStdout(append(slices.Clone(paths), mp.path)...); err != nil {
		return err
	}
	var files []shard.Loaded
	for _, p := range paths {
		if a.ctx != nil && a.ctx.Err() != nil {
			// Ctrl-C among thousands of files: stopped between two reads
			// (each at most shard.MaxFileSize), not by the hard exit.
			return a.ctx.Err()
		}
		r, err := shard.ReadFile(p)
		files = append(files, shard.Loaded{Path: p, Result: r, Err: err})
	}
	keys, err := readKeys(args) // mergekey.go
	if err != nil {
		return err
	}
	if mp.path != "" {
		// Read once: the checks against the key (its SHA-256) and against
		// the results (the fingerprint) are of these bytes.
		if mp.data, err = a.readPuzzleOnce(mp.path); err == nil {
			err = a.mergeForPuzzle(mp, files)
		}
	}
	var mc mergeChecks
	for _, k := range keys {
		if err == nil {
			err = a.checkKey(k, mp, files, &mc)
		}
	}
	var rep *shard.Report
	if err == nil {
		rep, err = shard.Merge(files)
	}
	if err == nil {
		if len(keys) == 0 {
			mc.unreadKeys = namedKeyDirs(args) // mergekeynamed.go
			plainChecks(mp, rep, &mc)
		}
		rep.Verified, rep.Unchecked = mc.verified, mc.unchecked
	}
	var conflict *shard.Conflict
	if errors.As(err, &conflict) {
		return usageErr("%v", err)
	}
	if err != nil {
		return err
	}
	if asJSON {
		if err := writeJSON(a.stdout, rep); err != nil {
			return err
		}
	} else if err := mergeText(a.stdout, rep); err != nil {
		return err
	}
	if mc.warn {
		for _, u := range mc.unchecked {
			fmt.Fprintf(a.stderr, "polytile: not verified: %s\n", u)
		}
	}
	for _, u := range rep.Unreadable {
		fmt.Fprintf(a.stderr, "polytile: skipped %s\n", u)
	}
	if !rep.Complete || rep.All == 0 {
		// As solve --count: exit 1 for an incomplete count, and for a
		// complete one that found no solution.
		return noSolution
	}
	return nil
}

func mergeText(w io.Writer, r *shard.Report) error {
	var b strings.Builder
	row := func(k, format string, args ...any) { fmt.Fprintf(&b, "%-11s %s\n", k, fmt.Sprintf(format, args...)) }
	row("puzzle", "%s (%s)", shownText(orDefault(r.Puzzle, r.File)), shownText(r.File))
	row("config", "%s", r.Config)
	row("shards", "%d of %d complete", r.Count-len(r.Missing)-len(r.Incomplete), r.Count)
	row("solutions", "%s", mergeSolutionsText(r)) // lowerbound.go
	row("nodes", "%d%s", r.Nodes, shardNodesText(r))
	res := ""
	if r.Resumed > 0 {
		res = fmt.Sprintf(", %d of them from checkpoints", r.Resumed)
	}
	row("split", "%d subproblems (hash %s), %d finished%s", r.Split.Subproblems, r.Split.Hash, r.Subproblems, res)
	if r.Count-len(r.Missing)-len(r.Incomplete) == 0 {
		row("time", "%s in all; no complete shard for figures per shard", compare.Seconds(r.Seconds))
	} else {
		row("time", "%s in all; per shard min %s, median %s, max %s (max/median %s)", compare.Seconds(r.Seconds),
			compare.Seconds(r.Min), compare.Seconds(r.Median), compare.Seconds(r.Max), ratioText(r.Max, r.Median))
	}
	if len(r.Versions) > 1 {
		row("versions", "%s", shownText(strings.Join(r.Versions, "; ")))
	}
	for n, v := range r.Verified {
		row(map[bool]string{true: "verified"}[n == 0], "%s", v)
	}
	for n, v := range r.Unchecked {
		row(map[bool]string{true: "unchecked"}[n == 0], "%s", v)
	}
	if len(r.Duplicates) > 0 {
		row("duplicates", "%s (complete, same shard, same counts: ignored)", strings.Join(r.Duplicates, " "))
	}
	for n, s := range r.Superseded {
		row(map[bool]string{true: "superseded"}[n == 0], "%s", s)
	}
	if len(r.Missing) > 0 {
		row("missing", "%s", shardList(r.Missing))
	}
	if len(r.Incomplete) > 0 {
		row("incomplete", "%s", shardList(r.Incomplete))
	}
	if r.Command != "" {
		b.WriteString("\nto run them:\n  " + r.Command + "\n")
	}
	if r.CommandNote != "" {
		b.WriteString("\n" + r.CommandNote + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ratioText is a/b with two decimals, or n/a when b is 0 (a median of 0
// seconds or nodes: most shards empty).
func ratioText(a, b float64) string {
	if b <= 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", a/b)
}

// shardList names shard indices: "shard 0", "shards 1 3 4" (a bare "0"
// read as a count: "incomplete  0" for shard 0 incomplete).
func shardList(xs []int) string {
	if len(xs) == 1 {
		return "shard " + ints(xs)
	}
	return "shards " + ints(xs)
}

func ints(xs []int) string {
	s := make([]string, len(xs))
	for n, x := range xs {
		s[n] = fmt.Sprint(x)
	}
	return strings.Join(s, " ")
}
