package shard

import (
	"errors"
	"fmt"
	"strings"
)

// MaxRecipeLen is the longest recipe name a count key records.
const MaxRecipeLen = 64

// ErrBadRecipe is wrapped by CheckRecipe's error: the name would not
// read back as line 1's one word ("polytile RECIPE 2").
var ErrBadRecipe = errors.New("not a recipe name")

// CheckRecipe refuses a recipe name that is not one word of 1 to
// MaxRecipeLen printable ASCII characters, which FormatKey could not
// write as a key ParseKey reads back.
func CheckRecipe(name string) error {
	if name == "" || len(name) > MaxRecipeLen || strings.IndexFunc(name, func(c rune) bool { return c <= ' ' || c > '~' }) >= 0 {
		return fmt.Errorf("%q: %w (one word of at most %d printable ASCII characters)", name, ErrBadRecipe, MaxRecipeLen)
	}
	return nil
}

// PinnedWord is a pinned piece as a key's --redundancy and a
// configuration write it: "none" for no piece ("").
func PinnedWord(piece string) string {
	if piece == "" {
		return "none"
	}
	return piece
}
