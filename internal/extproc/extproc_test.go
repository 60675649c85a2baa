package extproc

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// alive reports whether process pid exists and is not a zombie.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return runtime.GOOS != "linux"
	}
	s := string(b)
	if i := strings.LastIndexByte(s, ')'); i >= 0 && i+2 < len(s) {
		return s[i+2] != 'Z'
	}
	return true
}

// busyWrapper writes a script that starts a busy child (its pid in
// pidFile), then either waits for it or exits at once.
func busyWrapper(t *testing.T, wait bool) (script, pidFile string) {
	t.Helper()
	dir := t.TempDir()
	pidFile = filepath.Join(dir, "child.pid")
	end := "wait\n"
	if !wait {
		end = "exit 0\n"
	}
	script = filepath.Join(dir, "wrapper.sh")
	body := "#!/bin/sh\nsh -c 'while :; do :; done' &\necho $! > " + pidFile + ".tmp\nmv " + pidFile + ".tmp " + pidFile + "\n" + end
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, pidFile
}

func childPid(t *testing.T, pidFile string) int {
	t.Helper()
	for range 100 {
		if b, err := os.ReadFile(pidFile); err == nil {
			pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
			if err != nil {
				t.Fatal(err)
			}
			return pid
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the wrapper did not start its child")
	return 0
}

func gone(t *testing.T, pid int) {
	t.Helper()
	for range 50 {
		if !alive(pid) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Fatalf("the wrapper's busy child %d outlived the run", pid)
}

// TestCancelKillsTheGroup: when the context ends, the children of a
// wrapper script die with it (exec.CommandContext killed only the
// wrapper; its busy child was reparented and kept running).
func TestCancelKillsTheGroup(t *testing.T) {
	script, pidFile := busyWrapper(t, true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := Command(ctx, script)
	var out Output
	cmd.Stdout, cmd.Stderr = &out, &out
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- Run(cmd) }()
	pid := childPid(t, pidFile)
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a cancelled run reported success")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return after the context ended")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Run took %v", d)
	}
	gone(t, pid)
}

// TestExitKillsLeftChildren: a program that exits leaving a child
// running does not leave it behind.
func TestExitKillsLeftChildren(t *testing.T) {
	script, pidFile := busyWrapper(t, false)
	cmd := Command(context.Background(), script)
	if err := Run(cmd); err != nil {
		t.Fatal(err)
	}
	gone(t, childPid(t, pidFile))
}

// TestOutputBounded: what is kept of an endless output is bounded, and
// its head and tail are the right bytes.
func TestOutputBounded(t *testing.T) {
	var o Output
	chunk := bytes.Repeat([]byte("y\n"), 32<<10) // 64 KiB
	o.Write([]byte("START\n"))
	for range 256 { // 16 MiB
		o.Write(chunk)
	}
	o.Write([]byte("Altogether 42 solutions\n"))
	b := o.Bytes()
	if len(b) > HeadBytes+TailBytes+len(gap) {
		t.Errorf("kept %d bytes", len(b))
	}
	if !bytes.HasPrefix(b, []byte("START\n")) || !bytes.HasSuffix(b, []byte("Altogether 42 solutions\n")) {
		t.Error("the head or the tail is wrong")
	}
	if !o.Truncated() || !strings.Contains(o.Note(), "MiB") || !bytes.Contains(b, []byte(gap)) {
		t.Errorf("truncation not said: %q", o.Note())
	}
	if cap(o.tail) > 3*TailBytes {
		t.Errorf("tail buffer grew to %d", cap(o.tail))
	}
	var small Output
	small.Write([]byte("abc"))
	small.Write([]byte("def"))
	if small.String() != "abcdef" || small.Truncated() || small.Note() != "" {
		t.Errorf("small output: %q", small.String())
	}
	// One write larger than the tail bound.
	var big Output
	big.Write(bytes.Repeat([]byte("x"), HeadBytes+2*TailBytes))
	if len(big.Bytes()) != HeadBytes+TailBytes+len(gap) {
		t.Errorf("kept %d", len(big.Bytes()))
	}
}
