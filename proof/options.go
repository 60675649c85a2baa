package proof

import (
	"strconv"
	"strings"
)

// voidingOptions are the solver options that change what the solver's
// "optimal" or "infeasible" means, per solver ("cbc", "glpsol", "highs"
// for the highs binary and the in-process library alike), each with why.
// CBC names are its full parameter names (a key is matched as CBC
// matches an abbreviation, see cbcKey).
//
//   - a cut-off or objective bound: solutions worse than it are cut off,
//     so "infeasible" means "nothing better than the bound" and "optimal"
//     the best above it;
//   - an increment: each new solution must improve by it, so the optimum
//     may be skipped;
//   - a gap (relative or absolute): "optimal" holds within it;
//   - a solution limit: the search stops after so many solutions,
//     whatever the bound.
var voidingOptions = map[string]map[string]string{
	"cbc": {
		"cutoff":       "a cut-off removes every solution worse than it",
		"increment":    "an increment skips solutions that improve by less",
		"allowablegap": "an allowable gap stops before the optimum is proven",
		"ratiogap":     "a relative gap stops before the optimum is proven",
		"maxsolutions": "a solution limit stops before the optimum is proven",
	},
	"glpsol": {
		"objbnd": "an objective bound cuts off every solution worse than it",
		"mipgap": "a relative gap stops before the optimum is proven",
	},
	"highs": {
		"objective_bound":        "an objective bound cuts off every solution worse than it",
		"objective_target":       "an objective target stops at the first solution reaching it",
		"mip_rel_gap":            "a relative gap stops before the optimum is proven",
		"mip_abs_gap":            "an absolute gap stops before the optimum is proven",
		"mip_max_improving_sols": "a limit on improving solutions stops before the optimum is proven",
		"mip_max_nodes":          "a node limit stops before the optimum is proven",
		"mip_max_leaves":         "a leaf limit stops before the optimum is proven",
		"mip_max_stall_nodes":    "a stall-node limit stops before the optimum is proven",
	},
}

// cbcFull are CBC's full parameter names as CBC abbreviates them: the
// key must start with the abbreviation and be a prefix of the full name.
var cbcFull = map[string]string{
	"cutoff": "cuto", "increment": "inc", "allowablegap": "allow", "ratiogap": "ratio", "maxsolutions": "maxso",
}

// cbcKey is CBC's full name of key among cbcFull, or "".
func cbcKey(key string) string {
	k := strings.ToLower(strings.TrimLeft(key, "-"))
	for full, short := range cbcFull {
		if strings.HasPrefix(k, short) && strings.HasPrefix(full, k) {
			return full
		}
	}
	return ""
}

// VoidingOption says why the option key=value, given to solver ("cbc",
// "glpsol", "highs" or "highs-cli"), voids the proof of the solver's
// "optimal" and "infeasible", or "" when it does not. A gap of 0 voids
// nothing (it asks for the proof), and neither does CBC's default
// cut-off or a solution limit too large to stop a search; any other value
// of a listed option does, whatever its size.
func VoidingOption(solver, key, value string) string {
	if solver == "highs-cli" {
		solver = "highs"
	}
	k := strings.ToLower(strings.TrimLeft(key, "-"))
	if solver == "cbc" {
		k = cbcKey(k)
	}
	why := voidingOptions[solver][k]
	if why == "" {
		return ""
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err == nil {
		switch {
		case strings.HasSuffix(k, "gap") && v == 0:
			return "" // a gap of 0 asks for the proof
		case k == "increment" && v == 0:
			return ""
		}
	}
	return why
}
