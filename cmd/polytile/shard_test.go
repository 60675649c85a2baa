package main

import (
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

	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
	"github.com/polytile/polytile/solve"
)

func TestSolveShardsAddUp(t *testing.T) {
	total := int64(0)
	for i := range 3 {
		code, out, errs := run(t, "", "solve", example("pentomino-12x5.yaml"), "--count", "--shard", fmt.Sprintf("%d/3", i), "--json")
		if code != 0 && code != 1 {
			t.Fatalf("shard %d: exit %d %s", i, code, errs)
		}
		var o struct{ Solutions int64 }
		json.Unmarshal([]byte(out), &o)
		total += o.Solutions
	}
	code, out, _ := run(t, "", "solve", example("pentomino-12x5.yaml"), "--count", "--json")
	var whole struct{ Solutions int64 }
	json.Unmarshal([]byte(out), &whole)
	if code != 0 || total != whole.Solutions || total == 0 {
		t.Fatalf("shards sum to %d, whole count %d", total, whole.Solutions)
	}
}

// TestShardWithoutSolutionExitsZero: a shard that finishes its part of a
// count exits 0 even when the part has no solution (the 20x3 pentominoes
// have 8 solutions, 2 unique, so most of 8 shards are empty). It was exit 1, which
// Slurm, Kubernetes and GNU parallel take as a failure to retry.
func TestShardWithoutSolutionExitsZero(t *testing.T) {
	total, empty := int64(0), 0
	for i := range 8 {
		code, out, errs := run(t, "", "solve", example("pentomino-20x3.yaml"), "--count", "--shard", fmt.Sprintf("%d/8", i), "--json")
		var o struct {
			Solutions int64
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 {
			t.Fatalf("shard %d/8: exit %d, %v: %s", i, code, err, errs)
		}
		total += o.Solutions
		if o.Solutions == 0 {
			empty++
		}
	}
	code, out, _ := run(t, "", "solve", example("pentomino-20x3.yaml"), "--count", "--json")
	var whole struct{ Solutions int64 }
	if err := json.Unmarshal([]byte(out), &whole); err != nil || code != 0 || total != whole.Solutions || empty == 0 {
		t.Errorf("shards add up to %d, the whole count is %d (exit %d, %v); %d shards empty (want some)", total, whole.Solutions, code, err, empty)
	}
}

// countShards runs n shards of a puzzle in-process into dir/shard-I.json.
func countShards(t *testing.T, dir, puzzle string, n int, extra ...string) {
	t.Helper()
	for i := range n {
		args := append([]string{"solve", puzzle, "--count", "--shard", fmt.Sprintf("%d/%d", i, n), "--json",
			"-o", filepath.Join(dir, fmt.Sprintf("shard-%d.json", i))}, extra...)
		if code, _, errs := run(t, "", args...); code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, errs)
		}
	}
}

// TestShardFlagBounds: N above MaxShards (the old split grew by 100 MB/s
// on --shard 0/1000000000000), malformed values and auto without an
// engine are refused at once with exit 2 naming the range.
func TestShardFlagBounds(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	t.Setenv("JOB_COMPLETION_INDEX", "")
	t.Setenv("POLYTILE_SHARD_COUNT", "")
	for _, v := range []string{"0/1000000000000", "0/100001", "5/5", "-1/4", "+1/4", "1/ 4", "1", "a/4", "0/0", "auto/0", "auto/100001", "auto", "99999999999999999999/3"} {
		start := time.Now()
		code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--count", "--shard", v)
		if code != 2 || !strings.Contains(errs, "--shard") || time.Since(start) > 2*time.Second {
			t.Errorf("--shard %s: exit %d after %v: %s", v, code, time.Since(start), errs)
		}
	}
	code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--count", "--shard", "0/100001")
	if code != 2 || !strings.Contains(errs, "100000") {
		t.Errorf("the range is not named: %s", errs)
	}
}

