package model

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/puzzle"
)

// Info describes a puzzle as every solver sees it: the board, the pieces
// against its area, the images (the ok set) and cover entries, the
// symmetry group and the coverage bound. Its JSON is `polytile info
// --json`; WriteText writes info's text.
type Info struct {
	Puzzle       string      `json:"puzzle"`
	File         string      `json:"file"`
	Dim          int         `json:"dim"`
	Grid         string      `json:"grid"` // square, hex or triangle
	Cells        int         `json:"cells"`
	Box          [3]int      `json:"box"`
	PieceArea    int         `json:"piece_area"`
	Unlimited    bool        `json:"unlimited"`
	AreaFeasible bool        `json:"area_feasible"`
	Images       int         `json:"images"`
	CoverEntries int         `json:"cover_entries"`
	Symmetries   int         `json:"symmetries"`
	Bound        int         `json:"coverage_bound"`
	BoundReason  string      `json:"coverage_bound_reason"`
	Pieces       []PieceInfo `json:"pieces"`
	// FitsNowhere names the pieces that fit nowhere in the board: they
	// are left out of Pieces and of every figure above.
	FitsNowhere []string       `json:"fits_nowhere,omitempty"`
	Symmetric   *SymmetricInfo `json:"symmetric,omitempty"`
	// extent is the size of a hex or triangle board as its picture shows
	// it (puzzle.Extent), for the text.
	extent string
}

// PieceInfo describes one piece of an Info.
type PieceInfo struct {
	Name         string `json:"name"`
	Size         int    `json:"size"`
	Count        int    `json:"count"`
	Unlimited    bool   `json:"unlimited,omitempty"`
	Policy       string `json:"policy"`
	Orientations int    `json:"orientations"`
	Images       int    `json:"images"`
	// Constrained: the piece has a placement constraint (at / region),
	// which Images already reflects.
	Constrained bool `json:"constrained,omitempty"`
}

// SymmetricInfo describes a puzzle's symmetric key: the group, the orbit
// problem's size and the images no symmetric tiling can use.
type SymmetricInfo struct {
	Names        []string `json:"names"`
	Order        int      `json:"order"`
	OrbitOptions int      `json:"orbit_options"`
	Forbidden    int      `json:"forbidden_images"`
}

// Describe returns the Info of p, read from file.
func Describe(p *puzzle.Puzzle, file string) *Info {
	area, unl := p.PieceArea()
	b := CoverageBound(p)
	in := &Info{
		Puzzle: p.Name, File: file, Dim: p.Dim, Grid: p.Grid.String(), Cells: p.Area(),
		Box:       [3]int{p.Region.Size.I, p.Region.Size.J, p.Region.Size.L},
		PieceArea: area, Unlimited: unl, AreaFeasible: p.AreaFeasible(),
		Images: p.Images.Len(), CoverEntries: p.Images.CoverEntries(),
		Symmetries: puzzle.GroupOrder(p.Symmetries()), Bound: b.Bound, BoundReason: b.Reason,
		FitsNowhere: p.Dropped, extent: p.Extent(),
		Pieces: []PieceInfo{}, // [] when every piece fits nowhere
	}
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		in.Pieces = append(in.Pieces, PieceInfo{
			Name: pc.Name, Size: pc.Size(), Count: pc.Count, Unlimited: pc.Unlimited,
			Policy: pc.Policy.String(), Orientations: len(pc.Orients),
			Images:      p.Images.PieceStart[k+1] - p.Images.PieceStart[k],
			Constrained: p.Constrained(k),
		})
	}
	if g := p.Symmetric; g != nil {
		in.Symmetric = &SymmetricInfo{Names: g.Names, Order: len(g.Elements), OrbitOptions: len(g.Orbits)}
		for n := range p.Images.Len() {
			if g.Forbidden(n) {
				in.Symmetric.Forbidden++
			}
		}
	}
	return in
}

