package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/polytile/polytile/shard"
)

// solveStatsJSON runs solve --json and returns its summary.
func solveStatsJSON(t *testing.T, args ...string) solveOutcome {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"solve"}, append(args, "--json")...)...)
	var o solveOutcome
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 {
		t.Fatalf("%v: exit %d: %v\n%s\n%s", args, code, err, out, errs)
	}
	return o
}

// TestSplitBalanceStats: solve --stats with -j 2 states the balance of
// the split from the subproblems solved: as many as the split has (the
// number a shard record names), their nodes and the split's own adding up
// to the nodes printed, a time for each; in the text after the per-level
// table; not with one worker. (The old code printed no such block and
// had no "split" in the statistics.)
func TestSplitBalanceStats(t *testing.T) {
	p := example("pentomino-12x5.yaml")
	o := solveStatsJSON(t, p, "--unique", "-j", "2", "--stats")
	rec := solveStatsJSON(t, p, "--unique", "--shard", "0/1") // the split's size, from the shard record
	if o.Stats == nil || o.Stats.Split == nil {
		t.Fatalf("no split balance in %+v", o.Stats)
	}
	s := o.Stats.Split
	if s.Subproblems != rec.Shard.Split.Subproblems || s.Owned != s.Subproblems || s.Solved != s.Subproblems ||
		int64(s.Nodes.N) != s.Solved || int64(s.Seconds.N) != s.Solved || s.Skipped != 0 || s.Shard != "" {
		t.Errorf("split %+v, the shard record's %+v", s, rec.Shard.Split)
	}
	if int64(s.Nodes.Sum)+s.SplitNodes != o.Nodes || s.SplitNodes <= 0 || *o.Unique != 1010 {
		t.Errorf("nodes: subproblems %.0f + split %d, printed %d (unique %d)", s.Nodes.Sum, s.SplitNodes, o.Nodes, *o.Unique)
	}
	for _, b := range []struct {
		what     string
		min, med float64
		max, sum float64
	}{{"nodes", s.Nodes.Min, s.Nodes.Median, s.Nodes.Max, s.Nodes.Sum}, {"seconds", s.Seconds.Min, s.Seconds.Median, s.Seconds.Max, s.Seconds.Sum}} {
		if !(b.min >= 0 && b.min <= b.med && b.med <= b.max && b.max <= b.sum && b.sum > 0) {
			t.Errorf("%s: %+v", b.what, b)
		}
	}
	if s.Seconds.Min <= 0 || s.Seconds.Sum > 2*o.Seconds {
		t.Errorf("times %+v in a run of %.3f s on 2 workers", s.Seconds, o.Seconds)
	}

	code, out, errs := run(t, "", "solve", p, "--unique", "-j", "2", "--stats")
	head := regexp.MustCompile(`(?m)^split +(\d+) subproblems at depth \d+, (\d+) solved in this run; (\d+) nodes above them\n +nodes per subproblem min / median / max = \d+ / \d+ / (\d+) \(max/median [0-9.]+; the largest [0-9.]+% of the sum\)\n +time per subproblem +min / median / max = [0-9.]+ (µs|ms|s) / [0-9.]+ (µs|ms|s) / [0-9.]+ (µs|ms|s) \(max/median [0-9.]+; the largest [0-9.]+% of the sum\)$`)
	m := head.FindStringSubmatch(out)
	if code != 0 || m == nil || !strings.Contains(out, "total ") || strings.Index(out, "total ") > strings.Index(out, "\nsplit ") {
		t.Fatalf("exit %d, no balance block after the table:\n%s\n%s", code, out, errs)
	}
	if want := fmt.Sprint(s.Subproblems); m[1] != want || m[2] != want {
		t.Errorf("text %q, want %s subproblems", m[0], want)
	}
	for _, args := range [][]string{{"--unique", "--stats"}, {"--unique", "-j", "1", "--stats"}, {"--unique", "-j", "2"}} {
		code, out, _ := run(t, "", append([]string{"solve", p}, args...)...)
		if code != 0 || strings.Contains(out, "subproblem") {
			t.Errorf("%v: exit %d, a balance block:\n%s", args, code, out)
		}
		o := solveStatsJSON(t, append([]string{p}, args...)...)
		if o.Stats != nil && o.Stats.Split != nil {
			t.Errorf("%v: split %+v", args, o.Stats.Split)
		}
	}
	// A symmetric key has no split: --stats counts (serially), and -j,
	// which would do nothing there, is refused (idleflags.go).
	sym := example("squares-8x6-symmetric.yaml")
	o = solveStatsJSON(t, sym, "--count", "--stats")
	if *o.Solutions != 106 || o.Stats == nil || o.Stats.Split != nil {
		t.Errorf("symmetric: %d solutions, stats %+v", *o.Solutions, o.Stats)
	}
	if code, _, errs := run(t, "", "solve", sym, "--count", "-j", "2", "--stats"); code != 2 || !strings.Contains(errs, "--jobs 2") {
		t.Errorf("symmetric -j 2: exit %d: %s", code, errs)
	}
}

