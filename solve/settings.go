package solve

import (
	"errors"
	"slices"
	"strconv"

	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// ErrNotApplicable is a setting that the backend or the question does
// not take: every *SettingError is it (errors.Is).
var ErrNotApplicable = errors.New("solve: setting does not apply")

// Refusal names the rule a *SettingError breaks.
type Refusal int

// The rules CheckFrontier and NativeConfig apply.
const (
	// FrontierQuestion: the frontier counts or maximises coverage only.
	FrontierQuestion Refusal = iota + 1
	// FrontierListing: the frontier lists no tilings.
	FrontierListing
	// FrontierSplit: the frontier counts in one run (no shard,
	// checkpoint or count key).
	FrontierSplit
	// FrontierStats: the frontier has no search statistics.
	FrontierStats
	// FrontierNative: the frontier takes none of the native settings.
	FrontierNative
	// FrontierPicture: the frontier finds no tiling to draw.
	FrontierPicture
	// HiGHSCount: HiGHS finds one tiling (no count, no listing).
	HiGHSCount
	// SymmetricShard: a symmetric key's orbit problem is not split.
	SymmetricShard
	// SymmetricCheckpoint: a symmetric key's orbit problem has no
	// subproblems to record.
	SymmetricCheckpoint
)

// SettingError is a setting refused by one of the rules. Its message
// names no flag: a command words the Refusal in its own terms.
type SettingError struct {
	Refusal Refusal
	// Shard is the shard as given, for SymmetricShard.
	Shard string
}

func (e *SettingError) Error() string {
	switch e.Refusal {
	case FrontierQuestion:
		return "solve: the frontier backend counts tilings or finds the maximum coverage; it lists none"
	case FrontierListing:
		return "solve: the frontier backend lists no tilings"
	case FrontierSplit:
		return "solve: the frontier backend counts in one run, with no shard, checkpoint or count key"
	case FrontierStats:
		return "solve: the frontier backend has no search statistics"
	case FrontierNative:
		return "solve: the frontier backend takes none of the native searches' settings"
	case FrontierPicture:
		return "solve: the frontier backend finds no tiling to draw"
	case HiGHSCount:
		return "solve: the highs backend finds one tiling; it neither counts nor lists"
	case SymmetricShard:
		return "solve: shard " + e.Shard + ": the symmetric key's orbit problem is searched serially, in one part"
	case SymmetricCheckpoint:
		return "solve: the symmetric key's orbit problem is searched serially, with no subproblems to record in a checkpoint"
	}
	return ErrNotApplicable.Error()
}

// Is reports whether target is ErrNotApplicable.
func (e *SettingError) Is(target error) bool { return target == ErrNotApplicable }

// Extras are the parts of a question that a Request does not hold and
// the rules read: the settings the user gave, how the search is split,
// and what is shown of it.
type Extras struct {
	// Given are the native settings given explicitly.
	Given native.Settings
	// Shard is the shard as given ("I/N", "auto"); "" for none.
	Shard string
	// Checkpoint and CountKey record the progress and the count's
	// identity in files.
	Checkpoint, CountKey bool
	// Stream shows every solution as it is found; Picture draws a tiling.
	Stream, Picture bool
}

// BackendError is an unknown backend; it is ErrBackend.
type BackendError struct{ Name string }

func (e *BackendError) Error() string {
	return "unknown backend " + strconv.Quote(e.Name) + ": use fila, dlx, highs or frontier"
}

// Is reports whether target is ErrBackend.
func (e *BackendError) Is(target error) bool { return target == ErrBackend }

// CheckBackend refuses, before the puzzle is read, an unknown backend
// (o.Algorithm, *BackendError) and a question it cannot answer: the
// frontier's rules (CheckFrontier), and a count or listing on HiGHS.
func CheckBackend(o native.Options, maxCoverage bool, x Extras) error {
	switch o.Algorithm {
	case FILA, DLX:
		return nil
	case Frontier:
		return CheckFrontier(o, maxCoverage, x)
	case HiGHS:
		if o.Count || o.Limit > 1 || o.Unique {
			return &SettingError{Refusal: HiGHSCount}
		}
		return nil
	}
	return &BackendError{Name: o.Algorithm}
}

// CheckFrontier returns a *SettingError when the frontier backend cannot
// answer o (its Count, Limit and Stats; maxCoverage) with x.
func CheckFrontier(o native.Options, maxCoverage bool, x Extras) error {
	var r Refusal
	switch {
	case !o.Count && !maxCoverage:
		r = FrontierQuestion
	case o.Limit > 0 || x.Stream:
		r = FrontierListing
	case x.Shard != "" || x.Checkpoint || x.CountKey:
		r = FrontierSplit
	case o.Stats:
		r = FrontierStats
	case x.Given&^native.SetWorkers != 0:
		r = FrontierNative
	case x.Picture:
		r = FrontierPicture
	default:
		return nil
	}
	return &SettingError{Refusal: r}
}

// NativeConfig resolves o on p into the native search's configuration
// (without its shard), refusing a setting among x.Given that does nothing
// on p (*native.IdleError) and a shard or checkpoint of a puzzle whose
// symmetric key's orbit problem is searched serially (*SettingError).
func NativeConfig(p *puzzle.Puzzle, o native.Options, x Extras) (native.Config, error) {
	cfg := o.Resolve(p)
	given := x.Given
	if cfg.Algorithm != native.FILA {
		given &^= native.SetFilaAt
	}
	if err := asGiven(o).CheckIdle(p, false, given); err != nil {
		return cfg, err
	}
	if p != nil && p.Symmetric != nil {
		switch {
		case x.Shard != "":
			return cfg, &SettingError{Refusal: SymmetricShard, Shard: x.Shard}
		case x.Checkpoint:
			return cfg, &SettingError{Refusal: SymmetricCheckpoint}
		}
	}
	return cfg, nil
}

// CheckMaxCoverage refuses, for the maximum-coverage search, a schedule
// that does not parse (native.CheckSchedule) and a setting among given
// that does nothing there (*native.IdleError): that search runs the
// schedule's first heuristic throughout and reads no level.
func CheckMaxCoverage(o native.Options, given native.Settings) error {
	if err := native.CheckSchedule(o.Schedule); err != nil {
		return err
	}
	return asGiven(o).CheckIdle(nil, true, given&^native.SetFilaAt)
}

// asGiven is o's settings as a Config, to spell them as given.
func asGiven(o native.Options) native.Config {
	return native.Config{FilaAt: o.FilaAt, Schedule: o.Schedule, NOF: o.NOF, Redundancy: o.Redundancy, Workers: o.Workers}
}

// CheckPin checks the redundancy piece spec on p, a puzzle read without
// its pieces that fit nowhere (native.CheckRedundancyPiece): a piece left
// out (p.Dropped) may be named. The symmetry half of the rule is the
// search's, as p's group can be larger than the whole puzzle's.
func CheckPin(p *puzzle.Puzzle, spec string) error {
	if slices.Contains(p.Dropped, spec) {
		return nil
	}
	return native.CheckRedundancyPiece(p, spec)
}
