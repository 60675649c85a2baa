package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportCompanionsOnlyWithTheProgram: --start and --highs-options-file
// were renamed into place before the program was written, so an export
// that failed or was interrupted while writing the program left them
// behind, or replaced an older program's companions with ones that do not
// match it. The program goes to /dev/full here (the write fails): on the
// old code the start and options files exist afterwards; now neither
// does, and the older files of those names are kept. A complete export
// still writes all three.
func TestExportCompanionsOnlyWithTheProgram(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	dir := t.TempDir()
	st, opt := filepath.Join(dir, "p.start"), filepath.Join(dir, "p.opt")
	if err := os.WriteFile(opt, []byte("old options\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"export", example("tetrahexes-7x4.yaml"), "--format", "lp", "--max-coverage", "--strengthen",
		"--start", st, "--start-format", "highs", "--highs-options-file", opt, "--start-time", "5s"}
	code, _, errs := run(t, "", append(args, "-o", "/dev/full")...)
	if code == 0 {
		t.Fatalf("writing the program to /dev/full succeeded: %s", errs)
	}
	if _, err := os.Stat(st); err == nil {
		t.Errorf("the start file was written although the program was not: %s", errs)
	}
	if b, _ := os.ReadFile(opt); string(b) != "old options\n" {
		t.Errorf("the options file was replaced although the program was not written: %q", b)
	}
	if strings.Contains(errs, "written to "+st) {
		t.Errorf("stderr says the start was written: %s", errs)
	}
	lp := filepath.Join(dir, "p.lp")
	if code, _, errs := run(t, "", append(args, "-o", lp)...); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	for _, f := range []string{lp, st, opt} {
		if b, err := os.ReadFile(f); err != nil || len(b) == 0 || string(b) == "old options\n" {
			t.Errorf("%s: %v, %d bytes", f, err, len(b))
		}
	}
}