// TestShardAuto: the index and count come from a dense Slurm array, from
// the task id with the count given for a sparse one (a rerun of a few
// shards), and from a Kubernetes Indexed Job with POLYTILE_SHARD_COUNT.
func TestShardAuto(t *testing.T) {
	clear := func() {
		for _, k := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX", "POLYTILE_SHARD_COUNT"} {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
	}
	shardOf := func(flag string) (int, int, int) {
		code, out, errs := run(t, "", "solve", example("pentomino-20x3.yaml"), "--count", "--shard", flag, "--json")
		var o struct{ Shard *shard.Result }
		json.Unmarshal([]byte(out), &o)
		if code != 0 && code != 1 || o.Shard == nil {
			return code, -1, -1
		}
		_ = errs
		return code, o.Shard.Index, o.Shard.Count
	}
	clear()
	for k, v := range map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "8", "SLURM_ARRAY_TASK_COUNT": "8"} {
		t.Setenv(k, v)
	}
	if _, i, n := shardOf("auto"); i != 4 || n != 8 {
		t.Errorf("dense 1-based Slurm array: %d/%d, want 4/8", i, n)
	}
	t.Setenv("SLURM_ARRAY_TASK_MIN", "3")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "2") // --array=3,5
	if code, _, _ := shardOf("auto"); code != 2 {
		t.Errorf("sparse Slurm array without a count: exit %d, want 2", code)
	}
	if _, i, n := shardOf("auto/8"); i != 5 || n != 8 {
		t.Errorf("sparse Slurm array with auto/8: %d/%d, want 5/8", i, n)
	}
	clear()
	t.Setenv("JOB_COMPLETION_INDEX", "6")
	if code, _, _ := shardOf("auto"); code != 2 {
		t.Errorf("Indexed Job without a count: exit %d, want 2", code)
	}
	t.Setenv("POLYTILE_SHARD_COUNT", "7")
	if _, i, n := shardOf("auto"); i != 6 || n != 7 {
		t.Errorf("Indexed Job: %d/%d, want 6/7", i, n)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "7")
	if code, _, _ := shardOf("auto"); code != 2 {
		t.Errorf("index 7 of 7: exit %d, want 2", code)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "x")
	if code, _, _ := shardOf("auto"); code != 2 {
		t.Errorf("a bad JOB_COMPLETION_INDEX: exit %d, want 2", code)
	}
}

// TestKilledShardLeavesNoResult: a shard SIGKILLed while it counts leaves
// no result file (nor a half-written one merge could take), keeps its
// last checkpoint, and run again completes with the uninterrupted count.
// The count (the 12x5 by DLX without the redundancy filter, about 9 s)
// outlasts the first checkpoint (checkpointEvery, 5 s), so the kill lands
// mid-count; the 10x6 it used took 50 ms and wrote its first checkpoint as
// it ended, so the test mostly skipped or raced the final write.
func TestKilledShardLeavesNoResult(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	p, _ := filepath.Abs(example("pentomino-12x5.yaml"))
	out := filepath.Join(dir, "shard-0.json")
	ck := filepath.Join(dir, "shard-0.ckpt")
	args := []string{"--quiet", "solve", p, "--count", "--backend", "dlx", "--redundancy", "none", "--shard", "0/1", "--json", "-o", out, "--checkpoint", ck}
	cmd := exec.Command(bin, args...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if st, err := os.Stat(ck); err == nil && st.Size() > 0 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	err := cmd.Wait()
	if cmd.ProcessState.Success() {
		t.Skipf("the shard finished before the kill (%v)", err)
	}
	if _, err := os.Stat(out); err == nil {
		// The kill came after the count (a very slow machine): the
		// result is then whole (written atomically) and the full count.
		if code, rep, errs := mergeJSON(t, dir); code != 0 || !rep.Complete || rep.All != 4040 {
			t.Fatalf("a killed shard left %s, not a complete result: exit %d %+v %s", out, code, rep, errs)
		}
		t.Skip("the shard was killed after it had written its result")
	}
	code, rep, _ := mergeJSON(t, dir)
	if code != 2 && (code != 1 || rep.Complete) {
		t.Fatalf("merge of a killed shard's directory: exit %d %+v", code, rep)
	}
	if b, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
		t.Fatalf("rerun: %v %s", err, b)
	}
	code, rep, errs := mergeJSON(t, dir)
	if code != 0 || rep.All != 4040 || rep.Resumed == 0 {
		t.Fatalf("after the rerun: exit %d %s %+v", code, errs, rep)
	}
}

// TestFingerprintIgnoresFormatting: the same puzzle written another way
// (comments, key order, an ASCII-art board) has the same fingerprint;
// another supply does not.
func TestFingerprintIgnoresFormatting(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.yaml")
	b := filepath.Join(dir, "b.yaml")
	c := filepath.Join(dir, "c.yaml")
	os.WriteFile(a, []byte("name: one\nboard: 5x2\npieces:\n  I: \"#####\"\n  L: \"####/#...\"\n  X: \"#\"\n"), 0o644)
	os.WriteFile(b, []byte("# the same\npieces:\n  I: \"#####\"\n  L: \"####/#...\"\n  X: \"#\"\nname: two\nboard: |\n  #####\n  #####\n"), 0o644)
	os.WriteFile(c, []byte("name: one\nboard: 5x2\npieces:\n  I: \"#####\"\n  L: \"####/#...\"\n  X:\n    shape: \"#\"\n    count: 2\n"), 0o644)
	fp := func(path string) string {
		p, err := (&app{}).loadPuzzle(path, "", puzzle.UnplaceableFor(false))
		if err != nil {
			t.Fatal(err)
		}
		return shard.Fingerprint(p)
	}
	if fp(a) != fp(b) {
		t.Errorf("reformatted puzzle: %s != %s", fp(a), fp(b))
	}
	if fp(a) == fp(c) {
		t.Errorf("another supply has the same fingerprint")
	}
}

