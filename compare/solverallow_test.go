package compare

import (
	"strings"
	"testing"

	"github.com/polytile/polytile/highs"
	"github.com/polytile/polytile/native"
)

// TestSolverOptionsNoFiles: every option of cbc, glpsol and highs that
// reads or writes a file (their --help lists), every action and every
// option nobody reviewed is refused by ParseSolverOption, before any
// solver runs; the tuning options the docs and tests use still pass.
// On the old code (a short block list) glpsol:wglp=F, glpsol:wlp=F and
// most of the others were accepted, and glpsol overwrote F.
func TestSolverOptionsNoFiles(t *testing.T) {
	refused := []string{
		// glpsol --help: every option that names a file, and more.
		"glpsol:wglp=/tmp/x.yaml", "glpsol:wlp=/tmp/x", "glpsol:wmps=x", "glpsol:wfreemps=x", "glpsol:wcnf=x",
		"glpsol:log=x", "glpsol:ranges=x", "glpsol:w=x", "glpsol:write=x", "glpsol:o=x", "glpsol:output=x",
		"glpsol:r=x", "glpsol:read=x", "glpsol:ini=x", "glpsol:d=x", "glpsol:data=x", "glpsol:y=x",
		"glpsol:display=x", "glpsol:m=x", "glpsol:model=x", "glpsol:wglp", "glpsol:wlp", "glpsol:cnf",
		"glpsol:no-such-option", "glpsol:WGLP=x", "glpsol:--wlp=x", "glpsol:name=x", "glpsol:hide",
		"glpsol:mipgap=-w", "glpsol:mipgap", "glpsol:cuts=1", "glpsol:mipgap=x.lp",
		// cbc: actions and string parameters (and their abbreviations).
		"cbc:export=x", "cbc:expo=x", "cbc:solu=x", "cbc:solution=x", "cbc:gsolu=x", "cbc:saveS=x",
		"cbc:saveSolution=x", "cbc:restoreS=x", "cbc:basisO=x", "cbc:basisOut=x", "cbc:basisI=x",
		"cbc:directory=/tmp", "cbc:import=x", "cbc:prio=x", "cbc:priorityIn=x", "cbc:mips=x",
		"cbc:printM=x", "cbc:para=x", "cbc:stat", "cbc:guess", "cbc:solve", "cbc:end", "cbc:stdin",
		"cbc:fooo=1", "cbc:ratio", "cbc:ratio=-solu", "cbc:ratio=/tmp/x", "cbc:preprocess=save",
		"cbc:preprocess=stopaftersaving", "cbc:printi=csv", "cbc:keepN=off", "cbc:direction=max", "cbc:r=1",
		// highs: every option that names a file.
		"highs-cli:write_model_file=x", "highs-cli:solution_file=x", "highs-cli:log_file=x",
		"highs-cli:write_solution_to_file=true", "highs-cli:write_presolved_model_file=x",
		"highs-cli:write_presolved_model_to_file=true", "highs-cli:write_model_to_file=true",
		"highs-cli:write_iis_model_file=x", "highs-cli:write_basis_file=x", "highs-cli:read_basis_file=x",
		"highs-cli:read_solution_file=x", "highs-cli:mip_improving_solution_file=x",
		"highs-cli:mip_improving_solution_save=true", "highs-cli:write_matrix_image=true",
		"highs-cli:Write_Model_File=x", "highs-cli:options_file=x", "highs-cli:model_file=x",
		// highs: a thread count past --threads' range (HiGHS sets up
		// each thread's queue first: 1000000 aborted the binary).
		"highs-cli:threads=1000000", "highs-cli:threads=257", "highs-cli:THREADS=2147483647", "highs-cli:threads=-1",
	}
	for _, s := range refused {
		if o, err := ParseSolverOption(s); err == nil {
			t.Errorf("%s accepted as %+v", s, o)
		}
	}
	allowed := []string{
		"glpsol:mipgap=0.01", "glpsol:cuts", "glpsol:fpump", "glpsol:proxy", "glpsol:proxy=10", "glpsol:memlim=100",
		"glpsol:objbnd=-3", "glpsol:dfs",
		"cbc:ratio=0", "cbc:ratioGap=0.01", "cbc:ratio=0.1", "cbc:cuts=off", "cbc:cutsOnOff=on", "cbc:maxN=100",
		"cbc:preprocess=off", "cbc:randomC=5", "cbc:cutoff=-5", "cbc:log=0",
		"highs-cli:mip_rel_gap=0.001", "highs-cli:threads=1", "highs-cli:threads=256", "highs-cli:presolve=off",
		"highs-cli:mip_heuristic_effort=0.2",
	}
	for _, s := range allowed {
		if _, err := ParseSolverOption(s); err != nil {
			t.Errorf("%s refused: %v", s, err)
		}
	}
	_, err := ParseSolverOption("glpsol:wglp=/tmp/t77.yaml")
	if err == nil || !strings.Contains(err.Error(), "wglp") || !strings.Contains(err.Error(), "files itself") {
		t.Errorf("the message should name the option and say why: %v", err)
	}
}

