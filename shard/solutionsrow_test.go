package shard

import "testing"

func TestSolutionsRow(t *testing.T) {
	r := &Report{All: 9356, Unique: 2339, Complete: true}
	if got := r.SolutionsRow(); got != "9356 (2339 unique)" {
		t.Errorf("complete: %q", got)
	}
	r.Complete, r.Missing = false, []int{1}
	if got := r.SolutionsRow(); got != r.PartialRow() {
		t.Errorf("incomplete: %q, want the partial row %q", got, r.PartialRow())
	}
}
