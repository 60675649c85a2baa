package render

import (
	"image/color"
	"slices"

	"github.com/polytile/polytile/puzzle"
)

// Special colour indices besides the palette indices 0, 1, 2, ...
const (
	colorNeutral  = -1 // the region itself, a piece of a region picture: grey
	colorConflict = -2 // overlapping cells, cells of placements off the board: red
	colorNone     = -3 // no fill: white background, default terminal colours
)

// paletteEntry is a fill colour with the xterm 256-colour code used for it in
// ANSI pictures.
type paletteEntry struct {
	rgb  color.NRGBA
	ansi uint8
}

// basePalette holds light colours (so that black labels stay readable) in
// the order greedy colouring uses them: the first six are the most distinct,
// and six colours suffice for any 2D tiling by connected pieces.
var basePalette = []paletteEntry{
	{rgb(0xfb, 0x80, 0x72), 210}, // salmon
	{rgb(0x80, 0xb1, 0xd3), 110}, // blue
	{rgb(0xb3, 0xde, 0x69), 149}, // green
	{rgb(0xfd, 0xb4, 0x62), 215}, // orange
	{rgb(0xbe, 0xba, 0xda), 146}, // lavender
	{rgb(0xff, 0xed, 0x6f), 227}, // yellow
	{rgb(0x8d, 0xd3, 0xc7), 116}, // teal
	{rgb(0xfc, 0xcd, 0xe5), 225}, // pink
	{rgb(0xbc, 0x80, 0xbd), 139}, // purple
	{rgb(0xcc, 0xeb, 0xc5), 194}, // pale green
	{rgb(0xa6, 0xce, 0xe3), 153}, // pale blue
	{rgb(0xe5, 0xc4, 0x94), 180}, // tan
}

// palette is basePalette followed by the light colours of the xterm 6x6x6
// colour cube that basePalette does not use, so that every index up to
// len(palette)-1 names a distinct colour in every format.
var palette = func() []paletteEntry {
	p := slices.Clone(basePalette)
	used := map[uint8]bool{}
	for _, e := range p {
		used[e.ansi] = true
	}
	levels := [6]uint8{0, 95, 135, 175, 215, 255}
	for r := 2; r < 6; r++ {
		for g := 2; g < 6; g++ {
			for b := 2; b < 6; b++ {
				code := uint8(16 + 36*r + 6*g + b)
				if used[code] || (r == g && g == b) { // skip greys and white
					continue
				}
				p = append(p, paletteEntry{rgb(levels[r], levels[g], levels[b]), code})
			}
		}
	}
	return p
}()

func rgb(r, g, b uint8) color.NRGBA { return color.NRGBA{r, g, b, 0xff} }

var (
	neutralRGB  = rgb(0xd9, 0xd9, 0xd9)
	conflictRGB = rgb(0xe4, 0x1a, 0x1c)
	whiteRGB    = rgb(0xff, 0xff, 0xff)
	blackRGB    = rgb(0, 0, 0)
	hatchRGB    = rgb(0x77, 0x77, 0x77)
	thinRGBA    = color.NRGBA{0, 0, 0, 0x50}
)

// fillRGB returns the fill colour of a colour index. Palette indices wrap
// around beyond the palette, which holds more colours than any tiling of
// connected pieces needs in practice.
func fillRGB(c int) color.NRGBA {
	switch {
	case c == colorNeutral:
		return neutralRGB
	case c == colorConflict:
		return conflictRGB
	case c < 0:
		return whiteRGB
	}
	return palette[c%len(palette)].rgb
}

// ansiCode returns the xterm 256-colour code of a colour index.
func ansiCode(c int) uint8 {
	switch {
	case c == colorNeutral:
		return 252
	case c == colorConflict:
		return 196
	case c < 0:
		return 231
	}
	return palette[c%len(palette)].ansi
}

// Colors returns a palette index for every placement of t such that two
// placements that touch (share a face of a cell, in any direction, or
// overlap) get different indices. It colours the placement adjacency graph
// greedily in smallest-last order, which uses at most one colour more than
// the graph's degeneracy: at most six colours for a 2D tiling by connected
// pieces, whose adjacency graph is planar. Indices are small (0 first) and
// deterministic. Placements that are not valid images still get an index;
// only their cells inside the region count for adjacency.
func Colors(p *puzzle.Puzzle, t puzzle.Tiling) []int {
	return colors(p, t, nil)
}

// colors is Colors, returning early (with an incomplete colouring) when
// st stops.
func colors(p *puzzle.Puzzle, t puzzle.Tiling, st *stopper) []int {
	adj := placementGraph(p, t, st)
	if st.stop() {
		return make([]int, len(t.Placements))
	}
	return colorGraph(adj, st)
}

