package render

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/polytile/polytile/puzzle"
)

// TestCheckPictureMatchesGallery: the size predicted without drawing is the
// size of the picture Gallery / Tiling draw, so the CLI can refuse a
// picture that is too large before the search.
func TestCheckPictureMatchesGallery(t *testing.T) {
	for _, file := range []string{"pentomino-10x6.yaml", "soma.yaml"} {
		p, err := puzzle.ParseFile("../examples/"+file, "")
		if err != nil {
			t.Fatal(err)
		}
		tl := solve(p, 1, nil)[0]
		for _, n := range []int{1, 2, 5, 17} {
			ts := make([]puzzle.Tiling, n)
			for k := range ts {
				ts[k] = tl
			}
			o := Options{Labels: true, Title: p.Name}
			var b bytes.Buffer
			if n == 1 {
				err = Tiling(&b, p, tl, PNG, o)
			} else {
				err = Gallery(&b, p, ts, PNG, o)
			}
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(&b)
			if err != nil {
				t.Fatal(err)
			}
			w, h, err := CheckPicture(p, n, PNG, o)
			if err != nil || w != img.Bounds().Dx() || h != img.Bounds().Dy() {
				t.Errorf("%s, %d tilings: CheckPicture %dx%d (%v), drawn %v", file, n, w, h, err, img.Bounds().Size())
			}
		}
	}
}

// TestCheckPictureRefusesHuge: a gallery of a million tilings, or of a
// 1000x1000 board many times, is refused at once; MaxPictureTilings finds
// the largest that fits.
func TestCheckPictureRefusesHuge(t *testing.T) {
	p, err := puzzle.Parse("big.yaml", []byte("board: 1000x1000\ncount: unlimited\npieces:\n  D: \"##\"\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := CheckPicture(p, 1_000_000, SVG, Options{}); err == nil {
		t.Error("a million tilings fit")
	}
	if _, _, err := CheckPicture(p, 1, PNG, Options{}); err != nil {
		t.Errorf("one 1000x1000 tiling: %v", err)
	}
	m := MaxPictureTilings(p, 1000, PNG, Options{})
	if m < 1 || m > 10 {
		t.Fatalf("MaxPictureTilings = %d", m)
	}
	if _, _, err := CheckPicture(p, m, PNG, Options{}); err != nil {
		t.Errorf("%d fit by MaxPictureTilings but: %v", m, err)
	}
	if _, _, err := CheckPicture(p, m+1, PNG, Options{}); err == nil {
		t.Errorf("%d tilings fit too", m+1)
	}
}
