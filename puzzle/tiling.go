package puzzle

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/textio"
)

// Tiling is a set of placed pieces: an exact solution, or a partial one (a
// near-miss of maximum coverage) where some cells stay uncovered.
type Tiling struct {
	Placements []Placement
}

// Overlap says that two placements (indices into Tiling.Placements) share a cell.
type Overlap struct {
	Cell int // region cell index
	A, B int
}

// Outside says that a placement is not a valid image: its piece or
// orientation does not exist, or it covers a position outside the region.
type Outside struct {
	Placement int
	Reason    string
}

// CountError says that a piece is used a wrong number of times.
type CountError struct {
	Piece      int
	Used, Want int
}

// Report is the result of Verify.
type Report struct {
	Covered   int   // region cells covered by at least one placement
	Uncovered []int // region cells covered by none
	Overlaps  []Overlap
	Outside   []Outside
	Counts    []CountError
	// Asymmetric lists the placements whose image under a symmetry of the
	// puzzle's symmetric key is not in the tiling (symmetric.go).
	Asymmetric []int
}

// Exact reports whether the tiling is a valid exact solution.
func (r *Report) Exact() bool { return r.Valid() && len(r.Uncovered) == 0 }

// Valid reports whether the tiling is a valid partial tiling: no overlap,
// nothing outside, no piece used more often than its count.
func (r *Report) Valid() bool {
	return len(r.Overlaps) == 0 && len(r.Outside) == 0 && len(r.Counts) == 0 && len(r.Asymmetric) == 0
}

// Verify checks a tiling against the puzzle independently of any solver: it
// recomputes every cell from the pieces' shapes. With exact set, every cell
// must be covered and every finite piece used exactly Count times; otherwise
// a piece may be used at most Count times and cells may stay uncovered.
// The returned error, if any, summarises the defects.
func (p *Puzzle) Verify(t Tiling, exact bool) (*Report, error) {
	return p.VerifyContext(context.Background(), t, exact)
}

// VerifyContext is Verify reading ctx every verifyPoll cells of work:
// the symmetric test of a million-cell tiling takes seconds. When ctx
// ends it returns a nil Report and an error that wraps ctx's, which a
// caller tells from an invalid tiling with errors.Is.
func (p *Puzzle) VerifyContext(ctx context.Context, t Tiling, exact bool) (*Report, error) {
	w := &workPoll{ctx: ctx}
	if err := w.check(); err != nil {
		return nil, err
	}
	r := &Report{}
	owner := make([]int, p.Area())
	for n := range owner {
		owner[n] = -1
	}
	used := make([]int, len(p.Pieces))
	for n, pl := range t.Placements {
		if err := w.add(1 + p.pieceSize(pl.Piece)); err != nil {
			return nil, err
		}
		cells, err := p.PlacementCells(pl)
		if err != nil {
			r.Outside = append(r.Outside, Outside{Placement: n, Reason: err.Error()})
			continue
		}
		if pc := &p.Pieces[pl.Piece]; !pc.constraint.allows(pl.At, cells) {
			r.Outside = append(r.Outside, Outside{Placement: n, Reason: fmt.Sprintf(
				"piece %s orientation %d at %v breaks its placement constraint", pc.Name, pl.Orient, pl.At)})
			continue
		}
		used[pl.Piece]++
		for _, c := range cells {
			if owner[c] >= 0 {
				r.Overlaps = append(r.Overlaps, Overlap{Cell: int(c), A: owner[c], B: n})
				continue
			}
			owner[c] = n
		}
	}
	if p.Symmetric != nil {
		a, err := p.Symmetric.asymmetric(p, t, w)
		if err != nil {
			return nil, err
		}
		r.Asymmetric = a
	}
	for n, o := range owner {
		if o < 0 {
			r.Uncovered = append(r.Uncovered, n)
		} else {
			r.Covered++
		}
	}
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		if pc.Unlimited {
			continue
		}
		if used[k] > pc.Count || (exact && used[k] != pc.Count) {
			r.Counts = append(r.Counts, CountError{Piece: k, Used: used[k], Want: pc.Count})
		}
	}
	return r, r.err(p, exact)
}

