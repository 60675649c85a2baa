package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestMissingFileNamedPlainly: a file that does not exist is named as
// "FILE: no such file or directory" by every command, without the system
// call. Before the fix check and merge said "stat FILE: ...": those three
// cases failed.
func TestMissingFileNamedPlainly(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nofile")
	p := example("tetris-7x7.yaml")
	for _, args := range [][]string{
		{"check", p, missing},
		{"check", p, p, "--names", missing, "--solver", "glpk-raw"},
		{"merge", missing},
		{"info", missing},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, missing+": ") || strings.Contains(errs, "stat ") {
			t.Errorf("%v: exit %d, %q; want exit 2 naming %s without the system call", args, code, errs, missing)
		}
	}
}
