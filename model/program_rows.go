package model

import (
	"fmt"
	"slices"
)

// Row fills r with row i, reusing r.Terms' storage. It panics if i is out
// of range (a programming error, never user input).
func (pr *Program) Row(i int, r *Row) {
	r.Index = i
	t := r.Terms[:0]
	switch {
	case pr.isSymRow(i):
		t = pr.symRow(i, r, t)
	case i < pr.nCells:
		r.Kind = OverlapRow
		for _, n := range pr.Covering(i) {
			t = append(t, Term{int(n), 1})
		}
		switch {
		case pr.Options.Mode == Exact:
			r.Sense, r.RHS = EQ, 1
		case pr.ny > 0:
			t = append(t, Term{pr.nx + i, -1})
			r.Sense, r.RHS = EQ, 0
		default:
			r.Sense, r.RHS = LE, 1
		}
	case i < pr.nCells+len(pr.finite):
		k := pr.finite[i-pr.nCells]
		r.Kind = CountRow
		ps := pr.Puzzle.Images.PieceStart
		for n := ps[k]; n < ps[k+1]; n++ {
			t = append(t, Term{n, 1})
		}
		r.RHS = float64(pr.Puzzle.Pieces[k].Count)
		r.Sense = LE
		if pr.Options.Mode == Exact {
			r.Sense = EQ
		}
	case i == pr.areaRow:
		r.Kind, r.Sense, r.RHS = AreaRow, LE, float64(pr.Bound.Bound)
		if pr.ny > 0 {
			for c := range pr.ny {
				t = append(t, Term{pr.nx + c, 1})
			}
		} else {
			for n, pl := range pr.Puzzle.Images.Place {
				t = append(t, Term{n, pr.size[pl.Piece]})
			}
		}
	case i == pr.gcdRow:
		r.Kind, r.Sense, r.RHS = GCDRow, EQ, 0
		for c := range pr.ny {
			t = append(t, Term{pr.nx + c, 1})
		}
		t = append(t, Term{pr.zCol, -float64(pr.Bound.GCD)})
	case i == pr.pinRow:
		r.Kind, r.Sense, r.RHS = PinRow, EQ, 0
		for _, n := range pr.pin.nonRep {
			t = append(t, Term{n, 1})
		}
	case pr.colRow >= 0 && (i == pr.colRow || i == pr.colRow+1):
		r.Kind, r.Sense, r.RHS = ColourRow, LE, float64(pr.colourD)
		if i == pr.colRow+1 {
			r.Sense, r.RHS = GE, -float64(pr.colourD)
		}
		if pr.ny > 0 {
			for c := range pr.ny {
				t = append(t, Term{pr.nx + c, pr.cellColour(c)})
			}
		} else {
			for n := range pr.nx {
				if v := pr.imageColour(n); v != 0 {
					t = append(t, Term{n, v})
				}
			}
		}
	case i == pr.holeRow:
		r.Kind, r.Sense, r.RHS = HoleRow, LE, float64(pr.sizeF-1)
		if pr.ny > 0 {
			for c := range pr.ny {
				if pr.inF[c] {
					t = append(t, Term{pr.nx + c, 1})
				}
			}
		} else {
			for n := range pr.nx {
				if v := pr.imageInF(n); v != 0 {
					t = append(t, Term{n, v})
				}
			}
		}
	default:
		panic(fmt.Sprintf("model: row %d out of range [0,%d)", i, pr.nRows))
	}
	r.Terms = t
}

// Rows calls fn for every row in order. The Row and its Terms are reused
// between calls: fn must not keep them. Rows stops at the first error fn
// returns and returns it.
func (pr *Program) Rows(fn func(r *Row) error) error {
	var r Row
	for i := range pr.nRows {
		pr.Row(i, &r)
		if err := fn(&r); err != nil {
			return err
		}
	}
	return nil
}

