package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/compare"
)

func TestBenchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "nosuch"},
		{"bench", "quick", "article"},
		{"bench", "--examples", "/no/such/dir"},
		{"bench", "--format", "xml"},
		{"bench", "--chart", "x.gif"},
	} {
		if code, _, errs := run(t, "", args...); code != exitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errs)
		}
	}
}

// TestBenchQuickWithTimeLimit runs the quick suite with a time limit so
// short that every case stops at once: the plumbing (rows, timeouts,
// markers in the document) without the minutes.
func TestBenchQuickWithTimeLimit(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "benchmarks.md")
	// A document polytile started (another suite's section): the quick
	// section is appended. (A file without markers is refused: see
	// TestUpdateRefusesForeignFiles.)
	os.WriteFile(doc, []byte("# Benchmarks\n\nprose\n\n<!-- bench:article:begin -->\nold\n<!-- bench:article:end -->\n"), 0o644)
	code, out, errs := run(t, "", "bench", "quick", "--examples", filepath.Join("..", "..", "examples"), "--time-limit", "1ns",
		"--format", "json", "--update", doc)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	var rep compare.BenchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Rows) != 10 || rep.Rows[0].ID != "P-1" || rep.Rows[9].ID != "Q-5" {
		t.Fatalf("rows: %d", len(rep.Rows))
	}
	for _, r := range rep.Rows {
		if r.Status != compare.Timeout && r.Status != compare.OK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
	}
	data, _ := os.ReadFile(doc)
	s := string(data)
	if !strings.HasPrefix(s, "# Benchmarks\n\nprose\n") || !strings.Contains(s, "<!-- bench:quick:begin -->") ||
		!strings.Contains(s, "| P-5 ") || !strings.Contains(s, "--fila-at 11") {
		t.Errorf("document:\n%s", s)
	}
}
