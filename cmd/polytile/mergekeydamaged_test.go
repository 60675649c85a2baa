package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
