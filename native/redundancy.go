package native

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/polytile/polytile/puzzle"
)

// redundancy is the outcome of the rotational redundancy filter: the class
// constrained and, for every option of that class, whether it is the
// representative kept for its orbit under the symmetry group.
type redundancy struct {
	class int32
	keep  []bool // per option of the problem
	reps  int    // representatives kept
}

// classOrbits partitions the options of class cls into orbits under the
// symmetries and returns, for each option, the representative of its orbit
// (the option with the lexicographically smallest cell list). ok is false
// when a symmetry maps an option of the class outside the option set.
func classOrbits(pr *problem, cn *canon, cls int32, index map[string]int32) (rep map[int32]int32, ok bool) {
	rep = map[int32]int32{}
	cells := make([]int32, 0, 16)
	for k := range pr.options() {
		if pr.optClass[k] != cls {
			continue
		}
		if _, done := rep[int32(k)]; done {
			continue
		}
		var orbit []int32
		for gi := range cn.syms {
			g := &cn.syms[gi]
			cells = cells[:0]
			for _, c := range pr.optCells(k) {
				cells = append(cells, g.cell[c])
			}
			slices.Sort(cells)
			m, found := index[optionKey(cls, cells)]
			if !found {
				return nil, false
			}
			orbit = append(orbit, m)
		}
		slices.Sort(orbit)
		orbit = slices.Compact(orbit)
		best := orbit[0]
		for _, m := range orbit[1:] {
			if repLess(pr, m, best) {
				best = m
			}
		}
		for _, m := range orbit {
			rep[m] = best
		}
	}
	return rep, true
}

// eligible reports whether class c can carry the redundancy filter: one
// copy, and mapped onto itself by every symmetry.
func eligible(pr *problem, cn *canon, c int) bool {
	cl := pr.classes[c]
	if cl.unlimited || cl.atMost || cl.count != 1 {
		return false
	}
	for _, g := range cn.syms {
		if g.class[c] != int32(c) {
			return false
		}
	}
	return true
}

// ErrRedundancyPiece marks an error of Config.Redundancy's piece: one
// the puzzle does not have, left out, or that cannot be pinned. A command
// reports it against its flag.
var ErrRedundancyPiece = errors.New("redundancy filter")

// RedundancyPieceError is a refusal of Config.Redundancy's piece; it is
// ErrRedundancyPiece.
type RedundancyPieceError struct {
	Piece string
	// Why says what is wrong with the piece, naming it.
	Why string
}

func (e *RedundancyPieceError) Error() string { return ErrRedundancyPiece.Error() + ": " + e.Why }

// Is reports whether target is ErrRedundancyPiece.
func (e *RedundancyPieceError) Is(target error) bool { return target == ErrRedundancyPiece }

// CheckRedundancyPiece checks the piece that spec (Config.Redundancy)
// names against the puzzle's pieces alone, as a search does before it
// starts: the puzzle must have it (not left out as fitting nowhere), with
// one copy. "", "auto" and "none" name none. Whether every symmetry maps
// it onto itself is left to the search (chooseRedundancy), which needs
// the group. Its errors are *RedundancyPieceError.
func CheckRedundancyPiece(p *puzzle.Puzzle, spec string) error {
	if !PinsPiece(spec) {
		return nil
	}
	k := p.Piece(spec)
	if k < 0 && slices.Contains(p.Dropped, spec) {
		return &RedundancyPieceError{spec, fmt.Sprintf("piece %q fits nowhere in the board and was left out: choose another piece, auto or none", spec)}
	}
	if k < 0 {
		return &RedundancyPieceError{spec, fmt.Sprintf("no piece named %q", spec)}
	}
	if cl := p.Classes[p.Pieces[k].Class]; cl.Unlimited || cl.Count != 1 {
		return unpinnable(spec)
	}
	return nil
}

// unpinnable is the refusal of a piece that the redundancy filter cannot
// pin.
func unpinnable(spec string) error {
	return &RedundancyPieceError{spec, fmt.Sprintf("piece %q cannot be pinned (it must have one copy and be mapped onto itself by every symmetry of the puzzle)", spec)}
}

