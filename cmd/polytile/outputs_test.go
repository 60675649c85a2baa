package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestOutputIsInputRefused: -o (or --chart, --update) naming the input
// puzzle, directly or through a symbolic or hard link, is refused with exit
// 2 and the puzzle is left intact; it used to be overwritten.
func TestOutputIsInputRefused(t *testing.T) {
	dir := t.TempDir()
	in := copyExample(t, dir, "pentomino-10x6.yaml")
	copyExample(t, dir, "pentomino-12x5.yaml")
	orig, _ := os.ReadFile(in)
	os.Symlink("pentomino-10x6.yaml", filepath.Join(dir, "link.yaml"))
	os.Link(in, filepath.Join(dir, "hard.yaml"))
	for _, out := range []string{in, filepath.Join(dir, "link.yaml"), filepath.Join(dir, "hard.yaml")} {
		for _, args := range [][]string{
			{"solve", in, "--render", "ascii", "-o", out},
			{"solve", in, "--limit", "3", "--render", "ascii", "-o", out},
			{"render", in, "--format", "ascii", "-o", out},
			{"export", in, "--format", "lp", "-o", out},
			{"compare", in, "--backends", "dlx", "-o", out},
			{"compare", dir, "--backends", "dlx", "--chart", out + ".svg", "-o", out},
			{"compare", in, "--backends", "dlx", "--update", out},
			{"bench", "--examples", dir, "-o", out},
			{"bench", "--examples", dir, "--update", out},
		} {
			code, stdout, errs := run(t, "", args...)
			if code != 2 || !strings.Contains(errs, "overwrite") || stdout != "" {
				t.Errorf("%v: exit %d, stderr %q; want 2 and a refusal before any work", args, code, errs)
			}
			if b, _ := os.ReadFile(in); !bytes.Equal(b, orig) {
				t.Fatalf("%v overwrote the puzzle", args)
			}
		}
	}
	// Two outputs naming one file.
	code, _, errs := run(t, "", "compare", in, "--backends", "dlx", "-o", filepath.Join(dir, "r.svg"), "--chart", filepath.Join(dir, "r.svg"))
	if code != 2 || !strings.Contains(errs, "same file") {
		t.Errorf("-o and --chart the same: exit %d, %q", code, errs)
	}
}

// TestLongOutputName: a 250-byte file name works (the temporary name used
// to be built from it and exceed NAME_MAX).
func TestLongOutputName(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, strings.Repeat("p", 246)+".svg")
	for _, args := range [][]string{
		{"solve", example("pentomino-10x6.yaml"), "-o", out},
		{"render", example("pentomino-10x6.yaml"), "-o", out},
	} {
		if code, _, errs := run(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args[0], code, errs)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 || ents[0].Name() != filepath.Base(out) {
			t.Fatalf("%v: directory holds %v", args[0], ents)
		}
	}
}

