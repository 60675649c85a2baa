package textio

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		in    string
		width int
		want  string
	}{
		{"a bb ccc dddd", 6, "a bb\nccc\ndddd"},
		{"a bb ccc", 8, "a bb ccc"},
		{"Δ% is the change", 7, "Δ% is\nthe\nchange"},
		{"averyverylongword x", 4, "averyverylongword\nx"},
		{"one\ntwo three", 5, "one\ntwo\nthree"},
		{"  spaced   out  ", 20, "spaced out"},
	} {
		got := Wrap(tc.in, tc.width)
		if got != tc.want {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tc.in, tc.width, got, tc.want)
		}
		for _, line := range strings.Split(got, "\n") {
			if n := utf8.RuneCountInString(line); n > tc.width && strings.Contains(line, " ") {
				t.Errorf("Wrap(%q, %d): line %q is %d runes", tc.in, tc.width, line, n)
			}
		}
	}
}
