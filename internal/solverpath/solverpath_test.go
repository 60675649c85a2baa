package solverpath

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeProgram writes an executable shell script name into dir and returns
// its path.
func fakeProgram(t *testing.T, dir, name string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("#!/bin/sh\necho fake\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkout makes a directory that looks like a polytile checkout: a go.mod
// declaring the module.
func checkout(t *testing.T, root string) string {
	t.Helper()
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("// polytile\nmodule "+Module+"\n\ngo 1.26.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return root
}

func TestFindOnPathThenDeps(t *testing.T) {
	tmp := t.TempDir()
	onPath := filepath.Join(tmp, "path")
	deps := filepath.Join(tmp, "deps")
	inDeps := fakeProgram(t, deps, "highs")
	f := Finder{Path: onPath, Deps: []string{deps}}
	if got, err := f.Find("highs"); err != nil || got != inDeps {
		t.Fatalf("only in deps: %q %v, want %q", got, err, inDeps)
	}
	// PATH comes first.
	first := fakeProgram(t, onPath, "highs")
	if got, err := f.Find("highs"); err != nil || got != first {
		t.Fatalf("on both: %q %v, want the PATH one %q", got, err, first)
	}
}

func TestFindNotFoundSaysWhere(t *testing.T) {
	tmp := t.TempDir()
	deps := filepath.Join(tmp, "x", ".deps", "bin")
	f := Finder{Path: filepath.Join(tmp, "empty"), Deps: []string{deps}}
	_, err := f.Find("highs")
	var nf *NotFoundError
	if !errors.As(err, &nf) || nf.Name != "highs" || len(nf.Deps) != 1 || nf.Deps[0] != deps {
		t.Fatalf("error %v (%T), want a NotFoundError naming %s", err, err, deps)
	}
	if !errors.Is(err, exec.ErrNotFound) {
		t.Errorf("%v does not wrap exec.ErrNotFound", err)
	}
	if want := "highs not found on PATH or in " + deps; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = Finder{}.Find("cbc")
	if !errors.As(err, &nf) || !strings.Contains(err.Error(), "cbc not found on PATH") || !strings.Contains(err.Error(), ".deps/bin") {
		t.Errorf("no deps dirs: %v", err)
	}
}

func TestFindSkipsWhatCannotRun(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "d")
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Not executable, and a directory of the program's name.
	if err := os.WriteFile(filepath.Join(dir, "cbc"), []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := Finder{Path: dir, Deps: []string{filepath.Join(dir, "sub")}}
	for _, name := range []string{"cbc", "sub", ""} {
		if p, err := f.Find(name); err == nil {
			t.Errorf("%q found at %s", name, p)
		}
	}
	// A relative PATH entry is not searched (exec.LookPath refuses what it
	// finds there): the program in the working directory is not taken.
	t.Chdir(tmp)
	fakeProgram(t, filepath.Join(tmp, "rel"), "glpsol")
	if p, err := (Finder{Path: "rel" + string(filepath.ListSeparator)}).Find("glpsol"); err == nil {
		t.Errorf("relative PATH entry searched: %s", p)
	}
}

func TestFindTakesAPathAsGiven(t *testing.T) {
	tmp := t.TempDir()
	p := fakeProgram(t, filepath.Join(tmp, "opt"), "dlx1")
	if got, err := (Finder{}).Find(p); err != nil || got != p {
		t.Errorf("%q: %q %v", p, got, err)
	}
	if _, err := (Finder{Deps: []string{filepath.Join(tmp, "opt")}}).Find(filepath.Join(tmp, "none", "dlx1")); err == nil {
		t.Errorf("a missing path was found")
	}
}

func TestCheckoutDirs(t *testing.T) {
	tmp := t.TempDir()
	root := checkout(t, filepath.Join(tmp, "polytile"))
	exe := fakeProgram(t, filepath.Join(root, "bin"), "polytile")
	want := filepath.Join(root, ".deps", "bin")

	// bin/polytile, and the checkout root as the working directory.
	for _, wd := range []string{"", root, filepath.Join(tmp, "elsewhere")} {
		if got := CheckoutDirs(exe, wd); len(got) != 1 || got[0] != want {
			t.Errorf("bin/polytile in %q: %q, want [%s]", wd, got, want)
		}
	}
	// An executable built at the root (go build ./cmd/polytile there).
	if got := CheckoutDirs(fakeProgram(t, root, "polytile"), ""); len(got) != 1 || got[0] != want {
		t.Errorf("root/polytile: %q, want [%s]", got, want)
	}
	// A link to bin/polytile elsewhere (~/bin/polytile) leads to its checkout.
	link := filepath.Join(tmp, "home", "bin", "polytile")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(exe, link); err != nil {
		t.Fatal(err)
	}
	if got := CheckoutDirs(link, ""); len(got) != 1 || got[0] != want {
		t.Errorf("symlink: %q, want [%s]", got, want)
	}
	// go run: the executable is in a build directory, the working
	// directory is the checkout's root.
	build := fakeProgram(t, filepath.Join(tmp, "go-build", "exe"), "polytile")
	if got := CheckoutDirs(build, root); len(got) != 1 || got[0] != want {
		t.Errorf("go run: %q, want [%s]", got, want)
	}
	// Two checkouts: the executable's first.
	root2 := checkout(t, filepath.Join(tmp, "second"))
	if got := CheckoutDirs(exe, root2); len(got) != 2 || got[0] != want || got[1] != filepath.Join(root2, ".deps", "bin") {
		t.Errorf("two checkouts: %q", got)
	}
	// A package directory (where go test runs), a directory outside any
	// checkout, an executable deeper in the tree: none.
	pkg := filepath.Join(root, "compare")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	deep := fakeProgram(t, filepath.Join(root, "a", "b"), "polytile")
	for _, c := range [][2]string{{build, pkg}, {build, filepath.Join(tmp, "elsewhere")}, {deep, ""}, {"", "relative/dir"}, {"bin/polytile", ""}} {
		if got := CheckoutDirs(c[0], c[1]); len(got) != 0 {
			t.Errorf("exe %q, wd %q: %q, want none", c[0], c[1], got)
		}
	}
}

func TestCheckoutNeedsTheModule(t *testing.T) {
	tmp := t.TempDir()
	for _, gomod := range []string{
		"module github.com/polytile/polytile2\n",
		"// module github.com/polytile/polytile\nmodule example.com/x\n",
		"modulegithub.com/polytile/polytile\n",
	} {
		if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(gomod), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := CheckoutDirs("", tmp); len(got) != 0 {
			t.Errorf("go.mod %q taken as a checkout: %q", gomod, got)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte("module \""+Module+"\" // quoted\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := CheckoutDirs("", tmp); len(got) != 1 {
		t.Errorf("quoted module path not recognised: %q", got)
	}
	// A go.mod that is not a regular file is not read.
	dir := filepath.Join(tmp, "sub")
	if err := os.MkdirAll(filepath.Join(dir, "go.mod"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got := CheckoutDirs("", dir); len(got) != 0 {
		t.Errorf("a go.mod directory taken as a checkout: %q", got)
	}
}

// TestDefaultFindsThisCheckout runs at this checkout's root (go run's
// working directory): Default searches its .deps/bin.
func TestDefaultFindsThisCheckout(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(filepath.Dir(wd)) // internal/solverpath
	t.Chdir(root)
	want := filepath.Join(root, ".deps", "bin")
	if f := Default(); !slices.Contains(f.Deps, want) {
		t.Errorf("Default().Deps %q lacks %s", f.Deps, want)
	}
}
