package export

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// TestPrepareWritesTheFormat: Prepare's writer gives the bytes of the
// format's own writer, and a program to go with a start only for the MIP
// formats.
func TestPrepareWritesTheFormat(t *testing.T) {
	p := tetro45(t)
	exact := model.ProgramOptions{Mode: model.Exact}
	prog := program(t, p, exact)
	direct := map[string]func(w io.Writer) error{
		"lp":        func(w io.Writer) error { return WriteLP(w, prog) },
		"MPS":       func(w io.Writer) error { return WriteMPS(w, prog, MPSOptions{}) },
		"fixed-mps": func(w io.Writer) error { return WriteMPS(w, prog, MPSOptions{Fixed: true}) },
		"pyomo":     func(w io.Writer) error { return WritePyomo(w, prog) },
		"opb":       func(w io.Writer) error { return WriteOPB(w, prog) },
		"cnf":       func(w io.Writer) error { return WriteCNF(w, prog, SATOptions{MinCovered: -1}) },
		"dlx": func(w io.Writer) error {
			return WriteDLXWith(w, model.NewCover(p), DLXOptions{Dialect: DLX1})
		},
	}
	for format, write := range direct {
		prep, err := Prepare(context.Background(), p, Options{Format: format, Program: exact, Dialect: "dlx1", MinCovered: -1})
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		var got, want bytes.Buffer
		if err := prep.Write(&got); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if err := write(&want); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: Prepare wrote %d bytes, the format's writer %d", format, got.Len(), want.Len())
		}
		mip := map[string]bool{"lp": true, "MPS": true, "fixed-mps": true, "pyomo": true}[format]
		if (prep.Program != nil) != mip {
			t.Errorf("%s: Program %v, want one: %v", format, prep.Program != nil, mip)
		}
	}
}

// TestPrepareRefuses: settings that are not written are ErrInvalid,
// whatever the message.
func TestPrepareRefuses(t *testing.T) {
	ctx := context.Background()
	p := tetro45(t)
	sym, err := puzzle.Parse("sym.yaml", []byte("board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n"), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	maxCov := model.ProgramOptions{Mode: model.MaxCoverage}
	cases := []struct {
		name string
		p    *puzzle.Puzzle
		opt  Options
	}{
		{"unknown format", p, Options{Format: "xls"}},
		{"cnf past the area", p, Options{Format: "cnf", Program: maxCov, MinCovered: 21}},
		{"opb past the area", p, Options{Format: "opb", Program: maxCov, MinCovered: 21}},
		{"unknown dialect", p, Options{Format: "dlx", Dialect: "dlx9"}},
		{"symmetric dlx1", sym, Options{Format: "dlx", Dialect: "dlx1"}},
		{"symmetric max-coverage dlx", sym, Options{Format: "dlx", Dialect: "dlx3", Program: maxCov}},
		{"symmetric pin", sym, Options{Format: "lp", Program: model.ProgramOptions{Symmetry: model.PinPiece}}},
	}
	for _, c := range cases {
		if _, err := Prepare(ctx, c.p, c.opt); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: Prepare: %v, want ErrInvalid", c.name, err)
		}
	}
	for _, opt := range []Options{{Format: "xls"}, {Format: "DLX", Dialect: "dlx9"}} {
		if err := CheckOptions(opt); !errors.Is(err, ErrInvalid) {
			t.Errorf("CheckOptions(%+v): %v, want ErrInvalid", opt, err)
		}
	}
	if err := CheckOptions(Options{Format: "Lp"}); err != nil {
		t.Errorf("CheckOptions(Lp): %v", err)
	}
	if err := CheckSymmetric(sym, Options{Format: "dlx", Dialect: "dlx3"}); err != nil {
		t.Errorf("CheckSymmetric of an exact dlx3 file: %v", err)
	}
	if err := CheckSymmetric(p, Options{Format: "dlx", Dialect: "dlx1", Program: maxCov}); err != nil {
		t.Errorf("CheckSymmetric of a puzzle without the key: %v", err)
	}
}