// placementGraph returns the sorted adjacency lists of the placements of
// t; when st stops, it returns early with part of them.
func placementGraph(p *puzzle.Puzzle, t puzzle.Tiling, st *stopper) [][]int32 {
	n := len(t.Placements)
	reg := p.Region
	// cover[c] lists the placements covering region cell c (CSR form).
	cnt := make([]int32, reg.Len()+1)
	cells := make([][]int32, n)
	for k, pl := range t.Placements {
		if st.stop() {
			return nil // colors reads the stop before using the graph
		}
		cells[k] = placementRegionCells(p, pl)
		for _, c := range cells[k] {
			cnt[c+1]++
		}
	}
	for c := 1; c < len(cnt); c++ {
		cnt[c] += cnt[c-1]
	}
	cover := make([]int32, cnt[len(cnt)-1])
	fill := slices.Clone(cnt)
	for k := range cells {
		for _, c := range cells[k] {
			cover[fill[c]] = int32(k)
			fill[c]++
		}
	}
	// The neighbours of placement k: the placements covering its cells
	// (overlaps) or a cell next to one of them, sorted, without k. Each
	// list is sorted on its own: no sort of all the edges (seconds for a
	// million placements), and a stop check per placement.
	// The lists are kept in one backing array (all, ends[k] the end of
	// list k), not an allocation per placement.
	adj := make([][]int32, n)
	var nbs []puzzle.Cell
	var buf, all []int32
	ends := make([]int, n)
	for k := range cells {
		if st.stop() {
			return adj
		}
		buf = buf[:0]
		for _, c := range cells[k] {
			buf = append(buf, cover[cnt[c]:cnt[c+1]]...)
			nbs = p.Grid.Neighbors(reg.Cells[c], nbs[:0])
			for _, nb := range nbs {
				if m := reg.Index(nb); m >= 0 {
					buf = append(buf, cover[cnt[m]:cnt[m+1]]...)
				}
			}
		}
		slices.Sort(buf)
		buf = slices.Compact(buf)
		if i, found := slices.BinarySearch(buf, int32(k)); found {
			buf = slices.Delete(buf, i, i+1)
		}
		all = append(all, buf...)
		ends[k] = len(all)
	}
	start := 0
	for k, end := range ends {
		if end > start {
			adj[k] = all[start:end:end]
		}
		start = end
	}
	return adj
}

// placementRegionCells returns the region cells covered by pl, also for a
// placement that sticks out of the region (its outside cells are left out),
// and nothing for a placement whose piece or orientation does not exist.
func placementRegionCells(p *puzzle.Puzzle, pl puzzle.Placement) []int32 {
	if pl.Piece < 0 || pl.Piece >= len(p.Pieces) {
		return nil
	}
	pc := &p.Pieces[pl.Piece]
	if pl.Orient < 0 || pl.Orient >= len(pc.Orients) {
		return nil
	}
	var out []int32
	for _, c := range pc.Orients[pl.Orient] {
		if m := p.Region.Index(c.Add(pl.At)); m >= 0 {
			out = append(out, int32(m))
		}
	}
	return out
}

// colorGraph colours a graph greedily in smallest-last order.
// When st stops, it returns early with an incomplete colouring.
func colorGraph(adj [][]int32, st *stopper) []int {
	n := len(adj)
	deg := make([]int, n)
	maxDeg := 0
	for v := range adj {
		deg[v] = len(adj[v])
		maxDeg = max(maxDeg, deg[v])
	}
	// Bucket queue with lazy deletion: a vertex may sit in several
	// buckets; only the entry matching its current degree counts.
	buckets := make([][]int32, maxDeg+1)
	for v := n - 1; v >= 0; v-- {
		buckets[deg[v]] = append(buckets[deg[v]], int32(v))
	}
	removed := make([]bool, n)
	order := make([]int32, 0, n)
	cur := 0
	for len(order) < n {
		if st.stop() {
			return make([]int, n)
		}
		for len(buckets[cur]) == 0 {
			cur++
		}
		b := buckets[cur]
		v := b[len(b)-1]
		buckets[cur] = b[:len(b)-1]
		if removed[v] || deg[v] != cur {
			continue
		}
		removed[v] = true
		order = append(order, v)
		for _, u := range adj[v] {
			if !removed[u] {
				deg[u]--
				buckets[deg[u]] = append(buckets[deg[u]], u)
				cur = min(cur, deg[u])
			}
		}
	}
	colors := make([]int, n)
	for v := range colors {
		colors[v] = -1
	}
	var used []bool
	for x := n - 1; x >= 0; x-- {
		v := order[x]
		used = used[:0]
		for _, u := range adj[v] {
			if c := colors[u]; c >= 0 {
				for len(used) <= c {
					used = append(used, false)
				}
				used[c] = true
			}
		}
		c := 0
		for c < len(used) && used[c] {
			c++
		}
		colors[v] = c
	}
	return colors
}
