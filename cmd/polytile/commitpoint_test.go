package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSignalAtTheCommitPoint: an export (the program with its
// --highs-options-file companion) and a render -o cut by a signal at
// their very end. A signal after the renames leaves the complete files
// in place with exit 0 (it was exit 130 with the complete files there);
// one just before the commit point leaves nothing, no temporary file
// either, with exit 130. The signal is delivered as the operating system
// delivers it, through the app's signal handler (commitHook). Fails on
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
	defer func() { commitHook = nil }()
	for _, stage := range []string{"after", "before"} {
		for name, args := range runs {
			out := filepath.Join(dir, name+"-"+stage)
			hooked := false
			commitHook = func(a *app, s string) {
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
			}
			code, _, errs := run(t, "", args(out)...)
			commitHook = nil
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
	lateSignalHook(how)
	runMain([]string{"export", example("pentomino-10x6.yaml"), "--format", "lp", "-o", out + ".lp", "--highs-options-file", out + ".opt"},
		strings.NewReader(""), os.Stdout, os.Stderr, os.Exit)
	fmt.Fprintln(os.Stderr, "no hard exit")
	os.Exit(98)
}

// lateSignalHook sets commitHook to signal the command after its renames
// and hold it there until a hard exit ends the process: a second signal
// (how "second signal") or the watchdog.
func lateSignalHook(how string) {
	commitHook = func(a *app, s string) {
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
	}
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
	defer func() { commitHook = nil }()
	commitHook = func(a *app, s string) {
		if s == "before" {
			os.Remove(opt)
			if err := os.Symlink(other, opt); err != nil {
				t.Skip("no symbolic links:", err)
			}
		}
	}
	code, _, errs := run(t, "", "export", pz, "--format", "lp", "-o", lp, "--highs-options-file", opt)
	commitHook = nil
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
	commitHook = func(a *app, s string) {
		if s != "before" {
			return
		}
		a.commitMu.Lock() // the commit waits for it: held up at its renames
		a.raise(os.Interrupt)
		if how == "second signal" {
			time.Sleep(100 * time.Millisecond)
			a.raise(os.Interrupt)
		}
	}
	runMain([]string{"export", example("pentomino-10x6.yaml"), "--format", "lp", "-o", out + ".lp", "--highs-options-file", out + ".opt"},
		strings.NewReader(""), os.Stdout, os.Stderr, os.Exit)
	fmt.Fprintln(os.Stderr, "no hard exit")
	os.Exit(98)
}
