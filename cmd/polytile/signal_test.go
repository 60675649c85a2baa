package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stopSlack is what the signal tests allow past polytile's one second for
// a stopped process to be scheduled, print and be reaped on a loaded
// 2-core machine (1.03 s was seen at a load average of 12). The tests'
// output checks ("so far", "interrupted", a partial JSON object) tell a
// clean stop from the watchdog's hard exit one second after the signal.
const stopSlack = 500 * time.Millisecond

// interrupt starts the binary, sends sig after delay, and returns the exit
// code, the outputs and how long the process took to stop after the signal.
func interrupt(t *testing.T, sig syscall.Signal, delay time.Duration, dir string, args ...string) (int, string, string, time.Duration) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(delay)
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatalf("signal: %v (the command ended before it: %s %s)", err, out.String(), errb.String())
	}
	cmd.Wait()
	return cmd.ProcessState.ExitCode(), out.String(), errb.String(), time.Since(sent)
}

func TestSIGINTPrintsPartialCount(t *testing.T) {
	// Counting the one-sided pentominoes with DLX takes many minutes.
	code, out, errs, took := interrupt(t, syscall.SIGINT, 1500*time.Millisecond, ".",
		"solve", example("onesided-18x5.yaml"), "--backend", "dlx", "--count", "--stats")
	if code != 130 {
		t.Fatalf("exit %d, want 130; stdout %q stderr %q", code, out, errs)
	}
	if took > time.Second+stopSlack {
		t.Errorf("stopped %v after SIGINT, want under a second (and %v of scheduling)", took, stopSlack)
	}
	for _, want := range []string{"solutions", "so far", "interrupted", "attempts", "nodes"} {
		if !strings.Contains(out, want) {
			t.Errorf("partial output lacks %q:\n%s", want, out)
		}
	}
}

func TestSIGTERMPartialJSON(t *testing.T) {
	code, out, errs, took := interrupt(t, syscall.SIGTERM, 1500*time.Millisecond, ".",
		"solve", example("onesided-18x5.yaml"), "--backend", "fila", "--count", "--json")
	if code != 143 {
		t.Fatalf("exit %d, want 143; stderr %q", code, errs)
	}
	if took > time.Second+stopSlack {
		t.Errorf("stopped %v after SIGTERM, want under a second (and %v of scheduling)", took, stopSlack)
	}
	var o struct {
		Interrupted, Complete bool
		Solutions, Nodes      int64
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatalf("partial JSON: %v\n%s", err, out)
	}
	if !o.Interrupted || o.Complete || o.Nodes == 0 {
		t.Errorf("partial result %+v", o)
	}
}

func TestTimeLimitStopsACount(t *testing.T) {
	start := time.Now()
	code, out, _ := run(t, "", "solve", example("onesided-18x5.yaml"), "--count", "--time-limit", "300ms")
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("--time-limit 300ms took %v", took)
	}
	if code != 1 || !strings.Contains(out, "time limit reached") {
		t.Fatalf("exit %d, want 1 (incomplete count):\n%s", code, out)
	}
}

func TestInterruptedExportLeavesNoFile(t *testing.T) {
	// A 440x440 board of unlimited tetrominoes: an LP of about 280 MB,
	// several seconds to write.
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	os.WriteFile(big, []byte("board: 440x440\ncount: unlimited\npieces:\n  I: \"####\"\n  O: \"##/##\"\n  T: \"###/.#.\"\n  S: \".##/##.\"\n  L: \"#./#./##\"\n"), 0o644)
	code, _, errs, took := interrupt(t, syscall.SIGINT, 700*time.Millisecond, dir,
		"export", big, "--format", "lp", "-o", "big.lp")
	if code != 130 {
		t.Fatalf("exit %d, want 130: %s", code, errs)
	}
	// The images (3.7 million) are built before the first byte is written
	// and that step does not poll for cancellation; on a loaded machine it
	// can outlast the signal, so allow a few seconds here. Writing stops at
	// the next write after the signal.
	if took > 4*time.Second {
		t.Errorf("export stopped %v after SIGINT", took)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name() != "big.yaml" {
			t.Errorf("interrupted export left %s behind", e.Name())
		}
	}
}

// TestSignalDuringHiGHSPresolve: HiGHS's presolve does not call back for
// seconds (1.3 to 6.2 s after SIGINT on the 61x61 fill before the watchdog); the
// process still ends within stopGrace of the signal, with its exit code.
func TestSignalDuringHiGHSPresolve(t *testing.T) {
	fill, err := filepath.Abs(example("fill-61x61.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		code, _, errs, took := interrupt(t, sig, 300*time.Millisecond, t.TempDir(),
			"solve", fill, "--max-coverage", "--backend", "highs", "--no-warm-start")
		want := map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGTERM: 143}[sig]
		if code != want || took > stopGrace+time.Second {
			t.Errorf("%v: exit %d after %v (want %d within %v): %s", sig, code, took, want, stopGrace+time.Second, errs)
		}
	}
}