// chooseRedundancy applies the redundancy filter named by spec ("auto" or
// a piece name) and returns nil when there is nothing to gain (a trivial
// group, or no eligible class for "auto").
func chooseRedundancy(pr *problem, cn *canon, spec string) (*redundancy, error) {
	if spec == "" {
		return nil, nil
	}
	var cands []int
	if spec == "auto" {
		for c := range pr.classes {
			if eligible(pr, cn, c) {
				cands = append(cands, c)
			}
		}
	} else {
		if err := CheckRedundancyPiece(pr.pz, spec); err != nil {
			return nil, err
		}
		c := pr.pz.Pieces[pr.pz.Piece(spec)].Class
		if !eligible(pr, cn, c) {
			return nil, unpinnable(spec)
		}
		cands = []int{c}
	}
	if len(cn.syms) <= 1 || len(cands) == 0 {
		return nil, nil
	}
	index := optionIndex(pr)
	var best *redundancy
	bestScore := [4]int{}
	for _, c := range cands {
		rep, ok := classOrbits(pr, cn, int32(c), index)
		if !ok {
			continue
		}
		r := &redundancy{class: int32(c), keep: make([]bool, pr.options())}
		for k := range pr.options() {
			if pr.optClass[k] != int32(c) {
				r.keep[k] = true
			} else if rep[int32(k)] == int32(k) {
				r.keep[k] = true
				r.reps++
			}
		}
		// The largest piece, then the most branched one (a cell with the
		// most neighbours inside the piece, as the X pentomino), then the
		// fewest representatives, then more orientations. Constraining a
		// large, awkward piece that is placed first prunes most: on the
		// Tetris Cube the 6-cube pieces ordered by branching (H, D, I, J)
		// take 9, 13, 19 and 20 s, while the pieces with the fewest
		// representatives (E, F, K, as the FILA article's rule picks) take
		// 28 s; on pentominoes the rule picks X, as Fletcher did.
		pc := &pr.pz.Pieces[pr.pz.Classes[c].Pieces[0]]
		score := [4]int{-pr.classes[c].size, -maxDegree(pr.pz.Grid, pc.Shape), r.reps, -len(pc.Orients)}
		if best == nil || slices.Compare(score[:], bestScore[:]) < 0 {
			best, bestScore = r, score
		}
	}
	if best == nil && spec != "auto" {
		return nil, fmt.Errorf("redundancy filter: the symmetries do not map the images of %q onto each other", spec)
	}
	return best, nil
}

// repLess orders the candidate representatives of an orbit: the
// lexicographically smallest cell list wins. (Rotations preserve the
// distance to the centre, and measurements on the 10x6 and Tetris Cube
// puzzles showed no gain from other choices.)
func repLess(pr *problem, a, b int32) bool {
	return slices.Compare(pr.optCells(int(a)), pr.optCells(int(b))) < 0
}

// maxDegree is the largest number of face neighbours a cell of the shape
// has inside the shape.
func maxDegree(g puzzle.Grid, s puzzle.Shape) int {
	in := map[puzzle.Cell]bool{}
	for _, c := range s {
		in[c] = true
	}
	best := 0
	var nbs []puzzle.Cell
	for _, c := range s {
		n := 0
		nbs = g.Neighbors(c, nbs[:0])
		for _, d := range nbs {
			if in[d] {
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

// PinnedPiece is the piece a count of p with Config.Redundancy spec
// ("auto", "none", "" or a piece name) pins, as Solve resolves it: ""
// when none is pinned (spec none, a trivial symmetry group, no eligible
// piece for auto, or an area that cannot be tiled, decided before any
// search). It builds what Solve builds before the filter and nothing
// more. A cancelled ctx returns its error.
func PinnedPiece(ctx context.Context, p *puzzle.Puzzle, spec string) (string, error) {
	if p == nil || p.Images == nil {
		return "", errors.New("native: no puzzle")
	}
	if p.Symmetric != nil {
		return "", nil // solveSymmetric pins nothing
	}
	_, pr, cn, err := prepare(ctx, p)
	if err != nil {
		return "", err
	}
	if !pr.areaMatches() {
		return "", nil
	}
	red, err := chooseRedundancy(pr, cn, redundancySpec(Config{Redundancy: spec})) // a count's
	if err != nil || red == nil {
		return "", err
	}
	return pr.classes[red.class].name, nil
}
