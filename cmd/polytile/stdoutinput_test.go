package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStdoutIsAnInput: standard output redirected to an input
// (`export q.yaml --format lp >> q.yaml`) is refused before anything is
// written, exit 2, as -o naming the input is: the program (or the
// summary, the picture, the table) was appended to the puzzle it read.
// Through a hard link too, and for each command's inputs: the puzzle, a
// solution file, --names, merge's results and --puzzle, stdin ("-"). A
// different regular file and /dev/null are written as before.
func TestStdoutIsAnInput(t *testing.T) {
	dir := t.TempDir()
	in := copyExample(t, dir, "pentomino-20x3.yaml")
	hard := filepath.Join(dir, "hard.yaml")
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	sol := filepath.Join(dir, "sol.txt")
	names := filepath.Join(dir, "names.txt")
	res := filepath.Join(dir, "s0.json")
	for _, f := range []string{sol, names} {
		os.WriteFile(f, []byte("x\n"), 0o644)
	}
	if code, _, errs := run(t, "", "solve", in, "--count", "--shard", "0/1", "--json", "-o", res); code != 0 {
		t.Fatalf("making a result: exit %d: %s", code, errs)
	}
	for _, c := range []struct {
		target string
		args   []string
		stdin  bool
	}{
		{in, []string{"export", in, "--format", "lp"}, false},
		{hard, []string{"export", in, "--format", "dlx"}, false},
		{in, []string{"info", in}, false},
		{in, []string{"render", in}, false},
		{in, []string{"solve", in, "--count"}, false},
		{in, []string{"solve", in}, false},
		{in, []string{"compare", in, "-b", "dlx"}, false},
		{sol, []string{"check", in, sol}, false},
		{names, []string{"check", in, sol, "--names", names}, false},
		{res, []string{"merge", res}, false},
		{res, []string{"merge", dir}, false},
		{in, []string{"merge", res, "--puzzle", in}, false},
		{in, []string{"export", "-", "--format", "lp"}, true},
	} {
		orig, err := os.ReadFile(c.target)
		if err != nil {
			t.Fatal(err)
		}
		so, err := os.OpenFile(c.target, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		var stdin *os.File
		if c.stdin {
			if stdin, err = os.Open(in); err != nil {
				t.Fatal(err)
			}
		}
		var errb bytes.Buffer
		var code int
		if stdin != nil {
			code = Main(c.args, stdin, so, &errb)
			stdin.Close()
		} else {
			code = Main(c.args, strings.NewReader(""), so, &errb)
		}
		so.Close()
		if code != 2 || !strings.Contains(errb.String(), "standard output is the") || !strings.Contains(errb.String(), "redirect it to another file") {
			t.Errorf("%v >> %s: exit %d, stderr %q; want exit 2: standard output is the input", c.args, filepath.Base(c.target), code, errb.String())
		}
		if b, _ := os.ReadFile(c.target); !bytes.Equal(b, orig) {
			t.Errorf("%v >> %s changed it", c.args, filepath.Base(c.target))
			os.WriteFile(c.target, orig, 0o644)
		}
	}
	// Another regular file, and /dev/null: written as always.
	for _, path := range []string{filepath.Join(dir, "out.lp"), os.DevNull} {
		so, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		code := Main([]string{"export", in, "--format", "lp"}, strings.NewReader(""), so, &errb)
		so.Close()
		if code != 0 {
			t.Errorf("export >> %s: exit %d, %q", path, code, errb.String())
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, "out.lp")); err != nil || fi.Size() == 0 {
		t.Errorf("export >> out.lp wrote nothing: %v", err)
	}
}
