package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/polytile/polytile/shard"
)

// TestCheckpointCheckedBeforeAnswer: solve's --checkpoint is refused
// (exit 2) whatever the puzzle: without --count, as "-", on a path that is
// not a regular file, and on a file that is no checkpoint. On a puzzle
// whose reading answers "no tiling" (a piece that fits nowhere) each was
// exit 1, "no tiling", the checkpoint never looked at; on a puzzle with
// tilings each was already exit 2. A checkpoint that is not there yet is
// no error: the answer stands.
func TestCheckpointCheckedBeforeAnswer(t *testing.T) {
	dir := t.TempDir()
	// P (10 cells) fits nowhere on the 6 cells of 3x2.
	answered := writeFile(t, dir, "u.yaml", "name: u\nboard: 3x2\npieces:\n  M: {shape: \"#\", count: 6}\n  P: \"#####/#####\"\n")
	tiles := writeFile(t, dir, "t.yaml", "name: t\nboard: 3x2\npieces:\n  M: {shape: \"#\", count: 6}\n")
	garbage := writeFile(t, dir, "garbage.ck", "garbage\n")
	fresh := filepath.Join(dir, "fresh.ck")
	cases := []struct {
		flags []string
		want  string
	}{
		{[]string{"--checkpoint", fresh}, "--checkpoint needs --count"},
		{[]string{"--count", "--checkpoint", "-"}, "--checkpoint wants a file, not -"},
		{[]string{"--count", "--checkpoint", os.DevNull}, "exists and is not a regular file"},
		{[]string{"--count", "--checkpoint", garbage}, "not a polytile checkpoint"},
	}
	for _, c := range cases {
		for _, p := range []string{answered, tiles} {
			args := append([]string{"solve", p}, c.flags...)
			code, _, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "no tiling") {
				t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", args, code, errs, c.want)
			}
		}
	}
	code, _, errs := run(t, "", "solve", answered, "--count", "--checkpoint", fresh)
	if code != 1 || !strings.Contains(errs, "no tiling") {
		t.Errorf("a new checkpoint: exit %d, stderr %q; want exit 1, no tiling", code, errs)
	}
	if _, err := os.Stat(fresh); err == nil {
		t.Errorf("a checkpoint was written for a puzzle answered when read")
	}
}

// TestCheckpointIsAnOutput: --checkpoint is a file solve writes, so it may
// not be -o or the file stdout goes to (the result used to overwrite the checkpoint, exit 0, and the
// rerun then failed on "not a polytile checkpoint"), nor the puzzle, also
// through a symbolic link, a hard link or a path with "..". Each is refused
// with exit 2 before the search, and an existing checkpoint is left as it
// was.
func TestCheckpointIsAnOutput(t *testing.T) {
	dir := t.TempDir()
	in := copyExample(t, dir, "pentomino-20x3.yaml")
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	ck := filepath.Join(dir, "s0.json")
	// A genuine checkpoint, to see that a refused run leaves it intact.
	if code, _, errs := run(t, "", "solve", in, "--count", "--shard", "0/1", "--checkpoint", ck); code != 0 {
		t.Fatalf("making a checkpoint: exit %d: %s", code, errs)
	}
	orig, err := os.ReadFile(ck)
	if err != nil {
		t.Fatal(err)
	}
	os.Symlink("s0.json", filepath.Join(dir, "link.json"))
	os.Link(ck, filepath.Join(dir, "hard.json"))
	for _, out := range []string{ck, filepath.Join(dir, "link.json"), filepath.Join(dir, "hard.json"), filepath.Join(sub, "..", "s0.json")} {
		for _, args := range [][]string{
			{"solve", in, "--count", "--shard", "0/1", "--json", "-o", out, "--checkpoint", ck},
			{"solve", in, "--count", "--shard", "0/1", "--json", "-o", ck, "--checkpoint", out},
			{"solve", in, "--count", "--checkpoint", ck, "--render", "ascii", "-o", out},
		} {
			code, stdout, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, "same file") || !strings.Contains(errs, "--checkpoint") || stdout != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 naming -o and --checkpoint", args, code, stdout, errs)
			}
			if b, _ := os.ReadFile(ck); !bytes.Equal(b, orig) {
				t.Fatalf("%v changed the checkpoint", args)
			}
		}
	}
	// Stdout redirected to the checkpoint (opened for append, so the
	// redirection itself does not change it).
	so, err := os.OpenFile(ck, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	code := Main([]string{"solve", in, "--count", "--shard", "0/1", "--checkpoint", ck}, strings.NewReader(""), so, &errb)
	so.Close()
	if code != 2 || !strings.Contains(errb.String(), "stdout") {
		t.Errorf("stdout redirected to the checkpoint: exit %d, %q", code, errb.String())
	}
	if b, _ := os.ReadFile(ck); !bytes.Equal(b, orig) {
		t.Fatal("stdout redirected to the checkpoint changed it")
	}
	// The checkpoint naming the puzzle.
	orig, _ = os.ReadFile(in)
	for _, c := range []string{in, filepath.Join(sub, "..", "pentomino-20x3.yaml")} {
		code, _, errs := run(t, "", "solve", in, "--count", "--shard", "0/1", "--checkpoint", c)
		if code != 2 || !strings.Contains(errs, "--checkpoint") || !strings.Contains(errs, "overwrite") {
			t.Errorf("--checkpoint %s (the puzzle): exit %d, %q", c, code, errs)
		}
		if b, _ := os.ReadFile(in); !bytes.Equal(b, orig) {
			t.Fatalf("--checkpoint %s overwrote the puzzle", c)
		}
	}
	// Distinct files still work, and the rerun resumes.
	res := filepath.Join(dir, "r0.json")
	for range 2 {
		if code, _, errs := run(t, "", "solve", in, "--count", "--shard", "0/1", "--json", "-o", res, "--checkpoint", ck); code != 0 {
			t.Fatalf("-o and --checkpoint apart: exit %d: %s", code, errs)
		}
	}
}