// slurmCount runs deploy/slurm/polytile-array.sh's n tasks on p into out
// (no Slurm needed: the task's environment is set as sbatch sets it): the
// results and the count.key a recipe writes.
func slurmCount(t *testing.T, p, out string, n int, extra ...string) {
	t.Helper()
	bin := binary(t)
	script, _ := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "polytile-array.sh"))
	for i := range n {
		cmd := exec.Command("bash", append([]string{script, p, out}, extra...)...)
		cmd.Env = append(os.Environ(), "POLYTILE="+bin, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i),
			"SLURM_ARRAY_TASK_MIN=0", "SLURM_ARRAY_TASK_MAX="+strconv.Itoa(n-1), "SLURM_ARRAY_TASK_COUNT="+strconv.Itoa(n))
		if b, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("task %d: %v\n%s", i, err, b)
		}
	}
}

// TestShardEnvContradictionsAndRanges: POLYTILE_SHARD_COUNT that disagrees
// with the count of --shard auto/N or I/N is refused (auto/3 with
// POLYTILE_SHARD_COUNT=5 used 3 without a word); an out-of-range number in
// an environment variable names the variable and the range (it said "is
// not a non-negative integer"), and a bad count names POLYTILE_SHARD_COUNT,
// not the index's variable (POLYTILE_SHARD_COUNT=0 was reported as
// "(JOB_COMPLETION_INDEX)").
func TestShardEnvContradictionsAndRanges(t *testing.T) {
	vars := []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX", "POLYTILE_SHARD_COUNT"}
	set := func(kv ...string) {
		for _, k := range vars {
			t.Setenv(k, "")
			os.Unsetenv(k)
		}
		for n := 0; n+1 < len(kv); n += 2 {
			t.Setenv(kv[n], kv[n+1])
		}
	}
	pz := example("pentomino-20x3.yaml")
	for _, c := range []struct {
		shard string
		env   []string
		want  []string // in stderr
	}{
		{"auto/3", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "5"}, []string{"POLYTILE_SHARD_COUNT=5", "auto/3"}},
		{"auto/3", []string{"SLURM_ARRAY_TASK_ID", "1", "POLYTILE_SHARD_COUNT", "5"}, []string{"POLYTILE_SHARD_COUNT=5", "auto/3"}},
		{"1/3", []string{"POLYTILE_SHARD_COUNT", "5"}, []string{"POLYTILE_SHARD_COUNT=5", "1/3"}},
		{"auto", []string{"SLURM_ARRAY_TASK_ID", "9223372036854775807"}, []string{"SLURM_ARRAY_TASK_ID", "0 to 9999999"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "99999999999", "POLYTILE_SHARD_COUNT", "4"}, []string{"JOB_COMPLETION_INDEX", "0 to 9999999"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "99999999999"}, []string{"POLYTILE_SHARD_COUNT", "1 to 100000"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "0"}, []string{"POLYTILE_SHARD_COUNT", "1 to 100000"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "100001"}, []string{"POLYTILE_SHARD_COUNT", "1 to 100000"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "4", "POLYTILE_SHARD_COUNT", "4"}, []string{"JOB_COMPLETION_INDEX", "(POLYTILE_SHARD_COUNT)"}},
		{"auto", []string{"SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_MIN", "1", "SLURM_ARRAY_TASK_MAX", "4", "SLURM_ARRAY_TASK_COUNT", "4"}, []string{"below SLURM_ARRAY_TASK_MIN"}},
	} {
		set(c.env...)
		code, stdout, errs := run(t, "", "solve", pz, "--count", "--shard", c.shard)
		ok := code == 2 && stdout == ""
		for _, w := range c.want {
			ok = ok && strings.Contains(errs, w)
		}
		if !ok || strings.Contains(errs, "non-negative integer") {
			t.Errorf("--shard %s with %v: exit %d, stderr %q", c.shard, c.env, code, errs)
		}
	}
	// Agreement runs.
	for _, c := range []struct {
		shard string
		env   []string
	}{
		{"auto/5", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "5"}},
		{"auto", []string{"JOB_COMPLETION_INDEX", "1", "POLYTILE_SHARD_COUNT", "5"}},
		{"1/5", []string{"POLYTILE_SHARD_COUNT", "5"}},
		{"1/5", nil},
	} {
		set(c.env...)
		if code, _, errs := run(t, "", "solve", pz, "--count", "--shard", c.shard); code != 0 && code != 1 {
			t.Errorf("--shard %s with %v: exit %d, stderr %q", c.shard, c.env, code, errs)
		}
	}
}

