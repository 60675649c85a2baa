package export

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// knuthDLX is a DLX file read by the rules of Knuth's dlx1 / dlx3 input
// format: '|' lines are comments; the first line lists the items, primary
// before a lone '|', secondary after; a primary item may carry "v|" (dlx3:
// exactly v times) or "u:v|" (between u and v times); then one option per
// line. dlx1's rule is checked too: in dlx1 mode a '|' or ':' inside an
// item name is an error ("Illegal character in item name").
type knuthDLX struct {
	lo, hi    []int // per item; secondary items: 0..1
	secondary []bool
	options   [][]int
}

func parseKnuthDLX(t *testing.T, text string, dlx1 bool) *knuthDLX {
	t.Helper()
	d := &knuthDLX{}
	index := map[string]int{}
	first := true
	for ln, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(line, "|") {
			continue
		}
		if first {
			first = false
			sec := false
			for _, tok := range f {
				if tok == "|" {
					sec = true
					continue
				}
				lo, hi, name := 1, 1, tok
				if i := strings.LastIndexByte(tok, '|'); i >= 0 {
					if dlx1 {
						t.Fatalf("line %d: dlx1 rejects item %q: Illegal character in item name", ln+1, tok)
					}
					name = tok[i+1:]
					m := tok[:i]
					var err1, err2 error
					if a, b, ok := strings.Cut(m, ":"); ok {
						lo, err1 = strconv.Atoi(a)
						hi, err2 = strconv.Atoi(b)
					} else {
						lo, err1 = strconv.Atoi(m)
						hi = lo
					}
					if err1 != nil || err2 != nil || lo < 0 || hi < lo || hi == 0 {
						t.Fatalf("line %d: bad multiplicity %q", ln+1, tok)
					}
				}
				if name == "" || len(name) > 8 || strings.ContainsAny(name, ":|") {
					t.Fatalf("line %d: illegal item name %q", ln+1, name)
				}
				if _, dup := index[name]; dup {
					t.Fatalf("line %d: item %q twice", ln+1, name)
				}
				if sec && (lo != 1 || hi != 1) {
					t.Fatalf("line %d: multiplicity on secondary item %q", ln+1, tok)
				}
				index[name] = len(d.lo)
				if sec {
					lo = 0
				}
				d.lo, d.hi, d.secondary = append(d.lo, lo), append(d.hi, hi), append(d.secondary, sec)
			}
			continue
		}
		var opt []int
		for _, tok := range f {
			i, ok := index[tok]
			if !ok {
				t.Fatalf("line %d: unknown item %q", ln+1, tok)
			}
			opt = append(opt, i)
		}
		d.options = append(d.options, opt)
	}
	return d
}

// count counts the sets of options in which every primary item is
// covered between lo and hi times and every secondary item at most once,
// by enumerating subsets in option order with pruning.
func (d *knuthDLX) count() int64 {
	used := make([]int, len(d.lo))
	var rec func(n int) int64
	rec = func(n int) int64 {
		if n == len(d.options) {
			for i := range used {
				if used[i] < d.lo[i] {
					return 0
				}
			}
			return 1
		}
		total := rec(n + 1) // without option n
		ok := true
		for _, i := range d.options[n] {
			ok = ok && used[i] < d.hi[i]
		}
		if ok {
			for _, i := range d.options[n] {
				used[i]++
			}
			total += rec(n + 1)
			for _, i := range d.options[n] {
				used[i]--
			}
		}
		return total
	}
	return rec(0)
}

