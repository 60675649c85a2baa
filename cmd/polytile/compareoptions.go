package main

import (
	"context"

	"github.com/polytile/polytile/compare"
)

// applySolverOptions parses compare's --solver-option flags, asks each
// solver whether it knows them (its own message on an unknown option or
// a bad value) and hands them to the external backends of the run; an
// option for a solver that is not among the backends does not apply and
// is an error, like an unknown one.
func applySolverOptions(ctx context.Context, specs []string, backends []compare.Backend, perKind map[compare.Kind][]compare.Backend) ([]compare.Backend, map[compare.Kind][]compare.Backend, error) {
	if len(specs) == 0 {
		return backends, perKind, nil
	}
	var opts []compare.SolverOption
	for _, s := range specs {
		o, err := compare.ParseSolverOption(s)
		if err != nil {
			return nil, nil, usageErr("--solver-option: %v", err)
		}
		opts = append(opts, o)
	}
	present := map[string]bool{}
	apply := func(list []compare.Backend) []compare.Backend {
		out := make([]compare.Backend, len(list))
		for n, b := range list {
			if s := compare.SolverOf(b); s != "" {
				present[s] = true
			}
			out[n], _ = compare.WithSolverOptions(b, opts)
		}
		return out
	}
	backends = apply(backends)
	if perKind != nil {
		m := make(map[compare.Kind][]compare.Backend, len(perKind))
		for k, list := range perKind {
			m[k] = apply(list)
		}
		perKind = m
	}
	for _, o := range opts {
		if !present[o.Solver] {
			return nil, nil, usageErr("--solver-option %s does not apply: %s is not among the backends of this comparison", o, o.Solver)
		}
	}
	if err := compare.ValidateSolverOptions(ctx, opts); err != nil {
		return nil, nil, usageErr("--solver-option: %v", err)
	}
	return backends, perKind, nil
}
