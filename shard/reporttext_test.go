package shard

import (
	"strings"
	"testing"
)

func TestReportWriteText(t *testing.T) {
	r := &Report{Puzzle: "p", File: "p.yaml", Count: 3, All: 10, Unique: 3, Nodes: 7, Seconds: 130, Min: 0.5, Median: 2, Max: 3,
		Missing: []int{2}, Verified: []string{"a", "b"}, Command: "polytile solve ..."}
	var b strings.Builder
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"puzzle      p (p.yaml)\n",
		"shards      2 of 3 complete\n",
		"time        2m10s in all; per shard min 0.500 s, median 2.00 s, max 3.00 s (max/median 1.50)\n",
		"verified    a\n            b\n",
		"missing     shard 2\n",
		"\nto run them:\n  polytile solve ...\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	r.Missing = []int{0, 1, 2}
	b.Reset()
	r.WriteText(&b)
	if !strings.Contains(b.String(), "missing     shards 0 1 2\n") || !strings.Contains(b.String(), "no complete shard for figures per shard") {
		t.Errorf("every shard missing:\n%s", b.String())
	}
}
