package compare

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/polytile/polytile/internal/regfile"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// BenchCase is one row of the FILA article's Table 1: a puzzle, a native
// configuration, and the article's figures for it (zero where the article
// has none).
type BenchCase struct {
	ID     string `json:"id"`     // "P-4"
	Puzzle string `json:"puzzle"` // example file, e.g. "pentomino-10x6.yaml"
	// Article is the article's command-line options for the case, e.g.
	// "-r -V -of=11 -f11".
	Article string        `json:"article_options"`
	Config  native.Config `json:"-"`
	// Expected is the known number of unique solutions.
	Expected int64 `json:"expected_unique"`
	// The article's fits, no-fits and run time (seconds).
	ArticleFits    int64   `json:"article_fits,omitempty"`
	ArticleNoFits  int64   `json:"article_no_fits,omitempty"`
	ArticleSeconds float64 `json:"article_seconds,omitempty"`
	// Engine is "frontier" for a case of the frontier suite (the frontier
	// engine's count, and FILA's where FILA says so), empty for a row of
	// Table 1. ExpectedAll is its known count of all solutions in decimal
	// (any size) and Source where that count comes from.
	Engine      string `json:"engine,omitempty"`
	ExpectedAll string `json:"expected_all,omitempty"`
	Source      string `json:"source,omitempty"`
	// FILA also counts the case with native's default FILA (where it
	// finishes in seconds); Choose also runs the automatic choice of a
	// count with no backend, which must keep FILA.
	FILA   bool `json:"fila,omitempty"`
	Choose bool `json:"choose,omitempty"`
	// build makes the puzzle of a case with no example file (Puzzle then
	// only names it).
	build func() (*puzzle.Puzzle, error)
}

// Flags returns the polytile solve flags of the case's configuration.
func (c BenchCase) Flags() string {
	if c.Engine == "frontier" {
		return "--backend frontier --count"
	}
	return DescribeConfig(c.Config)
}

// benchGroup is one test puzzle of Table 1 and its configurations.
type benchGroup struct {
	prefix, file string
	expected     int64
	rows         []BenchCase
}

// benchConfig is a row's configuration: the article's search, so without
// FILA's memo table (Memo -1), which the article does not have and which
// would change the fits (docs/solvers.md).
func benchConfig(alg, redundancy string, volume int, schedule string, filaAt int, nof bool) native.Config {
	return native.Config{Algorithm: alg, Redundancy: redundancy, Volume: volume, Schedule: schedule, FilaAt: filaAt, NOF: nof, Stats: true, Memo: -1}
}

// pentominoCases are P-1..P-5 on a pentomino rectangle.
func pentominoCases(art bool) []BenchCase {
	c := []BenchCase{
		{Article: "-r", Config: benchConfig("dlx", "auto", 0, "", 0, false), ArticleFits: 892247, ArticleSeconds: 2.082},
		{Article: "-r -V", Config: benchConfig("dlx", "auto", -1, "", 0, false), ArticleFits: 768356, ArticleSeconds: 1.754},
		{Article: "-r -V -of=11", Config: benchConfig("dlx", "auto", -1, "f=11", 0, false), ArticleFits: 1000250, ArticleSeconds: 2.050},
		{Article: "-r -V -of=11 -f11", Config: benchConfig("fila", "auto", -1, "f=11", 11, false), ArticleFits: 2091215, ArticleNoFits: 13106789, ArticleSeconds: 0.168},
		{Article: "-r -V -of=11 -f11 -n", Config: benchConfig("fila", "auto", -1, "f=11", 11, true), ArticleFits: 2091215, ArticleNoFits: 4682886, ArticleSeconds: 0.157},
	}
	if !art {
		for n := range c {
			c[n].ArticleFits, c[n].ArticleNoFits, c[n].ArticleSeconds = 0, 0, 0
		}
	}
	return c
}

