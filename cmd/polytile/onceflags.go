package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// setOnceFlags makes every single-valued flag of root and its commands
// refuse a second, different value (exit 2 naming both): `--format lp
// --format mps`, `-o a.txt -o b.txt`, `--backend dlx --backend fila` or
// `--nof --nof=false` took the last value silently, the first one typed
// being dropped without a word. The same value again (`-q -q`) passes.
// Repeatable flags (string arrays and slices: --highs-option, -b,
// --solver-option) are left alone. An explicit empty value of a flag that
// names a file (pathFlags) is refused too. runMain applies it to the command tree
// it executes; rootCmd's own values are untouched, so tests that set
// flag values directly still can.
func setOnceFlags(root *cobra.Command) {
	seen := map[*pflag.Flag]bool{}
	wrap := func(f *pflag.Flag) {
		if seen[f] {
			return
		}
		seen[f] = true
		t := f.Value.Type()
		if strings.HasSuffix(t, "Array") || strings.HasSuffix(t, "Slice") {
			return
		}
		o := onceValue{Value: f.Value, name: f.Name}
		switch v := f.Value.(type) {
		case boundedFlag:
			f.Value = &onceBounded{onceValue: o, b: v}
		case interface{ IsBoolFlag() bool }:
			f.Value = &onceBool{onceValue: o, isBool: v.IsBoolFlag()}
		default:
			f.Value = &o
		}
	}
	visitFlags(root, func(_ *cobra.Command, f *pflag.Flag) { wrap(f) })
}

// pathFlags are the flags whose value names a file or directory (of any
// command). An explicit empty value of one is refused: it is an unset
// variable, not a choice. Other string flags keep "" (--heuristic= is
// the canonical word of dlx's schedule in a count key).
// TestEmptyPathFlagsRefused fails on a flag that speaks of a FILE or
// DIR and is not listed here.
var pathFlags = map[string]bool{
	"output": true, "checkpoint": true, "count-key": true, "puzzle": true,
	"start": true, "highs-options-file": true, "names": true, "chart": true,
	"update": true, "examples": true, "dlx-solver": true,
}

// onceValue is a flag value that takes one value, given any number of
// times.
type onceValue struct {
	pflag.Value
	name  string
	given bool
	raw   string
}

func (o *onceValue) Set(s string) error {
	if s == "" && pathFlags[o.name] {
		// A path flag's empty value is its "not given": typed, it is a
		// variable that was not set (--checkpoint "$CK"), and the run
		// went on without a checkpoint, count key or --puzzle check.
		return fmt.Errorf("--%s was given an empty file name: give a file, or leave the flag out", o.name)
	}
	if o.given && s != o.raw {
		return fmt.Errorf("--%s was already given as %q: give it once", o.name, o.raw)
	}
	if err := o.Value.Set(s); err != nil {
		return err
	}
	o.given, o.raw = true, s
	return nil
}

// onceBool keeps a boolean flag boolean for pflag (its help shows no
// "(default false)"); Set is onceValue's.
type onceBool struct {
	onceValue
	isBool bool
}

func (o *onceBool) IsBoolFlag() bool { return o.isBool }

// onceBounded keeps a numeric flag's range (numflags.go); Set is
// onceValue's.
type onceBounded struct {
	onceValue
	b boundedFlag
}

func (o *onceBounded) bounds() (lo, hi string) { return o.b.bounds() }
