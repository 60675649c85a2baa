package compare

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/model"
)

// programChoice is the max-coverage program a MIP backend solves.
type programChoice struct {
	form       model.Formulation
	strengthen bool
	explicit   bool // a formulation option was given: max-coverage only
	mps        bool // external solvers: MPS instead of LP
}

func parseProgramOptions(opts []string, allowMPS bool) (programChoice, error) {
	c := programChoice{form: model.DefaultFormulation}
	for _, o := range opts {
		switch o {
		case "seed":
			c.form, c.explicit = model.Seed, true
		case "packing":
			c.form, c.explicit = model.Packing, true
		case "strengthen", "strong":
			c.strengthen, c.explicit = true, true
		case "mps":
			if !allowMPS {
				return c, fmt.Errorf("option mps is for external solvers")
			}
			c.mps = true
		default:
			return c, fmt.Errorf("unknown option %q (options: seed, packing, strengthen)", o)
		}
	}
	return c, nil
}

func (c programChoice) options(k Kind) model.ProgramOptions {
	if k == Count {
		return model.ProgramOptions{Mode: model.Exact}
	}
	return model.ProgramOptions{Mode: model.MaxCoverage, Formulation: c.form, Strengthen: c.strengthen}
}

func (c programChoice) describe(k Kind) string {
	if k == Count {
		return "exact program"
	}
	s := c.form.String() + " formulation"
	if c.strengthen {
		s += " + area row"
	}
	return s
}

// maxHiGHSThreads bounds the threads HiGHS is given (threads=N of the
// highs backends, highs-cli's threads option): solve's --threads range.
const maxHiGHSThreads = 256

// highsBackend solves the program in-process with HiGHS.
type highsBackend struct {
	spec   string
	prog   programChoice
	solver highs.Options // gap=, threads= and HiGHS options by name
	extra  []string      // the solver options as given, for Describe
}

func highsFactory(spec string, opts []string) (Backend, error) {
	var progOpts []string
	var solver highs.Options
	var extra []string
	for _, o := range opts {
		key, val, ok := strings.Cut(o, "=")
		if !ok {
			progOpts = append(progOpts, o)
			continue
		}
		extra = append(extra, o)
		switch key {
		case "gap":
			g, err := limits.ParseDecimal(val, false)
			if err != nil || g < 0 || g > 1e6 {
				return nil, fmt.Errorf("option %q: gap=G wants a relative MIP gap from 0 to 1e6", o)
			}
			solver.MIPRelGap = g
		case "threads":
			n, err := limits.ParseInt(val, 0, maxHiGHSThreads)
			if err != nil {
				return nil, fmt.Errorf("option %q: threads=N wants 0 (HiGHS's default) to %d", o, maxHiGHSThreads)
			}
			solver.Threads = int(n)
		default:
			ho, err := highs.ParseOption(o)
			if err != nil {
				return nil, err
			}
			solver.Extra = append(solver.Extra, ho)
		}
	}
	if err := highs.CheckExtra(solver.Extra); err != nil && !errors.Is(err, highs.ErrUnavailable) {
		return nil, err
	}
	c, err := parseProgramOptions(progOpts, false)
	if err != nil {
		return nil, err
	}
	return &highsBackend{spec: spec, prog: c, solver: solver, extra: extra}, nil
}

func (b *highsBackend) Name() string { return b.spec }
func (b *highsBackend) Native() bool { return false }

func (b *highsBackend) Describe() string {
	s := "HiGHS " + highs.Version() + " in-process: count by no-good cuts; max-coverage " + b.prog.describe(MaxCoverage)
	if b.prog.explicit {
		s = "HiGHS " + highs.Version() + " in-process, " + b.prog.describe(MaxCoverage)
	}
	if len(b.extra) > 0 {
		s += "; HiGHS options " + strings.Join(b.extra, ",")
	}
	return s
}

func (b *highsBackend) Supports(k Kind) bool { return k == MaxCoverage || !b.prog.explicit }

func (b *highsBackend) Run(ctx context.Context, t Task) (*Outcome, error) {
	if t.Kind == Count {
		o, err := enumerate(ctx, t.Puzzle, t.EnumLimit, t.TimeLimit, enumOptions{base: b.solver})
		if errors.Is(err, highs.ErrUnavailable) {
			return &Outcome{Status: Skipped, Reason: highs.UnavailableReason()}, nil
		}
		return o, err
	}
	prog, err := model.NewProgram(t.Puzzle, b.prog.options(t.Kind))
	if err != nil {
		return nil, err
	}
	opt := b.solver
	opt.TimeLimit = t.TimeLimit
	res, err := highs.SolveProgram(ctx, prog, opt)
	if errors.Is(err, highs.ErrUnavailable) {
		return &Outcome{Status: Skipped, Reason: highs.UnavailableReason()}, nil
	}
	if err != nil {
		return nil, err
	}
	optimal := res.Optimal || res.AreaBoundReached || (res.HasSolution && res.Coverage >= res.Bound)
	o := &Outcome{
		Status: OK, Complete: optimal, Bound: ptr(res.Bound),
		Seconds: res.Seconds, Work: res.Nodes, WorkUnit: "B&B nodes",
	}
	if res.HasSolution {
		o.Coverage = ptr(res.Coverage)
		o.Tilings = append(o.Tilings, res.Tiling)
	}
	if res.AreaBoundReached { // polytile's bound, whichever argument gives it
		o.Note = "stopped at the " + prog.Bound.Name()
	}
	switch {
	case optimal:
	case res.Status == highs.StatusTimeLimit || res.Status == highs.StatusInterrupted:
		o.Status = Timeout
	case res.NotProven != "" && res.HasSolution:
		// Options that void HiGHS's proof: found, not proven.
		o.Note = "found, " + res.NotProven
	case res.Status == highs.StatusOptimal && res.HasSolution:
		// HiGHS stopped at its relative gap (gap=G) above its bound.
		o.Note = fmt.Sprintf("found, not proven: HiGHS stopped at its gap, bound %d", res.Bound)
	case res.HasSolution:
		// A solution or node limit: said as what stopped HiGHS.
		o.Note = fmt.Sprintf("found, not proven: HiGHS stopped at its %s, bound %d", strings.TrimSpace(res.Status.String()), res.Bound)
	default:
		o.Status = Error
		o.Reason = "HiGHS status " + strings.TrimSpace(res.Status.String())
		if res.NotProven != "" {
			o.Reason += "; " + res.NotProven
		}
	}
	return o, nil
}
