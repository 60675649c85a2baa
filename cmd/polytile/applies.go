package main

// Which flag applies when. Every flag of every command is classified here,
// once, and checked once after parsing (root's PersistentPreRunE): a flag
// the user set (cmd.Flags().Changed) that does not apply to the chosen
// backend, mode or format is a usage error naming the flag and why, never
// silently ignored. TestEveryFlagIsClassified walks every flag of every
// command, so a new flag cannot be added without a rule.

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/native"
)

// applyRule returns "" when a flag applies given the other flags' values,
// or the reason it does not ("applies to --backend highs", ...).
type applyRule func(fs *pflag.FlagSet) string

// always applies.
func always(*pflag.FlagSet) string { return "" }

func flagString(fs *pflag.FlagSet, name string) string {
	if f := fs.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}

func flagBool(fs *pflag.FlagSet, name string) bool { return flagString(fs, name) == "true" }

// solveMaxCoverage reports whether solve runs in maximum-coverage mode.
func solveMaxCoverage(fs *pflag.FlagSet) bool { return flagBool(fs, "max-coverage") }

// solveBackend is solve's --backend (fila by default).
func solveBackend(fs *pflag.FlagSet) string { return flagString(fs, "backend") }

// nativeSearch: the native counting / enumerating search (fila or dlx,
// not --max-coverage), where all the search flags apply.
func nativeSearch(fs *pflag.FlagSet) string {
	switch {
	case solveBackend(fs) == "highs":
		return "applies to the native searches (--backend fila or dlx), not to --backend highs"
	case solveMaxCoverage(fs):
		// The reason of native.Config.IdleSettings, which compare gives
		// for the matching backend options.
		idle := native.Config{}.IdleSettings(nil, true, native.SetSearch)
		return "does nothing with --max-coverage: " + idle[0].Why + "; leave it out"
	}
	return ""
}

// filaSearch: nativeSearch with --backend fila.
func filaSearch(fs *pflag.FlagSet) string {
	if why := nativeSearch(fs); why != "" {
		return why
	}
	if solveBackend(fs) != "fila" {
		return "is a FILA option: it applies to --backend fila"
	}
	return ""
}

// jobsApply: nativeSearch that counts (--count, --unique) or lists
// (--limit N, whose listing runs serially and says so); the search for
// one solution is serial, so -j N > 1 there would do nothing.
func jobsApply(fs *pflag.FlagSet) string {
	if why := nativeSearch(fs); why != "" {
		return why
	}
	if flagString(fs, "jobs") == "1" || flagBool(fs, "count") || flagBool(fs, "unique") || flagString(fs, "limit") != "0" {
		return ""
	}
	return "counts in parallel: it applies with --count or --unique; finding one solution runs serially; leave it out"
}

// heuristicApplies: the native searches, the native maximum-coverage search,
// and HiGHS's warm start (which is that search).
func heuristicApplies(fs *pflag.FlagSet) string {
	if solveBackend(fs) != "highs" {
		return ""
	}
	if solveMaxCoverage(fs) && !flagBool(fs, "no-warm-start") {
		return "" // the native warm start's heuristic
	}
	return "applies to the native searches; with --backend highs only to the warm start of --max-coverage"
}

// highsOnly: options of the in-process HiGHS.
func highsOnly(fs *pflag.FlagSet) string {
	if solveBackend(fs) != "highs" {
		return "is a HiGHS option: it applies to --backend highs"
	}
	return ""
}

// highsMaxCoverage: options of HiGHS's maximum-coverage program.
func highsMaxCoverage(fs *pflag.FlagSet) string {
	if why := highsOnly(fs); why != "" {
		return why
	}
	if !solveMaxCoverage(fs) {
		return "applies to the maximum-coverage program (--max-coverage); the exact program has one form"
	}
	return ""
}

