//go:build cgo && !nohighs

package highs

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// FuzzExportLP checks the exporters against HiGHS's own readers: every puzzle
// the parser accepts, in every program mode, is written as LP and as free and
// fixed MPS, and HiGHS reads each file back with the same number of columns,
// rows and nonzeros as the program. The seed corpus is in
// testdata/fuzz/FuzzExportLP (small puzzles of both formats).
func FuzzExportLP(f *testing.F) {
	for _, name := range []string{"pentomino-20x3.yaml", "tetris-7x7.yaml", "fill-11x11.yaml", "soma.yaml"} {
		if b, err := os.ReadFile(filepath.Join("..", "examples", name)); err == nil {
			f.Add(b, uint8(0))
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte, mode uint8) {
		format := puzzle.FormatYAML
		if mode&8 != 0 {
			format = puzzle.FormatKnuth
		}
		p, err := puzzle.Parse("fuzz", data, format)
		if err != nil || p.Images.Len() > 1500 || p.Region.Len() > 2000 {
			return // rejected input is the parsers' fuzz target; keep solves small
		}
		opt := model.ProgramOptions{}
		if mode&1 != 0 {
			opt.Mode = model.MaxCoverage
			if mode&2 != 0 {
				opt.Formulation = model.Packing
			}
			opt.Strengthen = mode&4 != 0
		}
		prog, err := model.NewProgram(p, opt)
		if err != nil {
			return // e.g. an exact program that area arithmetic already refutes
		}
		for _, kind := range []string{"lp", "mps", "fixed.mps"} {
			path := filepath.Join(dir, "fuzz."+kind)
			if err := writeProgram(path, prog, kind); err != nil {
				t.Fatalf("%s: %v", kind, err)
			}
			m, err := ReadModel(path)
			if err != nil {
				t.Fatalf("HiGHS cannot read our %s export: %v\n%s", kind, err, data)
			}
			// The file has the fingerprint column besides the program's.
			if m.NumCols() != prog.NumCols()+1 || m.NumRows() < prog.NumRows() || m.NumNonzeros() < prog.NumNonzeros() {
				t.Fatalf("%s read back as %d cols, %d rows, %d nonzeros; program has %d, %d, %d\n%s",
					kind, m.NumCols(), m.NumRows(), m.NumNonzeros(), prog.NumCols(), prog.NumRows(), prog.NumNonzeros(), data)
			}
		}
	})
}

func writeProgram(path string, prog *model.Program, kind string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	switch kind {
	case "lp":
		err = export.WriteLP(w, prog)
	case "mps":
		err = export.WriteMPS(w, prog, export.MPSOptions{})
	default:
		err = export.WriteMPS(w, prog, export.MPSOptions{Fixed: true})
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
