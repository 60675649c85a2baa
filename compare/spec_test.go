package compare

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/native"
)

func mustRegexp(t *testing.T, s string) *regexp.Regexp {
	t.Helper()
	return regexp.MustCompile(s)
}

func TestNativeSpecs(t *testing.T) {
	reg := NewRegistry()
	for _, c := range []struct {
		spec string
		want native.Config
	}{
		{"dlx", native.Config{Algorithm: "dlx", Redundancy: "auto"}},
		{"dlx:f,vol", native.Config{Algorithm: "dlx", Redundancy: "auto", Schedule: "f", Volume: -1}},
		{"fila:f,nof,at=11", native.Config{Algorithm: "fila", Redundancy: "auto", Schedule: "f", NOF: true, FilaAt: 11}},
		{"fila:e=11:f=3,nof", native.Config{Algorithm: "fila", Redundancy: "auto", Schedule: "e=11:f=3", NOF: true}},
		{"fila:radial,vol=13,r=L,j=2", native.Config{Algorithm: "fila", Redundancy: "L", Schedule: "radial", Volume: 13, Workers: 2}},
		{"fila:r=none", native.Config{Algorithm: "fila", Redundancy: "none"}},
		{"native", native.Config{Algorithm: "fila", Redundancy: "auto"}},
	} {
		b, err := reg.Parse(c.spec)
		if err != nil {
			t.Errorf("%s: %v", c.spec, err)
			continue
		}
		nb, ok := b.(*nativeBackend)
		if !ok || nb.cfg.Algorithm != c.want.Algorithm || nb.cfg.Redundancy != c.want.Redundancy || nb.cfg.Schedule != c.want.Schedule ||
			nb.cfg.NOF != c.want.NOF || nb.cfg.FilaAt != c.want.FilaAt || nb.cfg.Volume != c.want.Volume || nb.cfg.Workers != c.want.Workers {
			t.Errorf("%s: got %+v, want %+v", c.spec, nb.cfg, c.want)
		}
		if b.Name() != c.spec {
			t.Errorf("%s: name %q", c.spec, b.Name())
		}
	}
	for _, bad := range []string{"nosuch", "dlx:nof", "dlx:at=3", "fila:at=x", "fila:f,e", "fila:bogus", "fila:", "fila:f,,nof",
		"highs:bogus", "highs:mps", "cbc:exact", "fila:vol=-2"} {
		if _, err := reg.Parse(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

func TestSplitList(t *testing.T) {
	reg := NewRegistry()
	for list, want := range map[string]string{
		"dlx,fila:f,nof,highs":                       "dlx|fila:f,nof|highs",
		"dlx fila:e=11:f=3,nof;cbc:seed":             "dlx|fila:e=11:f=3,nof|cbc:seed",
		"fila:f,nof,at=11,vol highs:seed,strengthen": "fila:f,nof,at=11,vol|highs:seed,strengthen",
		"count": strings.Join(DefaultSpecs(Count), "|"),
		// Only a comma continues the options of the backend before it; a
		// group after a space or ';' names a backend (an unknown one is
		// reported as typed, not joined to the one before).
		"dlx FILA:nof":       "dlx|FILA:nof",
		"dlx;nof":            "dlx|nof",
		"fila:f, nof highs":  "fila:f,nof|highs",
		"fila:f ,nof\t, vol": "fila:f,nof,vol",
	} {
		got, err := reg.SplitList(list)
		if err != nil || strings.Join(got, "|") != want {
			t.Errorf("%q: %q %v, want %q", list, got, err, want)
		}
	}
	if _, err := reg.SplitList(" ; "); err == nil {
		t.Errorf("empty list accepted")
	}
	// Every default spec parses.
	if _, err := reg.DefaultBackends(); err != nil {
		t.Error(err)
	}
}

func TestSolveFlagsMirrorTheArticle(t *testing.T) {
	cases, err := BenchSuite("article")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"P-1":  "--backend dlx --redundancy auto",
		"P-5":  "--backend fila --redundancy auto --volume --fila-at 11 --heuristic f=11 --nof",
		"TC-3": "--backend fila --redundancy H --fila-at 11 --heuristic e=11:f=3",
		"PT-2": "--backend dlx --redundancy auto --volume=13",
	}
	ids := map[string]bool{}
	for _, c := range cases {
		ids[c.ID] = true
		if w, ok := want[c.ID]; ok && c.Flags() != w {
			t.Errorf("%s: %q, want %q", c.ID, c.Flags(), w)
		}
		// Each flag that the article's options name is there.
		for opt, flag := range map[string]string{"-n": "--nof", "-V": "--volume", "-f1": "--fila-at 1", "-oe": "--heuristic e"} {
			if strings.Contains(c.Article, opt) != strings.Contains(c.Flags(), flag) {
				t.Errorf("%s: article %q but flags %q", c.ID, c.Article, c.Flags())
			}
		}
	}
	for _, id := range []string{"P-1", "P-5", "Q-5", "TC-1", "TC-4", "PT-1", "PT-5"} {
		if !ids[id] {
			t.Errorf("suite article lacks %s", id)
		}
	}
	// The 18x5's FILA rows (minutes) are in; its DLX rows (an hour each)
	// only in full.
	if !ids["OP-3"] || !ids["OP-4"] || ids["OP-1"] || ids["OP-2"] {
		t.Errorf("suite article: OP rows %v, want OP-3 and OP-4 only", ids)
	}
	op, err := BenchSuite("op")
	if err != nil || len(op) != 2 || op[0].ID != "OP-3" || op[1].ID != "OP-4" {
		t.Errorf("suite op: %v %v, want OP-3 and OP-4", op, err)
	}
	for _, c := range op {
		if c.Config.Algorithm != "fila" || c.Expected != 686628 || c.ArticleSeconds == 0 {
			t.Errorf("suite op: %s %+v", c.ID, c)
		}
	}
	full, err := BenchSuite("full")
	if err != nil || len(full) != len(cases)+2 || full[len(full)-4].ID != "OP-1" {
		t.Errorf("suite full: %d cases %v, want article's %d and OP-1, OP-2", len(full), err, len(cases))
	}
	if _, err := BenchSuite("nope"); err == nil {
		t.Errorf("unknown suite accepted")
	}
}

// TestBenchFILARows runs P-4 and P-5 (a tenth of a second each): the
// article's Table 1 gives their solutions, fits and no-fits, which the
// configuration reproduces only if the options map to the right flags.
func TestBenchFILARows(t *testing.T) {
	cases, err := BenchSuite("quick")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Bench(context.Background(), "test", cases[3:5], BenchOptions{Dir: filepath.Join("..", "examples")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Rows {
		if r.Status != OK || r.Unique != 2339 || r.All != 9356 {
			t.Errorf("%s: %s %d/%d %s", r.ID, r.Status, r.Unique, r.All, r.Reason)
		}
		if r.Fits != r.ArticleFits || r.NoFits != r.ArticleNoFits {
			t.Errorf("%s: fits %d, no-fits %d; the article has %d and %d", r.ID, r.Fits, r.NoFits, r.ArticleFits, r.ArticleNoFits)
		}
	}
	var md bytes.Buffer
	if err := WriteBench(&md, rep, Markdown); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| P-5 ") || !strings.Contains(md.String(), "-64.3%") {
		t.Errorf("markdown bench table:\n%s", md.String())
	}
}

func TestBenchChecksTheKnownCount(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "l.yaml"), []byte(lTrominoes), 0o644)
	all, uniq := bruteCount(parse(t, lTrominoes))
	cases := []BenchCase{
		{ID: "L-1", Puzzle: "l.yaml", Config: native.Config{Algorithm: "dlx"}, Expected: uniq},
		{ID: "L-2", Puzzle: "l.yaml", Config: native.Config{Algorithm: "fila", Schedule: "f"}, Expected: uniq + 1},
	}
	rep, err := Bench(context.Background(), "test", cases, BenchOptions{Dir: dir, TimeLimit: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Rows[0]; r.Status != OK || r.All != all {
		t.Errorf("L-1: %+v", r)
	}
	if r := rep.Rows[1]; r.Status != Disagree || rep.OK() {
		t.Errorf("L-2 has a wrong expected count but status %s", r.Status)
	}
}

func TestFormats(t *testing.T) {
	p := parse(t, lTrominoes)
	tabs, err := Compare(context.Background(), p, mustParseList(t, NewRegistry(), "dlx fila:f"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	tabs2, err := Compare(context.Background(), parse(t, mixed), mustParseList(t, NewRegistry(), "dlx fila:f"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rep := &Report{Tables: append(tabs, tabs2...), Machine: ThisMachine()}
	var js, cs, md, tx bytes.Buffer
	for f, b := range map[Format]*bytes.Buffer{JSON: &js, CSV: &cs, Markdown: &md, Text: &tx} {
		if err := Write(b, rep, f); err != nil {
			t.Fatal(err)
		}
	}
	var back Report
	if err := json.Unmarshal(js.Bytes(), &back); err != nil || len(back.Tables) != 2 || back.Tables[0].Rows[1].Mark != "=" {
		t.Errorf("json: %v\n%s", err, js.String())
	}
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil || len(recs) != 5 || recs[0][2] != "backend" || recs[1][2] != "dlx" {
		t.Errorf("csv: %v %q", err, recs)
	}
	for _, want := range []string{"## Summary", "| puzzle ", "### L trominoes 3x4: count", "| dlx ", "Machine: "} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
	if !strings.Contains(tx.String(), "fila:f") || !strings.Contains(tx.String(), "answer: ") {
		t.Errorf("text:\n%s", tx.String())
	}
	if c := Chart(rep); len(c.Bars) != 4 || c.Bars[0].Series != "dlx" {
		t.Errorf("chart bars: %+v", c.Bars)
	}
	for _, s := range []string{"table", "markdown", "md", "csv", "json"} {
		if _, err := ParseFormat(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseFormat("xml"); err == nil {
		t.Error("xml accepted")
	}
}

func TestReplaceSection(t *testing.T) {
	doc := "# Title\n\nprose before\n\n<!-- x:begin -->\nold table\n<!-- x:end -->\n\nprose after\n"
	got, err := ReplaceSection(doc, "x", "new table")
	if err != nil {
		t.Fatal(err)
	}
	if got != "# Title\n\nprose before\n\n<!-- x:begin -->\nnew table\n<!-- x:end -->\n\nprose after\n" {
		t.Errorf("got %q", got)
	}
	// Other sections are left alone; a missing one is appended.
	got2, err := ReplaceSection(got, "y", "other\n")
	if err != nil || !strings.HasPrefix(got2, got) || !strings.HasSuffix(got2, "<!-- y:begin -->\nother\n<!-- y:end -->\n") {
		t.Errorf("append: %q %v", got2, err)
	}
	for _, bad := range []string{"<!-- x:end -->\n<!-- x:begin -->\n", "<!-- x:begin -->\n", "<!-- x:begin --><!-- x:end --><!-- x:begin --><!-- x:end -->"} {
		if _, err := ReplaceSection(bad, "x", "t"); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := UpdateFile(path, "x", "# New\n", "one"); err != nil {
		t.Fatal(err)
	}
	if err := UpdateFile(path, "x", "# New\n", "two"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if string(data) != "# New\n\n<!-- x:begin -->\ntwo\n<!-- x:end -->\n" {
		t.Errorf("file: %q", data)
	}
}