// TestFindStart: an exact start is an exact tiling; a max-coverage start
// on a board its pieces can fill reaches the bound, and with a
// strengthened program asks HiGHS for the interior-point root; an exact
// program without a tiling (tetro45: a colouring argument) has no start.
func TestFindStart(t *testing.T) {
	ctx := context.Background()
	dominoes := build(t, "dominoes", "###/###", pc{"D", "##", 3, puzzle.Free})
	prog := program(t, dominoes, model.ProgramOptions{Mode: model.Exact})
	s, err := FindStart(ctx, prog, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := dominoes.Verify(tilingOf(prog, s.Values), true); err != nil || !r.Exact() {
		t.Errorf("exact start: %v %v", r, err)
	}
	if !strings.HasPrefix(s.Description, "exact tiling of 3 pieces") || s.AtBound || s.HiGHSOptions().RootIPM {
		t.Errorf("exact start: %q, at bound %v", s.Description, s.AtBound)
	}

	corners := build(t, "corners", "###/###", pc{"V", "##/#.", 0, puzzle.Rotate})
	prog = program(t, corners, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true})
	if s, err = FindStart(ctx, prog, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	if s.Objective != 6 || !s.AtBound || !s.HiGHSOptions().RootIPM {
		t.Errorf("max-coverage start: objective %g, at bound %v, %+v", s.Objective, s.AtBound, s.HiGHSOptions())
	}
	if (*Start)(nil).HiGHSOptions().RootIPM {
		t.Error("no start asks for the interior-point root")
	}

	if _, err := FindStart(ctx, program(t, tetro45(t), model.ProgramOptions{Mode: model.Exact}), 10*time.Second); !errors.Is(err, ErrNoStart) {
		t.Errorf("tetro45 exact start: %v, want ErrNoStart", err)
	}
}

// tilingOf is the tiling of a start's x columns.
func tilingOf(prog *model.Program, values []float64) puzzle.Tiling {
	var cols []int
	for j, v := range values[:prog.NumX()] {
		if v > 0.5 {
			cols = append(cols, j)
		}
	}
	return prog.TilingOf(cols)
}

// TestStartFormatFor: a .mst file defaults to mst; exports whose column
// names a start cannot give and formats no solver reads are ErrInvalid.
func TestStartFormatFor(t *testing.T) {
	good := []struct{ format, file, start, want string }{
		{"lp", "s.MST", "", "mst"},
		{"LP", "s.sol", "highs", "highs"},
		{"mps", "s.mst", "cbc", "cbc"},
	}
	for _, c := range good {
		if got, err := StartFormatFor(c.format, c.file, c.start); err != nil || got != c.want {
			t.Errorf("%v: %q, %v", c, got, err)
		}
	}
	bad := []struct{ format, file, start string }{
		{"fixed-mps", "s.mst", "mst"},
		{"pyomo", "s.mst", "mst"},
		{"dlx", "s.mst", ""},
		{"lp", "s.sol", ""},
		{"lp", "s.sol", "glpk"},
		{"lp", "s.sol", "xml"},
	}
	for _, c := range bad {
		if _, err := StartFormatFor(c.format, c.file, c.start); !errors.Is(err, ErrInvalid) {
			t.Errorf("%v: %v, want ErrInvalid", c, err)
		}
	}
}

// TestPreparePyomoHasNoCheckerboard: a strengthened Pyomo script is that
// of the program without the checkerboard rows, which the LP has.
func TestPreparePyomoHasNoCheckerboard(t *testing.T) {
	p := tetro45(t)
	strong := model.ProgramOptions{Mode: model.MaxCoverage, Strengthen: true, Checkerboard: true}
	weak := strong
	weak.Checkerboard = false
	for format, want := range map[string]model.ProgramOptions{"pyomo": weak, "lp": strong} {
		prep, err := Prepare(context.Background(), p, Options{Format: format, Program: strong})
		if err != nil {
			t.Fatal(err)
		}
		if prep.Program.Options != want {
			t.Errorf("%s: program %+v, want %+v", format, prep.Program.Options, want)
		}
	}
}
