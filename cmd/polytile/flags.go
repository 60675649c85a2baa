package main

import (
	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/cliflag"
)

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
