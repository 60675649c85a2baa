package solcheck

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/polytile/polytile/export"
	"github.com/polytile/polytile/model"
)

// Given says which export settings the caller fixed (a flag given on
// the command line); the others may be found from the file.
type Given struct {
	Mode, Formulation, Strengthen, Symmetry bool
}

// Settle returns the program a solution belongs to. A file that names no
// fingerprint is of prog, or of the mode its CNF or OPB names file's
// header (or a Pyomo output's objective) gives. When the file (or, for a pseudo-Boolean answer, its OPB
// names file) names a program fingerprint that is not prog's, the programs of prog's puzzle under the
// other export settings (mode, formulation, strengthen with its
// checkerboard rows, symmetry) are tried: the one whose fingerprint the
// file names, among those that keep the settings given fixes, is
// returned (the nearest to prog's settings). Otherwise prog is returned,
// for Judge to refuse the file as another program's; when the file is
// the export of settings that contradict given, the Mismatch says which
// flags differ (Mismatch.Explain adds it to that refusal). It reads ctx
// between programs.
func Settle(ctx context.Context, prog *model.Program, sol *export.Solution, names *Names, given Given) (*model.Program, *Mismatch, error) {
	fps := namedFingerprints(sol, names)
	if len(fps) == 0 {
		return settleByHeader(prog, sol, names, given)
	}
	own, err := prog.Fingerprint(ctx)
	if err != nil {
		return nil, nil, err
	}
	if slices.Contains(fps, own) {
		return prog, nil, nil
	}
	base := prog.Options
	var fit, contra *model.Program
	fitDist, contraDist := 99, 99
	for _, opt := range candidates() {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		cand, err := model.NewProgram(prog.Puzzle, opt)
		if err != nil {
			continue // settings that do not apply to this puzzle
		}
		fp, err := cand.Fingerprint(ctx)
		if err != nil {
			return nil, nil, err
		}
		if !slices.Contains(fps, fp) {
			continue
		}
		d := len(differences(base, opt, Given{true, true, true, true}))
		if len(differences(base, opt, given)) == 0 {
			if d < fitDist {
				fit, fitDist = cand, d
			}
		} else if d < contraDist {
			contra, contraDist = cand, d
		}
	}
	switch {
	case fit != nil:
		return fit, nil, nil
	case contra != nil:
		diff := differences(base, contra.Options, given)
		return prog, &Mismatch{Found: contra.Options, Flags: flagsOf(contra.Options, diff), Given: flagsOf(base, diff)}, nil
	}
	return prog, nil, nil
}

// settleByHeader settles the program of a file that names no
// fingerprint by the mode a CNF or OPB names file's header gives, or,
// for the Pyomo script's output, by its objective: the exact program's
// is 0, a positive one is the covered cells of a max-coverage program.
func settleByHeader(prog *model.Program, sol *export.Solution, names *Names, given Given) (*model.Program, *Mismatch, error) {
	header := ""
	if names != nil && names.Vars != nil {
		header = names.Vars.Mode
	}
	if sol.Solver == export.FormatPyomoSolution && sol.HasObjective && sol.Objective >= 0.5 && prog.Options.Mode == model.Exact {
		header = model.MaxCoverage.String()
	}
	if header == "" || header == prog.Options.Mode.String() {
		return prog, nil, nil
	}
	mode, err := model.ParseMode(header)
	if err != nil {
		return prog, nil, nil // namesOfProgram refuses it
	}
	opt := prog.Options
	opt.Mode = mode
	if mode == model.MaxCoverage {
		opt.Formulation = model.DefaultFormulation // an exact program has none
	}
	if mode == model.Exact {
		opt.Strengthen, opt.Checkerboard = false, false
		if opt.Symmetry == model.FixHole {
			opt.Symmetry = model.NoSymmetry
		}
	}
	if given.Mode {
		return prog, &Mismatch{Found: opt, Flags: flagsOf(opt, []setting{settingMode}), Given: flagsOf(prog.Options, []setting{settingMode})}, nil
	}
	found, err := model.NewProgram(prog.Puzzle, opt)
	if err != nil {
		return prog, nil, nil
	}
	return found, nil, nil
}

// Mismatch says that a solution is of another export of the puzzle than
// the settings given fix: the export with settings Found, whose flags
// Flags differ from the flags given, Given.
type Mismatch struct {
	Found model.ProgramOptions
	Flags []string // e.g. "--strengthen", "--formulation seed"
	Given []string // e.g. "no --strengthen", "--formulation packing"
}