var benchGroups = map[string]benchGroup{
	"P": {"P", "pentomino-10x6.yaml", 2339, pentominoCases(true)},
	"Q": {"Q", "pentomino-12x5.yaml", 1010, pentominoCases(false)},
	// The article's Tetris Cube piece "L" (Stephan Westen's choice for -r) is
	// our piece H: pinning H reproduces TC-4's statistics (78.8 M fits and
	// 398 M no-fits against the article's 80.3 M and 393 M).
	"TC": {"TC", "tetris-cube.yaml", 9839, []BenchCase{
		{Article: "-rL", Config: benchConfig("dlx", "H", 0, "", 0, false), ArticleFits: 30255329, ArticleSeconds: 112.951},
		{Article: "-rL -f11 -oe=11", Config: benchConfig("fila", "H", 0, "e=11", 11, false), ArticleFits: 48705459, ArticleNoFits: 1093916558, ArticleSeconds: 22.206},
		{Article: "-rL -f11 -oe=11:f=3", Config: benchConfig("fila", "H", 0, "e=11:f=3", 11, false), ArticleFits: 80346268, ArticleNoFits: 1526897959, ArticleSeconds: 19.945},
		{Article: "-rL -f11 -oe=11:f=3 -n", Config: benchConfig("fila", "H", 0, "e=11:f=3", 11, true), ArticleFits: 80346268, ArticleNoFits: 393143352, ArticleSeconds: 17.007},
	}},
	"PT": {"PT", "diamond-13x13.yaml", 51184, []BenchCase{
		{Article: "-r", Config: benchConfig("dlx", "auto", 0, "", 0, false), ArticleFits: 207341751, ArticleSeconds: 645.529},
		{Article: "-r -V13", Config: benchConfig("dlx", "auto", 13, "", 0, false), ArticleFits: 78145746, ArticleSeconds: 182.362},
		{Article: "-r -V13 -f13 -oe=13", Config: benchConfig("fila", "auto", 13, "e=13", 13, false), ArticleFits: 153069413, ArticleNoFits: 1094305862, ArticleSeconds: 70.218},
		{Article: "-r -V13 -f13 -oe=13:f=3", Config: benchConfig("fila", "auto", 13, "e=13:f=3", 13, false), ArticleFits: 185469244, ArticleNoFits: 1203943050, ArticleSeconds: 67.707},
		{Article: "-r -V13 -f13 -oe=13:f=3 -n", Config: benchConfig("fila", "auto", 13, "e=13:f=3", 13, true), ArticleFits: 185469244, ArticleNoFits: 291191337, ArticleSeconds: 60.625},
	}},
	"OP": {"OP", "onesided-18x5.yaml", 686628, []BenchCase{
		{Article: "-r", Config: benchConfig("dlx", "auto", 0, "", 0, false), ArticleFits: 1816931170, ArticleSeconds: 4458.016},
		{Article: "-r -V", Config: benchConfig("dlx", "auto", -1, "", 0, false), ArticleFits: 1771195065, ArticleSeconds: 4285.145},
		{Article: "-r -V -of=17 -f17", Config: benchConfig("fila", "auto", -1, "f=17", 17, false), ArticleFits: 13151493569, ArticleNoFits: 83733447441, ArticleSeconds: 1387.672},
		{Article: "-r -V -of=17 -f17 -n", Config: benchConfig("fila", "auto", -1, "f=17", 17, true), ArticleFits: 13151493569, ArticleNoFits: 25422589384, ArticleSeconds: 1152.259},
	}},
}

// BenchSuites names the suites of Bench: quick (10x6 and 12x5 pentominoes,
// seconds), op (the FILA rows OP-3 and OP-4 of the one-sided 18x5
// pentominoes; the article's 23 and 19 minutes), article (the 10x6, the
// Tetris Cube, the diamond and the FILA rows of the 18x5, plus the 12x5),
// full (article and the 18x5's DLX rows OP-1 and OP-2, the article's 74
// and 71 minutes) and frontier (the frontier engine's counts of issue 33:
// dominoes 16x16, tetrominoes 6x6 and 10x10, pentominoes unlimited 6x10
// and 10x6, the 12 pentominoes 10x6; beside FILA where it finishes).
var BenchSuites = []string{"quick", "op", "article", "full", "frontier"}