// TestShardsOfDecidedPuzzlesMerge: puzzles whose count is decided before
// the split (the pieces' area does not match the board, also once an
// unlimited piece that fits nowhere is dropped; or found while reading it:
// a piece of finite supply that fits nowhere) and puzzles a single
// forced placement finishes, in N = 1, 2, 3 shards: every shard exits 0
// and writes a complete shard result (the whole split owned once), and
// merge gives the single-process count with its exit status (1 for 0
// solutions), with --puzzle too. Shards of a decided puzzle wrote no
// "shard" object (the split never ran), and merge refused them with exit
// 2; with a finite piece that fits nowhere they exited 1 with no result.
func TestShardsOfDecidedPuzzlesMerge(t *testing.T) {
	dir := t.TempDir()
	puzzles := map[string]string{
		// 2+1 cells on 4: decided before the split, 0 solutions.
		"area": "board: 4x1\npieces:\n  A: \"##\"\n  B: \"#\"\n",
		// The unlimited square fits nowhere on 4x1 and is dropped; then as above.
		"dropped": "board: 4x1\npieces:\n  A: \"##\"\n  B: \"#\"\n  C:\n    shape: \"##\\n##\"\n    count: unlimited\n",
		// One forced placement: 1 solution.
		"forced": "board: 2x1\npieces:\n  A: \"##\"\n",
		// A piece of finite supply larger than the board: no tiling,
		// found while reading the puzzle (solve exits 1 with no JSON).
		"finite-unplaceable": "board: 2x1\npieces:\n  A: \"##\"\n  B: \"###\"\n",
		// The same with the piece fitting the board but nowhere in it.
		"finite-nowhere": "board: 3x1\npieces:\n  A: \"#\"\n  B: \"##\"\n  C: \"##\\n#.\"\n",
		// Dropped unlimited piece, the rest fills the board: 2 solutions (AB, BA).
		"dropped-fits": "board: 3x1\npieces:\n  A: \"##\"\n  B: \"#\"\n  C:\n    shape: \"##\\n##\"\n    count: unlimited\n",
	}
	for name, text := range puzzles {
		p := writeFile(t, dir, name+".yaml", text)
		wcode, wout, werrs := run(t, "", "--quiet", "solve", p, "--count", "--json")
		var whole struct{ Solutions, Unique int64 }
		if err := json.Unmarshal([]byte(wout), &whole); (err != nil || wcode != 0) && wcode != 1 {
			t.Fatalf("%s: single process: exit %d %v %s", name, wcode, err, werrs)
		}
		for n := 1; n <= 3; n++ {
			out := filepath.Join(dir, fmt.Sprintf("%s-%d", name, n))
			os.Mkdir(out, 0o755)
			var owned int64
			for i := range n {
				f := filepath.Join(out, fmt.Sprintf("shard-%d.json", i))
				code, _, errs := run(t, "", "--quiet", "solve", p, "--count", "--shard", fmt.Sprintf("%d/%d", i, n), "--json", "-o", f)
				if code != 0 {
					t.Fatalf("%s shard %d/%d: exit %d %s", name, i, n, code, errs)
				}
				r, err := shard.ReadFile(f)
				if err != nil {
					t.Fatalf("%s shard %d/%d: %v", name, i, n, err)
				}
				if !r.Complete || r.Finished != r.Owned {
					t.Errorf("%s shard %d/%d: not complete: %+v", name, i, n, r)
				}
				owned += r.Owned
				if i == n-1 && owned != r.Split.Subproblems {
					t.Errorf("%s N=%d: the shards own %d of %d subproblems", name, n, owned, r.Split.Subproblems)
				}
			}
			for _, args := range [][]string{{out}, {"--puzzle", p, out}} {
				code, rep, errs := mergeJSON(t, args...)
				if code != wcode || !rep.Complete || rep.All != whole.Solutions || rep.Unique != whole.Unique || rep.Count != n {
					t.Errorf("%s N=%d: merge %v exit %d (%s) %d/%d solutions; single process exit %d, %d/%d",
						name, n, args[:len(args)-1], code, errs, rep.All, rep.Unique, wcode, whole.Solutions, whole.Unique)
				}
			}
		}
	}
	// The fingerprint of a puzzle with an unplaceable piece is not that of
	// the puzzle without it (2x1 with "##" only: 1 solution).
	forced, stale := filepath.Join(dir, "forced.yaml"), filepath.Join(dir, "finite-unplaceable-2")
	if code, _, errs := mergeJSON(t, "--puzzle", forced, stale); code != 2 || !strings.Contains(errs, "not computed for --puzzle") {
		t.Errorf("the shards of a puzzle with an unplaceable piece, merged as the puzzle without it: exit %d %s", code, errs)
	}
}

