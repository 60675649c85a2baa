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
// --solver-option) are left alone. runMain applies it to the command tree
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

// onceValue is a flag value that takes one value, given any number of
// times.
type onceValue struct {
	pflag.Value
	name  string
	given bool
	raw   string
}

func (o *onceValue) Set(s string) error {
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
