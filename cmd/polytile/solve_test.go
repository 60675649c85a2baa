package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/solve"
)

func TestSolveFirstAndLimit(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("pentomino-20x3.yaml"))
	if code != 0 || !strings.Contains(out, "Pentominoes") {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	// --limit 3 with JSON lines: three solution lines and a summary, each valid JSON.
	code, out, _ = run(t, "", "solve", example("pentomino-12x5.yaml"), "--limit", "3", "--jsonl")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 4 {
		t.Fatalf("exit %d, %d lines: %s", code, len(lines), out)
	}
	for _, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Fatalf("not JSON: %s", l)
		}
	}
	// A gallery of 4 solutions in one SVG.
	svg := filepath.Join(t.TempDir(), "g.svg")
	if code, _, errs := run(t, "", "solve", example("pentomino-12x5.yaml"), "--limit", "4", "-o", svg); code != 0 {
		t.Fatalf("gallery: exit %d %s", code, errs)
	}
	b, _ := os.ReadFile(svg)
	if !bytes.Contains(b, []byte("#4")) {
		t.Errorf("gallery has no 4th caption")
	}
}

func TestSolveNoSolutionExitsOne(t *testing.T) {
	// 7x7 tetrominoes cannot be tiled exactly: 49 is not a multiple of 4.
	code, out, _ := run(t, "", "solve", example("tetris-7x7.yaml"), "--count", "--json")
	if code != 1 || !strings.Contains(out, `"solutions": 0`) {
		t.Fatalf("exit %d: %s", code, out)
	}
}

func TestSolveUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"solve", example("pentomino-10x6.yaml"), "--count", "--limit", "2"},
		{"solve", example("pentomino-10x6.yaml"), "--backend", "cplex"},
		{"solve", example("pentomino-10x6.yaml"), "--shard", "3/3"},
		{"solve", example("pentomino-10x6.yaml"), "--heuristic", "zz"},
		{"solve", example("pentomino-10x6.yaml"), "--redundancy", "Q", "--count"},
	} {
		if code, _, errs := run(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d (%s), want 2", args, code, errs)
		}
	}
}

