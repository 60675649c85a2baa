package main

import (
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/polytile/polytile/internal/limits"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/shard"
)

// mergeForPuzzle refuses (exit 2, a *shard.Conflict) the results among
// files that were not computed for the puzzle at path as it is now: a
// fingerprint other than that of the puzzle, read as solve reads it
// (format from, a piece that fits nowhere dropped only when unlimited).
// A results directory reused after the puzzle was edited, or filled by
// another puzzle, is then never merged as if it were this puzzle's count.
// Then, when solve's configuration flags were given, the results of
// another configuration (checkConfig).
func (a *app) mergeForPuzzle(mp mergePuzzle, files []shard.Loaded) error {
	path, from := mp.path, mp.from
	fp, p, err := a.mergeFingerprint(path, mp.data, from)
	if err != nil {
		return fmt.Errorf("merge --puzzle: %w", err)
	}
	var stale []string
	for _, f := range files {
		if f.Result == nil || f.Result.Fingerprint == fp {
			continue
		}
		stale = append(stale, fmt.Sprintf("%s (puzzle %s from %s, fingerprint %s)", f.Path,
			shownText(orDefault(f.Result.Puzzle, "?")), shownText(f.Result.File), shard.ShortFingerprint(f.Result.Fingerprint)))
	}
	if len(stale) == 0 {
		return mp.checkConfig(p, files)
	}
	return &shard.Conflict{What: fmt.Sprintf("results not computed for --puzzle %s as it is now (fingerprint %s): "+
		"the puzzle was edited since they were made, or they are another puzzle's; rerun them into an empty directory",
		shownText(path), shard.ShortFingerprint(fp)), Files: stale}
}

// mergePuzzle is merge's --puzzle, --from and the solve flags that shape
// the split.
type mergePuzzle struct {
	path, from string
	// data is the puzzle file's bytes, read once (readPuzzleOnce): its
	// SHA-256 and its fingerprint are taken of the same bytes.
	data    []byte
	solve   solveFlags
	changed func(name string) bool
	// always checks the configuration even when no flag was given (the
	// flags of a count.key: those left out are solve's defaults).
	always bool
}

// configFlags adds solve's flags that shape the split (shard.Config), with
// solve's defaults and bounds.
func (mp *mergePuzzle) configFlags(fl *pflag.FlagSet) {
	f := &mp.solve
	fl.StringVar(&f.backend, "backend", "fila", "with --puzzle: refuse results not counted with this backend (fila or dlx)")
	fl.StringVar(&f.heuristic, "heuristic", "", "with --puzzle: refuse results not counted with this --heuristic (default: solve's)")
	fl.BoolVar(&f.nof, "nof", native.DefaultNOF, "with --puzzle: refuse results not counted with this --nof")
	intFlag(fl, &f.filaAt, "fila-at", "", 0, 0, limits.MaxPieceLevel, "with --puzzle: refuse results not counted with this --fila-at")
	intFlag(fl, &f.volume, "volume", "", 0, -1, limits.MaxPieceLevel, "with --puzzle: refuse results not counted with this --volume (default: solve's)").NoOptDefVal = "-1"
	fl.StringVar(&f.redundancy, "redundancy", "", "with --puzzle: refuse results not counted with this --redundancy (a piece or none; auto, the default, takes whichever piece the results pinned)")
}

// configGiven reports whether a flag of configFlags was given.
func (mp *mergePuzzle) configGiven() bool {
	if mp.changed == nil {
		return false
	}
	for _, n := range []string{"backend", "heuristic", "nof", "fila-at", "volume", "redundancy"} {
		if mp.changed(n) {
			return true
		}
	}
	return false
}

// checkConfig refuses (a *shard.Conflict) the results whose configuration
// is not that of solve p --count with the flags given, when some were.
// The pinned piece is checked when --redundancy names one or is none;
// with auto (solve's default) any piece the results agree on is taken
// (Merge refuses results that pinned different pieces): the piece solve
// would pin is not known without building the search.
func (mp *mergePuzzle) checkConfig(p *puzzle.Puzzle, files []shard.Loaded) error {
	if !mp.always && !mp.configGiven() {
		return nil
	}
	f := mp.solve
	f.count = true
	f.volumeSet = mp.changed("volume")
	f.given = givenSettings(mp.changed)
	if f.backend != "fila" && f.backend != "dlx" {
		return usageErr("merge --backend %q: a sharded count runs fila or dlx", f.backend)
	}
	cfg, err := nativeConfig(p, &f)
	if err != nil {
		return err
	}
	if err := native.CheckSchedule(cfg.Schedule); err != nil {
		return usageErr("merge --heuristic: %v", err)
	}
	want := mp.want(shard.Config{Backend: cfg.Algorithm, Schedule: cfg.Schedule, FilaAt: cfg.FilaAt, NOF: cfg.NOF, Volume: cfg.Volume})
	var cc *shard.ConfigConflict
	if !errors.As(shard.CheckConfig(want, files), &cc) {
		return nil
	}
	return &shard.Conflict{What: fmt.Sprintf("results not counted with the flags given (%s)", want), Files: cc.Described()}
}

// want is the configuration cfg with the pinned piece --redundancy
// names: a piece, none, or (auto, solve's default) any.
func (mp *mergePuzzle) want(cfg shard.Config) shard.Want {
	switch r := mp.solve.redundancy; r {
	case "", "auto":
		return shard.Want{Config: cfg, AnyRedundancy: true}
	case "none":
		return shard.Want{Config: cfg}
	default:
		cfg.Redundancy = r
		return shard.Want{Config: cfg}
	}
}
