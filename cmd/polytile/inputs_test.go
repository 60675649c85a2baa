package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("board: 5x1\npieces:\n  I: \"##x##\"\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", bad}, "bad.yaml:3:"},
		{[]string{"info", filepath.Join(dir, "missing.yaml")}, "missing.yaml"},
		{[]string{"info"}, "needs PUZZLE"},
		{[]string{"info", bad, "--nope"}, "unknown flag"},
		{[]string{"render", example("pentomino-10x6.yaml"), "--format", "gif"}, "gif"},
		{[]string{"frobnicate"}, "unknown command"},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errs, c.want)
		}
	}
	code, _, errs := run(t, "", "info", "-")
	if code != 2 || !strings.Contains(errs, "empty") {
		t.Errorf("empty stdin: exit %d, %q", code, errs)
	}
}

// TestBOMAcceptedEverywhere: a text input that starts with a UTF-8 byte
// order mark reads like the same file without one, in every reader: a
// Knuth puzzle (file and stdin), a YAML puzzle, a solution file given to
// check, shard results given to merge. Before the fix a Knuth file with a
// BOM was refused ("illegal digit U+FEFF") while YAML with one was read, and
// check and merge refused theirs.
func TestBOMAcceptedEverywhere(t *testing.T) {
	dir := t.TempDir()
	const bom = "\xef\xbb\xbf"
	withBOM := func(src, name string) string {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, append([]byte(bom), data...), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, name := range []string{"pentomino-10x6.knuth", "pentomino-10x6.yaml"} {
		_, want, _ := run(t, "", "info", example(name), "--json")
		p := withBOM(example(name), name)
		code, got, errs := run(t, "", "info", p, "--json")
		if code != 0 || got != replaceFile(want, example(name), p) {
			t.Errorf("%s with a BOM: exit %d: %s", name, code, errs)
		}
		data, _ := os.ReadFile(p)
		format := "yaml"
		if filepath.Ext(name) == ".knuth" {
			format = "knuth"
		}
		if code, _, errs := run(t, string(data), "info", "-", "--from", format); code != 0 {
			t.Errorf("%s with a BOM on stdin: exit %d: %s", name, code, errs)
		}
	}

	// check: an MST start file (the native optimum of tetris-7x7, 48 cells).
	file := example("tetris-7x7.yaml")
	mst := filepath.Join(dir, "t.mst")
	if code, _, errs := run(t, "", "export", file, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", mst, "-q"); code != 0 {
		t.Fatalf("export --start: exit %d: %s", code, errs)
	}
	code, rep, errs := checkJSON(t, file, withBOM(mst, "bom.mst"), "--max-coverage")
	if code != 0 || rep.Coverage != 48 {
		t.Errorf("check of a solution with a BOM: exit %d, coverage %d: %s", code, rep.Coverage, errs)
	}

	// merge: two shard results, each with a BOM.
	shards := filepath.Join(dir, "shards")
	os.Mkdir(shards, 0o755)
	countShards(t, shards, example("pentomino-10x6.yaml"), 2)
	for _, s := range []string{"shard-0.json", "shard-1.json"} {
		p := filepath.Join(shards, s)
		withBOM(p, s)
		os.Rename(filepath.Join(dir, s), p)
	}
	if code, mrep, errs := mergeJSON(t, shards); code != 0 || mrep.All != 9356 {
		t.Errorf("merge of shard results with a BOM: exit %d, %+v: %s", code, mrep, errs)
	}
}

// replaceFile puts the file name b where a was in a JSON report.
func replaceFile(s, a, b string) string {
	return strings.ReplaceAll(s, `"file": "`+a+`"`, `"file": "`+b+`"`)
}

// A BurrTools file is read by its extension or by --from, from a file or
// stdin; a bad problem choice is a usage error (exit 2) naming the file.
func TestBurrToolsInput(t *testing.T) {
	code, out, errs := run(t, "", "solve", example("soma.xmpuzzle"), "--count", "--unique")
	if code != 0 || !strings.Contains(out, "solutions   11520 (240 unique under a symmetry group of order 48)") {
		t.Errorf("solve soma.xmpuzzle: exit %d\n%s%s", code, out, errs)
	}
	data, err := os.ReadFile(example("soma.xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs = run(t, string(data), "info", "-", "--from", "burrtools:1")
	if code != 0 || !strings.Contains(out, "pieces          7, 27 cells (areas match)") {
		t.Errorf("info - --from burrtools:1: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs = run(t, "", "info", example("soma.xmpuzzle"), "--from", "burrtools:2")
	if code != 2 || !strings.Contains(errs, "soma.xmpuzzle:1:1: problem 2 asked for, but the file has 1") {
		t.Errorf("--from burrtools:2: exit %d, %s", code, errs)
	}
	code, _, errs = run(t, "", "info", example("soma.yaml"), "--from", "burrtools")
	if code != 2 || !strings.Contains(errs, "soma.yaml:1:1: no <puzzle> element") && !strings.Contains(errs, "invalid XML") {
		t.Errorf("a YAML file read as BurrTools: exit %d, %s", code, errs)
	}
}

// TestBadInputCatalogue feeds hand-written mistakes through the CLI: every
// entry must exit 2 with one precise message naming file:line:column.
// (puzzle/parse_errors_test.go has the parser-level catalogue, over a
// hundred cases; this one checks that the CLI passes them on intact.)
func TestBadInputCatalogue(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name, file, text, want string
	}{
		{"illegal character", "a.yaml", "board: 5x1\npieces:\n  I: \"##x##\"\n",
			"a.yaml:3:9: piece \"I\": unexpected character 'x' in ASCII art (use '#' for a cell, '.' or ' ' for empty)"},
		{"unknown key", "a.yaml", "board: 5x1\ncolour: red\npieces:\n  I: \"#####\"\n",
			"a.yaml:2:1: unknown key \"colour\" in the puzzle (allowed: name, grid, board, orientations, count, pieces, empty, constraints, symmetric)"},
		{"malformed YAML", "a.yaml", "board: [3x3\n", "a.yaml:2:1: invalid YAML: did not find expected ',' or ']'"},
		{"ragged art", "a.yaml", "board: 3x3\npieces:\n  L: \"#./##/#\"\n",
			"a.yaml:3:13: piece \"L\": ragged row: art row 3 has 1 character, expected 2 like row 1"},
		{"zero-cell piece", "a.yaml", "board: 3x3\npieces:\n  A: \"..\"\n", "a.yaml:3:6: piece \"A\" has no cells ('#')"},
		{"empty board art", "a.yaml", "board: |\n  ...\n  ...\npieces:\n  A: \"#\"\n", "a.yaml:1:8: the board has no cells ('#')"},
		{"duplicate piece", "a.yaml", "board: 3x3\npieces:\n  A: \"##\"\n  A: \"#\"\n",
			"a.yaml:4:3: duplicate piece \"A\" (first defined at"},
		{"count zero", "a.yaml", "board: 3x3\ncount: 0\npieces:\n  L: \"#./##\"\n",
			"a.yaml:2:8: count must be an integer >= 1 or unlimited, not 0"},
		{"bad orientations", "a.yaml", "board: 4x4\norientations: sideways\npieces:\n  A: \"##\"\n",
			"a.yaml:2:15: orientations must be fixed, rotate or free, not \"sideways\""},
		{"mixed 2D / 3D", "a.yaml", "board: 3x3\npieces:\n  A:\n    - \"##\"\n    - \"#.\"\n",
			"a.yaml:4:5: mixed 2D / 3D: piece \"A\" has 2 layers but the board is 2D"},
		{"beyond the cell limit", "a.yaml", "board: 2000x2000\ncount: unlimited\npieces:\n  D: \"##\"\n",
			"a.yaml:1:8: the board 2000x2000 has 4000000 cells; the limit is 1048576"},
		{"binary garbage", "a.yaml", "\x00\x01\x02garbage\xff", "a.yaml:1:1: control character U+0000 is not allowed; a puzzle file is text"},
		{"Knuth reversed range", "a.knuth", "[0-9][5-0]\n", "a.knuth:1:7: reversed range 5-0: the first digit must not exceed the second"},
	}
	for _, c := range cases {
		path := writeFile(t, dir, c.file, c.text)
		code, out, errs := run(t, "", "info", path)
		want := "polytile: " + filepath.Join(dir, c.want)
		if code != 2 || !strings.HasPrefix(errs, want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q\nwant exit 2 and one line starting %q", c.name, code, errs, want)
		}
	}
	code, _, errs := run(t, "", "info", "-")
	if code != 2 || errs != "polytile: <stdin>:1:1: empty input\n" {
		t.Errorf("empty stdin: exit %d, %q", code, errs)
	}
}

// TestOversizedFilesRefusedBeforeReading: a regular file over its reader's
// limit is refused from its size (fstat), not after reading up to the
// limit: a puzzle over 16 MiB, a shard result or checkpoint over 64 MB.
// The files are sparse; the test measures the bytes allocated by the
// refusal.
func TestOversizedFilesRefusedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64) string {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(size)
		f.Close()
		return path
	}
	puzzle := sparse("big.yaml", 17<<20)
	result := sparse("big.json", 65<<20)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"info", puzzle}, "larger than 16777216 bytes"},
		{[]string{"merge", result}, "no shard result among the files"},
		{[]string{"solve", example("pentomino-10x6.yaml"), "--count", "--checkpoint", result, "-q"}, "larger than 67108864 bytes"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code, _, errs := run(t, "", c.args...)
		runtime.ReadMemStats(&after)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %q; want 2 naming %q", c.args, code, errs, c.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("%v: %d MB allocated before the refusal; want it refused from its size", c.args, alloc>>20)
		}
	}
}

