package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/textio"
	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

func (a *app) infoCmd() *cobra.Command {
	var o infoOptions
	c := &cobra.Command{
		Use:   "info PUZZLE",
		Short: "Describe a puzzle: cells, pieces, images (ok / cover sets), symmetry, bounds",
		Long: `info reads a puzzle and prints what every solver will see: the cells of the
board, the area of the pieces against it, per piece its size, count,
distinct orientations and images (bounded placements, the ok set), the total
number of images and of cover entries, the size of the symmetry group used
by --unique, and the best coverage that area and colouring arguments allow.`,
		Example: `  polytile info examples/pentomino-10x6.yaml
  polytile info examples/tetris-7x7.yaml --json`,
		Args: exactArgs(1, "PUZZLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.puzzle = args[0]
			return a.runInfo(cmd.Context(), o)
		},
	}
	c.Flags().BoolVar(&o.asJSON, "json", false, "print one JSON object")
	addFromFlag(c.Flags(), &o.from)
	return c
}

// infoOptions are info's inputs: the puzzle and the flags' values.
type infoOptions struct {
	puzzle, from string
	asJSON       bool
}

// runInfo describes o.puzzle on stdout, as text or one JSON object.
func (a *app) runInfo(_ context.Context, o infoOptions) error {
	if err := a.checkStdout(o.puzzle); err != nil {
		return err
	}
	p, err := a.loadPuzzle(o.puzzle, o.from, puzzle.DropAll)
	if err != nil {
		return err
	}
	in := describe(p, o.puzzle)
	if o.asJSON {
		return writeInfoJSON(a.stdout, in)
	}
	return in.text(a.stdout)
}

// pieceInfo and puzzleInfo are the JSON shape of `info --json`.
type pieceInfo struct {
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

type puzzleInfo struct {
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
	Pieces       []pieceInfo `json:"pieces"`
	// FitsNowhere names the pieces that fit nowhere in the board: they
	// are left out of Pieces and of every figure above.
	FitsNowhere []string `json:"fits_nowhere,omitempty"`
	// Symmetric describes the puzzle's symmetric key.
	Symmetric *symmetricInfo `json:"symmetric,omitempty"`
	// extent is the size of a hex or triangle board as its picture shows
	// it (puzzle.Extent), for the text.
	extent string
}

func describe(p *puzzle.Puzzle, file string) *puzzleInfo {
	area, unl := p.PieceArea()
	b := model.CoverageBound(p)
	in := &puzzleInfo{
		Puzzle: p.Name, File: file, Dim: p.Dim, Grid: p.Grid.String(), Cells: p.Area(),
		Box:       [3]int{p.Region.Size.I, p.Region.Size.J, p.Region.Size.L},
		PieceArea: area, Unlimited: unl, AreaFeasible: p.AreaFeasible(),
		Images: p.Images.Len(), CoverEntries: p.Images.CoverEntries(),
		Symmetries: puzzle.GroupOrder(p.Symmetries()), Bound: b.Bound, BoundReason: b.Reason,
		FitsNowhere: p.Dropped, extent: p.Extent(),
		Pieces: []pieceInfo{}, // [] when every piece fits nowhere
	}
	for k := range p.Pieces {
		pc := &p.Pieces[k]
		in.Pieces = append(in.Pieces, pieceInfo{
			Name: pc.Name, Size: pc.Size(), Count: pc.Count, Unlimited: pc.Unlimited,
			Policy: pc.Policy.String(), Orientations: len(pc.Orients),
			Images:      p.Images.PieceStart[k+1] - p.Images.PieceStart[k],
			Constrained: p.Constrained(k),
		})
	}
	in.Symmetric = newSymmetricInfo(p)
	return in
}

func (in *puzzleInfo) text(w io.Writer) error {
	name := in.Puzzle
	if name == "" {
		name = in.File
	}
	box := fmt.Sprintf("%d rows x %d columns", in.Box[0], in.Box[1])
	if in.Dim == 3 {
		box += fmt.Sprintf(" x %d layers", in.Box[2])
	}
	pieces := fmt.Sprintf("%d cells", in.PieceArea)
	if in.Unlimited {
		pieces = fmt.Sprintf("%d cells in finite pieces, plus unlimited supply", in.PieceArea)
	}
	verdict := "areas match"
	switch {
	case len(in.FitsNowhere) > 0:
		verdict = "a piece fits nowhere: see below"
	case in.AreaFeasible && in.Bound < in.Cells:
		verdict = "no exact tiling: the coverage bound is below the area; use --max-coverage"
	case in.Unlimited && in.AreaFeasible:
		verdict = "area allows an exact tiling"
	case !in.AreaFeasible:
		verdict = "no exact tiling by area: use --max-coverage"
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "puzzle\t%s\n", name)
	grid := ""
	if in.Grid != "" && in.Grid != "square" {
		grid = " " + in.Grid + " grid"
	}
	if in.extent != "" { // hex, triangle: Box is in the grid's coordinates
		box = in.extent
	} else {
		box = "bounding box " + box
	}
	fmt.Fprintf(tw, "board\t%dD%s, %d cells, %s\n", in.Dim, grid, in.Cells, box)
	fmt.Fprintf(tw, "pieces\t%s, %s (%s)\n", in.pieceCounts(), pieces, verdict)
	fmt.Fprintf(tw, "images\t%d (the ok set), %d cover entries\n", in.Images, in.CoverEntries)
	fmt.Fprintf(tw, "symmetry\tgroup of order %d (rotations / reflections mapping the puzzle onto itself)\n", in.Symmetries)
	in.Symmetric.text(tw)
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

// pieceCounts says how many pieces the puzzle has: the number of names
// alone when each is one copy, else the names and the copies ("2 names,
// 3 copies"; "5 names, all unlimited"; "3 names, 2 finite copies and 1
// unlimited").
func (in *puzzleInfo) pieceCounts() string {
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

// writeInfoJSON writes info's JSON object, indented, with '<', '>' and
// '&' as they are: the bound's reason reads "60 <= 60", not "\u003c=".
func writeInfoJSON(w io.Writer, in *puzzleInfo) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(in)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func jsonEncoder(w io.Writer) *json.Encoder { return json.NewEncoder(w) }

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
