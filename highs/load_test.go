//go:build cgo && !nohighs && linux

package highs

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// mapsHighs reports whether the HiGHS library is mapped into this process.
func mapsHighs(t *testing.T) bool {
	t.Helper()
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skipf("no /proc/self/maps: %v", err)
	}
	return strings.Contains(string(b), "libhighs")
}

// TestLoadOnFirstUse runs a fresh process of this test binary and checks
// that the HiGHS library is not mapped until the package first needs it:
// the native solvers never pay for it, and a binary copied to a machine
// without it still starts. (When the library was linked, the loader
// mapped it before main.)
func TestLoadOnFirstUse(t *testing.T) {
	if os.Getenv("POLYTILE_TEST_LOAD_CHILD") == "1" {
		if mapsHighs(t) {
			t.Fatal("libhighs is mapped before the package used it")
		}
		if Version() == "" {
			t.Fatalf("Version: the library did not load: %v", load())
		}
		if !mapsHighs(t) {
			t.Fatal("libhighs is not mapped after Version")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadOnFirstUse$", "-test.count=1")
	cmd.Env = append(os.Environ(), "POLYTILE_TEST_LOAD_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

// TestLoadMissingLibrary checks the error of a library that cannot be
// loaded: it is ErrUnavailable for the callers that fall back, it says
// what dlopen said, and a failed attempt leaves a loaded library usable.
func TestLoadMissingLibrary(t *testing.T) {
	err := loadFrom([]string{"libpolytile-no-such-highs.so", "libpolytile-no-such-highs.so.1"})
	if err == nil {
		t.Fatal("loadFrom of a missing library succeeded")
	}
	if !errors.Is(err, ErrUnavailable) {
		t.Errorf("error %v is not ErrUnavailable", err)
	}
	for _, want := range []string{"could not be loaded", "libpolytile-no-such-highs.so:", "libpolytile-no-such-highs.so.1", "LD_LIBRARY_PATH"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if Version() == "" {
		t.Fatalf("Version after a failed load: %v", load())
	}
	m := &Model{Maximize: true, ColCost: []float64{1}, ColLower: []float64{0}, ColUpper: []float64{1}, RowStart: []int{0}}
	if _, err := Solve(t.Context(), m, Options{}); err != nil {
		t.Errorf("Solve after a failed load: %v", err)
	}
}

// TestEntryPointsWithoutLibrary runs a child process whose first load
// fails, as on a machine without HiGHS: every entry point reports
// ErrUnavailable, and WriteModel does so before it touches its path (an
// existing file keeps its contents; it used to be truncated first).
func TestEntryPointsWithoutLibrary(t *testing.T) {
	if os.Getenv("POLYTILE_TEST_NOLIB_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestEntryPointsWithoutLibrary$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), "POLYTILE_TEST_NOLIB_CHILD=1")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "--- PASS: TestEntryPointsWithoutLibrary") {
			t.Fatalf("child: %v\n%s", err, out)
		}
		return
	}
	loaded = sync.OnceValue(func() error { return loadFrom([]string{"libpolytile-no-such-highs.so"}) })
	if v := Version(); v != "" {
		t.Errorf("Version %q without the library", v)
	}
	if r := UnavailableReason(); !strings.Contains(r, "could not be loaded") {
		t.Errorf("UnavailableReason %q", r)
	}
	m := &Model{ColCost: []float64{1}, ColLower: []float64{0}, ColUpper: []float64{1}, RowStart: []int{0}}
	path := filepath.Join(t.TempDir(), "keep.lp")
	if err := os.WriteFile(path, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errSolve := Solve(t.Context(), m, Options{})
	_, errRead := ReadModel(path)
	for name, err := range map[string]error{
		"Solve":      errSolve,
		"ReadModel":  errRead,
		"WriteModel": WriteModel(m, path),
		"CheckExtra": CheckExtra([]Option{{Name: "simplex_strategy", Value: "1"}}),
	} {
		if !errors.Is(err, ErrUnavailable) {
			t.Errorf("%s: %v, want ErrUnavailable", name, err)
		}
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "kept\n" {
		t.Errorf("WriteModel without the library left %q (%v), want the file as it was", b, err)
	}
}
