package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/polytile/polytile/shard"
)

func mergeJSON(t *testing.T, args ...string) (int, shard.Report, string) {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"merge", "--json"}, args...)...)
	var rep shard.Report
	if code != 2 {
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("merge output: %v\n%s\n%s", err, out, errs)
		}
	}
	return code, rep, errs
}

// TestMergeEqualsWholeCount: 5 shards of the 10x6 pentominoes merge to
// the published counts, with the balance figures; a missing shard gives
// exit 1 and a command that, run, completes the set.
func TestMergeEqualsWholeCount(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-10x6.yaml"), 5, "--redundancy", "auto")
	code, rep, errs := mergeJSON(t, dir)
	if code != 0 || rep.All != 9356 || rep.Unique != 2339 || !rep.Complete || rep.Count != 5 {
		t.Fatalf("exit %d (%s): %+v", code, errs, rep)
	}
	if !(rep.Min > 0 && rep.Min <= rep.Median && rep.Median <= rep.Max) || rep.Config.Redundancy != "X" {
		t.Errorf("balance / config: %+v", rep)
	}
	os.Remove(filepath.Join(dir, "shard-3.json"))
	code, rep, _ = mergeJSON(t, dir)
	if code != 1 || rep.Complete || len(rep.Missing) != 1 || rep.Missing[0] != 3 || !strings.Contains(rep.Command, "for i in 3;") {
		t.Fatalf("missing shard: exit %d, %+v", code, rep)
	}
	// The command names the same configuration and the file to write.
	for _, want := range []string{"--shard \"$i\"/5", "--redundancy X", "shard-\"$i\".json", "--count"} {
		if !strings.Contains(rep.Command, want) {
			t.Errorf("command %q lacks %q", rep.Command, want)
		}
	}
	countShards(t, t.TempDir(), example("pentomino-10x6.yaml"), 0) // no-op
	args := []string{"solve", example("pentomino-10x6.yaml"), "--count", "--backend", "fila", "--heuristic", "f", "--fila-at=0",
		"--nof=true", "--volume=-1", "--redundancy", "X", "--shard", "3/5", "--json", "-o", filepath.Join(dir, "shard-3.json")}
	if code, _, errs := run(t, "", args...); code != 0 {
		t.Fatalf("rerun: %d %s", code, errs)
	}
	if code, rep, _ = mergeJSON(t, dir); code != 0 || rep.All != 9356 {
		t.Fatalf("after the rerun: exit %d, %+v", code, rep)
	}
}

// TestMergeRefusesMixedSets: another puzzle, another configuration,
// another N, and one index twice with different counts are refused with
// exit 2 naming the files; the same shard twice with equal counts is not.
func TestMergeRefusesMixedSets(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	shard0 := filepath.Join(dir, "shard-0.json")
	data, _ := os.ReadFile(shard0)

	other := t.TempDir()
	countShards(t, other, example("pentomino-15x4.yaml"), 3)
	cfgDir := t.TempDir()
	countShards(t, cfgDir, example("pentomino-12x5.yaml"), 3, "--heuristic", "s")
	nDir := t.TempDir()
	countShards(t, nDir, example("pentomino-12x5.yaml"), 2)

	dup := filepath.Join(t.TempDir(), "dup.json")
	os.WriteFile(dup, data, 0o644)
	if code, rep, errs := mergeJSON(t, dir, dup); code != 0 || len(rep.Duplicates) != 1 {
		t.Errorf("an identical duplicate: exit %d %s %+v", code, errs, rep)
	}
	forged := filepath.Join(t.TempDir(), "forged.json")
	os.WriteFile(forged, []byte(regexp.MustCompile(`"solutions": (\d+)`).ReplaceAllString(string(data), `"solutions": 1${1}`)), 0o644)
	resealFile(t, forged) // a result solve could have written: the duplicate check, not the digest's
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"another puzzle", []string{dir, filepath.Join(other, "shard-1.json")}, "different puzzles"},
		{"another configuration", []string{dir, filepath.Join(cfgDir, "shard-1.json")}, "different solver configurations"},
		{"another N", []string{dir, filepath.Join(nDir, "shard-1.json")}, "different shard counts"},
		{"a duplicated index with other counts", []string{dir, forged}, "shard 0 twice with different counts"},
	} {
		code, _, errs := mergeJSON(t, c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "shard-1.json") && !strings.Contains(errs, "forged.json") {
			t.Errorf("%s: exit %d: %s", c.name, code, errs)
		}
	}
	// Not a shard result, a truncated one: skipped, named, and the set is
	// incomplete without them.
	trunc := t.TempDir()
	os.WriteFile(filepath.Join(trunc, "shard-0.json"), data[:len(data)/2], 0o644)
	code, rep, errs := mergeJSON(t, trunc, filepath.Join(dir, "shard-1.json"), filepath.Join(dir, "shard-2.json"))
	if code != 1 || len(rep.Missing) != 1 || !strings.Contains(errs, "not complete JSON") {
		t.Errorf("truncated shard: exit %d %s %+v", code, errs, rep)
	}
}

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

