package main

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/cliflag"
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
		Args: cliflag.ExactArgs(1, "PUZZLE"),
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
	in := model.Describe(p, o.puzzle)
	if o.asJSON {
		return in.WriteJSON(a.stdout)
	}
	return in.WriteText(a.stdout)
}
