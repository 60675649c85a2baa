package highs

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
)

// Bounds of Settings.
const (
	// MaxMIPGap bounds Settings.MIPGap: HiGHS's relative gap can exceed 1
	// (|primal - dual| / |primal|).
	MaxMIPGap = 1e6
	// MaxThreads bounds Settings.Threads.
	MaxThreads = 256
)

// Settings are the solver settings a user passes through to HiGHS, as
// polytile solve's --mip-gap, --threads and --highs-option give them.
type Settings struct {
	MIPGap  float64  // mip_rel_gap; 0 asks for proven optimality
	Threads int      // 0: HiGHS's default
	Extra   []string // key=value items (--highs-option)
}

// SettingError is a Setting out of range or malformed. Setting names it
// with its value, as solve's flag does ("--mip-gap 2e+06").
type SettingError struct {
	Setting string
	Err     error
}

func (e *SettingError) Error() string { return e.Setting + ": " + e.Err.Error() }
func (e *SettingError) Unwrap() error { return e.Err }

// Resolve turns s into Options, refusing out-of-range values and
// malformed, reserved, unknown or badly valued options (a *SettingError).
// HiGHS checks the options' names and values when it is compiled in.
func (s Settings) Resolve() (Options, error) {
	var opt Options
	if math.IsNaN(s.MIPGap) || s.MIPGap < 0 || s.MIPGap > MaxMIPGap {
		return opt, &SettingError{fmt.Sprintf("--mip-gap %v", s.MIPGap), fmt.Errorf("want a number from 0 to %g", float64(MaxMIPGap))}
	}
	if s.Threads < 0 || s.Threads > MaxThreads {
		return opt, &SettingError{fmt.Sprintf("--threads %d", s.Threads), fmt.Errorf("want 0 (HiGHS's default) to %d", MaxThreads)}
	}
	opt.MIPRelGap, opt.Threads = s.MIPGap, s.Threads
	for _, item := range s.Extra {
		o, err := ParseOption(item)
		if err != nil {
			return opt, &SettingError{"--highs-option", err}
		}
		opt.Extra = append(opt.Extra, o)
	}
	if err := CheckExtra(opt.Extra); err != nil {
		return opt, &SettingError{"--highs-option", err}
	}
	return opt, nil
}

// IsOptionError reports whether err is HiGHS refusing an option value.
func IsOptionError(err error) bool {
	var he *Error
	return errors.As(err, &he) && strings.HasPrefix(he.Call, "Highs_set")
}

// FormatGap writes a relative gap (model.CoverageGap) as HiGHS does: a
// percentage, or "Large" when nothing is covered yet.
func FormatGap(g float64) string {
	if math.IsInf(g, 0) || math.IsNaN(g) {
		return "Large"
	}
	return fmt.Sprintf("%.2f%%", 100*g)
}

// ProgressLine is the progress line of a solve of prog. For maximum
// coverage it shows the figures of the final summary: the coverage, the
// dual bound rounded to a bound on cells (model.DualCoverageBound) and
// their gap (model.CoverageGap).
func ProgressLine(prog *model.Program, pg Progress) string {
	s := fmt.Sprintf("HiGHS  nodes %s  %s", progress.Count(pg.Nodes), textio.Seconds(pg.Elapsed.Seconds()))
	if prog.Maximize() && !math.IsInf(pg.Objective, 0) && !math.IsNaN(pg.Objective) {
		cov := int(math.Round(pg.Objective))
		bound := max(model.DualCoverageBound(prog.Bound, pg.DualBound), cov)
		s += fmt.Sprintf("  best %d  bound %d  gap %s", cov, bound, FormatGap(model.CoverageGap(cov, bound)))
	}
	return s
}
