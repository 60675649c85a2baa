package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/polytile/polytile/internal/atomicfile"
	"github.com/polytile/polytile/internal/ctxio"
)

func TestRenderToFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "p.svg")
	code, _, errs := run(t, "", "render", example("tetris-cube.yaml"), "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(bytes.TrimSpace(b), []byte("<")) || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("not an SVG: %v %q", err, b[:min(len(b), 80)])
	}
}

// TestRenderLabelsHexAndTriangleBoards: render labelled the hex board 7x4
// "box 10x4 hex" and the triangle board 6x6 "box 17x6 triangle" (their
// bounding boxes in grid coordinates, the rhombus leaning half a cell a
// row), and info said "bounding box 4 rows x 10 columns". Both now give
// the board as its picture shows it, the rows and the widest row, which
// for a board WxH is H rows of W hexagons (2W triangles). The square grid
// keeps its box.
func TestRenderLabelsHexAndTriangleBoards(t *testing.T) {
	for _, c := range []struct{ file, region, info, caption string }{
		{"tetrahexes-7x4.yaml", "region: 28 cells, 4 rows, up to 7 hexagons wide", "board           2D hex grid, 28 cells, 4 rows, up to 7 hexagons wide",
			"board of 28 cells, 4 rows, up to 7 hexagons wide"},
		{"hexiamonds-6x6.yaml", "region: 72 cells, 6 rows, up to 12 triangles wide", "board           2D triangle grid, 72 cells, 6 rows, up to 12 triangles wide",
			"board of 72 cells, 6 rows, up to 12 triangles wide"},
		{"pentomino-10x6.yaml", "region: 60 cells, box 10x6", "board           2D, 60 cells, bounding box 6 rows x 10 columns",
			"board 10x6, 60 cells"},
	} {
		code, out, errs := run(t, "", "render", example(c.file))
		if lines := strings.Split(out, "\n"); code != 0 || len(lines) < 2 || lines[1] != c.region {
			t.Errorf("render %s: exit %d, %q, want the second line %q: %s", c.file, code, out, c.region, errs)
		}
		if code, out, errs := run(t, "", "render", example(c.file), "--format", "svg"); code != 0 || !strings.Contains(out, ">"+c.caption+"<") {
			t.Errorf("render %s --format svg: exit %d, no caption %q: %s", c.file, code, c.caption, errs)
		}
		if code, out, errs := run(t, "", "info", example(c.file)); code != 0 || !strings.Contains(out, c.info+"\n") {
			t.Errorf("info %s: exit %d, %q, want %q: %s", c.file, code, out, c.info, errs)
		}
	}
}

// TestPictureSkippedIsMarked: a picture whose drawing outlived its grace
// after the stop is not written, with a note, and marked skipped, so that
// solve exits 1 (it exited 0 with the -o file missing).
func TestPictureSkippedIsMarked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.txt")
	file, err := atomicfile.Create(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	pc := &pictures{file: file, err: errors.New("drawing stopped"), drawn: 1, late: func() bool { return true }, stderr: &errb}
	if err := pc.finish(nil, (*atomicfile.File).Commit); err != nil {
		t.Fatalf("finish: %v", err)
	}
	if !pc.skipped || !bytes.Contains(errb.Bytes(), []byte("not written")) {
		t.Fatalf("skipped %v, stderr %q", pc.skipped, errb.String())
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatalf("%s written", path)
	}
}

// TestPictureToStdoutsFile: -o naming the file stdout writes to (-o
// /dev/stdout > x.txt, or -o x.txt > x.txt) with a text picture, in solve
// and check, writes the picture and then the summary or report into it,
// as -o - does. Opened again, the picture was written from the start of
// the file and the summary over it (the picture lost, exit 0); renamed
// over it, the summary went to the old file, removed (the summary lost).
// Run as the binary: /dev/stdout is the process's own.
func TestPictureToStdoutsFile(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	tetris := copyExample(t, dir, "tetris-7x7.yaml")
	start := filepath.Join(dir, "t.mst")
	if code, _, errs := run(t, "", "export", tetris, "--format", "lp", "--max-coverage", "-o", filepath.Join(dir, "t.lp"), "--start", start, "-q"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, errs)
	}
	x := filepath.Join(dir, "x.txt")
	for _, c := range []struct {
		args        []string
		title, text string // the picture's first line, a line of the summary
	}{
		{[]string{"solve", copyExample(t, dir, "pentomino-20x3.yaml"), "--render", "ascii", "-q"}, "Pentominoes 20x3", "backend "},
		{[]string{"check", tetris, start, "--max-coverage", "--render", "ascii", "-q"}, "Tetris 7x7", "verdict "},
	} {
		for _, o := range []string{"/dev/stdout", x} {
			so, err := os.OpenFile(x, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
			if err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(bin, append(c.args, "-o", o)...)
			var errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = so, &errb
			err = cmd.Run()
			so.Close()
			got, _ := os.ReadFile(x)
			// The picture (its title first, then at least its board's
			// rows), then the summary.
			i := strings.Index(string(got), c.text)
			if err != nil || !strings.HasPrefix(string(got), c.title+"\n") || i < 0 || strings.Count(string(got[:i]), "\n") < 4 {
				t.Errorf("%s -o %s > x.txt: %v %s\nx.txt:\n%s", c.args[0], o, err, errb.String(), got)
			}
		}
	}
	// --json and a picture to that file share stdout too: refused as with
	// -o - (they would be written into one another).
	for _, args := range [][]string{
		{"solve", tetris, "--json", "--render", "ascii", "-o", "/dev/stdout"},
		{"check", tetris, start, "--max-coverage", "--json", "--render", "ascii", "-o", x},
	} {
		so, err := os.OpenFile(x, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = so, &errb
		cmd.Run()
		so.Close()
		if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(errb.String(), "cannot share stdout") {
			t.Errorf("%v > x.txt: exit %d, %s; want 2: --json and a picture cannot share stdout", args, cmd.ProcessState.ExitCode(), errb.String())
		}
	}
}

// neverDone is a context that never ends and is not one of the standard
// library's, so that context.AfterFunc watches it with a goroutine: what
// it keeps registered can be counted.
type neverDone struct{ context.Context }

func (neverDone) Done() <-chan struct{} { return make(chan struct{}) }

// TestDrawingContextReleased: solve's drawing context registers a
// function that waits for the command's context; once the drawing is
// over (pictures.abort) it is released, so that a context that never
// ends does not keep one per solve. Before, nothing released it: 200
// drawing contexts left 200 goroutines here.
func TestDrawingContextReleased(t *testing.T) {
	ctx := neverDone{context.Background()}
	before := runtime.NumGoroutine()
	for range 200 {
		pc := &pictures{}
		pc.opt.Context, pc.late, pc.release = drawingContext(ctx)
		pc.release()
		if !pc.late() {
			t.Fatal("the drawing context lives on after its release")
		}
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > before+10 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine() - before; n > 10 {
		t.Errorf("%d goroutines left by 200 released drawing contexts", n)
	}
	// Not released, the drawing still ends ctxio.StopGrace after ctx.
	cctx, cancel := context.WithCancel(context.Background())
	draw, late, release := drawingContext(cctx)
	defer release()
	cancel()
	if late() {
		t.Fatal("the drawing ended with the context, before its grace")
	}
	select {
	case <-draw.Done():
	case <-time.After(ctxio.StopGrace + 2*time.Second):
		t.Fatal("the drawing did not end after its grace")
	}
}
