package main

import (
	"fmt"
	"io"

	"github.com/polytile/polytile/puzzle"
)

// symmetricInfo is info's summary of the symmetric key: the group, the
// orbit problem's size and the images no symmetric tiling can use.
type symmetricInfo struct {
	Names        []string `json:"names"`
	Order        int      `json:"order"`
	OrbitOptions int      `json:"orbit_options"`
	Forbidden    int      `json:"forbidden_images"`
}

func newSymmetricInfo(p *puzzle.Puzzle) *symmetricInfo {
	g := p.Symmetric
	if g == nil {
		return nil
	}
	in := &symmetricInfo{Names: g.Names, Order: len(g.Elements), OrbitOptions: len(g.Orbits)}
	for n := range p.Images.Len() {
		if g.Forbidden(n) {
			in.Forbidden++
		}
	}
	return in
}

func (s *symmetricInfo) text(w io.Writer) {
	if s == nil {
		return
	}
	fmt.Fprintf(w, "symmetric\tsolutions invariant under %v (a group of order %d): %d orbit options; %d images in no valid orbit\n",
		s.Names, s.Order, s.OrbitOptions, s.Forbidden)
}
