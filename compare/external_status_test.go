package compare

import "testing"

// CBC stopped on its clock before ours reached the limit: a timeout, not an
// error (it was reported as an error on the 61x61 fill).
func TestStatusSaysTimeLimit(t *testing.T) {
	for status, want := range map[string]bool{
		"Stopped on time (no integer solution - continuous used)": true,
		"Stopped on time - objective value 3720.00000000":         true,
		"Time limit reached":                         true,
		"TIME LIMIT EXCEEDED":                        true,
		"Optimal - objective value 48.00000000":      false,
		"Infeasible - objective value 0.00000000":    false,
		"Stopped on iterations - objective value 12": false,
		"": false,
	} {
		if got := statusSaysTimeLimit(status); got != want {
			t.Errorf("%q: %v, want %v", status, got, want)
		}
	}
}
