package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Documented limits (docs/formats.md). A puzzle beyond any of them is
// refused by New with an error wrapping ErrLimit, before the memory or time
// it would take is spent, so that no input can exhaust memory or run for
// long: every phase of New is linear in the input, or bounded by these.
const (
	MaxCells        = 1 << 20    // cells of the region
	MaxPieces       = 4096       // pieces (names) in one puzzle
	MaxPieceCells   = 4096       // cells of one piece
	MaxTotalCells   = 1 << 16    // cells of all pieces together, each name counted once
	MaxImages       = 4_000_000  // images (placements, the ok set)
	MaxCoverEntries = 24_000_000 // cells summed over all images (the cover set)
	// MaxImageWork bounds the search for the images, in 64-bit word
	// operations: at most (cells of a piece) x (bounding-box positions / 64)
	// per orientation that fits in the box, usually far fewer. The limit is
	// reached after about a second.
	MaxImageWork = 1_000_000_000
	MaxNameBytes = 256 // bytes of the puzzle's name and of a piece's name
)

// Pos is a position in an input file; Line and Col count from 1, and 0 means
// unknown.
type Pos struct {
	File      string
	Line, Col int
}

// String formats the position as file:line:col, leaving out what is unknown.
func (p Pos) String() string {
	s := p.File
	if s == "" {
		s = "<input>"
	}
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	return s
}

