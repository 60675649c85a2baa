//go:build cgo && !nohighs

package highs

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// ckey names one fact of a model: a column ('c'), a row ('r') or a matrix
// entry ('e', row and column).
type ckey struct {
	kind     byte
	row, col string
}

// cval is the value of a fact: cost, bounds and integrality of a column,
// bounds of a row, or the coefficient of an entry (in lo).
type cval struct {
	cost, lo, hi float64
	integer      bool
}

// canonical describes a model by names, independently of column and row
// order; zero matrix entries are left out.
func canonical(m *Model, rename map[string]string, negate bool) map[ckey]cval {
	name := func(s string) string {
		if full, ok := rename[s]; ok {
			return full
		}
		return s
	}
	cols := make([]string, m.NumCols())
	out := make(map[ckey]cval, m.NumCols()+m.NumRows()+m.NumNonzeros())
	for j := range m.NumCols() {
		cols[j] = name(m.ColNames[j])
		cost := m.ColCost[j]
		if negate {
			cost = -cost
		}
		out[ckey{'c', "", cols[j]}] = cval{cost + 0, m.ColLower[j], m.ColUpper[j], m.Integer != nil && m.Integer[j]}
	}
	for i := range m.NumRows() {
		row := name(m.RowNames[i])
		out[ckey{'r', row, ""}] = cval{0, m.RowLower[i], m.RowUpper[i], false}
		for k := m.RowStart[i]; k < m.RowStart[i+1]; k++ {
			if m.Value[k] != 0 {
				out[ckey{'e', row, cols[m.Index[k]]}] = cval{lo: m.Value[k]}
			}
		}
	}
	return out
}

// TestExamplesReadBack exports every example (exact, seed with the area
// bound, packing) as LP, free MPS and fixed MPS, reads each file with
// HiGHS's own reader and checks that it is the program, entry by entry:
// same columns (cost, bounds, integrality), rows (bounds) and matrix, by
// name.
func TestExamplesReadBack(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "examples", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	dir := t.TempDir()
	for _, file := range files {
		p, err := puzzle.ParseFile(file, "")
		if err != nil {
			t.Fatal(err)
		}
		// The 61x61 Tetris (269,264 cover entries) is left out: its files
		// have the shape of the 61x61 fill's, which is checked.
		if limit := map[bool]int{true: 20_000, false: 120_000}[testing.Short()]; p.Images.CoverEntries() > limit {
			continue
		}
		for _, opt := range []model.ProgramOptions{
			{Mode: model.Exact},
			{Mode: model.MaxCoverage, Formulation: model.Seed, Strengthen: true},
			{Mode: model.MaxCoverage, Formulation: model.Packing},
		} {
			pr := mustProg(t, p, opt)
			want := canonical(ProgramModel(pr, true), nil, false)
			// The files add the fingerprint column (the in-process model
			// has none): continuous, cost 0, fixed at its value, in no row.
			fp, err := pr.Fingerprint(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			v := model.FingerprintValue(fp)
			want[ckey{'c', "", fp}] = cval{0, v, v, false}
			for _, f := range []struct {
				name  string
				write func(b *bytes.Buffer) error
				fixed bool
			}{
				{"p.lp", func(b *bytes.Buffer) error { return export.WriteLP(b, pr) }, false},
				{"p.mps", func(b *bytes.Buffer) error { return export.WriteMPS(b, pr, export.MPSOptions{}) }, false},
				{"f.mps", func(b *bytes.Buffer) error { return export.WriteMPS(b, pr, export.MPSOptions{Fixed: true}) }, true},
			} {
				var b bytes.Buffer
				if err := f.write(&b); err != nil {
					t.Fatal(err)
				}
				path := filepath.Join(dir, f.name)
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				m, err := ReadModel(path)
				if err != nil {
					t.Fatalf("%s %s: %v", filepath.Base(file), f.name, err)
				}
				var rename map[string]string
				if f.fixed {
					if rename, err = export.ReadMPSNames(bytes.NewReader(b.Bytes())); err != nil {
						t.Fatal(err)
					}
				}
				negate := strings.HasSuffix(f.name, ".mps") && pr.Maximize()
				if m.Maximize != (pr.Maximize() && !negate) {
					t.Errorf("%s %s %s: sense maximize=%v", filepath.Base(file), progLabel(opt), f.name, m.Maximize)
				}
				got := canonical(m, rename, negate)
				diff := 0
				for k, v := range want {
					if got[k] != v {
						if diff < 3 {
							t.Errorf("%s %s %s: %+v is %+v, want %+v", filepath.Base(file), progLabel(opt), f.name, k, got[k], v)
						}
						diff++
					}
				}
				if diff > 0 || len(got) != len(want) {
					t.Errorf("%s %s %s: %d differences, %d entries read, %d written", filepath.Base(file), progLabel(opt), f.name, diff, len(got), len(want))
				}
			}
		}
	}
}