// TestMergeRefusesAKeyWithDamagedFlags: a count.key whose flags line
// cannot be read as solve's flags (an unknown flag, a word that is not a
// flag, a flag missing its value, quoting printf %q never writes), in a
// key of either version, is refused: exit 2, naming the key and its line
// 4. merge summed the results, exit 0, with the configuration only
// "unchecked". Fails on the old code.
func TestMergeRefusesAKeyWithDamagedFlags(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 2)
	key := mustRead(t, filepath.Join(out, "count.key"))
	lines := strings.Split(string(key), "\n")
	v1 := strings.Join([]string{"polytile count.sh 1", lines[1], lines[2]}, "\n")
	for _, flags := range []string{"--bogus", "stray-word", "--heuristic", `"--nof"`, "--jobs=0"} {
		for _, k := range []string{
			strings.Join([]string{lines[0], lines[1], lines[2], "flags " + flags, lines[4]}, "\n") + "\n",
			v1 + "\nflags " + flags + " \n",
		} {
			os.WriteFile(filepath.Join(out, "count.key"), []byte(k), 0o644)
			v := mergeWith(t, out)
			if v.code != 2 || !strings.Contains(v.errs, filepath.Join(out, "count.key")) || !strings.Contains(v.errs, "line 4") {
				t.Errorf("key flags %q (%s): %+v", flags, k[:20], v)
			}
		}
	}
	os.WriteFile(filepath.Join(out, "count.key"), key, 0o644)
	if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
		t.Errorf("the key as written: %+v", v)
	}
}

// TestMergeChecksKeyFingerprint: a version 2 count.key records the
// puzzle's fingerprint and the resolved configuration, so merge DIR checks
// every result against them even when the puzzle file is gone: results of
// another puzzle or configuration are refused (exit 2), and the account
// says both were verified (only the puzzle file is unchecked). Fails on
// the old code (keys held no fingerprint; with the puzzle file gone the
// puzzle was only "unchecked").
func TestMergeChecksKeyFingerprint(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 2)
	os.Rename(p, p+".away")
	v := mergeWith(t, out)
	if v.code != 0 || v.all != 4040 || !strings.Contains(strings.Join(v.verified, "\n"), "fingerprint is the one") ||
		!strings.Contains(strings.Join(v.verified, "\n"), "configuration is the one") || len(v.unchecked) != 1 {
		t.Errorf("the puzzle file gone: %+v", v)
	}
	// The configuration too is checked without the puzzle file.
	key := mustRead(t, filepath.Join(out, "count.key"))
	setKeyLine(t, out, 4, "flags --backend=fila --fila-at=0 --heuristic=s --nof=true --volume=-1")
	if v := mergeWith(t, out); v.code != 2 || !strings.Contains(v.errs, "not counted with the configuration") {
		t.Errorf("another configuration in the key, the puzzle file gone: %+v", v)
	}
	os.WriteFile(filepath.Join(out, "count.key"), key, 0o644)
	setKeyLine(t, out, 5, "fingerprint sha256:"+strings.Repeat("ab", 32))
	if v := mergeWith(t, out); v.code != 2 || !strings.Contains(v.errs, "not computed for the puzzle") || !strings.Contains(v.errs, "shard-1.json") {
		t.Errorf("another fingerprint in the key: %+v", v)
	}
}

