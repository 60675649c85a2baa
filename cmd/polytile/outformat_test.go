package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutputExtensionAgreesWithFormat: export, compare and bench refuse a
// --format that contradicts -o's extension (exit 2, nothing written), and
// compare and bench take the format from the extension when --format is
// not given. Before the fix export -o x.mps --format lp wrote LP into
// x.mps, compare -o x.json --format csv wrote CSV into x.json (exit 0),
// and compare -o x.csv wrote a boxed text table: 8 of the 9 cases failed
// (all but the fixed-MPS export to d.mps).
func TestOutputExtensionAgreesWithFormat(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-20x3.yaml")
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		args []string
		file string
		want string // "" : exit 0 and the file starts with start
		head string
	}{
		{[]string{"export", p, "--format", "lp", "-o", at("a.mps")}, "a.mps", "contradicts the extension", ""},
		{[]string{"export", p, "--format", "dlx", "-o", at("b.lp")}, "b.lp", "contradicts the extension", ""},
		{[]string{"export", p, "-o", at("c.lp")}, "c.lp", "(for -o " + at("c.lp") + ": --format lp)", ""},
		{[]string{"export", p, "--format", "fixed-mps", "-o", at("d.mps")}, "d.mps", "", "* polytile"},
		{[]string{"compare", p, "-q", "-b", "dlx", "--format", "csv", "-o", at("e.json")}, "e.json", "contradicts the extension", ""},
		{[]string{"compare", p, "-q", "-b", "dlx", "-o", at("f.csv")}, "f.csv", "", "puzzle,task,backend"},
		{[]string{"compare", p, "-q", "-b", "dlx", "-o", at("g.json")}, "g.json", "", "{"},
		{[]string{"compare", p, "-q", "-b", "dlx", "-o", at("h.md")}, "h.md", "", "### "},
		{[]string{"bench", "quick", "-q", "--format", "json", "-o", at("i.csv")}, "i.csv", "contradicts the extension", ""},
	} {
		code, _, errs := run(t, "", c.args...)
		data, rerr := os.ReadFile(at(c.file))
		if c.want != "" {
			if code != exitUsage || !strings.Contains(errs, c.want) || rerr == nil {
				t.Errorf("%v: exit %d, %q, file written: %v; want exit 2 with %q and no file", c.args, code, errs, rerr == nil, c.want)
			}
			continue
		}
		if code != exitOK || rerr != nil || !strings.HasPrefix(strings.TrimLeft(string(data), "\n"), c.head) {
			t.Errorf("%v: exit %d, %q; file %q... (%v), want it to start with %q", c.args, code, errs, string(data[:min(len(data), 60)]), rerr, c.head)
		}
	}
}
