package native

import (
	"context"
	"strings"
	"testing"
)

// TestScheduleLevelBounds: a schedule's levels are decimal digits from 1 to
// MaxScheduleLevel, with no spaces anywhere; anything else is refused with
// the range. Before, any level that fitted an int was taken (e=99999999999,
// f=2147483648, e=9223372036854775807) and spaces were trimmed ("e= 11").
func TestScheduleLevelBounds(t *testing.T) {
	for _, s := range []string{"f", "radial", "e=11:f=3", "e=1048576:f=3", "e=011:f=3", "s=1", "f=5:e=4:s=3:radial=1"} {
		if _, err := parseSchedule(s); err != nil {
			t.Errorf("%q refused: %v", s, err)
		}
	}
	for _, s := range []string{
		"e=99999999999:f=3", "f=2147483648", "e=9223372036854775807:f=3", "e=1048577", "f=18446744073709551617",
		"e=0", "e=-1", "e=+11", "e=1e3", "e=0x10", "e=", "e=11:f=",
		"e= 11", "e=11 ", " e", "e ", "e=11: f=3", "e=11 :f=3", " ", "\te", "e=1_000",
	} {
		_, err := parseSchedule(s)
		if err == nil {
			t.Errorf("%q accepted", s)
			continue
		}
		if strings.Contains(s, "=") && !strings.HasPrefix(s, " ") && !strings.HasPrefix(s, "\t") && !strings.Contains(s, ": ") && !strings.Contains(s, " :") &&
			!strings.Contains(err.Error(), "1 to 1048576") {
			t.Errorf("%q: %v does not name the range 1 to 1048576", s, err)
		}
	}
	// Solve and MaxCoverage read the schedule through the same parser.
	p := loadExample(t, "pentomino-20x3.yaml")
	if _, err := Solve(context.Background(), p, Config{Schedule: "e=99999999999:f=3"}); err == nil {
		t.Error("Solve took the level 99999999999")
	}
	if _, err := MaxCoverage(context.Background(), p, Config{Schedule: "f=2147483648"}); err == nil {
		t.Error("MaxCoverage took the level 2147483648")
	}
}