// TestOversizedStdinRefusedBeforeReading: stdin redirected from a regular
// file over its reader's limit ("polytile info - < big.yaml", a solution
// file given to check as "-") is refused from its size (fstat and the
// offset) too, not after reading up to the limit (16 MiB of puzzle, 256
// MiB of solution, read before). The files are sparse; the test measures
// the bytes allocated by the refusal.
func TestOversizedStdinRefusedBeforeReading(t *testing.T) {
	dir := t.TempDir()
	sparse := func(name string, size int64) *os.File {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Truncate(size)
		f.Close()
		f, err = os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	for _, c := range []struct {
		stdin *os.File
		args  []string
		want  string
	}{
		{sparse("big.yaml", 17<<20), []string{"info", "-"}, "larger than 16777216 bytes"},
		{sparse("big.sol", 257<<20), []string{"check", example("pentomino-10x6.yaml"), "-"}, "larger than 268435456 bytes"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var out, errb strings.Builder
		code := Main(c.args, c.stdin, &out, &errb)
		runtime.ReadMemStats(&after)
		if code != 2 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 naming %q", c.args, code, errb.String(), c.want)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 8<<20 {
			t.Errorf("%v: %d MB allocated before the refusal; want it refused from its size", c.args, alloc>>20)
		}
	}
}

// TestMissingFileNamedPlainly: a file that does not exist is named as
// "FILE: no such file or directory" by every command, without the system
// call. Before the fix check and merge said "stat FILE: ...": those three
// cases failed.
func TestMissingFileNamedPlainly(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "nofile")
	p := example("tetris-7x7.yaml")
	for _, args := range [][]string{
		{"check", p, missing},
		{"check", p, p, "--names", missing, "--solver", "glpk-raw"},
		{"merge", missing},
		{"info", missing},
	} {
		code, _, errs := run(t, "", args...)
		if code != exitUsage || !strings.Contains(errs, missing+": ") || strings.Contains(errs, "stat ") {
			t.Errorf("%v: exit %d, %q; want exit 2 naming %s without the system call", args, code, errs, missing)
		}
	}
}