// TestCountKeyRecordsThePinnedPiece: --redundancy X and the default auto
// that pins X on the 12x5 pentominoes are one count (the same split, the
// same tree): shards run one way and the other into one results
// directory both start, in either order, and merge verifies a total of
// 4040. A key written before the piece was recorded (its flags without
// --redundancy: auto) is read the same way. Runs that count another
// tree or another puzzle are still refused: another piece pinned (I),
// none, --unique beside a count without it, an edited puzzle. The key
// held --redundancy as given (auto left out), so a shard run with X
// beside one run with auto was refused as "another count" (exit 2).
// Fails on the old code.
func TestCountKeyRecordsThePinnedPiece(t *testing.T) {
	dir := t.TempDir()
	p, edit := editedCopy(t, dir, "p.yaml")
	shardRun := func(out string, i string, extra ...string) (int, string) {
		args := append([]string{"--quiet", "solve", p, "--count", "--shard", i + "/2", "--json",
			"-o", filepath.Join(out, "shard-"+i+".json"), "--count-key", filepath.Join(out, "count.key")}, extra...)
		code, _, errs := run(t, "", args...)
		return code, errs
	}
	for name, c := range map[string][2][]string{
		"auto then X": {nil, {"--redundancy", "X"}},
		"X then auto": {{"--redundancy=X"}, nil},
		"auto named":  {{"--redundancy", "auto"}, {"--redundancy", "X"}},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		os.Mkdir(out, 0o755)
		if code, errs := shardRun(out, "0", c[0]...); code != 0 {
			t.Fatalf("%s: shard 0 %v: exit %d: %s", name, c[0], code, errs)
		}
		if k := string(mustRead(t, filepath.Join(out, "count.key"))); !strings.Contains(k, " --redundancy=X ") {
			t.Errorf("%s: the key does not record the piece pinned:\n%s", name, k)
		}
		if code, errs := shardRun(out, "1", c[1]...); code != 0 {
			t.Errorf("%s: shard 1 %v: exit %d: %s", name, c[1], code, errs)
		}
		if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
			t.Errorf("%s: merge %+v", name, v)
		}
		// Another tree: refused, the results left as they are.
		for _, extra := range [][]string{{"--redundancy", "I"}, {"--redundancy", "none"}, {"--unique"}} {
			if code, errs := shardRun(out, "1", extra...); code != 2 || !strings.Contains(errs, "holds another count") {
				t.Errorf("%s: shard 1 %v: exit %d: %s", name, extra, code, errs)
			}
		}
	}
	// A key as the previous version wrote it (auto left out of the flags).
	out := filepath.Join(dir, "old-key")
	os.Mkdir(out, 0o755)
	if code, errs := shardRun(out, "0"); code != 0 {
		t.Fatalf("old key: shard 0: exit %d: %s", code, errs)
	}
	key := filepath.Join(out, "count.key")
	old := strings.Replace(string(mustRead(t, key)), " --redundancy=X ", " ", 1)
	if err := os.WriteFile(key, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, errs := shardRun(out, "1", "--redundancy", "I"); code != 2 || !strings.Contains(errs, "holds another count") {
		t.Errorf("old key: shard 1 --redundancy I: exit %d: %s", code, errs)
	}
	if code, errs := shardRun(out, "1", "--redundancy", "X"); code != 0 {
		t.Errorf("old key: shard 1 --redundancy X: exit %d: %s", code, errs)
	}
	if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
		t.Errorf("old key: merge %+v", v)
	}
	// An edited puzzle is another count, whatever the spelling.
	edit()
	if code, errs := shardRun(out, "1", "--redundancy", "X"); code != 2 || !strings.Contains(errs, "holds another count") {
		t.Errorf("edited puzzle: exit %d: %s", code, errs)
	}
}

// TestCountKeyNeedsAResultFile: a shard with --count-key writes its
// result where merge reads it, -o FILE.json with --json: --render (a
// picture in -o, the result on stdout) and a result on stdout are
// refused (exit 2) before the key is written. The shard wrote the key
// and a picture into shard-0.json (exit 0): every shard of the count
// ran and none left a result. Fails on the old code.
func TestCountKeyNeedsAResultFile(t *testing.T) {
	for _, extra := range [][]string{{"--render", "ascii"}, {"--render", "svg"}, {"-o", "-"}} {
		dir := t.TempDir()
		args := append([]string{"--quiet", "solve", example("pentomino-12x5.yaml"), "--count", "--shard", "0/2", "--json",
			"--count-key", filepath.Join(dir, "count.key")}, extra...)
		if extra[0] != "-o" {
			args = append(args, "-o", filepath.Join(dir, "shard-0.json"))
		}
		code, _, errs := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, "--count-key") {
			t.Errorf("%v: exit %d %s", extra, code, errs)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Errorf("%v: wrote %v", extra, ents)
		}
	}
}

