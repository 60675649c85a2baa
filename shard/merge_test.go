package shard

import (
	"errors"
	"strings"
	"testing"
)

func res(i, n int, all int64, secs float64, complete bool) *Result {
	r := &Result{Format: Format, Fingerprint: "sha256:x", Config: Config{Backend: "fila"}, Index: i, Count: n,
		Split: Split{Subproblems: 100, Hash: "h"}, Owned: 10, Finished: 10, All: all, Unique: all / 4, Seconds: secs, Complete: complete,
		Rerun: []string{"polytile", "solve", "my puzzle.yaml", "--shard", "{}/4", "-o", "out/shard-{}.json"}}
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
	want := `for i in 1 2 3; do polytile solve 'my puzzle.yaml' --shard "$i"/4 -o out/shard-"$i".json; done`
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
	if _, err := Parse([]byte("{\"solution\": []}\n{\"shard\": {\"format\": \"polytile-shard/1\", \"fingerprint\": \"x\", \"index\": 0, \"count\": 4}}\n")); err != nil {
		t.Errorf("jsonl: %v", err)
	}
}