// suitePart is one group of a suite; fila keeps only its FILA rows.
type suitePart struct {
	group string
	fila  bool
}

// BenchSuite returns the cases of a suite, in table order. A row keeps its
// article ID (OP-3 is OP-3 in every suite that has it).
func BenchSuite(name string) ([]BenchCase, error) {
	var parts []suitePart
	switch name {
	case "quick":
		parts = []suitePart{{"P", false}, {"Q", false}}
	case "op":
		parts = []suitePart{{"OP", true}}
	case "article":
		parts = []suitePart{{"P", false}, {"Q", false}, {"TC", false}, {"PT", false}, {"OP", true}}
	case "full":
		parts = []suitePart{{"P", false}, {"Q", false}, {"TC", false}, {"PT", false}, {"OP", false}}
	case "frontier":
		cases := frontierBenchCases()
		for n := range cases {
			cases[n].Engine = "frontier"
		}
		return cases, nil
	default:
		return nil, fmt.Errorf("unknown benchmark suite %q (use %s)", name, strings.Join(BenchSuites, ", "))
	}
	var out []BenchCase
	for _, part := range parts {
		bg := benchGroups[part.group]
		for n, c := range bg.rows {
			if part.fila && c.Config.Algorithm != "fila" {
				continue
			}
			c.ID = fmt.Sprintf("%s-%d", bg.prefix, n+1)
			c.Puzzle, c.Expected = bg.file, bg.expected
			out = append(out, c)
		}
	}
	return out, nil
}

// BenchRow is one measured case.
type BenchRow struct {
	BenchCase
	Flags string `json:"polytile_flags"`
	// Status is OK, Timeout (figures partial), Disagree (the unique count
	// is not the known one) or Error.
	Status  Status  `json:"status"`
	Reason  string  `json:"reason,omitempty"`
	Fits    int64   `json:"fits"`
	NoFits  int64   `json:"no_fits"`
	Seconds float64 `json:"seconds"`
	Unique  int64   `json:"unique"`
	All     int64   `json:"all"`
	// Frontier suite: Count is the frontier's count of all solutions in
	// decimal (any size; All too when it fits), States its largest layer,
	// CPUSeconds the process's CPU time during it (0 where unknown),
	// FILAStatus, FILASeconds and FILACPUSeconds those of FILA's count
	// ("" when not run), Choice the automatic choice's reason and
	// ChooseSeconds its time.
	Count          string  `json:"count,omitempty"`
	States         int     `json:"states,omitempty"`
	CPUSeconds     float64 `json:"cpu_seconds,omitempty"`
	FILAStatus     Status  `json:"fila_status,omitempty"`
	FILASeconds    float64 `json:"fila_seconds,omitempty"`
	FILACPUSeconds float64 `json:"fila_cpu_seconds,omitempty"`
	Choice         string  `json:"choice,omitempty"`
	ChooseSeconds  float64 `json:"choose_seconds,omitempty"`
}

// BenchReport is the result of Bench.
type BenchReport struct {
	Suite   string      `json:"suite"`
	Machine *Machine    `json:"machine,omitempty"`
	Rows    []*BenchRow `json:"rows"`
}

// OK reports that every case ran and found the known number of solutions.
func (r *BenchReport) OK() bool {
	for _, row := range r.Rows {
		if row.Status == Disagree || row.Status == Error {
			return false
		}
	}
	return true
}

// BenchOptions controls Bench.
type BenchOptions struct {
	// Dir holds the example puzzle files.
	Dir string
	// TimeLimit stops each case after this long (0: none). A puzzle that
	// cannot be read (not a regular file, or bad) makes its cases Error
	// rows.
	TimeLimit time.Duration
	// OnStart is called before each case; OnProgress with the native
	// solver's progress. Both may be nil.
	OnStart    func(c BenchCase)
	OnProgress func(c BenchCase, p native.Progress)
}

