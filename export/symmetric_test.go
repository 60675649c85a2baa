package export

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/native"
	"github.com/polytile/polytile/puzzle"
)

// symCases are small puzzles with the symmetric key (copies, one-sided
// twins, unlimited pieces). Their counts come from the native orbit
// solver, which native's TestSymmetricAgainstBruteForce checks against
// brute force on the same kinds of puzzle.
var symCases = []string{
	"board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n",
	"board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: [mirror-vertical, mirror-horizontal]\n",
	"board: 4x3\ncount: 4\npieces: {V: '##/#.'}\nsymmetric: rotate180\n",
	"board: 5x5\npieces: {X: '.#./###/.#.', L: {shape: '#.../####', count: 4}}\nsymmetric: rotate90\n",
	"board: 5x5\npieces: {X: '.#./###/.#.', L: {shape: '#.../####', count: 4}}\nsymmetric: rotate180\n",
	"board: 4x4\npieces: {L: {shape: '#./#./##', count: 2}, I: '####', O: '##/##'}\nsymmetric: rotate180\n",
	"board: 6x4\norientations: rotate\npieces: {S: '.##/##.', Z: '##./.##', L: '#./#./##', J: '.#/.#/##', I: '####', O: '##/##'}\nsymmetric: mirror-vertical\n",
	"board: 4x4\norientations: rotate\ncount: 2\npieces: {L: '#./#./##', J: '.#/.#/##'}\nsymmetric: mirror-vertical\n",
	"board: 4x4\norientations: rotate\ncount: unlimited\npieces: {L: '#./#./##', J: '.#/.#/##'}\nsymmetric: mirror-horizontal\n",
	"board: 4x4\npieces: {D: {shape: '##', count: 2}, T: {shape: '###/.#.', count: 2}, I: {shape: '###', count: unlimited}}\nsymmetric: rotate180\n",
	// two names of one shape: a class of two pieces
	"board: 4x4\npieces: {L: '#./#./##', Lb: '#./#./##', I: '####', O: '##/##'}\nsymmetric: rotate180\n",
}

