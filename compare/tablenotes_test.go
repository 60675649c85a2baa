package compare

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLongNotesUnderTheTable: a terminal table keeps short notes in their
// row and puts a long one (a colouring proof, a skipped backend's reason)
// under the table as a numbered footnote, once however many rows share
// it, so that the table stays within a terminal's width; the Markdown
// table keeps every note in its row. The hexomino 15x14's table was 515
// columns wide with its proof in the note column.
func TestLongNotesUnderTheTable(t *testing.T) {
	proof := "checkerboard bound 204: the region has 105 black and 105 white cells; 24 pieces cover as many black cells as white " +
		"in every placement, 11 pieces cover 2 more of one colour than of the other; covering all 210 cells needs those differences " +
		"to add up to 0, which no choice of signs does"
	i := func(v int) *int { return &v }
	rep := &Report{Tables: []*Table{{Puzzle: "Hexominoes 15x14", Kind: MaxCoverage.String(), Rows: []*Row{
		{Backend: "native", Outcome: Outcome{Status: OK, Coverage: i(204), Bound: i(204), Complete: true, Reason: proof}},
		{Backend: "dlx", Outcome: Outcome{Status: OK, Coverage: i(204), Bound: i(204), Complete: true, Reason: proof}},
		{Backend: "fila", Outcome: Outcome{Status: OK, Coverage: i(204), Bound: i(204), Complete: true, Reason: "short note"}},
	}}}}
	var b bytes.Buffer
	if err := Write(&b, rep, Text); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 120 {
			t.Errorf("a line of %d columns: %s", n, line)
		}
	}
	if strings.Count(out, "see [1]") != 2 || strings.Contains(out, "see [2]") || !strings.Contains(out, "│ short note") {
		t.Errorf("notes in the rows:\n%s", out)
	}
	if got := strings.Join(strings.Fields(out[strings.Index(out, "\n[1] ")+5:]), " "); !strings.HasPrefix(got, proof) {
		t.Errorf("footnote [1] is not the proof:\n%s", out)
	}
	b.Reset()
	if err := Write(&b, rep, Markdown); err != nil {
		t.Fatal(err)
	}
	if strings.Count(b.String(), proof) != 2 {
		t.Errorf("Markdown rows lost the note:\n%s", b.String())
	}
}
