package export

import (
	"fmt"
	"strings"
)

// fileFormat says what an export format can represent.
type fileFormat struct {
	program bool            // a binary program (formulation and strengthening apply)
	modes   map[string]bool // the modes (exact, max-coverage) it can write
}

var bothModes = map[string]bool{"exact": true, "max-coverage": true}

// fileFormats lists every export format and the modes it represents.
var fileFormats = map[string]fileFormat{
	"lp":        {program: true, modes: bothModes},
	"mps":       {program: true, modes: bothModes},
	"fixed-mps": {program: true, modes: bothModes},
	"pyomo":     {program: true, modes: bothModes},
	"opb":       {program: true, modes: bothModes},
	"dlx":       {modes: bothModes}, // max-coverage: cells as secondary items
	"cnf":       {modes: bothModes}, // max-coverage: at least a number of covered cells
}

// IsFormat reports whether format (any case) names an export format: lp,
// mps, fixed-mps, dlx, cnf, opb or pyomo.
func IsFormat(format string) bool {
	_, ok := fileFormats[strings.ToLower(format)]
	return ok
}

// IsProgramFormat reports whether format (any case) writes the binary
// program (lp, mps, fixed-mps, opb, pyomo), where a maximum-coverage
// formulation and strengthening apply; the DLX matrix and CNF do not.
func IsProgramFormat(format string) bool { return fileFormats[strings.ToLower(format)].program }

// ModeError is an export format that cannot represent a mode.
type ModeError struct {
	Format, Mode string
}

// Error names the format, the mode and the formats that represent every mode.
func (e *ModeError) Error() string {
	return fmt.Sprintf("--format %s cannot represent --mode %s; use lp, mps, fixed-mps, opb or pyomo", e.Format, e.Mode)
}

// CheckMode returns a *ModeError when format cannot represent mode (exact
// or max-coverage): a file of another mode is never written in its place.
// An unknown format passes (IsFormat says which formats exist); a mode
// other than exact and max-coverage is represented by none.
func CheckMode(format, mode string) error {
	f, ok := fileFormats[strings.ToLower(format)]
	if !ok || f.modes[mode] {
		return nil
	}
	return &ModeError{Format: format, Mode: mode}
}
