package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestEmptyPathFlagsRefused: every flag of every command that names a
// file or directory (pathFlags; every string flag is either there or in
// notPaths), given an empty value (--checkpoint "$UNSET"), is exit 2
// naming the flag, before anything runs. `solve --count --checkpoint ""`
// counted without a checkpoint, `--count-key ""` wrote no key and
// `merge --puzzle ""` checked no puzzle, each without a word.
func TestEmptyPathFlagsRefused(t *testing.T) {
	a := &app{stdout: os.Stdout, stderr: os.Stderr}
	root := a.rootCmd()
	setOnceFlags(root)
	n := 0
	visitFlags(root, func(c *cobra.Command, f *pflag.Flag) {
		if f.Value.Type() != "string" {
			return
		}
		if !pathFlags[f.Name] {
			if !notPaths[f.Name] {
				t.Errorf("%s --%s (%q): a new string flag; list it in pathFlags if it names a file, else in notPaths here", c.CommandPath(), f.Name, f.Usage)
			}
			return
		}
		n++
		err := f.Value.Set("")
		if err == nil || !strings.Contains(err.Error(), "--"+f.Name) {
			t.Errorf("%s --%s \"\": %v, want an error naming the flag", c.CommandPath(), f.Name, err)
		}
	})
	if n < 10 {
		t.Fatalf("only %d string flags found; the walk is broken", n)
	}
	ex := example("pentomino-10x6.yaml")
	dir := t.TempDir()
	for _, args := range [][]string{
		{"solve", ex, "--count", "--checkpoint", ""},
		{"solve", ex, "--count", "--shard", "0/200", "--json", "-o", dir + "/r.json", "--count-key="},
		{"merge", "--puzzle=", dir},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, "empty file name") {
			t.Errorf("%v: exit %d, %q; want exit 2 about the empty file name", args, code, errs)
		}
	}
}

// notPaths are the string flags that name no file: their "" is a value
// (--heuristic= is dlx's schedule in a count key; --from= the default).
var notPaths = map[string]bool{
	"format": true, "formulation": true, "from": true, "mode": true, "render": true,
	"solver": true, "symmetry": true, "dlx-count": true, "section": true, "task": true,
	"dialect": true, "start-format": true, "backend": true, "heuristic": true,
	"redundancy": true, "count-key-recipe": true, "shard": true,
}

// TestJSONOutputNameSaid: `solve --json -o FILE` without the .json
// extension is the picture (the JSON goes to -o only as FILE.json); the
// refusal said only "the picture format is not known from the file
// name", of a picture the user did not ask for; so did --jsonl -o
// x.jsonl. It now says where the JSON goes.
func TestJSONOutputNameSaid(t *testing.T) {
	for _, out := range []string{filepath.Join(t.TempDir(), "result"), "/dev/null"} {
		code, _, errs := run(t, "", "solve", example("tetrominoes-5x4.yaml"), "--count", "--json", "-o", out)
		if code != exitUsage || !strings.Contains(errs, "-o FILE.json") {
			t.Errorf("--json -o %s: exit %d, %q; want exit 2 saying -o FILE.json", out, code, errs)
		}
		code, _, errs = run(t, "", "solve", example("tetrominoes-5x4.yaml"), "--limit", "2", "--jsonl", "-o", out+".jsonl")
		if code != exitUsage || !strings.Contains(errs, "stdout") {
			t.Errorf("--jsonl -o %s.jsonl: exit %d, %q; want exit 2 saying --jsonl goes to stdout", out, code, errs)
		}
	}
}
