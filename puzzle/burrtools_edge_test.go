package puzzle

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// burrEdge is a BurrTools file, one element a line: a 1x3 result (shape
// 1) and the given piece shapes and problem lines.
func burrEdge(decl string, shapes, problem []string) string {
	lines := []string{decl, `<puzzle version="2">`, `<gridType type="0"/>`, `<shapes>`,
		`<voxel x="3" y="1" z="1" type="0">###</voxel>`}
	lines = append(lines, shapes...)
	lines = append(lines, `</shapes>`, `<problems>`, `<problem state="0">`)
	lines = append(lines, problem...)
	lines = append(lines, `</problem>`, `</problems>`, `</puzzle>`)
	return strings.Join(lines, "\n") + "\n"
}

const burrDecl = `<?xml version="1.0"?>`

// TestBurrToolsEdgeCases: an unnamed shape 3 next to a shape named "S3"
// was refused as "lists shape 3 twice"; a second shape with a name
// already used was silently renamed S<n>; count="1" with min="2" max="2"
// silently took count; a second <result> silently replaced the first;
// encoding="ISO-8859-1" failed with Go's "Decoder.CharsetReader is nil".
// Now the names are S3 and S3_2, a duplicate name and the contradictions
// are refused naming their line, and Latin-1 is read.
func TestBurrToolsEdgeCases(t *testing.T) {
	mono := func(name string) string {
		if name == "" {
			return `<voxel x="1" y="1" z="1" type="0">#</voxel>`
		}
		return fmt.Sprintf(`<voxel x="1" y="1" z="1" type="0" name="%s">#</voxel>`, name)
	}
	three := func(a, b, c string) []string { return []string{mono(a), mono(b), mono(c)} }
	parts := func(extra ...string) []string {
		return append([]string{`<shapes>`, `<shape id="1" count="1"/>`, `<shape id="2" count="1"/>`, `<shape id="3" count="1"/>`, `</shapes>`}, extra...)
	}
	result := `<result id="0"/>`
	cases := []struct {
		name    string
		data    string
		pieces  []string // the piece names when read
		line    int      // the line of the error otherwise
		message string
	}{
		{"S3 next to unnamed shape 3", burrEdge(burrDecl, three("S3", "", "B"), parts(result)), []string{"S3", "S3_2", "B"}, 0, ""},
		{"S4 named, S4 unnamed shape 4 and S4_2 named", burrEdge(burrDecl, three("S4_2", "", "S4"), parts(result)), []string{"S4_2", "S3", "S4"}, 0, ""},
		{"white space", burrEdge(burrDecl, three("a b", "", "c"), parts(result)), []string{"a_b", "S3", "c"}, 0, ""},
		{"same name twice", burrEdge(burrDecl, three("A", "B", "A"), parts(result)), nil, 8, "same piece name"},
		{"count contradicts min max", burrEdge(burrDecl, three("A", "B", "C"),
			[]string{`<shapes>`, `<shape id="1" min="2" max="2" count="1"/>`, `<shape id="2"/>`, `<shape id="3"/>`, `</shapes>`, result}), nil, 13, "contradict"},
		{"min without max", burrEdge(burrDecl, three("A", "B", "C"),
			[]string{`<shapes>`, `<shape id="1"/>`, `<shape id="2" min="2"/>`, `<shape id="3"/>`, `</shapes>`, result}), nil, 14, "without the other"},
		{"min above max", burrEdge(burrDecl, three("A", "B", "C"),
			[]string{`<shapes>`, `<shape id="1"/>`, `<shape id="2"/>`, `<shape id="3" min="2" max="1"/>`, `</shapes>`, result}), nil, 15, "min=2 > max=1"},
		{"count agrees with min max", burrEdge(burrDecl, three("A", "B", "C"),
			[]string{`<shapes>`, `<shape id="1" min="1" max="1" count="1"/>`, `<shape id="2"/>`, `<shape id="3"/>`, `</shapes>`, result}), []string{"A", "B", "C"}, 0, ""},
		{"second result", burrEdge(burrDecl, three("A", "B", "C"), parts(result, `<result id="1"/>`)), nil, 18, "second <result>"},
		{"shape listed twice", burrEdge(burrDecl, three("A", "B", "C"),
			[]string{`<shapes>`, `<shape id="1"/>`, `<shape id="2"/>`, `<shape id="1"/>`, `</shapes>`, result}), nil, 15, "lists shape 2 twice"},
		{"Latin-1", burrEdge(`<?xml version="1.0" encoding="ISO-8859-1"?>`, three("\xe9", "B", "C"), parts(result)), []string{"é", "B", "C"}, 0, ""},
		{"UTF-16 named", burrEdge(`<?xml version="1.0" encoding="UTF-16"?>`, three("A", "B", "C"), parts(result)), nil, 1, "encoding \"UTF-16\" is not supported"},
	}
	for _, c := range cases {
		spec, err := ParseSpec("t.xmpuzzle", []byte(c.data), FormatBurrTools)
		if c.pieces != nil {
			var got []string
			for _, p := range spec.Pieces {
				got = append(got, p.Name)
			}
			if err != nil || !slices.Equal(got, c.pieces) {
				t.Errorf("%s: pieces %q, %v; want %q", c.name, got, err, c.pieces)
			}
			if err == nil {
				if _, err := Parse("t.xmpuzzle", []byte(c.data), FormatBurrTools); err != nil {
					t.Errorf("%s: %v", c.name, err)
				}
			}
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) || pe.Line != c.line || !strings.Contains(err.Error(), c.message) {
			t.Errorf("%s: error %v, want line %d and %q", c.name, err, c.line, c.message)
		}
	}
}
