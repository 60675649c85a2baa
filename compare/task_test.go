package compare

import (
	"errors"
	"slices"
	"testing"
)

// TestParseTask: the three tasks and an unknown one.
func TestParseTask(t *testing.T) {
	for s, want := range map[string][]Kind{"auto": nil, "count": {Count}, "max-coverage": {MaxCoverage}} {
		if got, err := ParseTask(s); err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: %v %v", s, got, err)
		}
	}
	if _, err := ParseTask("Count"); !errors.Is(err, ErrUnknownTask) {
		t.Errorf("Count: %v", err)
	}
}

// TestValidSection: a section name is one word of letters, digits, ':',
// '-' and '_', which a marker line can hold.
func TestValidSection(t *testing.T) {
	for name, want := range map[string]bool{"compare": true, "bench:quick": true, "a_b-2": true, "": false, "a b": false, "x-->": false} {
		if ValidSection(name) != want {
			t.Errorf("%q: %v", name, !want)
		}
	}
}
