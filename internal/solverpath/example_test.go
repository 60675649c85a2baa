package solverpath_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/internal/solverpath"
)

// ExampleFinder_Find looks up a solver that is on neither PATH nor the
// checkout's .deps/bin, then installs a (fake) one into .deps/bin.
func ExampleFinder_Find() {
	root, _ := os.MkdirTemp("", "checkout")
	defer os.RemoveAll(root)
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module github.com/polytile/polytile\n"), 0o644)
	f := solverpath.Finder{Path: "", Deps: solverpath.CheckoutDirs("", root)}

	_, err := f.Find("highs")
	fmt.Println(strings.ReplaceAll(err.Error(), root, "CHECKOUT"))

	bin := filepath.Join(root, ".deps", "bin")
	os.MkdirAll(bin, 0o755)
	os.WriteFile(filepath.Join(bin, "highs"), []byte("#!/bin/sh\n"), 0o755)
	p, err := f.Find("highs")
	fmt.Println(strings.ReplaceAll(p, root, "CHECKOUT"), err)
	// Output:
	// highs not found on PATH or in CHECKOUT/.deps/bin
	// CHECKOUT/.deps/bin/highs <nil>
}
