package shard

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

func res(i, n int, all int64, secs float64, complete bool) *Result {
	r := &Result{Format: Format, Fingerprint: testFP, Config: Config{Backend: "fila", Volume: -1}, Index: i, Count: n,
		Split: Split{Subproblems: 40, Hash: "0123456789abcdef"}, Owned: 10, Finished: 10, All: all, Unique: all / 4, Seconds: secs, Complete: complete,
		File: "my puzzle.yaml"}
	r.Rerun = append(append([]string{"polytile", "solve", "my puzzle.yaml", "--count"}, r.Config.Flags()...), "--shard", "{}/4", "-o", "out/shard-{}.json")
	if !complete {
		r.Finished = 5
	}
	return r
}

// TestMergeTotalsAndBalance: totals, the median of an even number of
// shard times, a complete result preferred to an incomplete duplicate.
func TestMergeTotalsAndBalance(t *testing.T) {
	files := []Loaded{
		{Path: "a", Result: res(0, 4, 8, 1, true)}, {Path: "b", Result: res(1, 4, 4, 4, true)},
		{Path: "c", Result: res(2, 4, 0, 2, false)}, {Path: "c2", Result: res(2, 4, 12, 3, true)},
		{Path: "d", Result: res(3, 4, 16, 10, true)},
	}
	rep, err := Merge(files)
	if err != nil || !rep.Complete || rep.All != 40 || rep.Unique != 10 || rep.Min != 1 || rep.Median != 3.5 || rep.Max != 10 {
		t.Fatalf("%v %+v", err, rep)
	}
}

// TestMergeMissingCommand: missing and incomplete shards make a loop
// with the index substituted and the puzzle path quoted.
func TestMergeMissingCommand(t *testing.T) {
	rep, err := Merge([]Loaded{{Path: "a", Result: res(0, 4, 8, 1, true)}, {Path: "c", Result: res(2, 4, 3, 2, false)},
		{Path: "bad", Err: errors.New("truncated")}})
	if err != nil || rep.Complete || len(rep.Missing) != 2 || len(rep.Incomplete) != 1 || len(rep.Unreadable) != 1 {
		t.Fatalf("%v %+v", err, rep)
	}
	want := `for i in 1 2 3; do polytile solve 'my puzzle.yaml' --count --backend fila --fila-at=0 --nof=false --volume=-1 --redundancy none --shard "$i"/4 -o out/shard-"$i".json; done`
	if rep.Command != want {
		t.Errorf("command\n%s\nwant\n%s", rep.Command, want)
	}
}

// TestMergeConflicts: each kind of mixed set is a *Conflict naming the
// files.
func TestMergeConflicts(t *testing.T) {
	other := res(1, 4, 4, 1, true)
	other.Fingerprint = "sha256:y"
	cfg := res(1, 4, 4, 1, true)
	cfg.Config.NOF = true
	n := res(1, 5, 4, 1, true)
	split := res(1, 4, 4, 1, true)
	split.Split.Hash = "g"
	for _, c := range []struct {
		r    *Result
		want string
	}{{other, "different puzzles"}, {cfg, "different solver configurations"}, {n, "different shard counts"},
		{split, "different splits"}, {res(0, 4, 9, 1, true), "shard 0 twice with different counts"}} {
		_, err := Merge([]Loaded{{Path: "first.json", Result: res(0, 4, 8, 1, true)}, {Path: "second.json", Result: c.r}})
		var cf *Conflict
		if !errors.As(err, &cf) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "second.json") {
			t.Errorf("%s: %v", c.want, err)
		}
	}
}

// TestParseRejects: records that do not fit are not results.
func TestParseRejects(t *testing.T) {
	for _, s := range []string{
		``, `{"shard": {"format": "polytile-shard/1", "fingerprint": "x", "index": 4, "count": 4}}`,
		`{"shard": {"format": "polytile-shard/1", "fingerprint": "x", "index": 0, "count": 1000000000}}`,
		`{"shard": {"format": "polytile-shard/1", "fingerprint": "x", "index": 0, "count": 4, "owned": 3, "finished": 2, "complete": true}}`,
		`{"shard": {"format": "polytile-shard/1", "fingerprint": "x", "index": 0, "count": 4, "solutions": 1, "unique": 2}}`,
		`{"solutions": 3}`, `{"shard": {"format": "polytile-shard/1", "finger`,
	} {
		if _, err := Parse([]byte(s)); err == nil {
			t.Errorf("accepted %q", s)
		}
	}
	if _, err := Parse([]byte(withDigest("{\"solution\": []}\n{\"shard\": {\"format\": \"polytile-shard/1\", \"fingerprint\": \"" + testFP + "\", \"config\": {\"backend\": \"dlx\"}, \"split\": {\"hash\": \"0123456789abcdef\"}, \"index\": 0, \"count\": 4}}\n"))); err != nil {
		t.Errorf("jsonl: %v", err)
	}
}

