package puzzle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestPieceCellsCountedWhileReading: a 52 KB file whose 4,095 pieces are
// aliases of one 3,600-cell shape (under the 16 MiB expanded-alias limit)
// made the parser build all 14.7 million cells, about 650 MB, before the
// 65,536-cell total was checked; a plain file of large pieces did the
// same. The total is now counted as each piece is read: the file is
// refused at the first piece that takes it over the limit (piece 19 here,
// 19 x 3,600 > 65,536), with its line, having allocated a few MB.
func TestPieceCellsCountedWhileReading(t *testing.T) {
	row := strings.Repeat("#", 60)
	shape := strings.Repeat(row+"/", 59) + row // 60x60 = 3,600 cells
	var alias, plain strings.Builder
	alias.WriteString("board: 100x100\npieces:\n  P0: &s \"" + shape + "\"\n")
	plain.WriteString("board: 100x100\npieces:\n  P0: \"" + shape + "\"\n")
	for i := 1; i < 4095; i++ {
		fmt.Fprintf(&alias, "  P%d: *s\n", i)
		if i < 400 {
			fmt.Fprintf(&plain, "  P%d: \"%s\"\n", i, shape)
		}
	}
	dir := t.TempDir()
	for _, c := range []struct{ name, text string }{{"alias.yaml", alias.String()}, {"plain.yaml", plain.String()}} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := ParseFile(path, "")
		runtime.ReadMemStats(&after)
		var pe *Error
		// Piece P18 (the 19th, on line 21) is the first over the limit.
		want := fmt.Sprintf("%s:21:3: the pieces have more than %d cells together", path, MaxTotalCells)
		if err == nil || !errors.As(err, &pe) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err %v, want %q", c.name, err, want)
		}
		// The file and its YAML nodes take a few MB; 14.7 million cells
		// (or 1.4 million for the plain file) took hundreds.
		t.Logf("%s: %d bytes, %.1f MB allocated", c.name, len(c.text), float64(after.TotalAlloc-before.TotalAlloc)/(1<<20))
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 40<<20 {
			t.Errorf("%s: %d MB allocated before the refusal", c.name, alloc>>20)
		}
	}
}
