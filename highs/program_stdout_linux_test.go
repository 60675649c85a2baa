//go:build cgo && !nohighs && linux

package highs

import (
	"context"
	"os"
	"syscall"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestSolveProgramSilent checks at the file-descriptor level that solving
// a program prints nothing on stdout or stderr.
func TestSolveProgramSilent(t *testing.T) {
	p := progPuzzle(t, "holes", "#####/#.#.#/#####/##.##", map[string]int{"T": 2, "V": 0, "L": 1}, progArts, puzzle.Rotate)
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
		if err := syscall.Dup3(int(capture.Fd()), fd, 0); err != nil {
			t.Fatal(err)
		}
	}
	var errs []error
	for _, opt := range progVariants {
		_, err := SolveProgram(context.Background(), mustProg(t, p, opt), Options{})
		errs = append(errs, err)
	}
	flushCStdio()
	for fd, dup := range saved {
		_ = syscall.Dup3(dup, fd, 0)
		_ = syscall.Close(dup)
	}
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if out, _ := os.ReadFile(capture.Name()); len(out) > 0 {
		t.Fatalf("SolveProgram wrote %d bytes to stdout/stderr:\n%s", len(out), out)
	}
}