// TestSolveDisconnectedPieces is issue 11 item 1 through the CLI: two
// pieces of two diagonal cells tile 2x2 in one way. solve's default (FILA
// with the volume filter once) said 0 solutions and exit 1; every native
// configuration must find the tiling, and the backend line says the volume
// filter waits for the piece that is not face-connected.
func TestSolveDisconnectedPieces(t *testing.T) {
	path := writeFile(t, t.TempDir(), "diag.yaml", "name: diagonals\nboard: 2x2\npieces:\n  A: \"#./.#\"\n  B: \"#./.#\"\n")
	for _, args := range [][]string{
		{},
		{"--volume=1"},
		{"--volume=0"},
		{"--backend", "dlx", "--volume"},
		{"--heuristic", "e"},
		{"--redundancy", "none"},
		{"-j", "2"},
	} {
		code, out, errs := run(t, "", append([]string{"solve", path, "--count", "--json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s%s", args, code, out, errs)
		}
		var o struct {
			Config    string
			Solutions int64
			Complete  bool
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil {
			t.Fatal(err)
		}
		if o.Solutions != 1 || !o.Complete {
			t.Errorf("%v: %+v, want 1 solution", args, o)
		}
		if strings.Contains(o.Config, "volume filter") && !strings.Contains(o.Config, "not face-connected: A") {
			t.Errorf("%v: config %q does not say the volume filter waits for A", args, o.Config)
		}
	}
}

// TestUnlimitedPieceLevelsRefused: with an unlimited piece the number of
// pieces left is unknown, so --fila-at N and a schedule's levels did
// nothing while the backend line showed them ("DLX until 3 pieces
// remain", "heuristic e=5:f=2", "volume filter while > 100 pieces
// remain"): the first two are refused, the volume filter is described as
// what runs.
func TestUnlimitedPieceLevelsRefused(t *testing.T) {
	file := filepath.Join(t.TempDir(), "xl.yaml")
	src := "board: 7x5\npieces:\n  X: \".#./###/.#.\"\n  L: {shape: \"#./##\", count: unlimited}\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--fila-at", "3"}, "leave --fila-at out"},
		{[]string{"--heuristic", "e=5:f=2"}, "give --heuristic e"},
	} {
		code, _, errs := run(t, "", append([]string{"solve", file, "--count"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 and %q", c.args, code, errs, c.want)
		}
	}
	code, out, errs := run(t, "", "solve", file, "--count", "--volume=100")
	if code != 0 || strings.Contains(out, "while > 100") || !strings.Contains(out, "after every placement") {
		t.Errorf("--volume=100: exit %d, %s %s", code, out, errs)
	}
}

// TestRedundancyOnDroppedPiece: an unlimited piece that fits nowhere is
// left out of an exact count (with a note); naming it for the redundancy
// filter said 'no piece named "X"', about a piece the file defines. The
// message now says why it is not there (exit 2, for solve and for
// compare's r=PIECE option). The board: 6 hexagons around a point, two
// bent trihexes V and an unlimited 7-hexagon bar X.
func TestRedundancyOnDroppedPiece(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "d.yaml")
	src := "grid: hex\nboard: \". # #/.# . #/. # #\"\npieces:\n  X:\n    shape: \"# # # # # # #\"\n    count: unlimited\n  V:\n    shape: \"# #/   #\"\n    count: 2\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", path, "--count", "--redundancy", "X"},
		{"compare", path, "--task", "count", "--backends", "fila:r=X"},
	} {
		code, out, errs := run(t, "", args...)
		if !strings.Contains(out+errs, `piece "X" fits nowhere in the board and was left out`) {
			t.Errorf("%v: exit %d, want the reason X is not there: %s%s", args, code, out, errs)
		}
		if args[0] == "solve" && code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestAnswerAfterInputChecks: a puzzle with a piece that fits nowhere is
// answered "no tiling" (exit 1) only once the input is checked: the
// puzzle (a symmetric key the board does not have), the backend and the
// flags that the puzzle makes wrong (-j, --shard on a symmetric puzzle, a
// --redundancy piece it does not have; export's dialect and symmetry rows,
// compare's backend options, a later file of compare; check's solution
// file, never opened) are refused with
// exit 2, as they are on the puzzle without that piece. Every one was
// exit 1 "no tiling".
// The --json answers of solve and check carry the puzzle's name and cells
// (they were "" and 0).
func TestAnswerAfterInputChecks(t *testing.T) {
	dir := t.TempDir()
	// P (10 cells) fits nowhere on the 6 cells of 3x2; the L-shaped board
	// of bad has no half-turn symmetry.
	const pieces = "pieces:\n  M: {shape: \"#\", count: 6}\n  P: \"#####/#####\"\n"
	plain := writeFile(t, dir, "plain.yaml", "name: plain\nboard: 3x2\n"+pieces)
	sym := writeFile(t, dir, "sym.yaml", "name: sym\nboard: 3x2\n"+pieces+"symmetric: rotate180\n")
	bad := writeFile(t, dir, "bad.yaml", "name: bad\nboard: |\n  ###\n  ##.\n"+pieces+"symmetric: rotate180\n")
	garbage := writeFile(t, dir, "garbage.sol", "garbage\n")
	cbc := writeFile(t, dir, "x.sol", "Optimal - objective value 0\n")
	cases := []struct {
		args []string
		code int
		want string // in stderr
	}{
		// check reads the solution file before the answer.
		{[]string{"check", plain, filepath.Join(dir, "missing.sol")}, 2, "missing.sol: no such file"},
		{[]string{"check", plain, garbage}, 2, "not a solution file polytile knows"},
		{[]string{"check", sym, cbc, "--symmetry", "pin"}, 2, "symmetry rows (pin / hole) do not apply"},
		{[]string{"check", plain, cbc}, 1, "no tiling"},
		{[]string{"solve", bad}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"export", bad, "--format", "dlx", "-o", filepath.Join(dir, "bad.dlx")}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"compare", bad, "--task", "count", "-b", "dlx"}, 2, "symmetric: the board has no symmetry rotate180"},
		{[]string{"solve", sym, "--count", "-j", "2"}, 2, "--jobs 2: the symmetric key's orbit problem"},
		{[]string{"solve", sym, "--count", "--shard", "0/2"}, 2, "--shard 0/2: the symmetric key's orbit problem"},
		{[]string{"solve", plain, "--backend", "foo"}, 2, `unknown backend "foo"`},
		{[]string{"solve", plain, "--count", "--redundancy", "NOPE"}, 2, `--redundancy: no piece named "NOPE"`},
		{[]string{"solve", plain, "--json", "--render", "svg"}, 2, "--json output and a picture cannot share stdout"},
		{[]string{"solve", plain, "--json", "--limit", "1000000"}, 2, "--json holds every tiling in one object"},
		{[]string{"export", sym, "--format", "dlx", "--dialect", "dlx1"}, 2, "written in dlx3 syntax only"},
		{[]string{"export", sym, "--format", "lp", "--symmetry", "pin"}, 2, "symmetry rows (pin / hole) do not apply"},
		{[]string{"export", plain, "--format", "bogus"}, 2, `unknown export format "bogus"`},
		{[]string{"compare", sym, "--task", "count", "-b", "dlx:j=2"}, 2, "j=2: the symmetric key's orbit problem"},
		{[]string{"compare", plain, "--task", "count", "-b", "dlx:r=NOPE"}, 2, `r=NOPE: no piece named "NOPE"`},
		// The first file's answer waits for the second file's check.
		{[]string{"compare", plain, bad, "--task", "count", "-b", "dlx"}, 2, "symmetric: the board has no symmetry rotate180"},
		// The answer stands where the input is right: P is the puzzle's.
		{[]string{"solve", plain, "--count", "--redundancy", "P"}, 1, `no tiling`},
		{[]string{"solve", sym, "--count"}, 1, `no tiling`},
		{[]string{"export", sym, "--format", "dlx"}, 1, `no tiling`},
		{[]string{"compare", plain, sym, "--task", "count", "-b", "dlx"}, 1, `no tiling`},
		{[]string{"compare", plain, "--task", "count", "-b", "dlx:r=P"}, 1, `no tiling`},
	}
	for _, c := range cases {
		code, _, errs := run(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.want)
		}
		if c.code == 2 && strings.Contains(errs, "records the count") {
			t.Errorf("%v: a refused shard said it records the count: %q", c.args, errs)
		}
		if strings.Contains(errs, "left out") {
			t.Errorf("%v: an exact command said a piece was left out: %q", c.args, errs)
		}
	}
	for _, args := range [][]string{{"solve", sym, "--count", "--json"}, {"check", sym, cbc, "--json"}} {
		code, out, errs := run(t, "", args...)
		var o struct {
			Puzzle string `json:"puzzle"`
			Cells  int    `json:"cells"`
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 1 || o.Puzzle != "sym" || o.Cells != 6 {
			t.Errorf("%v: exit %d, %+v (%v), stdout %q, stderr %q; want puzzle sym, 6 cells", args, code, o, err, out, errs)
		}
	}
}

