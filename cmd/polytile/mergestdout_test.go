package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeRerunOfStdoutShards: shards that printed their results on
// stdout (--json, and --jsonl) redirected by the shell into s0.json and
// s1.jsonl; merge's command for the missing shard 2 gave no -o (and no
// --jsonl), so it printed the result where merge could not find it. The
// command now writes s2.json beside them with --json -o; run by sh as
// printed, the merge of the directory is complete and equals the count of
// one process.
func TestMergeRerunOfStdoutShards(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	p, _ := filepath.Abs(example("pentomino-12x5.yaml"))
	code, out, errs := run(t, "", "solve", p, "--count", "--json")
	var whole struct{ Solutions int64 }
	if err := json.Unmarshal([]byte(out), &whole); err != nil || code != 0 || whole.Solutions == 0 {
		t.Fatalf("whole count: exit %d %v %s", code, err, errs)
	}
	for i, c := range []struct{ flag, file string }{{"--json", "s0.json"}, {"--jsonl", "s1.jsonl"}} {
		code, out, errs := run(t, "", "solve", p, "--count", "--shard", string(rune('0'+i))+"/3", c.flag)
		if code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errs)
		}
		if err := os.WriteFile(filepath.Join(dir, c.file), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, rep, _ := mergeJSON(t, dir)
	if code != 1 || len(rep.Missing) != 1 || !strings.Contains(rep.Command, "--json -o "+filepath.Join(dir, `s"$i".json`)) {
		t.Fatalf("merge of shards 0 and 1: exit %d, command %q", code, rep.Command)
	}
	sh := exec.Command("sh", "-c", rep.Command)
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	if b, err := sh.CombinedOutput(); err != nil || len(b) != 0 {
		t.Fatalf("the printed command %s: %v\n%s", rep.Command, err, b)
	}
	code, rep, errs = mergeJSON(t, dir)
	if code != 0 || !rep.Complete || rep.All != whole.Solutions {
		t.Fatalf("after the printed command: exit %d %s %+v, want %d solutions", code, errs, rep, whole.Solutions)
	}
}
