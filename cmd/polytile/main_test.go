package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain runs the tests, then removes the binary that binary() built (a
// directory of about 12 MB under the temporary directory, left behind by
// every run before).
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}
