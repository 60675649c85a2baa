package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMergeCommandRunsAsPrinted: shard 0 of 2 wrote -o r.json with
// --checkpoint ck.json (no index in the names); merge's command for the
// missing shard 1, run by sh as printed, used to send it to the same
// files (the checkpoint of shard 0: refused, exit 2). It now names
// r-1.json and ck-1.json, and after it the merge is complete and equals
// the count of one process.
func TestMergeCommandRunsAsPrinted(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	p, _ := filepath.Abs(example("pentomino-12x5.yaml"))
	code, out, errs := run(t, "", "solve", p, "--count", "--json")
	var whole struct{ Solutions int64 }
	if err := json.Unmarshal([]byte(out), &whole); err != nil || code != 0 || whole.Solutions == 0 {
		t.Fatalf("whole count: exit %d %v %s", code, err, errs)
	}
	if code, _, errs := run(t, "", "solve", p, "--count", "--shard", "0/2", "--json", "-o", filepath.Join(dir, "r.json"),
		"--checkpoint", filepath.Join(dir, "ck.json")); code != 0 {
		t.Fatalf("shard 0: exit %d: %s", code, errs)
	}
	code, rep, _ := mergeJSON(t, filepath.Join(dir, "r.json"))
	if code != 1 || len(rep.Missing) != 1 || rep.Command == "" {
		t.Fatalf("merge of shard 0 alone: exit %d %+v", code, rep)
	}
	for _, want := range []string{`r-"$i".json`, `ck-"$i".json`} {
		if !strings.Contains(rep.Command, want) {
			t.Errorf("command %s lacks %s", rep.Command, want)
		}
	}
	sh := exec.Command("sh", "-c", rep.Command)
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	if b, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("the printed command %s: %v\n%s", rep.Command, err, b)
	}
	code, rep, errs = mergeJSON(t, filepath.Join(dir, "r.json"), filepath.Join(dir, "r-1.json"))
	if code != 0 || !rep.Complete || rep.All != whole.Solutions {
		t.Fatalf("after the printed command: exit %d %s %+v, want %d solutions", code, errs, rep, whole.Solutions)
	}
}

// TestMergeTextPartialBesideComplete: an interrupted result next to a
// complete one of the same shard used to be printed as "same shard, same
// counts: ignored" although its counts differ; the text now says it is
// ignored because the complete result exists, and the total is the
// complete one's.
func TestMergeTextPartialBesideComplete(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 2)
	_, rep, _ := mergeJSON(t, dir)
	data, _ := os.ReadFile(filepath.Join(dir, "shard-1.json"))
	partial := string(data)
	for re, repl := range map[string]string{`"complete": true`: `"complete": false`, `"solutions": \d+`: `"solutions": 3`,
		`"finished": \d+`: `"finished": 1`, `"unique": \d+`: `"unique": 1`} {
		partial = regexp.MustCompile(re).ReplaceAllString(partial, repl)
	}
	part := filepath.Join(t.TempDir(), "partial.json")
	os.WriteFile(part, []byte(partial), 0o644)
	resealFile(t, part)
	code, out, errs := run(t, "", "merge", dir, part)
	if code != 0 || strings.Contains(out, "same counts") || !strings.Contains(out, "partial.json (shard 1, interrupted") ||
		!strings.Contains(out, "shard-1.json has a complete result") {
		t.Errorf("exit %d %s\n%s", code, errs, out)
	}
	if _, rep2, _ := mergeJSON(t, dir, part); rep2.All != rep.All || len(rep2.Superseded) != 1 {
		t.Errorf("total %d, want %d; superseded %q", rep2.All, rep.All, rep2.Superseded)
	}
}

// TestMergeTextNoCompleteShard: with no complete shard, merge gives no
// figures per shard (it printed min, median and max 0.000 s and a
// max/median of 0.00), and a median of 0 nodes gives n/a.
func TestMergeTextNoCompleteShard(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 2)
	for i := range 2 {
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))
		data, _ := os.ReadFile(f)
		os.WriteFile(f, regexp.MustCompile(`"complete":\s*true`).ReplaceAll(data, []byte(`"complete": false`)), 0o644)
		resealFile(t, f)
	}
	code, out, errs := run(t, "", "merge", dir)
	if code != 1 || !strings.Contains(out, "no complete shard for figures per shard") || strings.Contains(out, "0.00)") {
		t.Errorf("exit %d %s\n%s", code, errs, out)
	}
	if got := ratioText(5, 0); got != "n/a" {
		t.Errorf("ratioText(5, 0) = %q, want n/a", got)
	}
}

// TestMergeCommandWritesBesideTheCopy: results copied to another
// directory get a printed command that writes the missing shards (and
// their checkpoints) into the directory merge read, so that merging it
// again completes the set; the command named the directory the shards
// first ran in (its -o as recorded), and the copy stayed incomplete.
func TestMergeCommandWritesBesideTheCopy(t *testing.T) {
	bin := binary(t)
	first, copied := t.TempDir(), t.TempDir()
	p, _ := filepath.Abs(example("pentomino-12x5.yaml"))
	if code, _, errs := run(t, "", "solve", p, "--count", "--shard", "0/2", "--json", "-o", filepath.Join(first, "shard-0.json"),
		"--checkpoint", filepath.Join(first, "shard-0.ckpt")); code != 0 {
		t.Fatalf("shard 0: exit %d: %s", code, errs)
	}
	os.WriteFile(filepath.Join(copied, "shard-0.json"), reading(t, filepath.Join(first, "shard-0.json")), 0o644)
	code, rep, _ := mergeJSON(t, copied)
	if code != 1 || rep.Command == "" || strings.Contains(rep.Command, first) || !strings.Contains(rep.Command, copied) {
		t.Fatalf("merge of the copy: exit %d, command %q: it should write into %s, not %s", code, rep.Command, copied, first)
	}
	sh := exec.Command("sh", "-c", rep.Command)
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	if b, err := sh.CombinedOutput(); err != nil {
		t.Fatalf("the printed command %s: %v\n%s", rep.Command, err, b)
	}
	if code, rep, errs := mergeJSON(t, copied); code != 0 || !rep.Complete || rep.All != 4040 {
		t.Fatalf("the copy after the printed command: exit %d %s %+v", code, errs, rep)
	}
	if _, err := os.Stat(filepath.Join(first, "shard-1.json")); err == nil {
		t.Errorf("the printed command wrote into %s", first)
	}
}

// TestMergeTextNamesShards: the missing and incomplete rows name shards
// ("incomplete  shard 0", "missing     shards 0 1"): a bare "0" read as
// a count of none.
func TestMergeTextNamesShards(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	f := filepath.Join(dir, "shard-0.json")
	data, _ := os.ReadFile(f)
	os.WriteFile(f, regexp.MustCompile(`"complete":\s*true`).ReplaceAll(data, []byte(`"complete": false`)), 0o644)
	resealFile(t, f)
	os.Remove(filepath.Join(dir, "shard-1.json"))
	os.Remove(filepath.Join(dir, "shard-2.json"))
	code, out, errs := run(t, "", "merge", dir)
	if code != 1 || !regexp.MustCompile(`(?m)^incomplete +shard 0$`).MatchString(out) || !regexp.MustCompile(`(?m)^missing +shards 1 2$`).MatchString(out) {
		t.Errorf("exit %d %s\n%s", code, errs, out)
	}
}
