package puzzle

import (
	"context"
	"testing"
)

// TestVerifyStopped tells VerifyContext's three outcomes apart: a valid
// tiling, an invalid one (a Report and an error) and a stop (the context
// ended first: no Report), which is the only one VerifyStopped reports.
func TestVerifyStopped(t *testing.T) {
	p, err := Parse("d.yaml", []byte("board: 2x2\ncount: unlimited\npieces: {D: '##'}\n"), "yaml")
	if err != nil {
		t.Fatal(err)
	}
	var good Tiling
	ok := false
	for o := range p.Pieces[0].Orients {
		for _, at := range []Cell{{I: 0, J: 0}, {I: 1, J: 0}} {
			good.Placements = append(good.Placements, Placement{Piece: 0, Orient: o, At: at})
			if _, err := p.Verify(good, true); err == nil {
				ok = true
			}
		}
		if ok {
			break
		}
		good.Placements = nil
	}
	if !ok {
		t.Fatal("no tiling of the 2x2 board by dominoes built")
	}
	bad := Tiling{Placements: good.Placements[:1]}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		ctx  context.Context
		tl   Tiling
		want bool
	}{
		{"valid", context.Background(), good, false},
		{"invalid", context.Background(), bad, false},
		{"stopped", done, good, true},
		{"stopped invalid", done, bad, true},
	} {
		rep, err := p.VerifyContext(c.ctx, c.tl, true)
		if got := VerifyStopped(rep, err); got != c.want {
			t.Errorf("%s: VerifyStopped %v (report %v, err %v), want %v", c.name, got, rep != nil, err, c.want)
		}
		if !c.want && rep == nil {
			t.Errorf("%s: no report", c.name)
		}
	}
}
