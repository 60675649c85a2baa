package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckNamesDeviceSaysWhich: a device given as --names is refused as
// what it is, under the flag's name (it said "not a solution file", the
// other argument's kind); a device as the solution file too.
func TestCheckNamesDeviceSaysWhich(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	sol := filepath.Join(t.TempDir(), "s.sol")
	if err := os.WriteFile(sol, []byte("x 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := example("pentomino-10x6.yaml")
	for _, args := range [][]string{
		{"check", p, sol, "--solver", "glpk-raw", "--names", "/dev/zero"},
		{"check", p, "/dev/zero"},
	} {
		code, out, errs := run(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errs, "/dev/zero is a device, not a regular file") || strings.Contains(errs, "solution file") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2, a device, not a regular file", args, code, out, errs)
		}
	}
}