// exportIsMaxCoverage reports whether export writes a max-coverage file.
func exportIsMaxCoverage(fs *pflag.FlagSet) bool {
	return flagString(fs, "mode") == "max-coverage" || flagBool(fs, "max-coverage")
}

// exportMaxCoverage: --formulation and --strengthen of export apply to a
// maximum-coverage program written as a program (not the DLX matrix or CNF).
func exportMaxCoverage(fs *pflag.FlagSet) string {
	if !exportIsMaxCoverage(fs) {
		return "applies to --mode max-coverage; the exact program has one form"
	}
	if !exportFormatIsProgram(flagString(fs, "format")) {
		return "applies to the program formats (lp, mps, fixed-mps, opb, pyomo), not to --format " + flagString(fs, "format")
	}
	return ""
}

// checkMaxCoverage: check's --formulation and --strengthen name the
// export's max-coverage program.
func checkMaxCoverage(fs *pflag.FlagSet) string {
	if !exportIsMaxCoverage(fs) {
		return "applies to --mode max-coverage; the exact program has one form"
	}
	return ""
}

// exportFormatIn: the flag applies to the listed export formats only.
func exportFormatIn(formats ...string) applyRule {
	return func(fs *pflag.FlagSet) string {
		f := strings.ToLower(flagString(fs, "format"))
		for _, g := range formats {
			if f == g {
				return ""
			}
		}
		if f == "" {
			return "applies to --format " + strings.Join(formats, ", ") + ", and no --format was given"
		}
		return "applies to --format " + strings.Join(formats, ", ") + ", not to --format " + f
	}
}

// exportCNFMaxCoverage: --min-covered is the coverage a CNF file asks for.
func exportCNFMaxCoverage(fs *pflag.FlagSet) string {
	if strings.ToLower(flagString(fs, "format")) != "cnf" || !exportIsMaxCoverage(fs) {
		return "applies to --format cnf --max-coverage"
	}
	return ""
}

// compareCounts: --enum-limit bounds HiGHS's enumeration in count tasks.
func compareCounts(fs *pflag.FlagSet) string {
	if flagString(fs, "task") == "max-coverage" {
		return "bounds HiGHS's enumeration of solutions in count tasks, not --task max-coverage"
	}
	return ""
}

// needs: the flag only means something together with flag other.
func needs(other string) applyRule {
	return func(fs *pflag.FlagSet) string {
		if f := fs.Lookup(other); f == nil || !f.Changed {
			return "only applies with --" + other
		}
		return ""
	}
}

// globalFlags are root's persistent flags and cobra's --help: every
// command has them.
var globalFlags = map[string]applyRule{
	"help":    always,
	"quiet":   always,
	"verbose": always,
}

