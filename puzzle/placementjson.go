package puzzle

// PlacementJSON is one placed piece in polytile's JSON outputs
// (docs/formats.md): the piece's name, its orientation (index into the
// piece's distinct orientations, as in 'polytile info') and the minimum
// corner of the oriented shape's bounding box: Row (0 is the top line of
// the board's art), Col and, in 3D, Layer. At is the same anchor as a
// list [row, col] or [row, col, layer], kept for compatibility.
type PlacementJSON struct {
	Piece  string `json:"piece"`
	Orient int    `json:"orientation"`
	At     []int  `json:"at"`
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Layer  *int   `json:"layer,omitempty"`
}

// TilingJSON is t's placements as they are written in JSON.
func (p *Puzzle) TilingJSON(t Tiling) []PlacementJSON {
	out := make([]PlacementJSON, len(t.Placements))
	for n, pl := range t.Placements {
		at := []int{pl.At.I, pl.At.J}
		out[n] = PlacementJSON{Piece: p.Pieces[pl.Piece].Name, Orient: pl.Orient, Row: pl.At.I, Col: pl.At.J}
		if p.Dim == 3 {
			at = append(at, pl.At.L)
			layer := pl.At.L
			out[n].Layer = &layer
		}
		out[n].At = at
	}
	return out
}
