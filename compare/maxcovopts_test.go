package compare

import (
	"context"
	"strings"
	"testing"
)

// TestMaxCoverageOptionsSkipped: on maximum coverage (DLX with hole
// options, one heuristic) a native option other than the heuristic, or a
// schedule's levels, does nothing, so its row is skipped with the reason
// (solve --max-coverage refuses the matching flags); they ran as "ok"
// with the options shown in the configuration column.
func TestMaxCoverageOptionsSkipped(t *testing.T) {
	p := parse(t, "board: 5x4\npieces:\n  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"#../###\"\n")
	backends := mustParseList(t, NewRegistry(), "native fila:e dlx:s native:e fila:e,nof fila:f,nof,at=10 fila:e=11:f=3 native:j=2 dlx:vol")
	tabs, err := Compare(context.Background(), p, backends, Options{Kinds: []Kind{MaxCoverage}})
	if err != nil || len(tabs) != 1 {
		t.Fatalf("%v %s", err, dump(tabs))
	}
	want := map[string]string{
		"fila:e,nof":       "nof: maximum coverage runs DLX with hole options, where only the heuristic applies; leave nof out",
		"fila:f,nof,at=10": "nof: maximum coverage runs DLX with hole options",
		"fila:e=11:f=3":    "e=11:f=3: maximum coverage runs DLX with hole options with one heuristic, so levels have no meaning and e would run throughout; give e",
		"native:j=2":       "j=2: maximum coverage runs DLX with hole options",
		"dlx:vol":          "vol: maximum coverage runs DLX with hole options",
	}
	for _, r := range tabs[0].Rows {
		if w, skip := want[r.Backend]; skip {
			if r.Status != Skipped || !strings.HasPrefix(r.Reason, w) {
				t.Errorf("%s: %s %q, want skipped: %q", r.Backend, r.Status, r.Reason, w)
			}
		} else if r.Status != OK {
			t.Errorf("%s: %s %q, want ok", r.Backend, r.Status, r.Reason)
		}
	}
	if !tabs[0].OK() {
		t.Errorf("table not OK:\n%s", dump(tabs))
	}
	// The same backends count the same puzzle's exact tilings: all apply.
	q := parse(t, "board: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 3}\n")
	tabs, err = Compare(context.Background(), q, backends, Options{Kinds: []Kind{Count}})
	if err != nil || len(tabs) != 1 {
		t.Fatalf("%v %s", err, dump(tabs))
	}
	for _, r := range tabs[0].Rows {
		if r.Status != OK {
			t.Errorf("count, %s: %s %q", r.Backend, r.Status, r.Reason)
		}
	}
}