// Error is a problem with a puzzle, located in its source file.
type Error struct {
	Pos
	Msg string
	Err error // optional cause, e.g. ErrLimit
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Error formats the error as "file:line:col: message".
func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// Errorf builds an *Error at a position.
func Errorf(pos Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// PieceSpec describes one piece of a puzzle before validation.
type PieceSpec struct {
	Name      string
	Cells     []Cell
	Count     int  // copies, >= 1, ignored when Unlimited
	Unlimited bool // unlimited supply
	Policy    Policy
	Pos       Pos // where the piece is defined, for error messages
	// Constraint limits where the piece may be placed (constraints.go).
	Constraint Constraint
}

// Spec describes a puzzle before validation: what a parser produces, or
// what a program builds (see SetPieces, Box, ArtCells).
type Spec struct {
	Name   string
	Dim    int  // 2 or 3
	Grid   Grid // Square (the zero value), Hex or Triangle (grid.go)
	Region []Cell
	Pieces []PieceSpec
	// Empty lists board cells that must stay empty: they are taken out of
	// the region (constraints.go).
	Empty []Cell
	// Symmetric names the board symmetries every solution must be
	// invariant under (symmetric.go).
	Symmetric []string
	// pos locates the parts of a parsed file for error messages; a Spec
	// built by a program has none (messages then say "<input>").
	pos specPos
}

// specPos holds where a parser found the parts of a Spec.
type specPos struct {
	name, grid, region, empty, symmetric Pos
}

// Piece is a validated piece with its distinct orientations.
type Piece struct {
	Name      string
	Shape     Shape // normal form of the cells as given
	Count     int   // copies; 0 when Unlimited
	Unlimited bool
	Policy    Policy
	// Orients are the distinct orientations (the index set R of the piece);
	// OrientT[r] is a transform that maps Shape onto Orients[r].
	Orients []Shape
	OrientT []Transform
	Class   int // index into Puzzle.Classes
	Pos     Pos
	// constraint limits the piece's images (constraints.go).
	constraint pieceConstraint
}

// Size is the number of cells of the piece.
func (p *Piece) Size() int { return len(p.Shape) }

// Class groups the pieces that are interchangeable: the same set of
// oriented shapes. Copies of one class are not told apart in solution counts.
type Class struct {
	Pieces    []int // indices into Puzzle.Pieces
	Count     int   // total copies (0 when Unlimited)
	Unlimited bool
	Size      int
	keys      []string // sorted orientation keys
}

// Puzzle is a validated tiling puzzle with its images.
type Puzzle struct {
	Name    string
	Dim     int
	Grid    Grid // the cells' grid (grid.go); Hex and Triangle are 2D
	Region  *Region
	Pieces  []Piece
	Classes []Class
	Images  *ImageSet
	Source  string // file name, for messages
	// Dropped names the pieces of the spec that fit nowhere on the board
	// and were left out under BuildOptions.Unplaceable.
	Dropped []string
	// Unfit describes the pieces of Dropped, in the same order: what an
	// exact command needs to answer "no tiling" without parsing again
	// (NoExactTiling).
	Unfit []Unfit
	// Symmetric, when not nil, asks for the solutions invariant under a
	// group of board symmetries, with their orbit options (symmetric.go).
	Symmetric *SymmetricGroup
}

// Unplaceable says what building a puzzle does with a piece that fits
// nowhere on the board (more cells than the board, no image, or no image
// its placement constraint allows).
type Unplaceable int

const (
	// RefuseUnplaceable refuses the puzzle with an error wrapping
	// ErrUnplaceable: no exact tiling uses every finite piece.
	RefuseUnplaceable Unplaceable = iota
	// DropUnlimited leaves out such a piece when its supply is unlimited
	// (an exact tiling need not use it) and refuses a finite one.
	DropUnlimited
	// DropAll leaves out every such piece: a maximum-coverage tiling
	// cannot place it, so leaving it out changes no coverage.
	DropAll
)

// drops reports whether u leaves out a piece (with an unlimited supply or not).
func (u Unplaceable) drops(unlimited bool) bool {
	return u == DropAll || (u == DropUnlimited && unlimited)
}

// BuildOptions are the choices of NewWith and ParseWith.
type BuildOptions struct {
	Unplaceable Unplaceable
	// KeepEmpty, with DropAll, keeps a puzzle whose pieces all fit
	// nowhere: it has no pieces and no images, and its maximum coverage
	// is 0 cells (proven: nothing can be placed). Without it such a
	// puzzle is refused with an error wrapping ErrUnplaceable.
	KeepEmpty bool
}

// keepsEmpty reports whether a puzzle left with no piece is kept.
func (o BuildOptions) keepsEmpty() bool { return o.KeepEmpty && o.Unplaceable == DropAll }

// Unfit is a piece of the spec that fits nowhere on the board, left out
// of the puzzle's pieces.
type Unfit struct {
	Name      string
	Count     int // copies; 0 when Unlimited
	Unlimited bool
	// Err says why, where the piece is defined; it wraps ErrUnplaceable.
	Err *Error
}

// ErrUnplaceable is wrapped by the error about a piece that fits nowhere
// on the board: the puzzle has no exact tiling.
var ErrUnplaceable = errors.New("a piece fits nowhere on the board")

// New validates a spec and builds the puzzle and its images.
func New(spec Spec) (*Puzzle, error) { return NewContext(context.Background(), spec) }

// NewContext is New stopping with ctx's error (wrapped) within a fraction
// of a second of ctx being done.
func NewContext(ctx context.Context, spec Spec) (*Puzzle, error) {
	return NewWith(ctx, spec, BuildOptions{})
}

// NewWith is NewContext with build options.
func NewWith(ctx context.Context, spec Spec, opt BuildOptions) (*Puzzle, error) {
	p, err := newPuzzle(ctx, spec, opt)
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return nil, fmt.Errorf("building the puzzle: %w", err)
	}
	return p, err
}

func newPuzzle(ctx context.Context, spec Spec, opt BuildOptions) (*Puzzle, error) {
	if spec.Dim != 2 && spec.Dim != 3 {
		return nil, Errorf(spec.pos.region, "dimension must be 2 or 3, not %d", spec.Dim)
	}
	if !spec.Grid.Valid() {
		return nil, Errorf(spec.pos.grid, "grid must be square, hex or triangle, not %v", spec.Grid)
	}
	if spec.Grid != Square && spec.Dim != 2 {
		return nil, Errorf(spec.pos.grid, "the %v grid is planar: 3D boards and pieces are supported on the square grid only", spec.Grid)
	}
	if len(spec.Region) == 0 {
		return nil, Errorf(spec.pos.region, "the board has no cells ('#')")
	}
	if len(spec.Region) > MaxCells {
		return nil, limitErr(spec.pos.region, "the board has %d cells; the limit is %d", len(spec.Region), MaxCells)
	}
	if len(spec.Pieces) == 0 {
		return nil, Errorf(spec.pos.region, "the puzzle has no pieces")
	}
	if len(spec.Pieces) > MaxPieces {
		return nil, limitErr(spec.pos.region, "the puzzle has %d pieces; the limit is %d", len(spec.Pieces), MaxPieces)
	}
	if err := checkName(spec.pos.name, "the puzzle's name", spec.Name); err != nil {
		return nil, err
	}
	total, copies := 0, 0
	for _, ps := range spec.Pieces {
		if total += len(ps.Cells); total > MaxTotalCells {
			return nil, limitErr(ps.Pos, "the pieces have more than %d cells together (each name counted once), the limit", MaxTotalCells)
		}
		if !ps.Unlimited && ps.Count > 0 {
			// No more copies than cells can ever be placed; the solvers
			// keep statistics per number of pieces remaining.
			if copies += ps.Count; copies > MaxCells {
				return nil, limitErr(ps.Pos, "the pieces have more than %d copies together, the limit (give a large supply as count: unlimited)", MaxCells)
			}
		}
	}
	if spec.Dim == 2 {
		for _, c := range spec.Region {
			if c.L != 0 {
				return nil, Errorf(spec.pos.region, "a 2D board has a cell in layer %d", c.L)
			}
		}
	}
	cells, err := removeEmpty(spec.Region, spec.Empty, spec.pos.empty)
	if err != nil {
		return nil, err
	}
	region, err := newRegion(cells)
	if err != nil {
		return nil, &Error{Pos: spec.pos.region, Msg: err.Error(), Err: errors.Unwrap(err)}
	}
	p := &Puzzle{Name: spec.Name, Dim: spec.Dim, Grid: spec.Grid, Region: region, Source: spec.pos.region.File}
	// A piece that fits nowhere is left out (p.Dropped, p.Unfit) while
	// the rest of the puzzle is checked and built; the first one that opt
	// does not leave out is the answer once all is checked (refusal).
	names := map[string]int{}
	for n, ps := range spec.Pieces {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if ps.Name == "" {
			return nil, Errorf(ps.Pos, "a piece has no name")
		}
		if err := checkName(ps.Pos, "a piece's name", ps.Name); err != nil {
			return nil, err
		}
		if prev, dup := names[ps.Name]; dup {
			return nil, Errorf(ps.Pos, "duplicate piece %q (first defined at %v)", ps.Name, spec.Pieces[prev].Pos)
		}
		names[ps.Name] = n
		if len(ps.Cells) == 0 {
			return nil, Errorf(ps.Pos, "piece %q has no cells", ps.Name)
		}
		if len(ps.Cells) > MaxPieceCells {
			return nil, limitErr(ps.Pos, "piece %q has %d cells; the limit is %d", ps.Name, len(ps.Cells), MaxPieceCells)
		}
		if !ps.Unlimited && ps.Count < 1 {
			return nil, Errorf(ps.Pos, "piece %q: count must be an integer >= 1 or unlimited, not %d", ps.Name, ps.Count)
		}
		if ps.Policy < Fixed || ps.Policy > Free {
			return nil, Errorf(ps.Pos, "piece %q: bad orientation policy %d", ps.Name, int(ps.Policy))
		}
		shape := spec.Grid.Normalize(ps.Cells)
		if len(shape) != len(ps.Cells) {
			return nil, Errorf(ps.Pos, "piece %q lists a cell twice", ps.Name)
		}
		if spec.Dim == 2 && shape.Extent().L > 1 {
			return nil, Errorf(ps.Pos, "piece %q is 3D but the board is 2D", ps.Name)
		}
		pc := Piece{Name: ps.Name, Shape: shape, Count: ps.Count, Unlimited: ps.Unlimited, Policy: ps.Policy, Pos: ps.Pos}
		if pc.Unlimited {
			pc.Count = 0
		}
		pc.Orients, pc.OrientT = spec.Grid.Orientations(shape, ps.Policy, spec.Dim)
		if a := ps.Constraint.At; a != nil && !spec.Grid.Translation(*a) {
			return nil, Errorf(ps.Constraint.Pos, "piece %q: at [%d, %d]: on the triangle grid a piece is placed with the top-left corner of its drawing at a row and column that add up to an even number (an up triangle's position)", ps.Name, a.I, a.J)
		}
		if pc.constraint, err = newPieceConstraint(ps.Constraint, region, spec.Dim); err != nil {
			at := ps.Constraint.Pos
			if at == (Pos{}) {
				at = ps.Pos
			}
			return nil, Errorf(at, "piece %q: %v", ps.Name, err)
		}
		if len(shape) > len(region.Cells) {
			p.addUnfit(&pc, &Error{Pos: ps.Pos, Err: ErrUnplaceable, Msg: fmt.Sprintf("piece %q has %d cells, more than the %d of the board", ps.Name, len(shape), len(region.Cells))})
			continue
		}
		p.Pieces = append(p.Pieces, pc)
	}
	if err := p.buildImages(ctx); err != nil {
		return nil, err
	}
	p.buildClasses()
	if err := p.buildSymmetric(ctx, spec.Symmetric, spec.pos.symmetric); err != nil {
		return nil, err
	}
	// The answer "no exact tiling" comes only now, after every check of
	// the input: a bad symmetric key, a later piece's bad count or
	// constraint, or a limit passed further on is bad input, whichever
	// piece fits nowhere.
	if err := p.refusal(opt.Unplaceable, opt.keepsEmpty()); err != nil {
		return nil, err
	}
	return p, nil
}

// addUnfit leaves out pc, which fits nowhere for the reason err.
func (p *Puzzle) addUnfit(pc *Piece, err *Error) {
	p.Dropped = append(p.Dropped, pc.Name)
	p.Unfit = append(p.Unfit, Unfit{Name: pc.Name, Count: pc.Count, Unlimited: pc.Unlimited, Err: err})
}

// NoExactTiling returns the proof, from the pieces that fit nowhere
// (p.Unfit), that p has no exact tiling: the error of the first such
// piece with a finite supply (every copy of it must be placed), or, when
// no piece is left, the error naming the pieces left out (a board with
// cells is not tiled by nothing). Both wrap ErrUnplaceable and are
// *Error. nil when the pieces left out prove nothing: they all have an
// unlimited supply and some piece is left.
func (p *Puzzle) NoExactTiling() error { return p.refusal(DropUnlimited, false) }

// refusal is the error of the first piece of p.Unfit that u does not
// leave out, else, when no piece is left and keepEmpty is false, the
// error naming the pieces left out; nil otherwise.
func (p *Puzzle) refusal(u Unplaceable, keepEmpty bool) error {
	for _, uf := range p.Unfit {
		if !u.drops(uf.Unlimited) {
			return uf.Err
		}
	}
	if len(p.Pieces) == 0 && len(p.Unfit) > 0 && !keepEmpty {
		return noPieceFits(p.Unfit)
	}
	return nil
}

// buildClasses groups pieces with identical orientation sets and, for
// pieces with a placement constraint, identical image sets (the images are
// built first), and the same kind of supply (finite or unlimited): two
// pieces are interchangeable exactly when they have the same orientations,
// may be placed at the same places, and neither one's count is swallowed
// by the other's unlimited supply (docs/formats.md). Two pieces with
// different orientation sets stay two classes even where the board leaves
// them the same placements: a placement's orientation is an index into its
// piece's own set.
func (p *Puzzle) buildClasses() {
	byKey := map[string]int{}
	orient := make([][]string, len(p.Pieces))
	shared := map[string]bool{} // orientation sets with a constrained piece
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		keys := make([]string, len(pc.Orients))
		for r, o := range pc.Orients {
			keys[r] = o.Key()
		}
		slices.Sort(keys)
		orient[k] = keys
		if p.Constrained(k) {
			shared[strings.Join(keys, "|")] = true
		}
	}
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		keys := orient[k]
		key := strings.Join(keys, "|")
		if shared[key] { // tell pieces of one shape apart by their allowed images
			key += "|images:" + strings.Join(p.imageKeys(k, p.identityMap()), ";")
		}
		if pc.Unlimited {
			// A piece with a finite count and a twin with an unlimited
			// supply are different pieces: merged, the class would be
			// unlimited and the finite piece's count (it must be used)
			// would be lost.
			key += "|unlimited"
		}
		c, ok := byKey[key]
		if !ok {
			c = len(p.Classes)
			byKey[key] = c
			p.Classes = append(p.Classes, Class{Size: pc.Size(), keys: keys})
		}
		cl := &p.Classes[c]
		cl.Pieces = append(cl.Pieces, k)
		if pc.Unlimited {
			cl.Unlimited = true
		}
		cl.Count += pc.Count
		pc.Class = c
	}
	for c := range p.Classes {
		if p.Classes[c].Unlimited {
			p.Classes[c].Count = 0
		}
	}
}

