package export

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// pc is a piece of a test puzzle: name, art, count (0 = unlimited), policy.
type pc struct {
	name, art string
	count     int
	pol       puzzle.Policy
}

func build(t testing.TB, name, board string, pieces ...pc) *puzzle.Puzzle {
	t.Helper()
	region, err := puzzle.ArtCells(board, 0)
	if err != nil {
		t.Fatal(err)
	}
	var specs []puzzle.PieceSpec
	for _, q := range pieces {
		cells, err := puzzle.ArtCells(q.art, 0)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, puzzle.PieceSpec{Name: q.name, Cells: cells, Count: q.count, Unlimited: q.count == 0, Policy: q.pol})
	}
	p, err := puzzle.New(puzzle.Spec{Name: name, Dim: 2, Region: region, Pieces: specs})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func example(t testing.TB, file string) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.ParseFile(filepath.Join("..", "examples", file), "")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tetro45 is the five free tetrominoes, once each, on a 4x5 board: no
// exact tiling exists (the T covers 3 cells of one colour, the others 2 and
// 2), so the exact program is infeasible and at most 16 cells are covered.
func tetro45(t testing.TB) *puzzle.Puzzle {
	return build(t, "tetrominoes 4x5", "#####/#####/#####/#####",
		pc{"I", "####", 1, puzzle.Free}, pc{"O", "##/##", 1, puzzle.Free}, pc{"T", "###/.#.", 1, puzzle.Free},
		pc{"S", ".##/##.", 1, puzzle.Free}, pc{"L", "#../#../##", 1, puzzle.Free})
}

// holes has a region with holes, awkward piece names, counts > 1 and an
// unlimited piece.
func holes(t testing.TB) *puzzle.Puzzle {
	return build(t, "holes & names", "######/#.##.#/######/###..#",
		pc{"P-5", "##/##/#.", 1, puzzle.Free}, pc{"V 3", "##/#.", 2, puzzle.Rotate}, pc{"I+2", "##", 0, puzzle.Free})
}

