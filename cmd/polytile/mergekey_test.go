package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// mergeVerdict runs merge --json (and text) and returns the exit code,
// the report's verified and unchecked lists, stderr and the text output.
type mergeVerdict struct {
	code                int
	all                 int64
	verified, unchecked []string
	errs, text          string
}

func mergeWith(t *testing.T, args ...string) mergeVerdict {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"merge", "--json"}, args...)...)
	v := mergeVerdict{code: code, errs: errs}
	if code != 2 {
		var rep struct {
			Solutions int64
			Verified  []string
			Unchecked []string
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("merge --json %v: %v\n%s", args, err, out)
		}
		v.all, v.verified, v.unchecked = rep.Solutions, rep.Verified, rep.Unchecked
	}
	_, v.text, _ = run(t, "", append([]string{"merge"}, args...)...)
	return v
}

func setKeyLine(t *testing.T, out string, line int, text string) {
	t.Helper()
	key := filepath.Join(out, "count.key")
	data, err := os.ReadFile(key)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	lines[line-1] = text
	if err := os.WriteFile(key, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMergeChecksCountKey: plain merge DIR (no --puzzle) of a results
// directory a recipe made reads its count.key: it refuses (exit 2) the
// results whose N, puzzle (bridged by the puzzle file the results name,
// whose SHA-256 is the key's) or configuration (solve --count with the
// key's flags) are not the key's, says what it verified (text rows
// "verified", --json "verified") and, when the puzzle file has changed
// since the count started, that the puzzle was not verified ("unchecked",
// and on stderr). A key that is not one is refused. Before, merge DIR
// never read count.key: every case below summed the results, exit 0,
// with nothing said about what was checked.
func TestMergeChecksCountKey(t *testing.T) {
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	orig, _ := os.ReadFile(p)
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 3)

	key := mustRead(t, filepath.Join(out, "count.key"))
	v := mergeWith(t, out)
	if v.code != 0 || v.all != 4040 || len(v.verified) != 3 || len(v.unchecked) != 0 || !strings.Contains(v.text, "verified    N = 3") {
		t.Fatalf("the recipe's own results: %+v", v)
	}
	for _, c := range []struct {
		line       int
		text, want string
	}{
		{3, "shards 4", "another shard count than the N = 4"},
		{4, "flags --heuristic s ", "not counted with the flags"},
	} {
		setKeyLine(t, out, c.line, c.text)
		if v := mergeWith(t, out); v.code != 2 || !strings.Contains(v.errs, c.want) || !strings.Contains(v.errs, "shard-2.json") {
			t.Errorf("key line %d %q: %+v", c.line, c.text, v)
		}
		os.WriteFile(filepath.Join(out, "count.key"), key, 0o644)
	}
	// Flags the count ran with are read as solve reads them.
	out2 := filepath.Join(dir, "out2")
	slurmCount(t, p, out2, 2, "--heuristic", "s", "-j", "2", "--quiet")
	if v := mergeWith(t, out2); v.code != 0 || v.all != 4040 || len(v.verified) != 3 {
		t.Errorf("a count with flags: %+v", v)
	}

	// The puzzle edited since the count started: the results are of the
	// puzzle as it was; merge says it could not verify them.
	edit()
	v = mergeWith(t, out)
	if v.code != 0 || len(v.unchecked) == 0 || !strings.Contains(v.unchecked[0], "has changed since") || !strings.Contains(v.errs, "not verified") ||
		!strings.Contains(v.text, "unchecked") {
		t.Errorf("an edited puzzle, the old key: %+v", v)
	}
	// A key of the edited puzzle over the old results (stale results in a
	// directory keyed for another count): refused.
	sum := sha256.Sum256(mustRead(t, p))
	setKeyLine(t, out, 2, "puzzle-sha256 "+hex.EncodeToString(sum[:]))
	if v := mergeWith(t, out); v.code != 2 || !strings.Contains(v.errs, "not computed for the puzzle") || !strings.Contains(v.errs, "shard-0.json") {
		t.Errorf("old results under a key of the edited puzzle: %+v", v)
	}
	os.WriteFile(p, orig, 0o644)

	// Not a key: refused.
	os.WriteFile(filepath.Join(out, "count.key"), []byte("polytile count.sh 7\n"), 0o644)
	if v := mergeWith(t, out); v.code != 2 || !strings.Contains(v.errs, "not a count key") {
		t.Errorf("a malformed key: %+v", v)
	}
	// No key, no --puzzle: merged, and said to be checked against nothing.
	os.Remove(filepath.Join(out, "count.key"))
	if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.verified) != 0 || len(v.unchecked) != 2 || !strings.Contains(v.unchecked[0], "no count.key") {
		t.Errorf("no key: %+v", v)
	}
	if v := mergeWith(t, "--puzzle", p, out); v.code != 0 || len(v.verified) != 1 || !strings.Contains(v.verified[0], "--puzzle") {
		t.Errorf("no key, --puzzle: %+v", v)
	}
}

// TestMergeKeyNamedFileIsAFIFO: results that name a FIFO (or a device)
// as their puzzle file are merged without opening it (a FIFO with no
// writer would block merge forever): the puzzle is reported unchecked.
func TestMergeKeyNamedFileIsAFIFO(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 2)
	fifo := filepath.Join(dir, "fifo.yaml")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Skip("no mkfifo")
	}
	for i := range 2 {
		f := filepath.Join(out, "shard-"+strconv.Itoa(i)+".json")
		data := strings.ReplaceAll(string(mustRead(t, f)), strconv.Quote(p), strconv.Quote(fifo))
		os.WriteFile(f, []byte(data), 0o644)
		resealFile(t, f) // the file's name is under the digest
	}
	v := mergeWith(t, out)
	if v.code != 0 || v.all != 4040 || len(v.unchecked) == 0 || !strings.Contains(v.unchecked[0], "cannot be read here") {
		t.Errorf("results naming a FIFO: %+v", v)
	}
}