// latticeYAML writes a board of side x side cells with a hole every step
// cells, and pieces big square pieces (piece x piece less a corner, each
// with one more cell to make the shapes differ) that fit nowhere: finding
// that out took the old image build minutes.
func latticeYAML(t *testing.T, side, step, piece, pieces int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("board: |\n")
	for i := range side {
		b.WriteString("  ")
		for j := range side {
			if i%step == 0 && j%step == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte('#')
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("pieces:\n")
	for k := range pieces {
		fmt.Fprintf(&b, "  P%d: |\n", k)
		for i := range piece {
			row := strings.Repeat("#", piece) + strings.Repeat(".", pieces)
			if i == 0 {
				row = row[:piece+k] + "#" + row[piece+k+1:]
			}
			if i == piece-1 {
				row = strings.Repeat("#", piece-1) + "." + strings.Repeat(".", pieces)
			}
			b.WriteString("    " + row + "\n")
		}
	}
	path := writeFile(t, t.TempDir(), "lattice.yaml", b.String())
	return path
}

// TestAliasBombRefused: a small file whose aliases expand to gigabytes is
// refused at once, in every command. The old parser read every alias again
// (minutes, hundreds of MB).
func TestAliasBombRefused(t *testing.T) {
	art := "#" + strings.Repeat(".", 1<<20) // one cell, 1 MiB of text
	var b strings.Builder
	fmt.Fprintf(&b, "board: 100x100\npieces:\n  A: &s \"%s\"\n", art)
	for k := range 4000 {
		fmt.Fprintf(&b, "  B%d: *s\n", k)
	}
	path := writeFile(t, t.TempDir(), "bomb.yaml", b.String())
	for _, cmd := range [][]string{{"info", path}, {"solve", path}, {"export", path, "--format", "lp"}} {
		code, _, errs, took := runWithin(t, 20*time.Second, cmd...)
		if code != exitUsage || !strings.Contains(errs, "aliases") || !strings.Contains(errs, "bomb.yaml:") {
			t.Errorf("polytile %s: exit %d, stderr %q; want exit 2 about the aliases", cmd[0], code, errs)
		}
		if took > 2*time.Second {
			t.Errorf("polytile %s took %v", cmd[0], took)
		}
	}
}

// TestControlCharactersRefused: names with terminal escapes, bidirectional
// overrides or other controls, written raw or as YAML escapes, are refused
// (exit 2, file:line) by every command that prints them, and nothing
// unsafe reaches the output. The escapes used to reach the terminal.
func TestControlCharactersRefused(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"esc.yaml":     "name: \"x\\e[31m\"\nboard: 2x1\npieces:\n  D: \"##\"\n",
		"nul.yaml":     "name: \"x\\0y\"\nboard: 2x1\npieces:\n  D: \"##\"\n",
		"c1.yaml":      "name: \"x\\x9b31m\"\nboard: 2x1\npieces:\n  D: \"##\"\n",
		"del.yaml":     "board: 2x1\npieces:\n  \"D\\x7f\": \"##\"\n",
		"bidi.yaml":    "board: 2x1\npieces:\n  \"D\\u202e\": \"##\"\n",
		"rawbidi.yaml": "name: \"x\u202ey\"\nboard: 2x1\npieces:\n  D: \"##\"\n",
		"newline.yaml": "name: \"two\\nlines\"\nboard: 2x1\npieces:\n  D: \"##\"\n",
		"bidi.knuth":   "[0-1]0\nD\u2067 00 10\n",
	}
	for name, text := range files {
		path := writeFile(t, dir, name, text)
		for _, cmd := range [][]string{{"info", path}, {"solve", path}, {"compare", path}, {"render", path}} {
			code, out, errs, _ := runWithin(t, 20*time.Second, cmd...)
			if code != exitUsage || !regexp.MustCompile(regexp.QuoteMeta(name)+`:\d+:\d+: `).MatchString(errs) {
				t.Errorf("%s %s: exit %d, stderr %q; want exit 2 with file:line:col", cmd[0], name, code, errs)
			}
			if i := strings.IndexFunc(out+errs, func(r rune) bool {
				return r < 0x20 && r != '\n' || r >= 0x7f && r < 0xa0 || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
			}); i >= 0 {
				t.Errorf("%s %s: unsafe character in the output %q", cmd[0], name, out+errs)
			}
		}
	}
}
