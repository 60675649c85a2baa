package cliout

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckRefusesInputAndDuplicate: an output that is an input through a
// symbolic link, and two flags naming one file through a hard link, are
// refused naming the flags; distinct new files pass.
func TestCheckRefusesInputAndDuplicate(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.yaml")
	if err := os.WriteFile(in, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.yaml")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(out, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	hard := filepath.Join(dir, "hard.txt")
	if err := os.Link(out, hard); err != nil {
		t.Fatal(err)
	}
	err := Check([]string{in}, Output{"-o", link})
	if err == nil || !strings.Contains(err.Error(), "-o "+link+" is the input "+in) {
		t.Errorf("output through a link to the input: %v", err)
	}
	err = Check([]string{in}, Output{"-o", out}, Output{"--chart", hard})
	if err == nil || !strings.Contains(err.Error(), "-o and --chart name the same file") {
		t.Errorf("two outputs, one file: %v", err)
	}
	err = Check([]string{in}, Output{"-o", filepath.Join(dir, "a")}, Output{"--chart", filepath.Join(dir, "b")}, Output{"-x", "-"}, Output{"-y", ""})
	if err != nil {
		t.Errorf("distinct outputs: %v", err)
	}
	if err := Check(nil, Output{"-o", filepath.Join(dir, "missing", "x")}); err == nil || !strings.HasPrefix(err.Error(), "-o: ") {
		t.Errorf("output in a missing directory: %v", err)
	}
}

// TestCheckStdoutAndSameAsStdout: a standard output that is a regular
// file is found again by name, and refused when it is an input; a
// standard output that is not a file is never an input.
func TestCheckStdoutAndSameAsStdout(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.yaml")
	f, err := os.Create(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !SameAsStdout(in, f) || SameAsStdout("-", f) || SameAsStdout(filepath.Join(dir, "other"), f) {
		t.Error("SameAsStdout does not find the file stdout writes")
	}
	if err := CheckStdout(nil, f, "", filepath.Join(dir, "other"), in); err == nil || !strings.Contains(err.Error(), "standard output is the input "+in) {
		t.Errorf("stdout redirected to the input: %v", err)
	}
	if err := CheckStdout(f, f, "-"); err == nil || !strings.Contains(err.Error(), "standard input (-)") {
		t.Errorf("stdout redirected to the file stdin reads: %v", err)
	}
	var b strings.Builder
	if err := CheckStdout(nil, &b, in); err != nil || SameAsStdout(in, &b) {
		t.Errorf("a stdout that is no file: %v", err)
	}
}
