package polyform

import (
	"fmt"
	"slices"
	"strings"
)

// Piece is one member of a named set.
type Piece struct {
	Name  string
	Shape Shape
}

// Set is a named set of pieces.
type Set struct {
	Name   string
	Dim    int    // 2: polyominoes, 3: polycubes
	Doc    string // what the set is and how its pieces are named
	Pieces []Piece
}

// ref is the drawing that gives a class its name.
type ref struct{ name, art string }

// Golomb's letters for the pentominoes, each drawn in its usual
// orientation (the one the one-sided sets give the unprimed name).
var golomb = []ref{
	{"F", ".##/##./.#."}, {"I", "#####"}, {"L", "####/#..."}, {"N", "##../.###"},
	{"P", "##/##/#."}, {"T", "###/.#./.#."}, {"U", "#.#/###"}, {"V", "#../#../###"},
	{"W", "#../##./.##"}, {"X", ".#./###/.#."}, {"Y", ".#../####"}, {"Z", "##./.#./.##"},
}

// conway maps Golomb's letters to Conway's (O to Z in alphabetical order of
// the shapes' names in his scheme): only I, L, F and N differ.
var conway = map[string]string{"I": "O", "L": "Q", "F": "R", "N": "S"}

var tetrominoRefs = []ref{{"I", "####"}, {"O", "##/##"}, {"T", "###/.#."}, {"S", ".##/##."}, {"L", "###/#.."}}

// Tetris letters for the one-sided tetrominoes: Z is the mirror image of S,
// J that of L.
var tetrisRefs = append(slices.Clone(tetrominoRefs), ref{"Z", "##./.##"}, ref{"J", "###/..#"})

var trominoRefs = []ref{{"I", "###"}, {"V", "##/#."}}

// The non-planar tetracubes with the Soma cube's letters: A and B are the
// two screws (mirror images of each other), P the branch.
var screwRefs = []ref{{"A", "##/#. | .#/.."}, {"B", "##/#. | ../#."}, {"P", "##/#. | #./.."}}

// The Soma pieces: V (tricube) and the non-convex tetracubes, with Piet
// Hein's letters.
var somaRefs = append([]ref{{"V", "##/#."}, {"L", "###/#.."}, {"T", "###/.#."}, {"Z", "##./.##"}}, screwRefs...)

// The Tetris Cube (a commercial set by Oskar van Deventer, sold by
// Mindware): twelve pieces of 5 and 6 cubes with no definition other than
// this list; each is drawn layer by layer (row = y, column = x). Its letters
// are those of examples/tetris-cube.yaml.
var tetrisCube = []ref{
	{"A", "###/#../#.."}, {"B", "#./##/#./#."}, {"C", "##/## | #./.."},
	{"D", "#../###/.#. | #../.../..."}, {"E", "###/#.. | .../#.."}, {"F", "###/.#. | .../.#."},
	{"G", "##./.#. | .../.##"}, {"H", ".../###/.#. | .#./.#./..."}, {"I", "###/#../#.. | .../#../..."},
	{"J", "###/#../#.. | .../.../#.."}, {"K", "##./.## | #../..."}, {"L", "#./##/.#/.#"},
}

type setDef struct {
	name  string
	dim   int
	doc   string
	build func() ([]Piece, error)
}

