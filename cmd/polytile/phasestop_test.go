package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
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

// signalAfter starts the binary, sends SIGINT after delay and returns the
// exit code, stderr and the time from the signal to the exit; it skips
// the test when the command ended before the signal (a fast machine).
func signalAfter(t *testing.T, delay time.Duration, dir string, args ...string) (int, string, time.Duration) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		t.Skipf("%v ended in under %v: no phase to interrupt (%s)", args, delay, errb.String())
	case <-time.After(delay):
	}
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	<-done
	return cmd.ProcessState.ExitCode(), errb.String(), time.Since(sent)
}

// TestLongPhasesStopOnSIGINT: phases that did not read the context
// (render's text grid of a 1x1x1048576 board; check's reading of a large
// solution file, its value check, which sorted the names with a map
// lookup per comparison, and its column check) stop within a second of
// SIGINT with exit 130, before the watchdog has to end the process
// ("still running 1s after the signal").
func TestLongPhasesStopOnSIGINT(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "tall.yaml"), []byte("board: 1x1x1048576\ncount: unlimited\npieces:\n  I: \"#\"\n"), 0o644)
	// A complete solution of tall.yaml (a solution file is read only as
	// far as its program's columns, so it is the program's size): its
	// reading and checks take seconds.
	var sol bytes.Buffer
	sol.WriteString("# Solution for model obj\n# Objective value = 0\n")
	for i := range 1 << 20 {
		fmt.Fprintf(&sol, "x_I_0_0_0_%d 1\n", i)
	}
	os.WriteFile(filepath.Join(dir, "big.sol"), sol.Bytes(), 0o644)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"render", []string{"render", "tall.yaml", "--format", "ascii", "-o", "r.txt"}},
		{"check", []string{"check", "tall.yaml", "big.sol"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The signal comes at 70% of an uninterrupted run's time, in
			// the last phase (render's text grid: about the last two
			// thirds of its time), however fast the machine is.
			cmd := exec.Command(binary(t), append(c.args[:len(c.args):len(c.args)], "-q")...)
			cmd.Dir = dir
			start := time.Now()
			if out, err := cmd.CombinedOutput(); err != nil && c.name == "render" {
				t.Fatalf("%v: %v: %s", c.args, err, out)
			}
			whole := time.Since(start)
			os.Remove(filepath.Join(dir, "r.txt"))
			code, errs, took := signalAfter(t, whole*7/10, dir, c.args...)
			if code != exitInterrupted || took > time.Second || strings.Contains(errs, "still running") {
				t.Errorf("exit %d %v after SIGINT: %s", code, took, errs)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "r.txt")); !os.IsNotExist(err) {
		t.Errorf("an interrupted render left r.txt: %v", err)
	}
}

// TestExportProgramTooLargeRefused: an LP, MPS or Pyomo export past 1 GiB
// (18 fixed 1x6 bars with 32-character names on a 400x400 board: 2.8
// million images, an MPS file of about 1.2 GB) is refused with exit 2
// naming the size and the limit, before -o is opened: -o is a FIFO that
// no one reads, which an open would wait on. They had no estimate: the
// file was written to the end.
func TestExportProgramTooLargeRefused(t *testing.T) {
	if testing.Short() {
		t.Skip("2.8 million images")
	}
	dir, fifo := fifoIn(t, "out.fifo")
	var b strings.Builder
	b.WriteString("board: 400x400\norientations: fixed\npieces:\n")
	for k := range 18 {
		fmt.Fprintf(&b, "  '%032d': '######'\n", k)
	}
	in := filepath.Join(dir, "bars.yaml")
	os.WriteFile(in, []byte(b.String()), 0o644)
	for _, f := range []string{"mps", "pyomo"} {
		type res struct {
			code int
			errs string
		}
		done := make(chan res, 1)
		go func() {
			code, _, errs := run(t, "", "export", in, "--format", f, "--max-coverage", "-o", fifo)
			done <- res{code, errs}
		}()
		var r res
		select {
		case r = <-done:
		case <-time.After(20 * time.Second):
			// Opened -o first: a reader that goes at once makes its
			// writes fail (EPIPE), so that the run ends.
			if rd, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0); err == nil {
				time.Sleep(100 * time.Millisecond)
				rd.Close()
			}
			r = <-done
			t.Fatalf("%s: still running after 20 s, waiting on -o (exit %d once a reader came and went: %s)", f, r.code, r.errs)
		}
		code, errs := r.code, r.errs
		if code != exitUsage || !strings.Contains(errs, "file would take up to") || !strings.Contains(errs, "more than the limit of 1073741824 (1 GiB)") {
			t.Errorf("%s: exit %d: %s", f, code, errs)
		}
	}
}
