package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/shard"
)

func TestSolveCountJSON(t *testing.T) {
	for _, backend := range []string{"fila", "dlx"} {
		code, out, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--backend", backend, "--count", "--unique", "--json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", backend, code, errs)
		}
		var o struct {
			Backend           string
			Solutions, Unique int64
			Nodes             int64
			Complete          bool
			Seconds           float64
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatal(err)
		}
		if o.Solutions != 9356 || o.Unique != 2339 || !o.Complete || o.Nodes == 0 || o.Backend != backend {
			t.Errorf("%s: %+v", backend, o)
		}
	}
}

// --unique alone is a count of the distinct solutions, not one solution.
func TestSolveUniqueImpliesCount(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("pentomino-12x5.yaml"), "--unique", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var o struct {
		Solutions, Unique int64
		Complete          bool
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	if o.Solutions != 4040 || o.Unique != 1010 || !o.Complete {
		t.Errorf("got %+v, want 4040 solutions, 1010 unique, complete", o)
	}
}

// TestSolveCountUsesSymmetry is issue 11 item 13 through the CLI: --count
// alone pins a piece (the search of --unique) and gives the count of
// --redundancy none.
func TestSolveCountUsesSymmetry(t *testing.T) {
	count := func(args ...string) (all int64, pinned string, nodes int64) {
		t.Helper()
		code, out, errs := run(t, "", append([]string{"solve", example("pentomino-8x8-hole.yaml"), "--count", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var o struct {
			Solutions int64
			Pinned    string `json:"redundancy_piece"`
			Nodes     int64
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatal(err)
		}
		return o.Solutions, o.Pinned, o.Nodes
	}
	all, pinned, nodes := count()
	plainAll, plainPinned, plainNodes := count("--redundancy", "none")
	if all != 520 || plainAll != 520 || pinned == "" || plainPinned != "" || nodes >= plainNodes {
		t.Errorf("--count: %d solutions, pinned %q, %d nodes; --redundancy none: %d, pinned %q, %d nodes; want 520 both, a pinned piece only in the first and fewer nodes",
			all, pinned, nodes, plainAll, plainPinned, plainNodes)
	}
}

// TestStoppedCountIsALowerBound: a count stopped by its time limit
// printed its canonical solutions found so far as "unique" (text:
// "N (M unique under ...) so far"; --json, --jsonl: "unique": M next to
// "complete": false), easily read as the puzzle's count (unique 0 next
// to millions of solutions on a box with copies). Every output now says
// it is a lower bound of the part searched: the text's solutions row
// says "at least N ... unique so far M", the JSON has no "unique" but
// "unique_so_far", "lower_bound": true and the same sentence in
// "partial"; the redundancy row no longer says "counts exact"; the exit
// code stays 1 (an incomplete count). Before, the text had no "at least"
// and said "counts exact", and the JSON had "unique".
func TestStoppedCountIsALowerBound(t *testing.T) {
	p := example("onesided-18x5.yaml") // 96 s to count: stopped at 0.3 s
	code, out, errs := run(t, "", "solve", p, "--count", "--time-limit", "300ms")
	if code != 1 {
		t.Fatalf("text: exit %d, want 1: %s", code, errs)
	}
	if !strings.Contains(out, "solutions   at least ") || !strings.Contains(out, "unique so far ") ||
		!strings.Contains(out, "lower bounds") || strings.Contains(out, "counts exact") {
		t.Errorf("text of a stopped count does not say it is a lower bound:\n%s", out)
	}
	for _, flag := range []string{"--json", "--jsonl"} {
		code, out, errs := run(t, "", "solve", p, "--count", "--time-limit", "300ms", flag)
		if code != 1 {
			t.Fatalf("%s: exit %d, want 1: %s", flag, code, errs)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		last := out
		if flag == "--jsonl" {
			last = lines[len(lines)-1]
		}
		checkLowerBoundJSON(t, flag, last)
	}
}

// checkLowerBoundJSON checks a stopped count's JSON object: no
// "unique", "unique_so_far", "lower_bound": true, "partial" saying "at
// least", "complete": false.
func checkLowerBoundJSON(t *testing.T, what, data string) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(data), &m); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, data)
	}
	_, hasUnique := m["unique"]
	_, hasSoFar := m["unique_so_far"]
	partial, _ := m["partial"].(string)
	if hasUnique || !hasSoFar || m["lower_bound"] != true || m["complete"] != false || !strings.Contains(partial, "at least") {
		t.Errorf("%s: a stopped count's JSON: unique %v, unique_so_far %v, lower_bound %v, complete %v, partial %q",
			what, m["unique"], m["unique_so_far"], m["lower_bound"], m["complete"], partial)
	}
}

// TestStoppedShardMergeIsALowerBound: a shard stopped by its time limit
// writes a result whose top level is marked a lower bound (its "shard"
// record, which merge reads, is unchanged and marked incomplete), and
// merge of a set with that incomplete shard says "at least" in its text
// and "unique_so_far" / "lower_bound" in --json (before: "N (M unique)
// so far" and "unique": M), exit 1; a complete set keeps "unique".
func TestStoppedShardMergeIsALowerBound(t *testing.T) {
	dir := t.TempDir()
	p := example("onesided-18x5.yaml")
	out := filepath.Join(dir, "shard-0.json")
	code, _, errs := run(t, "", "solve", p, "--count", "--shard", "0/2", "--time-limit", "300ms", "--json", "-o", out)
	if code != 1 {
		t.Fatalf("stopped shard: exit %d, want 1: %s", code, errs)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	checkLowerBoundJSON(t, "shard result", string(data))
	code, text, errs := run(t, "", "merge", dir)
	if code != 1 || !strings.Contains(text, "at least ") || !strings.Contains(text, "unique so far") || strings.Contains(text, " unique)") {
		t.Errorf("merge text of an incomplete set: exit %d %s\n%s", code, errs, text)
	}
	code, js, errs := run(t, "", "merge", "--json", dir)
	var m map[string]any
	if err := json.Unmarshal([]byte(js), &m); err != nil || code != 1 {
		t.Fatalf("merge --json: exit %d %v %s", code, err, errs)
	}
	if _, ok := m["unique"]; ok || m["lower_bound"] != true || m["unique_so_far"] == nil {
		t.Errorf("merge --json of an incomplete set: unique %v, unique_so_far %v, lower_bound %v", m["unique"], m["unique_so_far"], m["lower_bound"])
	}

	// A complete set: the totals, "unique", no lower bound.
	full := t.TempDir()
	countShards(t, full, example("pentomino-12x5.yaml"), 2)
	code, js, errs = run(t, "", "merge", "--json", full)
	m = nil
	if err := json.Unmarshal([]byte(js), &m); err != nil || code != 0 {
		t.Fatalf("merge --json complete: exit %d %v %s", code, err, errs)
	}
	if m["unique"] != 1010.0 || m["lower_bound"] != nil || m["unique_so_far"] != nil {
		t.Errorf("merge --json complete: unique %v, unique_so_far %v, lower_bound %v", m["unique"], m["unique_so_far"], m["lower_bound"])
	}
}

// TestCompleteCountKeepsUnique: a complete count (and a listing that
// stopped at its --limit, whose unique counts exactly what it listed)
// keeps "unique"; only the listing is marked a lower bound.
func TestCompleteCountKeepsUnique(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("pentomino-12x5.yaml"), "--count", "--json")
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil || code != 0 {
		t.Fatalf("exit %d %v %s", code, err, errs)
	}
	if m["unique"] != 1010.0 || m["lower_bound"] != nil || m["partial"] != nil {
		t.Errorf("complete count: unique %v, lower_bound %v, partial %v", m["unique"], m["lower_bound"], m["partial"])
	}
	code, out, errs = run(t, "", "solve", example("pentomino-12x5.yaml"), "--limit", "3", "--unique", "--json")
	m = nil
	if err := json.Unmarshal([]byte(out), &m); err != nil || code != 0 {
		t.Fatalf("limit: exit %d %v %s", code, err, errs)
	}
	if m["unique"] != 3.0 || m["lower_bound"] != true || !strings.Contains(m["partial"].(string), "at least") {
		t.Errorf("--limit 3 --unique: unique %v, lower_bound %v, partial %v", m["unique"], m["lower_bound"], m["partial"])
	}
}

// TestListingAtItsLimitReadsPlainly: a listing that stopped where it was
// asked to (plain solve: the first solution; --limit N) says what it
// listed ("1 (the first found: ...)" for a plain solve, "N (search
// stopped at the limit)" for --limit N), as before the stopped-count
// wording: it read "at least 1 solutions: the search stopped at the
// limit" on every plain solve, the demo's first answer included.
func TestListingAtItsLimitReadsPlainly(t *testing.T) {
	p := example("pentomino-10x6.yaml")
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "solutions   1 (the first found: --limit N lists more, --count counts them all)\n"},
		{[]string{"--limit", "3", "--unique"}, "solutions   12 (3 unique under a symmetry group of order 4) (search stopped at the limit)\n"},
	} {
		code, out, errs := run(t, "", append([]string{"solve", p, "-q"}, c.args...)...)
		if code != 0 || !strings.Contains(out, c.want) || strings.Contains(out, "at least") {
			t.Errorf("solve %v: exit %d, want the row %q:\n%s%s", c.args, code, c.want, out, errs)
		}
	}
}

