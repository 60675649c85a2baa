package compare

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/puzzle"
)

// TestCheckVerifyReadsContext: compare verified its rows' tilings after a
// signal without reading the context (5 s for the symmetric test of a
// million-cell tiling). A row whose verification the context and its
// grace (verifyGrace, 0 here: the 90,000-cell tiling takes about 0.3 s
// to verify) cut short is now an Error row, not an answer nor a
// disagreement; with a context that does not end, the same row is
// verified and kept.
func TestCheckVerifyReadsContext(t *testing.T) {
	p, err := puzzle.Parse("sym.yaml", []byte("board: 300x300\ncount: unlimited\npieces: [monominoes]\nsymmetric: [rotate90, mirror-vertical]\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	tl := puzzle.Tiling{Placements: append([]puzzle.Placement(nil), p.Images.Place...)}
	table := func() *Table {
		sol := int64(1)
		return &Table{kind: Count, Rows: []*Row{{Backend: "dlx", Outcome: Outcome{Status: OK, Complete: true, Solutions: &sol, Tilings: []puzzle.Tiling{tl}}}}}
	}
	ok := table()
	check(context.Background(), ok, p)
	if r := ok.Rows[0]; r.Status != OK {
		t.Fatalf("the symmetric tiling: %s %s", r.Status, r.Reason)
	}
	defer func(g time.Duration) { verifyGrace = g }(verifyGrace)
	verifyGrace = 0
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cut := table()
	check(ctx, cut, p)
	if r := cut.Rows[0]; r.Status != Error || !strings.Contains(r.Reason, "interrupted before its tilings were verified") {
		t.Errorf("a verification cut short: %s %q", r.Status, r.Reason)
	}
}
