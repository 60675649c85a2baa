package native_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// The report of a search's statistics: one row per level with any
// activity, totals that add up, and the fits equal to the nodes placed.
func ExampleStats_Report() {
	s := &native.Stats{Attempts: []int64{0, 4, 10}, Fits: []int64{0, 1, 3}}
	r := s.Report()
	r.WriteText(os.Stdout)
	// Output:
	// remaining       attempts           fits        no-fits
	// 1                      4              1              3
	// 2                     10              3              7
	// total                 14              4             10
}

// The report of a real count adds up: the totals are the sums of the
// rows and the Stats' own totals; its JSON names are those of
// docs/formats.md.
func TestStatsReportOfCount(t *testing.T) {
	p, err := puzzle.ParseFile("../examples/tetrominoes-5x4.yaml", "")
	if err != nil {
		t.Fatal(err)
	}
	cfg := native.Options{Count: true, Stats: true, NOF: true}.Resolve(p)
	res, err := native.Solve(context.Background(), p, cfg)
	if err != nil || res.Stats == nil {
		t.Fatal(err)
	}
	r := res.Stats.Report()
	var at, fi int64
	for _, l := range r.Levels {
		if l.NoFits != l.Attempts-l.Fits {
			t.Errorf("level %d: %+v", l.Level, l)
		}
		at, fi = at+l.Attempts, fi+l.Fits
	}
	if at != r.Attempts || fi != r.Fits || r.Fits != res.Stats.TotalFits() || r.NoFits != res.Stats.TotalNoFits() || r.By != "remaining pieces" {
		t.Errorf("report %+v does not add up (attempts %d, fits %d)", r, at, fi)
	}
	b, _ := json.Marshal(r)
	for _, k := range []string{`"by":`, `"levels":[{"level":`, `"attempts":`, `"fits":`, `"no_fits":`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("JSON %s lacks %s", b, k)
		}
	}
	if strings.Contains(string(b), "memo") {
		t.Errorf("JSON %s names a table that saved nothing", b)
	}
	if (&native.Stats{ByDepth: true}).Report().By != "depth" {
		t.Error("an unlimited supply's statistics are by depth")
	}
}
