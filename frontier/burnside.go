package frontier

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// ErrBurnside is wrapped by the error of a Burnside sum that is not a
// multiple of the group's order: some fixed-point count is wrong.
var ErrBurnside = fmt.Errorf("frontier: the Burnside sum is not a multiple of the group order")

// uniqueCount counts the tilings up to the puzzle's symmetries by
// Burnside's lemma: unique = (1/|G|) sum over g of Fix(g), G being the
// distinct maps of cells and classes among p.Symmetries() (the group
// --unique uses, puzzle.GroupOrder). Fix(identity) is all; Fix(g) for the
// others is the count of the orbit problem of the cyclic group <g>: its
// cells are the orbits of cells, its options the orbits of placements
// whose members are pairwise disjoint, each using one copy of every
// member's class. Tilings fixed by g are the unions of such orbits, one
// per cell orbit, so Fix(g) is that problem's exact-cover count, which
// the same engine counts (the fold halves a strip for a mirror along
// the scan axis and cuts it at the middle for a half turn).
func uniqueCount(ctx context.Context, p *puzzle.Puzzle, s *system, all *big.Int, opt Options, res *Result) error {
	syms, err := p.SymmetriesContext(ctx)
	if err != nil {
		return fmt.Errorf("frontier: the symmetry group: %w", err)
	}
	var group []puzzle.Symmetry
	for i, g := range syms {
		if !slices.ContainsFunc(syms[:i], func(e puzzle.Symmetry) bool {
			return slices.Equal(e.Cell, g.Cell) && slices.Equal(e.Class, g.Class)
		}) {
			group = append(group, g)
		}
	}
	sum := new(big.Int)
	for _, g := range group {
		f := Fix{Symmetry: symName(g.T)}
		if isIdentity(g) {
			f.Count, f.How = new(big.Int).Set(all), "the count of all tilings"
		} else {
			os, cellOrbits := orbitSystem(s, g)
			pl, err := compile(ctx, os)
			if err != nil {
				return fmt.Errorf("frontier: Fix(%s): %w", f.Symmetry, err)
			}
			if _, err := estimatePlan(ctx, pl, opt, count128, 0); err != nil {
				return fmt.Errorf("frontier: Fix(%s): %w", f.Symmetry, err)
			}
			c, _, _, err := countPlan(ctx, pl, opt)
			if err != nil {
				return fmt.Errorf("frontier: Fix(%s): %w", f.Symmetry, err)
			}
			f.Count = c
			f.How = fmt.Sprintf("frontier count of the orbit problem: %d cell orbits, %d orbit options, window %d", cellOrbits, pl.options, pl.window)
		}
		sum.Add(sum, f.Count)
		res.Fix = append(res.Fix, f)
	}
	res.Symmetries = len(group)
	q, m := new(big.Int).QuoRem(sum, big.NewInt(int64(len(group))), new(big.Int))
	if m.Sign() != 0 {
		return fmt.Errorf("%w: sum %v, order %d", ErrBurnside, sum, len(group))
	}
	res.Unique = q
	return nil
}

// isIdentity reports whether g maps every cell and class onto itself.
func isIdentity(g puzzle.Symmetry) bool {
	for n, m := range g.Cell {
		if int(m) != n {
			return false
		}
	}
	for c, d := range g.Class {
		if c != d {
			return false
		}
	}
	return true
}

// symName names a transform: its name in the symmetric key's list, else
// its signed permutation.
func symName(t puzzle.Transform) string {
	if t == puzzle.Identity {
		return "identity"
	}
	if n := puzzle.SymmetryName(t); n != "" {
		return n
	}
	if t == (puzzle.Transform{Perm: [3]int8{1, 0, 2}, Sign: [3]int8{-1, 1, 1}}) {
		return "rotate270" // the quarter turn the other way
	}
	return fmt.Sprintf("perm%v sign%v", t.Perm, t.Sign)
}

// orbitSystem builds the orbit problem of s under the cyclic group of g:
// its cells are the orbits of s's cells, each placed at its member with
// the lowest coordinates (so that folds keep the window narrow); its
// options the orbits of s's options whose members are pairwise disjoint,
// each once (from its member of lowest index).
func orbitSystem(s *system, g puzzle.Symmetry) (*system, int) {
	n := len(s.coord)
	orbit := make([]int32, n)
	for i := range orbit {
		orbit[i] = -1
	}
	out := &system{classes: s.classes}
	for c := range n {
		if orbit[c] >= 0 {
			continue
		}
		id := int32(len(out.coord))
		rep := s.coord[c]
		for m := int32(c); orbit[m] < 0; m = g.Cell[m] {
			orbit[m] = id
			if s.coord[m].Compare(rep) < 0 {
				rep = s.coord[m]
			}
		}
		out.coord = append(out.coord, rep)
	}
	index := make(map[string]int, len(s.opts))
	for k, o := range s.opts {
		index[optKey(o.uses[0], o.cells)] = k
	}
	mapped := make([]int32, 0, 16)
	seen := make(map[int32]bool)
	for k, o := range s.opts {
		if len(o.uses) != 1 {
			continue
		}
		cells, cl := o.cells, o.uses[0]
		var uses []int32
		ok := true
		clear(seen)
		for {
			for _, c := range cells {
				if seen[c] {
					ok = false
				}
				seen[c] = true
			}
			uses = append(uses, cl)
			mapped = mapped[:0]
			for _, c := range cells {
				mapped = append(mapped, g.Cell[c])
			}
			slices.Sort(mapped)
			cl = int32(g.Class[cl])
			j, found := index[optKey(cl, mapped)]
			if !found || j < k {
				ok = false // not an image, or not the orbit's first member
				break
			}
			if j == k {
				break
			}
			if !ok {
				break
			}
			cells = s.opts[j].cells
		}
		if !ok {
			continue
		}
		var oc []int32
		for _, c := range o.cells {
			oc = append(oc, orbit[c])
		}
		slices.Sort(oc)
		oc = slices.Compact(oc)
		out.opts = append(out.opts, option{cells: oc, uses: uses})
	}
	return out, len(out.coord)
}

// optKey identifies an option by its class and sorted cells.
func optKey(cl int32, cells []int32) string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(cl)))
	for _, c := range cells {
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(int(c)))
	}
	return b.String()
}
