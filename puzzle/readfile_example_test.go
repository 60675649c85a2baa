package puzzle_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/polytile/polytile/puzzle"
)

// Read a puzzle file once and parse the bytes read; a directory is not a
// puzzle file.
func ExampleReadFile() {
	dir, _ := os.MkdirTemp("", "puzzle")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "d.yaml")
	os.WriteFile(path, []byte("board: 1x2\npieces:\n  D: \"##\"\n"), 0o644)
	data, regular, err := puzzle.ReadFile(path, true)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := puzzle.Parse(path, data, "")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(regular, p.Area())
	_, _, err = puzzle.ReadFile(dir, true)
	fmt.Println(errors.Is(err, puzzle.ErrNotRegular))
	// Output:
	// true 2
	// true
}
