package model

import "errors"

// ErrStrengthenExact is the error of ParseProgramOptions for Strengthen
// asked of an exact program: its area and gcd rows bound a maximum
// coverage.
var ErrStrengthenExact = errors.New("model: strengthen applies to max-coverage")

// SettingError is an error of ParseProgramOptions about the value of one
// setting, Setting ("mode" or "formulation").
type SettingError struct {
	Setting string
	Err     error
}

// Error is "setting: cause".
func (e *SettingError) Error() string { return e.Setting + ": " + e.Err.Error() }

// Unwrap returns the parse error.
func (e *SettingError) Unwrap() error { return e.Err }

// ParseProgramOptions reads a program's mode (ParseMode), formulation
// (ParseFormulation) and whether it is strengthened, which only a
// max-coverage program can be (ErrStrengthenExact).
func ParseProgramOptions(mode, formulation string, strengthen bool) (ProgramOptions, error) {
	m, err := ParseMode(mode)
	if err != nil {
		return ProgramOptions{}, &SettingError{"mode", err}
	}
	f, err := ParseFormulation(formulation)
	if err != nil {
		return ProgramOptions{}, &SettingError{"formulation", err}
	}
	if m != MaxCoverage && strengthen {
		return ProgramOptions{}, ErrStrengthenExact
	}
	return ProgramOptions{Mode: m, Formulation: f, Strengthen: strengthen}, nil
}
