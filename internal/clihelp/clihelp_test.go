package clihelp

import "testing"

// TestReflowKeepsLists: Reflow fills prose lines again but keeps an
// indented list where it is, wrapping its long items under their text.
func TestReflowKeepsLists(t *testing.T) {
	in := "One short\nline of prose.\n\n  lp    a format whose description is long enough to wrap at thirty\n  mps   short\n  key: a value list that is long enough to wrap"
	got := Reflow(in, 40)
	want := "One short line of prose.\n\n  lp    a format whose description is\n        long enough to wrap at thirty\n  mps   short\n  key: a value list that is long enough\n       to wrap"
	if got != want {
		t.Errorf("Reflow:\n%s\nwant:\n%s", got, want)
	}
}