// TestSplitBalanceWithCheckpoint: in a shard with a checkpoint, the
// balance hook is chained after the checkpoint's, which still records
// every subproblem; the block counts this shard's subproblems (no split
// nodes outside shard 0), and a rerun that takes them all from the
// checkpoint solves none and says so. The shard's result still merges.
func TestSplitBalanceWithCheckpoint(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	ck := filepath.Join(dir, "s.ckpt")
	out := filepath.Join(dir, "shard-1.json")
	o := solveStatsJSON(t, p, "--count", "--shard", "1/3", "--checkpoint", ck, "--stats")
	s := o.Stats.Split
	c, err := shard.ReadCheckpoint(ck)
	if err != nil || c == nil {
		t.Fatalf("checkpoint: %v", err)
	}
	if s == nil || s.Shard != "1/3" || s.Solved != o.Shard.Owned || int64(len(c.Done)) != s.Solved || s.SplitNodes != 0 ||
		int64(s.Nodes.Sum) != o.Nodes || s.Owned != o.Shard.Owned {
		t.Fatalf("split %+v, shard %+v, checkpoint of %d", s, o.Shard, len(c.Done))
	}
	code, text, errs := run(t, "", "solve", p, "--count", "--shard", "1/3", "--checkpoint", ck, "--stats", "--json", "-o", out)
	if code != 0 {
		t.Fatalf("rerun: exit %d %s", code, errs)
	}
	r, err := shard.ReadFile(out)
	if err != nil || r.Resumed != r.Owned || r.Nodes != o.Nodes || r.All != *o.Solutions {
		t.Fatalf("rerun: %v %+v %s", err, r, text)
	}
	code, text, _ = run(t, "", "solve", p, "--count", "--shard", "1/3", "--checkpoint", ck, "--stats")
	want := fmt.Sprintf("(shard 1/3: %d), 0 solved in this run (%d taken from the checkpoint)\n", r.Owned, r.Owned)
	if code != 0 || !strings.Contains(text, want) || strings.Contains(text, "per subproblem") {
		t.Errorf("all resumed: exit %d, want %q in\n%s", code, want, text)
	}
}

// TestShortTime: the units of the time line.
func TestShortTime(t *testing.T) {
	for sec, want := range map[float64]string{0.000129082: "129 µs", 0.001221602: "1.22 ms", 0.0456: "45.6 ms", 0.624028643: "624 ms", 2.88: "2.88 s", 0: "0 µs"} {
		if got := shortTime(sec); got != want {
			t.Errorf("shortTime(%g) = %q, want %q", sec, got, want)
		}
	}
}

// TestMergeShardNodes: merge states the balance of the shards' nodes;
// with three shards min + median + max is every shard, so they add up to
// the total. (Before, merge gave the balance of times only.)
func TestMergeShardNodes(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	code, out, errs := run(t, "", "merge", dir)
	m := regexp.MustCompile(`(?m)^nodes +(\d+); per shard min (\d+), median (\d+), max (\d+) \(max/median [0-9.]+\)$`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	var total, lo, med, hi int64
	fmt.Sscan(m[1]+" "+m[2]+" "+m[3]+" "+m[4], &total, &lo, &med, &hi)
	if lo+med+hi != total || !(lo > 0 && lo <= med && med <= hi) {
		t.Errorf("%q", m[0])
	}
}
