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
	"os/exec"
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

// TestOutputExtensionAgreesWithFormat: export, compare and bench refuse a
// --format that contradicts -o's extension (exit 2, nothing written), and
// compare and bench take the format from the extension when --format is
// not given. Before the fix export -o x.mps --format lp wrote LP into
// x.mps, compare -o x.json --format csv wrote CSV into x.json (exit 0),
// and compare -o x.csv wrote a boxed text table: 8 of the 9 cases failed
// (all but the fixed-MPS export to d.mps).
func TestOutputExtensionAgreesWithFormat(t *testing.T) {
	dir := t.TempDir()
	p := example("pentomino-20x3.yaml")
	at := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		args []string
		file string
		want string // "" : exit 0 and the file starts with start
		head string
	}{
		{[]string{"export", p, "--format", "lp", "-o", at("a.mps")}, "a.mps", "contradicts the extension", ""},
		{[]string{"export", p, "--format", "dlx", "-o", at("b.lp")}, "b.lp", "contradicts the extension", ""},
		{[]string{"export", p, "-o", at("c.lp")}, "c.lp", "(for -o " + at("c.lp") + ": --format lp)", ""},
		{[]string{"export", p, "--format", "fixed-mps", "-o", at("d.mps")}, "d.mps", "", "* polytile"},
		{[]string{"compare", p, "-q", "-b", "dlx", "--format", "csv", "-o", at("e.json")}, "e.json", "contradicts the extension", ""},
		{[]string{"compare", p, "-q", "-b", "dlx", "-o", at("f.csv")}, "f.csv", "", "puzzle,task,backend"},
		{[]string{"compare", p, "-q", "-b", "dlx", "-o", at("g.json")}, "g.json", "", "{"},
		{[]string{"compare", p, "-q", "-b", "dlx", "-o", at("h.md")}, "h.md", "", "### "},
		{[]string{"bench", "quick", "-q", "--format", "json", "-o", at("i.csv")}, "i.csv", "contradicts the extension", ""},
	} {
		code, _, errs := run(t, "", c.args...)
		data, rerr := os.ReadFile(at(c.file))
		if c.want != "" {
			if code != exitUsage || !strings.Contains(errs, c.want) || rerr == nil {
				t.Errorf("%v: exit %d, %q, file written: %v; want exit 2 with %q and no file", c.args, code, errs, rerr == nil, c.want)
			}
			continue
		}
		if code != exitOK || rerr != nil || !strings.HasPrefix(strings.TrimLeft(string(data), "\n"), c.head) {
			t.Errorf("%v: exit %d, %q; file %q... (%v), want it to start with %q", c.args, code, errs, string(data[:min(len(data), 60)]), rerr, c.head)
		}
	}
}

// TestReadOnlyOutputRefused: -o naming an existing file the user may not
// write (mode 0444, owned by root) in a directory the user may write was
// replaced by the rename of the temporary file: the file became the
// user's, with the new content, where a shell's > or cp says "permission
// denied". It is now refused (exit 2) and left as it was. Run as an
// unprivileged user (setpriv when the test runs as root, which may write
// any file).
func TestReadOnlyOutputRefused(t *testing.T) {
	bin := binary(t)
	var prefix []string
	if os.Geteuid() == 0 {
		sp, err := exec.LookPath("setpriv")
		if err != nil {
			t.Skip("running as root without setpriv: root may write a read-only file")
		}
		prefix = []string{sp, "--reuid=65534", "--regid=65534", "--clear-groups"}
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o777) // the user may create files here (the temporary)
	// The binary and the puzzle where the unprivileged user can read them.
	data, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	ubin := filepath.Join(dir, "polytile")
	if err := os.WriteFile(ubin, data, 0o755); err != nil {
		t.Fatal(err)
	}
	pz, _ := os.ReadFile(example("pentomino-10x6.yaml"))
	os.WriteFile(filepath.Join(dir, "p.yaml"), pz, 0o644)
	ro := filepath.Join(dir, "ro.txt")
	os.WriteFile(ro, []byte("keep\n"), 0o444)
	os.Chmod(ro, 0o444)
	for _, args := range [][]string{
		{"render", "p.yaml", "--format", "ascii", "-o", "ro.txt"},
		{"export", "p.yaml", "--format", "lp", "-o", "ro.txt"},
		{"solve", "p.yaml", "--render", "ascii", "-o", "ro.txt"},
	} {
		cmd := exec.Command(prefix[0], append(append(prefix[1:], ubin), args...)...)
		if len(prefix) == 0 {
			cmd = exec.Command(ubin, args...)
		}
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		code := cmd.ProcessState.ExitCode()
		if err != nil && code < 0 {
			t.Fatalf("%v: %v %s", cmd.Args, err, out)
		}
		got, _ := os.ReadFile(ro)
		if code != exitUsage || string(got) != "keep\n" || !strings.Contains(string(out), "-o: cannot write ro.txt: the file is not writable") {
			t.Errorf("%s: exit %d, ro.txt %q: %s", args[0], code, got, out)
		}
	}
	if fi, err := os.Stat(ro); err != nil || fi.Mode().Perm() != 0o444 {
		t.Errorf("ro.txt: %v %v", fi.Mode(), err)
	}
}

