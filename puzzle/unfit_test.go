package puzzle

import (
	"context"
	"errors"
	"testing"
)

// TestNoExactTilingFromUnfit: a puzzle built with every piece that fits
// nowhere left out (DropAll, KeepEmpty) carries those pieces as data
// (Unfit, in the order of Dropped), and NoExactTiling answers from them
// exactly what a build under DropUnlimited refuses: the same typed error
// (*Error wrapping ErrUnplaceable, at the same position), or nil.
func TestNoExactTilingFromUnfit(t *testing.T) {
	const head = "name: u\nboard: 4x2\norientations: free\npieces:\n"
	cases := []struct {
		name, pieces string
		wantErr      bool
		line         int // of the piece the error names
		unfit        []string
	}{
		{"all fit", "  O: {shape: \"##/##\", count: 2}\n", false, 0, nil},
		{"too long", "  O: {shape: \"##/##\", count: 2}\n  I: \"#####\"\n", true, 6, []string{"I"}},
		{"unlimited only", "  I: {shape: \"#####\", count: unlimited}\n  O: {shape: \"##/##\", count: 2}\n", false, 0, []string{"I"}},
		{"constraint", "  L: {shape: \"#./##\", count: 1}\n  O: {shape: \"##/##\", count: 1}\nconstraints:\n  L: {at: [1, 3]}\n", true, 5, []string{"L"}},
		// The piece with more cells than the board is found before the
		// one without an image, whatever their order in the file.
		{"size first", "  L: {shape: \"#./##\", count: 1}\n  B: \"#####/#####\"\n  O: {shape: \"##/##\", count: 1}\nconstraints:\n  L: {at: [1, 3]}\n", true, 6, []string{"B", "L"}},
		{"only unlimited, none left", "  I: {shape: \"#####\", count: unlimited}\n", true, 5, []string{"I"}},
		{"unlimited before finite", "  P: {shape: \"#####\", count: unlimited}\n  I: \"######\"\n  O: {shape: \"##/##\", count: 2}\n", true, 6, []string{"P", "I"}},
	}
	for _, c := range cases {
		spec, err := ParseSpec("u.yaml", []byte(head+c.pieces), "")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p, err := NewWith(context.Background(), spec, BuildOptions{Unplaceable: DropAll, KeepEmpty: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(p.Unfit) != len(c.unfit) || len(p.Dropped) != len(c.unfit) {
			t.Fatalf("%s: unfit %+v, dropped %v, want %v", c.name, p.Unfit, p.Dropped, c.unfit)
		}
		for n, name := range c.unfit {
			u := p.Unfit[n]
			if u.Name != name || p.Dropped[n] != name || !errors.Is(u.Err, ErrUnplaceable) {
				t.Errorf("%s: unfit %d is %+v, want %s", c.name, n, u, name)
			}
		}
		got := p.NoExactTiling()
		_, built := NewWith(context.Background(), spec, BuildOptions{Unplaceable: DropUnlimited})
		if (got != nil) != c.wantErr || (built != nil) != c.wantErr {
			t.Errorf("%s: NoExactTiling %v, DropUnlimited build %v, want an error: %v", c.name, got, built, c.wantErr)
			continue
		}
		if !c.wantErr {
			continue
		}
		var pe *Error
		if !errors.Is(got, ErrUnplaceable) || !errors.As(got, &pe) || pe.Pos.Line != c.line {
			t.Errorf("%s: NoExactTiling %v (%#v), want *Error at line %d wrapping ErrUnplaceable", c.name, got, pe, c.line)
		}
		if got.Error() != built.Error() {
			t.Errorf("%s: NoExactTiling %q, DropUnlimited build %q", c.name, got, built)
		}
	}
}