// VerifyStopped reports whether VerifyContext's results rep and err say
// that its context ended before the tiling was verified (rep is nil and
// err wraps the context's error), not that the tiling is invalid (rep
// then says what is wrong). Callers ask it instead of reading the context
// again: a context with a grace period may end later than the one the
// caller holds.
func VerifyStopped(rep *Report, err error) bool { return rep == nil && err != nil }

// verifyPoll is the work (cells looked at) between two reads of the
// context in VerifyContext: a few milliseconds.
const verifyPoll = 1 << 16

// workPoll reads ctx every verifyPoll units of work.
type workPoll struct {
	ctx  context.Context
	work int
}

// add counts n units of work and reads ctx when they pass verifyPoll.
func (w *workPoll) add(n int) error {
	if w.work += n; w.work < verifyPoll {
		return nil
	}
	w.work = 0
	return w.check()
}

// check reads ctx now.
func (w *workPoll) check() error {
	if err := w.ctx.Err(); err != nil {
		return fmt.Errorf("verifying the tiling: %w", err)
	}
	return nil
}

// pieceSize is the number of cells of piece k, 0 for a piece the puzzle
// does not have (PlacementCells reports it).
func (p *Puzzle) pieceSize(k int) int {
	if k < 0 || k >= len(p.Pieces) {
		return 0
	}
	return p.Pieces[k].Size()
}

func (r *Report) err(p *Puzzle, exact bool) error {
	var msgs []string
	for _, o := range r.Outside {
		msgs = append(msgs, fmt.Sprintf("placement %d: %s", o.Placement, o.Reason))
	}
	for _, c := range r.Counts {
		msgs = append(msgs, fmt.Sprintf("piece %s used %s, count is %d", p.Pieces[c.Piece].Name, textio.Count(c.Used, "time"), c.Want))
	}
	for _, o := range r.Overlaps {
		msgs = append(msgs, fmt.Sprintf("placements %d and %d overlap at %v", o.A, o.B, p.Region.Cells[o.Cell]))
	}
	for _, n := range r.Asymmetric {
		msgs = append(msgs, fmt.Sprintf("placement %d is not mapped onto a piece of the tiling by symmetric: %s", n, strings.Join(p.Symmetric.Names, ", ")))
	}
	if exact && len(r.Uncovered) > 0 {
		msgs = append(msgs, fmt.Sprintf("%s uncovered, first %v", textio.Count(len(r.Uncovered), "cell"), p.Region.Cells[r.Uncovered[0]]))
	}
	if len(msgs) == 0 {
		return nil
	}
	if len(msgs) > 5 {
		msgs = append(msgs[:5], fmt.Sprintf("and %d more", len(msgs)-5))
	}
	return errors.New("invalid tiling: " + strings.Join(msgs, "; "))
}

// Owners returns, for every region cell, the index of the placement that
// covers it, or -1. Placements that are not valid images are skipped.
func (p *Puzzle) Owners(t Tiling) []int {
	owner := make([]int, p.Area())
	for n := range owner {
		owner[n] = -1
	}
	for n, pl := range t.Placements {
		cells, err := p.PlacementCells(pl)
		if err != nil {
			continue
		}
		for _, c := range cells {
			owner[c] = n
		}
	}
	return owner
}

// Canonical returns a key of the tiling that is equal for two tilings exactly
// when they are the same set of (class, cells) pieces: copies of a class and
// the order of placements do not matter.
func (p *Puzzle) Canonical(t Tiling) string {
	parts := make([]string, 0, len(t.Placements))
	for _, pl := range t.Placements {
		cells, _ := p.PlacementCells(pl)
		slices.Sort(cells)
		parts = append(parts, fmt.Sprint(p.Pieces[pl.Piece].Class, cells))
	}
	slices.Sort(parts)
	return strings.Join(parts, ";")
}
