package export

import (
	"context"
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

// MaxDLXBytes bounds the size of a DLX export, estimated before anything
// is written. The largest puzzle polytile reads (24,000,000 cover
// entries) gives a DLX3 file of a few hundred megabytes; the dlx1 dialect
// writes every image once per copy of its piece, so a 4-line puzzle (a
// 100x1 board and 1,048,576 monominoes) asked for 1.4 GB and a 1000x1000
// board for about 10^13 bytes. It is MaxExportBytes, the bound of every
// export.
const MaxDLXBytes = MaxExportBytes

// CheckDLX reports why c cannot be written with opt: a max-coverage DLX
// file needs every piece to have a finite count, and the file must not
// exceed MaxDLXBytes.
func CheckDLX(c *model.Cover, opt DLXOptions) error {
	return CheckDLXContext(context.Background(), c, opt)
}

// CheckDLXContext is CheckDLX, stopping with ctx's error within a
// fraction of a second of its cancellation (naming a million items and
// sizing four million options take about a second).
func CheckDLXContext(ctx context.Context, c *model.Cover, opt DLXOptions) error {
	_, err := CheckDLXFile(ctx, c, opt)
	return err
}

// DLXFile is a DLX export checked by CheckDLXFile: its layout (item and
// copy names) and size are known, and Write writes it without naming or
// sizing it again.
type DLXFile struct {
	c      *model.Cover
	opt    DLXOptions
	names  []string
	copies map[int][]string
	// Bytes is the estimated size of the file (its comment lines left
	// out).
	Bytes int64
}

// CheckDLXFile is CheckDLXContext, returning the checked file: a command
// calls it before its output is opened, then writes the file with Write.
func CheckDLXFile(ctx context.Context, c *model.Cover, opt DLXOptions) (*DLXFile, error) {
	if err := checkDLXUnlimited(c, opt); err != nil {
		return nil, err
	}
	f, err := checkDLXSize(c, opt, ctxStop(ctx))
	return f, stoppedBy(err, ctx, nil)
}

// checkDLXUnlimited refuses a max-coverage file with an unlimited piece.
func checkDLXUnlimited(c *model.Cover, opt DLXOptions) error {
	if opt.MaxCoverage {
		for k := range c.Puzzle.Classes {
			if c.ClassItem[k] < 0 {
				return fmt.Errorf("a max-coverage DLX file needs a finite count for every piece: %s is unlimited (dlx branches on primary items only, so its options would never be chosen); use --format lp, opb or cnf", c.Puzzle.Pieces[c.Puzzle.Classes[k].Pieces[0]].Name)
			}
		}
	}
	return nil
}

// checkDLXSize returns the file with its layout (the item names and
// dlxCopies), or an error when it would exceed MaxDLXBytes. The size is first estimated from
// the lengths of the copy names, so that a million copies are refused
// before a million names are made.
// stop (nil: never) is read every 65,536 items and options; when it says
// stop, the error is errStopped.
func checkDLXSize(c *model.Cover, opt DLXOptions, stop func() bool) (*DLXFile, error) {
	names, err := dlxNames(c, stop)
	if err != nil {
		return nil, err
	}
	n := dlxSize(c, opt, names, nil, stop)
	var copies map[int][]string
	if n <= MaxDLXBytes && n >= 0 {
		// The copy names, made now that they fit; the size again only when
		// there are some (it differs where a name was taken).
		if copies = dlxCopies(c, opt, names); copies != nil {
			n = dlxSize(c, opt, names, copies, stop)
		}
	}
	if n < 0 {
		return nil, errStopped
	}
	if n > MaxDLXBytes {
		hint := "--format lp, mps or opb writes one row per piece"
		for _, it := range c.Items[c.Cells:] {
			if opt.Dialect == DLX1 && it.Mult > 1 {
				hint = "--dialect dlx3 writes a piece of k copies as one item k|name, each image once"
			}
		}
		return nil, tooLarge("DLX", "about", n, MaxDLXBytes, hint)
	}
	return &DLXFile{c: c, opt: opt, names: names, copies: copies, Bytes: n}, nil
}

// dlxCopies returns the names of the copy items of each piece item with
// several copies, in the DLX1 dialect, given the item names (DLXNames);
// nil otherwise (such an item is written once, k|name).
func dlxCopies(c *model.Cover, opt DLXOptions, names []string) map[int][]string {
	if opt.Dialect != DLX1 {
		return nil
	}
	used := make(map[string]bool, len(names))
	for _, n := range names {
		used[n] = true
	}
	copies := make(map[int][]string)
	fresh := 0
	for n := c.Cells; n < len(c.Items); n++ {
		k := c.Items[n].Mult
		if k == 1 {
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
	if len(copies) == 0 {
		return nil
	}
	return copies
}

// dlxSize is the number of bytes of the item line and the option lines
// WriteDLXWith writes for c (the comment lines, a few per renamed item,
// are left out). It stops counting once past MaxDLXBytes. With copies
// nil in the DLX1 dialect the copy names are not made, only their
// lengths computed: the same but for names taken by an earlier item.
//
// It returns -1 when stop (nil: never), read every 65,536 options, says
// stop.
func dlxSize(c *model.Cover, opt DLXOptions, names []string, copies map[int][]string, stop func() bool) int64 {
	// heads[item-c.Cells] and headBytes[item-c.Cells]: how many option
	// lines an image of a piece item gives, and the bytes of their piece
	// names together (slices: the loop over the options reads them).
	heads := make([]int64, len(c.Items)-c.Cells)
	headBytes := make([]int64, len(c.Items)-c.Cells)
	var size int64
	fresh := 0 // copy names "q" + a number in base 36 so far
	for n := c.Cells; n < len(c.Items); n++ {
		cs, ok := copies[n]
		if !ok && copies == nil && opt.Dialect == DLX1 && c.Items[n].Mult > 1 {
			// The lengths dlxCopies's names have unless a name is taken.
			k := c.Items[n].Mult
			var b int64
			for i := 1; i <= k; i++ {
				l := len(names[n]) + 1 + len(strconv.Itoa(i))
				if l > dlxMaxName || !dlxLegal(names[n]) {
					l = 1 + len(strconv.FormatInt(int64(fresh), 36))
					fresh++
				}
				b += int64(l)
			}
			heads[n-c.Cells], headBytes[n-c.Cells] = int64(k), b
			size += b + int64(k) // as below, without the prefix
			if opt.MaxCoverage {
				size += b + int64(k)
			}
			continue
		}
		if !ok {
			cs = names[n : n+1]
		}
		heads[n-c.Cells] = int64(len(cs))
		for _, h := range cs {
			headBytes[n-c.Cells] += int64(len(h))
			size += int64(len(h)) + 1 + 24 // the item, a space, a "0:k|" prefix at most
			if opt.MaxCoverage && opt.Dialect == DLX1 {
				size += int64(len(h)) + 1 // its "unused" option
			}
		}
	}
	for _, name := range names[:c.Cells] {
		size += int64(len(name)) + 1
	}
	for n := range c.Options() {
		if n&(1<<16-1) == 0 && stop != nil && stop() {
			return -1
		}
		if !first(c, n) {
			continue
		}
		items := c.Option(n)
		var cells int64
		last := int(items[len(items)-1])
		if last >= c.Cells {
			items = items[:len(items)-1]
		}
		for _, it := range items {
			cells += int64(len(names[it])) + 1 // the name and a space or the newline
		}
		if last < c.Cells {
			size += cells
		} else {
			size += headBytes[last-c.Cells] + heads[last-c.Cells]*(cells+1) // "head cell ...\n"
		}
		if size > MaxDLXBytes {
			break
		}
	}
	return size
}

// WriteDLXWith writes the exact-cover (or, with MaxCoverage, packing)
// problem of c in the given dialect; WriteDLX(w, c) is
// WriteDLXWith(w, c, DLXOptions{}).
//
// The file is refused (CheckDLX) when it would exceed MaxDLXBytes. A
// write error ends the export at once: atomicfile's writer fails once
// the command's context is done, so a cancelled export stops within a
// line (a probe of the writer every 4,096 lines also reaches it while
// bytes are still buffered).
func WriteDLXWith(w io.Writer, c *model.Cover, opt DLXOptions) error {
	if err := checkDLXUnlimited(c, opt); err != nil {
		return fmt.Errorf("export: %w", err)
	}
	// The writer is probed while the file is sized: atomicfile's writer
	// fails once the export is cancelled.
	f, err := checkDLXSize(c, opt, writerStop(w))
	if err != nil {
		return fmt.Errorf("export: %w", stoppedBy(err, nil, w))
	}
	return f.Write(w)
}

// Write writes the file checked by CheckDLXFile.
func (f *DLXFile) Write(w io.Writer) error {
	c, opt, names, copies := f.c, f.opt, f.names, f.copies
	if opt.Dialect == DLX3 && !opt.MaxCoverage {
		return writeDLX(w, c, names)
	}
	o := newOut(w)
	p := c.Puzzle
	// heads[item] are the names of the copy items of a piece item (the
	// item's own name when it is written once); the file's copies are
	// left as they are, so that Write can be called again.
	heads := make(map[int][]string, len(c.Items)-c.Cells)
	for n := c.Cells; n < len(c.Items); n++ {
		if cs, ok := copies[n]; ok {
			heads[n] = cs
		} else {
			heads[n] = []string{names[n]}
		}
	}
	copies = heads
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
			if o.probe(w) != nil {
				return fmt.Errorf("export: write DLX: %w", o.err)
			}
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
