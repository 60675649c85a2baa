package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

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
