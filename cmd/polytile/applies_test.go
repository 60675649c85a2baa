package main

import (
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TestEveryFlagIsClassified walks every flag of every command: each must
// have a rule in flagRules (or be a global flag), and every rule must name
// a flag that exists. A new flag cannot be added without saying when it
// applies.
func TestEveryFlagIsClassified(t *testing.T) {
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	root := a.rootCmd()
	seen := map[string]bool{}
	for _, cmd := range root.Commands() {
		if cmd.Hidden || cmd.Name() == "help" {
			continue
		}
		seen[cmd.Name()] = true
		rules, ok := flagRules[cmd.Name()]
		if !ok {
			t.Errorf("command %s has no entry in flagRules", cmd.Name())
			continue
		}
		cmd.InitDefaultHelpFlag()
		names := map[string]bool{}
		visit := func(f *pflag.Flag) {
			names[f.Name] = true
			if _, ok := rules[f.Name]; !ok {
				if _, ok := globalFlags[f.Name]; !ok {
					t.Errorf("%s --%s: not classified in flagRules (say when it applies)", cmd.Name(), f.Name)
				}
			}
		}
		cmd.LocalFlags().VisitAll(visit)
		cmd.InheritedFlags().VisitAll(visit)
		for name := range rules {
			if !names[name] {
				t.Errorf("flagRules[%s] has a rule for --%s, which the command does not have", cmd.Name(), name)
			}
		}
	}
	for name := range flagRules {
		if !seen[name] {
			t.Errorf("flagRules has a command %s that does not exist", name)
		}
	}
	var _ *cobra.Command = root
}

// A flag that does not apply is an error (exit 2, naming the flag and
// why), never ignored. Each of these was silently ignored before (or, for
// export, accepted in one case and refused in the other).
func TestInapplicableFlagsAreErrors(t *testing.T) {
	pent := example("pentomino-10x6.yaml")
	t7 := example("tetris-7x7.yaml")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"solve", pent, "--backend", "highs", "--shard", "0/2"}, "--shard"},
		{[]string{"solve", pent, "--backend", "highs", "-j", "2"}, "--jobs"},
		{[]string{"solve", pent, "--backend", "highs", "--stats"}, "--stats"},
		{[]string{"solve", pent, "--backend", "highs", "--heuristic", "e"}, "--heuristic"},
		{[]string{"solve", pent, "--backend", "highs", "--nof"}, "--nof"},
		{[]string{"solve", pent, "--backend", "highs", "--fila-at", "3"}, "--fila-at"},
		{[]string{"solve", pent, "--backend", "highs", "--volume"}, "--volume"},
		{[]string{"solve", pent, "--backend", "highs", "--redundancy", "X"}, "--redundancy"},
		{[]string{"solve", pent, "--backend", "highs", "--formulation", "seed"}, "--formulation"},
		{[]string{"solve", pent, "--backend", "dlx", "--nof"}, "--nof"},
		{[]string{"solve", pent, "--backend", "dlx", "--fila-at", "3"}, "--fila-at"},
		{[]string{"solve", pent, "--mip-gap", "0.1"}, "--mip-gap"},
		{[]string{"solve", pent, "--threads", "1"}, "--threads"},
		{[]string{"solve", pent, "--highs-option", "mip_heuristic_effort=0.1"}, "--highs-option"},
		{[]string{"solve", t7, "--max-coverage", "--formulation", "seed"}, "--formulation"},
		{[]string{"solve", t7, "--max-coverage", "--strengthen"}, "--strengthen"},
		{[]string{"solve", t7, "--max-coverage", "--no-warm-start"}, "--no-warm-start"},
		{[]string{"solve", t7, "--max-coverage", "-j", "2"}, "--jobs"},
		{[]string{"solve", t7, "--max-coverage", "--volume"}, "--volume"},
		{[]string{"solve", t7, "--max-coverage", "--stats"}, "--stats"},
		{[]string{"solve", t7, "--max-coverage", "--backend", "highs", "--no-warm-start", "--heuristic", "e"}, "--heuristic"},
		{[]string{"export", pent, "--format", "lp", "--formulation", "packing"}, "--formulation"},
		{[]string{"export", pent, "--format", "lp", "--strengthen"}, "--strengthen"},
		{[]string{"export", t7, "--format", "dlx", "--max-coverage", "--formulation", "seed"}, "--formulation"},
		{[]string{"export", t7, "--format", "lp", "--dialect", "dlx1"}, "--dialect"},
		{[]string{"export", t7, "--format", "cnf", "--max-coverage", "--strengthen"}, "--strengthen"},
		{[]string{"export", t7, "--format", "lp", "--max-coverage", "--min-covered", "40"}, "--min-covered"},
		{[]string{"export", t7, "--format", "pyomo", "--symmetry", "pin"}, "--symmetry"},
		{[]string{"export", t7, "--format", "dlx", "--start", "x.mst"}, "--start"},
		{[]string{"export", t7, "--format", "lp", "--start-time", "5s"}, "--start-time"},
		{[]string{"compare", pent, "--dlx-count", "x(\\d+)"}, "--dlx-count"},
		{[]string{"compare", pent, "--section", "s"}, "--section"},
		{[]string{"compare", t7, "--task", "max-coverage", "--enum-limit", "3"}, "--enum-limit"},
	} {
		code, out, errs := run(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.flag) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %.80q; want exit 2 naming %s", c.args, code, errs, out, c.flag)
		}
	}
	// ... and the same flags where they apply are accepted.
	for _, args := range [][]string{
		{"solve", pent, "--backend", "fila", "--nof", "--fila-at", "3", "--heuristic", "e", "--volume", "-j", "1", "--stats", "--redundancy", "auto", "-q"},
		{"solve", pent, "--backend", "dlx", "--heuristic", "s", "--shard", "0/1", "-q"},
		{"solve", t7, "--max-coverage", "--heuristic", "s", "-q"},
		{"export", t7, "--format", "lp", "--max-coverage", "--formulation", "packing", "--strengthen", "-o", "-"},
		{"export", pent, "--format", "dlx"},
	} {
		if code, _, errs := run(t, "", args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, errs)
		}
	}
}

// TestFormatFlagMissingIsSaid: a format-specific export flag without any
// --format said "applies to --format dlx, not to --format" (an empty name);
// it now says that no --format was given.
func TestFormatFlagMissingIsSaid(t *testing.T) {
	code, _, errs := run(t, "", "export", example("tetris-7x7.yaml"), "--dialect", "dlx1")
	if code != 2 || !strings.Contains(errs, "no --format was given") {
		t.Errorf("exit %d, want 2 saying no --format was given: %s", code, errs)
	}
}
