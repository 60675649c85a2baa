package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPictureToStdoutsFile: -o naming the file stdout writes to (-o
// /dev/stdout > x.txt, or -o x.txt > x.txt) with a text picture, in solve
// and check, writes the picture and then the summary or report into it,
// as -o - does. Opened again, the picture was written from the start of
// the file and the summary over it (the picture lost, exit 0); renamed
// over it, the summary went to the old file, removed (the summary lost).
// Run as the binary: /dev/stdout is the process's own.
func TestPictureToStdoutsFile(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	tetris := copyExample(t, dir, "tetris-7x7.yaml")
	start := filepath.Join(dir, "t.mst")
	if code, _, errs := run(t, "", "export", tetris, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", start, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	x := filepath.Join(dir, "x.txt")
	for _, c := range []struct {
		args        []string
		title, text string // the picture's first line, a line of the summary
	}{
		{[]string{"solve", copyExample(t, dir, "pentomino-20x3.yaml"), "--render", "ascii", "-q"}, "Pentominoes 20x3", "backend "},
		{[]string{"check", tetris, start, "--max-coverage", "--render", "ascii", "-q"}, "Tetris 7x7", "verdict "},
	} {
		for _, o := range []string{"/dev/stdout", x} {
			so, err := os.OpenFile(x, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, append(c.args, "-o", o)...)
			var errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = so, &errb
			err = cmd.Run()
			so.Close()
			got, _ := os.ReadFile(x)
			// The picture (its title first, then at least its board's
			// rows), then the summary.
			i := strings.Index(string(got), c.text)
			if err != nil || !strings.HasPrefix(string(got), c.title+"\n") || i < 0 || strings.Count(string(got[:i]), "\n") < 4 {
				t.Errorf("%s -o %s > x.txt: %v %s\nx.txt:\n%s", c.args[0], o, err, errb.String(), got)
			}
		}
	}
	// --json and a picture to that file share stdout too: refused as with
	// -o - (they were written into one another).
	for _, args := range [][]string{
		{"solve", tetris, "--json", "--render", "ascii", "-o", "/dev/stdout"},
		{"check", tetris, start, "--max-coverage", "--json", "--render", "ascii", "-o", x},
	} {
		so, err := os.OpenFile(x, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = so, &errb
		cmd.Run()
		so.Close()
		if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(errb.String(), "cannot share stdout") {
			t.Errorf("%v > x.txt: exit %d, %s; want 2: --json and a picture cannot share stdout", args, cmd.ProcessState.ExitCode(), errb.String())
		}
	}
}
