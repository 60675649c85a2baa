package compare

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// scheduleOption reports whether the option o of a native spec is a
// heuristic or a schedule (f, e=11, e=11:f=3, radial): it starts with a
// heuristic's name. native.CheckSchedule then reads it, as solve's
// --heuristic does, and says what is wrong with it; a pattern of valid
// schedules here sent e=-1:f=2 or e=+3 to "unknown option" instead.
func scheduleOption(o string) bool {
	name, _, _ := strings.Cut(o, ":")
	name, _, _ = strings.Cut(name, "=")
	switch name {
	case "f", "e", "s", "radial":
		return true
	}
	return false
}

// nativeBackend runs native.Solve (and native maximum coverage).
type nativeBackend struct {
	spec string
	cfg  native.Config
	// defaults: the "native" backend, polytile solve's default
	// configuration for each puzzle (native.DefaultConfig, with the
	// redundancy filter on to count unique solutions; for maximum coverage
	// native.DefaultMaxCoverageConfig), with opts on top.
	defaults bool
	opts     []string
}

func nativeFactory(algorithm string) Factory {
	return func(spec string, opts []string) (Backend, error) {
		cfg, err := NativeConfig(algorithm, opts)
		if err != nil {
			return nil, err
		}
		return &nativeBackend{spec: spec, cfg: cfg, defaults: algorithm == "native", opts: opts}, nil
	}
}

// config is the configuration for puzzle p and task kind k.
func (b *nativeBackend) config(p *puzzle.Puzzle, k Kind) native.Config {
	if !b.defaults {
		return b.cfg
	}
	var base native.Config
	if k == MaxCoverage {
		base = native.DefaultMaxCoverageConfig()
	} else {
		base = native.DefaultConfig(p)
		base.Redundancy = "auto"
	}
	cfg, err := applyNativeOptions(base, b.opts)
	if err != nil {
		return b.cfg // cannot happen: the same options were accepted on b.cfg
	}
	return cfg
}

// NativeConfig turns the options of a dlx, fila or native spec into a
// native.Config: a heuristic or schedule (f, e, s, radial, e=11:f=3), nof,
// at=N, vol or vol=N, r=PIECE|auto|none and j=N. The redundancy filter is
// "auto" unless r= says otherwise.
func NativeConfig(algorithm string, opts []string) (native.Config, error) {
	cfg := native.Config{Algorithm: algorithm, Redundancy: "auto"}
	if algorithm == "native" {
		cfg.Algorithm = "fila"
	}
	return applyNativeOptions(cfg, opts)
}

