package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/shard"
)

// resealJSON gives a shard result or checkpoint decoded into m (by
// editJSON) the digest solve would have written for its fields as they
// are now, so that tests that make results of other shapes by editing
// files test what they mean to and not the digest. A record that does not
// decode (a number past 2^63-1) keeps the digest it had.
func resealJSON(m map[string]any) {
	if sh, ok := m["shard"].(map[string]any); ok {
		delete(sh, "digest")
		b, err := json.Marshal(sh)
		var r shard.Result
		if err != nil || json.Unmarshal(b, &r) != nil || r.Seal() != nil {
			return
		}
		sh["digest"] = r.Digest
		return
	}
	if m["format"] == shard.CheckpointFormat {
		delete(m, "digest")
		b, err := json.Marshal(m)
		var c shard.Checkpoint
		if err != nil || json.Unmarshal(b, &c) != nil || c.Seal() != nil {
			return
		}
		m["digest"] = c.Digest
	}
}

// resealFile is resealJSON on a file edited as text.
func resealFile(t *testing.T, path string) {
	t.Helper()
	editJSON(t, path, func(map[string]any) {})
}

// reading returns the file's bytes (for tests that fail on a missing file).
func reading(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMergeRefusesEditedCount: a shard result whose count was edited by
// hand after solve wrote it (solutions +4 and unique +1, fields still in
// range and consistent), or whose digest was removed, is refused by merge
// (exit 2, naming the file and the digest), with --puzzle too; and a
// checkpoint whose subproblem count was edited is refused by the resumed
// solve. Before, merge added the edited count up (exit 0, 4,044 solutions
// for the 4,040 of 12x5) and the resumed shard reported the edited
// checkpoint's count as its own.
func TestMergeRefusesEditedCount(t *testing.T) {
	p := example("pentomino-12x5.yaml")
	dir := t.TempDir()
	countShards(t, dir, p, 3)
	if code, rep, errs := mergeJSON(t, dir); code != 0 || rep.All != 4040 {
		t.Fatalf("unedited: exit %d %s %+v", code, errs, rep)
	}
	f := filepath.Join(dir, "shard-1.json")
	orig := reading(t, f)
	edits := map[string]func(string) string{
		"count +4": func(s string) string {
			s = regexp.MustCompile(`("shard": \{(?s:.)*?"solutions": )(\d+)`).ReplaceAllStringFunc(s, func(m string) string {
				i := strings.LastIndex(m, " ")
				n, _ := strconv.Atoi(m[i+1:])
				return m[:i+1] + strconv.Itoa(n+4)
			})
			return s
		},
		"digest removed": func(s string) string {
			return regexp.MustCompile(`,\s*"digest": "[^"]*"`).ReplaceAllString(s, "")
		},
	}
	for name, edit := range edits {
		edited := edit(string(orig))
		if edited == string(orig) {
			t.Fatalf("%s: the edit changed nothing", name)
		}
		os.WriteFile(f, []byte(edited), 0o644)
		for _, args := range [][]string{{"merge", dir}, {"merge", "--json", dir}, {"merge", "--puzzle", p, dir}} {
			code, out, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, "shard-1.json") || !strings.Contains(errs, "digest") || strings.Contains(out, "4044") {
				t.Errorf("%s: %v: exit %d, stdout %.300q, stderr %q", name, args, code, out, errs)
			}
		}
	}
	os.WriteFile(f, orig, 0o644)

	ck := filepath.Join(t.TempDir(), "s.ckpt")
	if code, _, errs := run(t, "", "solve", p, "--count", "--shard", "1/3", "--checkpoint", ck); code != 0 {
		t.Fatalf("checkpointed shard: exit %d: %s", code, errs)
	}
	data := reading(t, ck)
	edited := regexp.MustCompile(`"all":(\d+)`).ReplaceAllStringFunc(string(data), func(m string) string {
		n, _ := strconv.Atoi(m[len(`"all":`):])
		return `"all":` + strconv.Itoa(n+4)
	})
	os.WriteFile(ck, []byte(edited), 0o644)
	code, out, errs := run(t, "", "solve", p, "--count", "--json", "--shard", "1/3", "--checkpoint", ck)
	if code != 2 || !strings.Contains(errs, "s.ckpt") || !strings.Contains(errs, "digest") {
		t.Errorf("edited checkpoint: exit %d, stdout %.300q, stderr %q", code, out, errs)
	}
}
