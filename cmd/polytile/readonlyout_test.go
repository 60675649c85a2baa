package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadOnlyOutputRefused: -o naming an existing file the user may not
// write (mode 0444, owned by root) in a directory the user may write was
// replaced by the rename of the temporary file: the file became the
// user's, with the new content, where a shell's > or cp says "permission
// denied". It is now refused (exit 2) and left as it was. Run as an
// unprivileged user (setpriv when the test runs as root, which may write
// any file).
func TestReadOnlyOutputRefused(t *testing.T) {
	bin := binary(t)
	var prefix []string
	if os.Geteuid() == 0 {
		sp, err := exec.LookPath("setpriv")
		if err != nil {
			t.Skip("running as root without setpriv: root may write a read-only file")
		}
		prefix = []string{sp, "--reuid=65534", "--regid=65534", "--clear-groups"}
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o777) // the user may create files here (the temporary)
	// The binary and the puzzle where the unprivileged user can read them.
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	ubin := filepath.Join(dir, "polytile")
	if err := os.WriteFile(ubin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	pz, _ := os.ReadFile(example("pentomino-10x6.yaml"))
	os.WriteFile(filepath.Join(dir, "p.yaml"), pz, 0o644)
	ro := filepath.Join(dir, "ro.txt")
	os.WriteFile(ro, []byte("keep\n"), 0o444)
	os.Chmod(ro, 0o444)
	for _, args := range [][]string{
		{"render", "p.yaml", "--format", "ascii", "-o", "ro.txt"},
		{"export", "p.yaml", "--format", "lp", "-o", "ro.txt"},
		{"solve", "p.yaml", "--render", "ascii", "-o", "ro.txt"},
	} {
		cmd := exec.Command(prefix[0], append(append(prefix[1:], ubin), args...)...)
		if len(prefix) == 0 {
			cmd = exec.Command(ubin, args...)
		}
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		code := cmd.ProcessState.ExitCode()
		if err != nil && code < 0 {
			t.Fatalf("%v: %v %s", cmd.Args, err, out)
		}
		got, _ := os.ReadFile(ro)
		if code != exitUsage || string(got) != "keep\n" || !strings.Contains(string(out), "-o: cannot write ro.txt: the file is not writable") {
			t.Errorf("%s: exit %d, ro.txt %q: %s", args[0], code, got, out)
		}
	}
	if fi, err := os.Stat(ro); err != nil || fi.Mode().Perm() != 0o444 {
		t.Errorf("ro.txt: %v %v", fi.Mode(), err)
	}
}