// TestStoppedShardRecordIsALowerBound: the shard record inside a stopped
// shard's result (the part merge reads) says lower_bound, as the summary
// around it does, and a record claiming both lower_bound and complete is
// refused by merge (exit 2) even with a digest that matches. The inner
// record carried "unique" and "solutions" with only complete: false to
// tell them from a shard's counts. Fails on the old code.
func TestStoppedShardRecordIsALowerBound(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "shard-0.json")
	code, _, errs := run(t, "", "solve", example("onesided-18x5.yaml"), "--count", "--shard", "0/2", "--time-limit", "300ms", "--json", "-o", out)
	if code != 1 {
		t.Fatalf("stopped shard: exit %d, want 1: %s", code, errs)
	}
	var m struct {
		Shard *shard.Result `json:"shard"`
	}
	if err := json.Unmarshal(mustRead(t, out), &m); err != nil || m.Shard == nil {
		t.Fatalf("%v %+v", err, m)
	}
	if m.Shard.Complete || !m.Shard.LowerBound {
		t.Errorf("stopped shard's record: complete %v lower_bound %v", m.Shard.Complete, m.Shard.LowerBound)
	}
	r := *m.Shard
	r.Complete, r.Finished = true, r.Owned
	if err := r.Seal(); err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(map[string]any{"shard": &r})
	os.WriteFile(out, b, 0o644)
	if code, _, errs := run(t, "", "merge", dir); code != 2 || !strings.Contains(errs, "lower_bound and complete") {
		t.Errorf("a record both complete and a lower bound: exit %d %s", code, errs)
	}
}

