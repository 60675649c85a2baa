// Package solverpath finds the external solver programs polytile runs
// (highs, cbc, glpsol and the like): first on PATH, then in the .deps/bin
// directory of the polytile checkout that `make deps` fills
// (scripts/deps.sh puts the highs wrapper there; the Debian packages go to
// /usr/bin, on PATH).
//
// A checkout is a directory whose go.mod declares the module
// github.com/polytile/polytile: the one of the running executable
// (bin/polytile, as make builds it: <checkout>/bin/../.deps/bin), and the
// working directory when it is a checkout's root (go run ./cmd/polytile,
// whose executable lives in a temporary build directory). A Finder holds the directories it searches, so a
// caller (or a test) decides where it looks; Default builds the one of the
// running process.
package solverpath

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/polytile/polytile/internal/regfile"
)

// Module is the module path whose checkouts hold a .deps/bin directory.
const Module = "github.com/polytile/polytile"

// maxGoMod bounds the go.mod file read to recognise a checkout.
const maxGoMod = 1 << 16

// Finder looks up programs by name.
type Finder struct {
	// Path is the PATH list searched first (os.Getenv("PATH") in Default).
	// Empty and relative entries are skipped, as exec.LookPath refuses a
	// program found through them.
	Path string
	// Deps are the directories searched after Path, in order (the .deps/bin
	// of the polytile checkouts found by CheckoutDirs).
	Deps []string
}

// NotFoundError is the error of a program that is on neither PATH nor one
// of the Deps directories. It wraps exec.ErrNotFound.
type NotFoundError struct {
	Name string   // the program looked for
	Deps []string // the directories searched after PATH
}

// Error says where the program was looked for: "highs not found on PATH
// or in /x/.deps/bin".
func (e *NotFoundError) Error() string {
	if len(e.Deps) == 0 {
		return e.Name + " not found on PATH (no polytile checkout holds the executable or is the working directory, so no .deps/bin was searched)"
	}
	return e.Name + " not found on PATH or in " + strings.Join(e.Deps, " or ")
}

// Unwrap returns exec.ErrNotFound.
func (e *NotFoundError) Unwrap() error { return exec.ErrNotFound }

// Find returns the path of the executable name: a name with a path
// separator is taken as it is (exec.LookPath checks it); a bare name is
// looked for in each directory of f.Path, then of f.Deps. A program found
// nowhere is a *NotFoundError.
func (f Finder) Find(name string) (string, error) {
	if name == "" {
		return "", fmt.Errorf("no program name: %w", exec.ErrNotFound)
	}
	if strings.ContainsRune(name, filepath.Separator) || strings.ContainsRune(name, '/') {
		return exec.LookPath(name)
	}
	for _, dir := range append(filepath.SplitList(f.Path), f.Deps...) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue
		}
		if p, err := exec.LookPath(filepath.Join(dir, name)); err == nil {
			return p, nil
		}
	}
	return "", &NotFoundError{Name: name, Deps: slices.Clone(f.Deps)}
}

// CheckoutDirs returns the .deps/bin directories of the polytile checkouts
// that hold the executable exe (its symbolic links resolved) or are the
// working directory wd, in that order and without repeats; "" skips
// either. A checkout holds exe when it is exe's directory or the one above
// (bin/polytile, as make builds it). The working directory counts only
// when it is a checkout's root, where `go run ./cmd/polytile` runs (go
// run's executable lives in a temporary build directory); go test runs in
// a package directory and so sees PATH alone, as make test sets it. The
// directories are returned whether or not they exist yet, so that a
// NotFoundError names where `make deps` installs.
func CheckoutDirs(exe, wd string) []string {
	var roots []string
	if exe != "" && filepath.IsAbs(exe) {
		if r, err := filepath.EvalSymlinks(exe); err == nil {
			exe = r
		}
		dir := filepath.Dir(exe)
		roots = append(roots, dir, filepath.Dir(dir))
	}
	if wd != "" && filepath.IsAbs(wd) {
		roots = append(roots, filepath.Clean(wd))
	}
	var out []string
	for _, root := range roots {
		if d := filepath.Join(root, ".deps", "bin"); isCheckout(root) && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// isCheckout reports whether dir/go.mod (a regular file) declares Module.
func isCheckout(dir string) bool {
	data, err := regfile.ReadAll(filepath.Join(dir, "go.mod"), maxGoMod)
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			rest, _, _ = strings.Cut(rest, "//")
			return strings.Trim(strings.TrimSpace(rest), `"`) == Module
		}
	}
	return false
}

// Default returns the Finder of the running process: the PATH of its
// environment, then the .deps/bin of the checkouts above its executable
// and its working directory.
func Default() Finder {
	exe, err := os.Executable()
	if err != nil {
		exe = ""
	}
	wd, err := os.Getwd()
	if err != nil {
		wd = ""
	}
	return Finder{Path: os.Getenv("PATH"), Deps: CheckoutDirs(exe, wd)}
}

// Find looks name up with Default().
func Find(name string) (string, error) {
	return Default().Find(name)
}