// cube is a 3D puzzle: four L tricubes that rotate, in a 2x2x3 box.
func cube(t testing.TB) *puzzle.Puzzle {
	t.Helper()
	p, err := puzzle.New(puzzle.Spec{Name: "tricubes", Dim: 3, Region: puzzle.Box(puzzle.Dims{Width: 2, Height: 2, Depth: 3}), Pieces: []puzzle.PieceSpec{
		{Name: "L", Cells: []puzzle.Cell{{I: 0}, {I: 1}, {I: 1, J: 1}}, Count: 4, Policy: puzzle.Rotate},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

var variants = []model.ProgramOptions{
	{Mode: model.Exact},
	{Mode: model.MaxCoverage, Formulation: model.Seed},
	{Mode: model.MaxCoverage, Formulation: model.Packing},
	{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true},
	{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true},
}

func program(t testing.TB, p *puzzle.Puzzle, opt model.ProgramOptions) *model.Program {
	t.Helper()
	pr, err := model.NewProgram(p, opt)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

func TestLPShape(t *testing.T) {
	for _, p := range []*puzzle.Puzzle{tetro45(t), holes(t), cube(t), example(t, "pentomino-10x6.yaml")} {
		for _, opt := range variants {
			pr := program(t, p, opt)
			var b bytes.Buffer
			if err := WriteLP(&b, pr); err != nil {
				t.Fatal(err)
			}
			text := b.String()
			var sections []string
			for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
				if len(line) > 255 {
					t.Errorf("%s %v: line of %d characters", p.Name, opt, len(line))
				}
				if line != "" && line[0] != ' ' && line[0] != '\\' {
					sections = append(sections, line)
				}
			}
			// Bounds holds the fingerprint column's bound in every file.
			want := []string{"Minimize", "Subject To", "Bounds", "Binaries", "End"}
			if pr.Maximize() {
				want[0] = "Maximize"
			}
			if pr.ZCol() >= 0 {
				want = []string{"Maximize", "Subject To", "Bounds", "Binaries", "Generals", "End"}
			}
			if strings.Join(sections, ",") != strings.Join(want, ",") {
				t.Errorf("%s %v: sections %v, want %v", p.Name, opt, sections, want)
			}
			// Every row appears once, named.
			for i := range pr.NumRows() {
				if n := strings.Count(text, "\n "+pr.RowName(i)+":"); n != 1 {
					t.Errorf("%s %v: row %s appears %d times", p.Name, opt, pr.RowName(i), n)
				}
			}
			// The column names form the Binaries section, in order.
			cols, err := LPColumnOrder(strings.NewReader(text[strings.Index(text, "Binaries\n"):]))
			if err != nil {
				t.Fatal(err)
			}
			if len(cols) != pr.NumCols() {
				t.Fatalf("%s %v: %d names in Binaries/Generals, %d columns", p.Name, opt, len(cols), pr.NumCols())
			}
			for j, name := range cols {
				if name != pr.ColName(j) {
					t.Fatalf("%s %v: Binaries lists %q at %d, column is %q", p.Name, opt, name, j, pr.ColName(j))
				}
			}
		}
	}
}

func TestMPSShape(t *testing.T) {
	pr := program(t, holes(t), model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true})
	for _, opt := range []MPSOptions{{}, {Fixed: true}, {ObjSense: true}, {Fixed: true, ObjSense: true}} {
		var b bytes.Buffer
		if err := WriteMPS(&b, pr, opt); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		if strings.Contains(text, "OBJSENSE") != opt.ObjSense {
			t.Errorf("%+v: OBJSENSE present = %v", opt, !opt.ObjSense)
		}
		names, err := ReadMPSNames(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		if !opt.Fixed {
			if len(names) != 0 {
				t.Errorf("free MPS has a name table of %d entries", len(names))
			}
			continue
		}
		// The columns, the fingerprint column and the rows.
		if len(names) != pr.NumCols()+1+pr.NumRows() {
			t.Errorf("fixed MPS maps %d names, want %d", len(names), pr.NumCols()+1+pr.NumRows())
		}
		if fp, _ := pr.Fingerprint(context.Background()); names[ShortColName(pr.NumCols())] != fp {
			t.Errorf("fixed MPS maps %s to %q, want the fingerprint %s", ShortColName(pr.NumCols()), names[ShortColName(pr.NumCols())], fp)
		}
		for j := range pr.NumCols() {
			if names[ShortColName(j)] != pr.ColName(j) {
				t.Errorf("fixed MPS maps %s to %q, want %q", ShortColName(j), names[ShortColName(j)], pr.ColName(j))
			}
		}
		inData := false
		for _, line := range strings.Split(text, "\n") {
			if strings.HasPrefix(line, "NAME") {
				inData = true
			}
			if !inData || line == "" || line[0] != ' ' {
				continue
			}
			// Fixed fields: names in columns 5-12, 15-22 and 40-47.
			for _, f := range [][2]int{{4, 12}, {14, 22}, {39, 47}} {
				if len(line) > f[0] {
					field := line[f[0]:min(f[1], len(line))]
					if strings.TrimSpace(field) != "" && strings.Contains(strings.TrimRight(field, " "), " ") {
						t.Errorf("fixed MPS field %q of line %q is not one name", field, line)
					}
				}
			}
		}
	}
}

// failWriter fails after n bytes.
type failWriter struct{ n int }

var errFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errFull
	}
	w.n -= len(p)
	return len(p), nil
}

func TestWriteErrors(t *testing.T) {
	p := example(t, "pentomino-10x6.yaml")
	pr := program(t, p, model.ProgramOptions{Mode: model.MaxCoverage})
	writers := map[string]func(w *failWriter) error{
		"lp":    func(w *failWriter) error { return WriteLP(w, pr) },
		"mps":   func(w *failWriter) error { return WriteMPS(w, pr, MPSOptions{Fixed: true}) },
		"dlx":   func(w *failWriter) error { return WriteDLX(w, model.NewCover(p)) },
		"pyomo": func(w *failWriter) error { return WritePyomo(w, pr) },
	}
	for name, write := range writers {
		full := &failWriter{1 << 40}
		if err := write(full); err != nil {
			t.Fatal(err)
		}
		size := 1<<40 - full.n
		for _, n := range []int{0, 100, size / 2, size - 1} {
			if err := write(&failWriter{n}); !errors.Is(err, errFull) {
				t.Errorf("%s after %d bytes: error %v, want disk full", name, n, err)
			}
		}
	}
}

func TestDescribeComment(t *testing.T) {
	p := build(t, "evil", "##", pc{"D", "##", 1, puzzle.Free})
	// puzzle.New refuses a line break in a name; the writer must not rely
	// on it, so the name is set afterwards.
	p.Name = "evil *\\ name\nwith newline"
	var b bytes.Buffer
	if err := WriteLP(&b, program(t, p, model.ProgramOptions{})); err != nil {
		t.Fatal(err)
	}
	first := strings.SplitN(b.String(), "\n", 2)[0]
	if strings.Count(first, "*\\") != 1 || !strings.HasSuffix(first, "*\\") {
		t.Errorf("comment not sanitised: %q", first)
	}
}

// BenchmarkWriteLP61 builds the program of the 61x61 fill with nine
// polyominoes (3,721 cells) and writes it as LP: the budget is 0.5 s.
// Parsing the puzzle and building its images is outside the timer (see
// BenchmarkPuzzle61).
func BenchmarkWriteLP61(b *testing.B) {
	fill, tetris := example(b, "fill-61x61.yaml"), example(b, "tetris-61x61.yaml")
	for _, c := range []struct {
		p   *puzzle.Puzzle
		opt model.ProgramOptions
	}{
		{fill, model.ProgramOptions{Mode: model.Exact}},
		{fill, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true}},
		{fill, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true}},
		// For comparison: free tetrominoes, 2.7 times the cover entries.
		{tetris, model.ProgramOptions{Mode: model.MaxCoverage, Formulation: model.Packing, Strengthen: true}},
	} {
		p, opt := c.p, c.opt
		name := opt.Mode.String()
		if opt.Mode == model.MaxCoverage {
			name = opt.Formulation.String() + "+area"
		}
		if p == tetris {
			name = "tetris-61x61-" + name
		}
		b.Run(name, func(b *testing.B) {
			var cw countWriter
			for b.Loop() {
				cw = 0
				pr, err := model.NewProgram(p, opt)
				if err != nil {
					b.Fatal(err)
				}
				if err := WriteLP(&cw, pr); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cw), "bytes/file")
		})
	}
}

// BenchmarkPuzzle61 parses the 61x61 fill and builds its images.
func BenchmarkPuzzle61(b *testing.B) {
	for b.Loop() {
		example(b, "fill-61x61.yaml")
	}
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}
