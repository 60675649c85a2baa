package compare_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/polytile/polytile/compare"
	"github.com/polytile/polytile/render"
)

// List the puzzle files of a directory, as compare and bench read it.
func ExamplePuzzleFiles() {
	dir, _ := os.MkdirTemp("", "puzzles")
	defer os.RemoveAll(dir)
	for _, name := range []string{"b.yaml", "a.knuth", "notes.txt"} {
		os.WriteFile(filepath.Join(dir, name), nil, 0o644)
	}
	files, _, err := compare.PuzzleFiles([]string{dir}, func(path, why string) { fmt.Println("skipped", path, why) })
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range files {
		fmt.Println(filepath.Base(f))
	}
	// Output:
	// a.knuth
	// b.yaml
}

// A --task name and an --update section name.
func ExampleParseTask() {
	kinds, _ := compare.ParseTask("max-coverage")
	fmt.Println(kinds, compare.ValidSection("bench:quick"), compare.ValidSection("a b"))
	_, err := compare.ParseTask("fastest")
	fmt.Println(errors.Is(err, compare.ErrUnknownTask))
	// Output:
	// [max-coverage] true false
	// true
}

// A cbc option in a comparison that runs no cbc backend does nothing: it
// is refused.
func ExampleApplySolverOptions() {
	backends, _ := compare.NewRegistry().ParseList("dlx")
	_, _, err := compare.ApplySolverOptions(context.Background(), []string{"cbc:ratio=0.1"}, backends, nil)
	var na *compare.OptionNotApplicableError
	fmt.Println(errors.As(err, &na), err)
	// Output:
	// true cbc:ratio=0.1 does not apply: cbc is not among the backends of this comparison
}

// Write a report to standard output; no document and no chart.
func ExampleReportFiles() {
	dest := compare.ReportFiles{Out: "-", Format: compare.CSV, Stdout: os.Stdout}
	write := func(w io.Writer, f compare.Format) error {
		_, err := fmt.Fprintln(w, "the report, format", f)
		return err
	}
	if err := dest.Write(write, func() render.Chart { return render.Chart{} }); err != nil {
		fmt.Println(err)
	}
	// Output:
	// the report, format 2
}
