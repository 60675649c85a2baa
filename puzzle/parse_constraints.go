package puzzle

import (
	"fmt"
	"strconv"

	"gopkg.in/yaml.v3"
)

// constraintKeys are the keys of an entry of the top-level constraints
// mapping.
var constraintKeys = []string{"at", "region"}

// empty reads the board-level empty: cells that must stay empty, as ASCII
// art in board coordinates ('#' marks a cell to leave empty) or a list of
// cells [row, column(, layer)].
func (d *yamlDoc) empty(k, v *yaml.Node, spec *Spec) error {
	cells, err := d.cellSet(k, v, "empty")
	if err != nil {
		return err
	}
	spec.Empty, spec.pos.empty = cells, d.at(k)
	return nil
}

// constraints reads the top-level constraints mapping: piece name to
// {at, region}, for any piece, including those of a named set.
func (d *yamlDoc) constraints(k, v *yaml.Node, spec *Spec) error {
	v, err := d.resolve(v)
	if err != nil {
		return err
	}
	if v.Kind != yaml.MappingNode {
		return Errorf(d.at(v), "constraints must be a mapping from piece name to {at: [row, column], region: ...}")
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		pk, pv := v.Content[i], v.Content[i+1]
		if pk.Kind != yaml.ScalarNode || pk.Tag == mergeTag {
			return Errorf(d.at(pk), "constraints: a key must be a piece name")
		}
		n := -1
		for j := range spec.Pieces {
			if spec.Pieces[j].Name == pk.Value {
				n = j
				break
			}
		}
		if n < 0 {
			return Errorf(d.at(pk), "constraints: no piece named %q", pk.Value)
		}
		ps := &spec.Pieces[n]
		if ps.Constraint.Active() {
			return Errorf(d.at(pk), "constraints: piece %q is constrained twice (here and at %v)", pk.Value, ps.Constraint.Pos)
		}
		pv, err := d.resolve(pv)
		if err != nil {
			return err
		}
		pairs, err := d.mapping(pv, fmt.Sprintf("the constraints of piece %q", pk.Value), constraintKeys)
		if err != nil {
			return err
		}
		if len(pairs) == 0 {
			return Errorf(d.at(pk), "constraints: piece %q: give at or region", pk.Value)
		}
		for _, kv := range pairs {
			if err := d.constraintKey(pk.Value, kv[0], kv[1], &ps.Constraint); err != nil {
				return err
			}
		}
	}
	return nil
}

// constraintKey reads one key of a piece's constraint: at or region.
func (d *yamlDoc) constraintKey(name string, k, v *yaml.Node, c *Constraint) error {
	if !c.Active() {
		c.Pos = d.at(k)
	}
	switch k.Value {
	case "at":
		at, err := d.atCoord(v, fmt.Sprintf("piece %q: at", name))
		if err != nil {
			return err
		}
		c.At = &at
	case "region":
		cells, err := d.cellSet(k, v, fmt.Sprintf("piece %q: region", name))
		if err != nil {
			return err
		}
		c.Region, c.HasRegion = cells, true
	}
	return nil
}

// coord reads a cell [row, column] (2D) or [row, column, layer] (3D).
func (d *yamlDoc) coord(n *yaml.Node, what string) (Cell, error) {
	n, err := d.resolve(n)
	if err != nil {
		return Cell{}, err
	}
	want := "[row, column]"
	if d.dim == 3 {
		want = "[row, column, layer]"
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) != d.dim {
		return Cell{}, Errorf(d.at(n), "%s must be a cell %s", what, want)
	}
	var v [3]int
	for a, item := range n.Content {
		item, err := d.resolve(item)
		if err != nil {
			return Cell{}, err
		}
		// Decimal digits, as a count: Atoi alone took +1.
		x, err := strconv.Atoi(item.Value)
		if item.Kind != yaml.ScalarNode || !digitsRe.MatchString(item.Value) || err != nil || x < 0 || x >= MaxCells {
			return Cell{}, Errorf(d.at(item), "%s: a coordinate must be an integer from 0 to %d, not %q", what, MaxCells-1, item.Value)
		}
		v[a] = x
	}
	return Cell{I: v[0], J: v[1], L: v[2]}, nil
}

// cellSet reads a set of cells in board coordinates: ASCII art (one block
// in 2D, a list of layers in 3D) where '#' marks a cell of the set, or a
// list of cells [row, column(, layer)].
func (d *yamlDoc) cellSet(k, n *yaml.Node, what string) ([]Cell, error) {
	n, err := d.resolve(n)
	if err != nil {
		return nil, err
	}
	lim := artLimit{max: MaxCells, what: what}
	switch {
	case n.Kind == yaml.ScalarNode:
		if d.dim == 3 {
			return nil, Errorf(d.at(n), "%s: the board is 3D: give a list of layers of ASCII art or a list of cells [row, column, layer]", what)
		}
		return d.art(k, n, 0, lim)
	case n.Kind == yaml.SequenceNode && len(n.Content) == 0:
		return nil, Errorf(d.at(n), "%s: an empty list", what)
	case n.Kind == yaml.SequenceNode && n.Content[0].Kind == yaml.SequenceNode:
		if len(n.Content) > MaxCells {
			return nil, limitErr(d.at(n), "%s: more than %d cells, the limit", what, MaxCells)
		}
		cells := make([]Cell, 0, len(n.Content))
		seen := make(map[Cell]*yaml.Node, len(n.Content))
		for _, item := range n.Content {
			c, err := d.coord(item, what)
			if err != nil {
				return nil, err
			}
			// A cell listed twice is refused, as a duplicate key or
			// piece is.
			if prev, dup := seen[c]; dup {
				return nil, Errorf(d.at(item), "%s: cell %s is listed twice (first at %v)", what, d.cellText(c), d.at(prev))
			}
			seen[c] = item
			cells = append(cells, c)
		}
		return cells, nil
	case n.Kind == yaml.SequenceNode:
		if d.dim == 2 {
			return nil, Errorf(d.at(n), "%s: the board is 2D: give one block of ASCII art or a list of cells [row, column]", what)
		}
		return d.layers(k, n, lim)
	}
	return nil, Errorf(d.at(n), "%s must be ASCII art or a list of cells [row, column]", what)
}

// cellText writes a cell as the YAML lists it: [row, column] in 2D,
// [row, column, layer] in 3D.
func (d *yamlDoc) cellText(c Cell) string {
	if d.dim == 3 {
		return fmt.Sprintf("[%d, %d, %d]", c.I, c.J, c.L)
	}
	return fmt.Sprintf("[%d, %d]", c.I, c.J)
}
