package compare

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// TestPuzzleFiles: a directory gives its .yaml, .yml and .knuth regular
// files, sorted and marked fromDir; a FIFO and a directory named like a
// puzzle are left out (the FIFO through skipped); a file argument is kept
// as given; a directory without puzzles is a *NoPuzzleFilesError.
func TestPuzzleFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.yaml", "a.knuth", "c.YML", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "d.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "f.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	var skipped []string
	files, fromDir, err := PuzzleFiles([]string{"x.yaml", dir}, func(path, why string) { skipped = append(skipped, path+": "+why) })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"x.yaml", filepath.Join(dir, "a.knuth"), filepath.Join(dir, "b.yaml"), filepath.Join(dir, "c.YML")}
	if !slices.Equal(files, want) || !slices.Equal(skipped, []string{fifo + ": not a regular file (a FIFO)"}) {
		t.Errorf("files %v skipped %v, want %v and the FIFO", files, skipped, want)
	}
	if fromDir["x.yaml"] || !fromDir[want[1]] || len(fromDir) != 3 {
		t.Errorf("fromDir %v", fromDir)
	}
	empty := t.TempDir()
	_, _, err = PuzzleFiles([]string{empty}, nil)
	var np *NoPuzzleFilesError
	if !errors.As(err, &np) || np.Dir != empty {
		t.Errorf("empty directory: %v", err)
	}
}

// TestFindExamples: from the repository root the examples are found.
func TestFindExamples(t *testing.T) {
	t.Chdir("..")
	dir, err := FindExamples()
	if err != nil || dir != "examples" {
		t.Errorf("FindExamples = %q, %v", dir, err)
	}
	t.Chdir(t.TempDir())
	if _, err := FindExamples(); !errors.Is(err, ErrNoExamples) {
		t.Errorf("from an empty directory: %v", err)
	}
}

// TestApplySolverOptions: an option for a solver among the backends is
// handed to it; one for a solver that is not is an
// *OptionNotApplicableError; a malformed one is ParseSolverOption's error.
func TestApplySolverOptions(t *testing.T) {
	reg := NewRegistry()
	dlx, err := reg.ParseList("dlx")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = ApplySolverOptions(t.Context(), []string{"cbc:ratio=0.1"}, dlx, nil)
	var na *OptionNotApplicableError
	if !errors.As(err, &na) || na.Option.Solver != "cbc" {
		t.Errorf("cbc option with dlx only: %v", err)
	}
	if _, _, err := ApplySolverOptions(t.Context(), []string{"nosuch:x=1"}, dlx, nil); err == nil || errors.As(err, &na) {
		t.Errorf("unknown solver: %v", err)
	}
	if got, _, err := ApplySolverOptions(t.Context(), nil, dlx, nil); err != nil || len(got) != 1 {
		t.Errorf("no options: %v %v", got, err)
	}
	// The option reaches a cbc backend of a per-kind list; it is
	// refused as not applicable if only dlx runs.
	cbc, err := reg.ParseList("dlx cbc")
	if err != nil {
		t.Fatal(err)
	}
	perKind := map[Kind][]Backend{Count: cbc}
	_, m, err := ApplySolverOptions(t.Context(), []string{"cbc:ratio=0.1"}, nil, perKind)
	if errors.As(err, &na) {
		t.Fatalf("cbc among the per-kind backends: %v", err)
	}
	if err != nil {
		t.Skipf("cbc cannot check the option here: %v", err)
	}
	if e, ok := m[Count][1].(*externalBackend); !ok || len(e.options) != 1 || e.options[0].Key != "ratio" {
		t.Errorf("options not handed to cbc: %+v", m[Count][1])
	}
}