// flagRules classifies every flag of every command.
var flagRules = map[string]map[string]applyRule{
	"info": {
		"json": always,
		"from": always,
	},
	"render": {
		"format": always,
		"output": always,
		"labels": always,
		"from":   always,
	},
	"solve": {
		"backend":       always,
		"max-coverage":  always,
		"time-limit":    always,
		"json":          always,
		"jsonl":         always,
		"render":        always,
		"output":        always,
		"from":          always,
		"count":         nativeSearch,
		"limit":         nativeSearch,
		"unique":        nativeSearch,
		"redundancy":    nativeSearch,
		"volume":        nativeSearch,
		"jobs":          jobsApply,
		"shard":         nativeSearch,
		"checkpoint":    nativeSearch,
		"stats":         nativeSearch,
		"nof":           filaSearch,
		"fila-at":       filaSearch,
		"heuristic":     heuristicApplies,
		"formulation":   highsMaxCoverage,
		"strengthen":    highsMaxCoverage,
		"no-warm-start": highsMaxCoverage,
		"mip-gap":       highsOnly,
		"threads":       highsOnly,
		"highs-option":  highsOnly,

		// countkeywrite.go: a recipe's key (refused without --count
		// --shard by countKeyReq.check).
		"count-key":        nativeSearch,
		"count-key-recipe": needs("count-key"),
		"count-key-only":   needs("count-key"),
	},
	"export": {
		"format":             always,
		"mode":               always,
		"max-coverage":       always,
		"output":             always,
		"from":               always,
		"formulation":        exportMaxCoverage,
		"strengthen":         exportMaxCoverage,
		"symmetry":           exportFormatIn("lp", "mps", "fixed-mps", "opb", "cnf"),
		"dialect":            exportFormatIn("dlx"),
		"min-covered":        exportCNFMaxCoverage,
		"start":              exportFormatIn("lp", "mps", "fixed-mps"),
		"start-format":       needs("start"),
		"start-time":         needs("start"),
		"highs-options-file": exportFormatIn("lp", "mps", "fixed-mps"),
	},
	"check": {
		"solver":       always,
		"names":        always,
		"mode":         always,
		"max-coverage": always,
		"symmetry":     always,
		"from":         always,
		"render":       always,
		"output":       always,
		"json":         always,
		"formulation":  checkMaxCoverage,
		"strengthen":   checkMaxCoverage,
	},
	"compare": {
		"backends":      always,
		"dlx-solver":    always,
		"format":        always,
		"task":          always,
		"time-limit":    always,
		"chart":         always,
		"output":        always,
		"update":        always,
		"from":          always,
		"dlx-count":     needs("dlx-solver"),
		"solver-option": always, // compare checks the solver is in the run
		"section":       needs("update"),
		"enum-limit":    compareCounts,
	},
	"version": {},
	"merge": {"json": always, "puzzle": always, "from": needs("puzzle"), "backend": needs("puzzle"), "heuristic": needs("puzzle"),
		"fila-at": needs("puzzle"), "nof": needs("puzzle"), "volume": needs("puzzle"), "redundancy": needs("puzzle")},
	"bench": {
		"format":     always,
		"chart":      always,
		"output":     always,
		"update":     always,
		"examples":   always,
		"time-limit": always,
	},
}

// checkFlagsApply refuses every flag the user set that does not apply to
// the command as configured by its other flags.
func checkFlagsApply(cmd *cobra.Command) error {
	rules := flagRules[cmd.Name()]
	var err error
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if err != nil {
			return
		}
		rule, ok := rules[f.Name]
		if !ok {
			rule, ok = globalFlags[f.Name]
		}
		if !ok {
			return // unclassified: TestEveryFlagIsClassified fails
		}
		if why := rule(cmd.Flags()); why != "" {
			err = usageErr("--%s %s", f.Name, strings.TrimSpace(why))
		}
	})
	return err
}

// exportFormat says what an export format can represent.
type exportFormat struct {
	program bool            // a binary program (formulation and strengthen apply)
	modes   map[string]bool // the --mode values it can write
}

var bothModes = map[string]bool{"exact": true, "max-coverage": true}

// exportFormats lists every export format and the modes it represents.
// A format that cannot represent the asked mode is an error, never a file
// of another mode.
var exportFormats = map[string]exportFormat{
	"lp":        {program: true, modes: bothModes},
	"mps":       {program: true, modes: bothModes},
	"fixed-mps": {program: true, modes: bothModes},
	"pyomo":     {program: true, modes: bothModes},
	"opb":       {program: true, modes: bothModes},
	"dlx":       {modes: bothModes}, // max-coverage: cells as secondary items
	"cnf":       {modes: bothModes}, // max-coverage: at least --min-covered cells
}

func exportFormatIsProgram(format string) bool {
	return exportFormats[strings.ToLower(format)].program
}

// checkExportMode refuses a format that cannot represent the mode.
func checkExportMode(format, mode string) error {
	f, ok := exportFormats[strings.ToLower(format)]
	if !ok || f.modes[mode] {
		return nil // unknown formats are refused by the export command itself
	}
	return usageErr("--format %s cannot represent --mode %s; use lp, mps, fixed-mps, opb or pyomo", format, mode)
}
