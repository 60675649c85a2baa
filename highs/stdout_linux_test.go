//go:build cgo && !nohighs && linux

package highs

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNothingOnStdout checks at the file-descriptor level that HiGHS prints
// nothing to stdout (or stderr), with and without a Log function, while
// solving, reading and writing models, and on errors.
func TestNothingOnStdout(t *testing.T) {
	capture, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer capture.Close()
	saved := map[int]int{}
	for _, fd := range []int{1, 2} {
		dup, err := syscall.Dup(fd)
		if err != nil {
			t.Fatal(err)
		}
		saved[fd] = dup
	}
	restore := func() {
		flushCStdio()
		for fd, dup := range saved {
			_ = syscall.Dup3(dup, fd, 0)
			_ = syscall.Close(dup)
		}
		saved = nil
	}
	defer func() {
		if saved != nil {
			restore()
		}
	}()
	for _, fd := range []int{1, 2} {
		if err := syscall.Dup3(int(capture.Fd()), fd, 0); err != nil {
			t.Fatal(err)
		}
	}

	m := multiKnapsack(30, 3, 5)
	var errs []error
	var lines int
	_, err = Solve(context.Background(), m, Options{})
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
	restore()

	for i, err := range errs {
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if lines == 0 {
		t.Fatal("Log got no lines")
	}
	out, err := os.ReadFile(capture.Name())
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > 0 {
		t.Fatalf("HiGHS wrote %d bytes to stdout/stderr:\n%s", len(out), out)
	}
}