// TestMergeSaysWhichKeyItDidNotRead: merge FILES of a recipe's results
// directory does not read its count.key (naming the files is how a key
// merge refuses is set aside), and its account says so, naming the
// directory, where it said "no count.key in the directory"; merge DIR of
// a count with no extra flags names the configuration the key records
// (solve's defaults, resolved), not ("").
func TestMergeSaysWhichKeyItDidNotRead(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 2)
	files, _ := filepath.Glob(filepath.Join(out, "shard-*.json"))
	v := mergeWith(t, files...)
	if v.code != 0 || len(v.unchecked) != 2 {
		t.Fatalf("merge FILES: %+v", v)
	}
	for _, u := range v.unchecked {
		if strings.Contains(u, "no count.key") || !strings.Contains(u, "count.key of "+out+" not read") {
			t.Errorf("merge FILES of a keyed directory: unchecked %q", u)
		}
	}
	v = mergeWith(t, out)
	if v.code != 0 || len(v.verified) != 3 || !strings.Contains(v.verified[2], "(--backend=fila --fila-at=0 --heuristic=f --nof=true --volume=-1 --redundancy=X --from=yaml)") || strings.Contains(v.text, `("")`) {
		t.Errorf("merge DIR, no flags: %+v", v)
	}
}

// TestMergeNamesTheKeyOfFlagsSolveRefuses: a count.key whose flags solve
// --count refuses (an unknown heuristic, a backend that does not count)
// is refused (exit 2) naming the key; the message blamed merge's own
// flags ("merge --heuristic: ...", "merge --backend ...") though none
// was given. Fails on the old code.
func TestMergeNamesTheKeyOfFlagsSolveRefuses(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	slurmCount(t, p, out, 2)
	for _, flags := range []string{"--heuristic zz ", "--backend highs "} {
		setKeyLine(t, out, 4, "flags "+flags)
		code, _, errs := run(t, "", "merge", out)
		if code != 2 || strings.Contains(errs, "merge --") || !strings.Contains(errs, "count.key records solve flags a count refuses") {
			t.Errorf("key flags %q: exit %d %s", flags, code, errs)
		}
	}
}

// TestMergeLargeFilesAndCtrlC: a results directory holding many large
// files is read cheaply when they are not results (a file that does not
// start with '{' is skipped after its first bytes: merge of two shards
// beside 40 sparse 60 MB files of zeros counts them and names each on
// stderr), and Ctrl-C among large files that look like JSON stops merge
// between two files, exit 130, without the hard exit's "still running 1s
// after the signal". Merge read every file whole (up to 64 MiB each:
// 0.2 s each on this machine) and never read the context: SIGINT
// ended it only by the hard exit after a second. Fails on the old code.
func TestMergeLargeFilesAndCtrlC(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	countShards(t, dir, p, 2)
	sparse := func(name, head string) {
		f, err := os.Create(filepath.Join(dir, name))
		if err == nil {
			_, err = f.WriteString(head)
		}
		if err == nil {
			err = f.Truncate(60 << 20)
		}
		if err != nil {
			t.Skip("no sparse file:", err)
		}
		f.Close()
	}
	for i := range 40 {
		sparse("zeros-"+strconv.Itoa(i)+".json", "")
	}
	code, out, errs := run(t, "", "merge", dir)
	if code != 0 || !strings.Contains(out, "4040") || strings.Count(errs, `does not start with "{"`) != 40 {
		t.Errorf("merge beside 40 files of zeros: exit %d\n%s%s", code, out, errs)
	}
	for i := range 200 {
		sparse("json-"+strconv.Itoa(i)+".json", "{")
	}
	code, _, errs, took := interrupt(t, syscall.SIGINT, 500e6, ".", "merge", dir)
	if code != 130 || strings.Contains(errs, "still running") || took > 900e6 {
		t.Errorf("Ctrl-C: exit %d after %v: %s", code, took, errs)
	}
}

