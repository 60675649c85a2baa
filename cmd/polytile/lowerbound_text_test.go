package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// solutionsRow is the value of the "solutions" row of a text summary.
func solutionsRow(t *testing.T, out string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^solutions +(.*)$`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no solutions row:\n%s", out)
	}
	return m[1]
}

// TestLowerBoundRowsSayItOnce: the solutions row of a stopped count and
// of merge's incomplete set reads
// "solutions   at least N found ...", not "solutions   at least N
// solutions found ..." (the row's label repeated in its value, as the
// old rows did); the JSON's "partial", a sentence on its own, keeps the
// noun. (A listing stopped at its --limit says "N (search stopped at the
// limit)": TestListingAtItsLimitReadsPlainly.)
func TestLowerBoundRowsSayItOnce(t *testing.T) {
	p := example("pentomino-12x5.yaml")
	code, out, errs := run(t, "", "solve", example("onesided-18x5.yaml"), "--count", "--time-limit", "200ms")
	if code != 1 {
		t.Fatalf("stopped count: exit %d %s", code, errs)
	}
	rows := map[string]string{"stopped count": solutionsRow(t, out)}
	dir := t.TempDir()
	countShards(t, dir, p, 2)
	os.Remove(filepath.Join(dir, "shard-1.json"))
	code, out, errs = run(t, "", "merge", dir)
	if code != 1 {
		t.Fatalf("merge of an incomplete set: exit %d %s", code, errs)
	}
	rows["merge, a shard missing"] = solutionsRow(t, out)
	for what, row := range rows {
		if !strings.HasPrefix(row, "at least ") || strings.Contains(row, "solutions") {
			t.Errorf("%s: solutions row %q: want \"at least N\" without the word solutions again", what, row)
		}
	}
	_, out, _ = run(t, "", "solve", p, "--limit", "2", "--json")
	if !strings.Contains(out, `"partial": "at least 2 solutions: `) {
		t.Errorf("--limit 2 --json: partial lost its noun:\n%s", out)
	}
}
