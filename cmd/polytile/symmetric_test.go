package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/polytile/polytile/compare"
)

// TestCompareSymmetric runs compare on the two examples with the
// symmetric key: the native solvers count, HiGHS enumerates with no-good
// cuts, CBC and GLPK solve the LP export, and every backend must agree
// (every tiling found is verified, its symmetry included).
func TestCompareSymmetric(t *testing.T) {
	for _, c := range []struct{ file, backends, answer string }{
		{"tetrominoes-8x5-double-r180.yaml", "dlx fila highs cbc glpsol", "26 solutions (13 unique)"},
		{"squares-8x6-symmetric.yaml", "dlx fila cbc glpsol", "106 solutions (106 unique)"},
	} {
		code, out, errs := run(t, "", "compare", filepath.Join("..", "..", "examples", c.file), "--task", "count", "-b", c.backends, "--format", "json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s\n%s", c.file, code, errs, out)
		}
		tab := compareJSON(t, out).Tables[0]
		if tab.Answer != c.answer || !tab.Agree {
			t.Errorf("%s: answer %q: %+v", c.file, tab.Answer, tab)
		}
		for _, r := range tab.Rows {
			if r.Status != compare.OK {
				t.Errorf("%s: %s: %s %s", c.file, r.Backend, r.Status, r.Reason)
			}
		}
	}
}

