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
)

// TestSolveSignalAtTheCommitPoint: solve's result file (the -o JSON
// summary, the -o picture) is renamed into place at the commit point, as
// export's and render's are. A signal just after a search that ran to its
// end, before the rename, leaves nothing (no temporary file either) and
// exits 130 / 143; one after the rename gives the command's own exit with
// the file in place. The old code renamed the file outside the commit
// point: exit 130 with a count marked complete in place (and no hook was
// reached). A search cut short by the time limit writes what it found,
// marked interrupted, whatever the signal: exit 130 before the rename, and
// after it the command's own exit 1 (an incomplete count), not 0.
func TestSolveSignalAtTheCommitPoint(t *testing.T) {
	pent, cube := example("pentomino-10x6.yaml"), example("tetris-cube.yaml")
	dir := t.TempDir()
	type result struct {
		Complete    bool  `json:"complete"`
		Interrupted bool  `json:"interrupted"`
		Solutions   int64 `json:"solutions"`
	}
	for _, c := range []struct {
		name, stage string
		sig         os.Signal
		args        func(out string) []string
		ext         string
		code        int  // the exit
		kept        bool // the file is in place
		interrupted bool // and marked interrupted
	}{
		{"count after", "after", os.Interrupt, func(o string) []string { return []string{"solve", pent, "--count", "--json", "-o", o} }, ".json", 0, true, false},
		{"count before", "before", os.Interrupt, func(o string) []string { return []string{"solve", pent, "--count", "--json", "-o", o} }, ".json", exitInterrupted, false, false},
		{"count before, SIGTERM", "before", syscall.SIGTERM, func(o string) []string { return []string{"solve", pent, "--count", "--json", "-o", o} }, ".json", exitTerminated, false, false},
		{"shard after", "after", syscall.SIGTERM, func(o string) []string {
			return []string{"solve", pent, "--count", "--shard", "1/2", "--json", "-o", o}
		}, ".json", 0, true, false},
		{"picture after", "after", os.Interrupt, func(o string) []string { return []string{"solve", pent, "-o", o} }, ".svg", 0, true, false},
		{"picture before", "before", os.Interrupt, func(o string) []string { return []string{"solve", pent, "-o", o} }, ".svg", exitInterrupted, false, false},
		{"cut short, before", "before", os.Interrupt, func(o string) []string {
			return []string{"solve", cube, "--count", "--time-limit", "200ms", "--json", "-o", o}
		}, ".json", exitInterrupted, true, true},
		{"cut short, after", "after", os.Interrupt, func(o string) []string {
			return []string{"solve", cube, "--count", "--time-limit", "200ms", "--json", "-o", o}
		}, ".json", exitNoSolution, true, true},
	} {
		out := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+c.ext)
		hooked := signalAtCommit(t, c.stage, c.sig)
		code, _, errs := run(t, "", c.args(out)...)
		commitHook = nil
		if !*hooked {
			t.Errorf("%s: the commit point was not reached (exit %d %s)", c.name, code, errs)
			continue
		}
		data, err := os.ReadFile(out)
		if code != c.code || (err == nil) != c.kept {
			t.Errorf("%s: exit %d, file in place %v (%v); want exit %d, in place %v: %s", c.name, code, err == nil, err, c.code, c.kept, errs)
			continue
		}
		if !c.kept || c.ext != ".json" {
			continue
		}
		var r result
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Interrupted != c.interrupted || r.Complete == c.interrupted || r.Solutions == 0 && !c.interrupted {
			t.Errorf("%s: the result says %+v", c.name, r)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// signalAtCommit sets commitHook to deliver sig, through the app's signal
// handler, at the first commit point of stage ("before" or "after" the
// renames), and to wait until it is handled. The result says whether the
// hook ran; the caller clears commitHook.
func signalAtCommit(t *testing.T, stage string, sig os.Signal) *bool {
	t.Helper()
	hooked := new(bool)
	t.Cleanup(func() { commitHook = nil })
	commitHook = func(a *app, s string) {
		if s != stage || *hooked {
			return
		}
		*hooked = true
		a.raise(sig)
		for end := time.Now().Add(5 * time.Second); a.signal.Load() == 0 || a.ctx.Err() == nil; {
			if time.Now().After(end) {
				t.Errorf("the signal at %s was not handled in 5 s", stage)
				return
			}
			time.Sleep(time.Millisecond)
		}
	}
	return hooked
}

// TestSolveSignalBeforeStdoutCommit: a picture and summary on stdout have
// no rename to withhold (what was written is out): a signal just after the
// search ended still prints the picture and the summary, exit 130, as
// before the commit point. With the commit point's check applied to
// stdout the summary was left out.
func TestSolveSignalBeforeStdoutCommit(t *testing.T) {
	signalAtCommit(t, "before", os.Interrupt)
	code, out, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--render", "ascii")
	commitHook = nil
	if code != exitInterrupted || !strings.Contains(out, "solutions") || !strings.Contains(out, "F I I I I I") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 130 with the picture and the summary", code, out, errs)
	}
}

// TestSolveLateSignalHardExit: a signal after solve's result was renamed
// into place, then a second signal (the hard exit): the exit is solve's
// own, from commitExit: 0 for a complete count, 1 for a count the time
// limit cut short (the old code: 130 for both, the file in place). Each
// case runs in a child process (the hard exit is os.Exit).
func TestSolveLateSignalHardExit(t *testing.T) {
	if args := os.Getenv("POLYTILE_TEST_SOLVE_LATE"); args != "" {
		lateSignalHook("second signal") // commitpoint_test.go
		runMain(strings.Split(args, "\n"), strings.NewReader(""), os.Stdout, os.Stderr, os.Exit)
		fmt.Fprintln(os.Stderr, "no hard exit")
		os.Exit(98)
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		code int
	}{
		{"complete", []string{"solve", example("pentomino-10x6.yaml"), "--count", "--json", "-o", filepath.Join(dir, "complete.json")}, 0},
		{"cut short", []string{"solve", example("tetris-cube.yaml"), "--count", "--time-limit", "200ms", "--json", "-o", filepath.Join(dir, "cut.json")}, exitNoSolution},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestSolveLateSignalHardExit$")
		cmd.Env = append(os.Environ(), "POLYTILE_TEST_SOLVE_LATE="+strings.Join(c.args, "\n"))
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &errb, &errb
		err := cmd.Run()
		code := cmd.ProcessState.ExitCode()
		if !strings.Contains(errb.String(), "stopped at once") || code != c.code {
			t.Errorf("%s: exit %d (%v), want a hard exit %d: %s", c.name, code, err, c.code, errb.String())
		}
		if _, err := os.Stat(c.args[len(c.args)-1]); err != nil {
			t.Errorf("%s: the result is not in place: %v", c.name, err)
		}
	}
}
