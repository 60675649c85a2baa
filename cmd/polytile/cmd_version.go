package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/clihelp"
)

// buildVersion, set with go build -ldflags "-X main.buildVersion=...",
// replaces the module version (make build sets it from git describe).
var buildVersion string

// versionString is polytile's version line (clihelp.Version).
func versionString() string { return clihelp.Version("polytile", buildVersion) }

func (a *app) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of polytile (also: polytile --version)",
		Args:  cliflag.ExactArgs(0, "no arguments"),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runVersion(cmd.Context(), versionOptions{})
		},
	}
}

// versionOptions are version's inputs: it takes none.
type versionOptions struct{}

func (a *app) runVersion(_ context.Context, _ versionOptions) error {
	_, err := fmt.Fprintln(a.stdout, versionString())
	return err
}
