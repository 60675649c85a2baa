package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// buildVersion, when set with go build -ldflags "-X
// main.buildVersion=...", replaces the module version (make build sets it
// from git describe, for builds where go records no VCS information).
var buildVersion string

// versionString describes this build: the module version ("(devel)" for a
// build from a checkout, or buildVersion), the VCS revision and time
// recorded by go build, with "+dirty" when the tree had changes, and the Go
// version.
func versionString() string {
	v, rev, at, dirty := "(unknown)", "", "", false
	if bi, ok := debug.ReadBuildInfo(); ok {
		v = bi.Main.Version
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				dirty = s.Value == "true"
			}
		}
	}
	if buildVersion != "" {
		v = buildVersion
	}
	out := "polytile " + v
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if dirty {
			rev += "+dirty"
		}
		out += " (" + rev
		if at != "" {
			out += ", " + at
		}
		out += ")"
	}
	return out + ", " + runtime.Version()
}

func (a *app) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of polytile (also: polytile --version)",
		Args:  exactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runVersion(cmd.Context(), versionOptions{})
		},
	}
}

// versionOptions are version's inputs: it takes none.
type versionOptions struct{}

// runVersion prints the version line.
func (a *app) runVersion(_ context.Context, _ versionOptions) error {
	_, err := fmt.Fprintln(a.stdout, versionString())
	return err
}
