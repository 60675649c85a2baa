package export

import (
	"fmt"
	"io"
	"strconv"

	"github.com/polytile/polytile/model"
)

// DLXDialect selects how WriteDLXWith writes a piece with several copies.
type DLXDialect int

// DLX dialects.
const (
	// DLX3 writes one item "k|name" for a class of k identical copies, the
	// multiplicity syntax of Knuth's dlx3 (dlx1 and dlx2 reject it); with
	// MaxCoverage the range "0:k|name". Every solution is counted once.
	DLX3 DLXDialect = iota
	// DLX1 writes copy i (1..k) of a class as its own item "name.i" (or
	// "q" plus a number in base 36 when that is not a legal name of at
	// most 8 characters), and every image of the class once per copy.
	// dlx1 reads it, and so do dlx2 and dlx3; but since the copies are
	// now distinct, dlx counts every tiling once per assignment of the
	// placed images to the copies: k! times per class of k copies (exact
	// tiling), k!/(k-m)! times when m of the k copies are placed
	// (MaxCoverage).
	DLX1
)

// ParseDLXDialect reads "dlx1" or "dlx3" ("dlx2", which has no
// multiplicities either, is dlx1's format).
func ParseDLXDialect(s string) (DLXDialect, error) {
	switch s {
	case "dlx1", "dlx2":
		return DLX1, nil
	case "dlx3", "":
		return DLX3, nil
	}
	return 0, fmt.Errorf("dialect must be dlx1, dlx2 or dlx3, not %q", s)
}

// DLXOptions are the options of WriteDLXWith.
type DLXOptions struct {
	Dialect DLXDialect
	// MaxCoverage writes the packing problem: the cells are secondary
	// items (covered at most once, as Knuth writes packings), and every
	// piece copy may stay unused: in DLX1 each copy item gets an option
	// of its own ("unused"), in DLX3 the class item has the range 0:k.
	// dlx then lists every partial tiling (every packing) of the pieces,
	// the empty one included; the maximum coverage is the largest of them.
	// Every piece must have a finite count (dlx branches only on primary
	// items, so an option of cells alone would never be chosen).
	MaxCoverage bool
}

// CheckDLX reports why c cannot be written with opt: a max-coverage DLX
// file needs every piece to have a finite count.
func CheckDLX(c *model.Cover, opt DLXOptions) error {
	if !opt.MaxCoverage {
		return nil
	}
	for k := range c.Puzzle.Classes {
		if c.ClassItem[k] < 0 {
			return fmt.Errorf("a max-coverage DLX file needs a finite count for every piece: %s is unlimited (dlx branches on primary items only, so its options would never be chosen); use --format lp, opb or cnf", c.Puzzle.Pieces[c.Puzzle.Classes[k].Pieces[0]].Name)
		}
	}
	return nil
}

// WriteDLXWith writes the exact-cover (or, with MaxCoverage, packing)
// problem of c in the given dialect; WriteDLX(w, c) is
// WriteDLXWith(w, c, DLXOptions{}).
func WriteDLXWith(w io.Writer, c *model.Cover, opt DLXOptions) error {
	if opt.Dialect == DLX3 && !opt.MaxCoverage {
		return WriteDLX(w, c)
	}
	if err := CheckDLX(c, opt); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	o := newOut(w)
	p := c.Puzzle
	names := DLXNames(c)
	used := make(map[string]bool, len(names))
	for _, n := range names {
		used[n] = true
	}
	// copies[item] are the names of the copy items of a piece item.
	copies := make(map[int][]string)
	fresh := 0
	for n := c.Cells; n < len(c.Items); n++ {
		k := c.Items[n].Mult
		if opt.Dialect == DLX3 || k == 1 {
			copies[n] = []string{names[n]}
			continue
		}
		delete(used, names[n])
		for i := 1; i <= k; i++ {
			name := names[n] + "." + strconv.Itoa(i)
			for !dlxLegal(name) || used[name] {
				name = "q" + strconv.FormatInt(int64(fresh), 36)
				fresh++
			}
			used[name] = true
			copies[n] = append(copies[n], name)
		}
	}
	dialect := "dlx1"
	if opt.Dialect == DLX3 {
		dialect = "dlx3"
	}
	kind := "exact cover"
	if opt.MaxCoverage {
		kind = "packing (maximum coverage)"
	}
	o.str("| polytile " + kind + " in the " + dialect + " format: " + comment(p.Name) + "\n")
	for n := c.Cells; n < len(c.Items); n++ {
		if k := c.Items[n].Mult; k > 1 && opt.Dialect == DLX1 {
			o.str(fmt.Sprintf("| piece %s: %d copies, items %s..%s; dlx counts each tiling once per assignment of copies (k! for k copies placed)\n",
				comment(strconv.Quote(c.Items[n].Name)), k, copies[n][0], copies[n][k-1]))
		} else if names[n] != c.Items[n].Name {
			o.str(fmt.Sprintf("| item %s is %s\n", names[n], comment(strconv.Quote(c.Items[n].Name))))
		}
	}
	if opt.MaxCoverage {
		o.str("| cells are secondary items (covered at most once); each piece may stay unused:\n")
		o.str("| dlx lists every packing, the empty one included; the best covers the most cells\n")
	}
	var line []byte
	sep := func() {
		if len(line) > 0 {
			line = append(line, ' ')
		}
	}
	for n := c.Cells; n < len(c.Items); n++ {
		for _, name := range copies[n] {
			sep()
			if opt.Dialect == DLX3 {
				if opt.MaxCoverage {
					line = append(line, "0:"...)
					line = strconv.AppendInt(line, int64(c.Items[n].Mult), 10)
					line = append(line, '|')
				} else if m := c.Items[n].Mult; m > 1 {
					line = strconv.AppendInt(line, int64(m), 10)
					line = append(line, '|')
				}
			}
			line = append(line, name...)
		}
	}
	if opt.MaxCoverage {
		sep()
		line = append(line, '|')
	}
	for n := range c.Cells {
		sep()
		line = append(line, names[n]...)
	}
	o.bytes(append(line, '\n'))
	for n := range c.Options() {
		if !first(c, n) {
			continue
		}
		opt0 := c.Option(n)
		piece := -1
		if last := opt0[len(opt0)-1]; int(last) >= c.Cells {
			piece = int(last)
			opt0 = opt0[:len(opt0)-1]
		}
		heads := []string{""}
		if piece >= 0 {
			heads = copies[piece]
		}
		for _, h := range heads {
			line = append(line[:0], h...)
			for _, it := range opt0 {
				sep()
				line = append(line, names[it]...)
			}
			o.bytes(append(line, '\n'))
		}
	}
	if opt.MaxCoverage && opt.Dialect == DLX1 {
		// One "unused" option per copy item: the copy is not placed.
		for n := c.Cells; n < len(c.Items); n++ {
			for _, name := range copies[n] {
				o.str(name + "\n")
			}
		}
	}
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: write DLX: %w", err)
	}
	return nil
}