// TestCompareSymmetricSquare: on a square board a mirror's symmetric
// solutions are not closed under the quarter turn (it maps them onto the
// other mirror's), so HiGHS's enumeration, which cuts a tiling's whole
// orbit under the board's group, must count only its symmetric images.
// It counted all of them before: 18 instead of 12 here.
func TestCompareSymmetricSquare(t *testing.T) {
	file := writeFile(t, t.TempDir(), "mv.yaml", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: mirror-vertical\n")
	code, out, errs := run(t, "", "compare", file, "--task", "count", "-b", "dlx highs", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	if !tab.Agree || tab.Answer != "12 solutions (6 unique)" {
		t.Errorf("answer %q: %+v", tab.Answer, tab)
	}
}

// TestSymmetricBadInput: every wrong use of the symmetric key, and every
// flag that does not go with it, exits 2 with a message naming the
// problem (and the file position for the key), never a panic.
func TestSymmetricBadInput(t *testing.T) {
	dir := t.TempDir()
	base := "board: 4x4\ncount: unlimited\npieces: {D: '##'}\n"
	cases := []struct {
		name, yaml string
		args       []string
		want       string
	}{
		{"unknown", base + "symmetric: rotate45\n", nil, "4:12: symmetric: unknown symmetry \"rotate45\""},
		{"empty-list", base + "symmetric: []\n", nil, "4:12: symmetric: an empty list"},
		{"mapping", base + "symmetric: {a: b}\n", nil, "4:12: symmetric must be one of"},
		{"null", base + "symmetric:\n", nil, "symmetric must be one of"},
		{"twice", base + "symmetric: [rotate180, rotate180]\n", nil, "4:1: symmetric: rotate180 is named twice"},
		{"board", "board: 4x2\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate90\n", nil,
			"4:1: symmetric: the board has no symmetry rotate90 (it has: rotate180, mirror-vertical, mirror-horizontal)"},
		{"pieces", "board: 4x4\norientations: rotate\ncount: unlimited\npieces: {L: '#./#./##'}\nsymmetric: mirror-vertical\n", nil,
			"5:1: symmetric: the board has the symmetry mirror-vertical but the pieces do not: the image of piece \"L\""},
		{"constraint", base + "constraints: {D: {region: '##../..../..../....'}}\nsymmetric: rotate180\n", nil,
			"but the pieces do not: a placement constraint"},
		{"3d", "board: 2x2x2\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n", nil, "symmetric: applies to 2D boards only"},
		{"hex", "grid: hex\nboard: \"# # #/ # # #\"\ncount: unlimited\npieces: {D: '# #'}\nsymmetric: rotate180\n", nil, "symmetric: applies to the square grid only (this board is on the hex grid)"},
		{"maxcov", base + "symmetric: rotate180\n", []string{"solve", "--max-coverage"}, "maximum coverage of symmetric solutions"},
		{"redundancy", base + "symmetric: rotate180\n", []string{"solve", "--count", "--redundancy", "D"}, "--redundancy D: the symmetric key's orbit problem is searched without the redundancy filter"},
		{"shard", base + "symmetric: rotate180\n", []string{"solve", "--count", "--shard", "0/2"}, "--shard 0/2: the symmetric key's orbit problem is searched serially, in one part"},
		{"checkpoint", base + "symmetric: rotate180\n", []string{"solve", "--count", "--checkpoint", filepath.Join(dir, "ck")}, "--checkpoint: the symmetric key's orbit problem is searched serially"},
		{"dlx1", base + "symmetric: rotate180\n", []string{"export", "--format", "dlx", "--dialect", "dlx1"}, "dlx3 syntax only"},
		{"dlx-maxcov", base + "symmetric: rotate180\n", []string{"export", "--format", "dlx", "--max-coverage"}, "not written for a puzzle with symmetric"},
		{"pin", base + "symmetric: rotate180\n", []string{"export", "--format", "lp", "--symmetry", "pin"}, "symmetry rows (pin / hole) do not apply"},
	}
	for _, c := range cases {
		file := writeFile(t, dir, c.name+".yaml", c.yaml)
		args := c.args
		if args == nil {
			args = []string{"info"}
		}
		args = append([]string{args[0], file}, args[1:]...)
		code, out, errs := run(t, "", args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "panic") {
			t.Errorf("%s: exit %d, want 2 and %q:\n%s%s", c.name, code, c.want, errs, out)
		}
	}
}

// TestSymmetricIdleFlags: the symmetric key's search is one serial DLX on
// the orbit problem with the S heuristic, so -j, --nof, --volume,
// --heuristic and --fila-at do nothing there whatever their values, nor
// does a --redundancy that names a piece. They
// used to be accepted without a word (the backend line alone said they
// do not apply); solve now refuses them as it refuses every flag that
// does not apply (exit 2, naming the flag and why), and compare refuses
// the matching options in --backends and skips them in its default list.
func TestSymmetricIdleFlags(t *testing.T) {
	ex := example("tetrominoes-8x5-double-r180.yaml")
	unl := writeFile(t, t.TempDir(), "unl.yaml", "board: 4x4\ncount: unlimited\npieces: {D: '##'}\nsymmetric: rotate180\n")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{ex, "--count", "-j", "2"}, "--jobs"},
		{[]string{ex, "--count", "-j", "1"}, "--jobs"},
		{[]string{ex, "--count", "--unique", "--backend", "dlx", "--jobs=2"}, "--jobs"},
		{[]string{ex, "--nof"}, "--nof"},
		{[]string{ex, "--count", "--nof=false"}, "--nof"},
		{[]string{ex, "--count", "--volume"}, "--volume"},
		{[]string{ex, "--limit", "3", "--volume=0"}, "--volume"},
		{[]string{ex, "--count", "--heuristic", "e"}, "--heuristic"},
		{[]string{ex, "--count", "--heuristic", "s", "--backend", "dlx"}, "--heuristic"},
		{[]string{ex, "--count", "--fila-at", "3"}, "--fila-at"},
		{[]string{unl, "--count", "--heuristic", "e=5:f=2"}, "--heuristic"},
		{[]string{unl, "--count", "-j", "2"}, "--jobs"},
		{[]string{ex, "--count", "--redundancy", "I"}, "--redundancy I"},
	} {
		code, out, errs := run(t, "", append([]string{"solve"}, c.args...)...)
		if code != 2 || !strings.HasPrefix(errs, "polytile: "+c.flag) || !strings.Contains(errs, "symmetric key's orbit problem") || out != "" {
			t.Errorf("solve %v: exit %d, stderr %q, stdout %.80q; want exit 2 naming %s", c.args, code, errs, out, c.flag)
		}
	}
	// An empty value given is shown as one, not as a bare flag.
	if code, _, errs := run(t, "", "solve", ex, "--count", "--heuristic="); code != 2 || !strings.HasPrefix(errs, `polytile: --heuristic "": `) {
		t.Errorf("solve --heuristic=: exit %d, stderr %q; want exit 2 naming --heuristic \"\"", code, errs)
	}
	// What does apply is accepted: the backend, listing, counting,
	// --unique, --stats, --redundancy none.
	for _, args := range [][]string{
		{ex, "--count", "--unique", "--stats", "--backend", "dlx", "-q"},
		{ex, "--count", "--redundancy", "none", "-q"},
		{ex, "--count", "--unique", "--redundancy", "auto", "-q"},
		{ex, "--limit", "3", "--backend", "fila", "-q"},
	} {
		if code, _, errs := run(t, "", append([]string{"solve"}, args...)...); code != 0 {
			t.Errorf("solve %v: exit %d: %s", args, code, errs)
		}
	}
	// compare: the same options in --backends are refused before anything
	// runs; in the default list their rows are skipped with the reason.
	// The option is named as the spec spells it (j=2, vol=0 and nof
	// included), not by the schedule or by nothing.
	for _, b := range []string{"fila:nof", "fila:j=2", "fila:e", "fila:vol", "fila:at=3", "fila:j=1", "fila:vol=0", "dlx:j=2", "fila:e=11:f=3", "fila:f,nof", "fila:j=2,nof", "dlx:s", "dlx:r=I", "native:r=T"} {
		code, _, errs := run(t, "", "compare", ex, "--task", "count", "-b", "dlx "+b)
		_, opts, _ := strings.Cut(b, ":")
		first, _, _ := strings.Cut(opts, ",")
		if b == "fila:j=2,nof" {
			first = "nof" // the first idle setting in the order of their bits
		}
		if code != 2 || !strings.Contains(errs, "--backends "+b) || !strings.Contains(errs, "symmetric key's orbit problem") ||
			!strings.Contains(errs, ": "+first+": the symmetric") || !strings.Contains(errs, "leave "+first+" out") {
			t.Errorf("compare -b %q: exit %d: %s; want %s named", b, code, errs, first)
		}
	}
	// r=auto and r=none pin nothing: they run, exit 0.
	if code, out, errs := run(t, "", "compare", ex, "--task", "count", "-b", "dlx:r=auto,dlx:r=none"); code != 0 {
		t.Errorf("compare r=auto, r=none: exit %d: %s%s", code, errs, out)
	}
	code, out, errs := run(t, "", "compare", ex, "--task", "count", "--format", "json", "--time-limit", "30s")
	if code != 0 {
		t.Fatalf("compare: exit %d: %s\n%s", code, errs, out)
	}
	tab := compareJSON(t, out).Tables[0]
	var skipped int
	for _, r := range tab.Rows {
		if strings.HasPrefix(r.Backend, "fila:") {
			skipped++
			if r.Status != compare.Skipped || !strings.Contains(r.Reason, "symmetric key's orbit problem") {
				t.Errorf("compare %s: %s %q; want skipped with the reason", r.Backend, r.Status, r.Reason)
			}
		}
	}
	if skipped == 0 || tab.Answer != "26 solutions (13 unique)" || !tab.Agree {
		t.Errorf("compare: %d fila rows, answer %q, agree %v", skipped, tab.Answer, tab.Agree)
	}
}

