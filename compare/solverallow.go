package compare

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/limits"
)

// The options compare passes to an external solver are an allowlist:
// solver parameters that tune the search and neither read nor write a
// file. Anything else (an action, an option that names a file, an
// option nobody has reviewed) is refused before the solver runs, since
// the solver runs on polytile's own files in a temporary directory and
// an option such as glpsol's --wglp FILE would overwrite any file the
// user can write (the puzzle itself, for one).

// cbcAllowed are CBC's parameters (cbc -? lists them) in CBC's own
// notation: the part before '(' is the shortest abbreviation CBC takes,
// the whole word the full name. Left out: the actions and string
// parameters (import, export, solu, saveSolution, directory, basisIn,
// ...), seconds (set by --time-limit), and the parameters that change
// what the solution file says (direction, keepNames, printingOptions).
var cbcAllowed = []string{
	// double parameters
	"dualB(ound)", "dualT(olerance)", "primalT(olerance)", "primalW(eight)", "psi", "zeroT(olerance)",
	"allow(ableGap)", "cuto(ff)", "inc(rement)", "integerT(olerance)", "preT(olerance)", "pumpC(utoff)", "ratio(Gap)",
	// integer parameters
	"force(Solution)", "idiot(Crash)", "maxF(actor)", "maxIt(erations)", "randomS(eed)", "slog(Level)", "sprint(Crash)",
	"cutD(epth)", "cutL(ength)", "depth(MiniBab)", "hot(StartMaxIts)", "log(Level)", "maxN(odes)", "maxSaved(Solutions)",
	"maxSo(lutions)", "passC(uts)", "passF(easibilityPump)", "passT(reeCuts)", "pumpT(une)", "randomC(bcSeed)",
	"slow(cutpasses)", "strat(egy)", "strong(Branching)", "trust(PseudoCosts)",
	// keyword parameters
	"chol(esky)", "crash", "cross(over)", "fact(orization)", "perturb(ation)", "presolve", "scal(ing)", "timeM(ode)",
	"clique(Cuts)", "combine(Solutions)", "combine2(Solutions)", "constraint(fromCutoff)", "cost(Strategy)",
	"cuts(OnOff)", "Dins", "DivingS(ome)", "DivingC(oefficient)", "DivingF(ractional)", "DivingG(uided)",
	"DivingL(ineSearch)", "DivingP(seudoCost)", "DivingV(ectorLength)", "dw(Heuristic)", "feas(ibilityPump)",
	"flow(CoverCuts)", "GMI(Cuts)", "gomory(Cuts)", "greedy(Heuristic)", "heur(isticsOnOff)", "knapsack(Cuts)",
	"lagomory(Cuts)", "latwomir(Cuts)", "lift(AndProjectCuts)", "local(TreeSearch)", "mixed(IntegerRoundingCuts)",
	"node(Strategy)", "pivotAndC(omplement)", "pivotAndF(ix)", "preprocess", "probing(Cuts)", "proximity(Search)",
	"randomi(zedRounding)", "reduce(AndSplitCuts)", "reduce2(AndSplitCuts)", "residual(CapacityCuts)", "Rens", "Rins",
	"round(ingHeuristic)", "sosO(ptions)", "sosP(rioritize)", "two(MirCuts)", "Vnd(VariableNeighborhoodSearch)",
	"zero(HalfCuts)",
}

// glpsolFlags are glpsol's options without a value that choose a method
// or a heuristic (glpsol --help); glpsolNumeric take one number.
// glpsol matches option names exactly.
var (
	glpsolFlags = []string{
		"simplex", "interior", "scale", "noscale", "luf", "btf", "ft", "cbg", "cgr",
		"primal", "dual", "std", "adv", "bib", "steep", "nosteep", "relax", "norelax", "flip",
		"presol", "nopresol", "exact", "xcheck", "nord", "qmd", "amd", "symamd",
		"first", "last", "mostf", "drtom", "pcost", "dfs", "bfs", "bestp", "bestb",
		"intopt", "nointopt", "binarize", "fpump", "proxy", "gomory", "mir", "cover", "clique", "cuts", "minisat",
	}
	glpsolNumeric = []string{"memlim", "mipgap", "objbnd", "proxy"}
)

