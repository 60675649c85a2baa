package textio

import "testing"

func TestTrimBOM(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"\xef\xbb\xbfboard", "board"},
		{"board", "board"},
		{"", ""},
		{"\xef\xbb", "\xef\xbb"},
		{"x\xef\xbb\xbf", "x\xef\xbb\xbf"},             // only a leading one
		{"\xef\xbb\xbf\xef\xbb\xbfx", "\xef\xbb\xbfx"}, // only one
	} {
		if got := string(TrimBOM([]byte(c.in))); got != c.want {
			t.Errorf("TrimBOM(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
