package puzzle

import (
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// symmetric reads the top-level symmetric: one symmetry name or a list of
// them (symmetric.go checks them against the board).
func (d *yamlDoc) symmetric(k, v *yaml.Node, spec *Spec) error {
	v, err := d.resolve(v)
	if err != nil {
		return err
	}
	want := "symmetric must be one of " + strings.Join(SymmetryNames(), ", ") + ", or a list of them"
	var items []*yaml.Node
	switch v.Kind {
	case yaml.ScalarNode:
		items = []*yaml.Node{v}
	case yaml.SequenceNode:
		if len(v.Content) == 0 {
			return Errorf(d.at(v), "symmetric: an empty list (%s)", want)
		}
		if len(v.Content) > len(SymmetryNames()) {
			return Errorf(d.at(v), "symmetric: %d names, more than the %d there are", len(v.Content), len(SymmetryNames()))
		}
		items = v.Content
	default:
		return Errorf(d.at(v), "%s", want)
	}
	spec.Symmetric = spec.Symmetric[:0]
	for _, it := range items {
		it, err := d.resolve(it)
		if err != nil {
			return err
		}
		if it.Kind != yaml.ScalarNode || it.Tag == "!!null" {
			return Errorf(d.at(it), "%s", want)
		}
		name := strings.TrimSpace(it.Value)
		if _, ok := symmetryByName(name); !ok {
			return Errorf(d.at(it), "symmetric: unknown symmetry %q (%s)", clip(name), want)
		}
		spec.Symmetric = append(spec.Symmetric, name)
	}
	spec.pos.symmetric = d.at(k)
	return nil
}

// clip shortens a user string for an error message: at most 40 bytes,
// not cutting a character.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	s = s[:40]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s + "..."
}
