package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// sizeCases are programs of every shape the writers know: exact and both
// max-coverage formulations, strengthened (z of the gcd row), the
// checkerboard rows, both symmetry rows, 3D, the hex grid, the symmetric
// key, negative coordinates, long and awkward piece names, a puzzle
// whose pieces all fit nowhere (no column).
func sizeCases(t *testing.T) map[string]*model.Program {
	t.Helper()
	parse := func(name, text string, u puzzle.Unplaceable) *puzzle.Puzzle {
		p, err := puzzle.ParseWith(context.Background(), name, []byte(text), "yaml", puzzle.BuildOptions{Unplaceable: u, KeepEmpty: u == puzzle.DropAll})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	long := strings.Repeat("Long-name_é", 5)
	puzzles := map[string]*puzzle.Puzzle{
		"tetro45":  tetro45(t),
		"holes":    holes(t),
		"cube":     cube(t),
		"pento":    example(t, "pentomino-10x6.yaml"),
		"hex":      example(t, "hexiamonds-6x6.yaml"),
		"gcd":      build(t, "gcd", "#######/#######/#######", pc{"I", "###", 0, puzzle.Free}, pc{long, "##/##", 2, puzzle.Free}),
		"empty":    parse("empty.yaml", "board: 3x1\npieces: {O: '##/##'}\n", puzzle.DropAll),
		"sym":      parse("sym.yaml", symCases[3], puzzle.DropUnlimited),
		"symunlim": parse("symu.yaml", symCases[9], puzzle.DropUnlimited),
	}
	opts := append(append([]model.ProgramOptions{}, variants...),
		model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true, Checkerboard: true, Symmetry: model.FixHole},
		model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true, Checkerboard: true, Symmetry: model.PinPiece},
		model.ProgramOptions{Mode: model.Exact, Symmetry: model.PinPiece},
	)
	out := map[string]*model.Program{}
	for name, p := range puzzles {
		for n, opt := range opts {
			pr, err := model.NewProgram(p, opt)
			if err != nil {
				continue // e.g. max-coverage of a symmetric puzzle
			}
			out[fmt.Sprintf("%s/%d", name, n)] = pr
		}
	}
	return out
}

// TestProgramSizeBound: CheckProgram's size is an upper bound of the
// file each program writer writes, in every format, and not a loose one
// (within an eighth and 2 KiB of the file), so that the 1 GiB limit
// refuses only files that are large.
func TestProgramSizeBound(t *testing.T) {
	for name, pr := range sizeCases(t) {
		for _, f := range []ProgramFormat{FormatLP, FormatMPS, FormatFixedMPS, FormatPyomo, FormatOPB} {
			pf, err := CheckProgram(context.Background(), pr, f)
			if err != nil {
				t.Fatalf("%s %v: %v", name, f, err)
			}
			var b bytes.Buffer
			if err := pf.Write(&b); err != nil {
				t.Fatalf("%s %v: %v", name, f, err)
			}
			got := int64(b.Len())
			if pf.Bytes < got || pf.Bytes > got+got/8+2048 {
				t.Errorf("%s %v: estimate %d bytes, file %d", name, f, pf.Bytes, got)
			}
		}
	}
}

// TestProgramSizeBoundLarge: the bound holds, and is close (within an
// eighth: 0.1% for LP and MPS, 6% for fixed MPS on a 200x200 board), on
// a board of 14,400 cells, where the names and wrapped lines are long.
func TestProgramSizeBoundLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("14,400 cells")
	}
	row := strings.Repeat("#", 120)
	p := build(t, "120x120", strings.TrimSuffix(strings.Repeat(row+"/", 120), "/"),
		pc{"L", "#./#./##", 0, puzzle.Free}, pc{"Pentomino_P", "##/##/#.", 300, puzzle.Free})
	for _, opt := range []model.ProgramOptions{{Mode: model.Exact}, {Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true, Checkerboard: true}} {
		pr := program(t, p, opt)
		for _, f := range []ProgramFormat{FormatLP, FormatMPS, FormatFixedMPS, FormatPyomo, FormatOPB} {
			pf, err := CheckProgram(context.Background(), pr, f)
			if err != nil {
				t.Fatal(err)
			}
			var w countingWriter
			if err := pf.Write(&w); err != nil {
				t.Fatal(err)
			}
			if pf.Bytes < w.n || pf.Bytes > w.n+w.n/8 {
				t.Errorf("%v %v: estimate %d bytes, file %d", opt.Mode, f, pf.Bytes, w.n)
			}
		}
	}
}

