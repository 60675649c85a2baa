package compare

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/extproc"
	"github.com/polytile/polytile/internal/solverpath"
)

// SolverOption is one option passed to an external solver of compare
// (cbc, glpsol or highs-cli), written on the command line as
// "solver:key=value" (or "solver:key" for an option without a value).
type SolverOption struct {
	Solver, Key, Value string
	HasValue           bool
}

// String returns the option as it is written on the command line.
func (o SolverOption) String() string {
	if o.HasValue {
		return o.Solver + ":" + o.Key + "=" + o.Value
	}
	return o.Solver + ":" + o.Key
}

// reservedOptions are the options compare sets itself, per solver: the
// model file, the time limit and the solution file.
var reservedOptions = map[string][]string{
	"highs-cli": {"model_file", "solution_file", "time_limit", "read_solution_file", "write_solution_file", "write_solution_style", "options_file"},
	"cbc":       {"import", "sec", "seconds", "solu", "solution", "solve", "branchandbound", "quit", "exit", "stop", "mips", "mipstart"},
	"glpsol":    {"lp", "cpxlp", "mps", "freemps", "glp", "math", "m", "model", "tmlim", "o", "output", "w", "write", "min", "max", "check", "version", "help", "h", "v"},
}

var optionKeyRE = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]*$`)

// ParseSolverOption reads "solver:key=value" or "solver:key". The solver
// must be cbc, glpsol or highs-cli, the key a plain word (letters,
// digits, '_' and '-', with any leading dashes dropped), and the value
// one word without white space; options compare sets itself (the model,
// the time limit, the solution file) are refused, and so is every option
// outside the solver's allowlist (allowedOption): no option that could
// make the solver read or write a file reaches it.
func ParseSolverOption(s string) (SolverOption, error) {
	solver, kv, ok := strings.Cut(s, ":")
	if !ok {
		return SolverOption{}, fmt.Errorf("solver option %q: write SOLVER:KEY=VALUE with SOLVER cbc, glpsol or highs-cli", s)
	}
	if _, known := reservedOptions[solver]; !known {
		return SolverOption{}, fmt.Errorf("solver option %q: unknown solver %q (solver options apply to the external solvers cbc, glpsol and highs-cli)", s, solver)
	}
	key, value, has := strings.Cut(kv, "=")
	key = strings.TrimLeft(key, "-")
	if !optionKeyRE.MatchString(key) {
		return SolverOption{}, fmt.Errorf("solver option %q: bad key %q", s, key)
	}
	if has && (value == "" || strings.ContainsAny(value, " \t\r\n\x00")) {
		return SolverOption{}, fmt.Errorf("solver option %q: the value must be one word", s)
	}
	for _, r := range reservedOptions[solver] {
		if strings.EqualFold(key, r) {
			return SolverOption{}, fmt.Errorf("solver option %q: compare sets %s itself (the model, the time limit from --time-limit, the solution file)", s, key)
		}
	}
	o := SolverOption{Solver: solver, Key: key, Value: value, HasValue: has}
	if why := allowedOption(o); why != "" {
		return SolverOption{}, fmt.Errorf("solver option %q refused: %s", s, why)
	}
	return o, nil
}

// ValidateSolverOptions asks each solver whether it knows the options,
// by running its binary once without a model (highs --options_file F;
// cbc -KEY VALUE -quit; glpsol --KEY VALUE --version), and returns the
// solver's own message for an unknown option or a bad value. A solver
// that is not installed is not asked (its backend is skipped anyway).
func ValidateSolverOptions(ctx context.Context, opts []SolverOption) error {
	by := map[string][]SolverOption{}
	for _, o := range opts {
		by[o.Solver] = append(by[o.Solver], o)
	}
	for _, s := range externalSolvers {
		list := by[s.name]
		if len(list) == 0 {
			continue
		}
		bin, err := solverpath.Find(s.bin)
		if err != nil {
			continue
		}
		if err := validate(ctx, s.name, bin, list); err != nil {
			return err
		}
	}
	return nil
}

func validate(ctx context.Context, solver, bin string, opts []SolverOption) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	run := func(dir string, args ...string) (string, error) {
		cmd := extproc.Command(ctx, bin, args...)
		cmd.Dir = dir
		var out extproc.Output
		cmd.Stdout, cmd.Stderr = &out, &out
		err := extproc.Run(cmd)
		return out.String(), err
	}
	switch solver {
	case "highs-cli":
		dir, done, err := atomicfile.MkdirTemp("polytile-options-") // removed on a hard exit too
		if err != nil {
			return err
		}
		defer done()
		file := filepath.Join(dir, "highs.opt")
		if err := os.WriteFile(file, []byte(highsOptionsFile(opts)), 0o600); err != nil {
			return err
		}
		out, _ := run(dir, "--options_file", file)
		if msg := grepLines(out, "ERROR"); msg != "" {
			return fmt.Errorf("highs-cli options: %s", msg)
		}
	case "cbc":
		for _, o := range opts {
			out, _ := run("", append(cbcArgs([]SolverOption{o}), "-quit")...)
			if msg := grepLines(out, "No match", "illegal", "ambiguous", "Unknown", "not a", "Invalid"); msg != "" {
				return fmt.Errorf("cbc option %s: %s", o, msg)
			}
		}
	case "glpsol":
		for _, o := range opts {
			out, err := run("", append(glpsolArgs([]SolverOption{o}), "--version")...)
			if err != nil || ctx.Err() != nil {
				return fmt.Errorf("glpsol option %s: %s", o, strings.TrimSpace(firstLine(out)))
			}
		}
	}
	return nil
}

// highsOptionsFile is the options file of the highs binary.
func highsOptionsFile(opts []SolverOption) string {
	var b strings.Builder
	for _, o := range opts {
		v := o.Value
		if !o.HasValue {
			v = "true"
		}
		fmt.Fprintf(&b, "%s = %s\n", o.Key, v)
	}
	return b.String()
}

func cbcArgs(opts []SolverOption) []string { return dashArgs("-", opts) }

func glpsolArgs(opts []SolverOption) []string { return dashArgs("--", opts) }

// dashArgs writes options as command-line arguments: dash+KEY, then VALUE
// when there is one.
func dashArgs(dash string, opts []SolverOption) []string {
	var out []string
	for _, o := range opts {
		out = append(out, dash+o.Key)
		if o.HasValue {
			out = append(out, o.Value)
		}
	}
	return out
}

func grepLines(out string, words ...string) string {
	var hits []string
	for _, l := range strings.Split(out, "\n") {
		for _, w := range words {
			if strings.Contains(l, w) {
				hits = append(hits, strings.TrimSpace(l))
				break
			}
		}
	}
	return strings.Join(hits, "; ")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if s == "" {
		return "(no output)"
	}
	return s
}

// WithSolverOptions returns b with the options of its solver when b is
// an external solver backend, and whether it is one. The options apply
// to every run of the backend.
func WithSolverOptions(b Backend, opts []SolverOption) (Backend, bool) {
	e, ok := b.(*externalBackend)
	if !ok {
		return b, false
	}
	c := *e
	c.options = nil
	for _, o := range opts {
		if o.Solver == e.solver.name {
			c.options = append(c.options, o)
		}
	}
	c.options = slices.Clip(c.options)
	return &c, true
}

// SolverOf returns the external solver name of a backend ("cbc",
// "glpsol", "highs-cli"), or "".
func SolverOf(b Backend) string {
	if e, ok := b.(*externalBackend); ok {
		return e.solver.name
	}
	return ""
}

// OptionNotApplicableError is ApplySolverOptions's error for an option
// whose solver is not among the backends of the comparison.
type OptionNotApplicableError struct{ Option SolverOption }

// Error names the option and its solver.
func (e *OptionNotApplicableError) Error() string {
	return fmt.Sprintf("%s does not apply: %s is not among the backends of this comparison", e.Option, e.Option.Solver)
}

// ApplySolverOptions parses specs (ParseSolverOption), hands the options
// to the external backends of backends and perKind (WithSolverOptions)
// and asks each solver whether it knows them (ValidateSolverOptions). An
// option for a solver that is not among the backends does nothing and is
// an *OptionNotApplicableError.
func ApplySolverOptions(ctx context.Context, specs []string, backends []Backend, perKind map[Kind][]Backend) ([]Backend, map[Kind][]Backend, error) {
	if len(specs) == 0 {
		return backends, perKind, nil
	}
	var opts []SolverOption
	for _, s := range specs {
		o, err := ParseSolverOption(s)
		if err != nil {
			return nil, nil, err
		}
		opts = append(opts, o)
	}
	present := map[string]bool{}
	apply := func(list []Backend) []Backend {
		out := make([]Backend, len(list))
		for n, b := range list {
			if s := SolverOf(b); s != "" {
				present[s] = true
			}
			out[n], _ = WithSolverOptions(b, opts)
		}
		return out
	}
	backends = apply(backends)
	if perKind != nil {
		m := make(map[Kind][]Backend, len(perKind))
		for k, list := range perKind {
			m[k] = apply(list)
		}
		perKind = m
	}
	for _, o := range opts {
		if !present[o.Solver] {
			return nil, nil, &OptionNotApplicableError{Option: o}
		}
	}
	if err := ValidateSolverOptions(ctx, opts); err != nil {
		return nil, nil, err
	}
	return backends, perKind, nil
}