// solutionsRow is the value of the "solutions" row of a text summary.
func solutionsRow(t *testing.T, out string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^solutions +(.*)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no solutions row:\n%s", out)
	}
	return m[1]
}

// TestLowerBoundRowsSayItOnce: the solutions row of a stopped count and
// of merge's incomplete set reads
// "solutions   at least N found ...", not "solutions   at least N
// solutions found ..." (the row's label repeated in its value, as the
// old rows did); the JSON's "partial", a sentence on its own, keeps the
// noun. (A listing stopped at its --limit says "N (search stopped at the
// limit)": TestListingAtItsLimitReadsPlainly.)
func TestLowerBoundRowsSayItOnce(t *testing.T) {
	p := example("pentomino-12x5.yaml")
	code, out, errs := run(t, "", "solve", example("onesided-18x5.yaml"), "--count", "--time-limit", "200ms")
	if code != 1 {
		t.Fatalf("stopped count: exit %d %s", code, errs)
	}
	rows := map[string]string{"stopped count": solutionsRow(t, out)}
	dir := t.TempDir()
	countShards(t, dir, p, 2)
	os.Remove(filepath.Join(dir, "shard-1.json"))
	code, out, errs = run(t, "", "merge", dir)
	if code != 1 {
		t.Fatalf("merge of an incomplete set: exit %d %s", code, errs)
	}
	rows["merge, a shard missing"] = solutionsRow(t, out)
	for what, row := range rows {
		if !strings.HasPrefix(row, "at least ") || strings.Contains(row, "solutions") {
			t.Errorf("%s: solutions row %q: want \"at least N\" without the word solutions again", what, row)
		}
	}
	_, out, _ = run(t, "", "solve", p, "--limit", "2", "--json")
	if !strings.Contains(out, `"partial": "at least 2 solutions: `) {
		t.Errorf("--limit 2 --json: partial lost its noun:\n%s", out)
	}
}

