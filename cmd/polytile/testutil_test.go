package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestMain runs the tests, then removes the binary that binary() built (a
// directory of about 12 MB under the temporary directory, left behind by
// every run before).
func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// exitAndOutput runs cmd and returns its exit code and combined output;
// a command that cannot be started fails the test.
func exitAndOutput(t *testing.T, cmd *exec.Cmd) (int, string) {
	t.Helper()
	b, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode(), string(b)
	}
	if err != nil {
		t.Fatal(err)
	}
	return 0, string(b)
}

// run executes the CLI in-process and returns exit code, stdout and stderr.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func example(name string) string { return filepath.Join("..", "..", "examples", name) }

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// binary builds polytile once per test run for the process-level tests.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the binary; skipped with -short")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "polytile-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "polytile")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// writeFile writes text to the file name in dir (mode 0644) and returns its
// path; a failed write fails the test. It is the one way the tests set up a
// puzzle, solution or other input file.
func writeFile(t testing.TB, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// copyExample copies an example puzzle into dir and returns its path.
func copyExample(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(example(name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
