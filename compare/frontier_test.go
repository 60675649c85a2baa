package compare

import (
	"context"
	"testing"
)

// TestFrontierBackend compares the frontier backend with DLX and the
// native maximum-coverage search in a comparison table: every row agrees
// (counts, unique counts, coverage), and an option it does not know is
// refused.
func TestFrontierBackend(t *testing.T) {
	r := NewRegistry()
	for _, tc := range []struct {
		src  string
		kind Kind
		list string
	}{
		{lTrominoes, Count, "dlx frontier frontier:j=2,mem=64"},
		{mixed, Count, "dlx frontier"},
		{lCorner, MaxCoverage, "native frontier"},
		{tDomino, MaxCoverage, "native frontier:j=2"},
	} {
		p := parse(t, tc.src)
		bs, err := r.ParseList(tc.list)
		if err != nil {
			t.Fatal(err)
		}
		tables, err := Compare(context.Background(), p, bs, Options{Kinds: []Kind{tc.kind}})
		if err != nil {
			t.Fatal(err)
		}
		for _, tb := range tables {
			for _, row := range tb.Rows {
				if row.Status != OK || !row.Complete {
					t.Errorf("%s %v: row %s: %s %s", p.Name, tc.kind, row.Backend, row.Status, row.Reason)
				}
			}
			if tc.kind == Count && (tb.Rows[1].Unique == nil || *tb.Rows[1].Unique != *tb.Rows[0].Unique) {
				t.Errorf("%s: frontier unique %v, dlx %v", p.Name, tb.Rows[1].Unique, tb.Rows[0].Unique)
			}
		}
	}
	if _, err := r.Parse("frontier:j=0"); err == nil {
		t.Error("frontier:j=0 accepted")
	}
	if _, err := r.Parse("frontier:nof"); err == nil {
		t.Error("frontier:nof accepted")
	}
}
