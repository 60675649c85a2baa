package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/compare"
)

// fakeDLX writes a stand-in for Knuth's dlx1: it checks that its standard
// input is our DLX export, optionally sleeps, and prints "Altogether N
// solutions" as dlx1 does.
func fakeDLX(t *testing.T, count int, sleep string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "fakedlx")
	body := "#!/bin/sh\ngrep -q '^| polytile exact cover' || { echo 'not a DLX export' >&2; exit 3; }\n"
	if sleep != "" {
		body += "exec sleep " + sleep + "\n"
	}
	body += fmt.Sprintf("echo 'Altogether %d solutions, 1+2 mems, 3 updates, 4 bytes, 5 nodes.' >&2\n", count)
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func compareJSON(t *testing.T, out string) compare.Report {
	t.Helper()
	var rep compare.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return rep
}

func findRow(t *testing.T, tab *compare.Table, backend string) *compare.Row {
	t.Helper()
	for _, r := range tab.Rows {
		if r.Backend == backend {
			return r
		}
	}
	t.Fatalf("no row %s", backend)
	return nil
}

func TestCompareNativeAgree(t *testing.T) {
	// 20x3 pentominoes: 8 solutions, 2 unique (examples/README.md).
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "--backends", "dlx,fila:f,nof,fila:e=11:f=3,nof", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	rep := compareJSON(t, out)
	if len(rep.Tables) != 1 || rep.Machine == nil || rep.Machine.Go == "" {
		t.Fatalf("report: %+v", rep)
	}
	tab := rep.Tables[0]
	if len(tab.Rows) != 3 || tab.Answer != "8 solutions (2 unique)" || tab.Reference != "dlx" || !tab.Agree {
		t.Errorf("table: %+v", tab)
	}
	for _, r := range tab.Rows {
		if *r.Solutions != 8 || *r.Unique != 2 || r.Status != compare.OK {
			t.Errorf("%s: %+v", r.Backend, r.Outcome)
		}
	}
}

func TestCompareInjectedDisagreementExitsOne(t *testing.T) {
	wrong := fakeDLX(t, 9, "")
	right := fakeDLX(t, 8, "")
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "fila:f,nof", "--dlx-solver", right, "--dlx-solver", wrong)
	if code != exitNoSolution {
		t.Fatalf("exit %d, want 1: %s\n%s", code, errs, out)
	}
	if !strings.Contains(out, "disagree") || !strings.Contains(out, "DISAGREEMENT") {
		t.Errorf("the disagreement is not shown:\n%s", out)
	}
	code, out, _ = run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "fila:f,nof", "--dlx-solver", right, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d with a right DLX solver:\n%s", code, out)
	}
	if r := findRow(t, compareJSON(t, out).Tables[0], right); r.Mark != "=" || r.Work != 5 {
		t.Errorf("fake dlx1: %+v", r)
	}
}

func TestCompareSkippedAndTimedOut(t *testing.T) {
	slow := fakeDLX(t, 8, "30")
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "dlx", "--dlx-solver", "/no/such/dlx1 m1",
		"--dlx-solver", slow, "--time-limit", "300ms", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	if r := findRow(t, tab, "/no/such/dlx1 m1"); r.Status != compare.Skipped || !strings.Contains(r.Reason, "not found") {
		t.Errorf("missing solver: %+v", r)
	}
	if r := findRow(t, tab, slow); r.Status != compare.Timeout || r.Mark == "!=" {
		t.Errorf("slow solver: %+v", r)
	}
}

func TestCompareMaxCoverage(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "l3.yaml")
	// Unlimited L trominoes cannot tile 3x3; two of them fit: 6 cells.
	os.WriteFile(file, []byte("name: L3\nboard: 3x3\ncount: unlimited\norientations: free\npieces:\n  L: \"#./##\"\n"), 0o644)
	code, out, errs := run(t, "", "compare", file, "-b", "highs:seed highs:packing,strengthen", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	if tab.Kind != "max-coverage" {
		t.Fatalf("task %s", tab.Kind)
	}
	for _, r := range tab.Rows {
		if r.Status == compare.Skipped {
			t.Skipf("HiGHS not compiled in: %s", r.Reason)
		}
	}
	if tab.Answer != "6 of 9 cells" || !tab.Agree {
		t.Errorf("answer %q: %+v", tab.Answer, tab)
	}
}

func TestCompareDirectoryUpdateAndChart(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"pentomino-20x3.yaml", "pentomino-15x4.yaml"} {
		data, err := os.ReadFile(example(name))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a puzzle"), 0o644)
	doc := filepath.Join(dir, "comparison.md")
	os.WriteFile(doc, []byte("# Comparison\n\nprose to keep\n\n<!-- compare:begin -->\nold\n<!-- compare:end -->\n\nmore prose\n"), 0o644)
	chart := filepath.Join(dir, "times.svg")
	code, out, errs := run(t, "", "compare", dir, "-b", "fila:f,nof fila:e,nof", "--format", "markdown", "--update", doc, "--chart", chart)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"## Summary", "Pentominoes 15x4", "1,472 solutions (368 unique)", "8 solutions (2 unique)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	data, _ := os.ReadFile(doc)
	s := string(data)
	if !strings.HasPrefix(s, "# Comparison\n\nprose to keep\n\n<!-- compare:begin -->\n") || !strings.HasSuffix(s, "<!-- compare:end -->\n\nmore prose\n") ||
		strings.Contains(s, "\nold\n") || !strings.Contains(s, "368 unique") {
		t.Errorf("updated document:\n%s", s)
	}
	svg, err := os.ReadFile(chart)
	if err != nil || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), "fila:e,nof") {
		t.Errorf("chart: %v %.200s", err, svg)
	}
}

func TestCompareUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"compare"},
		{"compare", example("pentomino-20x3.yaml"), "-b", "nosuch"},
		{"compare", example("pentomino-20x3.yaml"), "-b", "fila:bogus"},
		{"compare", example("pentomino-20x3.yaml"), "--format", "xml"},
		{"compare", example("pentomino-20x3.yaml"), "--task", "guess"},
		{"compare", example("pentomino-20x3.yaml"), "--chart", "x.gif"},
		{"compare", example("pentomino-20x3.yaml"), "--dlx-count", "(", "-b", "dlx"},
		{"compare", example("pentomino-20x3.yaml"), "--dlx-count", "no group", "--dlx-solver", "x", "-b", "dlx"},
		{"compare", example("pentomino-20x3.yaml"), "--enum-limit", "0"},
		{"compare", example("pentomino-20x3.yaml"), "--section", "two words"},
		{"compare", t.TempDir()},
		{"compare", "/no/such/puzzle.yaml"},
	} {
		if code, _, errs := run(t, "", args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}
