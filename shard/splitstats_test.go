package shard

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestSplitWatch(t *testing.T) {
	var w SplitWatch
	for _, n := range []int64{30, 10, 20} {
		w.Add(n, time.Duration(n)*time.Millisecond)
	}
	sp := SplitInfo{Subproblems: 9, Owned: 3, Skipped: 0, Depth: 2, Nodes: 5}
	s := w.Stats(sp, 1, 3)
	if s.Solved != 3 || s.Nodes.Min != 10 || s.Nodes.Median != 20 || s.Nodes.Max != 30 || s.Nodes.Sum != 60 || s.Shard != "1/3" || s.SplitNodes != 0 {
		t.Errorf("shard 1/3: %+v", s)
	}
	if s.Seconds.Max != 0.03 || s.Nodes.MaxOverMedian != 1.5 {
		t.Errorf("seconds / ratio: %+v", s)
	}
	s = w.Stats(sp, 0, 1)
	if s.Shard != "" || s.SplitNodes != 5 {
		t.Errorf("unsharded: %+v", s)
	}
	b, _ := json.Marshal(s)
	for _, k := range []string{`"subproblems":9`, `"split_nodes":5`, `"nodes_per_subproblem"`, `"seconds_per_subproblem"`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("JSON %s lacks %s", b, k)
		}
	}
	if strings.Contains(string(b), `"shard"`) {
		t.Errorf("JSON %s names a shard", b)
	}
	var none SplitWatch
	if s := none.Stats(sp, 0, 1); s.Solved != 0 || s.Nodes.N != 0 {
		t.Errorf("nothing solved: %+v", s)
	}
}
