//go:build cgo && !nohighs && linux

package highs

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// captureFDs runs f with file descriptors 1 and 2 redirected to a file and
// returns what was written to them (by Go or by C code).
func captureFDs(t *testing.T, f func()) []byte {
	t.Helper()
	capture, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer capture.Close()
	saved := map[int]int{}
	restore := func() {
		flushCStdio()
		for fd, dup := range saved {
			_ = syscall.Dup3(dup, fd, 0)
			_ = syscall.Close(dup)
		}
	}
	for _, fd := range []int{1, 2} {
		dup, err := syscall.Dup(fd)
		if err != nil {
			restore()
			t.Fatal(err)
		}
		saved[fd] = dup
		if err := syscall.Dup3(int(capture.Fd()), fd, 0); err != nil {
			restore()
			t.Fatal(err)
		}
	}
	func() {
		defer restore()
		f()
	}()
	out, err := os.ReadFile(capture.Name())
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestNothingOnStdout checks at the file-descriptor level that HiGHS prints
// nothing to stdout (or stderr), with and without a Log function, while
// solving, reading and writing models, and on errors.
func TestNothingOnStdout(t *testing.T) {
	m := multiKnapsack(30, 3, 5)
	var errs []error
	var lines int
	out := captureFDs(t, func() {
		_, err := Solve(context.Background(), m, Options{})
		errs = append(errs, err)
		_, err = Solve(context.Background(), m, Options{Log: func(string) { lines++ }, OnProgress: func(Progress) {}})
		errs = append(errs, err)
		path := filepath.Join(t.TempDir(), "m.mps")
		errs = append(errs, WriteModel(m, path))
		_, err = ReadModel(path)
		errs = append(errs, err)
		bad := filepath.Join(t.TempDir(), "bad.lp")
		_ = os.WriteFile(bad, []byte("garbage ]]]\n"), 0o644)
		_, _ = ReadModel(bad) // an error, which HiGHS would normally print
		_, _ = Solve(context.Background(), &Model{ColCost: []float64{1, 1}, RowLower: []float64{0}, RowUpper: []float64{1},
			RowStart: []int{0, 2}, Index: []int{0, 0}, Value: []float64{1, 1}}, Options{})
	})
	for i, err := range errs {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if lines == 0 {
		t.Fatal("Log got no lines")
	}
	if len(out) > 0 {
		t.Fatalf("HiGHS wrote %d bytes to stdout/stderr:\n%s", len(out), out)
	}
}

// TestSolveProgramSilent checks at the file-descriptor level that solving
// a program prints nothing on stdout or stderr.
func TestSolveProgramSilent(t *testing.T) {
	p := progPuzzle(t, "holes", "#####/#.#.#/#####/##.##", map[string]int{"T": 2, "V": 0, "L": 1}, progArts, puzzle.Rotate)
	var errs []error
	out := captureFDs(t, func() {
		for _, opt := range progVariants {
			_, err := SolveProgram(context.Background(), mustProg(t, p, opt), Options{})
			errs = append(errs, err)
		}
	})
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) > 0 {
		t.Fatalf("SolveProgram wrote %d bytes to stdout/stderr:\n%s", len(out), out)
	}
}
