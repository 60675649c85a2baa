package export

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"
)

// A puzzle name longer than an LP line (no spaces, multi-byte runes) is
// wrapped in the header comments, never cut inside a rune.
func TestLongNameWrapped(t *testing.T) {
	p := tetro45(t)
	p.Name = strings.Repeat("é", 400) + " " + strings.Repeat("x", 300)
	pr := program(t, p, variants[0])
	var b bytes.Buffer
	if err := WriteLP(&b, pr); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if len(line) > 255 || !utf8.ValidString(line) {
			t.Fatalf("line of %d bytes (valid UTF-8: %v)", len(line), utf8.ValidString(line))
		}
	}
	if got := strings.Count(b.String(), "é"); got != 400 {
		t.Errorf("%d of the name's 400 runes written", got)
	}
}
