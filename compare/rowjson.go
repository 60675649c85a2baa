package compare

import "encoding/json"

// MarshalJSON writes a row; a count that did not complete (a time limit,
// an enumeration stopped) has its "unique" written "unique_so_far" and
// "lower_bound": true, as polytile solve's stopped counts: its figures
// are those of the part searched, and a reader of .unique must not take
// them for the count. The tables mark them with ≥.
func (r *Row) MarshalJSON() ([]byte, error) {
	type plain Row
	out := struct {
		*plain
		Unique      *int64 `json:"unique,omitempty"`
		UniqueSoFar *int64 `json:"unique_so_far,omitempty"`
		LowerBound  bool   `json:"lower_bound,omitempty"`
	}{plain: (*plain)(r), Unique: r.Unique}
	if r.Solutions != nil && !r.Complete {
		out.Unique, out.UniqueSoFar, out.LowerBound = nil, r.Unique, true
	}
	return json.Marshal(out)
}

// MarshalJSON writes a bench row; a case stopped by its time limit
// (Timeout) has its "unique" written "unique_so_far" and "lower_bound":
// true, as Row's (the tables show "≥ N (timeout)").
func (r *BenchRow) MarshalJSON() ([]byte, error) {
	type plain BenchRow
	u := r.Unique
	out := struct {
		*plain
		Unique      *int64 `json:"unique,omitempty"`
		UniqueSoFar *int64 `json:"unique_so_far,omitempty"`
		LowerBound  bool   `json:"lower_bound,omitempty"`
	}{plain: (*plain)(r), Unique: &u}
	if r.Status == Timeout {
		out.Unique, out.UniqueSoFar, out.LowerBound = nil, &u, true
	}
	return json.Marshal(out)
}