// TestSolveOutputsCheckedBeforeReading: solve checks its outputs once,
// before the puzzle is read (they were checked there for stdout alone,
// then all of them again after the reading): an -o or --checkpoint that
// cannot be written is exit 2 even where the reading answers "no tiling"
// (it was exit 1, the output never checked).
func TestSolveOutputsCheckedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "u.yaml", "name: u\nboard: 3x2\npieces:\n  M: {shape: \"#\", count: 6}\n  P: \"#####/#####\"\n")
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"solve", path, "-o", filepath.Join(missing, "x.txt")}, "-o"},
		{[]string{"solve", path, "--json", "-o", filepath.Join(missing, "x.json")}, "-o"},
		{[]string{"solve", path, "--count", "--checkpoint", filepath.Join(missing, "ck")}, "--checkpoint"},
		{[]string{"solve", path, "--count", "--checkpoint", path}, "--checkpoint"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || !strings.HasPrefix(errs, "polytile: "+c.flag) || strings.Contains(errs, "no tiling") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 about %s", c.args, code, errs, c.flag)
		}
	}
}

// TestRedundancyCopiesBeforeAnswer: --redundancy naming a piece of
// several copies, or of an unlimited supply, is refused (exit 2) on a
// puzzle whose reading answers "no tiling" as on one with tilings, also
// for a --shard (which records the count 0 for merge otherwise). It was
// exit 1 "no tiling" (exit 0 for the shard): answeredFlags checked only
// that the piece exists. The piece that fits nowhere may still be named.
// The refusal says the piece cannot be pinned (issue 31: "constrained"
// read as the at/region placement constraints).
func TestRedundancyCopiesBeforeAnswer(t *testing.T) {
	dir := t.TempDir()
	const pieces = "  M: {shape: \"#\", count: 4}\n  U: {shape: \"#\", count: unlimited}\n  D: \"##\"\n"
	answered := writeFile(t, dir, "u.yaml", "name: u\nboard: 3x2\npieces:\n"+pieces+"  P: \"#####/#####\"\n")
	tiles := writeFile(t, dir, "t.yaml", "name: t\nboard: 3x2\npieces:\n"+pieces)
	for _, piece := range []string{"M", "U"} {
		for _, p := range []string{answered, tiles} {
			for _, extra := range [][]string{nil, {"--shard", "0/2"}} {
				args := append([]string{"solve", p, "--count", "--redundancy", piece}, extra...)
				code, _, errs := run(t, "", args...)
				if code != 2 || !strings.Contains(errs, "cannot be pinned") {
					t.Errorf("%v: exit %d, stderr %q; want exit 2, cannot be pinned", args, code, errs)
				}
			}
		}
	}
	for _, piece := range []string{"P", "D"} {
		code, _, errs := run(t, "", "solve", answered, "--count", "--redundancy", piece)
		if code != 1 || !strings.Contains(errs, "no tiling") {
			t.Errorf("--redundancy %s: exit %d, stderr %q; want exit 1, no tiling", piece, code, errs)
		}
	}
}

