package shard

import (
	"fmt"
	"io"
	"strings"

	"github.com/polytile/polytile/internal/textio"
)

// WriteText writes the report as merge prints it without --json: one
// row per figure (the totals, the split, the balance of the shards'
// times, what was verified and not), then the command that runs the
// missing and incomplete shards.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	row := func(k, format string, args ...any) { fmt.Fprintf(&b, "%-11s %s\n", k, fmt.Sprintf(format, args...)) }
	row("puzzle", "%s (%s)", Printable(orDefault(r.Puzzle, r.File)), Printable(r.File))
	row("config", "%s", r.Config)
	done := r.Count - len(r.Missing) - len(r.Incomplete)
	row("shards", "%d of %d complete", done, r.Count)
	row("solutions", "%s", r.SolutionsRow())
	row("nodes", "%d%s", r.Nodes, r.NodesText())
	res := ""
	if r.Resumed > 0 {
		res = fmt.Sprintf(", %d of them from checkpoints", r.Resumed)
	}
	row("split", "%d subproblems (hash %s), %d finished%s", r.Split.Subproblems, r.Split.Hash, r.Subproblems, res)
	if done == 0 {
		row("time", "%s in all; no complete shard for figures per shard", textio.Seconds(r.Seconds))
	} else {
		row("time", "%s in all; per shard min %s, median %s, max %s (max/median %s)", textio.Seconds(r.Seconds),
			textio.Seconds(r.Min), textio.Seconds(r.Median), textio.Seconds(r.Max), RatioText(r.Max, r.Median))
	}
	if len(r.Versions) > 1 {
		row("versions", "%s", Printable(strings.Join(r.Versions, "; ")))
	}
	rows := func(label string, vs []string) {
		for n, v := range vs {
			if n > 0 {
				label = ""
			}
			row(label, "%s", v)
		}
	}
	rows("verified", r.Verified)
	rows("unchecked", r.Unchecked)
	if len(r.Duplicates) > 0 {
		row("duplicates", "%s (complete, same shard, same counts: ignored)", strings.Join(r.Duplicates, " "))
	}
	rows("superseded", r.Superseded)
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

// SolutionsRow is the value of merge's "solutions" row: the totals of a
// complete count, else the lower bounds of PartialRow.
func (r *Report) SolutionsRow() string {
	if r.Complete {
		return fmt.Sprintf("%d (%d unique)", r.All, r.Unique)
	}
	return r.PartialRow()
}

// shardList names shard indices: "shard 0", "shards 1 3 4" (a bare "0"
// reads as a count).
func shardList(xs []int) string {
	s := make([]string, len(xs))
	for n, x := range xs {
		s[n] = fmt.Sprint(x)
	}
	if len(xs) == 1 {
		return "shard " + s[0]
	}
	return "shards " + strings.Join(s, " ")
}
