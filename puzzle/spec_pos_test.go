package puzzle

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestSpecHidesPositions checks that Spec's exported fields are the puzzle
// alone: no field of type Pos (the parser keeps its positions in an
// unexported table), while the errors New finds in a parsed file still
// point at the line of the key they concern.
func TestSpecHidesPositions(t *testing.T) {
	st := reflect.TypeFor[Spec]()
	for f := range st.Fields() {
		if f.IsExported() && (f.Type == reflect.TypeFor[Pos]() || strings.HasSuffix(f.Name, "Pos")) {
			t.Errorf("Spec exports the parser position %s", f.Name)
		}
	}
	cases := []struct {
		file string
		line int
		want string
	}{
		{"name: a\nboard: \"..\"\npieces:\n  I: \"##\"\n", 2, "no cells"},
		{"board: 2x1\nempty: [[5,5]]\npieces:\n  I: \"##\"\n", 2, "not a cell of the board"},
		{"board: 3x1\n\nsymmetric: rotate90\npieces:\n  I: \"#\"\n", 3, "symmetric"},
	}
	for _, c := range cases {
		_, err := Parse("f.yaml", []byte(c.file), "")
		var pe *Error
		if !errors.As(err, &pe) || pe.Pos.File != "f.yaml" || pe.Pos.Line != c.line || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an *Error at f.yaml:%d saying %q", c.file, err, c.line, c.want)
		}
	}
}
