package export

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/polytile/polytile/model"
)

// dlxMaxName is the longest item name Knuth's dlx programs accept.
const dlxMaxName = 8

// DLXNames returns the item names WriteDLX uses for the items of c, in
// item order. An item keeps its name (cells "2_5", pieces by name) when it
// is a legal dlx name: at most 8 characters, no white space, ':' or '|',
// and not used by an earlier item. Otherwise a cell becomes "c" and a
// piece "p" followed by its item number in base 36 (plus "'" until
// unique).
func DLXNames(c *model.Cover) []string {
	names, _ := dlxNames(c, nil)
	return names
}

// errStopped is the error of a DLX export whose stop function said stop.
var errStopped = errors.New("stopped")

// dlxNames is DLXNames; it gives up with errStopped when stop (nil: never)
// says so, read every 65,536 items.
func dlxNames(c *model.Cover, stop func() bool) ([]string, error) {
	if stop != nil && stop() { // before the table of a million names
		return nil, errStopped
	}
	names := make([]string, len(c.Items))
	used := make(map[string]bool, len(c.Items))
	for n, it := range c.Items {
		if n&(1<<16-1) == 0 && stop != nil && stop() {
			return nil, errStopped
		}
		prefix := "c"
		if it.Class >= 0 {
			prefix = "p"
		}
		names[n] = claimDLXName(used, it.Name, prefix, n)
	}
	return names, nil
}

// claimDLXName returns name when it is a legal dlx name not in used, else
// prefix followed by the item number n in base 36 (plus "'" until it is
// not in used), and marks the result used.
func claimDLXName(used map[string]bool, name, prefix string, n int) string {
	if !dlxLegal(name) || used[name] {
		name = prefix + strconv.FormatInt(int64(n), 36)
		for used[name] {
			name += "'"
		}
	}
	used[name] = true
	return name
}

func dlxLegal(s string) bool {
	return s != "" && len(s) <= dlxMaxName && !strings.ContainsAny(s, " \t\r\n\v\f:|")
}

// WriteDLX writes the exact-cover matrix c in the input format of Knuth's
// dlx1 (and dlx2, dlx3, ...):
//
//	| comment lines
//	F I L N P T U V W X Y Z 0_0 0_1 ... 5_9
//	F 0_1 0_2 1_0 1_1 2_1
//	...
//
// The first line lists the items, all primary: one per piece class with a
// finite count, then the cells. Then one line per option: its piece item
// (if any) and its cells. A class of k > 1 identical copies is a single
// item written "k|name", the multiplicity syntax of Knuth's dlx3 (dlx1
// accepts only multiplicity 1 and rejects such a file; a header comment
// says so). Copies of a class have the same images, so only the images of
// the class's first piece are written: the 12 pentominoes on a 10x6 board
// give 2,056 options. Pieces with an unlimited supply have no item; their
// options list cells only. Names follow DLXNames; renamed items are listed
// in the header.
//
// The file is refused when it would exceed MaxDLXBytes, and a write
// error (atomicfile's writer fails once the command's context is done)
// ends the export at once.
func WriteDLX(w io.Writer, c *model.Cover) error {
	return WriteDLXWith(w, c, DLXOptions{})
}

// writeDLX is WriteDLX after CheckDLX; names are DLXNames(c).
func writeDLX(w io.Writer, c *model.Cover, names []string) error {
	o := newOut(w)
	p := c.Puzzle
	mult := false
	for _, it := range c.Items[c.Cells:] {
		mult = mult || it.Mult > 1
	}
	written := 0
	for n := range c.Options() {
		if first(c, n) {
			written++
		}
	}
	o.str("| polytile exact cover: " + comment(p.Name) + "\n")
	o.str(fmt.Sprintf("| %d items (%d piece classes with a finite count, then %d cells), %d options (images)\n",
		len(c.Items), len(c.Items)-c.Cells, c.Cells, written))
	if mult {
		o.str("| items written k|name must be covered exactly k times (dlx3 syntax; dlx1 needs multiplicity 1)\n")
	}
	for n, it := range c.Items {
		if names[n] != it.Name {
			o.str(fmt.Sprintf("| item %s is %s\n", names[n], comment(strconv.Quote(it.Name))))
		}
	}
	var line []byte
	for n := c.Cells; n < len(c.Items); n++ {
		if len(line) > 0 {
			line = append(line, ' ')
		}
		if m := c.Items[n].Mult; m > 1 {
			line = strconv.AppendInt(line, int64(m), 10)
			line = append(line, '|')
		}
		line = append(line, names[n]...)
	}
	for n := range c.Cells {
		if len(line) > 0 {
			line = append(line, ' ')
		}
		line = append(line, names[n]...)
	}
	o.bytes(append(line, '\n'))
	for n := range c.Options() {
		if !first(c, n) {
			continue
		}
		line = line[:0]
		opt := c.Option(n)
		if last := opt[len(opt)-1]; int(last) >= c.Cells {
			line = append(line, names[last]...)
			opt = opt[:len(opt)-1]
		}
		o.bytes(append(appendItems(line, names, opt), '\n'))
		if o.probe(w) != nil {
			return fmt.Errorf("export: write DLX: %w", o.err)
		}
	}
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: write DLX: %w", err)
	}
	return nil
}

// appendItems appends the names of items to an option line, each after a
// space unless the line is empty.
func appendItems(line []byte, names []string, items []int32) []byte {
	for _, it := range items {
		if len(line) > 0 {
			line = append(line, ' ')
		}
		line = append(line, names[it]...)
	}
	return line
}

// first reports whether option n is an image of the first piece of its
// class (the copies' images are the same options again).
func first(c *model.Cover, n int) bool {
	p := c.Puzzle
	k := c.Placement(n).Piece
	return p.Classes[p.Pieces[k].Class].Pieces[0] == k
}