// Column fills c with column j, reusing c.Terms' storage. It panics if j
// is out of range.
func (pr *Program) Column(j int, c *Column) {
	c.Index = j
	t := c.Terms[:0]
	switch {
	case j < pr.nx:
		k := pr.Puzzle.Images.Place[j].Piece
		c.Kind, c.Lower, c.Upper, c.Cost = Binary, 0, 1, 0
		if pr.Options.Mode == MaxCoverage && pr.ny == 0 {
			c.Cost = pr.size[k]
		}
		for _, cell := range pr.Puzzle.Images.Cells(j) {
			t = append(t, Term{int(cell), 1})
		}
		if r := pr.countRow[k]; r >= 0 {
			t = append(t, Term{r, 1})
		}
		if pr.areaRow >= 0 && pr.ny == 0 {
			t = append(t, Term{pr.areaRow, pr.size[k]})
		}
		if pr.pinRow >= 0 && pr.pin.piece == k {
			if _, ok := slices.BinarySearch(pr.pin.nonRep, j); ok {
				t = append(t, Term{pr.pinRow, 1})
			}
		}
		if pr.ny == 0 {
			if v := pr.imageColour(j); pr.colRow >= 0 && v != 0 {
				t = append(t, Term{pr.colRow, v}, Term{pr.colRow + 1, v})
			}
			if pr.holeRow >= 0 {
				if v := pr.imageInF(j); v != 0 {
					t = append(t, Term{pr.holeRow, v})
				}
			}
		}
		t = pr.symColumn(j, t)
	case j < pr.nx+pr.ny:
		cell := j - pr.nx
		c.Kind, c.Lower, c.Upper, c.Cost = Binary, 0, 1, 1
		t = append(t, Term{cell, -1})
		if pr.areaRow >= 0 {
			t = append(t, Term{pr.areaRow, 1})
		}
		if pr.gcdRow >= 0 {
			t = append(t, Term{pr.gcdRow, 1})
		}
		if pr.colRow >= 0 {
			v := pr.cellColour(cell)
			t = append(t, Term{pr.colRow, v}, Term{pr.colRow + 1, v})
		}
		if pr.holeRow >= 0 && pr.inF[cell] {
			t = append(t, Term{pr.holeRow, 1})
		}
	case j == pr.zCol:
		g := pr.Bound.GCD
		c.Kind, c.Lower, c.Upper, c.Cost = Integer, 0, float64(pr.Bound.Bound/g), 0
		t = append(t, Term{pr.gcdRow, -float64(g)})
	default:
		panic(fmt.Sprintf("model: column %d out of range [0,%d)", j, pr.NumCols()))
	}
	c.Terms = t
}

// Columns calls fn for every column in order, with the same reuse rule as
// Rows.
func (pr *Program) Columns(fn func(c *Column) error) error {
	var c Column
	for j := range pr.NumCols() {
		pr.Column(j, &c)
		if err := fn(&c); err != nil {
			return err
		}
	}
	return nil
}

// Cost returns the objective coefficient of column j.
func (pr *Program) Cost(j int) float64 {
	switch {
	case pr.Options.Mode == Exact || j == pr.zCol:
		return 0
	case j < pr.nx:
		if pr.ny > 0 {
			return 0
		}
		return pr.size[pr.Puzzle.Images.Place[j].Piece]
	default:
		return 1
	}
}

// Kind returns the domain of column j.
func (pr *Program) Kind(j int) VarKind {
	if j == pr.zCol {
		return Integer
	}
	return Binary
}

// Bounds returns the lower and upper bound of column j.
func (pr *Program) Bounds(j int) (lo, hi float64) {
	if j == pr.zCol {
		return 0, float64(pr.Bound.Bound / pr.Bound.GCD)
	}
	return 0, 1
}

// cellColour is +1 for a black region cell (i+j+l even), -1 for white.
func (pr *Program) cellColour(n int) float64 {
	c := pr.Puzzle.Region.Cells[n]
	if (c.I+c.J+c.L)&1 == 0 {
		return 1
	}
	return -1
}

// imageColour is the black minus white cells of image n.
func (pr *Program) imageColour(n int) float64 {
	v := 0.0
	for _, c := range pr.Puzzle.Images.Cells(n) {
		v += pr.cellColour(int(c))
	}
	return v
}

// imageInF is the number of cells of image n in the fundamental domain.
func (pr *Program) imageInF(n int) float64 {
	v := 0.0
	for _, c := range pr.Puzzle.Images.Cells(n) {
		if pr.inF[c] {
			v++
		}
	}
	return v
}