// TestMergeReadsALargeJSONLResult: a --jsonl shard of a large count
// streams every solution before its summary line and passes merge's 64
// MiB bound: its last line (the result, written after every solution)
// is read, and the count merges. A file cut short (no summary line) or
// whose last line is not a result is still skipped, named on stderr.
// Merge skipped every such file ("larger than 67108864 bytes"): the
// shard stayed missing however often it ran. Fails on the old code.
func TestMergeReadsALargeJSONLResult(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	countShards(t, dir, p, 2)
	code, out, errs := run(t, "", "solve", p, "--count", "--shard", "0/2", "--jsonl")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) < 100 || !strings.Contains(lines[len(lines)-1], `"shard"`) {
		t.Fatalf("--jsonl shard: exit %d, %d lines %s", code, len(lines), errs)
	}
	body := strings.Join(lines[:len(lines)-1], "\n") + "\n"
	big := func(name, last string) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		for n := 0; n <= 66<<20; n += len(body) {
			f.WriteString(body)
		}
		f.WriteString(last)
	}
	os.Remove(filepath.Join(dir, "shard-0.json"))
	big("shard-0.jsonl", lines[len(lines)-1]+"\n")
	if code, out, errs := run(t, "", "merge", dir); code != 0 || !strings.Contains(out, "4040") || errs != "" {
		t.Errorf("merge with a 66 MB --jsonl result: exit %d\n%s%s", code, out, errs)
	}
	os.Remove(filepath.Join(dir, "shard-0.jsonl"))
	big("cut.jsonl", lines[len(lines)-1][:200])
	if code, _, errs := run(t, "", "merge", dir); code != 1 || !strings.Contains(errs, "cut.jsonl is larger than") {
		t.Errorf("merge with a cut 66 MB --jsonl result: exit %d %s", code, errs)
	}
}

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
	if got := shard.RatioText(5, 0); got != "n/a" {
		t.Errorf("shard.RatioText(5, 0) = %q, want n/a", got)
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

// TestMergeHostileDirectoryIsSerialOrLoud: a results directory of the
// 12x5 pentominoes (4 shards) altered as a hostile user would — a result
// duplicated, truncated, emptied, replaced by a link to /dev/zero, a
// FIFO, a directory, a dangling link or a sparse 70 MB file beside them,
// a result of another puzzle or N, checkpoints only — merges either to
// the single-process count (exit 0, complete) or is refused (exit 2) or
// marked partial (exit 1, lower_bound), within seconds: never another
// total with exit 0. A guard over the whole sweep (it passes on the old
// code too: each class was fixed before; the sweep keeps it so).
func TestMergeHostileDirectoryIsSerialOrLoud(t *testing.T) {
	p := example("pentomino-12x5.yaml")
	code, out, errs := run(t, "", "solve", p, "--count", "--json")
	var serial struct{ Solutions int64 }
	if err := json.Unmarshal([]byte(out), &serial); err != nil || code != 0 {
		t.Fatalf("serial count: exit %d %v %s", code, err, errs)
	}
	base := t.TempDir()
	countShards(t, base, p, 4)
	other := t.TempDir()
	countShards(t, other, example("pentomino-10x6.yaml"), 4)
	n5 := t.TempDir()
	countShards(t, n5, p, 5)
	copyDir := func(t *testing.T) string {
		d := t.TempDir()
		for i := range 4 {
			f := "shard-" + strconv.Itoa(i) + ".json"
			os.WriteFile(filepath.Join(d, f), mustRead(t, filepath.Join(base, f)), 0o644)
		}
		return d
	}
	s := func(d string, i int) string { return filepath.Join(d, "shard-"+strconv.Itoa(i)+".json") }
	for name, alter := range map[string]func(d string) error{
		"duplicate": func(d string) error { return os.WriteFile(filepath.Join(d, "copy.json"), mustRead(t, s(d, 1)), 0o644) },
		"truncated": func(d string) error { return os.WriteFile(s(d, 2), mustRead(t, s(d, 2))[:300], 0o644) },
		"empty":     func(d string) error { return os.WriteFile(s(d, 2), nil, 0o644) },
		"dev-zero":  func(d string) error { os.Remove(s(d, 2)); return os.Symlink("/dev/zero", s(d, 2)) },
		"fifo":      func(d string) error { return syscall.Mkfifo(filepath.Join(d, "x.json"), 0o644) },
		"directory": func(d string) error { return os.Mkdir(filepath.Join(d, "x.json"), 0o755) },
		"dangling":  func(d string) error { return os.Symlink(filepath.Join(d, "none"), filepath.Join(d, "x.jsonl")) },
		"sparse": func(d string) error {
			f, err := os.Create(filepath.Join(d, "big.json"))
			if err == nil {
				err = f.Truncate(70 << 20)
				f.Close()
			}
			return err
		},
		"other-puzzle": func(d string) error { return os.WriteFile(filepath.Join(d, "o.json"), mustRead(t, s(other, 3)), 0o644) },
		"other-n":      func(d string) error { return os.WriteFile(s(d, 3), mustRead(t, s(n5, 3)), 0o644) },
		"ckpt-only": func(d string) error {
			for i := range 4 {
				os.Remove(s(d, i))
			}
			return os.WriteFile(filepath.Join(d, "shard-0.ckpt"), []byte("{}"), 0o644)
		},
	} {
		d := copyDir(t)
		if err := alter(d); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		done := make(chan struct{})
		var code int
		var out, errs string
		go func() {
			defer close(done)
			code, out, errs = run(t, "", "merge", "--json", d)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: merge did not return", name)
		}
		var rep struct {
			Solutions  int64
			Complete   bool
			LowerBound bool `json:"lower_bound"`
		}
		if code != 2 {
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("%s: exit %d, %v\n%s%s", name, code, err, out, errs)
			}
		}
		switch {
		case code == 2:
		case code == 0 && rep.Complete && !rep.LowerBound && rep.Solutions == serial.Solutions:
		case code == 1 && !rep.Complete && rep.LowerBound && rep.Solutions <= serial.Solutions:
		default:
			t.Errorf("%s: exit %d, %+v (serial %d)\n%s", name, code, rep, serial.Solutions, strings.TrimSpace(errs))
		}
	}
}

