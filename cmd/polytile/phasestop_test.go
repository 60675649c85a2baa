package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/polytile/polytile/compare"
)

// TestExportDLXTooLargeRefused: a 4-line puzzle whose dlx1 export would
// be 1.4 GB (1,048,576 monomino copies, each of the 100 images written
// once per copy) is refused with exit 2 before -o is created (it wrote
// 1.4 GB in 8 s; a 1000x1000 board would have been about 10^13 bytes).
func TestExportDLXTooLargeRefused(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "big2.yaml")
	os.WriteFile(in, []byte("board: 100x1\ncount: 1048576\npieces:\n  I: \"#\"\n"), 0o644)
	out := filepath.Join(dir, "out.dlx")
	start := time.Now()
	code, _, errs := run(t, "", "export", in, "--format", "dlx", "--dialect", "dlx1", "-o", out)
	if code != exitUsage || !strings.Contains(errs, "more than the limit") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("the refusal took %v", d)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("-o exists after the refusal: %v", err)
	}
	// The dlx3 file of the same puzzle is small and written.
	if code, _, errs := run(t, "", "export", in, "--format", "dlx", "-o", out); code != 0 {
		t.Errorf("dlx3: exit %d: %s", code, errs)
	}
}

// fifoIn makes a directory with pentomino-12x5.yaml (a link to the
// example) and name as a FIFO that no one writes.
func fifoIn(t *testing.T, name string) (dir, fifo string) {
	t.Helper()
	dir = t.TempDir()
	abs, err := filepath.Abs(example("pentomino-12x5.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(abs, filepath.Join(dir, "pentomino-12x5.yaml")); err != nil {
		t.Fatal(err)
	}
	fifo = filepath.Join(dir, name)
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	return dir, fifo
}

// runUnblocking runs the CLI in-process and fails when it takes longer than
// d; a run blocked opening the FIFO is then released by opening its
// write end.
func runUnblocking(t *testing.T, d time.Duration, fifo string, args ...string) (int, string, string) {
	t.Helper()
	type res struct {
		code      int
		out, errs string
	}
	done := make(chan res, 1)
	go func() {
		code, out, errs := run(t, "", args...)
		done <- res{code, out, errs}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.errs
	case <-time.After(d):
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		r := <-done
		t.Fatalf("%v still running after %v (exit %d once the FIFO was opened: %s)", args, d, r.code, r.errs)
		return 0, "", ""
	}
}

// TestBenchSkipsFIFOExample: a bench case whose puzzle is a FIFO is an
// Error row and the run goes on (bench waited for a writer past
// --time-limit, and Ctrl-C needed the watchdog).
func TestBenchSkipsFIFOExample(t *testing.T) {
	dir, fifo := fifoIn(t, "pentomino-10x6.yaml")
	code, out, errs := runUnblocking(t, 20*time.Second, fifo, "bench", "quick", "--examples", dir, "--time-limit", "1ns", "--format", "json")
	if code != exitNoSolution {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	var rep compare.BenchReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Rows) != 10 {
		t.Fatalf("%d rows", len(rep.Rows))
	}
	for _, r := range rep.Rows {
		fromFIFO := strings.HasPrefix(r.ID, "P-")
		if fromFIFO && (r.Status != compare.Error || !strings.Contains(r.Reason, "not a regular file")) ||
			!fromFIFO && r.Status != compare.Timeout && r.Status != compare.OK {
			t.Errorf("%s: %s %s", r.ID, r.Status, r.Reason)
		}
	}
}

// TestCompareDirectorySkipsFIFO: compare DIR skips a FIFO in the
// directory with a note and compares the rest (the FIFO's read reached
// the time limit and ended the run: exit 1, no table).
func TestCompareDirectorySkipsFIFO(t *testing.T) {
	dir, fifo := fifoIn(t, "waiting.yaml")
	code, out, errs := runUnblocking(t, 20*time.Second, fifo, "compare", dir, "-b", "dlx", "--time-limit", "1s", "--format", "json")
	if code != 0 || !strings.Contains(errs, "waiting.yaml: not a regular file") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if rep := compareJSON(t, out); len(rep.Tables) != 1 || !rep.Tables[0].Agree {
		t.Errorf("report: %+v", rep)
	}
}

// TestCompareUnreadPuzzleIsANote: a puzzle named on the command line
// whose reading reaches the per-puzzle --time-limit is left out with a
// note saying the limit is per puzzle; the others are compared and the
// exit code is 1 (the whole run ended with exit 1 and no table, saying
// "--time-limit counts from the start of the command").
func TestCompareUnreadPuzzleIsANote(t *testing.T) {
	dir, fifo := fifoIn(t, "waiting.yaml")
	code, out, errs := runUnblocking(t, 20*time.Second, fifo, "compare", fifo, filepath.Join(dir, "pentomino-12x5.yaml"),
		"-b", "dlx", "--time-limit", "1s", "--format", "json")
	if code != exitNoSolution || !strings.Contains(errs, "applies to each puzzle") || strings.Contains(errs, "start of the command") {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if rep := compareJSON(t, out); len(rep.Tables) != 1 || !rep.Tables[0].Agree {
		t.Errorf("report: %+v", rep)
	}
}