// Verdict says what the areas and the bound tell of an exact tiling.
func (in *Info) Verdict() string {
	switch {
	case len(in.FitsNowhere) > 0:
		return "a piece fits nowhere: see below"
	case in.AreaFeasible && in.Bound < in.Cells:
		return "no exact tiling: the coverage bound is below the area; use --max-coverage"
	case in.Unlimited && in.AreaFeasible:
		return "area allows an exact tiling"
	case !in.AreaFeasible:
		return "no exact tiling by area: use --max-coverage"
	}
	return "areas match"
}

// WriteText writes the description as info prints it: a table of the
// puzzle's figures, then one row per piece.
func (in *Info) WriteText(w io.Writer) error {
	name := in.Puzzle
	if name == "" {
		name = in.File
	}
	box := fmt.Sprintf("bounding box %d rows x %d columns", in.Box[0], in.Box[1])
	if in.Dim == 3 {
		box += fmt.Sprintf(" x %d layers", in.Box[2])
	}
	if in.extent != "" { // hex, triangle: Box is in the grid's coordinates
		box = in.extent
	}
	pieces := fmt.Sprintf("%d cells", in.PieceArea)
	if in.Unlimited {
		pieces = fmt.Sprintf("%d cells in finite pieces, plus unlimited supply", in.PieceArea)
	}
	grid := ""
	if in.Grid != "" && in.Grid != "square" {
		grid = " " + in.Grid + " grid"
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "puzzle\t%s\n", name)
	fmt.Fprintf(tw, "board\t%dD%s, %d cells, %s\n", in.Dim, grid, in.Cells, box)
	fmt.Fprintf(tw, "pieces\t%s, %s (%s)\n", in.PieceCounts(), pieces, in.Verdict())
	fmt.Fprintf(tw, "images\t%d (the ok set), %d cover entries\n", in.Images, in.CoverEntries)
	fmt.Fprintf(tw, "symmetry\tgroup of order %d (rotations / reflections mapping the puzzle onto itself)\n", in.Symmetries)
	if s := in.Symmetric; s != nil {
		fmt.Fprintf(tw, "symmetric\tsolutions invariant under %v (a group of order %d): %d orbit options; %d images in no valid orbit\n",
			s.Names, s.Order, s.OrbitOptions, s.Forbidden)
	}
	fmt.Fprintf(tw, "coverage bound\t%d of %d cells (%s)\n", in.Bound, in.Cells, in.BoundReason)
	if len(in.FitsNowhere) > 0 {
		fmt.Fprintf(tw, "fits nowhere\t%s (left out of the figures above and the table below)\n", strings.Join(in.FitsNowhere, ", "))
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "piece\tsize\tcount\torientations\timages")
	for _, pc := range in.Pieces {
		count := fmt.Sprint(pc.Count)
		if pc.Unlimited {
			count = "unlimited"
		}
		images := fmt.Sprint(pc.Images)
		if pc.Constrained {
			images += " (placement constraint)"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d (%s)\t%s\n", pc.Name, pc.Size, count, pc.Orientations, pc.Policy, images)
	}
	return tw.Flush()
}

// PieceCounts says how many pieces the puzzle has: the number of names
// alone when each is one copy, else the names and the copies ("2 names,
// 3 copies"; "5 names, all unlimited"; "3 names, 2 finite copies and 1
// unlimited").
func (in *Info) PieceCounts() string {
	names, copies, unlimited := len(in.Pieces), 0, 0
	for _, pc := range in.Pieces {
		if pc.Unlimited {
			unlimited++
		} else {
			copies += pc.Count
		}
	}
	switch {
	case unlimited == 0 && copies == names:
		return fmt.Sprint(names)
	case unlimited == 0:
		return fmt.Sprintf("%s, %s", textio.Count(names, "name"), textio.Count(copies, "copy", "copies"))
	case unlimited == names:
		return fmt.Sprintf("%s, all unlimited", textio.Count(names, "name"))
	}
	return fmt.Sprintf("%s, %s and %d unlimited", textio.Count(names, "name"), textio.Count(copies, "finite copy", "finite copies"), unlimited)
}

// WriteJSON writes the description as one indented JSON object, with
// '<', '>' and '&' as they are: the bound's reason reads "60 <= 60".
func (in *Info) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(in)
}
