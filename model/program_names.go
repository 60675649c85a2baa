package model

import (
	"strconv"
	"strings"

	"github.com/polytile/polytile/puzzle"
)

// MaxNameLen is the length at which SanitizeNames truncates a piece name
// (before a uniqueness suffix), so that every exported name stays well
// below the 255 characters of the LP format.
const MaxNameLen = 32

// SanitizeNames maps piece names to names made of [A-Za-z0-9_] only, as
// LP and MPS files need, keeping them unique. The mapping is stable: it
// depends only on the list, in order.
//
//   - every other byte (spaces, '-', '+', quotes, UTF-8, ...) becomes '_';
//   - an empty result becomes "p";
//   - the result is truncated to MaxNameLen bytes;
//   - a name equal to an earlier result gets the first free suffix "_2",
//     "_3", ... (so "A-1" and "A+1" become "A_1" and "A_1_2").
//
// Names that are already clean, short and unique are unchanged.
func SanitizeNames(names []string) []string {
	out := make([]string, len(names))
	used := make(map[string]bool, len(names))
	for n, name := range names {
		b := []byte(name)
		for i, c := range b {
			if !nameByte(c) {
				b[i] = '_'
			}
		}
		if len(b) == 0 {
			b = []byte("p")
		}
		if len(b) > MaxNameLen {
			b = b[:MaxNameLen]
		}
		base := string(b)
		cand := base
		for s := 2; used[cand]; s++ {
			cand = base + "_" + strconv.Itoa(s)
		}
		used[cand] = true
		out[n] = cand
	}
	return out
}

func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// PieceName returns the sanitized name of piece k used in exported names
// (see SanitizeNames).
func (pr *Program) PieceName(k int) string { return pr.pieceName[k] }

// ObjName is the name of the objective in exported files.
const ObjName = "obj"

// appendCoord writes an integer coordinate; a negative one is written
// "m3" for -3, since '-' is not allowed in names.
func appendCoord(dst []byte, v int) []byte {
	if v < 0 {
		dst = append(dst, 'm')
		v = -v
	}
	return strconv.AppendInt(dst, int64(v), 10)
}

// appendCell writes "_i_j" (2D) or "_i_j_l" (3D).
func (pr *Program) appendCell(dst []byte, c puzzle.Cell) []byte {
	dst = append(dst, '_')
	dst = appendCoord(dst, c.I)
	dst = append(dst, '_')
	dst = appendCoord(dst, c.J)
	if pr.Puzzle.Dim == 3 {
		dst = append(dst, '_')
		dst = appendCoord(dst, c.L)
	}
	return dst
}

// AppendColName appends the name of column j to dst: x_F_3_2_5 for piece
// F in orientation 3 with anchor (2,5) (3D adds _l), y_2_5 for the slack
// of cell (2,5), z for the gcd multiplier.
func (pr *Program) AppendColName(dst []byte, j int) []byte {
	switch {
	case j < pr.nx:
		pl := pr.Puzzle.Images.Place[j]
		dst = append(dst, "x_"...)
		dst = append(dst, pr.pieceName[pl.Piece]...)
		dst = append(dst, '_')
		dst = strconv.AppendInt(dst, int64(pl.Orient), 10)
		return pr.appendCell(dst, pl.At)
	case j < pr.nx+pr.ny:
		dst = append(dst, 'y')
		return pr.appendCell(dst, pr.Puzzle.Region.Cells[j-pr.nx])
	default:
		return append(dst, 'z')
	}
}

// ColName returns the name of column j (see AppendColName).
func (pr *Program) ColName(j int) string { return string(pr.AppendColName(nil, j)) }

// IsPlaceholder reports whether name is the placeholder column the
// exporters write into a program without columns (a maximum-coverage
// program whose pieces all fit nowhere): the LP file's zero terms "0 z"
// and the MPS file's column fixed at 0 both name it AppendColName(nil, 0)
// of such a program ("z"; a fixed MPS file maps its short name to it).
// A program with columns has no placeholder: every name a solver lists
// for it must be one of its columns.
func (pr *Program) IsPlaceholder(name string) bool {
	return pr.NumCols() == 0 && name == pr.ColName(0)
}

// AppendRowName appends the name of row i to dst: overlap_c_2_5,
// count_F, area or area_gcd.
func (pr *Program) AppendRowName(dst []byte, i int) []byte {
	switch {
	case pr.isSymRow(i):
		return pr.appendSymRowName(dst, i)
	case i < pr.nCells:
		dst = append(dst, "overlap_c"...)
		return pr.appendCell(dst, pr.Puzzle.Region.Cells[i])
	case i < pr.nCells+len(pr.finite):
		dst = append(dst, "count_"...)
		return append(dst, pr.pieceName[pr.finite[i-pr.nCells]]...)
	case i == pr.areaRow:
		return append(dst, "area"...)
	case i == pr.gcdRow:
		return append(dst, "area_gcd"...)
	case i == pr.pinRow:
		return append(dst, "sym_pin"...)
	case pr.colRow >= 0 && i == pr.colRow:
		return append(dst, "colour_hi"...)
	case pr.colRow >= 0 && i == pr.colRow+1:
		return append(dst, "colour_lo"...)
	default:
		return append(dst, "sym_hole"...)
	}
}

// RowName returns the name of row i (see AppendRowName).
func (pr *Program) RowName(i int) string { return string(pr.AppendRowName(nil, i)) }

// ColumnIndex returns the column with the given name, as written by
// AppendColName. It parses the name instead of keeping a table, so it
// costs no memory; a name that is not exactly a column's name (for example
// "x_F_03_2_5") is not found.
func (pr *Program) ColumnIndex(name string) (int, bool) {
	j := pr.parseCol(name)
	if j < 0 || pr.ColName(j) != name {
		return -1, false
	}
	return j, true
}

func (pr *Program) parseCol(name string) int {
	if name == "z" {
		return pr.zCol
	}
	tok := strings.Split(name, "_")
	dim := pr.Puzzle.Dim
	switch tok[0] {
	case "y":
		if len(tok) != 1+dim || pr.ny == 0 {
			return -1
		}
		c, ok := parseCell(tok[1:])
		if !ok {
			return -1
		}
		n := pr.Puzzle.Region.Index(c)
		if n < 0 {
			return -1
		}
		return pr.nx + n
	case "x":
		if len(tok) < 3+dim {
			return -1
		}
		k, ok := pr.pieceOf[strings.Join(tok[1:len(tok)-1-dim], "_")]
		if !ok {
			return -1
		}
		r, err := strconv.Atoi(tok[len(tok)-1-dim])
		if err != nil {
			return -1
		}
		at, ok := parseCell(tok[len(tok)-dim:])
		if !ok {
			return -1
		}
		return pr.Puzzle.Images.Find(puzzle.Placement{Piece: k, Orient: r, At: at})
	}
	return -1
}

func parseCell(tok []string) (puzzle.Cell, bool) {
	var v [3]int
	for n, s := range tok {
		neg := strings.HasPrefix(s, "m")
		if neg {
			s = s[1:]
		}
		x, err := strconv.Atoi(s)
		if err != nil || x < 0 {
			return puzzle.Cell{}, false
		}
		if neg {
			x = -x
		}
		v[n] = x
	}
	return puzzle.Cell{I: v[0], J: v[1], L: v[2]}, true
}
