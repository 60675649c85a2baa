package shard

import "fmt"

// SolutionsRow is the value of merge's text "solutions" row: the totals,
// or for an incomplete set the lower bounds of the parts the shards
// searched (PartialRow).
func (r *Report) SolutionsRow() string {
	if r.Complete {
		return fmt.Sprintf("%d (%d unique)", r.All, r.Unique)
	}
	return r.PartialRow()
}
