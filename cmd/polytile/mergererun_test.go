package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMergeRerunFromFileIsValidated: the rerun array of a shard result is
// printed as the command to run the missing shards only when it is the
// polytile solve command of that count (rebuilt from checked fields);
// otherwise merge prints why there is none. merge printed any array as
// "to run them": `for i in 2; do rm -rf /tmp/x/IMPORTANT --shard "$i"/3;
// done`.
func TestMergeRerunFromFileIsValidated(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	m0 := filepath.Join(dir, "m0.json")
	r1 := filepath.Join(dir, "r1.json")
	data, _ := os.ReadFile(filepath.Join(dir, "shard-1.json"))
	os.WriteFile(r1, data, 0o644)
	editJSON(t, r1, func(m map[string]any) { delete(m["shard"].(map[string]any), "rerun") })
	for _, rerun := range [][]any{
		{"rm", "-rf", "/tmp/x/IMPORTANT", "--shard", "{}/3"},
		{"polytile", "solve", "x.yaml", "--count", "--shard", "{}/3", "--backend", "fila"},
		{"polytile", "merge", "/"},
		{"sh", "-c", "rm -rf /tmp/x/IMPORTANT"},
	} {
		data, _ := os.ReadFile(filepath.Join(dir, "shard-0.json"))
		os.WriteFile(m0, data, 0o644)
		editJSON(t, m0, func(m map[string]any) { m["shard"].(map[string]any)["rerun"] = rerun })
		// With no other rerun command: none printed, and why.
		code, out, errs := run(t, "", "merge", m0, r1)
		if code != 1 || strings.Contains(out, "rm -rf") || strings.Contains(out, "\nto run them:") ||
			!strings.Contains(out, "no command to run them") || !strings.Contains(out, "m0.json") {
			t.Errorf("rerun %q: exit %d\n%s%s", rerun, code, out, errs)
		}
		code, rep, _ := mergeJSON(t, m0, r1)
		if code != 1 || rep.Command != "" || !strings.Contains(rep.CommandNote, "m0.json") {
			t.Errorf("rerun %q, --json: exit %d, command %q, note %q", rerun, code, rep.Command, rep.CommandNote)
		}
		// Beside a valid one (shard 1's): that one, and a note on m0's.
		code, rep, _ = mergeJSON(t, m0, filepath.Join(dir, "shard-1.json"))
		if code != 1 || !strings.HasPrefix(rep.Command, "for i in 2; do polytile solve ") || strings.Contains(rep.Command, "rm ") ||
			!strings.Contains(rep.CommandNote, "m0.json is not printed") {
			t.Errorf("rerun %q beside a valid one: exit %d, command %q, note %q", rerun, code, rep.Command, rep.CommandNote)
		}
	}
}

// TestMergeCommandHostilePuzzleName: a shard of a puzzle named (relative
// to the shard's directory) with a leading dash, spaces, quotes and
// $(...): merge's command, run by sh as printed in that directory, counts
// the missing shard on that file, runs nothing from the name, and the set
// then merges to the whole count. The command gave the name as it was, so
// solve read it as an option.
func TestMergeCommandHostilePuzzleName(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	data, err := os.ReadFile(example("pentomino-12x5.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	name := `-p $(touch PWN1) 'q' "{x}" ;touch PWN2.yaml`
	os.WriteFile(filepath.Join(dir, name), data, 0o644)
	solve := exec.Command(bin, "solve", "--count", "--shard", "0/2", "--json", "-o", "r-0.json", "--", name)
	solve.Dir = dir
	if b, err := solve.CombinedOutput(); err != nil {
		t.Fatalf("shard 0: %v\n%s", err, b)
	}
	code, rep, errs := mergeJSON(t, filepath.Join(dir, "r-0.json"))
	if code != 1 || rep.Command == "" {
		t.Fatalf("exit %d %s: %+v", code, errs, rep)
	}
	sh := exec.Command("sh", "-c", rep.Command)
	sh.Dir = dir
	sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"))
	b, err := sh.CombinedOutput()
	if m, _ := filepath.Glob(filepath.Join(dir, "PWN*")); len(m) > 0 {
		t.Errorf("the command ran code from the puzzle's name: %v", m)
	}
	if err != nil {
		t.Fatalf("the printed command %s: %v\n%s", rep.Command, err, b)
	}
	code, rep, errs = mergeJSON(t, dir)
	if code != 0 || !rep.Complete || rep.All != 4040 {
		t.Fatalf("after the printed command: exit %d %s %+v", code, errs, rep)
	}
}

// TestMergeTextQuotesControlCharacters: the puzzle title, file and version
// a shard result carries are printed Go-quoted when they hold control
// characters (an escape sequence, a line break); merge printed them raw.
func TestMergeTextQuotesControlCharacters(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 2)
	for i, v := range []string{"v1\x1b[2J", "v2\nfake row"} {
		editJSON(t, filepath.Join(dir, fmt.Sprintf("shard-%d.json", i)), func(m map[string]any) {
			sh := m["shard"].(map[string]any)
			sh["polytile_version"], sh["puzzle"] = v, "t\x1b]0;title\a"
		})
	}
	code, out, errs := run(t, "", "merge", dir)
	if code != 0 || strings.ContainsAny(out, "\x1b\a") || strings.Contains(out, "\nfake row") ||
		!strings.Contains(out, `\x1b[2J`) || !strings.Contains(out, `"t\x1b]0;title\a"`) {
		t.Errorf("exit %d %s:\n%q", code, errs, out)
	}
}
