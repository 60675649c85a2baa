package shard

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckRecipe: a recipe name is one word of printable ASCII, at most
// MaxRecipeLen long, and every name accepted reads back from a key.
func TestCheckRecipe(t *testing.T) {
	for _, ok := range []string{"solve", "slurm-array.sh", strings.Repeat("a", MaxRecipeLen), "~"} {
		if err := CheckRecipe(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
			continue
		}
		k, err := ParseKey(FormatKey(ok, strings.Repeat("0", 64), 2, nil, "sha256:"+strings.Repeat("a", 64)))
		if err != nil || k.Recipe != ok {
			t.Errorf("%q does not read back: %v %+v", ok, err, k)
		}
	}
	for _, bad := range []string{"", "two words", "tab\there", "é", strings.Repeat("a", MaxRecipeLen+1), "nl\n"} {
		if err := CheckRecipe(bad); !errors.Is(err, ErrBadRecipe) {
			t.Errorf("%q: %v, want ErrBadRecipe", bad, err)
		}
	}
}

// TestPinnedWord: no piece is written "none", a piece by its name.
func TestPinnedWord(t *testing.T) {
	if PinnedWord("") != "none" || PinnedWord("X") != "X" {
		t.Errorf("PinnedWord: %q %q", PinnedWord(""), PinnedWord("X"))
	}
}
