package compare

import (
	"context"
	"strings"
	"testing"
)

// TestUnlimitedPieceLevelsSkipped: on a puzzle with an unlimited piece a
// native backend with at=N or a schedule with levels (the default count
// list has fila:f,nof,at=10 and fila:e=11:f=3,nof) ran as if the option
// were not there: FILA at once, the first heuristic throughout. Such a row
// is now skipped with the reason (the CLI refuses such a --backends spec);
// the backends whose options apply still run and agree with dlx, and the same
// specs run on a puzzle of finite pieces.
func TestUnlimitedPieceLevelsSkipped(t *testing.T) {
	unlimited := parse(t, "board: 7x5\npieces:\n  X: \".#./###/.#.\"\n  L: {shape: \"#./##\", count: unlimited}\n")
	backends := mustParseList(t, NewRegistry(), "dlx fila:f,nof,at=10 fila:e=11:f=3,nof native:at=2 fila:e,nof")
	tabs, err := Compare(context.Background(), unlimited, backends, Options{Kinds: []Kind{Count}})
	if err != nil || len(tabs) != 1 {
		t.Fatalf("%v %s", err, dump(tabs))
	}
	want := map[string]string{
		"fila:f,nof,at=10":  "at=10: with an unlimited piece",
		"fila:e=11:f=3,nof": "e=11:f=3: with an unlimited piece",
		"native:at=2":       "at=2: with an unlimited piece",
	}
	for _, r := range tabs[0].Rows {
		if w, skip := want[r.Backend]; skip {
			if r.Status != Skipped || !strings.HasPrefix(r.Reason, w) {
				t.Errorf("%s: %s %q, want skipped: %q", r.Backend, r.Status, r.Reason, w)
			}
		} else if r.Status != OK || r.Solutions == nil || r.Mark != "ref" && r.Mark != "=" {
			t.Errorf("%s: %s, agreement %q, want ok and agreeing with dlx", r.Backend, r.Status, r.Mark)
		}
	}
	if !tabs[0].OK() {
		t.Errorf("table not OK:\n%s", dump(tabs))
	}
	finite := parse(t, "board: 4x3\npieces:\n  L: {shape: \"#./#./##\", count: 3}\n")
	tabs, err = Compare(context.Background(), finite, backends, Options{Kinds: []Kind{Count}})
	if err != nil || len(tabs) != 1 {
		t.Fatalf("%v %s", err, dump(tabs))
	}
	for _, r := range tabs[0].Rows {
		if r.Status != OK {
			t.Errorf("finite pieces, %s: %s %q", r.Backend, r.Status, r.Reason)
		}
	}
}