func symPuzzle(t *testing.T, n int) (*puzzle.Puzzle, int64) {
	t.Helper()
	p, err := puzzle.Parse(fmt.Sprintf("sym%d.yaml", n), []byte(symCases[n]), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := native.Solve(context.Background(), p, native.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return p, res.All
}

// TestSymmetricDLXCount counts the exact covers of the symmetric DLX
// export with the test's own reader and subset enumerator (dlx3's
// multiplicities, the gadget options included) and compares them with
// the native count.
func TestSymmetricDLXCount(t *testing.T) {
	units := false
	for n := range symCases {
		p, want := symPuzzle(t, n)
		c, err := model.NewSymmetricCover(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range p.Symmetric.Orbits {
			units = units || o.Units > 1
		}
		var b bytes.Buffer
		if err := WriteSymmetricDLX(&b, c); err != nil {
			t.Fatal(err)
		}
		if got := countCovers(parseKnuthDLX(t, b.String(), false)); got != want {
			t.Errorf("case %d: the DLX file has %d exact covers, native counts %d\n%s", n, got, want, b.String())
		}
	}
	if !units {
		t.Error("no case has an orbit with units > 1: the gadgets are not tested")
	}
}

// countCovers counts the exact covers of d by branching on the
// uncovered item of multiplicity 1 with the fewest fitting options (every
// option of these files holds one: a cell orbit or a gadget's t), and
// checks the multiplicities at the leaves: each cover is found once.
func countCovers(d *knuthDLX) int64 {
	used := make([]int, len(d.lo))
	byItem := make([][]int, len(d.lo))
	for n, o := range d.options {
		for _, i := range o {
			byItem[i] = append(byItem[i], n)
		}
	}
	fits := func(n int) bool {
		for _, i := range d.options[n] {
			if used[i] >= d.hi[i] {
				return false
			}
		}
		return true
	}
	var rec func() int64
	rec = func() int64 {
		best, bestN := -1, 1<<30
		for i := range d.lo {
			if d.hi[i] != 1 || d.lo[i] != 1 || used[i] > 0 {
				continue
			}
			k := 0
			for _, n := range byItem[i] {
				if fits(n) {
					k++
				}
			}
			if k < bestN {
				best, bestN = i, k
			}
		}
		if best < 0 {
			for i := range used {
				if used[i] < d.lo[i] || used[i] > d.hi[i] {
					return 0
				}
			}
			return 1
		}
		var total int64
		for _, n := range byItem[best] {
			if !fits(n) {
				continue
			}
			for _, i := range d.options[n] {
				used[i]++
			}
			total += rec()
			for _, i := range d.options[n] {
				used[i]--
			}
		}
		return total
	}
	return rec()
}

// TestSymmetricRowsExact checks the program's symmetric rows on every
// exact tiling of the puzzles without the key (enumerated by brute
// force): the rows hold exactly for the tilings that Verify finds
// symmetric, and their number is the native count.
func TestSymmetricRowsExact(t *testing.T) {
	for n := range symCases {
		p, want := symPuzzle(t, n)
		pr := program(t, p, model.ProgramOptions{Mode: model.Exact})
		first, rows := pr.SymmetricRows()
		if rows == 0 {
			t.Fatalf("case %d: no symmetric rows", n)
		}
		got := map[string]bool{} // class-level tilings (copies under two names are one)
		for _, tl := range allTilings(p) {
			x := make([]float64, pr.NumX())
			for _, pl := range tl.Placements {
				x[p.Images.Find(pl)] = 1
			}
			ok := true
			var r model.Row
			for i := first; i < first+rows; i++ {
				pr.Row(i, &r)
				s := 0.0
				for _, tm := range r.Terms {
					s += tm.Coef * x[tm.Index]
				}
				ok = ok && s == r.RHS
			}
			rep, _ := p.Verify(tl, true)
			if sym := len(rep.Asymmetric) == 0; sym != ok {
				t.Errorf("case %d: rows hold %v, Verify says symmetric %v: %v", n, ok, sym, tl.Placements)
			}
			if ok {
				got[p.Canonical(tl)] = true
			}
		}
		if int64(len(got)) != want {
			t.Errorf("case %d: %d tilings satisfy the rows, native counts %d", n, len(got), want)
		}
	}
}

// allTilings enumerates every exact tiling of p (piece names as images,
// no symmetry), fill the first empty cell first.
func allTilings(p *puzzle.Puzzle) []puzzle.Tiling {
	byCell := make([][]int, p.Area())
	for n := range p.Images.Len() {
		c := p.Images.Cells(n)[0]
		byCell[c] = append(byCell[c], n)
	}
	filled := make([]bool, p.Area())
	used := make([]int, len(p.Pieces))
	var out []puzzle.Tiling
	var stack []puzzle.Placement
	var rec func()
	rec = func() {
		first := -1
		for c, f := range filled {
			if !f {
				first = c
				break
			}
		}
		if first < 0 {
			for k := range p.Pieces {
				if !p.Pieces[k].Unlimited && used[k] != p.Pieces[k].Count {
					return
				}
			}
			out = append(out, puzzle.Tiling{Placements: append([]puzzle.Placement(nil), stack...)})
			return
		}
	next:
		for _, n := range byCell[first] {
			pl := p.Images.Place[n]
			if pc := &p.Pieces[pl.Piece]; !pc.Unlimited && used[pl.Piece] >= pc.Count {
				continue
			}
			for _, c := range p.Images.Cells(n) {
				if filled[c] {
					continue next
				}
			}
			for _, c := range p.Images.Cells(n) {
				filled[c] = true
			}
			used[pl.Piece]++
			stack = append(stack, pl)
			rec()
			stack = stack[:len(stack)-1]
			used[pl.Piece]--
			for _, c := range p.Images.Cells(n) {
				filled[c] = false
			}
		}
	}
	rec()
	return out
}

// TestSymmetricCNFCount counts the models of the CNF export projected on
// the image variables with picosat and blocking clauses, and compares the
// count with the native one; every model must be a symmetric tiling.
func TestSymmetricCNFCount(t *testing.T) {
	bin, err := exec.LookPath("picosat")
	if err != nil {
		t.Skip("picosat not on PATH: run make deps")
	}
	dir := t.TempDir()
	for n := range symCases {
		p, want := symPuzzle(t, n)
		twins := false
		for _, c := range p.Classes {
			twins = twins || len(c.Pieces) > 1
		}
		if want > 40 || twins { // the CNF tells copies under two names apart
			continue
		}
		pr := program(t, p, model.ProgramOptions{Mode: model.Exact})
		var b bytes.Buffer
		if err := WriteCNF(&b, pr, SATOptions{MinCovered: -1}); err != nil {
			t.Fatal(err)
		}
		text := b.String()
		var got int64
		for {
			file := filepath.Join(dir, fmt.Sprintf("c%d-%d.cnf", n, got))
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			sat, vals := satModel(t, bin, file)
			if !sat {
				break
			}
			got++
			tl := satTiling(pr, vals)
			if _, err := p.Verify(tl, true); err != nil {
				t.Fatalf("case %d: model %d: %v", n, got, err)
			}
			// Block this assignment of the image variables.
			var cl []string
			for j := range pr.NumX() {
				if vals[j+1] {
					cl = append(cl, strconv.Itoa(-(j + 1)))
				} else {
					cl = append(cl, strconv.Itoa(j+1))
				}
			}
			text = addClause(t, text, strings.Join(cl, " ")+" 0")
			if got > want+1 {
				break
			}
		}
		if got != want {
			t.Errorf("case %d: %d models on the images, native counts %d", n, got, want)
		}
	}
}

// addClause appends a clause to a DIMACS text, updating its header.
func addClause(t *testing.T, text, clause string) string {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "p" && f[1] == "cnf" {
			c, err := strconv.Atoi(f[3])
			if err != nil {
				t.Fatal(err)
			}
			lines[i] = fmt.Sprintf("p cnf %s %d", f[2], c+1)
		}
	}
	return strings.Join(lines, "\n") + clause + "\n"
}

// TestSymmetricPyomo runs the Pyomo script of two cases: feasible exactly
// when the native count is not 0, and its tiling symmetric (Verify).
func TestSymmetricPyomo(t *testing.T) {
	py := pyomoPython(t)
	dir := t.TempDir()
	for _, n := range []int{2, 6} {
		p, want := symPuzzle(t, n)
		pr := program(t, p, model.ProgramOptions{Mode: model.Exact})
		file := filepath.Join(dir, fmt.Sprintf("s%d.py", n))
		writeTo(t, file, func(w *bytes.Buffer) error { return WritePyomo(w, pr) })
		out, err := exec.Command(py, file).Output()
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() == 2 {
			t.Skipf("the Pyomo script found no solver: %s", ee.Stderr)
		}
		infeasible := errors.As(err, &ee) && ee.ExitCode() == 1
		if err != nil && !infeasible {
			t.Fatalf("case %d: %v\n%s", n, err, out)
		}
		if infeasible != (want == 0) {
			t.Errorf("case %d: infeasible %v, native count %d", n, infeasible, want)
			continue
		}
		if !infeasible {
			_, tl := parsePyomoOutput(t, pr, out)
			if _, err := p.Verify(tl, true); err != nil {
				t.Errorf("case %d: %v\n%s", n, err, out)
			}
		}
	}
}
