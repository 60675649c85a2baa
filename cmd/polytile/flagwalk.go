package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// visitFlags calls fn for every command under root (root included) and
// each of its local and persistent flags (a persistent flag is seen where
// it is declared): setOnceFlags wraps every flag through it, and the
// flag-rule tests walk the tree with it.
func visitFlags(root *cobra.Command, fn func(c *cobra.Command, f *pflag.Flag)) {
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		visit := func(f *pflag.Flag) { fn(c, f) }
		c.LocalFlags().VisitAll(visit)
		c.PersistentFlags().VisitAll(visit)
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