// TestCheckpointResume: a shard stopped half-way by --time-limit leaves a
// checkpoint; run again it solves only the rest (statistics say how many
// were taken from the checkpoint) and reaches the uninterrupted count. A
// checkpoint of another shard, a directory, a FIFO and a corrupt file are
// refused with exit 2.
//
// The time limits start short: the shard takes about 0.1 s on an idle
// machine, so limits from 300 ms let it finish and the test skipped,
// except under load, where the refusals below then ran (and "a
// directory" failed: its message had changed unseen).
func TestCheckpointResume(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-10x6.yaml")
	ck := filepath.Join(dir, "s.ckpt")
	// shardOf returns the shard record of a solve --count --json; none
	// when the run stopped before the split (nothing to record), or while
	// it read the puzzle (a shard then prints nothing: loadanswered.go).
	shardOf := func(args ...string) *shard.Result {
		t.Helper()
		code, out, errs := run(t, "", append([]string{"solve", p, "--count", "--json"}, args...)...)
		if code == 1 && out == "" && strings.Contains(errs, "time limit reached while reading the puzzle") {
			return nil
		}
		var o struct{ Shard *shard.Result }
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatalf("exit %d: %v %s %s", code, err, out, errs)
		}
		return o.Shard
	}
	whole := func(args ...string) shard.Result {
		t.Helper()
		r := shardOf(args...)
		if r == nil {
			t.Fatalf("%v: no shard record", args)
		}
		return *r
	}
	full := whole("--shard", "1/2")
	var part shard.Result
	for _, limit := range []string{"10ms", "20ms", "40ms", "80ms", "160ms", "300ms", "600ms", "1200ms", "2400ms"} {
		os.Remove(ck)
		r := shardOf("--shard", "1/2", "--checkpoint", ck, "--time-limit", limit)
		if r == nil {
			continue // stopped before the split
		}
		if part = *r; part.Complete || part.Finished > 0 {
			break // half-way, or too late: a longer limit would finish too
		}
	}
	if part.Complete || part.Finished == 0 {
		t.Skipf("could not stop the shard half-way (%+v)", part)
	}
	res := whole("--shard", "1/2", "--checkpoint", ck)
	if !res.Complete || res.All != full.All || res.Unique != full.Unique || res.Resumed != part.Finished || res.Finished != res.Owned {
		t.Fatalf("resumed %+v\nuninterrupted %+v\nfirst part %+v", res, full, part)
	}
	code, out, _ := run(t, "", "solve", p, "--count", "--shard", "1/2", "--checkpoint", ck)
	if code != 0 || !strings.Contains(out, fmt.Sprintf("%d taken from the checkpoint", res.Owned)) {
		t.Errorf("statistics: %s", out)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"another shard", []string{"--shard", "0/2", "--checkpoint", ck}, "shard 1/2, not 0/2"},
		{"another configuration", []string{"--shard", "1/2", "--checkpoint", ck, "--heuristic", "s"}, "another configuration"},
		{"a directory", []string{"--shard", "1/2", "--checkpoint", dir}, "--checkpoint: cannot write " + dir + ": it is a directory"},
		{"a FIFO", []string{"--shard", "1/2", "--checkpoint", fifo}, "exists and is not a regular file"},
		{"no --count", []string{"--shard", "1/2", "--checkpoint", ck, "--limit", "1"}, "--checkpoint needs --count"},
	} {
		args := append([]string{"solve", p}, c.args...)
		if !strings.Contains(strings.Join(c.args, " "), "--limit") {
			args = append(args, "--count")
		}
		code, _, errs := run(t, "", args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d: %s", c.name, code, errs)
		}
	}
	os.WriteFile(ck, []byte(`{"format": "polytile-checkpoint/1", "done": [`), 0o644)
	if code, _, errs := run(t, "", "solve", p, "--count", "--shard", "1/2", "--checkpoint", ck); code != 2 || !strings.Contains(errs, "checkpoint") {
		t.Errorf("corrupt checkpoint: exit %d: %s", code, errs)
	}
}