// packings enumerates the partial tilings of p at the class level (sets
// of images of the first piece of each class, each class used at most
// its count; exact: every cell covered and every class exactly its count)
// by a search over cells that knows nothing of DLX, and returns the
// number of them and the number weighted by Π k!/(k-m)! (the
// assignments of m placed images to k distinct copies).
func packings(p *puzzle.Puzzle, exact bool) (plain, weighted int64) {
	firstOf := func(k int) bool { return p.Classes[p.Pieces[k].Class].Pieces[0] == k }
	byFirst := make([][]int, p.Area())
	for n := range p.Images.Len() {
		if firstOf(p.Images.Place[n].Piece) {
			c := p.Images.Cells(n)[0]
			byFirst[c] = append(byFirst[c], n)
		}
	}
	used := make([]int, len(p.Classes))
	free := make([]bool, p.Area())
	for n := range free {
		free[n] = true
	}
	var rec func(c int)
	rec = func(c int) {
		for c < len(free) && !free[c] {
			c++
		}
		if c == len(free) {
			w := int64(1)
			for k, cl := range p.Classes {
				if exact && used[k] != cl.Count {
					return
				}
				for m := 0; m < used[k]; m++ {
					w *= int64(cl.Count - m)
				}
			}
			plain++
			weighted += w
			return
		}
		for _, n := range byFirst[c] {
			k := p.Pieces[p.Images.Place[n].Piece].Class
			if used[k] == p.Classes[k].Count {
				continue
			}
			cells := p.Images.Cells(n)
			fits := true
			for _, m := range cells {
				fits = fits && free[m]
			}
			if !fits {
				continue
			}
			for _, m := range cells {
				free[m] = false
			}
			used[k]++
			rec(c + 1)
			used[k]--
			for _, m := range cells {
				free[m] = true
			}
		}
		if !exact {
			free[c] = false
			rec(c + 1)
			free[c] = true
		}
	}
	rec(0)
	return plain, weighted
}

// TestDLXDialectsBruteForce writes puzzles with repeated pieces in both
// dialects, exact and max-coverage, reads each file back by Knuth's rules
// (dlx1 refuses multiplicities) and counts its solutions by subset
// enumeration; the counts must be the brute-force numbers of tilings of
// the puzzle: once per tiling for dlx3, once per tiling and assignment of
// copies (k! per class of k copies; k!/(k-m)! when m are placed) for dlx1.
func TestDLXDialectsBruteForce(t *testing.T) {
	cases := []*puzzle.Puzzle{
		build(t, "dominoes and L", "###/###/###", pc{"D", "##", 3, puzzle.Free}, pc{"L", "##/#.", 1, puzzle.Free}),
		build(t, "two Ls and two Is", "####/####/....", pc{"L", "##/#.", 2, puzzle.Free}, pc{"I", "#", 2, puzzle.Free}),
		cube(t),
	}
	for _, p := range cases {
		c := model.NewCover(p)
		for _, maxCov := range []bool{false, true} {
			plain, weighted := packings(p, !maxCov)
			if !maxCov && plain == 0 {
				t.Fatalf("%s: no exact tiling: a vacuous case", p.Name)
			}
			if weighted == plain {
				t.Fatalf("%s: no repeated piece placed: a vacuous case", p.Name)
			}
			for _, d := range []DLXDialect{DLX1, DLX3} {
				var b bytes.Buffer
				if err := WriteDLXWith(&b, c, DLXOptions{Dialect: d, MaxCoverage: maxCov}); err != nil {
					t.Fatal(err)
				}
				got := parseKnuthDLX(t, b.String(), d == DLX1).count()
				want := plain
				if d == DLX1 {
					want = weighted
				}
				if got != want {
					t.Errorf("%s dialect %d max-coverage %v: the file has %d solutions, brute force %d (tilings %d)\n%s", p.Name, d, maxCov, got, want, plain, b.String())
				}
			}
		}
	}
	// Unlimited pieces cannot be written as a packing.
	if err := CheckDLX(model.NewCover(holes(t)), DLXOptions{MaxCoverage: true}); err == nil {
		t.Error("a max-coverage DLX file of a puzzle with an unlimited piece was accepted")
	}
	// The default writer keeps the dlx3 multiplicity that dlx1 rejects.
	var b bytes.Buffer
	if err := WriteDLXWith(&b, model.NewCover(cases[0]), DLXOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "3|D") {
		t.Errorf("dlx3 file without 3|D:\n%s", b.String())
	}
	_ = fmt.Sprint()
}
