package progress

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

func TestSilentWhenNotATerminal(t *testing.T) {
	var b bytes.Buffer
	l := New(&b, false)
	l.Update("nodes 100")
	l.Done()
	if b.Len() != 0 || l.Enabled() {
		t.Fatalf("progress written to a non-terminal: %q", b.String())
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	if New(f, false).Enabled() {
		t.Fatal("a regular file was taken for a terminal")
	}
}

func TestQuiet(t *testing.T) {
	l := &Line{w: &bytes.Buffer{}, on: false}
	l.Update("x")
	if l.Enabled() {
		t.Fatal("quiet line enabled")
	}
}

func TestLineErasesAndThrottles(t *testing.T) {
	var b bytes.Buffer
	l := &Line{w: &b, on: true, every: time.Hour}
	l.Update("a long status line")
	l.Update("dropped by the throttle")
	l.Done()
	out := b.String()
	if strings.Contains(out, "dropped") {
		t.Fatalf("throttle let an update through: %q", out)
	}
	if !strings.HasPrefix(out, "\ra long status line") || !strings.HasSuffix(out, "\r") {
		t.Fatalf("unexpected output %q", out)
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int64]string{5: "5", 12_345: "12k", 12_345_678: "12M", 12_345_678_901: "12G"} {
		if got := Count(n); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
