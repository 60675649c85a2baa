package puzzle

import "gopkg.in/yaml.v3"

// cellList reads a list of cells [row, column] (or [row, column, layer]
// on a 3D board) given in the grid's coordinates (grid.go): the explicit
// form of a board or a shape. For the board, whose dimension is not known
// yet, the first cell's length decides it.
func (d *yamlDoc) cellList(n *yaml.Node, what string, limit int) ([]Cell, error) {
	if len(n.Content) > limit {
		return nil, limitErr(d.at(n), "%s: more than %d cells, the limit", what, limit)
	}
	if d.dim == 0 {
		d.dim = 2
		if first, err := d.resolve(n.Content[0]); err == nil && first.Kind == yaml.SequenceNode && len(first.Content) == 3 {
			if d.grid != Square { // at the cell, not at the grid key
				return nil, Errorf(d.at(first), "%s: the %v grid is planar: a cell is [row, column], not [row, column, layer]", what, d.grid)
			}
			d.dim = 3
		}
	}
	cells := make([]Cell, 0, len(n.Content))
	for _, item := range n.Content {
		if err := d.ctx.Err(); err != nil {
			return nil, err
		}
		if it, err := d.resolve(item); err == nil && (it.Kind != yaml.SequenceNode || len(it.Content) != d.dim) {
			want := "[row, column]"
			if d.dim == 3 {
				want = "[row, column, layer]"
			}
			return nil, Errorf(d.at(it), "%s: expected a list of cells %s, ASCII art (a string such as \".#/##\" or a | block), or a list of layers of ASCII art (3D)", what, want)
		}
		c, err := d.coord(item, what)
		if err != nil {
			return nil, err
		}
		cells = append(cells, c)
	}
	return cells, nil
}
