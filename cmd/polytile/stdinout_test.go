package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestStdinInputIsNotAnOutput: an input read from standard input ("-")
// whose file is also an output (directly or through a symbolic link) is
// refused with exit 2 before anything is written, in every command that
// writes files; `export - -o p.yaml < p.yaml` used to replace the puzzle
// with the LP. Run through the binary: the check is on the process's
// real stdin (fstat), which an in-process test cannot redirect.
func TestStdinInputIsNotAnOutput(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	in := copyExample(t, dir, "tetrominoes-5x4.yaml")
	orig, _ := os.ReadFile(in)
	os.Symlink("tetrominoes-5x4.yaml", filepath.Join(dir, "link.yaml"))
	for _, out := range []string{"tetrominoes-5x4.yaml", "link.yaml"} {
		for _, args := range [][]string{
			{"export", "-", "--format", "lp", "-o", out},
			{"render", "-", "--format", "ascii", "-o", out},
			{"solve", "-", "--render", "ascii", "-o", out},
			{"solve", "-", "--count", "--checkpoint", out},
			{"compare", "-", "--backends", "dlx", "-o", out},
			{"compare", "-", "--backends", "dlx", "--update", out},
		} {
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			cmd.Stdin = f
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Run()
			f.Close()
			if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(stderr.String(), "standard input") {
				t.Errorf("%v < the puzzle: exit %d, stderr %q; want 2, refused", args, code, stderr.String())
			}
			if b, _ := os.ReadFile(in); !bytes.Equal(b, orig) {
				t.Fatalf("%v < the puzzle overwrote it", args)
			}
		}
	}
	// Another output, and stdin from a device, still work.
	cmd := exec.Command(bin, "export", "-", "--format", "lp", "-o", "p.lp")
	cmd.Dir = dir
	f, _ := os.Open(in)
	defer f.Close()
	cmd.Stdin = f
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("export - -o p.lp: %v %s", err, out)
	}
}