// TestPieceThatFitsNowhere: a piece that fits nowhere on the board is
// legal input with a known answer, not a usage error (it was exit 2 in
// every command). Exact: no tiling, exit 1, naming the piece; an
// unlimited one is left out and the count is the count without it (the
// 12 pentominoes in 10x6 plus an unlimited 11-cell bar: 9,356 / 2,339).
// Maximum coverage: the piece is left out with a note (two O tetrominoes
// fill 4x2 beside an I pentomino: 8 of 8, native and HiGHS).
func TestPieceThatFitsNowhere(t *testing.T) {
	dir := t.TempDir()
	big := writeFile(t, dir, "big.yaml", "name: big\nboard: 4x2\norientations: free\npieces:\n  I: \"#####\"\n  O: {shape: \"##/##\", count: 2}\n")
	for _, args := range [][]string{
		{"solve", big}, {"solve", big, "--count"}, {"export", big, "--format", "lp", "-o", filepath.Join(dir, "x.lp")},
		{"compare", big, "--backends", "native", "--task", "count"},
	} {
		code, _, errs := run(t, "", args...)
		if code != 1 || !strings.Contains(errs, `piece "I" fits nowhere in the board`) {
			t.Errorf("%v: exit %d, want 1 naming the piece: %s", args, code, errs)
		}
	}
	for _, backend := range []string{"fila", "dlx", "highs"} {
		code, out, errs := run(t, "", "solve", big, "--max-coverage", "--json", "--backend", backend)
		var o coverageJSON
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 0 || o.Coverage != 8 || !o.Optimal {
			t.Errorf("max-coverage (%s): exit %d, %+v, %v: %s", backend, code, o, err, errs)
		}
		if !strings.Contains(errs, `note: piece "I" fits nowhere in the board: left out`) {
			t.Errorf("max-coverage (%s): no note on stderr: %q", backend, errs)
		}
	}
	// compare --task auto: no exact tiling (the I must be placed), so the
	// maximum-coverage comparison, as for a puzzle whose areas differ
	// (exit 0, not "no tiling").
	if code, out, errs := run(t, "", "compare", big, "--backends", "native", "--format", "csv"); code != 0 || !strings.Contains(out, "big,max-coverage,native,ok,,,,8,8,true,") ||
		!strings.Contains(errs, `note: piece "I" fits nowhere in the board: left out`) {
		t.Errorf("compare (auto): exit %d: %s%s", code, out, errs)
	}
	if code, out, errs := run(t, "", "info", big); code != 0 || !strings.Contains(out, "fits nowhere    I") {
		t.Errorf("info: exit %d: %s%s", code, out, errs)
	}
	// No piece fits at all: exit 1 in the exact commands, the first piece
	// named where it is defined (YAML and Knuth). Maximum coverage and info
	// answer 0 cells (TestMaxCoverageWhenNoPieceFits).
	for _, c := range []struct{ file, text, want string }{
		{"a.yaml", "board: 3x3\npieces:\n  I: \"####\"\n", "a.yaml:3:3: piece \"I\" fits nowhere in the board"},
		{"b.yaml", "board: 3x3\npieces:\n  I: \"####\"\n  J: \"##/##/##/##\"\n", "b.yaml:3:3: piece \"I\" fits nowhere in the board, nor does the other piece, \"J\""},
		{"c.yaml", "board: 3x3\npieces:\n  I: \"####\"\n  J: \"##/##/##/##\"\n  K: \"#####\"\n", "c.yaml:3:3: piece \"I\" fits nowhere in the board, nor do the 2 other pieces"},
		{"a.knuth", "[0-9][0-5]\nX 1g 11 21 12 10\n", "a.knuth:2:1: piece \"X\" fits nowhere in the board"},
	} {
		path := writeFile(t, dir, c.file, c.text)
		for _, cmd := range [][]string{{"solve", path}, {"solve", path, "--count"}, {"export", path, "--format", "lp"}} {
			code, out, errs := run(t, "", cmd...)
			want := "polytile: no tiling: " + filepath.Join(dir, c.want)
			// exact: the first finite piece that fits nowhere ends it
			want, _, _ = strings.Cut(want, ", nor do")
			if code != 1 || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 || out != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q, want exit 1 and %q", cmd, code, out, errs, c.want)
			}
		}
		if code, out, errs := run(t, "", "info", path); code != 0 || !strings.Contains(out, "coverage bound  0 of ") || !strings.Contains(out, "fits nowhere    ") {
			t.Errorf("info %s: exit %d: %s%s", c.file, code, out, errs)
		}
		if code, out, errs := run(t, "", "info", path, "--json"); code != 0 || !strings.Contains(out, `"pieces": [],`) || !strings.Contains(out, `"coverage_bound": 0,`) {
			t.Errorf("info --json %s: exit %d: %s%s", c.file, code, out, errs)
		}
	}

	src, err := os.ReadFile(example("pentomino-10x6.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	bar := filepath.Join(dir, "bar.yaml")
	if err := os.WriteFile(bar, append(src, "  B: {shape: \"###########\", count: unlimited}\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "solve", bar, "--count", "--json")
	var res struct {
		Solutions, Unique int64
		Complete          bool
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || res.Solutions != 9356 || res.Unique != 2339 || !res.Complete {
		t.Errorf("10x6 with an unlimited bar that fits nowhere: exit %d, %+v, %v: %s", code, res, err, errs)
	}
}

// TestJSONWhenLoadAnswersNo: a puzzle with a piece that fits nowhere has
// no exact tiling, found while reading it (exit 1); solve --json, --jsonl
// and check --json printed no JSON object then, only the message on
// stderr. They now print the object (no solution, complete, the reason),
// still exit 1 with the message on stderr. A count's object has "unique": 0
// too, as the object of a search that finds nothing has.
func TestJSONWhenLoadAnswersNo(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "u.yaml", "name: u\nboard: 3x3\npieces:\n  I: \"#####\"\n  O: \"##/##\"\n")
	sol := writeFile(t, dir, "x.sol", "Optimal - objective value 0\n")
	for _, args := range [][]string{
		{"solve", path, "--json"},
		{"solve", path, "--jsonl", "--count"},
		{"solve", path, "--json", "--unique"},
		{"check", path, sol, "--json"},
	} {
		code, out, errs := run(t, "", args...)
		var o struct {
			Solutions *int64 `json:"solutions"`
			Unique    *int64 `json:"unique"`
			Complete  bool   `json:"complete"`
			Reason    string `json:"reason"`
			Verdict   string `json:"verdict"`
			Valid     bool   `json:"valid"`
			Optimal   bool   `json:"optimal"`
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil || code != 1 || !strings.Contains(errs, "fits nowhere") {
			t.Errorf("%v: exit %d, stdout %q (%v), stderr %q", args, code, out, err, errs)
			continue
		}
		// A count has its unique count (0) as a search's object has: a
		// reader of "unique" found none before.
		counted := slices.Contains(args, "--count") || slices.Contains(args, "--unique")
		if args[0] == "solve" && (o.Solutions == nil || *o.Solutions != 0 || !o.Complete || !strings.Contains(o.Reason, "fits nowhere") ||
			counted != (o.Unique != nil) || counted && *o.Unique != 0) ||
			args[0] == "check" && (o.Valid || o.Optimal || !strings.Contains(o.Verdict, "fits nowhere")) {
			t.Errorf("%v: %s", args, out)
		}
	}
}

// TestTriangleAtRoundTrip: on the triangle grid the corner of a placement
// (JSON "at", the `at` constraint) is an up-triangle position, so a piece
// whose leftmost triangle is a down triangle in column 0 has its corner in
// column -1. solve --json printed such a corner, but `at: [1, -1]` was
// refused ("a coordinate must be an integer from 0"): a placement polytile
// reports could not be pinned. Board ".##/###" (a down triangle at (1, 0))
// with a diamond A and a triamond B has 2 tilings by hand (A covers (1,0)
// and (1,1), or (0,1) and (0,2); its other two positions leave B's
// triangles apart); pinning each piece at each corner printed for it must
// keep its tiling, and A at [1, -1] leaves exactly 1.
func TestTriangleAtRoundTrip(t *testing.T) {
	dir := t.TempDir()
	const base = "name: corner\ngrid: triangle\nboard: |\n  .##\n  ###\npieces:\n  A: \"##\"\n  B: \".##/..#\"\n"
	path := writeFile(t, dir, "p.yaml", base)
	code, out, errs := run(t, "", "solve", path, "--limit", "10", "--json", "-q")
	var res struct {
		Tilings [][]struct {
			Piece string `json:"piece"`
			At    []int  `json:"at"`
		} `json:"tilings"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("solve: exit %d, %v: %s%s", code, err, out, errs)
	}
	if len(res.Tilings) != 2 {
		t.Fatalf("%d tilings, want 2 (by hand)", len(res.Tilings))
	}
	sawMinus := false
	for _, tl := range res.Tilings {
		for _, pl := range tl {
			sawMinus = sawMinus || pl.At[1] < 0
			pinned := filepath.Join(dir, "pinned.yaml")
			doc := base + fmt.Sprintf("constraints:\n  %s:\n    at: [%d, %d]\n", pl.Piece, pl.At[0], pl.At[1])
			if err := os.WriteFile(pinned, []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := run(t, "", "solve", pinned, "--count", "-q")
			if code != 0 || !strings.Contains(out, "solutions   1 ") {
				t.Errorf("%s at %v (printed by solve --json): exit %d, want 1 solution: %s%s", pl.Piece, pl.At, code, out, errs)
			}
		}
	}
	if !sawMinus {
		t.Error("no placement with its corner in column -1: the test no longer covers the case")
	}
	// The column may be -1 on the triangle grid only, and no less.
	for _, c := range []struct{ doc, want string }{
		{base + "constraints:\n  A:\n    at: [1, -2]\n", `not "-2"`},
		{"grid: hex\nboard: \"# #\"\npieces:\n  A: \"#\"\nconstraints:\n  A:\n    at: [0, -1]\n", `not "-1"`},
		{base + "constraints:\n  A:\n    at: [-1, -1]\n", `not "-1"`},
	} {
		if err := os.WriteFile(path, []byte(c.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, errs := run(t, "", "info", path); code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, want 2 with %s: %s", c.doc, code, c.want, errs)
		}
	}
}

func TestDeterministicFirstSolutions(t *testing.T) {
	var first string
	for range 3 {
		code, out, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--limit", "5", "--jsonl", "-j", "1")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		sols := out[:strings.LastIndex(strings.TrimSpace(out), "\n")] // drop the summary (it has the time)
		if first == "" {
			first = sols
		} else if sols != first {
			t.Fatalf("two runs gave different first solutions")
		}
	}
	counts := map[string]bool{}
	for _, j := range []string{"1", "2"} {
		_, out, _ := run(t, "", "solve", example("pentomino-12x5.yaml"), "--count", "--unique", "-j", j, "--json")
		var o struct{ Solutions, Unique int64 }
		json.Unmarshal([]byte(out), &o)
		counts[fmt.Sprint(o.Solutions, o.Unique)] = true
	}
	if len(counts) != 1 {
		t.Fatalf("-j 1 and -j 2 disagree: %v", counts)
	}
}

// TestExactCommandsAnswerProvenInfeasible: every exact command answers a
// puzzle whose colouring bound (info's coverage bound) proves that it has
// no exact tiling at once, with exit 1, "no tiling", the proof and the
// --max-coverage suggestion; a count of it is a complete 0, also over
// shards merged. The 35 hexominoes on 15x14 were searched without end
// (7.3 M nodes in 20 s, then "at least 0 found"), and the five
// tetrominoes on 5x4 answered "solutions 0" without the proof; the
// --time-limit here only bounds the test where the answer is not given
// at once.
func TestExactCommandsAnswerProvenInfeasible(t *testing.T) {
	hex, tetro := example("hexomino-15x14.yaml"), example("tetrominoes-5x4.yaml")
	for _, c := range []struct {
		args  []string
		bound string
	}{
		{[]string{"solve", hex}, "204 of 210"},
		{[]string{"solve", hex, "--count", "-j", "2"}, "204 of 210"},
		{[]string{"solve", hex, "--backend", "dlx", "--limit", "3"}, "204 of 210"},
		{[]string{"solve", hex, "--backend", "highs"}, "204 of 210"},
		{[]string{"solve", hex, "--count", "--backend", "frontier"}, "204 of 210"},
		{[]string{"solve", tetro}, "16 of 20"},
		{[]string{"solve", tetro, "--count", "--unique"}, "16 of 20"},
		{[]string{"compare", tetro, "--task", "count", "--backends", "native"}, "16 of 20"},
		{[]string{"compare", hex, "--task", "count", "--backends", "native"}, "204 of 210"},
	} {
		start := time.Now()
		code, out, errs := run(t, "", append(c.args, "--time-limit", "5s")...)
		took := time.Since(start)
		if code != 1 || !strings.Contains(errs, "no tiling: the coverage bound is "+c.bound+" cells (checkerboard bound") ||
			!strings.Contains(errs, "--max-coverage") {
			t.Errorf("%v: exit %d, want 1 with the proof: %s%s", c.args, code, out, errs)
		}
		if took > time.Second {
			t.Errorf("%v: answered in %v, want under a second", c.args, took)
		}
	}
	// A count's JSON: a complete 0, not a lower bound.
	code, out, errs := run(t, "", "solve", tetro, "--count", "--json", "--time-limit", "5s")
	var o struct {
		Solutions  *int64 `json:"solutions"`
		Complete   bool   `json:"complete"`
		LowerBound bool   `json:"lower_bound"`
		Reason     string `json:"reason"`
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil || code != 1 || o.Solutions == nil || *o.Solutions != 0 ||
		!o.Complete || o.LowerBound || !strings.Contains(o.Reason, "16 of 20") {
		t.Errorf("--count --json: exit %d, %+v, %v: %s%s", code, o, err, out, errs)
	}
	// Shards each record their part, a complete 0, and merge adds them
	// up to the puzzle's count, 0: exit 1 as solve --count.
	dir := t.TempDir()
	for i := range 3 {
		start := time.Now()
		res := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		code, out, errs := run(t, "", "solve", hex, "--count", "--shard", fmt.Sprintf("%d/3", i), "--json", "-o", res, "--time-limit", "5s")
		if code != 0 || !strings.Contains(errs, "coverage bound is 204 of 210") || time.Since(start) > time.Second {
			t.Errorf("shard %d/3: exit %d in %v: %s%s", i, code, time.Since(start), out, errs)
		}
	}
	code, rep, errs := mergeJSON(t, "--puzzle", hex, dir)
	if code != 1 || !rep.Complete || rep.All != 0 {
		t.Errorf("merge: exit %d, %+v: %s", code, rep, errs)
	}
	// Maximum coverage still searches the puzzle.
	if code, out, errs := run(t, "", "solve", tetro, "--max-coverage"); code != 0 || !strings.Contains(out, "16 of 20 cells, optimal") {
		t.Errorf("--max-coverage: exit %d: %s%s", code, out, errs)
	}
}

// TestSolveJobsWithoutCount: -j N (N > 1) on the search for one solution
// is refused (exit 2) naming --jobs, as every flag that does nothing is;
// it ran serially without a word. -j 1 and -j N with --count, --unique
// or --limit are accepted.
func TestSolveJobsWithoutCount(t *testing.T) {
	p := example("pentomino-20x3.yaml")
	for _, args := range [][]string{{"-j", "2"}, {"--jobs=3", "--backend", "dlx"}, {"-j", "2", "--json"}} {
		code, out, errs := run(t, "", append([]string{"solve", p}, args...)...)
		if code != exitUsage || !strings.Contains(errs, "--jobs") || !strings.Contains(errs, "--count") || out != "" {
			t.Errorf("%v: exit %d, %q%q; want 2 naming --jobs", args, code, out, errs)
		}
	}
	for _, args := range [][]string{{"-j", "1"}, {"-j", "2", "--count"}, {"-j", "2", "--unique"}, {"-j", "2", "--limit", "2"}} {
		if code, out, errs := run(t, "", append([]string{"solve", p, "-q"}, args...)...); code != 0 {
			t.Errorf("%v: exit %d: %s%s", args, code, out, errs)
		}
	}
}

// TestSymmetricKeyCheckedAgainstPlaceablePieces: a `symmetric` key is
// checked against the pieces that fit somewhere on the board
// (docs/formats.md#symmetric-solutions). A chiral piece of a one-sided set
// without its mirror twin refuses the key (exit 2) when it fits; when it
// fits nowhere it is left out first, so the exact commands answer "no
// tiling" (exit 1) and info goes on without it (exit 0).
func TestSymmetricKeyCheckedAgainstPlaceablePieces(t *testing.T) {
	dir := t.TempDir()
	const head = "name: s\nboard: 4x4\norientations: rotate\nsymmetric: mirror-vertical\npieces:\n"
	fits := writeFile(t, dir, "fits.yaml", head+"  O: {shape: \"##/##\", count: 3}\n  X: {shape: \"#.../####\", count: 1}\n")
	nowhere := writeFile(t, dir, "nowhere.yaml", head+"  O: {shape: \"##/##\", count: 4}\n  X: {shape: \"#..../#####\", count: 1}\n")
	for _, args := range [][]string{{"solve"}, {"solve", "--count"}, {"export", "--format", "lp"}, {"info"}} {
		code, _, errs := run(t, "", append(args, fits)...)
		if code != 2 || !strings.Contains(errs, "the pieces do not") {
			t.Errorf("%v on a fitting piece without its twin: exit %d, %q; want exit 2, the key refused", args, code, errs)
		}
		want := 1
		if args[0] == "info" {
			want = 0
		}
		code, _, errs = run(t, "", append(args, nowhere)...)
		if code != want || !strings.Contains(errs, "fits nowhere") || strings.Contains(errs, "the pieces do not") {
			t.Errorf("%v on a piece without its twin that fits nowhere: exit %d, %q; want exit %d, the piece left out", args, code, errs, want)
		}
	}
}

// TestSolveSettingRefusals: each refusal of solve's settings rules
// (solve.CheckBackend, solve.NativeConfig) is exit 2 with the message
// naming its flags, and every refusal has a message. HiGHS's count is
// refused by the flag rules first (--count applies to the native
// searches).
func TestSolveSettingRefusals(t *testing.T) {
	for r := solve.FrontierQuestion; r <= solve.SymmetricCheckpoint; r++ {
		if settingMessages[r] == "" {
			t.Errorf("refusal %d has no message", r)
		}
	}
	pz, sym := example("pentomino-12x5.yaml"), example("squares-8x6-symmetric.yaml")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", pz, "--backend", "frontier"}, "the frontier backend counts (--count, --unique) or finds the maximum coverage (--max-coverage); it lists no tilings: use --backend fila to find one"},
		{[]string{"solve", pz, "--backend", "frontier", "--count", "--jsonl"}, "the frontier backend lists no tilings (--limit, --jsonl): use --backend fila"},
		{[]string{"solve", pz, "--backend", "frontier", "--count", "--stats"}, "--stats reports the native search's attempts and fits: the frontier backend has none"},
		{[]string{"solve", pz, "--backend", "frontier", "--count", "--render", "ascii"}, "the frontier backend finds no tiling to draw: leave out --render and -o (or write --json to -o FILE.json)"},
		{[]string{"solve", sym, "--count", "--shard", "1/4"}, "--shard 1/4: the symmetric key's orbit problem is searched serially, in one part; leave --shard out"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || errs != "polytile: "+c.want+"\n" {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errs, c.want)
		}
	}
}
