package puzzle

import (
	"gopkg.in/yaml.v3"
)

// atCoord reads the cell of an `at` constraint. On the square and hex grids
// it is a cell (coord). On the triangle grid it is the top-left corner of
// the piece's drawing, an up-triangle position: a piece whose leftmost
// triangle points down is drawn from the column before it, so a placement
// whose leftmost triangle is a down triangle in column 0 has its corner in
// column -1 (solve --json prints it so). That column is accepted, so that
// every placement polytile reports can be pinned with `at`.
func (d *yamlDoc) atCoord(n *yaml.Node, what string) (Cell, error) {
	if d.grid != Triangle {
		return d.coord(n, what)
	}
	r, err := d.resolve(n)
	if err != nil {
		return Cell{}, err
	}
	if r.Kind == yaml.SequenceNode && len(r.Content) == 2 {
		col, err := d.resolve(r.Content[1])
		if err != nil {
			return Cell{}, err
		}
		if col.Kind == yaml.ScalarNode && col.Value == "-1" { // as typed: -01 and +-1 are no coordinates
			// The row is read as any coordinate; the column stands in.
			c, err := d.coord(&yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{r.Content[0], {Kind: yaml.ScalarNode, Value: "0", Line: col.Line, Column: col.Column}}}, what)
			c.J = -1
			return c, err
		}
	}
	return d.coord(n, what)
}
