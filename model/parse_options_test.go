package model

import (
	"errors"
	"fmt"
	"testing"
)

// TestParseProgramOptions: a bad mode or formulation is a *SettingError
// naming it; strengthening an exact program is ErrStrengthenExact.
func TestParseProgramOptions(t *testing.T) {
	opt, err := ParseProgramOptions("max-coverage", "seed", true)
	if err != nil || opt != (ProgramOptions{Mode: MaxCoverage, Formulation: Seed, Strengthen: true}) {
		t.Errorf("%+v, %v", opt, err)
	}
	se := (*SettingError)(nil)
	for setting, args := range map[string][2]string{"mode": {"max", "seed"}, "formulation": {"exact", "cover"}} {
		if _, err := ParseProgramOptions(args[0], args[1], false); !errors.As(err, &se) || se.Setting != setting {
			t.Errorf("%v: %v, want a *SettingError of %s", args, err, setting)
		}
	}
	if _, err := ParseProgramOptions("exact", "packing", true); !errors.Is(err, ErrStrengthenExact) {
		t.Errorf("strengthened exact: %v", err)
	}
}

func ExampleParseProgramOptions() {
	opt, err := ParseProgramOptions("max-coverage", "packing", true)
	fmt.Println(opt.Mode, opt.Formulation, opt.Strengthen, err)
	_, err = ParseProgramOptions("exact", "packing", true)
	fmt.Println(errors.Is(err, ErrStrengthenExact))
	// Output:
	// max-coverage packing true <nil>
	// true
}
