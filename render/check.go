package render

import (
	"fmt"

	"github.com/polytile/polytile/puzzle"
)

// maxSheetBlocks bounds the tilings of one SVG or PNG sheet: every block
// takes at least blockGap x blockGap pixels (24 x 24), so more than
// maxPixels / 576 blocks never fit.
const maxSheetBlocks = maxPixels / (24 * 24)

// MaxPixels is the largest SVG or PNG picture, in pixels (width x height).
const MaxPixels = maxPixels

// CheckPicture reports, without drawing anything, whether the SVG or PNG
// picture of n exact tilings of p (Tiling for n == 1, Gallery for more)
// fits within the pixel limit, and its size: a caller can refuse a
// --render png of a large --limit before searching for the tilings. Text
// formats have no such limit (it returns 0, 0, nil). Tilings that leave
// cells uncovered carry a longer caption in a gallery; their sheet can be a
// few pixels wider than this one.
func CheckPicture(p *puzzle.Puzzle, n int, f Format, o Options) (w, h int, err error) {
	if p == nil {
		return 0, 0, errNoPuzzle
	}
	if f.Text() || n < 1 {
		return 0, 0, nil
	}
	if p.Grid != puzzle.Square {
		if err := checkPlanarCells(min(n, maxSheetBlocks+1) * p.Area()); err != nil {
			return 0, 0, err
		}
	}
	if n > maxSheetBlocks {
		return 0, 0, fmt.Errorf("render: a picture of %d tilings would be more than the limit of %d pixels (no sheet holds more than %d tilings of any board, at 24 x 24 pixels each)", n, maxPixels, maxSheetBlocks)
	}
	reg := p.Region
	// Only the box matters for the layout: a scene without positions.
	sc := &scene{lo: reg.Lo, ni: reg.Size.I, nj: reg.Size.J, nl: max(reg.Size.L, 1)}
	if n == 1 {
		w, h, _, err = fitSheet(o, autoCell(o, sceneCells(sc)), []pblock{{sc: sc}}, 0, nil)
		return w, h, err
	}
	blocks := make([]pblock, n)
	for k := range blocks {
		blocks[k] = pblock{sc: sc, caption: galleryCaption(k, 0, 0)}
	}
	cols := galleryColumns(n)
	w, h, _, err = fitSheet(o, autoCell(o, cols*(sceneCells(sc)+2)), blocks, cols, nil)
	return w, h, err
}

// MaxPictureTilings is the largest number of exact tilings of p, up to
// limit, whose SVG or PNG picture passes CheckPicture (0 when not even one
// does).
func MaxPictureTilings(p *puzzle.Puzzle, limit int, f Format, o Options) int {
	lo, hi := 0, min(limit, maxSheetBlocks) // lo fits (0 trivially), hi+1 does not or is beyond
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if _, _, err := CheckPicture(p, mid, f, o); err == nil {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}
