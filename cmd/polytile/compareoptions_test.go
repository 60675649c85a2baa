package main

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"
)

// TestCompareSolverOptions: options reach the external solver (its
// configuration shows them), and every unknown, malformed, reserved or
// inapplicable option is an error (exit 2) with the solver's own message.
func TestCompareSolverOptions(t *testing.T) {
	file := example("tetris-7x7.yaml")
	base := []string{"compare", file, "--task", "max-coverage", "--time-limit", "30s", "-q"}
	// Errors decided by polytile alone (no solver needed).
	for _, c := range []struct{ opt, backends, want string }{
		{"xpress:presolve=1", "native cbc", "unknown solver"},
		{"cbc", "native cbc", "SOLVER:KEY=VALUE"},
		{"cbc:sec=3", "native cbc", "compare sets sec"},
		{"glpsol:tmlim=3", "native glpsol", "compare sets tmlim"},
		{"highs-cli:time_limit=3", "native highs-cli", "compare sets time_limit"},
		{"cbc:ratio=a b", "native cbc", "one word"},
		{"glpsol:mipgap=0.1", "native cbc", "does not apply"},
		{"cbc:ratio=0.1", "native", "does not apply"},
		{"cbc:fooo=1", "native cbc", "not among the CBC parameters"},
		{"glpsol:no-such-option", "native glpsol", "not among the glpsol options"},
	} {
		code, _, errs := run(t, "", append(base, "-b", c.backends, "--solver-option", c.opt)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s with %s: exit %d, stderr %q, want exit 2 and %q", c.opt, c.backends, code, errs, c.want)
		}
	}
	// The solvers' own verdicts on unknown options and bad values.
	for _, c := range []struct{ bin, opt, backends, want string }{
		{"cbc", "cbc:ratio=abc", "native cbc", "illegal"},
		{"highs", "highs-cli:no_such_option=1", "native highs-cli", `Option "no_such_option" is unknown`},
		{"highs", "highs-cli:mip_rel_gap=x", "native highs-cli", `Cannot read value "x"`},
	} {
		if _, err := exec.LookPath(c.bin); err != nil {
			t.Logf("%s not on PATH: skipped", c.bin)
			continue
		}
		code, _, errs := run(t, "", append(base, "-b", c.backends, "--solver-option", c.opt)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stderr %q, want exit 2 and %q", c.opt, code, errs, c.want)
		}
	}
	if _, err := exec.LookPath("cbc"); err != nil {
		t.Skip("cbc not on PATH")
	}
	code, out, errs := run(t, "", append(base, "-b", "native cbc", "--solver-option", "cbc:ratio=0", "--format", "json")...)
	if code != 0 || !strings.Contains(out, "solver options ratio=0") {
		t.Errorf("a valid option: exit %d (%s), configuration does not show it:\n%s", code, errs, out)
	}
}

// TestCompareGapIsNoProof: a solver stopped at a gap tolerance found a
// tiling but proved nothing. compare showed CBC's "Optimal (within gap
// tolerance)" and HiGHS's "Optimal" under mip_rel_gap = 0.2 as "optimal
// yes" with the coverage as a made-up bound (92 on the T-tetromino 10x10,
// whose optimum is 96). highs-cli now runs with mip_rel_gap = 0 unless a
// gap is given, and a gap given is no proof.
func TestCompareGapIsNoProof(t *testing.T) {
	file := example("t-tetromino-10x10.yaml")
	for _, c := range []struct{ bin, backend, opt string }{
		{"cbc", "cbc:seed", "cbc:ratio=0.2"},
		{"highs", "highs-cli:seed", "highs-cli:mip_rel_gap=0.2"},
	} {
		if _, err := exec.LookPath(c.bin); err != nil {
			t.Logf("%s not on PATH: skipped", c.bin)
			continue
		}
		_, out, errs := run(t, "", "compare", file, "--task", "max-coverage", "--time-limit", "60s", "-q", "-b", "native "+c.backend, "--solver-option", c.opt, "--format", "json")
		var rep struct {
			Tables []struct {
				Rows []struct {
					Backend  string `json:"backend"`
					Status   string `json:"status"`
					Bound    *int   `json:"bound"`
					Complete bool   `json:"complete"`
				} `json:"rows"`
			} `json:"tables"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Tables) != 1 || len(rep.Tables[0].Rows) != 2 {
			t.Fatalf("%s: %v: %s %s", c.opt, err, out, errs)
		}
		for _, r := range rep.Tables[0].Rows {
			if r.Backend == c.backend && (r.Complete || r.Bound != nil && *r.Bound < 96) {
				t.Errorf("%s: %+v: a gap tolerance reported as a proof", c.opt, r)
			}
		}
	}
}
