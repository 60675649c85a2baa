package shard

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// testFP is a fingerprint of the form Fingerprint makes.
const testFP = "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

// validShard is shard 1 of 4 of a split of 42 subproblems (it owns 11),
// with one field replaced by repl when key names it.
func validShard(key, repl string) string {
	fields := [][2]string{
		{"format", `"polytile-shard/1"`}, {"fingerprint", `"` + testFP + `"`},
		{"config", `{"backend": "fila", "heuristic": "e=11:f=3", "fila_at": 0, "nof": true, "volume": -1, "redundancy": "X"}`},
		{"index", "1"}, {"count", "4"}, {"split", `{"subproblems": 42, "hash": "0123456789abcdef"}`},
		{"owned", "11"}, {"finished", "11"}, {"resumed", "2"}, {"solutions", "8"}, {"unique", "2"}, {"nodes", "99"},
		{"seconds", "1.5"}, {"complete", "true"},
	}
	var b strings.Builder
	b.WriteString(`{"shard": {`)
	for n, f := range fields {
		if n > 0 {
			b.WriteString(", ")
		}
		v := f[1]
		if f[0] == key {
			v = repl
		}
		fmt.Fprintf(&b, "%q: %s", f[0], v)
	}
	b.WriteString("}}")
	return b.String()
}

// TestParseBoundsEveryField: each numeric field of a shard result out of
// its range, and each name merge prints or puts in a command that is not
// what solve writes, makes the file an invalid shard result (an
// *InvalidError naming the field), which merge refuses. Before, only
// negative counts and unique > solutions were caught: seconds of -1e308,
// a complete shard owning no subproblem, a split of -5, and a backend
// "rm -rf /" were results.
func TestParseBoundsEveryField(t *testing.T) {
	if _, err := Parse([]byte(withDigest(validShard("", "")))); err != nil {
		t.Fatalf("the valid result: %v", err)
	}
	for _, c := range []struct{ key, value, want string }{
		{"seconds", "-1e308", "seconds"}, {"seconds", "-0.5", "seconds"}, {"seconds", "1e10", "seconds"},
		{"solutions", "-1", "solutions"}, {"solutions", "9223372036854775808", "solutions"}, {"solutions", "1.5", "solutions"},
		{"unique", "9", "unique"}, {"nodes", "-3", "nodes"}, {"nodes", `"7"`, "nodes"},
		{"owned", "0", "owned"}, {"owned", "12", "owned"}, {"finished", "12", "finished"}, {"finished", "-1", "finished"},
		{"resumed", "12", "resumed"}, {"index", "4", "index"}, {"count", "0", "count"}, {"count", "100001", "count"},
		{"split", `{"subproblems": -5, "hash": "0123456789abcdef"}`, "split.subproblems"},
		{"split", `{"subproblems": 8589934592, "hash": "0123456789abcdef"}`, "split.subproblems"},
		{"split", `{"subproblems": 42, "hash": "$(rm -rf x)"}`, "split.hash"},
		{"fingerprint", `"sha256:x"`, "fingerprint"}, {"fingerprint", `""`, "fingerprint"},
		{"config", `{"backend": "rm -rf /", "heuristic": "f", "volume": -1}`, "config.backend"},
		{"config", `{"backend": "fila", "heuristic": "$(touch x)", "volume": -1}`, "config.heuristic"},
		{"config", `{"backend": "fila", "heuristic": "f", "volume": -2}`, "config.volume"},
		{"config", `{"backend": "fila", "heuristic": "f", "fila_at": 99999999, "volume": -1}`, "config.fila_at"},
		{"config", `{"backend": "fila", "heuristic": "f", "volume": -1, "redundancy": "X\u001b[2J"}`, "config.redundancy"},
		{"complete", "true", ""}, // the unchanged field: still valid
	} {
		_, err := Parse([]byte(withDigest(validShard(c.key, c.value))))
		if c.want == "" {
			if err != nil {
				t.Errorf("%s = %s: %v", c.key, c.value, err)
			}
			continue
		}
		var ie *InvalidError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s = %s: %v, want an InvalidError naming %s", c.key, c.value, err, c.want)
		}
		rep, err := Merge([]Loaded{{Path: "bad.json", Err: err}, {Path: "good.json", Result: res(0, 4, 8, 1, true)}})
		var cf *Conflict
		if !errors.As(err, &cf) || !strings.Contains(err.Error(), "bad.json") || rep != nil {
			t.Errorf("%s = %s: merge %v", c.key, c.value, err)
		}
	}
}

// TestMergeSumsCannotWrap: counts of 2^63-1 beside others are refused,
// naming the field, the file added last and the one with the largest
// value; the sums wrapped around to negative totals.
func TestMergeSumsCannotWrap(t *testing.T) {
	for _, field := range []string{"solutions", "unique", "nodes"} {
		big := res(0, 4, 8, 1, true)
		switch field {
		case "solutions":
			big.All = math.MaxInt64
		case "unique":
			big.All, big.Unique = math.MaxInt64, math.MaxInt64
		case "nodes":
			big.Nodes = math.MaxInt64
		}
		files := []Loaded{{Path: "big.json", Result: big}, {Path: "b", Result: res(1, 4, 4, 4, true)}, {Path: "c", Result: res(2, 4, 4, 1, true)}}
		files[1].Result.Nodes, files[2].Result.Nodes = 5, 5
		_, err := Merge(files)
		var cf *Conflict
		if !errors.As(err, &cf) || !strings.Contains(err.Error(), "big.json") || !strings.Contains(err.Error(), "b") {
			t.Errorf("%s: %v", field, err)
			continue
		}
		if field != "unique" && !strings.Contains(err.Error(), `field "`+field+`"`) {
			t.Errorf("%s: %v", field, err)
		}
	}
}