// TestHighsCLINumericValues: a highs-cli option's number is read by the
// rule of every number polytile reads (highs.CheckOptionValue), because
// the highs binary reads it as the library does and wraps an integer
// silently (mip_max_nodes=4294967297 runs with 1). The old code passed
// every refused value here to the binary.
func TestHighsCLINumericValues(t *testing.T) {
	if highs.UnavailableReason() != "" {
		t.Skip(highs.UnavailableReason())
	}
	for _, s := range []string{"highs-cli:mip_max_nodes=4294967297", "highs-cli:mip_max_nodes=+5", "highs-cli:mip_heuristic_effort=+0.5", "highs-cli:mip_max_nodes=2147483648"} {
		if _, err := ParseSolverOption(s); err == nil || !strings.Contains(err.Error(), "want") {
			t.Errorf("%s: %v, want it refused naming what the value should be", s, err)
		}
	}
	for _, s := range []string{"highs-cli:mip_max_nodes=1000", "highs-cli:mip_heuristic_effort=0.3"} {
		if _, err := ParseSolverOption(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
}

// TestScheduleOptionAsFlag: a native spec's heuristic or schedule is read
// by native.CheckSchedule, as solve's --heuristic: the same values are
// accepted and a bad one gets the same reason. A pattern of valid
// schedules sent e=-1:f=2 and e=+3 to "unknown option" (solve: the level
// must be a whole number from 1 to 1048576).
func TestScheduleOptionAsFlag(t *testing.T) {
	for _, s := range []string{"f", "e", "s", "radial", "e=11:f=3", "e=-1:f=2", "e=+3", "e=3:f=3", "e=0", "e=1048577",
		"e=3:", "s=4:f=2", "e=3:x=1", "radial=3", "f=99999999999999999999", "e=03:f=2"} {
		want := native.CheckSchedule(s)
		_, got := NativeConfig("fila", []string{s})
		if (got == nil) != (want == nil) || got != nil && !strings.Contains(got.Error(), strings.TrimPrefix(want.Error(), "native: ")) {
			t.Errorf("fila:%s: %v; solve --heuristic says %v", s, got, want)
		}
	}
}

// TestExternalNumbersDecimal: a numeric value passed to cbc or glpsol
// follows polytile's rule for numbers (limits.ParseDecimal, finite): the
// old check (strconv.ParseFloat, and cbc's keyword pattern) passed nan,
// inf, hexadecimal floats, digit separators and a plus sign on to the
// solver, which read them its own way.
func TestExternalNumbersDecimal(t *testing.T) {
	for _, v := range []string{"nan", "NaN", "inf", "Infinity", "-inf", "0x1p3", "+5", "1_0", "1e400"} {
		for _, k := range []string{"glpsol:mipgap", "glpsol:objbnd", "cbc:ratioGap", "cbc:maxN"} {
			if o, err := ParseSolverOption(k + "=" + v); err == nil {
				t.Errorf("%s=%s accepted as %+v", k, v, o)
			}
		}
	}
	for _, s := range []string{"glpsol:mipgap=1e-3", "glpsol:objbnd=-1", "cbc:ratioGap=.01", "cbc:maxN=100", "cbc:cuts=on"} {
		if _, err := ParseSolverOption(s); err != nil {
			t.Errorf("%s refused: %v", s, err)
		}
	}
}

// TestHighsGapDecimal: the gap=G option of a highs backend reads its
// number by limits.ParseDecimal, as solve --mip-gap does; it took the
// hexadecimal float 0x1p-3 and the separator 1_0 (strconv.ParseFloat).
func TestHighsGapDecimal(t *testing.T) {
	r := NewRegistry()
	for _, v := range []string{"0x1p-3", "0X1P-3", "1_0", "nan", "+1", "1e400", "inf"} {
		if _, err := r.Parse("highs:gap=" + v); err == nil || !strings.Contains(err.Error(), "gap=G wants") {
			t.Errorf("highs:gap=%s: %v, want the gap's range", v, err)
		}
	}
	if _, err := r.Parse("highs:gap=1e-3"); err != nil {
		t.Errorf("highs:gap=1e-3: %v", err)
	}
}
