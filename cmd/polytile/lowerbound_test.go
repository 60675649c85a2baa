package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/shard"
)

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
