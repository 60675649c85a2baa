package export

import (
	"errors"
	"testing"

	"github.com/polytile/polytile/model"
)

// TestSettingsProgram: the shorthand, the strengthened checkerboard and
// every refusal as ErrInvalid, the hole row of an exact program as
// ErrHoleExact.
func TestSettingsProgram(t *testing.T) {
	opt, err := Settings{Mode: "exact", MaxCoverage: true, Formulation: "seed", Strengthen: true, Symmetry: "hole"}.Program()
	want := model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true, Checkerboard: true, Symmetry: model.FixHole}
	if err != nil || opt != want {
		t.Errorf("%+v, %v; want %+v", opt, err, want)
	}
	bad := []Settings{
		{Mode: "exact", ModeGiven: true, MaxCoverage: true, Formulation: "seed"},
		{Mode: "most", Formulation: "seed"},
		{Mode: "exact", Formulation: "tiles"},
		{Mode: "exact", Formulation: "seed", Strengthen: true},
		{Mode: "exact", Formulation: "seed", Symmetry: "mirror"},
		{Mode: "exact", Formulation: "seed", Symmetry: "hole"},
	}
	for i, s := range bad {
		_, err := s.Program()
		if !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: %v, want ErrInvalid", s, err)
		}
		if errors.Is(err, ErrHoleExact) != (i == len(bad)-1) {
			t.Errorf("%+v: ErrHoleExact %v", s, errors.Is(err, ErrHoleExact))
		}
	}
}