// applyNativeOptions sets the options of a native spec on cfg.
func applyNativeOptions(cfg native.Config, opts []string) (native.Config, error) {
	if err := checkOnce(opts); err != nil {
		return cfg, err
	}
	for _, o := range opts {
		key, val, hasVal := strings.Cut(o, "=")
		// num reads a decimal integer in [lo, hi], the range of the
		// matching solve flag (docs/formats.md).
		num := func(lo, hi int) (int, error) {
			n, err := limits.ParseInt(val, int64(lo), int64(hi))
			if err != nil || !hasVal {
				return 0, fmt.Errorf("option %q wants a number from %d to %d, e.g. %s=%d", o, lo, hi, key, max(lo, min(hi, 11)))
			}
			return int(n), nil
		}
		var err error
		switch {
		case o == "nof":
			if cfg.Algorithm != "fila" {
				return cfg, fmt.Errorf("nof is a FILA option")
			}
			cfg.NOF = true
		case key == "at":
			if cfg.Algorithm != "fila" {
				return cfg, fmt.Errorf("at=N is a FILA option (DLX until N pieces remain)")
			}
			cfg.FilaAt, err = num(0, limits.MaxPieceLevel)
		case o == "vol" || o == "volume":
			cfg.Volume = -1
		case key == "vol" || key == "volume":
			// As solve's --volume=N: -1 once, 0 off, N re-applied while
			// more than N pieces remain.
			cfg.Volume, err = num(-1, limits.MaxPieceLevel)
		case key == "r" && hasVal:
			cfg.Redundancy = val // "none" is the plain search
		case key == "j":
			cfg.Workers, err = num(1, limits.MaxWorkers)
		case scheduleOption(o):
			if err := native.CheckSchedule(o); err != nil {
				return cfg, err
			}
			cfg.Schedule = o
		default:
			return cfg, fmt.Errorf("unknown option %q (options: a heuristic f|e|s|radial or schedule e=11:f=3, nof, at=N, vol[=N], r=PIECE|auto|none, j=N)", o)
		}
		if err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// DescribeConfig says in words what a native configuration runs, with the
// polytile solve flags that reproduce it.
func DescribeConfig(cfg native.Config) string {
	return strings.Join(SolveFlags(cfg), " ")
}

// SolveFlags returns the `polytile solve` flags that select cfg, e.g.
// --backend fila --heuristic f --nof --fila-at 11 --volume --redundancy auto.
func SolveFlags(cfg native.Config) []string {
	alg := cfg.Algorithm
	if alg == "" {
		alg = "dlx"
	}
	f := []string{"--backend " + alg}
	if cfg.Redundancy != "" {
		f = append(f, "--redundancy "+cfg.Redundancy)
	}
	switch {
	case cfg.Volume < 0:
		f = append(f, "--volume")
	case cfg.Volume > 0:
		f = append(f, fmt.Sprintf("--volume=%d", cfg.Volume))
	}
	if cfg.Algorithm == "fila" && cfg.FilaAt > 0 {
		f = append(f, fmt.Sprintf("--fila-at %d", cfg.FilaAt))
	}
	if cfg.Schedule != "" {
		f = append(f, "--heuristic "+cfg.Schedule)
	}
	if cfg.NOF {
		f = append(f, "--nof")
	}
	if cfg.Workers > 1 {
		f = append(f, fmt.Sprintf("-j %d", cfg.Workers))
	}
	return f
}

// PuzzleChecker is a backend whose options may do nothing on some
// puzzles or tasks: CheckTask says why (the caller refuses the backend for
// that puzzle and task, as polytile solve refuses the matching flags, or
// skips its row).
type PuzzleChecker interface {
	CheckTask(p *puzzle.Puzzle, k Kind) error
}

// CheckTask refuses the options that do nothing on p for task k, with
// native.Config.IdleSettings's reason (solve refuses the matching flags
// with the same one): on maximum coverage every option but the heuristic,
// and a schedule's levels; with an unlimited piece at=N and a schedule's
// levels; with the symmetric key the options of FILA, j=N and r=PIECE.
// It refuses an r=PIECE that names no piece of p too. native.Config itself accepts them (and does what IdleSettings
// says): the native tests run every configuration on every puzzle. On
// maximum coverage the spec's first idle option is named, else at=N
// before the schedule.
func (b *nativeBackend) CheckTask(p *puzzle.Puzzle, k Kind) error {
	if k == MaxCoverage {
		for _, o := range b.opts {
			if idle := b.cfg.IdleSettings(nil, true, optionSetting(o)); len(idle) > 0 {
				return errors.New(idle[0].Explain(o, o, idle[0].Instead))
			}
		}
		return nil
	}
	var given native.Settings
	for _, o := range b.opts {
		given |= optionSetting(o)
	}
	// A piece r= names that p does not have is refused as solve
	// --redundancy refuses it, before the search; one left out for
	// fitting nowhere is p's.
	if r := b.cfg.Redundancy; native.PinsPiece(r) && p.Piece(r) < 0 && !slices.Contains(p.Dropped, r) {
		return fmt.Errorf("r=%s: no piece named %q", r, r)
	}
	idle := b.cfg.IdleSettings(p, false, given)
	if len(idle) == 0 {
		return nil
	}
	// The first idle setting (in the order of their bits: at=N before the
	// schedule) is named by the option of the spec that set it, spelled
	// as the user spelled it (nof, vol=0, j=2).
	for _, o := range b.opts {
		if optionSetting(o) == idle[0].Setting {
			return errors.New(idle[0].Explain(o, o, idle[0].Instead))
		}
	}
	return errors.New(idle[0].Explain(b.spec, b.spec, idle[0].Instead))
}

// optionSetting is the native.Config setting a native option sets.
func optionSetting(o string) native.Settings {
	key, _, _ := strings.Cut(o, "=")
	switch {
	case o == "nof":
		return native.SetNOF
	case key == "at":
		return native.SetFilaAt
	case key == "vol" || key == "volume":
		return native.SetVolume
	case key == "r":
		return native.SetRedundancy
	case key == "j":
		return native.SetWorkers
	case optionKind(o) == "heuristic":
		return native.SetSchedule
	}
	return native.SetSearch // none other is accepted (applyNativeOptions)
}

func (b *nativeBackend) Name() string { return b.spec }
func (b *nativeBackend) Native() bool { return true }

func (b *nativeBackend) Describe() string {
	if b.defaults {
		s := "polytile solve's default configuration (native.DefaultConfig; --redundancy auto to count unique solutions)"
		if len(b.opts) > 0 {
			s += " with " + strings.Join(b.opts, ",")
		}
		return s
	}
	return DescribeConfig(b.cfg)
}

func (b *nativeBackend) Supports(Kind) bool { return true }

func (b *nativeBackend) Run(ctx context.Context, t Task) (*Outcome, error) {
	cfg := b.config(t.Puzzle, t.Kind)
	if t.Kind == MaxCoverage {
		return runNativeMaxCoverage(ctx, t, cfg)
	}
	res, err := native.Solve(ctx, t.Puzzle, cfg)
	if err != nil {
		return nil, err
	}
	o := &Outcome{
		Status: OK, Solutions: ptr(res.All), Unique: ptr(res.Unique), Complete: !res.Interrupted,
		Seconds: res.Seconds, Work: res.Nodes, WorkUnit: "nodes", Tilings: res.First,
	}
	if res.Interrupted {
		o.Status = Timeout
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			o.Note = "interrupted"
		}
	}
	return o, nil
}