// TestCountKeyResolvesFrom: --from is written into the key as the file
// is read with it: --from yaml, --from yml and nothing, for a .yaml
// file, are one count (a shard run one way and the next the other both
// start; merge verifies 4040), and so is a key written before --from was
// resolved (without it). The key held --from as given, so the second
// shard was refused as "another count". Fails on the old code.
func TestCountKeyResolvesFrom(t *testing.T) {
	dir := t.TempDir()
	p, _ := editedCopy(t, dir, "p.yaml")
	shardRun := func(out, i string, extra ...string) (int, string) {
		args := append([]string{"--quiet", "solve", p, "--count", "--shard", i + "/2", "--json",
			"-o", filepath.Join(out, "shard-"+i+".json"), "--count-key", filepath.Join(out, "count.key")}, extra...)
		code, _, errs := run(t, "", args...)
		return code, errs
	}
	for name, c := range map[string][2][]string{
		"default then yaml": {nil, {"--from", "yaml"}},
		"yml then default":  {{"--from=yml"}, nil},
		"YAML then yml":     {{"--from", "YAML"}, {"--from", "yml"}},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(name, " ", "-"))
		os.Mkdir(out, 0o755)
		if code, errs := shardRun(out, "0", c[0]...); code != 0 {
			t.Fatalf("%s: shard 0: exit %d %s", name, code, errs)
		}
		if k := string(mustRead(t, filepath.Join(out, "count.key"))); !strings.Contains(k, " --from=yaml") {
			t.Errorf("%s: key:\n%s", name, k)
		}
		if code, errs := shardRun(out, "1", c[1]...); code != 0 {
			t.Errorf("%s: shard 1 %v: exit %d %s", name, c[1], code, errs)
		}
		if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
			t.Errorf("%s: merge %+v", name, v)
		}
	}
	out := filepath.Join(dir, "old-key")
	os.Mkdir(out, 0o755)
	if code, errs := shardRun(out, "0"); code != 0 {
		t.Fatalf("old key: exit %d %s", code, errs)
	}
	key := filepath.Join(out, "count.key")
	os.WriteFile(key, []byte(strings.Replace(string(mustRead(t, key)), " --from=yaml", "", 1)), 0o644)
	if code, errs := shardRun(out, "1", "--from", "yaml"); code != 0 {
		t.Errorf("old key: shard 1 --from yaml: exit %d %s", code, errs)
	}
	if v := mergeWith(t, out); v.code != 0 || v.all != 4040 || len(v.unchecked) != 0 {
		t.Errorf("old key: merge %+v", v)
	}
}

// TestCountKeyThatIsNotAFile: a count.key that is a FIFO, a link to
// /dev/zero or to nothing, a directory, empty or over 64 KiB stops the
// shard (exit 2 naming the key) before the search, never waited on or
// read as a key, and no result is written.
func TestCountKeyThatIsNotAFile(t *testing.T) {
	for name, mk := range map[string]func(k string) error{
		"fifo":     func(k string) error { return syscall.Mkfifo(k, 0o644) },
		"dev-zero": func(k string) error { return os.Symlink("/dev/zero", k) },
		"dangling": func(k string) error { return os.Symlink(filepath.Join(filepath.Dir(k), "nothing"), k) },
		"dir":      func(k string) error { return os.Mkdir(k, 0o755) },
		"empty":    func(k string) error { return os.WriteFile(k, nil, 0o644) },
		"huge":     func(k string) error { return os.WriteFile(k, make([]byte, 70<<10), 0o644) },
	} {
		dir := t.TempDir()
		k := filepath.Join(dir, "count.key")
		if err := mk(k); err != nil {
			t.Skipf("%s: %v", name, err)
		}
		out := filepath.Join(dir, "shard-0.json")
		code, _, errs := run(t, "", "solve", example("soma.yaml"), "--count", "--shard", "0/2", "--json", "-o", out, "--count-key", k)
		if code != 2 || !strings.Contains(errs, k) {
			t.Errorf("%s: exit %d %s", name, code, errs)
		}
		if _, err := os.Lstat(out); err == nil {
			t.Errorf("%s: a result was written", name)
		}
	}
}

// TestCountKeyMissingDirectory: a --count-key in a directory that does
// not exist (or a link to one that does not) is exit 2 saying so of the
// key's path, as -o and --checkpoint say it; it named the temporary file
// ("cannot write in d: d/.count.key.3813678854: no such file or
// directory").
func TestCountKeyMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "link")); err != nil {
		t.Skip(err)
	}
	for _, sub := range []string{"missing", "link"} {
		k := filepath.Join(dir, sub, "count.key")
		out := filepath.Join(dir, "shard-0.json")
		code, _, errs := run(t, "", "solve", example("soma.yaml"), "--count", "--shard", "0/2", "--json", "-o", out, "--count-key", k)
		if code != 2 || !strings.Contains(errs, k) || !strings.Contains(errs, "does not exist") || strings.Contains(errs, ".count.key.") {
			t.Errorf("%s: exit %d %s; want exit 2 naming %s and the missing directory, not a temporary", sub, code, errs, k)
		}
	}
}

