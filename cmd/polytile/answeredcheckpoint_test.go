package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// P (10 cells) fits nowhere on the 6 cells of 3x2.
	answered := write("u.yaml", "name: u\nboard: 3x2\npieces:\n  M: {shape: \"#\", count: 6}\n  P: \"#####/#####\"\n")
	tiles := write("t.yaml", "name: t\nboard: 3x2\npieces:\n  M: {shape: \"#\", count: 6}\n")
	garbage := write("garbage.ck", "garbage\n")
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
