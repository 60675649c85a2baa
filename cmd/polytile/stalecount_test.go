package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

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

// TestGNUParallelRecipeRefusesAnotherCount: deploy/parallel/count.sh run
// again on an OUTDIR after the puzzle was edited, with another N or other
// flags refuses (exit 2, saying what changed) instead of letting its
// joblog skip every shard and merging the old results: it printed the
// old count (4040 here) with exit 0. An OUTDIR with a joblog and no key
// is refused too; the same count run again resumes as before.
func TestGNUParallelRecipeRefusesAnotherCount(t *testing.T) {
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	recipe := func(n int, extra ...string) (int, string) {
		cmd := parallelRecipe(t, p, n, out)
		cmd.Args = append(cmd.Args, extra...)
		return exitAndOutput(t, cmd)
	}
	if code, b := recipe(3); code != 0 || !strings.Contains(b, "4040") {
		t.Fatalf("first run: exit %d\n%s", code, b)
	}
	orig, _ := os.ReadFile(p)
	edit()
	if code, b := recipe(3); code != 2 || !strings.Contains(b, "the puzzle file") || strings.Contains(b, "4040") {
		t.Errorf("an edited puzzle: exit %d\n%s", code, b)
	}
	os.WriteFile(p, orig, 0o644)
	for _, c := range []struct {
		n     int
		extra []string
		want  string
	}{
		{4, nil, "N (3 then, 4 now)"},
		{3, []string{"--heuristic", "s"}, "the solve flags"},
	} {
		if code, b := recipe(c.n, c.extra...); code != 2 || !strings.Contains(b, c.want) || strings.Contains(b, "4040") {
			t.Errorf("N=%d %v: exit %d\n%s", c.n, c.extra, code, b)
		}
	}
	// An OUTDIR of an older count.sh: a joblog, no key.
	os.Remove(filepath.Join(out, "count.key"))
	if code, b := recipe(3); code != 2 || !strings.Contains(b, "no count.key") || strings.Contains(b, "4040") {
		t.Errorf("a joblog without a key: exit %d\n%s", code, b)
	}
	// A fresh OUTDIR counts the edited puzzle (80 solutions).
	edit()
	out = filepath.Join(dir, "out2")
	if code, b := recipe(2); code != 0 || !strings.Contains(b, "solutions   80 ") {
		t.Errorf("a new OUTDIR: exit %d\n%s", code, b)
	}
}

// TestSlurmRecipeRefusesAnotherCount: a task of deploy/slurm/polytile-array.sh
// writing into an OUTDIR made for the puzzle before it was edited, or for
// another N or flags, refuses to run (exit 2, saying what changed), and
// merge --puzzle refuses the old results. The task failed only on its
// checkpoint ("checkpoint ... another puzzle"), leaving the old results,
// which merge added up.
func TestSlurmRecipeRefusesAnotherCount(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	out := filepath.Join(dir, "out")
	script, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	task := func(i, n int, extra ...string) (int, string) {
		cmd := exec.Command("bash", append([]string{script, p, out}, extra...)...)
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i),
			"SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX="+strconv.Itoa(n-1), "SLURM_ARRAY_TASK_COUNT="+strconv.Itoa(n))
		return exitAndOutput(t, cmd)
	}
	for i := range 3 {
		if code, b := task(i, 3); code != 0 {
			t.Fatalf("task %d: exit %d %s", i, code, b)
		}
	}
	if code, b := task(1, 4); code != 2 || !strings.Contains(b, "N (3 then, 4 now)") {
		t.Errorf("another N: exit %d %s", code, b)
	}
	if code, b := task(1, 3, "--heuristic", "s"); code != 2 || !strings.Contains(b, "the solve flags") {
		t.Errorf("other flags: exit %d %s", code, b)
	}
	edit()
	if code, b := task(1, 3); code != 2 || !strings.Contains(b, "the puzzle file") {
		t.Errorf("an edited puzzle: exit %d %s", code, b)
	}
	if code, _, errs := mergeJSON(t, "--puzzle", p, out); code != 2 || !strings.Contains(errs, "not computed for --puzzle") {
		t.Errorf("merge --puzzle of the old results: exit %d %s", code, errs)
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