// String names the flags that differ.
func (m *Mismatch) String() string {
	return fmt.Sprintf("the file names the fingerprint of this puzzle's export with %s: check with %s instead of %s, or leave the flag out to have the settings found", describeOptions(m.Found), strings.Join(m.Flags, " "), strings.Join(m.Given, " "))
}

// Explain adds m to err, Decode's or Judge's refusal of the file as
// another program's; other errors (and a nil m) are returned as they are.
func (m *Mismatch) Explain(err error) error {
	fe := (*FileError)(nil)
	if m == nil || !errors.As(err, &fe) || !errors.Is(err, ErrOtherProgram) {
		return err
	}
	out := *fe
	out.msg = fe.msg + "; " + m.String()
	return &out
}

// Describe says which export settings make prog: "mode max-coverage,
// formulation packing, strengthen, symmetry none".
func Describe(prog *model.Program) string { return describeOptions(prog.Options) }

// describeOptions is Describe of a program of options o.
func describeOptions(o model.ProgramOptions) string {
	s := "mode " + o.Mode.String()
	if o.Mode == model.MaxCoverage {
		s += ", formulation " + o.Formulation.String()
		if o.Strengthen {
			s += ", strengthen"
		}
	}
	return s + ", symmetry " + o.Symmetry.String()
}

// namedFingerprints are the program fingerprints a solution names: its
// fingerprint columns (fixed-MPS short names mapped), or the fingerprint
// of the OPB file that names its variables.
func namedFingerprints(sol *export.Solution, names *Names) []string {
	var rename map[string]string
	if names != nil {
		rename = names.Rename
	}
	var out []string
	add := func(name string) {
		if full, ok := rename[name]; ok {
			name = full
		}
		if model.LooksLikeFingerprint(name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	if sol.CBCLines != nil {
		for _, l := range sol.CBCLines {
			add(l.Name)
		}
	}
	for name := range sol.Values {
		add(name)
	}
	if names != nil && names.Vars != nil && names.Vars.Fingerprint != "" {
		add(names.Vars.Fingerprint)
	}
	slices.Sort(out)
	return out
}

// candidates are the export settings of a program: every mode,
// formulation, strengthening (with its checkerboard rows, as export
// writes them) and symmetry row.
func candidates() []model.ProgramOptions {
	var out []model.ProgramOptions
	for _, mode := range []model.Mode{model.Exact, model.MaxCoverage} {
		for _, form := range []model.Formulation{model.DefaultFormulation, otherFormulation()} {
			for _, st := range []bool{false, true} {
				for _, sym := range []model.Symmetry{model.NoSymmetry, model.PinPiece, model.FixHole} {
					if mode == model.Exact && (st || sym == model.FixHole) {
						continue
					}
					out = append(out, model.ProgramOptions{Mode: mode, Formulation: form, Strengthen: st, Checkerboard: st, Symmetry: sym})
				}
			}
		}
	}
	return out
}

// otherFormulation is the formulation that is not the default.
func otherFormulation() model.Formulation {
	if model.DefaultFormulation == model.Seed {
		return model.Packing
	}
	return model.Seed
}

// setting is one export setting that two programs can differ in.
type setting int

const (
	settingMode setting = iota
	settingFormulation
	settingStrengthen
	settingSymmetry
)

// differences lists the settings of given in which a and b differ (the
// formulation only between max-coverage programs).
func differences(a, b model.ProgramOptions, given Given) []setting {
	var d []setting
	if given.Mode && a.Mode != b.Mode {
		d = append(d, settingMode)
	}
	if given.Formulation && a.Formulation != b.Formulation && a.Mode == model.MaxCoverage && b.Mode == model.MaxCoverage {
		d = append(d, settingFormulation)
	}
	if given.Strengthen && a.Strengthen != b.Strengthen {
		d = append(d, settingStrengthen)
	}
	if given.Symmetry && a.Symmetry != b.Symmetry {
		d = append(d, settingSymmetry)
	}
	return d
}

// flagsOf writes the settings d of o as export flags.
func flagsOf(o model.ProgramOptions, d []setting) []string {
	var out []string
	for _, s := range d {
		switch s {
		case settingMode:
			out = append(out, "--mode "+o.Mode.String())
		case settingFormulation:
			out = append(out, "--formulation "+o.Formulation.String())
		case settingStrengthen:
			if o.Strengthen {
				out = append(out, "--strengthen")
			} else {
				out = append(out, "no --strengthen")
			}
		case settingSymmetry:
			out = append(out, "--symmetry "+o.Symmetry.String())
		}
	}
	return out
}
