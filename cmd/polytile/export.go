package main

import (
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/model"
)

func (a *app) exportCmd() *cobra.Command {
	var format, mode, formulation, out, from string
	var strengthen, maxCoverage bool
	c := &cobra.Command{
		Use:   "export PUZZLE --format lp|mps|fixed-mps|dlx|pyomo",
		Short: "Write the binary program (LP, MPS, Pyomo) or the exact-cover matrix (DLX)",
		Long: `export writes the puzzle in a form another solver reads.

  lp         CPLEX LP: x_F_3_2_5 = piece F, orientation 3, anchor (2,5);
             rows overlap_c_2_5 (one per cell) and count_F (finite pieces)
  mps        free MPS with the same names
  fixed-mps  fixed MPS; names become X0000001 / R0000001 and the mapping is
             kept as '*' comments so solutions can be read back
  dlx        Knuth's exact-cover format (dlx1): items are cells and pieces
             with a finite count (m|name for m copies), options are images
  pyomo      a runnable Python script that rebuilds the same program with
             Pyomo and solves it with a solver named on its command line

--mode exact asks every cell to be covered exactly once and every finite
piece to be used exactly its count; --mode max-coverage maximises the
covered cells: --formulation seed is the MIP article's (binary y per cell,
sum x = y, maximise sum y), packing drops y (sum x <= 1, maximise sum
size*x; the default packing, as in solve and compare); --max-coverage is short for --mode max-coverage, as in 'polytile
solve'. --strengthen adds the area bound of 'polytile info' to the program.
--formulation and --strengthen apply to max-coverage programs only, and a
format that cannot represent the mode (dlx: exact only) is an error.
The file is written to a temporary name and renamed when complete.`,
		Example: `  polytile export examples/tetris-7x7.yaml --format lp --mode max-coverage -o tetris.lp
  cbc tetris.lp solve solu tetris.sol
  polytile export examples/pentomino-10x6.yaml --format dlx -o p.dlx`,
		Args: exactArgs(1, "PUZZLE"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format == "" {
				return usageErr("export needs --format lp, mps, fixed-mps, dlx or pyomo")
			}
			if maxCoverage {
				if cmd.Flags().Changed("mode") && mode != "max-coverage" {
					return usageErr("--max-coverage contradicts --mode %s", mode)
				}
				mode = "max-coverage"
			}
			opt, err := programOptions(mode, formulation, strengthen)
			if err != nil {
				return err
			}
			if err := checkExportMode(format, mode); err != nil {
				return err
			}
			if err := checkOutputs([]string{args[0]}, output{"-o", out}); err != nil {
				return err
			}
			p, err := a.loadPuzzle(args[0], from)
			if err != nil {
				return err
			}
			var write func(w io.Writer) error
			switch strings.ToLower(format) {
			case "dlx":
				c := model.NewCover(p)
				write = func(w io.Writer) error { return export.WriteDLX(w, c) }
			case "lp", "mps", "fixed-mps", "pyomo":
				prog, err := model.NewProgram(p, opt)
				if err != nil {
					return usageErr("%v", err)
				}
				switch strings.ToLower(format) {
				case "lp":
					write = func(w io.Writer) error { return export.WriteLP(w, prog) }
				case "mps":
					write = func(w io.Writer) error { return export.WriteMPS(w, prog, export.MPSOptions{}) }
				case "fixed-mps":
					write = func(w io.Writer) error { return export.WriteMPS(w, prog, export.MPSOptions{Fixed: true}) }
				case "pyomo":
					write = func(w io.Writer) error { return export.WritePyomo(w, prog) }
				}
			default:
				return usageErr("unknown export format %q: use lp, mps, fixed-mps, dlx or pyomo", format)
			}
			return atomicfile.Write(cmd.Context(), out, a.stdout, write)
		},
	}
	c.Flags().StringVar(&format, "format", "", "lp, mps, fixed-mps, dlx or pyomo")
	c.Flags().StringVar(&mode, "mode", "exact", "exact or max-coverage")
	c.Flags().BoolVar(&maxCoverage, "max-coverage", false, "short for --mode max-coverage")
	c.Flags().StringVar(&formulation, "formulation", model.DefaultFormulation.String(), "max-coverage formulation: seed or packing")
	c.Flags().BoolVar(&strengthen, "strengthen", false, "add the area (and gcd) bound to a max-coverage program")
	c.Flags().StringVarP(&out, "output", "o", "-", "output file (- for stdout)")
	c.Flags().StringVar(&from, "from", "", "input format: yaml, knuth, burrtools or burrtools:N for problem N (default: by file extension: .knuth, .xmpuzzle, else yaml)")
	return c
}

// programOptions reads the --mode, --formulation and --strengthen flags.
func programOptions(mode, formulation string, strengthen bool) (model.ProgramOptions, error) {
	m, err := model.ParseMode(mode)
	if err != nil {
		return model.ProgramOptions{}, usageErr("%v", err)
	}
	f, err := model.ParseFormulation(formulation)
	if err != nil {
		return model.ProgramOptions{}, usageErr("%v", err)
	}
	if m != model.MaxCoverage && strengthen {
		return model.ProgramOptions{}, usageErr("--strengthen applies to --mode max-coverage")
	}
	return model.ProgramOptions{Mode: m, Formulation: f, Strengthen: strengthen}, nil
}
