package shard

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReportJSONNamesEachFigureOnce: merge --json writes the shards'
// times once, as shard_seconds_min / _median / _max (docs/cluster.md),
// complete or not, and they read back into a Report. The Report's
// untagged Min, Median and Max were written a second time as "Min",
// "Median" and "Max" beside them: fails on the old code. An incomplete
// report says why its figures are lower bounds in "partial", as solve's
// stopped count does (it had no "partial": fails on the old code too).
func TestReportJSONNamesEachFigureOnce(t *testing.T) {
	for _, complete := range []bool{true, false} {
		files := []Loaded{{Path: "a", Result: res(0, 2, 8, 1, true)}, {Path: "b", Result: res(1, 2, 4, 3, complete)}}
		rep, err := Merge(files)
		if err != nil || rep.Complete != complete {
			t.Fatalf("%v %+v", err, rep)
		}
		b, err := json.Marshal(rep)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"Min", "Median", "Max"} {
			if _, ok := m[k]; ok {
				t.Errorf("complete %t: %q in %s", complete, k, b)
			}
		}
		if m["shard_seconds_min"] != rep.Min || m["shard_seconds_max"] != rep.Max || m["shard_seconds_median"] != rep.Median {
			t.Errorf("complete %t: shard_seconds_* in %s, want %v %v %v", complete, b, rep.Min, rep.Median, rep.Max)
		}
		partial, has := m["partial"].(string)
		if complete == has || (has && (!strings.HasPrefix(partial, "at least 12 solutions") || !strings.Contains(partial, "1 incomplete"))) {
			t.Errorf("complete %t: partial %q (present %t)", complete, partial, has)
		}
		var back Report
		if err := json.Unmarshal(b, &back); err != nil || back.Min != rep.Min || back.Max != rep.Max || back.Median != rep.Median {
			t.Errorf("complete %t: read back %v: %+v", complete, err, back)
		}
	}
}
