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
	"unsafe"
)

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