// TestStdinInputIsNotAnOutput: an input read from standard input ("-")
// whose file is also an output (directly or through a symbolic link) is
// refused with exit 2 before anything is written, in every command that
// writes files; `export - -o p.yaml < p.yaml` used to replace the puzzle
// with the LP. Run through the binary: the check is on the process's
// real stdin (fstat), which an in-process test cannot redirect.
func TestStdinInputIsNotAnOutput(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	in := copyExample(t, dir, "tetrominoes-5x4.yaml")
	orig, _ := os.ReadFile(in)
	os.Symlink("tetrominoes-5x4.yaml", filepath.Join(dir, "link.yaml"))
	for _, out := range []string{"tetrominoes-5x4.yaml", "link.yaml"} {
		for _, args := range [][]string{
			{"export", "-", "--format", "lp", "-o", out},
			{"render", "-", "--format", "ascii", "-o", out},
			{"solve", "-", "--render", "ascii", "-o", out},
			{"solve", "-", "--count", "--checkpoint", out},
			{"compare", "-", "--backends", "dlx", "-o", out},
			{"compare", "-", "--backends", "dlx", "--update", out},
		} {
			f, err := os.Open(in)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, args...)
			cmd.Dir = dir
			cmd.Stdin = f
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			cmd.Run()
			f.Close()
			if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(stderr.String(), "standard input") {
				t.Errorf("%v < the puzzle: exit %d, stderr %q; want 2, refused", args, code, stderr.String())
			}
			if b, _ := os.ReadFile(in); !bytes.Equal(b, orig) {
				t.Fatalf("%v < the puzzle overwrote it", args)
			}
		}
	}
	// Another output, and stdin from a device, still work.
	cmd := exec.Command(bin, "export", "-", "--format", "lp", "-o", "p.lp")
	cmd.Dir = dir
	f, _ := os.Open(in)
	defer f.Close()
	cmd.Stdin = f
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("export - -o p.lp: %v %s", err, out)
	}
}

// TestStdoutIsAnInput: standard output redirected to an input
// (`export q.yaml --format lp >> q.yaml`) is refused before anything is
// written, exit 2, as -o naming the input is: the program (or the
// summary, the picture, the table) was appended to the puzzle it read.
// Through a hard link too, and for each command's inputs: the puzzle, a
// solution file, --names, merge's results and --puzzle, stdin ("-"). A
// different regular file and /dev/null are written as before.
func TestStdoutIsAnInput(t *testing.T) {
	dir := t.TempDir()
	in := copyExample(t, dir, "pentomino-20x3.yaml")
	hard := filepath.Join(dir, "hard.yaml")
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	sol := filepath.Join(dir, "sol.txt")
	names := filepath.Join(dir, "names.txt")
	res := filepath.Join(dir, "s0.json")
	for _, f := range []string{sol, names} {
		os.WriteFile(f, []byte("x\n"), 0o644)
	}
	if code, _, errs := run(t, "", "solve", in, "--count", "--shard", "0/1", "--json", "-o", res); code != 0 {
		t.Fatalf("making a result: exit %d: %s", code, errs)
	}
	for _, c := range []struct {
		target string
		args   []string
		stdin  bool
	}{
		{in, []string{"export", in, "--format", "lp"}, false},
		{hard, []string{"export", in, "--format", "dlx"}, false},
		{in, []string{"info", in}, false},
		{in, []string{"render", in}, false},
		{in, []string{"solve", in, "--count"}, false},
		{in, []string{"solve", in}, false},
		{in, []string{"compare", in, "-b", "dlx"}, false},
		{sol, []string{"check", in, sol}, false},
		{names, []string{"check", in, sol, "--names", names}, false},
		{res, []string{"merge", res}, false},
		{res, []string{"merge", dir}, false},
		{in, []string{"merge", res, "--puzzle", in}, false},
		{in, []string{"export", "-", "--format", "lp"}, true},
	} {
		orig, err := os.ReadFile(c.target)
		if err != nil {
			t.Fatal(err)
		}
		so, err := os.OpenFile(c.target, os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		var stdin *os.File
		if c.stdin {
			if stdin, err = os.Open(in); err != nil {
				t.Fatal(err)
			}
		}
		var errb bytes.Buffer
		var code int
		if stdin != nil {
			code = Main(c.args, stdin, so, &errb)
			stdin.Close()
		} else {
			code = Main(c.args, strings.NewReader(""), so, &errb)
		}
		so.Close()
		if code != 2 || !strings.Contains(errb.String(), "standard output is the") || !strings.Contains(errb.String(), "redirect it to another file") {
			t.Errorf("%v >> %s: exit %d, stderr %q; want exit 2: standard output is the input", c.args, filepath.Base(c.target), code, errb.String())
		}
		if b, _ := os.ReadFile(c.target); !bytes.Equal(b, orig) {
			t.Errorf("%v >> %s changed it", c.args, filepath.Base(c.target))
			os.WriteFile(c.target, orig, 0o644)
		}
	}
	// Another regular file, and /dev/null: written as always.
	for _, path := range []string{filepath.Join(dir, "out.lp"), os.DevNull} {
		so, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		code := Main([]string{"export", in, "--format", "lp"}, strings.NewReader(""), so, &errb)
		so.Close()
		if code != 0 {
			t.Errorf("export >> %s: exit %d, %q", path, code, errb.String())
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, "out.lp")); err != nil || fi.Size() == 0 {
		t.Errorf("export >> out.lp wrote nothing: %v", err)
	}
}