// TestSymmetricSolveAndExport: solve names the orbit problem, every
// solution verifies, and the DLX export is the orbit matrix.
func TestSymmetricSolveAndExport(t *testing.T) {
	ex := filepath.Join("..", "..", "examples", "tetrominoes-8x5-double-r180.yaml")
	code, out, errs := run(t, "", "solve", ex, "--count", "--unique")
	if code != 0 || !strings.Contains(out, "solutions   26 (13 unique") || !strings.Contains(out, "DLX on the orbit problem") {
		t.Errorf("exit %d: %s%s", code, out, errs)
	}
	code, out, errs = run(t, "", "solve", ex, "--backend", "highs")
	if code != 0 || !strings.Contains(out, "solutions   1") {
		t.Errorf("highs: exit %d: %s%s", code, out, errs)
	}
	code, out, errs = run(t, "", "export", ex, "--format", "dlx")
	if code != 0 || !strings.Contains(out, "| polytile exact cover of the symmetric solutions") {
		t.Errorf("dlx: exit %d: %s%s", code, out[:min(len(out), 500)], errs)
	}
}

// TestCheckSymmetric: a tiling from an external solver that is exact but
// not symmetric is refused by check (the mirror-symmetric version of the
// 8x5 example has no solution, so CBC's tiling of the plain puzzle cannot
// be symmetric); the same file verifies against the plain puzzle.
func TestCheckSymmetric(t *testing.T) {
	cbc, err := exec.LookPath("cbc")
	if err != nil {
		t.Skip("cbc not on PATH")
	}
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "tetrominoes-8x5-double-r180.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(dir, "plain.yaml")
	mirror := filepath.Join(dir, "mirror.yaml")
	os.WriteFile(plain, []byte(strings.Replace(string(src), "symmetric: rotate180", "", 1)), 0o644)
	os.WriteFile(mirror, []byte(strings.Replace(string(src), "symmetric: rotate180", "symmetric: mirror-vertical", 1)), 0o644)
	lp, sol := filepath.Join(dir, "p.lp"), filepath.Join(dir, "p.sol")
	if code, _, errs := run(t, "", "export", plain, "--format", "lp", "-o", lp); code != 0 {
		t.Fatal(errs)
	}
	if out, err := exec.Command(cbc, lp, "solve", "solu", sol).CombinedOutput(); err != nil {
		t.Fatalf("cbc: %v: %s", err, out)
	}
	if code, out, errs := run(t, "", "check", plain, sol, "--solver", "cbc"); code != 0 {
		t.Fatalf("plain: exit %d: %s%s", code, out, errs)
	}
	// The mirror puzzle's program has the symmetric key's rows: the
	// file's fingerprint is the plain program's (exit 2). Without its
	// fingerprint line the tiling is still checked, and refused.
	code, out, errs := run(t, "", "check", mirror, sol, "--solver", "cbc")
	if code != 2 || !strings.Contains(errs, "another program") {
		t.Errorf("mirror: exit %d: %s%s", code, out, errs)
	}
	data, err := os.ReadFile(sol)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if !strings.Contains(l, "polytile_fp_") {
			kept = append(kept, l)
		}
	}
	bare := writeFile(t, dir, "bare.sol", strings.Join(kept, ""))
	code, out, errs = run(t, "", "check", mirror, bare, "--solver", "cbc")
	if code != 1 || !strings.Contains(out, "not mapped onto a piece of the tiling by symmetric: mirror-vertical") {
		t.Errorf("mirror without the fingerprint: exit %d: %s%s", code, out, errs)
	}
}
