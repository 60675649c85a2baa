package compare

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestDLXSolverPathsAndLines: the solver runs in a temporary directory,
// so a relative program and a relative file argument are resolved
// against the caller's directory; the count pattern is matched line by
// line, so it cannot take a number from the next line.
func TestDLXSolverPathsAndLines(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	p := parse(t, lTrominoes)
	all, _ := bruteCount(p)
	// The script prints the count it reads from its file argument.
	if err := os.WriteFile("count.txt", []byte(fmt.Sprint(all)), 0o644); err != nil {
		t.Fatal(err)
	}
	body := "#!/bin/sh\necho \"Altogether $(cat \"$1\") solutions, 7 nodes.\"\necho 'total'\necho '99'\n"
	if err := os.WriteFile("dlx", []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := DLXSolver("./dlx count.txt", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.Name(), dir) {
		t.Errorf("name %q: the relative program is not resolved against %s", b.Name(), dir)
	}
	o, err := b.Run(context.Background(), Task{Puzzle: p, Kind: Count})
	if err != nil || o.Solutions == nil || *o.Solutions != all {
		t.Fatalf("relative paths: %+v, %v; want %d solutions", o, err, all)
	}
	across, err := DLXSolver("./dlx count.txt", regexp.MustCompile(`total\s+(\d+)`))
	if err != nil {
		t.Fatal(err)
	}
	if o, err := across.Run(context.Background(), Task{Puzzle: p, Kind: Count}); err == nil {
		t.Errorf("a pattern across lines matched: %d solutions", *o.Solutions)
	} else if strings.Contains(err.Error(), "\n") {
		t.Errorf("the error has the log's newlines: %q", err)
	}
}