// TestLimitWithJobsIsSerial: solve --limit K with -j 2 prints the serial
// search's K solutions in every run, and its summary (--json and text)
// counts exactly those printed. Before, 7 of 12 runs of
// `--limit 7 --unique -j 2` said 8 unique (32 solutions) with 7 tilings,
// and the tilings differed from run to run.
func TestLimitWithJobsIsSerial(t *testing.T) {
	type out struct {
		Solutions int64             `json:"solutions"`
		Unique    *int64            `json:"unique"`
		Config    string            `json:"config"`
		Tilings   []json.RawMessage `json:"tilings"`
	}
	solve := func(args ...string) out {
		t.Helper()
		code, stdout, errs := run(t, "", append([]string{"solve", example("pentomino-10x6.yaml"), "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var o out
		if err := json.Unmarshal([]byte(stdout), &o); err != nil {
			t.Fatal(err)
		}
		return o
	}
	uniq := func(o out) string {
		if o.Unique == nil {
			return "none"
		}
		return strconv.FormatInt(*o.Unique, 10)
	}
	for _, args := range [][]string{
		{"--limit", "7", "--unique"},
		{"--limit", "7", "--backend", "dlx"},
		{"--limit", "3", "--redundancy", "auto"},
	} {
		want := solve(args...)
		if len(want.Tilings) != int(want.Solutions) && want.Unique == nil || want.Unique != nil && len(want.Tilings) != int(*want.Unique) {
			t.Errorf("%v serially: %d tilings printed, summary %d (unique %s)", args, len(want.Tilings), want.Solutions, uniq(want))
		}
		for range 5 {
			got := solve(append(args, "-j", "2")...)
			if !reflect.DeepEqual(got.Tilings, want.Tilings) || got.Solutions != want.Solutions || !reflect.DeepEqual(got.Unique, want.Unique) {
				t.Fatalf("%v -j 2: %d solutions (unique %s), %d tilings, other than serially: %d (unique %s)",
					args, got.Solutions, uniq(got), len(got.Tilings), want.Solutions, uniq(want))
			}
			if !strings.Contains(got.Config, "serial") {
				t.Errorf("%v -j 2: the config %q does not say the listing ran serially", args, got.Config)
			}
		}
	}
}

// TestCountJobsStreamsSerialOrder: solve --count --jsonl -j N streams the
// solutions in the serial order, and --json keeps the serial first tiling
// (both changed from run to run with -j 2 before).
func TestCountJobsStreamsSerialOrder(t *testing.T) {
	lines := func(args ...string) []string {
		t.Helper()
		code, stdout, errs := run(t, "", append([]string{"solve", example("soma.yaml"), "--count"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var out []string
		for _, l := range strings.Split(stdout, "\n") {
			if strings.HasPrefix(l, `{"solution"`) {
				out = append(out, l)
			}
		}
		return out
	}
	first := func(args ...string) string {
		t.Helper()
		_, stdout, _ := run(t, "", append([]string{"solve", example("soma.yaml"), "--count", "--json"}, args...)...)
		var o struct{ Tilings json.RawMessage }
		json.Unmarshal([]byte(stdout), &o)
		return string(o.Tilings)
	}
	want, wantFirst := lines("--jsonl"), first()
	if len(want) != 11520 || wantFirst == "" {
		t.Fatalf("serial: %d solutions streamed, first %q", len(want), wantFirst)
	}
	for _, j := range []string{"2", "3", "2"} {
		if got := lines("--jsonl", "-j", j); !reflect.DeepEqual(got, want) {
			t.Fatalf("-j %s: %d solutions, not in the serial order", j, len(got))
		}
		if got := first("-j", j); got != wantFirst {
			t.Fatalf("-j %s: the tiling of --json is not the serial one", j)
		}
	}
}

// TestDeadlineAfterCompleteSearch: a search that ran to its end and met
// the --time-limit only after (here held by the solve's afterSearch until
// the deadline) is complete: exit 0, no "time limit reached", timed_out
// absent. It was reported "time limit reached: the figures above are
// partial" (--json: complete and timed_out both true) with exit 1 (seen
// in 3 of 150 runs of pentomino-10x6 --count --time-limit 20-90ms).
func TestDeadlineAfterCompleteSearch(t *testing.T) {
	held := func(ctx context.Context) { <-ctx.Done() }
	in := example("pentomino-20x3.yaml")
	code, out, errs := runSolveAfter(held, in, "--count", "--time-limit", "200ms")
	if code != 0 || strings.Contains(out, "time limit") || !strings.Contains(out, "solutions   8 ") {
		t.Errorf("text: exit %d, %q, %q; want 0 and the complete count", code, out, errs)
	}
	code, out, errs = runSolveAfter(held, in, "--count", "--json", "--time-limit", "200ms")
	var r struct {
		Complete bool `json:"complete"`
		TimedOut bool `json:"timed_out"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || !r.Complete || r.TimedOut {
		t.Errorf("json: exit %d, %+v, %v, %q", code, r, err, errs)
	}
}

// runSolveAfter runs `polytile solve args...` in-process, quietly, on
// a solve command whose runs call afterSearch once the search has
// returned (solveOptions), and returns its exit code, stdout and stderr.
func runSolveAfter(afterSearch func(context.Context), args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	a := &app{ctx: context.Background(), stdin: strings.NewReader(""), stdout: &out, stderr: &errb, quiet: true}
	c := a.newSolveCmd(afterSearch)
	c.SilenceUsage, c.SilenceErrors = true, true
	c.SetArgs(args)
	c.SetOut(&out)
	c.SetErr(&errb)
	code := a.exitCode(c.ExecuteContext(context.Background()))
	return code, out.String(), errb.String()
}

// TestGroupOrderDegenerateBoard: the order solve --unique and info print
// is that of the group acting on the tilings, the distinct maps of the
// board's cells: 2 on a 3x1 strip (its 2 tilings by a domino and a
// monomino are one class), where 4 was printed (the plane transforms
// that map the strip onto itself: the mirror in its long axis moves no
// cell, and the half turn and the other mirror are one map). A symmetric
// puzzle says the same order for the whole group. The counts are
// unchanged.
func TestGroupOrderDegenerateBoard(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "strip.yaml", "name: strip\nboard: 3x1\npieces:\n  D: \"##\"\n  M: \"#\"\n")
	sym := writeFile(t, dir, "sym.yaml", "name: sym\nboard: 3x1\npieces:\n  M: {shape: \"#\", count: 3}\nsymmetric: [rotate180, mirror-vertical]\n")
	code, out, errs := run(t, "", "solve", path, "--count", "--unique")
	if code != 0 || !strings.Contains(out, "solutions   2 (1 unique under a symmetry group of order 2)") {
		t.Errorf("solve --unique: exit %d:\n%s%s", code, out, errs)
	}
	code, out, errs = run(t, "", "solve", path, "--count", "--unique", "--json")
	var o struct {
		Solutions, Unique int64
		Symmetries        int
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 || o.Solutions != 2 || o.Unique != 1 || o.Symmetries != 2 {
		t.Errorf("solve --json: exit %d, %+v (%v): %s", code, o, err, errs)
	}
	code, out, errs = run(t, "", "info", path)
	if code != 0 || !strings.Contains(out, "group of order 2 ") {
		t.Errorf("info: exit %d:\n%s%s", code, out, errs)
	}
	// The symmetric key's group and the whole group: both of order 2,
	// and the one tiling (three monominoes) is counted once.
	code, out, errs = run(t, "", "solve", sym, "--count", "--unique")
	if code != 0 || !strings.Contains(out, "(a group of order 2)") || !strings.Contains(out, "solutions   1 (1 unique under a symmetry group of order 2)") {
		t.Errorf("solve symmetric: exit %d:\n%s%s", code, out, errs)
	}
}

// dominoYAML is a board of the given size tiled by dominoes.
func dominoYAML(size string) string {
	return "name: dominoes " + size + "\nboard: " + size + "\norientations: free\ncount: unlimited\npieces:\n  D: \"##\"\n"
}

// TestSolveFrontierCount checks solve --backend frontier --count: the
// counts of FILA on a small board (all and unique), and a count beyond
// 2^64 written exactly, as a string in JSON.
func TestSolveFrontierCount(t *testing.T) {
	dir := t.TempDir()
	d6 := writeFile(t, dir, "d6.yaml", dominoYAML("6x6"))
	code, out, errs := run(t, "", "solve", d6, "--backend", "frontier", "--count", "--unique")
	if code != 0 || !strings.Contains(out, "solutions   6728 (") || !strings.Contains(out, "Fix(rotate180)") {
		t.Fatalf("exit %d: %s%s", code, out, errs)
	}
	_, fila, _ := run(t, "", "solve", d6, "--backend", "fila", "--count", "--unique")
	want := fila[strings.Index(fila, "solutions"):]
	want = want[:strings.Index(want, "\n")]
	if !strings.Contains(out, want) {
		t.Errorf("frontier:\n%s\nFILA's line: %s", out, want)
	}
	d16 := writeFile(t, dir, "d16.yaml", dominoYAML("16x16"))
	code, out, errs = run(t, "", "solve", d16, "--backend", "frontier", "--count", "--json")
	var o struct {
		Solutions any    `json:"solutions"`
		Backend   string `json:"backend"`
		Complete  bool   `json:"complete"`
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s%s", code, err, out, errs)
	}
	if o.Solutions != "2444888770250892795802079170816" || o.Backend != "frontier" || !o.Complete {
		t.Errorf("16x16 dominoes: %+v, want the count as a string (OEIS A004003)", o)
	}
}

// TestSolveFrontierChoice checks the automatic choice of solve --count
// without --backend: FILA for the 12 pentominoes on 10x6, the frontier for
// dominoes, each saying why on the backend line.
func TestSolveFrontierChoice(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--count")
	if code != 0 || !strings.Contains(out, "backend     fila (") || !strings.Contains(out, "chosen automatically: FILA") || !strings.Contains(out, "solutions   9356") {
		t.Errorf("10x6: exit %d: %s%s", code, out, errs)
	}
	d8 := writeFile(t, t.TempDir(), "d8.yaml", dominoYAML("8x8"))
	code, out, errs = run(t, "", "solve", d8, "--count")
	if code != 0 || !strings.Contains(out, "backend     frontier (") || !strings.Contains(out, "chosen automatically: frontier") || !strings.Contains(out, "solutions   12988816") {
		t.Errorf("8x8 dominoes: exit %d: %s%s", code, out, errs)
	}
}

// TestSolveFrontierMaxCoverage checks --max-coverage --backend frontier on
// tetris-7x7 (48 of 49, optimal), and the refusals: a puzzle out of reach
// and flags the frontier does not read (exit 2).
func TestSolveFrontierMaxCoverage(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("tetris-7x7.yaml"), "--max-coverage", "--backend", "frontier")
	if code != 0 || !strings.Contains(out, "48 of 49 cells, optimal") || !strings.Contains(out, "backend     frontier") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
	for _, args := range [][]string{
		{"solve", example("tetris-cube.yaml"), "--backend", "frontier", "--count"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier", "--count", "--heuristic", "f"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier", "--count", "--limit", "3"},
		{"solve", example("tetris-7x7.yaml"), "--backend", "frontier", "--count", "-o", filepath.Join(t.TempDir(), "x.svg")},
	} {
		if code, out, errs := run(t, "", args...); code != 2 || errs == "" {
			t.Errorf("%v: exit %d: %s%s", args[2:], code, out, errs)
		}
	}
}
