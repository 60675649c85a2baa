package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCompareAutoReadsPuzzleOnce: compare --task auto reads a puzzle
// holding a piece of finite supply that fits nowhere a second time as
// maximum coverage reads it, from the bytes it read: with the puzzle on
// stdin it read stdin again and stopped (exit 2, "<stdin>:1:1: empty
// input"). Fails on the old code.
func TestCompareAutoReadsPuzzleOnce(t *testing.T) {
	text := "board: 2x1\npieces:\n  A: \"##\"\n  B: \"###\"\n"
	code, out, errs := run(t, text, "compare", "-", "-b", "fila")
	if code != 0 || !strings.Contains(out, "max-coverage") || !strings.Contains(out, "2 of 2 cells") {
		t.Errorf("compare - of a puzzle with a piece that fits nowhere: exit %d\n%s%s", code, out, errs)
	}
}

// TestCompareDirectoryEntryReadRegularOnly: a directory's puzzle files
// are read regular-only as they are opened: a FIFO put at an entry after
// compare listed it (its check of the entry) is refused, not waited on.
// The listing's check is passed by calling the loader with the entry
// marked, as puzzleFiles marks it, after the FIFO replaced the file.
func TestCompareDirectoryEntryReadRegularOnly(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.yaml")
	os.WriteFile(p, []byte("board: 2x1\npieces:\n  A: \"##\"\n"), 0o644)
	var stderr strings.Builder
	a := &app{ctx: context.Background(), stdin: strings.NewReader(""), stdout: &strings.Builder{}, stderr: &stderr}
	files, fromDir, err := a.puzzleFiles([]string{dir})
	if err != nil || len(files) != 1 || !fromDir[p] {
		t.Fatalf("puzzleFiles: %v %v %v", files, fromDir, err)
	}
	os.Remove(p)
	if err := exec.Command("mkfifo", p).Run(); err != nil {
		t.Skip("no mkfifo:", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, _, err = a.loadComparedAuto(ctx, p, fromDir[p], &compareFlags{task: "auto"})
	if ctx.Err() != nil {
		t.Fatalf("a FIFO swapped in for a directory's entry: still waiting after 10 s")
	}
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("a FIFO swapped in for a directory's entry: %v", err)
	}
}
