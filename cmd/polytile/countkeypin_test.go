package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
