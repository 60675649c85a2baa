package puzzle

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var updateCorpus = flag.Bool("update-corpus", false,
	"rewrite the fuzz seed corpora in testdata/fuzz from examples/ and the bad-input catalogue")

func FuzzParseYAML(f *testing.F)  { fuzzParse(f, "fuzz.yaml", FormatYAML) }
func FuzzParseKnuth(f *testing.F) { fuzzParse(f, "fuzz.knuth", FormatKnuth) }

// fuzzParse checks that no input crashes a parser, that every error is a
// located *Error, and that an accepted puzzle is consistent: an empty tiling
// verifies, and every image lies inside the region where its placement says.
func fuzzParse(f *testing.F, name, format string) {
	f.Fuzz(func(t *testing.T, data []byte) {
		spec, err := ParseSpec(name, data, format)
		if err != nil {
			checkLocated(t, err, name)
			return
		}
		if len(spec.Region)*max(1, len(spec.Pieces)) > 1<<16 {
			return // building images of big puzzles would slow the fuzzer down; New is tested elsewhere
		}
		p, err := Parse(name, data, format)
		if err != nil {
			checkLocated(t, err, name)
			return
		}
		r, err := p.Verify(Tiling{}, false)
		if err != nil || !r.Valid() || r.Covered != 0 || len(r.Uncovered) != p.Area() {
			t.Fatalf("empty tiling: %v %+v", err, r)
		}
		for n, pl := range p.Images.Place {
			cells, err := p.PlacementCells(pl)
			if err != nil {
				t.Fatalf("image %d: %v", n, err)
			}
			slices.Sort(cells)
			got := p.Images.Cells(n)
			if !slices.Equal(cells, got) {
				t.Fatalf("image %d (%v) covers %v, its placement %v", n, pl, got, cells)
			}
			for _, c := range got {
				if c < 0 || int(c) >= p.Area() {
					t.Fatalf("image %d covers cell %d outside the region", n, c)
				}
			}
		}
	})
}

func checkLocated(t *testing.T, err error, name string) {
	t.Helper()
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %T is not a *puzzle.Error: %v", err, err)
	}
	if pe.File != name || pe.Line < 1 || pe.Col < 1 {
		t.Fatalf("error not located at file:line:col: %v", err)
	}
}

// seedCorpus returns the seed files for each fuzz target: every example in
// its format, the examples rewritten as Knuth specs, and every bad input
// small enough to keep.
func seedCorpus(t *testing.T) map[string]map[string][]byte {
	t.Helper()
	out := map[string]map[string][]byte{"FuzzParseYAML": {}, "FuzzParseKnuth": {}}
	entries, err := os.ReadDir(examplesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		data, err := os.ReadFile(filepath.Join(examplesDir, name))
		if err != nil {
			t.Fatal(err)
		}
		switch filepath.Ext(name) {
		case ".yaml":
			out["FuzzParseYAML"]["example-"+strings.TrimSuffix(name, ".yaml")] = data
			if p, err := Parse(name, data, ""); err == nil && p.Grid == Square && p.Area() <= 100 && !strings.HasPrefix(name, "onesided") { // Knuth's format: square grid
				out["FuzzParseKnuth"]["converted-"+strings.TrimSuffix(name, ".yaml")] = []byte(knuthText(t, p))
			}
		case ".knuth":
			out["FuzzParseKnuth"]["example-"+strings.TrimSuffix(name, ".knuth")] = data
		}
	}
	for target, set := range map[string][]badInput{"FuzzParseYAML": badYAML, "FuzzParseKnuth": badKnuth} {
		for _, c := range set {
			if len(c.input) > 4096 {
				continue
			}
			key := "bad-" + corpusName(c.name)
			if _, dup := out[target][key]; dup {
				t.Errorf("two bad inputs named %q", c.name)
			}
			out[target][key] = []byte(c.input)
		}
	}
	return out
}

func corpusName(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return '-'
	}, s)
}

func corpusFile(data []byte) []byte {
	return []byte(fmt.Sprintf("go test fuzz v1\n[]byte(%s)\n", strconv.Quote(string(data))))
}

// The seed corpora in testdata/fuzz match the examples and the catalogue;
// go test -run TestFuzzCorpus -update-corpus rewrites them.
func TestFuzzCorpus(t *testing.T) {
	for target, files := range seedCorpus(t) {
		dir := filepath.Join("testdata", "fuzz", target)
		if *updateCorpus {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			// remove stale seeds, keeping inputs the fuzzer found (named by hash)
			old, _ := filepath.Glob(filepath.Join(dir, "*-*"))
			for _, path := range old {
				if _, keep := files[filepath.Base(path)]; !keep {
					if err := os.Remove(path); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
		for name, data := range files {
			path := filepath.Join(dir, name)
			want := corpusFile(data)
			if *updateCorpus {
				if err := os.WriteFile(path, want, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			got, err := os.ReadFile(path)
			if err != nil || string(got) != string(want) {
				t.Errorf("%s is missing or stale; run go test ./puzzle -run TestFuzzCorpus -update-corpus", path)
			}
		}
	}
}