// solveStatsJSON runs solve --json and returns its summary.
func solveStatsJSON(t *testing.T, args ...string) solve.Outcome {
	t.Helper()
	code, out, errs := run(t, "", append([]string{"solve"}, append(args, "--json")...)...)
	var o solve.Outcome
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 {
		t.Fatalf("%v: exit %d: %v\n%s\n%s", args, code, err, out, errs)
	}
	return o
}

// TestSplitBalanceStats: solve --stats with -j 2 states the balance of
// the split from the subproblems solved: as many as the split has (the
// number a shard record names), their nodes and the split's own adding up
// to the nodes printed, a time for each; in the text after the per-level
// table; not with one worker. (The old code printed no such block and
// had no "split" in the statistics.)
func TestSplitBalanceStats(t *testing.T) {
	p := example("pentomino-12x5.yaml")
	o := solveStatsJSON(t, p, "--unique", "-j", "2", "--stats")
	rec := solveStatsJSON(t, p, "--unique", "--shard", "0/1") // the split's size, from the shard record
	if o.Stats == nil || o.Stats.Split == nil {
		t.Fatalf("no split balance in %+v", o.Stats)
	}
	s := o.Stats.Split
	if s.Subproblems != rec.Shard.Split.Subproblems || s.Owned != s.Subproblems || s.Solved != s.Subproblems ||
		int64(s.Nodes.N) != s.Solved || int64(s.Seconds.N) != s.Solved || s.Skipped != 0 || s.Shard != "" {
		t.Errorf("split %+v, the shard record's %+v", s, rec.Shard.Split)
	}
	if int64(s.Nodes.Sum)+s.SplitNodes != o.Nodes || s.SplitNodes <= 0 || *o.Unique != 1010 {
		t.Errorf("nodes: subproblems %.0f + split %d, printed %d (unique %d)", s.Nodes.Sum, s.SplitNodes, o.Nodes, *o.Unique)
	}
	for _, b := range []struct {
		what     string
		min, med float64
		max, sum float64
	}{{"nodes", s.Nodes.Min, s.Nodes.Median, s.Nodes.Max, s.Nodes.Sum}, {"seconds", s.Seconds.Min, s.Seconds.Median, s.Seconds.Max, s.Seconds.Sum}} {
		if !(b.min >= 0 && b.min <= b.med && b.med <= b.max && b.max <= b.sum && b.sum > 0) {
			t.Errorf("%s: %+v", b.what, b)
		}
	}
	if s.Seconds.Min <= 0 || s.Seconds.Sum > 2*o.Seconds {
		t.Errorf("times %+v in a run of %.3f s on 2 workers", s.Seconds, o.Seconds)
	}

	code, out, errs := run(t, "", "solve", p, "--unique", "-j", "2", "--stats")
	head := regexp.MustCompile(`(?m)^split +(\d+) subproblems at depth \d+, (\d+) solved in this run; (\d+) nodes above them\n +nodes per subproblem min / median / max = \d+ / \d+ / (\d+) \(max/median [0-9.]+; the largest [0-9.]+% of the sum\)\n +time per subproblem +min / median / max = [0-9.]+ (µs|ms|s) / [0-9.]+ (µs|ms|s) / [0-9.]+ (µs|ms|s) \(max/median [0-9.]+; the largest [0-9.]+% of the sum\)$`)
	m := head.FindStringSubmatch(out)
	if code != 0 || m == nil || !strings.Contains(out, "total ") || strings.Index(out, "total ") > strings.Index(out, "\nsplit ") {
		t.Fatalf("exit %d, no balance block after the table:\n%s\n%s", code, out, errs)
	}
	if want := fmt.Sprint(s.Subproblems); m[1] != want || m[2] != want {
		t.Errorf("text %q, want %s subproblems", m[0], want)
	}
	for _, args := range [][]string{{"--unique", "--stats"}, {"--unique", "-j", "1", "--stats"}, {"--unique", "-j", "2"}} {
		code, out, _ := run(t, "", append([]string{"solve", p}, args...)...)
		if code != 0 || strings.Contains(out, "subproblem") {
			t.Errorf("%v: exit %d, a balance block:\n%s", args, code, out)
		}
		o := solveStatsJSON(t, append([]string{p}, args...)...)
		if o.Stats != nil && o.Stats.Split != nil {
			t.Errorf("%v: split %+v", args, o.Stats.Split)
		}
	}
	// A symmetric key has no split: --stats counts (serially), and -j,
	// which would do nothing there, is refused (idleflags.go).
	sym := example("squares-8x6-symmetric.yaml")
	o = solveStatsJSON(t, sym, "--count", "--stats")
	if *o.Solutions != 106 || o.Stats == nil || o.Stats.Split != nil {
		t.Errorf("symmetric: %d solutions, stats %+v", *o.Solutions, o.Stats)
	}
	if code, _, errs := run(t, "", "solve", sym, "--count", "-j", "2", "--stats"); code != 2 || !strings.Contains(errs, "--jobs 2") {
		t.Errorf("symmetric -j 2: exit %d: %s", code, errs)
	}
}

