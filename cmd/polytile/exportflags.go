package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/model"
)

// checkExportFlags refuses the export flags that do not apply to the
// chosen format, so that none is silently ignored.
func checkExportFlags(cmd *cobra.Command, format string, opt model.ProgramOptions) error {
	format = strings.ToLower(format)
	changed := cmd.Flags().Changed
	refuse := func(flags ...string) error {
		for _, f := range flags {
			if changed(f) {
				return usageErr("--%s does not apply to --format %s", f, format)
			}
		}
		return nil
	}
	if format != "dlx" {
		if err := refuse("dialect"); err != nil {
			return err
		}
	}
	if format != "cnf" || opt.Mode != model.MaxCoverage {
		if changed("min-covered") {
			return usageErr("--min-covered applies to --format cnf --max-coverage")
		}
	}
	switch format {
	case "dlx":
		return refuse("formulation", "strengthen", "symmetry")
	case "cnf":
		return refuse("formulation", "strengthen")
	case "pyomo":
		return refuse("symmetry")
	}
	return nil
}