// TestProgramTooLargeRefused: a program file past the limit is refused
// by the sizing, with a message naming its size and the limit; the
// writers refuse one past MaxExportBytes before writing a byte (the
// command's test, TestExportProgramTooLargeRefused, exports one of 1.6
// GB).
func TestProgramTooLargeRefused(t *testing.T) {
	pr := program(t, example(t, "pentomino-10x6.yaml"), model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed})
	for _, f := range []ProgramFormat{FormatLP, FormatMPS, FormatFixedMPS, FormatPyomo, FormatOPB} {
		pf, err := checkProgram(pr, f, nil, MaxExportBytes)
		if err != nil {
			t.Fatal(err)
		}
		_, err = checkProgram(pr, f, nil, pf.Bytes-1)
		want := fmt.Sprintf("the %v file would take up to %d bytes, more than the limit of %d bytes", f, pf.Bytes, pf.Bytes-1)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: err = %v, want %q", f, err, want)
		}
	}
	// Past MaxExportBytes: 24 fixed 1x6 bars with 32-character names on
	// a 400x400 board, 3.8 million images (1.6 GB of LP).
	if testing.Short() {
		return
	}
	var pieces []pc
	for k := range 24 {
		pieces = append(pieces, pc{fmt.Sprintf("%032d", k), "######", 1, puzzle.Fixed})
	}
	row := strings.Repeat("#", 400)
	big := program(t, build(t, "big", strings.TrimSuffix(strings.Repeat(row+"/", 400), "/"), pieces...), model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing})
	var w countingWriter
	err := WriteLP(&w, big)
	if err == nil || !strings.Contains(err.Error(), "the LP file would take up to") || !strings.Contains(err.Error(), "more than the limit of 1073741824 (1 GiB)") || w.n != 0 {
		t.Errorf("WriteLP: %d bytes written, err = %v", w.n, err)
	}
}

// TestCheckProgramStops: sizing stops with the context's error.
func TestCheckProgramStops(t *testing.T) {
	row := strings.Repeat("#", 300)
	p := build(t, "300x300", strings.TrimSuffix(strings.Repeat(row+"/", 300), "/"), pc{"I", "##", 0, puzzle.Free})
	pr := program(t, p, model.ProgramOptions{Mode: model.Exact})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, f := range []ProgramFormat{FormatLP, FormatMPS, FormatPyomo, FormatOPB} {
		if _, err := CheckProgram(ctx, pr, f); !errors.Is(err, context.Canceled) {
			t.Errorf("%v: err = %v", f, err)
		}
	}
}

// TestCNFSizeExact: CheckCNF's size is the size of the file written
// (its clauses are counted and sized in the first pass), and a file past
// the limit is refused with its size and the limit. The CNF export had
// no size check (only MaxCNFVariables: up to several GB of clauses).
func TestCNFSizeExact(t *testing.T) {
	for name, pr := range sizeCases(t) {
		if pr.Options.Strengthen || pr.Options.Checkerboard || pr.Options.Mode == model.MaxCoverage && pr.Options.Formulation == model.Seed {
			continue // the CNF export refuses them (the command says so)
		}
		f, err := CheckCNF(context.Background(), pr, SATOptions{MinCovered: -1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var b bytes.Buffer
		if err := f.Write(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if f.Bytes != int64(b.Len()) {
			t.Errorf("%s: size %d, file %d bytes", name, f.Bytes, b.Len())
		}
		_, err = checkCNF(pr, SATOptions{MinCovered: -1}, nil, f.Bytes-1)
		if want := fmt.Sprintf("the CNF file would take exactly %d bytes, more than the limit of %d bytes", f.Bytes, f.Bytes-1); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}
