package main

// Which flag applies when: a flag the user set that does not apply to the
// chosen backend, mode or format is a usage error naming the flag and why
// (cliflag.CheckApplies, from root's PersistentPreRunE), never silently
// ignored. TestEveryFlagIsClassified fails on a flag without a rule.

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/native"
)

var (
	onHighs  = cliflag.Is("backend", "highs")
	onMaxCov = cliflag.Is("max-coverage", "true")
	// checkMaxCov: export's and check's max-coverage program.
	checkMaxCov = func(fs *pflag.FlagSet) bool { return cliflag.Value(fs, "mode") == "max-coverage" || onMaxCov(fs) }

	// nativeSearch: the native counting / enumerating search (fila or
	// dlx, not --max-coverage).
	nativeSearch = cliflag.First(
		cliflag.Refuse(onHighs, "applies to the native searches (--backend fila or dlx), not to --backend highs"),
		cliflag.Refuse(onMaxCov, "does nothing with --max-coverage: "+native.Config{}.IdleSettings(nil, true, native.SetSearch)[0].Why+"; leave it out"))
	filaSearch = cliflag.First(nativeSearch,
		cliflag.Refuse(cliflag.Not(cliflag.Is("backend", "fila")), "is a FILA option: it applies to --backend fila"))
	// jobsApply: a count or a listing (--limit N); one solution is found serially.
	jobsApply = cliflag.First(nativeSearch, cliflag.Refuse(func(fs *pflag.FlagSet) bool {
		return cliflag.Value(fs, "jobs") != "1" && !cliflag.IsTrue(fs, "count") && !cliflag.IsTrue(fs, "unique") && cliflag.Value(fs, "limit") == "0"
	}, "counts in parallel: it applies with --count or --unique; finding one solution runs serially; leave it out"))
	// heuristicApplies: the native searches, and HiGHS's warm start of
	// --max-coverage (the native maximum-coverage search).
	heuristicApplies = cliflag.Refuse(func(fs *pflag.FlagSet) bool {
		return onHighs(fs) && !(onMaxCov(fs) && !cliflag.IsTrue(fs, "no-warm-start"))
	},
		"applies to the native searches; with --backend highs only to the warm start of --max-coverage")
	highsOnly        = cliflag.Refuse(cliflag.Not(onHighs), "is a HiGHS option: it applies to --backend highs")
	highsMaxCoverage = cliflag.First(highsOnly,
		cliflag.Refuse(cliflag.Not(onMaxCov), "applies to the maximum-coverage program (--max-coverage); the exact program has one form"))
	checkMaxCoverage = cliflag.Refuse(cliflag.Not(checkMaxCov), "applies to --mode max-coverage; the exact program has one form")
	// exportMaxCoverage: a max-coverage program written as a program (not DLX or CNF).
	exportMaxCoverage = cliflag.First(checkMaxCoverage, func(fs *pflag.FlagSet) string {
		if !export.IsProgramFormat(cliflag.Value(fs, "format")) {
			return "applies to the program formats (lp, mps, fixed-mps, opb, pyomo), not to --format " + cliflag.Value(fs, "format")
		}
		return ""
	})
	exportCNFMaxCoverage = cliflag.Refuse(func(fs *pflag.FlagSet) bool {
		return strings.ToLower(cliflag.Value(fs, "format")) != "cnf" || !checkMaxCov(fs)
	}, "applies to --format cnf --max-coverage")
	compareCounts = cliflag.Refuse(cliflag.Is("task", "max-coverage"), "bounds HiGHS's enumeration of solutions in count tasks, not --task max-coverage")
)

// globalFlags are root's persistent flags and cobra's --help.
var globalFlags = cliflag.Rules{}.Set(cliflag.Always, "help", "quiet", "verbose")

// flagRules classifies every flag of every command.
var flagRules = map[string]cliflag.Rules{
	"info":   cliflag.Rules{}.Set(cliflag.Always, "json", "from"),
	"render": cliflag.Rules{}.Set(cliflag.Always, "format", "output", "labels", "from"),
	"solve": cliflag.Rules{}.Set(cliflag.Always, "backend", "max-coverage", "time-limit", "json", "jsonl", "render", "output", "from").
		Set(nativeSearch, "count", "limit", "unique", "redundancy", "volume", "shard", "checkpoint", "stats", "count-key").
		Set(jobsApply, "jobs").Set(filaSearch, "nof", "fila-at").Set(heuristicApplies, "heuristic").
		Set(highsMaxCoverage, "formulation", "strengthen", "no-warm-start").Set(highsOnly, "mip-gap", "threads", "highs-option").
		Set(cliflag.Needs("count-key"), "count-key-recipe", "count-key-only"),
	"export": cliflag.Rules{}.Set(cliflag.Always, "format", "mode", "max-coverage", "output", "from").
		Set(exportMaxCoverage, "formulation", "strengthen").Set(exportCNFMaxCoverage, "min-covered").
		Set(cliflag.ValueIn("format", "lp", "mps", "fixed-mps", "opb", "cnf"), "symmetry").
		Set(cliflag.ValueIn("format", "dlx"), "dialect").
		Set(cliflag.ValueIn("format", "lp", "mps", "fixed-mps"), "start", "highs-options-file").
		Set(cliflag.Needs("start"), "start-format", "start-time"),
	"check": cliflag.Rules{}.Set(cliflag.Always, "solver", "names", "mode", "max-coverage", "symmetry", "from", "render", "output", "json").
		Set(checkMaxCoverage, "formulation", "strengthen"),
	"compare": cliflag.Rules{}.Set(cliflag.Always, "backends", "dlx-solver", "format", "task", "time-limit", "chart", "output", "update", "from").
		Set(cliflag.Always, "solver-option"). // compare checks the solver is in the run
		Set(cliflag.Needs("dlx-solver"), "dlx-count").Set(cliflag.Needs("update"), "section").Set(compareCounts, "enum-limit"),
	"version": {},
	"merge": cliflag.Rules{}.Set(cliflag.Always, "json", "puzzle").
		Set(cliflag.Needs("puzzle"), "from", "backend", "heuristic", "fila-at", "nof", "volume", "redundancy"),
	"bench": cliflag.Rules{}.Set(cliflag.Always, "format", "chart", "output", "update", "examples", "time-limit"),
}

// setOnceFlags makes every single-valued flag of root refuse a second,
// different value (cliflag.SetOnce), and an empty value of a pathFlags one.
func setOnceFlags(root *cobra.Command) {
	cliflag.SetOnce(root, func(name string) bool { return pathFlags[name] }, nil)
}

// pathFlags are the flags whose value names a file or directory. Other
// string flags keep "" (--heuristic= is dlx's schedule in a count key).
// TestEmptyPathFlagsRefused fails on a flag that speaks of a FILE or DIR
// and is not listed here.
var pathFlags = map[string]bool{
	"output": true, "checkpoint": true, "count-key": true, "puzzle": true,
	"start": true, "highs-options-file": true, "names": true, "chart": true,
	"update": true, "examples": true, "dlx-solver": true,
}
