package shard

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withDigest adds to the last "shard" object of a result file's text the
// digest solve would have written for it (Seal), so that tests written
// as JSON text read as results solve made. Text whose shard object does
// not decode into a Result is returned as it is.
func withDigest(s string) string {
	// One JSON object (over one line or several), or JSON lines.
	head, last := "", strings.TrimSpace(s)
	if !json.Valid([]byte(last)) {
		if i := strings.LastIndex(last, "\n"); i >= 0 {
			head, last = last[:i+1], last[i+1:]
		}
	}
	var wrap struct {
		Shard *Result `json:"shard"`
	}
	if json.Unmarshal([]byte(last), &wrap) != nil || wrap.Shard == nil {
		return s
	}
	if err := wrap.Shard.Seal(); err != nil {
		return s
	}
	i := strings.LastIndex(last, `"shard": {`)
	if i < 0 {
		return s
	}
	i += len(`"shard": {`)
	return head + last[:i] + `"digest": "` + wrap.Shard.Digest + `", ` + last[i:]
}

// TestParseRefusesEditedResults: a result solve sealed is read; the same
// result with any field changed after the seal (a count edited by hand,
// the shard index, the split, the fingerprint), with its digest removed or
// with a digest that is not one, is an *InvalidError that merge refuses
// (exit 2) naming the file. Before, merge added up a hand-edited count as
// if a search had found it (9,360 solutions for the 9,356 of 10x6).
func TestParseRefusesEditedResults(t *testing.T) {
	good := withDigest(validShard("", ""))
	if _, err := Parse([]byte(good)); err != nil {
		t.Fatalf("the sealed result: %v", err)
	}
	for _, c := range []struct{ from, to string }{
		{`"solutions": 8`, `"solutions": 9`}, {`"unique": 2`, `"unique": 3`}, {`"nodes": 99`, `"nodes": 98`},
		{`"resumed": 2`, `"resumed": 1`}, {`"seconds": 1.5`, `"seconds": 1.25`},
		{`"index": 1`, `"index": 0`}, {`"hash": "0123456789abcdef"`, `"hash": "0123456789abcdee"`},
		{testFP, strings.Replace(testFP, "0123", "0124", 1)}, {`"redundancy": "X"`, `"redundancy": ""`},
		{`"digest": "sha256:`, `"digest": "sha256:0`}, {`"digest": "sha256:`, `"digest": "md5:`},
		{`"digest": "sha256:`, `"digest_": "sha256:`},
	} {
		bad := strings.Replace(good, c.from, c.to, 1)
		if bad == good {
			t.Fatalf("%s not in %s", c.from, good)
		}
		_, err := Parse([]byte(bad))
		var ie *InvalidError
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), "digest") {
			t.Errorf("%s -> %s: %v, want an InvalidError about the digest", c.from, c.to, err)
			continue
		}
		_, err = Merge([]Loaded{{Path: "edited.json", Err: err}, {Path: "good.json", Result: res(0, 4, 8, 1, true)}})
		var cf *Conflict
		if !errors.As(err, &cf) || !strings.Contains(err.Error(), "edited.json") {
			t.Errorf("%s -> %s: merge %v", c.from, c.to, err)
		}
	}
}

// TestCheckpointRefusesEdits: a checkpoint Write sealed is read back; the
// same file with a subproblem's count changed, a subproblem dropped or its
// digest removed is refused, so a resumed shard never adds counts no
// search produced.
func TestCheckpointRefusesEdits(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ck")
	ck := &Checkpoint{Fingerprint: testFP, Config: Config{Backend: "fila", Schedule: "f", Volume: -1}, Index: 1, Count: 4,
		Split: Split{Subproblems: 42, Hash: "0123456789abcdef"}, Seconds: 2.5,
		Done: []Sub{{Index: 5, All: 12, Unique: 3, Nodes: 400}, {Index: 1, All: 0, Unique: 0, Nodes: 7}}}
	if err := ck.Write(path); err != nil {
		t.Fatal(err)
	}
	got, err := ReadCheckpoint(path)
	if err != nil || len(got.Done) != 2 || got.Done[1].All != 12 {
		t.Fatalf("read back: %+v %v", got, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to string }{
		{`"all":12`, `"all":16`}, {`"unique":3`, `"unique":4`},
		{`{"i":1,"all":0,"unique":0,"nodes":7},`, ``}, {`"digest":`, `"digest_":`},
	} {
		bad := strings.Replace(string(data), c.from, c.to, 1)
		if bad == string(data) {
			t.Fatalf("%s not in %s", c.from, data)
		}
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadCheckpoint(path); err == nil || !strings.Contains(err.Error(), "digest") {
			t.Errorf("%s -> %s: %v, want a refusal about the digest", c.from, c.to, err)
		}
	}
}
