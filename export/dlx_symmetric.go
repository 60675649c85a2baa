package export

import (
	"fmt"
	"io"
	"strconv"

	"github.com/polytile/polytile/model"
)

// SymmetricDLXNames returns the item names WriteSymmetricDLX uses: a cell
// orbit is named after its first cell ("2_5"), a class orbit after its
// first piece, gadget items "s" and "t" followed by their item number in
// base 36; a name that is not a legal dlx name, or is taken, becomes "c",
// "p" or "g" followed by the item number in base 36 (plus "'" until
// unique).
func SymmetricDLXNames(c *model.SymmetricCover) []string {
	names := make([]string, len(c.Items))
	used := make(map[string]bool, len(c.Items))
	for n, it := range c.Items {
		name, prefix := it.Name, "c"
		switch {
		case n >= c.CellOrbits+c.ClassItems:
			name, prefix = it.Name+strconv.FormatInt(int64(n), 36), "g"
		case n >= c.CellOrbits:
			prefix = "p"
		}
		names[n] = claimDLXName(used, name, prefix, n)
	}
	return names
}

// WriteSymmetricDLX writes the orbit problem of a puzzle with the
// symmetric key (model.SymmetricCover) in the input format of Knuth's
// dlx3: the first line lists the items (class orbits with a count k > 1
// as "k|name"), then one line per option. A dlx program counts exactly
// the symmetric solutions. Header comments name every orbit option's
// first member and explain the gadget items.
func WriteSymmetricDLX(w io.Writer, c *model.SymmetricCover) error {
	o := newOut(w)
	p := c.Puzzle
	names := SymmetricDLXNames(c)
	g := p.Symmetric
	o.str("| polytile exact cover of the symmetric solutions: " + comment(p.Name) + "\n")
	o.str("| symmetric: " + comment(g.Describe()) + "\n")
	o.str(fmt.Sprintf("| %d items: %d cell orbits, %d class orbits with a finite count, %d gadget items\n",
		len(c.Items), c.CellOrbits, c.ClassItems, len(c.Items)-c.CellOrbits-c.ClassItems))
	o.str(fmt.Sprintf("| %d options: %d orbits of images, then the gadget options\n", len(c.Options), len(g.Orbits)))
	o.str("| an orbit using u > 1 copies of each class of its class orbit holds u-1 gadget items s; each s has\n")
	o.str("| a partner t and two options {t, class item} and {t, s}: the first is chosen exactly when the orbit is\n")
	o.str("| (it takes the orbit's extra copy), the second exactly when it is not\n")
	mult := false
	for _, it := range c.Items[c.CellOrbits : c.CellOrbits+c.ClassItems] {
		mult = mult || it.Mult > 1
	}
	if mult {
		o.str("| items written k|name must be covered exactly k times (dlx3 syntax)\n")
	}
	for n, it := range c.Items[:c.CellOrbits+c.ClassItems] {
		if names[n] != it.Name {
			o.str(fmt.Sprintf("| item %s is %s\n", names[n], comment(strconv.Quote(it.Name))))
		}
	}
	var line []byte
	for n, it := range c.Items {
		if len(line) > 0 {
			line = append(line, ' ')
		}
		if n >= c.CellOrbits && n < c.CellOrbits+c.ClassItems && it.Mult > 1 {
			line = strconv.AppendInt(line, int64(it.Mult), 10)
			line = append(line, '|')
		}
		line = append(line, names[n]...)
	}
	o.bytes(append(line, '\n'))
	for _, opt := range c.Options {
		o.bytes(append(appendItems(line[:0], names, opt), '\n'))
		if o.probe(w) != nil { // a failed (or cancelled) write ends the export
			return fmt.Errorf("export: write DLX: %w", o.err)
		}
	}
	if err := o.finish(); err != nil {
		return fmt.Errorf("export: write DLX: %w", err)
	}
	return nil
}
