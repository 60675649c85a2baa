package native

import (
	"context"
	"encoding/binary"
	"slices"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// sym is a symmetry of the puzzle on internal cell and class indices.
type sym struct {
	cell  []int32
	class []int32
}

// canon decides which solutions are unique (canonical) and how many
// solutions each stands for.
//
// A solution is encoded as the array code[c] = class*n + first cell of the
// piece covering cell c (internal numbering), which determines the solution
// exactly. It is canonical when its code is lexicographically smallest
// among its images under the group H that applies: the whole symmetry
// group G without the redundancy filter, or the stabiliser H_e of the
// representative image e at which the filtered piece sits.
type canon struct {
	n    int
	syms []sym
	// filterClass is the class constrained by the redundancy filter, -1
	// when there is none; stab[k] lists the symmetries that fix option k
	// (only for options of filterClass).
	filterClass int32
	stab        map[int32][]int32
	all         []int32
}

func newCanon(pr *problem, syms []puzzle.Symmetry) *canon {
	cn, _ := newCanonCtx(context.Background(), pr, syms)
	return cn
}

// newCanonCtx is newCanon that stops with ctx's error when ctx is
// cancelled.
func newCanonCtx(ctx context.Context, pr *problem, syms []puzzle.Symmetry) (*canon, error) {
	cn := &canon{n: pr.nCells, filterClass: -1}
	for _, s := range syms {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		is := sym{cell: make([]int32, pr.nCells), class: make([]int32, len(s.Class))}
		for c := range pr.nCells {
			is.cell[c] = pr.fromPuzzle[s.Cell[pr.toPuzzle[c]]]
		}
		for k, v := range s.Class {
			is.class[k] = int32(v)
		}
		cn.syms = append(cn.syms, is)
		cn.all = append(cn.all, int32(len(cn.all)))
	}
	return cn, nil
}

// canonScratch is per-worker scratch space.
type canonScratch struct {
	base, img []int32
}

// encode writes the code of the solution under symmetry g (nil: identity).
func (cn *canon) encode(pr *problem, opts []int32, g *sym, out []int32) {
	for _, k := range opts {
		cells := pr.optCells(int(k))
		cls := pr.optClass[k]
		first := cells[0]
		if g != nil {
			cls = g.class[cls]
			first = g.cell[cells[0]]
			for _, c := range cells[1:] {
				first = min(first, g.cell[c])
			}
		}
		v := cls*int32(cn.n) + first
		for _, c := range cells {
			if g != nil {
				c = g.cell[c]
			}
			out[c] = v
		}
	}
}

// judge returns whether the solution is canonical and, if so, the size of
// its orbit under G (the number of solutions it stands for).
func (cn *canon) judge(pr *problem, opts []int32, sc *canonScratch) (bool, int64) {
	if len(cn.syms) <= 1 {
		return true, 1
	}
	if len(sc.base) < cn.n {
		sc.base = make([]int32, cn.n)
		sc.img = make([]int32, cn.n)
	}
	base, img := sc.base[:cn.n], sc.img[:cn.n]
	group := cn.all
	if cn.filterClass >= 0 {
		for _, k := range opts {
			if pr.optClass[k] == cn.filterClass {
				group = cn.stab[k]
				break
			}
		}
	}
	cn.encode(pr, opts, nil, base)
	fixed := int64(1) // the identity
	for _, gi := range group[1:] {
		cn.encode(pr, opts, &cn.syms[gi], img)
		switch c := slices.Compare(img, base); {
		case c < 0:
			return false, 0
		case c == 0:
			fixed++
		}
	}
	return true, int64(len(cn.syms)) / fixed
}

// orbit returns the distinct images of a solution under G as option lists
// of the unfiltered problem full (the solution itself first).
func (cn *canon) orbit(full *problem, index map[string]int32, pr *problem, opts []int32) [][]int32 {
	var out [][]int32
	seen := map[string]bool{}
	cells := make([]int32, 0, 16)
	for gi := range cn.syms {
		g := &cn.syms[gi]
		sol := make([]int32, 0, len(opts))
		keys := make([]string, 0, len(opts))
		for _, k := range opts {
			cells = cells[:0]
			for _, c := range pr.optCells(int(k)) {
				cells = append(cells, g.cell[c])
			}
			slices.Sort(cells)
			key := optionKey(g.class[pr.optClass[k]], cells)
			keys = append(keys, key)
			sol = append(sol, index[key])
		}
		slices.Sort(keys)
		id := strings.Join(keys, ";")
		if seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, sol)
	}
	return out
}

// optionKey identifies an option by class and sorted cells (a compact
// binary string, used as a map key).
func optionKey(class int32, cells []int32) string {
	b := make([]byte, 0, 4*(len(cells)+1))
	b = binary.LittleEndian.AppendUint32(b, uint32(class))
	for _, c := range cells {
		b = binary.LittleEndian.AppendUint32(b, uint32(c))
	}
	return string(b)
}

// optionIndex maps optionKey to option index for every option of pr.
func optionIndex(pr *problem) map[string]int32 {
	m := make(map[string]int32, pr.options())
	for k := range pr.options() {
		m[optionKey(pr.optClass[k], pr.optCells(k))] = int32(k)
	}
	return m
}
