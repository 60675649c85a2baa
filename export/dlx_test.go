package export

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/polytile/polytile/model"
	"github.com/polytile/polytile/puzzle"
)

// dlxFile is a parsed exact-cover file.
type dlxFile struct {
	items   []string
	mult    []int
	options [][]int
}

// parseDLX reads a DLX file with the rules of Knuth's dlx1 (names of at
// most 8 characters without ':' or '|', comment lines starting with '|',
// every option item declared and not repeated), plus dlx3's "m|name".
func parseDLX(t *testing.T, text string) *dlxFile {
	t.Helper()
	d := &dlxFile{}
	index := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<24)
	header := true
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '|' {
			continue
		}
		f := strings.Fields(line)
		if header {
			header = false
			for _, it := range f {
				m := 1
				if a, b, ok := strings.Cut(it, "|"); ok {
					n, err := strconv.Atoi(a)
					if err != nil || n < 1 {
						t.Fatalf("bad multiplicity in item %q", it)
					}
					m, it = n, b
				}
				if len(it) > 8 || strings.ContainsAny(it, ":|") {
					t.Fatalf("item name %q is illegal for dlx1", it)
				}
				if _, dup := index[it]; dup {
					t.Fatalf("duplicate item %q", it)
				}
				index[it] = len(d.items)
				d.items = append(d.items, it)
				d.mult = append(d.mult, m)
			}
			continue
		}
		var opt []int
		seen := map[int]bool{}
		for _, it := range f {
			n, ok := index[it]
			if !ok || seen[n] {
				t.Fatalf("option %q: unknown or repeated item %q", line, it)
			}
			seen[n] = true
			opt = append(opt, n)
		}
		d.options = append(d.options, opt)
	}
	return d
}

// count counts the exact covers of a parsed file (each item covered
// exactly its multiplicity times), branching only on items of
// multiplicity 1 so that no solution is counted twice.
func (d *dlxFile) count() int {
	need := append([]int(nil), d.mult...)
	byItem := make([][]int, len(d.items))
	for o, opt := range d.options {
		for _, it := range opt {
			byItem[it] = append(byItem[it], o)
		}
	}
	fits := func(o int) bool {
		for _, it := range d.options[o] {
			if need[it] == 0 {
				return false
			}
		}
		return true
	}
	var rec func() int
	rec = func() int {
		best, bestN := -1, 1<<30
		for it, n := range need {
			if n != 1 || d.mult[it] != 1 {
				continue
			}
			c := 0
			for _, o := range byItem[it] {
				if fits(o) {
					c++
				}
			}
			if c < bestN {
				best, bestN = it, c
			}
		}
		if best < 0 {
			for _, n := range need {
				if n != 0 {
					return 0
				}
			}
			return 1
		}
		total := 0
		for _, o := range byItem[best] {
			if !fits(o) {
				continue
			}
			for _, it := range d.options[o] {
				need[it]--
			}
			total += rec()
			for _, it := range d.options[o] {
				need[it]++
			}
		}
		return total
	}
	return rec()
}

func dlxText(t *testing.T, p *puzzle.Puzzle) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteDLX(&b, model.NewCover(p)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestDLXPentominoes(t *testing.T) {
	d := parseDLX(t, dlxText(t, example(t, "pentomino-10x6.yaml")))
	if len(d.options) != 2056 {
		t.Errorf("10x6 pentominoes: %d options, want 2,056", len(d.options))
	}
	if len(d.items) != 72 {
		t.Errorf("10x6 pentominoes: %d items, want 12 pieces + 60 cells", len(d.items))
	}
	// 3x20: 2 solutions up to the 4 symmetries of the rectangle, 8 in all.
	d = parseDLX(t, dlxText(t, example(t, "pentomino-20x3.yaml")))
	if got := d.count(); got != 8 {
		t.Errorf("20x3 pentominoes: %d exact covers, want 8", got)
	}
}

// TestDLXDominoes checks counts known in closed form: a 3x4 board has 11
// domino tilings and a 4x4 board 36 (Kasteleyn; Temperley and Fisher),
// with an unlimited supply or exactly the right number of copies (one item
// of multiplicity 6 or 8), and none with one copy too few.
func TestDLXDominoes(t *testing.T) {
	for _, c := range []struct {
		board        string
		count, tiles int
	}{
		{"####/####/####", 0, 11},
		{"####/####/####", 6, 11},
		{"####/####/####", 5, 0},
		{"####/####/####/####", 0, 36},
		{"####/####/####/####", 8, 36},
	} {
		p := build(t, "dominoes", c.board, pc{"D", "##", c.count, puzzle.Free})
		text := dlxText(t, p)
		d := parseDLX(t, text)
		if got := d.count(); got != c.tiles {
			t.Errorf("%s with %d dominoes: %d exact covers, want %d", c.board, c.count, got, c.tiles)
		}
		if hasMult := strings.Contains(text, fmt.Sprintf("\n%d|D ", c.count)); hasMult != (c.count > 1) {
			t.Errorf("%s with %d dominoes: multiplicity item written %v", c.board, c.count, hasMult)
		}
	}
}

// TestDLXCopiesAndNames: two pieces of the same shape form one item of
// multiplicity 2 and their images are written once; illegal names are
// replaced and listed in the header.
func TestDLXCopiesAndNames(t *testing.T) {
	p := build(t, "copies", "###/###", pc{"long piece name", "###", 1, puzzle.Free}, pc{"B:2", "###", 1, puzzle.Free})
	c := model.NewCover(p)
	text := dlxText(t, p)
	d := parseDLX(t, text)
	if len(d.options) != p.Images.PieceStart[1] {
		t.Errorf("%d options, want the %d images of one copy", len(d.options), p.Images.PieceStart[1])
	}
	if got := d.count(); got != 1 {
		t.Errorf("%d exact covers of 2x3 by two bars, want 1", got)
	}
	names := DLXNames(c)
	if !strings.Contains(text, "| item "+names[c.Cells]+" is \"long piece name\"") {
		t.Errorf("renamed item not listed in the header:\n%s", text)
	}
}
