package model

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/polytile/polytile/puzzle"
)

// Symmetric solutions in the binary program (the puzzle key "symmetric",
// puzzle/symmetric.go). Two row families, after every other row:
//
//	sym_forbid        Σ x[images in no valid orbit] = 0 (when there are any)
//	sym_orbit_O_I     one per orbit O and member I >= 1 of it:
//	                  Σ_{k in class of member 0} x[k, cells of member 0]
//	                  - Σ_{k in class of member I} x[k, cells of member I] = 0
//
// Each sum is 0 or 1 (its images cover the same cells), so the rows say
// that the members of an orbit are placed together or not at all: a
// solution of the program is a union of valid orbits, which is a symmetric
// tiling, and every symmetric tiling is one (the orbit problem's argument).

// symRows holds the symmetric rows' layout.
type symRows struct {
	first    int     // first symmetric row, -1 when none
	forbid   int     // sym_forbid, -1 when absent
	orbitRow []int32 // per orbit: its first row (member 1), rows for members 1..m-1
	member   []int32 // per image: its member index in its orbit, -1 when forbidden
	nonzeros int
}

// initSymmetric lays out the symmetric rows from row number rows and
// returns the number of rows after them.
func (pr *Program) initSymmetric(rows int) int {
	pr.sym = symRows{first: -1, forbid: -1}
	g := pr.Puzzle.Symmetric
	if g == nil {
		return rows
	}
	s := pr.Puzzle.Images
	pr.sym.first = rows
	pr.sym.member = make([]int32, s.Len())
	nForbid := 0
	for n := range s.Len() {
		o := g.OrbitOf[n]
		if o < 0 {
			pr.sym.member[n] = -1
			nForbid++
			continue
		}
		m := g.Orbits[o].Members
		i, ok := slices.BinarySearch(m, int32(n))
		if !ok { // a copy under another name: its first piece's image
			i, _ = slices.BinarySearch(m, int32(pr.firstImage(n)))
		}
		pr.sym.member[n] = int32(i)
	}
	if nForbid > 0 {
		pr.sym.forbid = rows
		rows++
		pr.sym.nonzeros += nForbid
	}
	pr.sym.orbitRow = make([]int32, len(g.Orbits))
	for o := range g.Orbits {
		pr.sym.orbitRow[o] = int32(rows)
		m := g.Orbits[o].Members
		rows += len(m) - 1
		if len(m) > 1 {
			w0 := len(pr.Puzzle.Classes[pr.Puzzle.Pieces[s.Place[m[0]].Piece].Class].Pieces)
			for _, x := range m[1:] {
				pr.sym.nonzeros += w0 + len(pr.Puzzle.Classes[pr.Puzzle.Pieces[s.Place[x].Piece].Class].Pieces)
			}
		}
	}
	return rows
}

// firstImage returns the image of the first piece of image n's class with
// the same cells.
func (pr *Program) firstImage(n int) int {
	p := pr.Puzzle
	s := p.Images
	k0 := p.Classes[p.Pieces[s.Place[n].Piece].Class].Pieces[0]
	if m := p.ImageWithCells(k0, s.Cells(n)); m >= 0 {
		return m
	}
	return n
}

// SymmetricRows returns the first symmetric row and how many there are
// (-1, 0 without the symmetric key).
func (pr *Program) SymmetricRows() (first, n int) {
	if pr.sym.first < 0 {
		return -1, 0
	}
	return pr.sym.first, pr.nRows - pr.sym.first
}

// isSymRow reports whether row i is a symmetric row.
func (pr *Program) isSymRow(i int) bool { return pr.sym.first >= 0 && i >= pr.sym.first }

// symOrbitOfRow returns the orbit and member of an orbit row.
func (pr *Program) symOrbitOfRow(i int) (o, member int) {
	rows := pr.sym.orbitRow
	o = sort32(rows, int32(i))
	return o, i - int(rows[o]) + 1
}

// sort32 returns the last index o with rows[o] <= v (rows is sorted;
// orbits of one member have no row and share their successor's start).
func sort32(rows []int32, v int32) int {
	lo, hi := 0, len(rows)
	for lo < hi {
		mid := (lo + hi) / 2
		if rows[mid] <= v {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo - 1
}

// classImages appends the images of every piece of image n's class with
// n's cells (n is an image of the class's first piece).
func (pr *Program) classImages(dst []int32, n int32) []int32 {
	p := pr.Puzzle
	cl := &p.Classes[p.Pieces[p.Images.Place[n].Piece].Class]
	dst = append(dst, n)
	cells := p.Images.Cells(int(n))
	for _, k := range cl.Pieces[1:] {
		if m := p.ImageWithCells(k, cells); m >= 0 {
			dst = append(dst, int32(m))
		}
	}
	return dst
}

// symRow fills the terms of symmetric row i.
func (pr *Program) symRow(i int, r *Row, t []Term) []Term {
	r.Kind, r.Sense, r.RHS = SymRow, EQ, 0
	if i == pr.sym.forbid {
		for n, m := range pr.sym.member {
			if m < 0 {
				t = append(t, Term{n, 1})
			}
		}
		return t
	}
	o, i1 := pr.symOrbitOfRow(i)
	m := pr.Puzzle.Symmetric.Orbits[o].Members
	var a, b []int32
	a = pr.classImages(a, m[0])
	b = pr.classImages(b, m[i1])
	for _, x := range a {
		t = append(t, Term{int(x), 1})
	}
	for _, x := range b {
		t = append(t, Term{int(x), -1})
	}
	slices.SortFunc(t, func(x, y Term) int { return x.Index - y.Index })
	return t
}

// symColumn appends the symmetric rows' terms of x column j.
func (pr *Program) symColumn(j int, t []Term) []Term {
	if pr.sym.first < 0 {
		return t
	}
	i := pr.sym.member[j]
	if i < 0 {
		return append(t, Term{pr.sym.forbid, 1})
	}
	o := pr.Puzzle.Symmetric.OrbitOf[j]
	base := int(pr.sym.orbitRow[o])
	if i == 0 {
		for r := range len(pr.Puzzle.Symmetric.Orbits[o].Members) - 1 {
			t = append(t, Term{base + r, 1})
		}
		return t
	}
	return append(t, Term{base + int(i) - 1, -1})
}

// appendSymRowName names symmetric row i.
func (pr *Program) appendSymRowName(dst []byte, i int) []byte {
	if i == pr.sym.forbid {
		return append(dst, "sym_forbid"...)
	}
	o, m := pr.symOrbitOfRow(i)
	dst = append(dst, "sym_orbit_"...)
	dst = strconv.AppendInt(dst, int64(o), 10)
	dst = append(dst, '_')
	return strconv.AppendInt(dst, int64(m), 10)
}

// checkSymmetric refuses the options that do not go with the symmetric key.
func checkSymmetric(pr *Program) error { return CheckSymmetricOptions(pr.Puzzle, pr.Options) }

// CheckSymmetricOptions refuses the program options that do not go with
// p's symmetric key (the symmetry rows pin and hole), as NewProgram does,
// without building the program.
func CheckSymmetricOptions(p *puzzle.Puzzle, opt ProgramOptions) error {
	if p.Symmetric != nil && opt.Symmetry != NoSymmetry {
		return fmt.Errorf("model: symmetry rows (pin / hole) do not apply to a puzzle with symmetric: they break the board's symmetry group, and the symmetric solutions are closed only under part of it")
	}
	return nil
}