// Bench runs the cases one after the other, single-threaded, counting every
// solution with statistics on, and checks the unique counts against the
// known ones. It stops early, with the rows so far and ctx's error, when
// ctx is cancelled.
func Bench(ctx context.Context, suite string, cases []BenchCase, opt BenchOptions) (*BenchReport, error) {
	rep := &BenchReport{Suite: suite}
	puzzles := map[string]*puzzle.Puzzle{}
	failed := map[string]error{} // puzzles that could not be read
	for _, c := range cases {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		row := &BenchRow{BenchCase: c, Flags: c.Flags()}
		rep.Rows = append(rep.Rows, row)
		if err := failed[c.Puzzle]; err != nil {
			row.Status, row.Reason = Error, err.Error()
			continue
		}
		p := puzzles[c.Puzzle]
		if p == nil {
			var err error
			if c.build != nil {
				p, err = c.build()
			} else {
				p, err = benchPuzzle(ctx, filepath.Join(opt.Dir, c.Puzzle))
			}
			if err != nil {
				if ctx.Err() != nil {
					return rep, ctx.Err()
				}
				// One puzzle that cannot be read is a row, not the end of the run.
				failed[c.Puzzle] = err
				row.Status, row.Reason = Error, err.Error()
				continue
			}
			puzzles[c.Puzzle] = p
		}
		if opt.OnStart != nil {
			opt.OnStart(c)
		}
		if c.Engine == "frontier" {
			benchFrontier(ctx, p, row, opt)
			continue
		}
		benchOne(ctx, p, row, opt)
	}
	return rep, ctx.Err()
}

// benchPuzzle reads a case's puzzle. Only a regular file is read: a
// FIFO or a device in the directory would wait for a writer (past the
// time limit and Ctrl-C) or read without end. A regular file is bounded
// by the puzzle limits, and the parse stops when ctx is cancelled.
// The file is opened once without waiting (regfile.Open), checked as
// opened and read from that handle: a FIFO put there after a check of the
// path is refused too.
func benchPuzzle(ctx context.Context, path string) (*puzzle.Puzzle, error) {
	f, _, err := regfile.Open(path)
	if errors.Is(err, regfile.ErrNotRegular) {
		return nil, fmt.Errorf("%s: not a regular file: not read", path)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := puzzle.ReadInput(path, f)
	if err != nil {
		return nil, err
	}
	return puzzle.ParseWith(ctx, path, data, "", puzzle.BuildOptions{})
}

func benchOne(ctx context.Context, p *puzzle.Puzzle, row *BenchRow, opt BenchOptions) {
	cctx := ctx
	if opt.TimeLimit > 0 {
		var cancel context.CancelFunc
		cctx, cancel = context.WithTimeout(ctx, opt.TimeLimit)
		defer cancel()
	}
	cfg := row.Config
	cfg.Stats = true
	if opt.OnProgress != nil {
		cfg.OnProgress = func(pg native.Progress) { opt.OnProgress(row.BenchCase, pg) }
	}
	res, err := native.Solve(cctx, p, cfg)
	if err != nil {
		row.Status, row.Reason = Error, err.Error()
		return
	}
	row.Seconds, row.Unique, row.All = res.Seconds, res.Unique, res.All
	if res.Stats != nil {
		row.Fits, row.NoFits = res.Stats.TotalFits(), res.Stats.TotalNoFits()
	}
	switch {
	case res.Interrupted && errors.Is(cctx.Err(), context.DeadlineExceeded):
		row.Status = Timeout
	case res.Interrupted:
		row.Status, row.Reason = Timeout, "interrupted"
	case row.Expected > 0 && res.Unique != row.Expected:
		row.Status, row.Reason = Disagree, fmt.Sprintf("%s unique solutions, known: %s", num(res.Unique), num(row.Expected))
	default:
		row.Status = OK
	}
}
