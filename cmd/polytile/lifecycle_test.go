package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/polytile/polytile/internal/ctxio"
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

// TestSignalAtTheCommitPoint: an export (the program with its
// --highs-options-file companion) and a render -o cut by a signal at
// their very end. A signal after the renames leaves the complete files
// in place with exit 0 (it was exit 130 with the complete files there);
// one just before the commit point leaves nothing, no temporary file
// either, with exit 130. The signal is delivered as the operating system
// delivers it, through the app's signal handler (a commitObserver). Fails on
// the old code (with the hook kept and the ordering removed: exit 130
// after the renames).
func TestSignalAtTheCommitPoint(t *testing.T) {
	pz := example("pentomino-10x6.yaml")
	dir := t.TempDir()
	want := map[string][]byte{}
	runs := map[string]func(out string) []string{
		"export": func(out string) []string {
			return []string{"export", pz, "--format", "lp", "-o", out + ".lp", "--highs-options-file", out + ".opt"}
		},
		"render": func(out string) []string { return []string{"render", pz, "--format", "svg", "-o", out + ".svg"} },
	}
	outputs := func(out string) []string {
		m, _ := filepath.Glob(out + ".*")
		return m
	}
	for name, args := range runs {
		ref := filepath.Join(dir, name+"-ref")
		if code, _, errs := run(t, "", args(ref)...); code != 0 {
			t.Fatalf("%s: exit %d %s", name, code, errs)
		}
		for _, f := range outputs(ref) {
			want[strings.TrimPrefix(f, ref)] = mustRead(t, f)
		}
	}
	for _, stage := range []string{"after", "before"} {
		for name, args := range runs {
			out := filepath.Join(dir, name+"-"+stage)
			hooked := false
			hook := commitFunc(func(a *app, s string) {
				if s != stage || hooked {
					return
				}
				hooked = true
				a.raise(os.Interrupt)
				for end := time.Now().Add(5 * time.Second); a.signal.Load() == 0 || a.ctx.Err() == nil; {
					if time.Now().After(end) {
						t.Fatalf("%s %s: the signal was not handled in 5 s", name, stage)
					}
					time.Sleep(time.Millisecond)
				}
			})
			code, _, errs := runObserved(t, hook, "", args(out)...)
			if !hooked {
				t.Fatalf("%s %s: the commit point was not reached (exit %d %s)", name, stage, code, errs)
			}
			got := outputs(out)
			switch stage {
			case "after":
				if code != 0 || len(got) == 0 {
					t.Errorf("%s, a signal after the rename: exit %d, files %v %s", name, code, got, errs)
				}
				for _, f := range got {
					if !bytes.Equal(mustRead(t, f), want[strings.TrimPrefix(f, out)]) {
						t.Errorf("%s, a signal after the rename: %s is not the complete output", name, f)
					}
				}
			case "before":
				if code != exitInterrupted || len(got) != 0 {
					t.Errorf("%s, a signal before the rename: exit %d, files %v %s", name, code, got, errs)
				}
			}
		}
	}
	// No temporary file is left by any run.
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestLateSignalHardExit: a signal after the outputs of an export were
// renamed into place, then the hard exit (a second signal, or the
// watchdog: the command held at the commit point past stopGrace). The
// files are complete and in place, so the exit is the command's, 0 (it
// was 130, the first signal's, with every file replaced). The hard exit
// is os.Exit and stops the temporary files' registry: each case runs in
// a child process (this test binary again). Fails on the old code.
func TestLateSignalHardExit(t *testing.T) {
	if how := os.Getenv("POLYTILE_TEST_LATE_SIGNAL"); how != "" {
		lateSignalChild(how, os.Getenv("POLYTILE_TEST_LATE_SIGNAL_OUT"))
		return
	}
	dir := t.TempDir()
	for _, how := range []string{"second signal", "watchdog"} {
		out := filepath.Join(dir, strings.ReplaceAll(how, " ", "-"))
		cmd := exec.Command(os.Args[0], "-test.run=^TestLateSignalHardExit$")
		cmd.Env = append(os.Environ(), "POLYTILE_TEST_LATE_SIGNAL="+how, "POLYTILE_TEST_LATE_SIGNAL_OUT="+out)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &errb, &errb
		err := cmd.Run()
		code := cmd.ProcessState.ExitCode()
		if !strings.Contains(errb.String(), "stopped at once") {
			t.Fatalf("%s: no hard exit (exit %d, %v): %s", how, code, err, errb.String())
		}
		if code != 0 {
			t.Errorf("%s after the rename: exit %d, want 0 (the files are in place): %s", how, code, errb.String())
		}
		for _, f := range []string{out + ".lp", out + ".opt"} {
			if st, err := os.Stat(f); err != nil || st.Size() == 0 {
				t.Errorf("%s: %s not in place: %v", how, f, err)
			}
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// lateSignalChild is the process of a TestLateSignalHardExit case: an
// export signalled after its renames and held there, ended by os.Exit.
func lateSignalChild(how, out string) {
	runMainWith([]string{"export", example("pentomino-10x6.yaml"), "--format", "lp", "-o", out + ".lp", "--highs-options-file", out + ".opt"},
		strings.NewReader(""), os.Stdout, os.Stderr, runOptions{hardExit: os.Exit, observer: lateSignalHook(how)})
	fmt.Fprintln(os.Stderr, "no hard exit")
	os.Exit(98)
}

// lateSignalHook is an observer that signals the command after its
// renames and holds it there until a hard exit ends the process: a second
// signal (how "second signal") or the watchdog.
func lateSignalHook(how string) commitObserver {
	return commitFunc(func(a *app, s string) {
		if s != "after" {
			return
		}
		a.raise(os.Interrupt)
		for a.ctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		if how == "second signal" {
			a.raise(os.Interrupt)
		}
		time.Sleep(stopGrace + 5*time.Second) // the hard exit comes first
		fmt.Fprintln(os.Stderr, "no hard exit")
		os.Exit(99)
	})
}

// commitFunc is a commitObserver made of a function.
type commitFunc func(a *app, stage string)

func (f commitFunc) atCommit(a *app, stage string) { f(a, stage) }

// runObserved is run with obs watching the commit points.
func runObserved(t *testing.T, obs commitObserver, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runMainWith(args, strings.NewReader(stdin), &out, &errb, runOptions{observer: obs})
	return code, out.String(), errb.String()
}

// TestCommitAllOrNothing: an export whose companion's target becomes a
// symbolic link while the files are written (here at the commit point)
// is refused without replacing any target: the program's old file stays
// as it was, beside the companion's. The program was renamed first and
// the companion then refused (exit 2 with the new program beside the old
// options, which highs would read together). Fails on the old code.
func TestCommitAllOrNothing(t *testing.T) {
	pz := example("pentomino-10x6.yaml")
	dir := t.TempDir()
	lp, opt, other := filepath.Join(dir, "p.lp"), filepath.Join(dir, "p.opt"), filepath.Join(dir, "other")
	for _, f := range []string{lp, opt, other} {
		if err := os.WriteFile(f, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	hook := commitFunc(func(a *app, s string) {
		if s == "before" {
			os.Remove(opt)
			if err := os.Symlink(other, opt); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}
	})
	code, _, errs := runObserved(t, hook, "", "export", pz, "--format", "lp", "-o", lp, "--highs-options-file", opt)
	if code != exitUsage || !strings.Contains(errs, "the target changed") {
		t.Errorf("exit %d, want 2 naming the changed target: %s", code, errs)
	}
	for _, f := range []string{lp, other} {
		if b := mustRead(t, f); string(b) != "old\n" {
			t.Errorf("%s replaced (%d bytes) though the export was refused", f, len(b))
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestHungCommitHardExit: a commit held up at its renames (a file system
// that hangs; here the test holds the commit lock) does not hold up the
// hard exits: the watchdog, or a second signal, ends the process with
// the signal's exit, nothing renamed and no temporary file left. The
// signal handler waited for the lock without end, before the watchdog
// and the second signal: the process could be stopped only by SIGKILL.
// Fails on the old code (the child still running after 10 s).
func TestHungCommitHardExit(t *testing.T) {
	if how := os.Getenv("POLYTILE_TEST_HUNG_COMMIT"); how != "" {
		hungCommitChild(how, os.Getenv("POLYTILE_TEST_HUNG_COMMIT_OUT"))
		return
	}
	dir := t.TempDir()
	for _, how := range []string{"second signal", "watchdog"} {
		out := filepath.Join(dir, strings.ReplaceAll(how, " ", "-"))
		cmd := exec.Command(os.Args[0], "-test.run=^TestHungCommitHardExit$")
		cmd.Env = append(os.Environ(), "POLYTILE_TEST_HUNG_COMMIT="+how, "POLYTILE_TEST_HUNG_COMMIT_OUT="+out)
		var errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &errb, &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("%s: still running 10 s after the signal, the commit held up: %s", how, errb.String())
			continue
		}
		if code := cmd.ProcessState.ExitCode(); code != exitInterrupted || !strings.Contains(errb.String(), "stopped at once") {
			t.Errorf("%s: exit %d, want a hard exit 130: %s", how, code, errb.String())
		}
		if m, _ := filepath.Glob(out + ".*"); len(m) != 0 {
			t.Errorf("%s: files renamed: %v", how, m)
		}
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// hungCommitChild is the process of a TestHungCommitHardExit case: an
// export whose commit waits for the lock the hook holds, signalled there.
func hungCommitChild(how, out string) {
	hook := commitFunc(func(a *app, s string) {
		if s != "before" {
			return
		}
		a.commitMu.Lock() // the commit waits for it: held up at its renames
		a.raise(os.Interrupt)
		if how == "second signal" {
			time.Sleep(100 * time.Millisecond)
			a.raise(os.Interrupt)
		}
	})
	runMainWith([]string{"export", example("pentomino-10x6.yaml"), "--format", "lp", "-o", out + ".lp", "--highs-options-file", out + ".opt"},
		strings.NewReader(""), os.Stdout, os.Stderr, runOptions{hardExit: os.Exit, observer: hook})
	fmt.Fprintln(os.Stderr, "no hard exit")
	os.Exit(98)
}

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
		hooked, hook := signalAtCommit(t, c.stage, c.sig)
		code, _, errs := runObserved(t, hook, "", c.args(out)...)
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

// signalAtCommit returns an observer that delivers sig, through the
// app's signal handler, at the first commit point of stage ("before" or
// "after" the renames), and waits until it is handled. hooked says
// whether the observer ran.
func signalAtCommit(t *testing.T, stage string, sig os.Signal) (hooked *bool, obs commitObserver) {
	t.Helper()
	hooked = new(bool)
	obs = commitFunc(func(a *app, s string) {
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
	})
	return hooked, obs
}

// TestSolveSignalBeforeStdoutCommit: a picture and summary on stdout have
// no rename to withhold (what was written is out): a signal just after the
// search ended still prints the picture and the summary, exit 130, as
// before the commit point. With the commit point's check applied to
// stdout the summary was left out.
func TestSolveSignalBeforeStdoutCommit(t *testing.T) {
	_, hook := signalAtCommit(t, "before", os.Interrupt)
	code, out, errs := runObserved(t, hook, "", "solve", example("pentomino-10x6.yaml"), "--render", "ascii")
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
		runMainWith(strings.Split(args, "\n"), strings.NewReader(""), os.Stdout, os.Stderr, runOptions{hardExit: os.Exit, observer: lateSignalHook("second signal")})
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

// TestInterruptedExitCodeAlonePrintsNothing: a command that returned an
// exit code alone (its message already printed: the picture not drawn
// within half a second of Ctrl-C, a count of 0) prints no "polytile: exit
// 1" line after a signal. Before the fix solve --limit 9356 -o g.png
// interrupted while drawing ended its stderr with "polytile: exit 1": the
// SIGINT and SIGTERM cases failed.
func TestInterruptedExitCodeAlonePrintsNothing(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, exitInterrupted}, {syscall.SIGTERM, exitTerminated}, {0, exitNoSolution}} {
		var errb bytes.Buffer
		a := &app{stderr: &errb}
		a.signal.Store(int32(c.sig))
		if code := a.exitCode(noSolution); code != c.want || errb.Len() != 0 {
			t.Errorf("signal %d: exit %d, stderr %q; want exit %d and nothing printed", c.sig, code, errb.String(), c.want)
		}
	}
}

// TestSignalAfterRunMainIsIgnored: once runMain of the real process (a
// hard exit given) has returned, the exit is decided; a SIGINT or SIGTERM
// before os.Exit must not end the process by its default action (a
// shell's 130 with a complete -o result in place, seen 1 run in 100 of
// two SIGINTs near the end of a short count). The old code ended this
// test binary.
func TestSignalAfterRunMainIsIgnored(t *testing.T) {
	defer signal.Reset(os.Interrupt, syscall.SIGTERM)
	hard := func(int) { t.Error("hard exit without a signal") }
	if code := runMain([]string{"version"}, strings.NewReader(""), io.Discard, io.Discard, hard); code != 0 {
		t.Fatalf("version: exit %d", code)
	}
	for _, s := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		if err := syscall.Kill(os.Getpid(), s); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(100 * time.Millisecond) // a signal's default action would have ended the process by now
}

// TestHardExitRemovesTemporaries: the watchdog (the command still running
// stopGrace after SIGINT, here HiGHS's presolve) and a second signal (GNU
// timeout -s INT signals twice) end the process with os.Exit, which runs
// no deferred Abort; the temporary file of -o must be removed all the same
// (atomicfile.RemoveTemps), leaving the directory as it was. The watchdog
// case is skipped when its one attempt finds HiGHS answering the signal in
// time (it depends on the machine's load); the second signal always takes
// its path, which is the watchdog's too.
func TestHardExitRemovesTemporaries(t *testing.T) {
	fill, err := filepath.Abs(example("fill-61x61.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		signals int
		want    string
	}{
		{"watchdog", 1, "still running"},
		{"second signal", 2, "second signal"},
	} {
		t.Run(c.name, func(t *testing.T) {
			// Which phase HiGHS is in when the signal comes depends on the
			// machine's load (building the model, presolve, the root LP);
			// an attempt that stopped within the grace did not take the
			// hard path, so the signal comes later in the next one. Every
			// attempt must leave the directory as it was.
			delays := []time.Duration{1500, 2500}
			if c.signals == 1 {
				// The watchdog needs HiGHS in a phase that does not call
				// back; under some loads none of the attempts finds one.
				// Both hard paths leave through one function in runMain,
				// which the second-signal case exercises every time.
				delays = delays[:1]
			}
			for _, delay := range delays {
				code, stderr := hardExitAttempt(t, fill, c.signals, delay*time.Millisecond)
				if code != 130 {
					t.Fatalf("exit %d after SIGINT at %v, want 130: %s", code, delay, stderr)
				}
				if strings.Contains(stderr, c.want) {
					return // and hardExitAttempt found the directory empty
				}
			}
			t.Skipf("no attempt reached the %s path (the solve always stopped within the grace)", c.name)
		})
	}
}

// hardExitAttempt runs the HiGHS maximum coverage of fill with -o h.svg
// in a new directory, sends SIGINT signals times after delay, and returns
// the exit code and stderr after checking the directory: no temporary
// left, and after a hard exit nothing at all (a run that stopped within
// the grace writes its best tiling to h.svg, as an interrupted run does).
func hardExitAttempt(t *testing.T, fill string, signals int, delay time.Duration) (int, string) {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(binary(t), "solve", fill, "--max-coverage", "--backend", "highs", "--no-warm-start", "-q", "-o", "h.svg")
	cmd.Dir = dir
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(delay) // the -o temporary exists from before the search
	for n := range signals {
		if n > 0 {
			time.Sleep(100 * time.Millisecond)
		}
		cmd.Process.Signal(syscall.SIGINT)
	}
	cmd.Wait()
	hard := strings.Contains(errb.String(), "stopped at once")
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if hard || e.Name() != "h.svg" {
			t.Errorf("SIGINT at %v left %s behind: %s", delay, e.Name(), errb.String())
		}
	}
	return cmd.ProcessState.ExitCode(), errb.String()
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
			// The signal comes at 55% of an uninterrupted run's time, in
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
			code, errs, took := signalAfter(t, whole*55/100, dir, c.args...)
			if code != exitInterrupted || took > time.Second || strings.Contains(errs, "still running") {
				t.Errorf("exit %d %v after SIGINT: %s", code, took, errs)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "r.txt")); !os.IsNotExist(err) {
		t.Errorf("an interrupted render left r.txt: %v", err)
	}
}

// TestTimeLimitWaitingForFIFOReader: a --time-limit that ends while -o
// waits for a FIFO's reader is the time limit, exit 1 (docs/reliability.md),
// not a usage error. Before the fix it was exit 2.
func TestTimeLimitWaitingForFIFOReader(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	code, _, errs := run(t, "", "solve", example("pentomino-10x6.yaml"), "--render", "ascii", "-o", fifo, "--time-limit", "300ms")
	if code != exitNoSolution || !strings.Contains(errs, "time limit reached") || !strings.Contains(errs, "no reader opened the FIFO") {
		t.Errorf("exit %d, %q; want exit 1 naming the time limit", code, errs)
	}
}

// TestTimeLimitWaitingForFIFOReaderJSON: the same for the --json summary
// written to -o (a shard's result), which used to be opened only after the
// search, without the time limit: with no reader the command waited until
// a signal.
func TestTimeLimitWaitingForFIFOReaderJSON(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "out.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFO:", err)
	}
	done := make(chan struct{})
	var code int
	var errs string
	go func() {
		defer close(done)
		code, _, errs = run(t, "", "solve", example("pentomino-10x6.yaml"), "--count", "--json", "-o", fifo, "--time-limit", "300ms")
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("solve --json -o FIFO without a reader did not stop at its --time-limit")
	}
	if code != exitNoSolution || !strings.Contains(errs, "time limit reached") {
		t.Errorf("exit %d, %q; want exit 1 naming the time limit", code, errs)
	}
}

// TestSignalWaitingForFIFOReader: SIGINT while -o waits for a FIFO's
// reader (solve's result, its picture, render, export) exits 130 with
// nothing more, as every command after a signal; it printed "polytile:
// -o: cannot write out.json: no reader opened the FIFO: context canceled"
// (usageErr's %v lost the cancellation).
func TestSignalWaitingForFIFOReader(t *testing.T) {
	dir := t.TempDir()
	in := copyExample(t, dir, "pentomino-10x6.yaml")
	for _, c := range []struct{ name, fifo string }{
		{"solve json", "out.json"},
		{"solve picture", "out.svg"},
		{"render", "r.svg"},
		{"export", "p.lp"},
	} {
		fifo := filepath.Join(dir, c.fifo)
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Skip("no FIFO:", err)
		}
		args := map[string][]string{
			"solve json":    {"solve", in, "--count", "--shard", "0/2", "--json", "-o", fifo},
			"solve picture": {"solve", in, "-o", fifo},
			"render":        {"render", in, "-o", fifo},
			"export":        {"export", in, "--format", "lp", "-o", fifo},
		}[c.name]
		code, _, errs, _ := interrupt(t, syscall.SIGINT, 300*time.Millisecond, dir, append(args, "-q")...)
		if code != exitInterrupted || strings.TrimSpace(errs) != "" {
			t.Errorf("%s: exit %d, stderr %q; want 130 and nothing", c.name, code, errs)
		}
	}
}

// TestJSONSummaryWithinGraceOfStop: solve --json encoded its summary
// after the stop without reading the context, and the tiling of a million
// cells takes seconds to encode: --max-coverage --time-limit 1500ms on
// 1024x1024 monominoes ran about 2 s past the limit, and SIGINT there met
// the watchdog ("still running 1s after the signal"). The summary now
// gets ctxio.StopGrace after the stop, as the pictures do: it is written whole
// when ready in time, else not at all, with a note and exit 1.
func TestJSONSummaryWithinGraceOfStop(t *testing.T) {
	if testing.Short() {
		t.Skip("a million cells")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "mono.yaml")
	os.WriteFile(in, []byte("board: 1024x1024\ncount: unlimited\npieces:\n  I: \"#\"\n"), 0o644)
	for _, args := range [][]string{
		{"--json"},
		{"--json", "-o", filepath.Join(dir, "summary.json")},
	} {
		start := time.Now()
		code, stdout, errs := run(t, "", append([]string{"solve", in, "--max-coverage", "--time-limit", "1500ms", "-q"}, args...)...)
		took := time.Since(start)
		// 1.5 s, ctxio.StopGrace and slack for a loaded machine. A summary
		// given up at the grace says so (the note; the give-up point itself
		// is TestWriteJSONWithinGivesUp's), and then only a hang is looked
		// for: under the load of a parallel go test the exit comes up to a
		// second later. A summary written whole must be in time.
		limit := 3 * time.Second
		if strings.Contains(errs, "JSON summary was not finished") {
			limit = 5 * time.Second
		}
		if took > limit {
			t.Errorf("%v: took %v with --time-limit 1500ms (exit %d): %.200s", args, took, code, errs)
		}
		out := stdout
		if len(args) > 1 {
			data, _ := os.ReadFile(args[2])
			out = string(data)
		}
		switch {
		case strings.Contains(errs, "JSON summary was not finished"):
			if code != exitNoSolution || out != "" {
				t.Errorf("%v: not written, yet exit %d and %d bytes of output", args, code, len(out))
			}
		case !json.Valid([]byte(out)):
			t.Errorf("%v: exit %d, the summary is not valid JSON (%d bytes): %.200s", args, code, len(out), errs)
		}
	}
}

// slowJSON is a value whose encoding ends only when its channel closes.
type slowJSON struct{ release chan struct{} }

func (s slowJSON) MarshalJSON() ([]byte, error) {
	<-s.release
	return []byte("{}"), nil
}

// TestWriteJSONWithinGivesUp: an encoding that outlives ctxio.StopGrace after
// the stop is given up with errJSONLate and writes nothing (writeJSONLine
// waited for it, however long); before the stop, it is waited for.
func TestWriteJSONWithinGivesUp(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v := slowJSON{make(chan struct{})}
	defer close(v.release)
	done := make(chan error, 1)
	var out strings.Builder
	go func() { done <- writeJSONWithin(ctx, &out, v, true) }()
	select {
	case err := <-done:
		if !errors.Is(err, errJSONLate) || out.Len() != 0 {
			t.Errorf("%v, %d bytes written", err, out.Len())
		}
	case <-time.After(ctxio.StopGrace + 5*time.Second):
		t.Fatal("the encoding was waited for past its grace")
	}
	quick := slowJSON{make(chan struct{})}
	close(quick.release)
	if err := writeJSONWithin(context.Background(), io.Discard, quick, false); err != nil {
		t.Errorf("an encoding without a stop: %v", err)
	}
}

// pipeFull waits until the command pid is blocked writing to the pipe read
// by r: a thread of it waits in the kernel's pipe write (its wchan), or
// the pipe holds all it can (FIONREAD: a write of more than PIPE_BUF
// bytes fills it; a smaller one that does not fit leaves it short).
func pipeFull(t *testing.T, pid int, r *os.File, done <-chan struct{}) {
	t.Helper()
	size, _, errno := syscall.Syscall(syscall.SYS_FCNTL, r.Fd(), 1032 /* F_GETPIPE_SZ */, 0)
	if errno != 0 {
		t.Skipf("F_GETPIPE_SZ: %v", errno)
	}
	for {
		var n int32
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, r.Fd(), syscall.TIOCINQ, uintptr(unsafe.Pointer(&n))); errno != 0 {
			t.Fatalf("FIONREAD: %v", errno)
		}
		if uintptr(n) >= size || writingPipe(pid) {
			return
		}
		select {
		case <-done:
			t.Fatal("the command ended before filling the pipe")
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// writingPipe reports whether a thread of pid waits in a pipe's write.
func writingPipe(pid int) bool {
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/wchan", pid))
	for _, w := range tasks {
		if b, err := os.ReadFile(w); err == nil && strings.Contains(string(b), "pipe_write") {
			return true
		}
	}
	return false
}

// TestWatchdogNamesTheBlockedWrite: a command blocked writing an output
// written in place that nobody reads (export -o FIFO whose reader does
// not read, or stdout a full pipe) is ended by the watchdog after SIGINT
// (exit 130); its message said "a solver that cannot be interrupted, such
// as HiGHS's presolve". It names the output now.
func TestWatchdogNamesTheBlockedWrite(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	in := copyExample(t, dir, "pentomino-10x6.yaml") // an LP of 171 kB: more than a pipe holds
	fifo := filepath.Join(dir, "p.lp")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	export := func(out string) []string { return []string{"export", in, "--format", "lp", "-q", "-o", out} }
	for _, c := range []struct {
		name, out, want string
		args            []string
	}{
		{"fifo", fifo, "writing " + fifo + ", which is not being read", export(fifo)},
		{"stdout", "-", "writing to standard output, which is not being read", export("-")},
		// Written to stdout directly, not through an output file: the
		// reason names such a write among the calls that cannot be
		// interrupted (it named HiGHS's presolve alone).
		{"jsonl", "-", "or a write to a pipe or FIFO that is not being read", []string{"solve", in, "--limit", "100000", "--jsonl", "-q"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r, w *os.File
			var err error
			cmd := exec.Command(bin, c.args...)
			if c.out == "-" {
				if r, w, err = os.Pipe(); err != nil {
					t.Fatal(err)
				}
				cmd.Stdout = w
			} else if r, err = os.OpenFile(c.out, os.O_RDONLY|syscall.O_NONBLOCK, 0); err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			var errb bytes.Buffer
			cmd.Stderr = &errb
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if w != nil {
				w.Close()
			}
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			pipeFull(t, cmd.Process.Pid, r, done)
			cmd.Process.Signal(syscall.SIGINT)
			<-done
			if code := cmd.ProcessState.ExitCode(); code != 130 || !strings.Contains(errb.String(), c.want) || c.name != "jsonl" && strings.Contains(errb.String(), "HiGHS") {
				t.Errorf("exit %d, stderr %q; want 130 and %q", code, errb.String(), c.want)
			}
		})
	}
}

// Tests of the input boundary (issue 11, items 5, 6, 7, 9 and 14): bounded
// numeric flags, one deadline from the start of a command, aliases and
// control characters in puzzle files, --version.

// runWithin runs the CLI in-process and fails the test if it has not ended
// after limit (the code before the fix ran for minutes on these inputs).
func runWithin(t *testing.T, limit time.Duration, args ...string) (int, string, string, time.Duration) {
	t.Helper()
	type result struct {
		code      int
		out, errs string
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		code, out, errs := run(t, "", args...)
		done <- result{code, out, errs}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.errs, time.Since(start)
	case <-time.After(limit):
		t.Fatalf("polytile %s still running after %v", strings.Join(args, " "), limit)
	}
	return 0, "", "", 0
}

// TestTimeLimitCountsFromStart: --time-limit bounds the whole command, the
// reading of the puzzle and its image build included. The old solve started
// the clock after the images (minutes on this input).
func TestTimeLimitCountsFromStart(t *testing.T) {
	path := latticeYAML(t, 1000, 60, 64, 8)
	// 100 ms: well before the image-search work limit refuses the puzzle.
	code, _, errs, took := runWithin(t, 60*time.Second, "solve", path, "--time-limit", "100ms")
	if code != exitNoSolution || !strings.Contains(errs, "time limit reached while reading the puzzle") {
		t.Fatalf("exit %d, stderr %q; want exit 1 and the time limit", code, errs)
	}
	if took > 2100*time.Millisecond {
		t.Fatalf("took %v with --time-limit 100ms", took)
	}
}

// TestSIGINTWhileBuildingImages: Ctrl-C during the image build of a
// puzzle that takes seconds to refuse stops the process within a second
// (exit 130). The old code honoured the signal only when the build ended,
// minutes later.
func TestSIGINTWhileBuildingImages(t *testing.T) {
	path := latticeYAML(t, 1000, 60, 64, 8)
	cmd := exec.Command(binary(t), "solve", path, "--count")
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ended := make(chan struct{})
	go func() { cmd.Wait(); close(ended) }()
	time.Sleep(200 * time.Millisecond) // before the work limit could refuse the puzzle
	sent := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatalf("signal: %v (ended before it: %s %s)", err, out.String(), errb.String())
	}
	select {
	case <-ended:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-ended
		t.Fatalf("still running 10 s after SIGINT")
	}
	if took := time.Since(sent); took > time.Second {
		t.Errorf("stopped %v after SIGINT, want under a second", took)
	}
	if code := cmd.ProcessState.ExitCode(); code != exitInterrupted {
		t.Errorf("exit %d, want 130; stderr %q", code, errb.String())
	}
}