// TestMergeNodesBalance: the shards' nodes, min / median / max over the
// complete shards (an incomplete duplicate and an incomplete shard left
// out), from result files as earlier versions wrote them (Parse of the
// JSON; the Result fields are unchanged). Before, merge reported the
// balance of times only (the fields were zero).
func TestMergeNodesBalance(t *testing.T) {
	file := func(i int, nodes int64, complete bool) Loaded {
		finished := 10
		if !complete {
			finished = 5
		}
		data := fmt.Sprintf(`{"puzzle": "p", "nodes": %d, "shard": {"format": "polytile-shard/1", "polytile_version": "v0.1 abc",
			"fingerprint": "%s", "config": {"backend": "fila", "heuristic": "f", "fila_at": 0, "nof": true, "volume": -1, "redundancy": "X"},
			"index": %d, "count": 4, "split": {"subproblems": 40, "hash": "0123456789abcdef"}, "owned": 10, "finished": %d, "resumed": 0,
			"solutions": 8, "unique": 2, "nodes": %d, "seconds": 1.5, "complete": %t}}`, nodes, testFP, i, finished, nodes, complete)
		r, err := Parse([]byte(withDigest(data)))
		if err != nil {
			t.Fatal(err)
		}
		return Loaded{Path: fmt.Sprint(i), Result: r}
	}
	rep, err := Merge([]Loaded{file(0, 700, true), file(1, 100, true), file(2, 5, false), file(2, 400, true), file(3, 1000, true)})
	if err != nil || !rep.Complete || rep.Nodes != 2200 || rep.NodesMin != 100 || rep.NodesMedian != 550 || rep.NodesMax != 1000 {
		t.Fatalf("%v %+v", err, rep)
	}
	rep, err = Merge([]Loaded{file(0, 700, true), file(1, 100, false), file(3, 1000, true)})
	if err != nil || rep.Complete || rep.NodesMin != 700 || rep.NodesMedian != 850 || rep.NodesMax != 1000 {
		t.Fatalf("incomplete set: %v %+v", err, rep)
	}
	b, err := json.Marshal(rep)
	if err != nil || !strings.Contains(string(b), `"shard_nodes_median":850`) || !strings.Contains(string(b), `"shard_seconds_max":1.5`) {
		t.Errorf("JSON %s (%v)", b, err)
	}
}

// TestMergeRefusesIncompleteAboveComplete: an incomplete result of a
// shard that reports more solutions (or more unique ones) than a
// complete result of the same shard is refused (a *Conflict naming both
// files), in either order; one with fewer is superseded as before.
func TestMergeRefusesIncompleteAboveComplete(t *testing.T) {
	rest := []Loaded{{Path: "s0", Result: res(0, 4, 8, 1, true)}, {Path: "s1", Result: res(1, 4, 4, 1, true)}, {Path: "s3", Result: res(3, 4, 4, 1, true)}}
	moreUnique := res(2, 4, 12, 2, false)
	moreUnique.Unique = 4
	for _, part := range []*Result{res(2, 4, 13, 2, false), moreUnique} {
		whole := res(2, 4, 12, 3, true)
		for _, order := range [][]Loaded{
			{{Path: "part.json", Result: part}, {Path: "whole.json", Result: whole}},
			{{Path: "whole.json", Result: whole}, {Path: "part.json", Result: part}},
		} {
			_, err := Merge(append(slices.Clone(rest), order...))
			var cf *Conflict
			if !errors.As(err, &cf) || !strings.Contains(err.Error(), "more solutions") ||
				!strings.Contains(err.Error(), "part.json") || !strings.Contains(err.Error(), "whole.json") {
				t.Errorf("%d/%d incomplete beside 12/3 complete, %s first: %v", part.All, part.Unique, order[0].Path, err)
			}
		}
	}
	rep, err := Merge(append(slices.Clone(rest), Loaded{Path: "part.json", Result: res(2, 4, 12, 2, false)}, Loaded{Path: "whole.json", Result: res(2, 4, 12, 3, true)}))
	if err != nil || !rep.Complete || rep.All != 28 || len(rep.Superseded) != 1 {
		t.Errorf("an incomplete result with as many solutions: %v %+v", err, rep)
	}
}

