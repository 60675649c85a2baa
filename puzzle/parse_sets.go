package puzzle

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/polytile/polytile/polyform"
)

// setKeys are the keys of a set entry in a list of pieces.
var setKeys = []string{"set", "count", "orientations", "prefix"}

// pieceList reads the pieces given by set names: a single set name
// (pieces: pentominoes) or a list whose entries are set names, set entries
// with options ({set: tetrominoes, count: 2, orientations: rotate, prefix:
// t}) or mappings of named shapes as in the mapping form. Names must be
// distinct across the whole list.
func (d *yamlDoc) pieceList(k, v *yaml.Node, spec *Spec, pol Policy, sup supply) error {
	items := []*yaml.Node{v}
	if v.Kind == yaml.SequenceNode {
		items = v.Content
		if len(items) == 0 {
			return Errorf(d.at(k), "the puzzle has no pieces")
		}
	}
	first := map[string]Pos{}
	sets := map[string]polyform.Set{} // each set generated once per file
	// add appends pieces; counted tells whether their cells were already
	// counted against MaxTotalCells (mappings of shapes, read by piece).
	add := func(ps []PieceSpec, counted bool) error {
		for _, p := range ps {
			if prev, dup := first[p.Name]; dup {
				return Errorf(p.Pos, "duplicate piece %q (first defined at %v); a prefix: on a set entry renames its pieces", p.Name, prev)
			}
			first[p.Name] = p.Pos
			if len(spec.Pieces) >= MaxPieces {
				return limitErr(p.Pos, "more than %d pieces, the limit", MaxPieces)
			}
			if !counted {
				if err := d.addPieceCells(p.Pos, len(p.Cells)); err != nil {
					return err
				}
			}
			spec.Pieces = append(spec.Pieces, p)
		}
		return nil
	}
	for _, item := range items {
		item, err := d.resolve(item)
		if err != nil {
			return err
		}
		var ps []PieceSpec
		counted := false // a mapping's pieces count their cells as each is read
		switch {
		case item.Kind == yaml.ScalarNode:
			ps, err = d.setPieces(item, item, pol, sup, "", sets)
		case item.Kind == yaml.MappingNode && hasKey(item, "set"):
			ps, err = d.setEntry(item, pol, sup, sets)
		case item.Kind == yaml.MappingNode:
			var one Spec
			if err = d.pieces(k, item, &one, pol, sup); err == nil {
				ps, counted = one.Pieces, true
			}
		default:
			err = Errorf(d.at(item), "a list of pieces holds set names (e.g. - pentominoes), set entries (- set: tetrominoes) or mappings of named shapes (- Q: \"##/##\")")
		}
		if err != nil {
			return err
		}
		if err := add(ps, counted); err != nil {
			return err
		}
	}
	return nil
}

func hasKey(n *yaml.Node, key string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Kind == yaml.ScalarNode && n.Content[i].Value == key {
			return true
		}
	}
	return false
}

// setEntry reads {set: NAME, count: N, orientations: P, prefix: S}.
func (d *yamlDoc) setEntry(n *yaml.Node, pol Policy, sup supply, sets map[string]polyform.Set) ([]PieceSpec, error) {
	pairs, err := d.mapping(n, "a set entry", setKeys)
	if err != nil {
		return nil, err
	}
	var name *yaml.Node
	prefix := ""
	for _, kv := range pairs {
		switch kv[0].Value {
		case "set":
			if name, err = d.resolve(kv[1]); err != nil {
				return nil, err
			}
		case "count":
			if sup, err = d.count(kv[1]); err != nil {
				return nil, err
			}
		case "orientations":
			if pol, err = d.policy(kv[1]); err != nil {
				return nil, err
			}
		case "prefix":
			if prefix, err = d.text(kv[1], "prefix"); err != nil {
				return nil, err
			}
		}
	}
	return d.setPieces(n, name, pol, sup, prefix, sets)
}

// setPieces expands the set named by the scalar n; at is the node the
// pieces are located at in messages, sets the sets already generated.
func (d *yamlDoc) setPieces(at, n *yaml.Node, pol Policy, sup supply, prefix string, sets map[string]polyform.Set) ([]PieceSpec, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" || strings.TrimSpace(n.Value) == "" {
		return nil, Errorf(d.at(n), "a piece set is given by its name (known sets: %s)", strings.Join(polyform.Names(), ", "))
	}
	name := strings.TrimSpace(n.Value)
	if d.grid != Square { // polyhexes and polyiamonds: grid_sets.go
		shapes, err := gridSet(name, d.grid)
		if err != nil {
			return nil, Errorf(d.at(n), "%v", err)
		}
		out := make([]PieceSpec, 0, len(shapes))
		for k, s := range shapes {
			out = append(out, PieceSpec{
				Name: prefix + setLetters(k), Cells: slices.Clone([]Cell(s)), Count: sup.n, Unlimited: sup.unlimited,
				Policy: pol, Pos: d.at(at),
			})
		}
		return out, nil
	}
	set, ok := sets[name]
	if !ok {
		var err error
		for _, g := range []Grid{Hex, Triangle} {
			if slices.Contains(GridSetNames(g), name) {
				return nil, Errorf(d.at(n), "piece set %s is for the %v grid: add grid: %v", name, g, g)
			}
		}
		if set, err = polyform.Lookup(name); err != nil {
			return nil, Errorf(d.at(n), "%v", err)
		}
		sets[name] = set
	}
	if set.Dim == 3 && d.dim == 2 {
		return nil, Errorf(d.at(n), "piece set %s is a set of polycubes but the board is 2D", set.Name)
	}
	out := make([]PieceSpec, 0, len(set.Pieces))
	for _, p := range set.Pieces {
		cells := make([]Cell, len(p.Shape))
		for k, c := range p.Shape {
			cells[k] = Cell{I: c.I, J: c.J, L: c.L}
		}
		out = append(out, PieceSpec{
			Name: prefix + p.Name, Cells: cells, Count: sup.n, Unlimited: sup.unlimited, Policy: pol,
			Pos: d.at(at),
		})
	}
	return out, nil
}

// SetNames returns the names of the piece sets a puzzle file may use in
// pieces (see Parse).
func SetNames() []string { return polyform.Names() }
