package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestJSONWhenLoadAnswersNo: a puzzle with a piece that fits nowhere has
// no exact tiling, found while reading it (exit 1); solve --json, --jsonl
// and check --json printed no JSON object then, only the message on
// stderr. They now print the object (no solution, complete, the reason),
// still exit 1 with the message on stderr. A count's object has "unique": 0
// too, as the object of a search that finds nothing has.
func TestJSONWhenLoadAnswersNo(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "u.yaml")
	if err := os.WriteFile(path, []byte("name: u\nboard: 3x3\npieces:\n  I: \"#####\"\n  O: \"##/##\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sol := filepath.Join(dir, "x.sol")
	if err := os.WriteFile(sol, []byte("Optimal - objective value 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", path, "--json"},
		{"solve", path, "--jsonl", "--count"},
		{"solve", path, "--json", "--unique"},
		{"check", path, sol, "--json"},
	} {
		code, out, errs := run(t, "", args...)
		var o struct {
			Solutions *int64 `json:"solutions"`
			Unique    *int64 `json:"unique"`
			Complete  bool   `json:"complete"`
			Reason    string `json:"reason"`
			Verdict   string `json:"verdict"`
			Valid     bool   `json:"valid"`
			Optimal   bool   `json:"optimal"`
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 1 || !strings.Contains(errs, "fits nowhere") {
			t.Errorf("%v: exit %d, stdout %q (%v), stderr %q", args, code, out, err, errs)
			continue
		}
		// A count has its unique count (0) as a search's object has: a
		// reader of "unique" found none before.
		counted := slices.Contains(args, "--count") || slices.Contains(args, "--unique")
		if args[0] == "solve" && (o.Solutions == nil || *o.Solutions != 0 || !o.Complete || !strings.Contains(o.Reason, "fits nowhere") ||
			counted != (o.Unique != nil) || counted && *o.Unique != 0) ||
			args[0] == "check" && (o.Valid || o.Optimal || !strings.Contains(o.Verdict, "fits nowhere")) {
			t.Errorf("%v: %s", args, out)
		}
	}
}