// TestMergeRefusesIncompleteAboveCompleteThroughAnother: an incomplete
// result with more solutions than the complete one is refused even when
// a further incomplete result of the same shard superseded it before the
// complete came (it was compared only with the result kept at the time,
// never with the complete: merged, exit 0). Every order of the three.
// Fails on the old code.
func TestMergeRefusesIncompleteAboveCompleteThroughAnother(t *testing.T) {
	rest := []Loaded{{Path: "s0", Result: res(0, 4, 8, 1, true)}, {Path: "s1", Result: res(1, 4, 4, 1, true)}, {Path: "s3", Result: res(3, 4, 4, 1, true)}}
	early := res(2, 4, 1000, 2, false) // 3 of 10 finished (below)
	early.Finished = 3
	further := res(2, 4, 4, 2, false) // 5 of 10 finished: supersedes early
	whole := res(2, 4, 12, 3, true)
	three := []Loaded{{Path: "early.json", Result: early}, {Path: "further.json", Result: further}, {Path: "whole.json", Result: whole}}
	for _, perm := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
		files := slices.Clone(rest)
		for _, k := range perm {
			files = append(files, three[k])
		}
		_, err := Merge(files)
		var cf *Conflict
		if !errors.As(err, &cf) || !strings.Contains(err.Error(), "more solutions") ||
			!strings.Contains(err.Error(), "early.json") || !strings.Contains(err.Error(), "whole.json") {
			t.Errorf("order %v: %v", perm, err)
		}
	}
}

// TestMergeCommandHoldsBackLinkedFiles: a missing shard whose result file
// (the rerun command's -o for its index) is a symbolic link, or a FIFO,
// is left out of the printed command, with a note naming the file and
// what to do; the other shards are in it, and with none left there is no
// command. The command wrote through the link: shard-3.json ->
// shard-1.json (read by merge as shard 1, a duplicate) made the rerun of
// shard 3 replace shard 1's result. Fails on the old code.
func TestMergeCommandHoldsBackLinkedFiles(t *testing.T) {
	dir := t.TempDir()
	name := func(i int) string { return filepath.Join(dir, fmt.Sprintf("shard-%d.json", i)) }
	for _, i := range []int{0, 1} {
		os.WriteFile(name(i), []byte("{}"), 0o644)
	}
	if err := os.Symlink("shard-1.json", name(3)); err != nil {
		t.Skip("no symbolic links:", err)
	}
	files := []Loaded{{Path: name(0), Result: res(0, 4, 8, 1, true)}, {Path: name(1), Result: res(1, 4, 4, 1, true)}}
	rep, err := Merge(files)
	if err != nil || rep.Complete {
		t.Fatalf("%v %+v", err, rep)
	}
	if !strings.Contains(rep.Command, "for i in 2; do") || strings.Contains(rep.Command, " 3") {
		t.Errorf("command: %s", rep.Command)
	}
	if !strings.Contains(rep.CommandNote, "shard 3") || !strings.Contains(rep.CommandNote, "symbolic link to shard-1.json") || !strings.Contains(rep.CommandNote, "remove it") {
		t.Errorf("note: %s", rep.CommandNote)
	}
	// Shard 2's file a FIFO too: no command at all.
	if err := syscall.Mkfifo(name(2), 0o644); err != nil {
		t.Skip("no FIFO:", err)
	}
	rep, err = Merge(files)
	if err != nil || rep.Command != "" || !strings.Contains(rep.CommandNote, "no command to run them") || !strings.Contains(rep.CommandNote, "a FIFO") {
		t.Errorf("every file held back: %v command %q note %q", err, rep.Command, rep.CommandNote)
	}
}

// TestMergeNoResultSaysWhy: a merge of files none of which is a shard
// result names each file with the reason it was not read (cut short, not
// JSON), as a merge with a result among them does on stderr; it named
// the files alone ("no shard result among the files: a.json"). Fails on
// the old code.
func TestMergeNoResultSaysWhy(t *testing.T) {
	dir := t.TempDir()
	cut := filepath.Join(dir, "cut.json")
	pic := filepath.Join(dir, "pic.json")
	os.WriteFile(cut, []byte(`{"shard": {"format": "`), 0o644)
	os.WriteFile(pic, []byte("<svg/>"), 0o644)
	var files []Loaded
	for _, p := range []string{cut, pic} {
		r, err := ReadFile(p)
		files = append(files, Loaded{Path: p, Result: r, Err: err})
	}
	_, err := Merge(files)
	if err == nil || !strings.Contains(err.Error(), "no shard result among the files") ||
		!strings.Contains(err.Error(), cut+": not complete JSON") || !strings.Contains(err.Error(), pic+": not a shard result") {
		t.Errorf("%v", err)
	}
}
