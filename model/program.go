package model

import (
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// Mode says what a Program asks for.
type Mode int

// Program modes.
const (
	// Exact asks for an exact tiling: every cell covered exactly once and
	// every piece with a finite count used exactly that often. The
	// objective is 0 (a feasibility problem).
	Exact Mode = iota
	// MaxCoverage asks for a partial tiling that covers as many cells as
	// possible: cells may stay uncovered and pieces may be used less often
	// than their count.
	MaxCoverage
)

// String returns the name used on the command line: "exact" or
// "max-coverage".
func (m Mode) String() string {
	switch m {
	case Exact:
		return "exact"
	case MaxCoverage:
		return "max-coverage"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode reads "exact" or "max-coverage".
func ParseMode(s string) (Mode, error) {
	switch s {
	case "exact":
		return Exact, nil
	case "max-coverage":
		return MaxCoverage, nil
	}
	return 0, fmt.Errorf("mode must be exact or max-coverage, not %q", s)
}

// Formulation selects how MaxCoverage is written.
type Formulation int

// Formulations of maximum coverage. Both have the same optimum.
const (
	// Seed is the MIP article's model: a binary slack y[i,j] per cell,
	// overlap_c[i,j]: Σ x = y[i,j], maximise Σ y.
	Seed Formulation = iota
	// Packing has no y: overlap_c[i,j]: Σ x <= 1, maximise Σ size_k·x.
	Packing
)

// String returns "seed" or "packing".
func (f Formulation) String() string {
	switch f {
	case Seed:
		return "seed"
	case Packing:
		return "packing"
	}
	return fmt.Sprintf("Formulation(%d)", int(f))
}

// ParseFormulation reads "seed" or "packing".
func ParseFormulation(s string) (Formulation, error) {
	switch s {
	case "seed":
		return Seed, nil
	case "packing":
		return Packing, nil
	}
	return 0, fmt.Errorf("formulation must be seed or packing, not %q", s)
}

// ProgramOptions selects the program built by NewProgram. The zero value is
// the exact feasibility program.
type ProgramOptions struct {
	Mode Mode
	// Formulation applies to MaxCoverage only.
	Formulation Formulation
	// Strengthen (MaxCoverage only) adds the area bound B of CoverageBound
	// as a row, "area": Σ size_k·x <= B (packing) or Σ y <= B (seed). For
	// seed it also adds an integer column z and the row "area_gcd":
	// Σ y = g·z, where g > 1 is the gcd of the piece sizes, so that the LP
	// relaxation knows that the covered area is a multiple of g.
	Strengthen bool
	// Checkerboard (MaxCoverage only) adds the rows colour_hi and
	// colour_lo of the checkerboard argument of CoverageBound, when it
	// applies (every unlimited piece covers as many black as white cells).
	Checkerboard bool
	// Symmetry (see Symmetry) adds one symmetry-breaking row: sym_pin
	// (PinPiece, any mode) or sym_hole (FixHole, MaxCoverage only). The
	// row is left out when it does not apply: a trivial symmetry group,
	// no piece to pin, or (FixHole) a bound that does not prove a hole.
	Symmetry Symmetry
}

// VarKind is the domain of a column.
type VarKind int

// Column kinds.
const (
	Binary  VarKind = iota // 0 or 1
	Integer                // an integer between Lower and Upper
)

// Sense is the relation of a row to its right-hand side.
type Sense int

// Row senses.
const (
	EQ Sense = iota // Σ terms = RHS
	LE              // Σ terms <= RHS
	GE              // Σ terms >= RHS
)

// String returns "=", "<=" or ">=".
func (s Sense) String() string {
	switch s {
	case EQ:
		return "="
	case LE:
		return "<="
	case GE:
		return ">="
	}
	return fmt.Sprintf("Sense(%d)", int(s))
}

// RowKind tells which family of constraints a row belongs to.
type RowKind int

// Row families, in the order in which rows are numbered.
const (
	OverlapRow RowKind = iota // overlap_c[i,j], one per region cell
	CountRow                  // count_k, one per piece with a finite count
	AreaRow                   // area (Strengthen)
	GCDRow                    // area_gcd (Strengthen, seed, gcd > 1)
	PinRow                    // sym_pin (Symmetry PinPiece)
	ColourRow                 // colour_hi, colour_lo (Checkerboard, when it applies)
	HoleRow                   // sym_hole (Symmetry FixHole)
	SymRow                    // sym_forbid, sym_orbit_O_I (the puzzle's symmetric key)
)

// Term is one coefficient of a row (Index is a column) or of a column
// (Index is a row).
type Term struct {
	Index int
	Coef  float64
}

// Row is one constraint: Σ Terms (Sense) RHS. Terms are in increasing
// column order.
type Row struct {
	Index int
	Kind  RowKind
	Sense Sense
	RHS   float64
	Terms []Term
}

// Column is one variable with its bounds, objective coefficient and matrix
// entries (Terms, in increasing row order).
type Column struct {
	Index        int
	Kind         VarKind
	Lower, Upper float64
	Cost         float64
	Terms        []Term
}

// Program is the binary program of the MIP article for one puzzle, as
// index sets and rules: nothing but a per-cell list of covering images is
// stored, and rows and columns are generated on the fly (Row, Rows, Column,
// Columns), so that writers stream a large program without building its
// matrix.
//
// Index sets: K the pieces, R (per piece) the orientations, I, J (and L in
// 3D) the coordinates, ok the images (puzzle.ImageSet.Place) and cover the
// (image, cell) pairs.
//
// Columns, in this order:
//
//	x[k,r,i,j(,l)]  one binary per image, column n = image n; named x_F_3_2_5
//	y[i,j(,l)]      seed only: one binary per region cell; named y_2_5
//	z               seed with Strengthen and gcd > 1: integer, Σ y = g·z
//
// Rows, in this order:
//
//	overlap_c[i,j]  one per region cell, row n = cell n; named overlap_c_2_5
//	                exact: Σ_{cover} x = 1; seed: Σ x - y = 0; packing: Σ x <= 1
//	count_k         one per piece with a finite count N_k: Σ x[k,·] = N_k
//	                (exact) or <= N_k (max-coverage); named count_F
//	area            Strengthen: Σ size·x <= B (packing), Σ y <= B (seed)
//	area_gcd        Strengthen, seed, g > 1: Σ y - g·z = 0
//	sym_pin         Symmetry PinPiece: Σ x[images of the pinned piece that
//	                do not represent their orbit] = 0
//	colour_hi       Checkerboard, when every unlimited piece covers as many
//	colour_lo       black as white cells: D >= Σ_black covered - Σ_white
//	                covered >= -D, D the imbalance of the finite pieces
//	                (covered(c) is y[c] in seed, Σ_{cover} x in packing)
//	sym_hole        Symmetry FixHole: Σ_{c in F} covered(c) <= |F| - 1
//
// The objective (named obj) is 0 for Exact, maximise Σ y for seed and
// maximise Σ size_k·x for packing; in both max-coverage formulations its
// value is the number of covered cells.
//
// A Program is immutable after NewProgram and safe for concurrent use.
type Program struct {
	Puzzle  *puzzle.Puzzle
	Options ProgramOptions
	// Bound is CoverageBound of the puzzle; its Bound is the B of the
	// area row.
	Bound Bound

	nx, ny   int   // x and y columns
	zCol     int   // column of z, or -1
	nCells   int   // overlap rows
	finite   []int // pieces with a finite count, in order; count row nCells+n
	countRow []int // per piece: its count row, or -1
	areaRow  int   // -1 when absent
	gcdRow   int   // -1 when absent
	pinRow   int   // -1 when absent
	colRow   int   // colour_hi; colour_lo is colRow+1; -1 when absent
	holeRow  int   // -1 when absent
	nRows    int

	pin     *pinChoice // PinPiece
	colourD int        // imbalance bound of the colour rows
	inF     []bool     // FixHole: the fundamental domain of the cells
	sizeF   int
	size    []float64 // per piece

	// cover as CSR by cell: images covering cell c are
	// cellImg[cellStart[c]:cellStart[c+1]], in increasing order.
	cellStart []int32
	cellImg   []int32

	pieceName []string       // sanitized names, see PieceName
	pieceOf   map[string]int // sanitized name -> piece

	sym symRows // the puzzle's symmetric key (program_symmetric.go)

	fp *fpCache // the fingerprint, once computed (fingerprint.go)
}

// NewProgram builds the program of p. It builds the per-cell list of
// covering images once (4 bytes per cover entry) and nothing else of size
// proportional to the matrix.
func NewProgram(p *puzzle.Puzzle, opt ProgramOptions) (*Program, error) {
	if p == nil || p.Images == nil {
		return nil, fmt.Errorf("model: program of a nil puzzle")
	}
	if opt.Mode != Exact && opt.Mode != MaxCoverage {
		return nil, fmt.Errorf("model: bad mode %d", int(opt.Mode))
	}
	if opt.Formulation != Seed && opt.Formulation != Packing {
		return nil, fmt.Errorf("model: bad formulation %d", int(opt.Formulation))
	}
	if opt.Symmetry != NoSymmetry && opt.Symmetry != PinPiece && opt.Symmetry != FixHole {
		return nil, fmt.Errorf("model: bad symmetry %d", int(opt.Symmetry))
	}
	if opt.Mode == Exact {
		opt.Formulation, opt.Strengthen, opt.Checkerboard = Seed, false, false
		if opt.Symmetry == FixHole {
			return nil, fmt.Errorf("model: symmetry hole applies to max-coverage (an exact tiling has no hole)")
		}
	}
	imgs := p.Images
	pr := &Program{
		Puzzle:   p,
		Options:  opt,
		Bound:    CoverageBound(p),
		nx:       imgs.Len(),
		zCol:     -1,
		nCells:   p.Area(),
		countRow: make([]int, len(p.Pieces)),
		areaRow:  -1,
		gcdRow:   -1,
		pinRow:   -1,
		colRow:   -1,
		holeRow:  -1,
		size:     make([]float64, len(p.Pieces)),
		fp:       &fpCache{},
	}
	if opt.Mode == MaxCoverage && opt.Formulation == Seed {
		pr.ny = pr.nCells
	}
	rows := pr.nCells
	for k := range p.Pieces {
		pr.size[k] = float64(p.Pieces[k].Size())
		pr.countRow[k] = -1
		if !p.Pieces[k].Unlimited {
			pr.countRow[k] = rows
			pr.finite = append(pr.finite, k)
			rows++
		}
	}
	if opt.Mode == MaxCoverage && opt.Strengthen {
		pr.areaRow = rows
		rows++
		if opt.Formulation == Seed && pr.Bound.GCD > 1 {
			pr.gcdRow = rows
			rows++
			pr.zCol = pr.nx + pr.ny
		}
	}
	if opt.Symmetry == PinPiece {
		if pr.pin = choosePin(p); pr.pin != nil && len(pr.pin.nonRep) > 0 {
			pr.pinRow = rows
			rows++
		} else {
			pr.pin = nil
		}
	}
	if opt.Mode == MaxCoverage && opt.Checkerboard {
		if d, ok := colourImbalance(p); ok {
			pr.colourD = d
			pr.colRow = rows
			rows += 2
		}
	}
	if opt.Symmetry == FixHole && opt.Mode == MaxCoverage && pr.Bound.Bound < pr.nCells {
		if pr.inF, pr.sizeF = fundamentalDomain(p); pr.inF != nil {
			pr.holeRow = rows
			rows++
		}
	}
	if err := checkSymmetric(pr); err != nil {
		return nil, err
	}
	rows = pr.initSymmetric(rows)
	pr.nRows = rows
	pr.buildCellCSR()
	pr.pieceName = SanitizeNames(pieceNames(p))
	pr.pieceOf = make(map[string]int, len(p.Pieces))
	for k, n := range pr.pieceName {
		pr.pieceOf[n] = k
	}
	return pr, nil
}

func pieceNames(p *puzzle.Puzzle) []string {
	out := make([]string, len(p.Pieces))
	for k := range p.Pieces {
		out[k] = p.Pieces[k].Name
	}
	return out
}

// buildCellCSR transposes the ImageSet: for every cell the images covering
// it, in increasing image order.
func (pr *Program) buildCellCSR() {
	imgs := pr.Puzzle.Images
	start := make([]int32, pr.nCells+1)
	for n := range imgs.Len() {
		for _, c := range imgs.Cells(n) {
			start[c+1]++
		}
	}
	for c := range pr.nCells {
		start[c+1] += start[c]
	}
	fill := make([]int32, pr.nCells)
	copy(fill, start[:pr.nCells])
	list := make([]int32, imgs.CoverEntries())
	for n := range imgs.Len() {
		for _, c := range imgs.Cells(n) {
			list[fill[c]] = int32(n)
			fill[c]++
		}
	}
	pr.cellStart, pr.cellImg = start, list
}

// NumCols is the number of columns (variables).
func (pr *Program) NumCols() int {
	n := pr.nx + pr.ny
	if pr.zCol >= 0 {
		n++
	}
	return n
}

// NumRows is the number of rows (constraints).
func (pr *Program) NumRows() int { return pr.nRows }

// NumX is the number of x columns, which is the number of images; x
// columns come first, so column n < NumX is image n.
func (pr *Program) NumX() int { return pr.nx }

// NumNonzeros is the number of matrix entries.
func (pr *Program) NumNonzeros() int {
	n := len(pr.cellImg) + pr.ny // overlap rows
	for _, k := range pr.finite {
		n += pr.pieceImages(k)
	}
	if pr.areaRow >= 0 {
		if pr.Options.Formulation == Packing {
			n += pr.nx
		} else {
			n += pr.ny
		}
	}
	if pr.gcdRow >= 0 {
		n += pr.ny + 1
	}
	n += pr.sym.nonzeros
	var r Row
	for _, i := range []int{pr.pinRow, pr.colRow, pr.colRow + 1, pr.holeRow} {
		if pr.colRow < 0 && i == 0 {
			continue // colRow+1 of an absent colour row
		}
		if i >= 0 {
			pr.Row(i, &r)
			n += len(r.Terms)
		}
	}
	return n
}

// PinRow returns the row sym_pin, or -1.
func (pr *Program) PinRow() int { return pr.pinRow }

// ColourRows returns the rows colour_hi and colour_lo, or -1, -1.
func (pr *Program) ColourRows() (hi, lo int) {
	if pr.colRow < 0 {
		return -1, -1
	}
	return pr.colRow, pr.colRow + 1
}

// HoleRow returns the row sym_hole, or -1.
func (pr *Program) HoleRow() int { return pr.holeRow }

func (pr *Program) pieceImages(k int) int {
	ps := pr.Puzzle.Images.PieceStart
	return ps[k+1] - ps[k]
}

// Maximize reports whether the objective is maximised (MaxCoverage); the
// exact program minimises the constant 0.
func (pr *Program) Maximize() bool { return pr.Options.Mode == MaxCoverage }

// HasY reports whether the program has the y columns (seed formulation of
// MaxCoverage).
func (pr *Program) HasY() bool { return pr.ny > 0 }

// YCol returns the column of y for region cell n, or -1 without y.
func (pr *Program) YCol(n int) int {
	if pr.ny == 0 || n < 0 || n >= pr.ny {
		return -1
	}
	return pr.nx + n
}

// ZCol returns the column of z, or -1 when the program has none.
func (pr *Program) ZCol() int { return pr.zCol }

// CountRow returns the count row of piece k, or -1 when its supply is
// unlimited.
func (pr *Program) CountRow(k int) int {
	if k < 0 || k >= len(pr.countRow) {
		return -1
	}
	return pr.countRow[k]
}

// AreaRow returns the row of the area bound, or -1.
func (pr *Program) AreaRow() int { return pr.areaRow }

// GCDRow returns the row Σ y = g·z, or -1.
func (pr *Program) GCDRow() int { return pr.gcdRow }

// Covering returns the images (x columns) that cover region cell n, in
// increasing order: the cover set read by cell. The slice is shared.
func (pr *Program) Covering(n int) []int32 {
	return pr.cellImg[pr.cellStart[n]:pr.cellStart[n+1]:pr.cellStart[n+1]]
}

// Size returns the number of cells of piece k.
func (pr *Program) Size(k int) int { return int(pr.size[k]) }
