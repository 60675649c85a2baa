package puzzle

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestReadFile: a regular file is read and reported regular; a FIFO is
// refused with regularOnly, without waiting for a writer; a missing file
// and a directory are *Error with their cause.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.yaml")
	text := "board: 1x2\npieces:\n  D: \"##\"\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, only := range []bool{false, true} {
		data, regular, err := ReadFile(path, only)
		if err != nil || !regular || string(data) != text {
			t.Errorf("regularOnly %v: %d bytes, regular %v, %v", only, len(data), regular, err)
		}
	}
	var pe *Error
	if _, _, err := ReadFile(filepath.Join(dir, "none.yaml"), false); !errors.As(err, &pe) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, regular, err := ReadFile(dir, false); !errors.As(err, &pe) || regular {
		t.Errorf("directory: regular %v, %v", regular, err)
	}
	if _, _, err := ReadFile(dir, true); !errors.Is(err, ErrNotRegular) {
		t.Errorf("directory, regular only: %v", err)
	}
	fifo := filepath.Join(dir, "f.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	if _, _, err := ReadFile(fifo, true); !errors.Is(err, ErrNotRegular) || !errors.As(err, &pe) || pe.File != fifo {
		t.Errorf("FIFO, regular only: %v", err)
	}
}
