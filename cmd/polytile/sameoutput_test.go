package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
