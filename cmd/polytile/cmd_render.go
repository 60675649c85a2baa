package main

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/internal/cliflag"
	"github.com/polytile/polytile/internal/cliout"
	"github.com/polytile/polytile/internal/progress"
	"github.com/polytile/polytile/puzzle"
	"github.com/polytile/polytile/render"
)

func (a *app) renderCmd() *cobra.Command {
	var o renderOptions
	c := &cobra.Command{
		Use:   "render PUZZLE",
		Short: "Draw the board and the pieces (ascii, ansi, svg, png)",
		Long: `render draws the puzzle: the board (cells to fill; holes and outside left
blank) and every piece with its name, count and number of orientations.
3D boards and pieces are drawn as a row of layers l=0, l=1, ...
The format is --format, else the extension of -o (.svg, .png, .txt ascii,
.ans ansi; another extension needs --format, and --format must agree with
the extension), else ansi on a terminal and ascii otherwise.`,
		Example: `  polytile render examples/pentomino-10x6.yaml
  polytile render examples/tetris-cube.yaml --format png -o cube.png`,
		Args: cliflag.ExactArgs(1, "PUZZLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.puzzle = args[0]
			return a.runRender(cmd.Context(), o)
		},
	}
	c.Flags().StringVar(&o.format, "format", "", "ascii, ansi, svg or png")
	c.Flags().StringVarP(&o.out, "output", "o", "-", "output file (- for stdout)")
	c.Flags().BoolVar(&o.labels, "labels", true, "write piece names on pictures")
	addFromFlag(c.Flags(), &o.from)
	return c
}

// renderOptions are render's inputs.
type renderOptions struct {
	puzzle, format, out, from string
	labels                    bool
}

func (a *app) runRender(ctx context.Context, o renderOptions) error {
	f, err := a.pictureFormat("--format", o.format, o.out)
	if err != nil {
		return err
	}
	if err := a.checkOutputs([]string{o.puzzle}, output{"-o", o.out}); err != nil {
		return err
	}
	p, err := a.loadPuzzle(o.puzzle, o.from, puzzle.DropAll)
	if err != nil {
		return err
	}
	return a.writeComplete(ctx, o.out, func(w io.Writer) error {
		return render.Overview(w, p, f, render.Options{Labels: o.labels, Title: p.Name, Context: ctx})
	})
}

// pictureFormat is resolvePictureFormat with a's terminal default.
func (a *app) pictureFormat(flagName, format, out string) (render.Format, error) {
	return asUsage(cliout.PictureFormat(flagName, format, out, progress.IsTerminal(a.stdout)))
}
