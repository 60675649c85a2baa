package textio

import "strconv"

// Count is n and the noun for it, singular for 1 ("1 cell") and plural
// otherwise ("0 cells", "2 cells"), for messages that say a count which
// may be 1. A plural that is not the singular plus "s" is given after it:
// Count(1, "copy", "copies").
func Count(n int, singular string, plural ...string) string {
	if n == 1 || n == -1 {
		return strconv.Itoa(n) + " " + singular
	}
	if len(plural) > 0 {
		return strconv.Itoa(n) + " " + plural[0]
	}
	return strconv.Itoa(n) + " " + singular + "s"
}