// Area is the number of cells of the region.
func (p *Puzzle) Area() int { return len(p.Region.Cells) }

// PieceArea is the total area of the pieces with a finite count, and whether
// some piece has an unlimited supply.
func (p *Puzzle) PieceArea() (area int, unlimited bool) {
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		if pc.Unlimited {
			unlimited = true
			continue
		}
		area += pc.Count * pc.Size()
	}
	return area, unlimited
}

// AreaFeasible reports whether area arithmetic allows an exact tiling: the
// finite pieces, all used, leave an area that the unlimited pieces' sizes
// can add up to exactly (zero when there are none).
func (p *Puzzle) AreaFeasible() bool {
	a, _ := p.PieceArea()
	rest := p.Area() - a
	if rest < 0 {
		return false
	}
	reach := make([]bool, rest+1)
	reach[0] = true
	done := map[int]bool{} // each size once: the cost is sizes x area
	for k := range p.Pieces {
		if s := p.Pieces[k].Size(); p.Pieces[k].Unlimited && !done[s] {
			done[s] = true
			for v := s; v <= rest; v++ {
				reach[v] = reach[v] || reach[v-s]
			}
		}
	}
	return reach[rest]
}

// Piece returns the index of the named piece, or -1.
func (p *Puzzle) Piece(name string) int {
	for k := range p.Pieces {
		if p.Pieces[k].Name == name {
			return k
		}
	}
	return -1
}

func limitErr(pos Pos, format string, args ...any) *Error {
	e := Errorf(pos, format, args...)
	e.Err = ErrLimit
	return e
}

// ErrLimit is wrapped by errors about documented size limits.
var ErrLimit = errors.New("puzzle exceeds a documented limit")