// TestMergeCheckpointsOnlySaysSo: merge of a directory holding only
// checkpoints (shards that started and wrote no result) is refused, exit
// 2, saying so and how to go on; it said only "no *.json or *.jsonl
// files". Fails on the old code.
func TestMergeCheckpointsOnlySaysSo(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "shard-0.ckpt"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(dir, "shard-1.ckpt"), []byte("{}"), 0o644)
	if code, _, errs := run(t, "", "merge", dir); code != 2 || !strings.Contains(errs, "2 checkpoint(s)") || !strings.Contains(errs, "run the shards again") {
		t.Errorf("checkpoints only: exit %d %s", code, errs)
	}
}

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

// editedCopy copies the 12x5 pentominoes (4040 solutions) to dir/name and
// returns its path and an edit that makes it another puzzle: one-sided
// pieces (orientations: rotate), 80 solutions.
func editedCopy(t *testing.T, dir, name string) (string, func()) {
	t.Helper()
	data, err := os.ReadFile(example("pentomino-12x5.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\norientations: free") {
		t.Fatal("the example has no orientations: free line to edit")
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, func() {
		edited := strings.Replace(string(data), "\norientations: free", "\norientations: rotate", 1)
		if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMergePuzzleRefusesStaleResults: merge --puzzle adds up the results
// of the puzzle as it is (a reformatted file is the same puzzle), and
// refuses (exit 2), naming every file, results made before the puzzle was
// edited, which merge without --puzzle would add up as the count. There
// was no --puzzle: merge never checked the results against the puzzle.
func TestMergePuzzleRefusesStaleResults(t *testing.T) {
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	countShards(t, out, p, 3)
	code, rep, errs := mergeJSON(t, "--puzzle", p, out)
	if code != 0 || rep.All != 4040 || !rep.Complete {
		t.Fatalf("merge --puzzle of its own results: exit %d %s %+v", code, errs, rep)
	}
	data, _ := os.ReadFile(p)
	os.WriteFile(p, append([]byte("# a comment changes no count\n"), data...), 0o644)
	if code, rep, errs = mergeJSON(t, "--puzzle", p, out); code != 0 || rep.All != 4040 {
		t.Errorf("a reformatted puzzle: exit %d %s %+v", code, errs, rep)
	}
	edit()
	code, _, errs = mergeJSON(t, "--puzzle", p, out)
	if code != 2 || !strings.Contains(errs, "not computed for --puzzle") {
		t.Errorf("an edited puzzle: exit %d: %s", code, errs)
	}
	for i := range 3 {
		if f := "shard-" + strconv.Itoa(i) + ".json"; !strings.Contains(errs, f) {
			t.Errorf("the refusal does not name %s: %s", f, errs)
		}
	}
	if code, _, errs := run(t, "", "merge", "--from", "yaml", out); code != 2 || !strings.Contains(errs, "--from only applies with --puzzle") {
		t.Errorf("--from without --puzzle: exit %d %s", code, errs)
	}
	// Another N in the same directory: the refusal says why.
	out = filepath.Join(dir, "out-n")
	os.Mkdir(out, 0o755)
	countShards(t, out, p, 3)
	countShards(t, out, p, 2) // shard-2.json stays, of N = 3
	if code, _, errs := mergeJSON(t, out); code != 2 || !strings.Contains(errs, "another N") {
		t.Errorf("another N in one directory: exit %d %s", code, errs)
	}
}

// TestMergePuzzleChecksFlags: merge --puzzle with solve's flags that shape
// the split refuses (exit 2, naming the files and their configuration)
// results counted with other ones, the flags left out taken at solve's
// defaults, and accepts those of solve --count with them. merge took no
// such flag: results of other flags merged as the count asked for.
func TestMergePuzzleChecksFlags(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	countShards(t, out, p, 2) // solve's defaults: fila, heuristic f, NOF, volume -1, redundancy auto (X)
	for _, c := range []struct {
		flags []string
		code  int
	}{
		{[]string{"--heuristic", "f"}, 0},
		{[]string{"--redundancy", "X", "--nof=true", "--volume=-1", "--fila-at", "0"}, 0},
		{[]string{"--heuristic", "s"}, 2},
		{[]string{"--redundancy", "none"}, 2},
		{[]string{"--backend", "dlx"}, 2},
		{[]string{"--fila-at", "3"}, 2},
		{[]string{"--volume=0"}, 2},
	} {
		code, rep, errs := mergeJSON(t, append([]string{"--puzzle", p, out}, c.flags...)...)
		if code != c.code || code == 0 && rep.All != 4040 ||
			code == 2 && (!strings.Contains(errs, "not counted with the flags given") || !strings.Contains(errs, "shard-1.json")) {
			t.Errorf("%v: exit %d, want %d: %s", c.flags, code, c.code, errs)
		}
	}
	if code, _, errs := run(t, "", "merge", out, "--heuristic", "s"); code != 2 || !strings.Contains(errs, "only applies with --puzzle") {
		t.Errorf("--heuristic without --puzzle: exit %d %s", code, errs)
	}
}

// TestMergeRefusesOverflow: a shard result whose counts would wrap the
// total around (solutions or nodes of 2^63-1 beside other shards), or
// whose numbers are out of range (negative or huge seconds, a count above
// 2^63-1), is refused with exit 2 naming the file and the field, in text
// and --json. merge added the counts unchecked: solutions
// -9223372036854769377, exit 0; -1e308 seconds were taken.
func TestMergeRefusesOverflow(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	r0 := filepath.Join(dir, "shard-0.json")
	orig, _ := os.ReadFile(r0)
	for _, c := range []struct {
		field string
		value any
		want  string
	}{
		{"solutions", json.Number(maxInt64), `"solutions"`},
		{"nodes", json.Number(maxInt64), `"nodes"`},
		{"solutions", json.Number("9223372036854775808"), "solutions"},
		{"seconds", json.Number("-1e308"), "seconds = -1e+308 is outside 0..1e+09"},
		{"seconds", json.Number("1e300"), "seconds"},
		{"nodes", json.Number("-1"), "nodes = -1"},
		{"owned", json.Number("0"), "owned = 0"},
	} {
		os.WriteFile(r0, orig, 0o644)
		editJSON(t, r0, func(m map[string]any) {
			sh := m["shard"].(map[string]any)
			sh[c.field] = c.value
			if c.field == "solutions" {
				sh["unique"] = json.Number("0")
			}
		})
		for _, args := range [][]string{{"merge", dir}, {"merge", "--json", dir}} {
			code, out, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "shard-0.json") || strings.Contains(out, "-92") {
				t.Errorf("%v with %s = %v: exit %d, stdout %q, stderr %q", args, c.field, c.value, code, out, errs)
			}
		}
	}
}

// TestMergePuzzleReadOnce: merge reads its puzzle file once and parses
// those bytes, as often as it needs them. With --puzzle - (stdin) and a
// puzzle holding a piece of finite supply that fits nowhere, the puzzle
// is parsed twice (once to learn that, once with the piece left out, as
// the shards recorded it): merge read stdin a second time, found it
// empty and failed (exit 1, "no tiling", no totals). And a FIFO with no
// writer at --puzzle is refused at once (exit 2, not a regular file);
// merge waited on it for ever, since it hashed the path regular-only but
// parsed it with a second, plain open. Fails on the old code.
func TestMergePuzzleReadOnce(t *testing.T) {
	dir := t.TempDir()
	text := "board: 2x1\npieces:\n  A: \"##\"\n  B: \"###\"\n"
	p := filepath.Join(dir, "p.yaml")
	os.WriteFile(p, []byte(text), 0o644)
	out := filepath.Join(dir, "out")
	os.Mkdir(out, 0o755)
	for i := range 2 {
		if code, _, errs := run(t, "", "--quiet", "solve", p, "--count", "--shard", fmt.Sprintf("%d/2", i), "--json", "-o", filepath.Join(out, fmt.Sprintf("shard-%d.json", i))); code != 0 {
			t.Fatalf("shard %d: exit %d %s", i, code, errs)
		}
	}
	code, stdout, errs := run(t, text, "merge", "--json", "--puzzle", "-", out)
	var rep shard.Report
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 1 || !rep.Complete || rep.Count != 2 || rep.All != 0 {
		t.Errorf("merge --puzzle - of a puzzle with a piece that fits nowhere: exit %d %v %+v\n%s", code, err, rep, errs)
	}

	fifo := filepath.Join(dir, "fifo.yaml")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Skip("no mkfifo:", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary(t), "merge", "--puzzle", fifo, out)
	code, b := exitAndOutput(t, cmd)
	if ctx.Err() != nil {
		t.Fatalf("merge --puzzle FIFO: still waiting after 10 s")
	}
	if code != 2 || !strings.Contains(b, "not a regular file") {
		t.Errorf("merge --puzzle FIFO: exit %d %s", code, b)
	}
}

// goldenDir holds the committed fixtures of TestMergeGolden and
// TestCheckpointGoldenResume (made by testdata/merge/gen.sh).
var goldenDir = filepath.Join("testdata", "merge")

// TestMergeGolden: the count keys of version 1 (the recipes' bash) and
// version 2 (solve --count-key), the results and checkpoints of their
// counts, committed as written, merge to the committed output byte for
// byte: exit code, stdout and stderr of merge --json, merge and merge
// --puzzle on each directory. The fixtures are the reference a change of
// the key's format or of merge's code keeps reading.
func TestMergeGolden(t *testing.T) {
	d, p := goldenDir, filepath.Join(goldenDir, "p.yaml")
	cases := []struct {
		name string
		args []string
	}{
		{"v1.json", []string{"--json", d + "/v1"}},
		{"v1.text", []string{d + "/v1"}},
		{"v1.puzzle.json", []string{"--json", "--puzzle", p, d + "/v1"}},
		{"v2.json", []string{"--json", d + "/v2"}},
		{"v2.text", []string{d + "/v2"}},
		{"v2.puzzle.json", []string{"--json", "--puzzle", p, d + "/v2"}},
		{"partial.json", []string{"--json", d + "/partial"}},
		{"partial.text", []string{d + "/partial"}},
		{"partial.puzzle.json", []string{"--json", "--puzzle", p, d + "/partial"}},
		{"v2.files.text", []string{d + "/v2/shard-0.json", d + "/v2/shard-1.json", d + "/v2/shard-2.json"}},
		{"ckpt-only.text", []string{d + "/ckpt-only"}},
		{"v2.conflict.text", []string{"--puzzle", p, "--heuristic", "f", d + "/v2"}},
	}
	exits, _ := filepath.Glob(filepath.Join(d, "golden", "*.exit"))
	if len(exits) != len(cases) {
		t.Errorf("%d golden outputs in %s, %d cases here: gen.sh and this table name the same cases", len(exits), d, len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := filepath.Join(d, "golden", c.name)
			code, out, errs := run(t, "", append([]string{"merge"}, c.args...)...)
			want := strings.TrimSpace(string(mustRead(t, base+".exit")))
			if got := strconv.Itoa(code); got != want {
				t.Errorf("exit %s, want %s (stderr %s)", got, want, errs)
			}
			if w := string(mustRead(t, base+".stdout")); out != w {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, w)
			}
			if w := string(mustRead(t, base+".stderr")); errs != w {
				t.Errorf("stderr:\n%s\nwant:\n%s", errs, w)
			}
		})
	}
	// The fixtures are counts with known totals: 9,356 tilings of the
	// 10x6 pentominoes, 2,339 unique (Knuth, Dancing Links).
	for _, set := range []string{"v1", "v2"} {
		var rep shard.Report
		if err := json.Unmarshal(mustRead(t, filepath.Join(d, "golden", set+".json.stdout")), &rep); err != nil {
			t.Fatal(err)
		}
		if rep.All != 9356 || rep.Unique != 2339 || !rep.Complete || rep.Count != 3 {
			t.Errorf("%s: %+v", set, rep)
		}
	}
	for set, version := range map[string]int{"v1": 1, "v2": 2, "partial": 2} {
		k, err := shard.ReadKey(filepath.Join(d, set))
		if err != nil || k == nil || k.Version != version {
			t.Errorf("%s/count.key: %+v, %v; want version %d", set, k, err, version)
		}
	}
}
