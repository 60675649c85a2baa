//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package atomicfile

import (
	"io/fs"
	"os"
	"time"
)

// lock does nothing where flock is not available.
func lock(*os.File) error { return nil }

// abandoned cannot ask for a lock here: a temporary file not written for a
// day is taken to be abandoned.
func abandoned(path string) bool {
	st, err := os.Stat(path)
	return err == nil && time.Since(st.ModTime()) > 24*time.Hour
}

// keepOwner does nothing here.
func keepOwner(*os.File, fs.FileInfo) {}

// writable cannot be asked here without creating a file; it says yes.
func writable(string) error { return nil }

// fileWritable cannot be asked here without opening the file; it says yes.
func fileWritable(string) error { return nil }
