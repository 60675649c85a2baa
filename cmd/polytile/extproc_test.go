package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/polytile/polytile/compare"
)

// TestCompareKillsSolverChildren: a --dlx-solver wrapper script whose
// busy child would outlive the time limit (it was reparented to PID 1
// and kept burning CPU: only the wrapper was killed) dies with it.
func TestCompareKillsSolverChildren(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "child.pid")
	wrapper := filepath.Join(dir, "wrapper")
	body := "#!/bin/sh\nsh -c 'while :; do :; done' &\necho $! > " + pidFile + "\nwait\n"
	if err := os.WriteFile(wrapper, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "dlx", "--dlx-solver", wrapper,
		"--time-limit", "500ms", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	if r := findRow(t, compareJSON(t, out).Tables[0], wrapper); r.Status != compare.Timeout {
		t.Errorf("wrapper: %+v", r)
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if syscall.Kill(pid, 0) != nil || err == nil && strings.Contains(string(st), ") Z ") {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Fatalf("the wrapper's busy child %d outlived compare", pid)
}

// TestCompareSolverOutputBounded: an external solver's output is kept
// up to a bound, and the message says so (64 MB of output were held
// whole in a bytes.Buffer: /usr/bin/yes took 4.2 GB in 4 s).
func TestCompareSolverOutputBounded(t *testing.T) {
	dir := t.TempDir()
	noisy := filepath.Join(dir, "noisy")
	if err := os.WriteFile(noisy, []byte("#!/bin/sh\ncat >/dev/null\nhead -c 67108864 /dev/zero | tr '\\0' y\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, out, errs := run(t, "", "compare", example("pentomino-20x3.yaml"), "-b", "dlx", "--dlx-solver", noisy, "--format", "json")
	runtime.ReadMemStats(&after)
	if code == 2 {
		t.Fatalf("exit %d: %s\n%s", code, errs, out)
	}
	r := findRow(t, compareJSON(t, out).Tables[0], noisy)
	if r.Status != compare.Error || !strings.Contains(r.Reason, "only its first 1 MiB and last 3 MiB were kept") {
		t.Errorf("noisy solver: %+v", r.Status)
	}
	if len(r.Reason) > 10000 {
		t.Errorf("reason of %d bytes", len(r.Reason))
	}
	if a := after.TotalAlloc - before.TotalAlloc; a >= 64<<20 {
		t.Errorf("compare allocated %d MB for 64 MB of solver output", a>>20)
	}
}
