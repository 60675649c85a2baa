package model

import "fmt"

// Row fills r with row i, reusing r.Terms' storage. It panics if i is out
// of range (a programming error, never user input).
func (pr *Program) Row(i int, r *Row) {
	r.Index = i
	t := r.Terms[:0]
	switch {
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