// cbcValueRE is a keyword value of a CBC parameter (on, off, ifmove,
// forceOn, ...).
var cbcValueRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*$`)

// cbcMatch reports whether key names the CBC parameter entry: it starts
// with the abbreviation and is a prefix of the full name (CBC's own
// rule, case-insensitive).
func cbcMatch(entry, key string) bool {
	short, rest, _ := strings.Cut(entry, "(")
	full := strings.ToLower(short + strings.TrimSuffix(rest, ")"))
	k := strings.ToLower(key)
	return strings.HasPrefix(k, strings.ToLower(short)) && strings.HasPrefix(full, k)
}

// isNumber is a finite decimal number (limits.ParseDecimal): the rule
// every number polytile reads follows, so that nan, inf, 0x1p3 or +5 are
// not passed to cbc or glpsol.
func isNumber(v string) bool {
	_, err := limits.ParseDecimal(v, false)
	return err == nil
}

// notFinite is a keyword a number parser reads as NaN or infinity, which
// cbcValueRE would otherwise pass as an on/off-style keyword.
func notFinite(v string) bool {
	switch strings.ToLower(v) {
	case "nan", "inf", "infinity":
		return true
	}
	return false
}

// allowedOption says why o may not be passed to its solver ("" when it
// may): see the allowlists above; for highs-cli every option whose name
// could name a file (highs.FileOption), or that the HiGHS library knows
// as a string option outside its known list (highs.UnknownStringOption),
// is refused, and HiGHS itself checks the rest by name and value.
func allowedOption(o SolverOption) string {
	const files = "polytile manages the solver's files itself, and compare passes only options that neither read nor write a file"
	switch o.Solver {
	case "highs-cli":
		if highs.FileOption(o.Key) {
			return "it names a file HiGHS would read or write; " + files
		}
		if highs.UnknownStringOption(o.Key) {
			return "it takes a string, and compare passes on only HiGHS's string options known to name no file; " + files
		}
		if strings.EqualFold(o.Key, "threads") && o.HasValue {
			// HiGHS sets up a worker and its task queue per thread
			// before it solves: threads=1000000 aborted the highs
			// binary under a ulimit, and without one reserved memory
			// by the gigabyte. The range of solve's --threads and of
			// the highs backends' threads=N.
			if _, err := limits.ParseInt(o.Value, 0, maxHiGHSThreads); err != nil {
				return fmt.Sprintf("threads wants 0 (HiGHS's default) to %d, not %q", maxHiGHSThreads, o.Value)
			}
		}
		if o.HasValue {
			// The highs binary reads a number as the library does: it
			// wraps an integer silently.
			if err := highs.CheckOptionValue(highs.Option{Name: o.Key, Value: o.Value}); err != nil {
				return err.Error()
			}
		}
		return ""
	case "cbc":
		for _, e := range cbcAllowed {
			if cbcMatch(e, o.Key) {
				if !o.HasValue {
					return fmt.Sprintf("CBC parameter %s needs a value (cbc:%s=VALUE)", o.Key, o.Key)
				}
				if !isNumber(o.Value) && (!cbcValueRE.MatchString(o.Value) || notFinite(o.Value)) || strings.Contains(strings.ToLower(o.Value), "sav") {
					return fmt.Sprintf("value %q: want a number or a keyword such as on or off (no file, nothing saved)", o.Value)
				}
				return ""
			}
		}
		return "not among the CBC parameters compare passes (numeric and on/off parameters that tune the search; actions and options that read or write a file are refused); " + files
	case "glpsol":
		for _, k := range glpsolNumeric {
			if o.Key == k && o.HasValue {
				if !isNumber(o.Value) {
					return fmt.Sprintf("--%s wants a number, not %q", k, o.Value)
				}
				return ""
			}
		}
		for _, k := range glpsolFlags {
			if o.Key == k {
				if o.HasValue {
					return fmt.Sprintf("--%s takes no value", k)
				}
				return ""
			}
		}
		return "not among the glpsol options compare passes (method and heuristic switches, memlim, mipgap, objbnd, proxy; options that read or write a file, such as --wlp, --wglp, --log, -w, --ranges, are refused); " + files
	}
	return "unknown solver"
}
