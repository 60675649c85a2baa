package compare

import (
	"context"

	"github.com/polytile/polytile/native"
)

// runNativeMaxCoverage is the native maximum-coverage search: until
// package native has one, the native backends are listed as skipped in
// maximum-coverage comparisons.
func runNativeMaxCoverage(_ context.Context, _ Task, _ native.Config) (*Outcome, error) {
	return &Outcome{Status: Skipped, Reason: "native maximum coverage is not available yet"}, nil
}
