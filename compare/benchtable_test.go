package compare

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// benchTextWidth is the most columns a line of bench's terminal table may
// take: a wide terminal shows it without wrapping.
const benchTextWidth = 120

// TestBenchTextFitsTerminal: bench's terminal tables (the Table 1 suites
// and the frontier suite) fit in benchTextWidth columns and still say
// everything the Markdown table does: each case's polytile flags, the
// article's fits and time with the ratio, the frontier's sources and the
// automatic choice. The Table 1 layout was 250 columns wide (one row per
// case with the polytile flags, the article's options and its figures)
// and the frontier one 220 (issue 34, item 7).
func TestBenchTextFitsTerminal(t *testing.T) {
	table1 := &BenchReport{Suite: "quick", Rows: []*BenchRow{
		{BenchCase: BenchCase{ID: "P-1", Puzzle: "pentomino-10x6.yaml", Article: "-r", ArticleFits: 892247, ArticleSeconds: 2.08},
			Flags: "--backend dlx --redundancy auto", Status: OK, Fits: 892247, Seconds: 2.15, Unique: 2339},
		{BenchCase: BenchCase{ID: "P-5", Puzzle: "pentomino-10x6.yaml", Article: "-r -V -of=11 -f11 -n", ArticleFits: 2091215, ArticleSeconds: 0.157},
			Flags: "--backend fila --redundancy auto --volume --fila-at 11 --heuristic f=11 --nof", Status: OK, Fits: 2091215, NoFits: 4682886, Seconds: 0.054, Unique: 2339},
		{BenchCase: BenchCase{ID: "Q-5", Puzzle: "pentomino-12x5.yaml", Article: "-r -V -of=11 -f11 -n"},
			Flags: "--backend fila --redundancy auto --volume --fila-at 11 --heuristic f=11 --nof", Status: Timeout, Fits: 843023, Seconds: 0.019, Unique: 1010},
	}}
	frontier := &BenchReport{Suite: "frontier", Rows: []*BenchRow{
		{BenchCase: BenchCase{ID: "F-1", Puzzle: "dominoes 16x16", Engine: "frontier", Source: "OEIS A004003"},
			Status: OK, Count: "2444888770250892795802079170816", Seconds: 0.085, CPUSeconds: 0.082, States: 12870},
		{BenchCase: BenchCase{ID: "F-6", Puzzle: "pentomino-10x6.yaml", Engine: "frontier", Source: "examples/pentomino-10x6.yaml"},
			Status: OK, Count: "9356", Seconds: 1.44, CPUSeconds: 1.46, States: 589334, FILAStatus: OK, FILASeconds: 0.04, FILACPUSeconds: 0.04,
			Choice: "FILA: enumeration is faster", ChooseSeconds: 0.0004},
	}}
	for _, tc := range []struct {
		rep  *BenchReport
		want []string
	}{
		{table1, []string{"--backend dlx --redundancy auto", "--heuristic f=11 --nof", "892,247", "2.08 s", "1.03x", "0.34x", "≥ 1,010 (timeout)", "Suite quick."}},
		{frontier, []string{"2,444,888,770,250,892,795,802,079,170,816", "OEIS A004003", "FILA, in 0.000 s (1.01x FILA alone)", "12,870", "Suite frontier."}},
	} {
		var b bytes.Buffer
		if err := WriteBench(&b, tc.rep, Text); err != nil {
			t.Fatal(err)
		}
		out := b.String()
		for _, line := range strings.Split(out, "\n") {
			if n := utf8.RuneCountInString(line); n > benchTextWidth {
				t.Errorf("suite %s: a line of %d columns:\n%s", tc.rep.Suite, n, line)
			}
		}
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("suite %s: no %q in\n%s", tc.rep.Suite, w, out)
			}
		}
		var md bytes.Buffer
		if err := WriteBench(&md, tc.rep, Markdown); err != nil {
			t.Fatal(err)
		}
		for _, w := range tc.want {
			if !strings.Contains(md.String(), w) {
				t.Errorf("suite %s Markdown: no %q", tc.rep.Suite, w)
			}
		}
	}
}