// defs lists the sets in the order Names gives them.
var defs = []setDef{
	{"monominoes", 2, "the monomino, named M", func() ([]Piece, error) { return numbered(1, 2, true, "M", 0) }},
	{"dominoes", 2, "the domino, named D", func() ([]Piece, error) { return numbered(2, 2, true, "D", 0) }},
	{"trominoes", 2, "the 2 free trominoes I and V", func() ([]Piece, error) { return lettered(3, 2, true, trominoRefs) }},
	{"tetrominoes", 2, "the 5 free tetrominoes I O T S L", func() ([]Piece, error) { return lettered(4, 2, true, tetrominoRefs) }},
	{"pentominoes", 2, "the 12 free pentominoes with Golomb's letters F I L N P T U V W X Y Z", func() ([]Piece, error) { return lettered(5, 2, true, golomb) }},
	{"pentominoes-conway", 2, "the 12 free pentominoes with Conway's letters O P Q R S T U V W X Y Z (O = Golomb's I, Q = L, R = F, S = N)", conwayPentominoes},
	{"hexominoes", 2, "the 35 free hexominoes, numbered H01 to H35 in the order of their canonical forms", func() ([]Piece, error) { return numbered(6, 2, true, "H", 2) }},
	{"heptominoes", 2, "the 108 free heptominoes, numbered S001 to S108 (septomino) in the order of their canonical forms", func() ([]Piece, error) { return numbered(7, 2, true, "S", 3) }},
	{"one-sided-monominoes", 2, "the one-sided monomino M", func() ([]Piece, error) { return numbered(1, 2, false, "M", 0) }},
	{"one-sided-dominoes", 2, "the one-sided domino D", func() ([]Piece, error) { return numbered(2, 2, false, "D", 0) }},
	{"one-sided-trominoes", 2, "the 2 one-sided trominoes I and V", func() ([]Piece, error) { return lettered(3, 2, false, trominoRefs) }},
	{"one-sided-tetrominoes", 2, "the 7 one-sided tetrominoes with the Tetris letters I O T S Z L J", func() ([]Piece, error) { return lettered(4, 2, false, tetrisRefs) }},
	{"one-sided-pentominoes", 2, "the 18 one-sided pentominoes: Golomb's letters, the mirror image of a chiral piece primed (F F' I L L' N N' P P' T U V W X Y Y' Z Z')", func() ([]Piece, error) { return lettered(5, 2, false, golomb) }},
	{"one-sided-hexominoes", 2, "the 60 one-sided hexominoes: the numbers of hexominoes, the mirror image of a chiral piece primed (H03 and H03')", func() ([]Piece, error) { return numbered(6, 2, false, "H", 2) }},
	{"one-sided-heptominoes", 2, "the 196 one-sided heptominoes: the numbers of heptominoes, mirror images primed", func() ([]Piece, error) { return numbered(7, 2, false, "S", 3) }},
	{"tetracubes", 3, "the 8 tetracubes, mirror images counted apart (7 if identified): I O T S L (flat) and the Soma letters A B (the two screws) and P (the branch)", func() ([]Piece, error) {
		return lettered(4, 3, false, append(slices.Clone(tetrominoRefs), screwRefs...))
	}},
	{"pentacubes", 3, "the 29 pentacubes, mirror images counted apart (23 if identified): the 12 flat ones with Golomb's pentomino letters, the 17 others numbered C01 to C11 in the order of their canonical forms under rotations and reflections, the mirror image of a chiral one primed (C01')", pentacubes},
	{"soma", 3, "Piet Hein's Soma pieces: the non-convex polycubes of 3 and 4 cubes, V L T Z A B P (A and B the screws, P the branch)", soma},
	{"tetris-cube", 3, "the 12 pieces of the Tetris Cube (a commercial set, listed, not generated), A to L", func() ([]Piece, error) {
		var out []Piece
		for _, r := range tetrisCube {
			out = append(out, Piece{r.name, parseArt(r.art)})
		}
		return out, nil
	}},
}

// Names returns the names of the known sets.
func Names() []string {
	out := make([]string, len(defs))
	for k, d := range defs {
		out[k] = d.name
	}
	return out
}

// Lookup generates the named set. Names are matched exactly (lower case);
// an unknown name is an error listing the known ones.
func Lookup(name string) (Set, error) {
	for _, d := range defs {
		if d.name == name {
			pieces, err := d.build()
			if err != nil {
				return Set{}, fmt.Errorf("polyform: set %s: %w", name, err)
			}
			return Set{Name: d.name, Dim: d.dim, Doc: d.doc, Pieces: pieces}, nil
		}
	}
	if r := []rune(name); len(r) > 40 {
		name = string(r[:40]) + "..."
	}
	return Set{}, fmt.Errorf("unknown piece set %q (known sets: %s)", name, strings.Join(Names(), ", "))
}

// lettered names the classes of n cells by the drawings refs: a class takes
// the name of the drawing in it (and the drawing's orientation), or the
// name primed and the drawing mirrored when it holds the drawing's mirror
// image. Every class must get exactly one name.
func lettered(n, dim int, mirror bool, refs []ref) ([]Piece, error) {
	classes, err := Classes(n, dim, mirror)
	if err != nil {
		return nil, err
	}
	return nameClasses(classes, dim, mirror, refs)
}

