package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

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

// TestVersion: polytile --version and polytile version print the version.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		code, out, errs := run(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "polytile ") || !strings.Contains(out, "go1.") {
			t.Errorf("polytile %s: exit %d, stdout %q, stderr %q", args[0], code, out, errs)
		}
	}
}

// TestGoModDirectDependencies: modules the code imports are not marked
// "// indirect" in go.mod (go mod tidy keeps it so).
func TestGoModDirectDependencies(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range []string{"github.com/spf13/cobra", "github.com/spf13/pflag", "gopkg.in/yaml.v3", "github.com/olekukonko/tablewriter", "golang.org/x/image"} {
		m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(mod) + ` v\S+(.*)$`).FindStringSubmatch(string(data))
		if m == nil {
			t.Errorf("go.mod does not require %s", mod)
		} else if strings.Contains(m[1], "indirect") {
			t.Errorf("go.mod marks the direct dependency %s as indirect", mod)
		}
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
