package main

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/spf13/pflag"

	"github.com/polytile/polytile/highs"
)

// highsFlags are the solver options passed through to the in-process
// HiGHS: --mip-gap, --threads and --highs-option key=value.
type highsFlags struct {
	mipGap  float64
	threads int
	options []string
}

// Bounds of the HiGHS flags.
const (
	maxMIPGap      = 1e6 // HiGHS's relative gap can exceed 1 (|primal - dual| / |primal|)
	maxHiGHSThread = 256
)

// addHighsFlags registers the HiGHS pass-through flags on fl.
func addHighsFlags(fl *pflag.FlagSet, h *highsFlags) {
	floatFlag(fl, &h.mipGap, "mip-gap", 0, 0, maxMIPGap, "highs: stop at this relative gap |bound - best| / |best| (HiGHS's mip_rel_gap; 0 = prove optimality)")
	intFlag(fl, &h.threads, "threads", "", 0, 0, maxHiGHSThread, "highs: threads HiGHS may use (0 = HiGHS's default, half the CPUs)")
	fl.StringArrayVar(&h.options, "highs-option", nil, "highs: set any HiGHS option, KEY=VALUE (repeatable), e.g. mip_heuristic_effort=0.2;\nan unknown option or a bad value is an error with HiGHS's message;\nunder objective_bound, objective_target or a solution or node limit\nno infeasibility or optimum is proven (docs/comparing.md)")
}

// highsOptions turns the pass-through flags into highs.Options, refusing
// out-of-range values and malformed or reserved --highs-option items.
// Unknown names and bad values are found by HiGHS itself when the solve
// starts (isOptionError).
func highsOptions(f *solveFlags) (highs.Options, error) {
	h := f.highs
	var opt highs.Options
	if math.IsNaN(h.mipGap) || h.mipGap < 0 || h.mipGap > maxMIPGap {
		return opt, usageErr("--mip-gap %v: want a number from 0 to %g", h.mipGap, maxMIPGap)
	}
	if h.threads < 0 || h.threads > maxHiGHSThread {
		return opt, usageErr("--threads %d: want 0 (HiGHS's default) to %d", h.threads, maxHiGHSThread)
	}
	opt.MIPRelGap, opt.Threads = h.mipGap, h.threads
	for _, s := range h.options {
		o, err := highs.ParseOption(s)
		if err != nil {
			return opt, usageErr("--highs-option: %v", err)
		}
		opt.Extra = append(opt.Extra, o)
	}
	// HiGHS checks names and values now, whether or not it runs later.
	if err := highs.CheckExtra(opt.Extra); err != nil {
		return opt, usageErr("--highs-option: %v", err)
	}
	return opt, nil
}

// isOptionError reports whether err is HiGHS refusing an option value
// (a usage error: exit 2).
func isOptionError(err error) bool {
	var he *highs.Error
	return errors.As(err, &he) && strings.HasPrefix(he.Call, "Highs_set")
}

// formatGap prints a relative gap (model.CoverageGap) as HiGHS does:
// a percentage, or "Large" when nothing is covered yet.
func formatGap(g float64) string {
	if math.IsInf(g, 0) || math.IsNaN(g) {
		return "Large"
	}
	return fmt.Sprintf("%.2f%%", 100*g)
}
