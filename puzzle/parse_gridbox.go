package puzzle

import "gopkg.in/yaml.v3"

// planarBoxLimit refuses a W x H board of the hex or triangle grid whose
// bounding box is beyond the limit of the board's bounding box (16 x
// MaxCells positions), at the board's value and in its own words. The
// rhombus leans by half a cell per row, so its box is H rows by W + H - 1
// columns (hex) or 2W + H - 1 (triangle): a board of few cells, such as
// 1x5000, can have a box of 25 million positions, which the board's
// region would refuse later with a message about a bounding box the
// puzzle never drew.
func planarBoxLimit(d *yamlDoc, v *yaml.Node, text string, w, h int) error {
	var cols int64
	switch d.grid {
	case Hex:
		cols = int64(w) + int64(h) - 1
	case Triangle:
		cols = 2*int64(w) + int64(h) - 1
	default:
		return nil
	}
	if box := int64(h) * cols; box > 16*MaxCells {
		return limitErr(d.at(v), "the %v board %s is a rhombus leaning by half a cell per row: its bounding box (%d rows x %d columns) has %d positions; the limit is %d", d.grid, text, h, cols, box, 16*MaxCells)
	}
	return nil
}
