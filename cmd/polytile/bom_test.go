package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBOMAcceptedEverywhere: a text input that starts with a UTF-8 byte
// order mark reads like the same file without one, in every reader: a
// Knuth puzzle (file and stdin), a YAML puzzle, a solution file given to
// check, shard results given to merge. Before the fix a Knuth file with a
// BOM was refused ("illegal digit U+FEFF") while YAML with one was read, and
// check and merge refused theirs.
func TestBOMAcceptedEverywhere(t *testing.T) {
	dir := t.TempDir()
	const bom = "\xef\xbb\xbf"
	withBOM := func(src, name string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, append([]byte(bom), data...), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, name := range []string{"pentomino-10x6.knuth", "pentomino-10x6.yaml"} {
		_, want, _ := run(t, "", "info", example(name), "--json")
		p := withBOM(example(name), name)
		code, got, errs := run(t, "", "info", p, "--json")
		if code != 0 || got != replaceFile(want, example(name), p) {
			t.Errorf("%s with a BOM: exit %d: %s", name, code, errs)
		}
		data, _ := os.ReadFile(p)
		format := "yaml"
		if filepath.Ext(name) == ".knuth" {
			format = "knuth"
		}
		if code, _, errs := run(t, string(data), "info", "-", "--from", format); code != 0 {
			t.Errorf("%s with a BOM on stdin: exit %d: %s", name, code, errs)
		}
	}

	// check: an MST start file (the native optimum of tetris-7x7, 48 cells).
	file := example("tetris-7x7.yaml")
	mst := filepath.Join(dir, "t.mst")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", mst, "-q"); code != 0 {
		t.Fatalf("export --start: exit %d: %s", code, errs)
	}
	code, rep, errs := checkJSON(t, file, withBOM(mst, "bom.mst"), "--max-coverage")
	if code != 0 || rep.Coverage != 48 {
		t.Errorf("check of a solution with a BOM: exit %d, coverage %d: %s", code, rep.Coverage, errs)
	}

	// merge: two shard results, each with a BOM.
	shards := filepath.Join(dir, "shards")
	os.Mkdir(shards, 0o755)
	countShards(t, shards, example("pentomino-10x6.yaml"), 2)
	for _, s := range []string{"shard-0.json", "shard-1.json"} {
		p := filepath.Join(shards, s)
		withBOM(p, s)
		os.Rename(filepath.Join(dir, s), p)
	}
	if code, mrep, errs := mergeJSON(t, shards); code != 0 || mrep.All != 9356 {
		t.Errorf("merge of shard results with a BOM: exit %d, %+v: %s", code, mrep, errs)
	}
}

// replaceFile puts the file name b where a was in a JSON report.
func replaceFile(s, a, b string) string {
	return strings.ReplaceAll(s, `"file": "`+a+`"`, `"file": "`+b+`"`)
}
