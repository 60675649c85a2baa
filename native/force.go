package native

import "slices"

// fewPlacements is the most options a class of one piece may have for
// FILA's searches to leave it to DLX's first levels: a piece pinned by
// at: (one anchor, up to 8 orientations in the plane) or held in a few
// cells by region:. FILA's cell orders reach such a piece only when their
// order comes to its cells, so every placement of the others before it is
// searched again for each of its few images: on a 76-cell board with four
// pinned pieces the default FILA had not finished in 30 s (499 M nodes)
// where DLX, branching on a pinned piece's item first as its MRV rule
// does, counted the 625 tilings in 0.2 s.
const fewPlacements = 8

// forcedItems returns the DLX items branched on before any other: the
// redundancy filter's pinned class (red), then, with FILA and no
// unlimited piece, the classes of exactly one piece with at most
// fewPlacements options, fewest first (ties by class). The order is a
// function of the problem and cfg alone, so serial, parallel and sharded
// runs branch alike.
func forcedItems(pr *problem, cfg Config, red *redundancy) []int32 {
	items, _ := classItems(pr)
	var force []int32
	if red != nil {
		force = append(force, items[red.class])
	}
	if cfg.Algorithm != "fila" || pr.hasUnlimited || cfg.noForce {
		return force
	}
	opts := make([]int, len(pr.classes))
	for _, c := range pr.optClass {
		opts[c]++
	}
	var few []int
	for c, cl := range pr.classes {
		if cl.unlimited || cl.atMost || cl.count != 1 || opts[c] > fewPlacements || red != nil && int32(c) == red.class {
			continue
		}
		few = append(few, c)
	}
	slices.SortStableFunc(few, func(a, b int) int { return opts[a] - opts[b] })
	for _, c := range few {
		force = append(force, items[c])
	}
	return force
}

// forced returns the first open item of r.force, or 0.
func (r *run) forced(d *dlx) int32 {
	for _, i := range r.force {
		if d.open[i] {
			return i
		}
	}
	return 0
}
