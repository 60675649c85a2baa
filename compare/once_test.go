package compare

import (
	"strings"
	"testing"
)

// TestBackendOptionGivenOnce: an option given twice, or two options that
// set the same thing, is refused with a message naming both; the last
// one used to win without a word (fila:j=2,j=3 ran -j 3, r=none,r=auto
// the filter). A schedule's level out of 1..1048576 is refused at the
// spec, as solve --heuristic refuses it.
func TestBackendOptionGivenOnce(t *testing.T) {
	r := NewRegistry()
	for _, c := range []struct{ spec, want string }{
		{"fila:j=2,j=3", "j=2 and j=3"},
		{"dlx:j=2,j=2", "j=2 and j=2"},
		{"fila:r=none,r=auto", "r=none and r=auto"},
		{"native:r=X,r=none", "r=X and r=none"},
		{"fila:at=3,at=4", "at=3 and at=4"},
		{"fila:nof,nof", "nof and nof"},
		{"fila:vol,vol=3", "vol and vol=3"},
		{"fila:volume=2,vol", "volume=2 and vol"},
		{"fila:e,f", "two heuristics"},
		{"fila:e=11:f=3,s", "two heuristics"},
		{"highs:threads=1,threads=2", "threads=1 and threads=2"},
		{"highs:gap=0.1,gap=0.2", "gap=0.1 and gap=0.2"},
		{"highs:seed,packing", "seed and packing"},
		{"highs:strengthen,strong", "strengthen and strong"},
		{"cbc:mps,mps", "mps and mps"},
		{"fila:e=99999999999:f=3", "1 to 1048576"},
		{"dlx:f=2147483648", "1 to 1048576"},
		{"fila:e=9223372036854775807:f=3", "1 to 1048576"},
	} {
		_, err := r.Parse(c.spec)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.spec, err, c.want)
		}
	}
	for _, spec := range []string{"fila:e=11:f=3,nof,at=5,vol=2,r=none,j=2", "dlx:s,j=2", "highs:seed,strengthen,gap=0.1,threads=2", "native:f"} {
		if _, err := r.Parse(spec); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
	// The exported NativeConfig refuses the same.
	if _, err := NativeConfig("fila", []string{"j=2", "j=3"}); err == nil {
		t.Error("NativeConfig took j=2,j=3")
	}
}
