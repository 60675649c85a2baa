package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("board: 5x1\npieces:\n  I: \"##x##\"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", bad}, "bad.yaml:3:"},
		{[]string{"info", filepath.Join(dir, "missing.yaml")}, "missing.yaml"},
		{[]string{"info"}, "needs PUZZLE"},
		{[]string{"info", bad, "--nope"}, "unknown flag"},
		{[]string{"render", example("pentomino-10x6.yaml"), "--format", "gif"}, "gif"},
		{[]string{"frobnicate"}, "unknown command"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	code, _, errs := run(t, "", "info", "-")
	if code != 2 || !strings.Contains(errs, "empty") {
		t.Errorf("empty stdin: exit %d, %q", code, errs)
	}
}