// TestSplitBalanceWithCheckpoint: in a shard with a checkpoint, the
// balance hook is chained after the checkpoint's, which still records
// every subproblem; the block counts this shard's subproblems (no split
// nodes outside shard 0), and a rerun that takes them all from the
// checkpoint solves none and says so. The shard's result still merges.
func TestSplitBalanceWithCheckpoint(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-12x5.yaml")
	ck := filepath.Join(dir, "s.ckpt")
	out := filepath.Join(dir, "shard-1.json")
	o := solveStatsJSON(t, p, "--count", "--shard", "1/3", "--checkpoint", ck, "--stats")
	s := o.Stats.Split
	c, err := shard.ReadCheckpoint(ck)
	if err != nil || c == nil {
		t.Fatalf("checkpoint: %v", err)
	}
	if s == nil || s.Shard != "1/3" || s.Solved != o.Shard.Owned || int64(len(c.Done)) != s.Solved || s.SplitNodes != 0 ||
		int64(s.Nodes.Sum) != o.Nodes || s.Owned != o.Shard.Owned {
		t.Fatalf("split %+v, shard %+v, checkpoint of %d", s, o.Shard, len(c.Done))
	}
	code, text, errs := run(t, "", "solve", p, "--count", "--shard", "1/3", "--checkpoint", ck, "--stats", "--json", "-o", out)
	if code != 0 {
		t.Fatalf("rerun: exit %d %s", code, errs)
	}
	r, err := shard.ReadFile(out)
	if err != nil || r.Resumed != r.Owned || r.Nodes != o.Nodes || r.All != *o.Solutions {
		t.Fatalf("rerun: %v %+v %s", err, r, text)
	}
	code, text, _ = run(t, "", "solve", p, "--count", "--shard", "1/3", "--checkpoint", ck, "--stats")
	want := fmt.Sprintf("(shard 1/3: %d), 0 solved in this run (%d taken from the checkpoint)\n", r.Owned, r.Owned)
	if code != 0 || !strings.Contains(text, want) || strings.Contains(text, "per subproblem") {
		t.Errorf("all resumed: exit %d, want %q in\n%s", code, want, text)
	}
}

// TestMergeShardNodes: merge states the balance of the shards' nodes;
// with three shards min + median + max is every shard, so they add up to
// the total. (Before, merge gave the balance of times only.)
func TestMergeShardNodes(t *testing.T) {
	dir := t.TempDir()
	countShards(t, dir, example("pentomino-12x5.yaml"), 3)
	code, out, errs := run(t, "", "merge", dir)
	m := regexp.MustCompile(`(?m)^nodes +(\d+); per shard min (\d+), median (\d+), max (\d+) \(max/median [0-9.]+\)$`).FindStringSubmatch(out)
	if code != 0 || m == nil {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	var total, lo, med, hi int64
	fmt.Sscan(m[1]+" "+m[2]+" "+m[3]+" "+m[4], &total, &lo, &med, &hi)
	if lo+med+hi != total || !(lo > 0 && lo <= med && med <= hi) {
		t.Errorf("%q", m[0])
	}
}

// TestSolveShardReadsPuzzleOnce: a shard of a puzzle holding a piece of
// finite supply that fits nowhere parses the puzzle a second time with
// the piece left out, from the bytes it read: with the puzzle on stdin it
// read stdin again, found it empty and exited 1 with no result (a shard
// merge then reported missing for ever). Fails on the old code.
func TestSolveShardReadsPuzzleOnce(t *testing.T) {
	text := "board: 2x1\npieces:\n  A: \"##\"\n  B: \"###\"\n"
	code, out, errs := run(t, text, "--quiet", "solve", "-", "--count", "--shard", "0/2", "--json")
	var r struct {
		Shard *shard.Result
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || r.Shard == nil || !r.Shard.Complete || r.Shard.All != 0 {
		t.Errorf("solve - --shard 0/2 of a puzzle with a piece that fits nowhere: exit %d %v %s %s", code, err, out, errs)
	}
}
