package compare

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/polytile/polytile/internal/regfile"
)

// NoPuzzleFilesError is PuzzleFiles's error for a directory without a
// puzzle file.
type NoPuzzleFilesError struct{ Dir string }

// Error names the directory.
func (e *NoPuzzleFilesError) Error() string {
	return e.Dir + ": no puzzle files (.yaml, .knuth) in the directory"
}

// PuzzleFiles expands the directories of args into their puzzle files
// (.yaml, .yml, .knuth), sorted; files and "-" are kept as given. A
// directory entry that is not a regular file (a FIFO would wait for a
// writer, a device read without end) is left out and passed to skipped
// with the reason. fromDir marks the entries kept, to be read
// regular-only: a FIFO put there after this check is refused as it is
// opened, not waited on.
func PuzzleFiles(args []string, skipped func(path, why string)) (files []string, fromDir map[string]bool, err error) {
	fromDir = map[string]bool{}
	for _, arg := range args {
		st, err := os.Stat(arg)
		if arg == "-" || err != nil || !st.IsDir() {
			files = append(files, arg)
			continue
		}
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, nil, err
		}
		n := len(files)
		for _, e := range entries {
			switch strings.ToLower(filepath.Ext(e.Name())) {
			case ".yaml", ".yml", ".knuth":
				if e.IsDir() {
					continue
				}
				path := filepath.Join(arg, e.Name())
				if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
					why := fmt.Sprint(err)
					if err == nil {
						why = "not a regular file (" + regfile.Describe(st.Mode()) + ")"
					}
					skipped(path, why)
					continue
				}
				files = append(files, path)
				fromDir[path] = true
			}
		}
		if len(files) == n {
			return nil, nil, &NoPuzzleFilesError{Dir: arg}
		}
	}
	return files, fromDir, nil
}

// ErrNoExamples is FindExamples's error when neither place holds the
// example puzzles.
var ErrNoExamples = errors.New("the example puzzles were not found in ./examples")

// FindExamples returns the directory of the example puzzles that bench
// reads: ./examples, or ../examples next to the running binary
// (bin/polytile in a checkout).
func FindExamples() (string, error) {
	candidates := []string{"examples"}
	if exe, err := os.Executable(); err == nil {
		candidates = append(candidates, filepath.Join(filepath.Dir(exe), "..", "examples"))
	}
	for _, c := range candidates {
		if _, err := os.Stat(filepath.Join(c, "pentomino-10x6.yaml")); err == nil {
			return c, nil
		}
	}
	return "", ErrNoExamples
}