func nameClasses(classes []Shape, dim int, mirror bool, refs []ref) ([]Piece, error) {
	index := map[string]int{}
	for k, c := range classes {
		index[c.Key()] = k
	}
	pieces := make([]Piece, len(classes))
	var out []Piece // in the order of refs, a primed name after its own
	set := func(k int, p Piece) error {
		if pieces[k].Name != "" {
			return fmt.Errorf("class %s is named both %s and %s", classes[k].Art(), pieces[k].Name, p.Name)
		}
		pieces[k] = p
		out = append(out, p)
		return nil
	}
	for _, r := range refs {
		s := parseArt(r.art)
		k, ok := index[Canonical(s, dim, mirror).Key()]
		if !ok {
			return nil, fmt.Errorf("drawing %s (%s) is not a class of the set", r.name, r.art)
		}
		if err := set(k, Piece{r.name, s}); err != nil {
			return nil, err
		}
		if m := Mirror(s); !mirror {
			if km := index[Canonical(m, dim, false).Key()]; km != k && !hasRef(refs, Canonical(m, dim, false), dim) {
				if err := set(km, Piece{r.name + "'", m}); err != nil {
					return nil, err
				}
			}
		}
	}
	for k, p := range pieces {
		if p.Name == "" {
			return nil, fmt.Errorf("class %s has no name", classes[k].Art())
		}
	}
	return out, nil
}

// hasRef reports whether a drawing of refs is in the (one-sided) class c.
func hasRef(refs []ref, c Shape, dim int) bool {
	for _, r := range refs {
		if slices.Equal(Canonical(parseArt(r.art), dim, false), c) {
			return true
		}
	}
	return false
}

// numbered names the free classes of n cells prefix+number (digits wide,
// none when digits is 0 and there is one class) in canonical order; for
// one-sided sets (mirror false) the mirror image of a chiral class gets
// the same name primed.
func numbered(n, dim int, mirror bool, prefix string, digits int) ([]Piece, error) {
	free, err := Classes(n, dim, true)
	if err != nil {
		return nil, err
	}
	var out []Piece
	for k, s := range free {
		name := prefix
		if digits > 0 {
			name = fmt.Sprintf("%s%0*d", prefix, digits, k+1)
		}
		out = append(out, Piece{name, s})
		if !mirror && Chiral(s, dim) {
			out = append(out, Piece{name + "'", Mirror(s)})
		}
	}
	return out, nil
}

func conwayPentominoes() ([]Piece, error) {
	pieces, err := lettered(5, 2, true, golomb)
	for k, p := range pieces {
		if c, ok := conway[p.Name]; ok {
			pieces[k].Name = c
		}
	}
	slices.SortFunc(pieces, func(a, b Piece) int { return strings.Compare(a.Name, b.Name) })
	return pieces, err // O P Q R S T U V W X Y Z
}

// planar reports whether a polycube lies in one layer of some axis.
func planar(s Shape) bool {
	var e Cell
	for _, c := range s {
		e = Cell{I: max(e.I, c.I+1), J: max(e.J, c.J+1), L: max(e.L, c.L+1)}
	}
	return e.I == 1 || e.J == 1 || e.L == 1
}

// pentacubes: the flat ones by their pentomino letter, the others numbered.
func pentacubes() ([]Piece, error) {
	all, err := Classes(5, 3, false)
	if err != nil {
		return nil, err
	}
	var flat []Shape
	for _, c := range all {
		if planar(c) {
			flat = append(flat, c)
		}
	}
	out, err := nameClasses(flat, 3, false, golomb)
	if err != nil {
		return nil, err
	}
	free, err := Classes(5, 3, true)
	if err != nil {
		return nil, err
	}
	k := 0
	for _, s := range free {
		if planar(s) {
			continue
		}
		k++
		name := fmt.Sprintf("C%02d", k)
		out = append(out, Piece{name, s})
		if Chiral(s, 3) {
			out = append(out, Piece{name + "'", Mirror(s)})
		}
	}
	return out, nil
}

// soma: the classes under rotation of 3 and 4 cubes that are not cuboids
// (a cuboid fills its bounding box).
func soma() ([]Piece, error) {
	var pick []Shape
	for n := 3; n <= 4; n++ {
		cs, err := Classes(n, 3, false)
		if err != nil {
			return nil, err
		}
		for _, c := range cs {
			var e Cell
			for _, x := range c {
				e = Cell{I: max(e.I, x.I+1), J: max(e.J, x.J+1), L: max(e.L, x.L+1)}
			}
			if e.I*e.J*e.L != n {
				pick = append(pick, c)
			}
		}
	}
	return nameClasses(pick, 3, false, somaRefs)
}
