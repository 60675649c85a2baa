package regfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestOpenNeverWaits: a FIFO without a writer, a directory and /dev/null
// are refused with ErrNotRegular at once (a plain open of the FIFO waits
// for a writer forever); a regular file is read, and one over the limit
// is ErrTooLarge.
func TestOpenNeverWaits(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Skip("no mkfifo:", err)
	}
	for _, p := range []string{fifo, dir, os.DevNull} {
		done := make(chan error, 1)
		go func() { _, err := ReadAll(p, 100); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("%s: %v, want ErrNotRegular", p, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still waiting after 5 s", p)
		}
	}
	reg := filepath.Join(dir, "r")
	os.WriteFile(reg, []byte("hello"), 0o644)
	if b, err := ReadAll(reg, 5); err != nil || string(b) != "hello" {
		t.Errorf("regular file: %q %v", b, err)
	}
	if _, err := ReadAll(reg, 4); !errors.Is(err, ErrTooLarge) {
		t.Errorf("over the limit: %v, want ErrTooLarge", err)
	}
	if _, err := ReadAll(filepath.Join(dir, "none"), 4); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

// TestDescribe: each file type is named in words, not as a mode string
// ("p---------").
func TestDescribe(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Skip("no mkfifo:", err)
	}
	link := filepath.Join(dir, "link")
	os.Symlink("fifo", link)
	for path, want := range map[string]string{dir: "a directory", fifo: "a FIFO", os.DevNull: "a character device", link: "a symbolic link"} {
		st, err := os.Lstat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := Describe(st.Mode()); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}
