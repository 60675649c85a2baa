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

// Colors returns a palette index for every placement of t: its piece's
// own colour, the one Pieces draws the piece in (palette index = piece
// index, modulo the palette's size), so that a piece looks the same in
// every solution and in the pieces picture. Two placements that touch
// (share a face of a cell, in any direction, or overlap) still get
// different indices: when a placement touches an earlier placement (in
// the order of t) that has its colour — a copy of the same piece, or a
// piece whose index is a palette's length away — it takes the first spare
// colour (from len(p.Pieces) on, cyclically) that none of its neighbours
// has or wants. Only a placement with as many neighbours as the palette has
// colours can share one with a neighbour. The result is deterministic.
// Placements that are not valid images still get an index; only their
// cells inside the region count for adjacency.
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
	n := len(palette)
	spare := len(p.Pieces) % n
	want := make([]int, len(t.Placements))
	for v, pl := range t.Placements {
		want[v] = spare
		if pl.Piece >= 0 && pl.Piece < len(p.Pieces) {
			want[v] = pl.Piece % n
		}
	}
	return colorPlacements(adj, want, spare, n, st)
}

// colorPlacements colours the vertices of a graph with colours 0..n-1 in
// vertex order: vertex v takes want[v] unless an earlier neighbour has
// it, else the first colour from spare on (cyclically) that no neighbour
// has (coloured) or wants (not coloured yet), so that a later neighbour
// keeps its own. When st stops, it returns early with an incomplete
// colouring.
func colorPlacements(adj [][]int32, want []int, spare, n int, st *stopper) []int {
	col := make([]int, len(adj))
	for v := range col {
		col[v] = -1
	}
	mark := make([]int, n) // mark[c] == stamp: c is taken for this vertex
	stamp := 0
	free := func() int {
		for d := range n {
			if c := (spare + d) % n; mark[c] != stamp {
				return c
			}
		}
		return -1
	}
	for v := range adj {
		if st.stop() {
			return make([]int, len(adj))
		}
		blocked := false
		for _, u := range adj[v] {
			if col[u] == want[v] {
				blocked = true
				break
			}
		}
		if !blocked {
			col[v] = want[v]
			continue
		}
		// Avoid the neighbours' colours and wants; failing that (a
		// vertex with n neighbours or more), their colours alone.
		stamp++
		for _, u := range adj[v] {
			if col[u] >= 0 {
				mark[col[u]] = stamp
			} else {
				mark[want[u]] = stamp
			}
		}
		c := free()
		if c < 0 {
			stamp++
			for _, u := range adj[v] {
				if col[u] >= 0 {
					mark[col[u]] = stamp
				}
			}
			if c = free(); c < 0 {
				c = want[v]
			}
		}
		col[v] = c
	}
	return col
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
