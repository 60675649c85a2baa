package export

import (
	"errors"

	"github.com/polytile/polytile/model"
)

// Settings are an export's program settings as a command line gives
// them: 'polytile export' writes its program with them, and 'polytile
// check' reads a solution of that program with them.
type Settings struct {
	Mode        string // exact or max-coverage
	Formulation string // seed or packing
	Symmetry    string // none, pin or hole
	Strengthen  bool
	// MaxCoverage is short for Mode max-coverage; it contradicts another
	// Mode when ModeGiven.
	MaxCoverage, ModeGiven bool
}

// ErrHoleExact is the error of Settings.Program for the hole symmetry
// row of an exact program: an exact tiling has no hole.
var ErrHoleExact = errors.New("export: --symmetry hole applies to --max-coverage")

// Program resolves s into a program's options, with the checkerboard
// rows when it is strengthened. Its errors are ErrInvalid (and
// ErrHoleExact), with messages that name the settings as flags.
func (s Settings) Program() (model.ProgramOptions, error) {
	mode := s.Mode
	if s.MaxCoverage {
		if s.ModeGiven && mode != "max-coverage" {
			return model.ProgramOptions{}, invalid("--max-coverage contradicts --mode %s", mode)
		}
		mode = "max-coverage"
	}
	opt, err := model.ParseProgramOptions(mode, s.Formulation, s.Strengthen)
	switch se := (*model.SettingError)(nil); {
	case errors.As(err, &se):
		return model.ProgramOptions{}, invalid("--%w", err)
	case err != nil:
		return model.ProgramOptions{}, &Error{Kind: ErrInvalid, Err: errors.New("--strengthen applies to --mode max-coverage")}
	}
	if opt.Symmetry, err = model.ParseSymmetry(s.Symmetry); err != nil {
		return model.ProgramOptions{}, invalid("--symmetry: %w", err)
	}
	if opt.Symmetry == model.FixHole && opt.Mode != model.MaxCoverage {
		return model.ProgramOptions{}, &Error{Kind: ErrInvalid, Err: ErrHoleExact}
	}
	opt.Checkerboard = opt.Strengthen
	return opt, nil
}