// TestOutputToDeviceAndFIFO: as root, `export -o /dev/null` replaced the
// device with a regular file. A device node (1:3, /dev/null's) made in the
// test directory must stay a device, and a FIFO gets the export through a
// reader.
func TestOutputToDeviceAndFIFO(t *testing.T) {
	dir := t.TempDir()
	if os.Geteuid() == 0 {
		null := filepath.Join(dir, "null")
		if err := syscall.Mknod(null, syscall.S_IFCHR|0o666, 1<<8|3); err == nil {
			if code, _, errs := run(t, "", "export", example("tetris-7x7.yaml"), "--format", "lp", "-o", null); code != 0 {
				t.Fatalf("export to a null device: exit %d: %s", code, errs)
			}
			if st, _ := os.Lstat(null); st.Mode()&fs.ModeCharDevice == 0 {
				t.Fatalf("the device became %v", st.Mode())
			}
		}
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan []byte, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- b
	}()
	if code, _, errs := run(t, "", "export", example("tetris-7x7.yaml"), "--format", "lp", "-o", fifo); code != 0 {
		t.Fatalf("export to a FIFO: exit %d: %s", code, errs)
	}
	select {
	case b := <-got:
		if !bytes.Contains(b, []byte("End")) && !bytes.Contains(b, []byte("end")) {
			t.Fatalf("the FIFO's reader got %d bytes: %.100q", len(b), b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("nothing came out of the FIFO")
	}
	if st, _ := os.Lstat(fifo); st.Mode()&fs.ModeNamedPipe == 0 {
		t.Fatalf("the FIFO became %v", st.Mode())
	}
}

// heapWriter discards what is written and samples the live heap (after a
// GC) every 2 MB: the peak growth over the heap before the run.
type heapWriter struct {
	base, peak uint64
	n, next    int
	out        bytes.Buffer // the last bytes, for the summary
}

func newHeapWriter() *heapWriter {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return &heapWriter{base: m.HeapAlloc, next: 2 << 20}
}

func (h *heapWriter) Write(p []byte) (int, error) {
	h.n += len(p)
	if h.n >= h.next {
		h.next += 2 << 20
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		if m.HeapAlloc > h.base {
			h.peak = max(h.peak, m.HeapAlloc-h.base)
		}
	}
	if h.out.Len() > 1<<16 {
		h.out.Reset()
	}
	h.out.Write(p)
	return len(p), nil
}

// TestStreamingKeepsMemoryFlat: --limit N with --jsonl or a text picture
// streams the solutions; nothing holds them. 1,500 tilings of a 30x30 board
// by dominoes (450 placements each) used to be held by the search and again
// as JSON: the live heap grew by well over 20 MB while they were written;
// now it stays within a few MB, however many stream out. (At 3,000 tilings
// the old binary peaked at 280 MiB resident for --jsonl and 343 MiB for text,
// the new one at 20 and 28 MiB.)
func TestStreamingKeepsMemoryFlat(t *testing.T) {
	dir := t.TempDir()
	puz := filepath.Join(dir, "dominoes.yaml")
	os.WriteFile(puz, []byte("name: dominoes 30x30\nboard: 30x30\ncount: unlimited\npieces:\n  D: \"##\"\n"), 0o644)
	for _, mode := range [][]string{{"--jsonl"}, {"--render", "ascii"}} {
		h := newHeapWriter()
		var errb bytes.Buffer
		args := append([]string{"solve", puz, "--limit", "1500", "-q"}, mode...)
		code := Main(args, strings.NewReader(""), h, &errb)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", mode, code, errb.String())
		}
		if !strings.Contains(h.out.String(), "1500") {
			t.Fatalf("%v: the summary does not say 1500 solutions: %q", mode, h.out.String())
		}
		const limit = 10 << 20
		if h.peak > limit {
			t.Errorf("%v: the live heap grew by %.1f MB while the solutions streamed out (limit %d MB)", mode, float64(h.peak)/(1<<20), limit>>20)
		}
		t.Logf("%v: %.1f MB written, heap growth %.1f MB", mode, float64(h.n)/(1<<20), float64(h.peak)/(1<<20))
	}
}

// TestCheapChecksBeforeTheSearch: a picture too large for --render png, an
// -o in a missing directory and broken --update markers are refused at
// once, not after the search (the count below takes many seconds).
func TestCheapChecksBeforeTheSearch(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "doc.md")
	os.WriteFile(broken, []byte("<!-- compare:end -->\n<!-- compare:begin -->\n"), 0o644)
	brokenBench := filepath.Join(dir, "bench.md")
	os.WriteFile(brokenBench, []byte("<!-- bench:quick:begin -->\n<!-- bench:quick:begin -->\n<!-- bench:quick:end -->\n"), 0o644)
	exdir := t.TempDir()
	copyExample(t, exdir, "pentomino-10x6.yaml")
	copyExample(t, exdir, "pentomino-12x5.yaml")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", example("onesided-18x5.yaml"), "--limit", "1000000", "--render", "png", "-o", filepath.Join(dir, "g.png"), "--time-limit", "20s"}, "at most"},
		{[]string{"solve", example("onesided-18x5.yaml"), "--limit", "100000", "--render", "svg", "-o", filepath.Join(dir, "g.svg"), "--time-limit", "20s"}, "at most"},
		{[]string{"solve", example("onesided-18x5.yaml"), "--count", "--render", "ascii", "-o", filepath.Join(dir, "missing", "x.txt"), "--time-limit", "20s"}, "does not exist"},
		{[]string{"solve", example("onesided-18x5.yaml"), "--limit", "1000000", "--json", "--time-limit", "20s"}, "--jsonl"},
		{[]string{"compare", example("onesided-18x5.yaml"), "--backends", "fila", "--update", broken, "--time-limit", "20s"}, "comes before"},
		{[]string{"compare", example("onesided-18x5.yaml"), "--backends", "fila", "--chart", filepath.Join(dir, "missing", "c.svg"), "--time-limit", "20s"}, "does not exist"},
		{[]string{"bench", "--examples", exdir, "--update", brokenBench}, "want one"},
		{[]string{"bench", "--examples", exdir, "-o", filepath.Join(dir, "missing", "b.md")}, "does not exist"},
	} {
		start := time.Now()
		code, out, errs := run(t, "", c.args...)
		if took := time.Since(start); code != 2 || !strings.Contains(errs, c.want) || out != "" || took > 2*time.Second {
			t.Errorf("%v: exit %d after %v, stdout %d bytes, stderr %q; want exit 2 at once naming %q", c.args, code, took.Round(time.Millisecond), len(out), errs, c.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("files left: %v", ents)
	}
}

// TestPictureOnStdoutAlone: an SVG or PNG picture on stdout is the whole of
// stdout (the summary goes to stderr); the SVG used to be followed by the
// text summary.
func TestPictureOnStdoutAlone(t *testing.T) {
	for _, args := range [][]string{
		{"solve", example("pentomino-10x6.yaml"), "--render", "svg"},
		{"solve", example("pentomino-10x6.yaml"), "--limit", "4", "--render", "svg"},
		{"solve", example("tetris-7x7.yaml"), "--max-coverage", "--render", "svg"},
		{"render", example("pentomino-10x6.yaml"), "--format", "svg"},
	} {
		code, out, errs := run(t, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		d := xml.NewDecoder(strings.NewReader(out))
		var root struct{ XMLName xml.Name }
		if err := d.Decode(&root); err != nil || root.XMLName.Local != "svg" {
			t.Fatalf("%v: stdout is not an SVG document: %v", args, err)
		}
		for {
			tok, err := d.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("%v: after </svg>: %v", args, err)
			}
			if cd, ok := tok.(xml.CharData); !ok || strings.TrimSpace(string(cd)) != "" {
				t.Fatalf("%v: something follows </svg>: %q", args, tok)
			}
		}
		if args[0] == "solve" && !strings.Contains(errs, "backend") {
			t.Errorf("%v: the summary is not on stderr: %q", args, errs)
		}
	}
	code, out, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--render", "png")
	iend := []byte{0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82}
	if code != 0 || !strings.HasPrefix(out, "\x89PNG\r\n\x1a\n") || !strings.HasSuffix(out, string(iend)) || !strings.Contains(errs, "solutions") {
		t.Fatalf("PNG on stdout: exit %d, %d bytes, starts %q, ends %q; stderr %q", code, len(out), out[:min(8, len(out))], out[max(0, len(out)-12):], errs)
	}
	// -o /dev/stdout (here /proc/self/fd/N of the file stdout writes to)
	// is stdout too: the summary goes to stderr.
	if _, err := os.Stat("/proc/self/fd"); err == nil {
		f, err := os.Create(filepath.Join(t.TempDir(), "stdout.svg"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var errb bytes.Buffer
		code := Main([]string{"solve", example("pentomino-10x6.yaml"), "--render", "svg", "-o", fmt.Sprintf("/proc/self/fd/%d", f.Fd())}, strings.NewReader(""), f, &errb)
		b, _ := os.ReadFile(f.Name())
		if code != 0 || !bytes.HasSuffix(bytes.TrimSpace(b), []byte("</svg>")) || !strings.Contains(errb.String(), "backend") {
			t.Errorf("-o /proc/self/fd/N of stdout: exit %d, stdout ends %q, stderr %q", code, b[max(0, len(b)-40):], errb.String())
		}
	}
	// Text pictures keep the summary after them on stdout.
	code, out, _ = run(t, "", "solve", example("pentomino-10x6.yaml"), "--render", "ascii")
	if code != 0 || !strings.Contains(out, "backend") {
		t.Fatalf("ascii: exit %d, summary not on stdout: %q", code, out)
	}
}

// TestPictureFormatFromExtension: without --render the -o extension decides
// (.svg, .png, .txt, .ans) and any other is refused; --render must agree
// with a known extension. `-o x.gif` used to get ASCII, `--render png -o
// z.svg` a PNG.
func TestPictureFormatFromExtension(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-10x6.yaml")
	for _, c := range []struct {
		cmd, flag string
	}{{"solve", "--render"}, {"render", "--format"}} {
		for _, bad := range [][]string{
			{"-o", filepath.Join(dir, "x.gif")},
			{"-o", filepath.Join(dir, "noext")},
			{c.flag, "png", "-o", filepath.Join(dir, "z.svg")},
			{c.flag, "svg", "-o", filepath.Join(dir, "z.png")},
			{c.flag, "ascii", "-o", filepath.Join(dir, "z.png")},
		} {
			code, _, errs := run(t, "", append([]string{c.cmd, p}, bad...)...)
			if code != 2 || !strings.Contains(errs, ".svg") && !strings.Contains(errs, "contradicts") {
				t.Errorf("%s %v: exit %d, %q", c.cmd, bad, code, errs)
			}
		}
		for _, good := range []struct {
			args  []string
			file  string
			magic string
		}{
			{[]string{"-o", filepath.Join(dir, c.cmd+"a.svg")}, c.cmd + "a.svg", "<"},
			{[]string{"-o", filepath.Join(dir, c.cmd+"a.png")}, c.cmd + "a.png", "\x89PNG"},
			{[]string{c.flag, "ansi", "-o", filepath.Join(dir, c.cmd+"a.txt")}, c.cmd + "a.txt", ""},
			{[]string{c.flag, "svg", "-o", filepath.Join(dir, c.cmd+"a.pic")}, c.cmd + "a.pic", "<"},
		} {
			code, _, errs := run(t, "", append([]string{c.cmd, p}, good.args...)...)
			if code != 0 {
				t.Errorf("%s %v: exit %d: %s", c.cmd, good.args, code, errs)
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, good.file))
			if err != nil || !bytes.HasPrefix(bytes.TrimSpace(b), []byte(good.magic)) {
				t.Errorf("%s %v: %v, starts %.10q", c.cmd, good.args, err, b)
			}
		}
	}
}

// TestJSONPlacementRowCol: placements say which coordinate is the row and
// which the column. Two fixed I-trominoes tile a board 3 wide and 2 high
// side by side in rows (row 0 and row 1, column 0), and a board 2 wide and
// 3 high in columns (column 0 and 1, row 0).
func TestJSONPlacementRowCol(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		board, piece string
		want         [][2]int
	}{
		{"3x2", "\"###\"", [][2]int{{0, 0}, {1, 0}}},
		{"2x3", "\"#/#/#\"", [][2]int{{0, 0}, {0, 1}}},
	} {
		puz := filepath.Join(dir, "p.yaml")
		os.WriteFile(puz, []byte("board: "+c.board+"\norientations: fixed\ncount: 2\npieces:\n  I: "+c.piece+"\n"), 0o644)
		code, out, errs := run(t, "", "solve", puz, "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var o struct {
			Tilings [][]map[string]any
		}
		if err := json.Unmarshal([]byte(out), &o); err != nil || len(o.Tilings) != 1 {
			t.Fatalf("%v: %s", err, out)
		}
		var got [][2]int
		for _, pl := range o.Tilings[0] {
			row, ok1 := pl["row"].(float64)
			col, ok2 := pl["col"].(float64)
			at, _ := pl["at"].([]any)
			if !ok1 || !ok2 || len(at) != 2 || at[0] != row || at[1] != col {
				t.Fatalf("board %s: placement %v: want row, col and at = [row, col]", c.board, pl)
			}
			if _, ok := pl["layer"]; ok {
				t.Errorf("2D placement with a layer: %v", pl)
			}
			got = append(got, [2]int{int(row), int(col)})
		}
		if len(got) != 2 || !(got[0] == c.want[0] && got[1] == c.want[1] || got[0] == c.want[1] && got[1] == c.want[0]) {
			t.Errorf("board %s: placements at %v, want %v", c.board, got, c.want)
		}
	}
	_, out, _ := run(t, "", "solve", example("soma.yaml"), "--jsonl", "--limit", "1")
	if !strings.Contains(out, `"layer":`) {
		t.Errorf("3D placements without a layer: %.300s", out)
	}
}