// editJSON rewrites a JSON file: edit changes the decoded object (numbers
// kept as json.Number, so 2^63-1 survives); a shard result or checkpoint
// gets the digest of its new fields.
func editJSON(t *testing.T, path string, edit func(m map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	resealJSON(m) // digest_test.go
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

const maxInt64 = "9223372036854775807"

// TestCheckpointRefusesOverflow: a checkpoint whose subproblems' counts add
// up past 2^63-1, read or once the resumed shard adds its new counts, or
// whose seconds are negative, is refused with exit 2 naming the field; the
// resumed shard printed a negative total (done[i].all = 2^63-1).
func TestCheckpointRefusesOverflow(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	ck := filepath.Join(dir, "s.ckpt")
	if code, _, errs := run(t, "", "solve", p, "--count", "--shard", "1/3", "--checkpoint", ck); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	orig, _ := os.ReadFile(ck)
	for _, c := range []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"two subproblems of 2^63-1", func(m map[string]any) {
			done := m["done"].([]any)
			for _, k := range []int{0, 1} {
				done[k].(map[string]any)["all"] = json.Number(maxInt64)
			}
		}, "field all"},
		{"one subproblem of 2^63-1, more solved now", func(m map[string]any) {
			done := m["done"].([]any)
			d := done[0].(map[string]any)
			d["all"], d["unique"] = json.Number(maxInt64), json.Number("0")
			m["done"] = done[:1]
		}, "solutions add up to more than " + maxInt64},
		{"negative seconds", func(m map[string]any) { m["seconds"] = json.Number("-1e308") }, "seconds = -1e+308"},
		{"nodes above 2^63-1", func(m map[string]any) {
			m["done"].([]any)[0].(map[string]any)["nodes"] = json.Number("9223372036854775808")
		}, "checkpoint"},
	} {
		os.WriteFile(ck, orig, 0o644)
		editJSON(t, ck, c.edit)
		code, out, errs := run(t, "", "solve", p, "--count", "--json", "--shard", "1/3", "--checkpoint", ck)
		if code != 2 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "s.ckpt") {
			t.Errorf("%s: exit %d, stdout %.200q, stderr %q", c.name, code, out, errs)
		}
	}
}

// TestCheckpointGoldenResume: the committed checkpoints of
// testdata/merge (gen.sh) resume: shard 0 stopped by its time limit
// finishes with the counts of the same shard run whole (v2/shard-0.json),
// taking from the checkpoint the subproblems it lists; a complete
// shard's checkpoint gives its counts with every subproblem taken from it.
func TestCheckpointGoldenResume(t *testing.T) {
	d := goldenDir
	readResult := func(path string) *shard.Result {
		t.Helper()
		r, err := shard.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	whole := readResult(filepath.Join(d, "v2", "shard-0.json"))
	part := readResult(filepath.Join(d, "partial", "shard-0.json"))
	for _, c := range []struct {
		ckpt    string
		resumed int64
	}{
		{filepath.Join(d, "partial", "shard-0.ckpt"), part.Finished},
		{filepath.Join(d, "v2", "shard-0.ckpt"), whole.Owned},
	} {
		dir := t.TempDir()
		ck := filepath.Join(dir, "shard-0.ckpt")
		os.WriteFile(ck, mustRead(t, c.ckpt), 0o644)
		out := filepath.Join(dir, "shard-0.json")
		code, _, errs := run(t, "", "--quiet", "solve", filepath.Join(d, "p.yaml"), "--count", "--heuristic", "s", "--shard", "0/3",
			"--checkpoint", ck, "--json", "-o", out)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.ckpt, code, errs)
		}
		r := readResult(out)
		if !r.Complete || r.All != whole.All || r.Unique != whole.Unique || r.Resumed != c.resumed || r.Finished != whole.Owned || r.Split != whole.Split {
			t.Errorf("%s: resumed %+v\nwhole %+v", c.ckpt, r, whole)
		}
	}
}

// TestCheckpointUnshardedWording: an unsharded count with --checkpoint runs
// through the split as the one shard of one, but its text speaks of the
// checkpoint, not of "shard 0/1", and sends nobody to merge.
func TestCheckpointUnshardedWording(t *testing.T) {
	ck := filepath.Join(t.TempDir(), "ck.json")
	code, out, errs := run(t, "", "solve", example("tetrahexes-7x4.yaml"), "--count", "--checkpoint", ck)
	if code != 0 || !strings.Contains(out, "checkpoint") || strings.Contains(out+errs, "0/1") || strings.Contains(out, "merge") {
		t.Errorf("exit %d:\n%s%s", code, out, errs)
	}
}
