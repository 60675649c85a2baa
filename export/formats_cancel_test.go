package export

import (
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// TestFormatsStopOnFailedWrite: the Pyomo and OPB writers end at a
// failed write (atomicfile's writer fails once the export is
// cancelled) instead of building the rest of the file for nothing: on a
// 1024x1024 board the Pyomo and OPB writers ran 0.34 s and 0.19 s after
// it; WriteStart (export --start) named every column after it, 0.74
// of a full write. Measured against a full export to io.Discard.
func TestFormatsStopOnFailedWrite(t *testing.T) {
	if testing.Short() {
		t.Skip("a million cells")
	}
	p := build(t, "1024x1024", strings.TrimSuffix(strings.Repeat(strings.Repeat("#", 1024)+"/", 1024), "/"), pc{"I", "#", 0, puzzle.Free})
	prog := program(t, p, model.ProgramOptions{Mode: model.Exact})
	for _, f := range []struct {
		name  string
		write func(w countingOrFailing) error
	}{
		// The writers after the sizing (WritePyomo and WriteOPB size the
		// program first, a fifth to a half of the writing time).
		{"pyomo", func(w countingOrFailing) error { return writePyomo(w, prog) }},
		{"opb", func(w countingOrFailing) error { return writeOPB(w, prog) }},
		// A MIP start (export --start): it named every column after a
		// failed write: 0.27 s of the full 0.36 s.
		{"start", func(w countingOrFailing) error {
			return WriteStart(w, prog, make([]float64, prog.NumCols()), "mst")
		}},
	} {
		start := time.Now()
		if err := f.write(countingOrFailing{}); err != nil {
			t.Fatal(err)
		}
		full := time.Since(start)
		start = time.Now()
		err := f.write(countingOrFailing{fail: true})
		stopped := time.Since(start)
		if err == nil || !strings.Contains(err.Error(), "cancelled") {
			t.Errorf("%s: err = %v", f.name, err)
		}
		if stopped > full/4 {
			t.Errorf("%s: the failed export took %v, the full one %v", f.name, stopped, full)
		}
	}
}

// countingOrFailing discards its writes, or fails them all.
type countingOrFailing struct{ fail bool }

func (c countingOrFailing) Write(p []byte) (int, error) {
	if c.fail {
		return cancelledWriter{}.Write(p)
	}
	return len(p), nil
}
