package compare

import "encoding/json"

// MarshalJSON writes a row; a count that did not complete (a time limit,
// an enumeration stopped) has its "unique" written "unique_so_far" and
// "lower_bound": true, as polytile solve's stopped counts: its figures
// are those of the part searched, and a reader of .unique must not take
// them for the count. The tables mark them with ≥.
func (r *Row) MarshalJSON() ([]byte, error) {
	type plain Row
	c := plain(*r) // a copy: "unique" stays in its place, or goes
	out := struct {
		*plain
		UniqueSoFar *int64 `json:"unique_so_far,omitempty"`
		LowerBound  bool   `json:"lower_bound,omitempty"`
	}{plain: &c}
	if r.Solutions != nil && !r.Complete {
		c.Unique, out.UniqueSoFar, out.LowerBound = nil, r.Unique, true
	}
	return json.Marshal(out)
}

// MarshalJSON writes a bench row; a case stopped by its time limit
// (Timeout) has its "unique" written "unique_so_far" and "lower_bound":
// true, as Row's (the tables show "≥ N (timeout)"). A frontier row has
// no figure so far (a partial sum of the recurrence bounds nothing).
func (r *BenchRow) MarshalJSON() ([]byte, error) {
	type plain BenchRow
	if r.Status != Timeout || r.Engine == "frontier" {
		return json.Marshal((*plain)(r))
	}
	u := r.Unique
	return json.Marshal(struct {
		*plain
		Unique      *int64 `json:"unique,omitempty"` // hides the figure's
		UniqueSoFar *int64 `json:"unique_so_far"`
		LowerBound  bool   `json:"lower_bound"`
	}{(*plain)(r), nil, &u, true})
}
