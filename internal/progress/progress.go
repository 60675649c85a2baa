// Package progress draws a live status line on a terminal: nodes per second,
// solutions so far, elapsed time, best coverage and gap. It stays silent
// when the stream is not a terminal or when the user asked for quiet, so
// that pipes, files and JSON output never receive progress text.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// Line is a throttled, self-erasing status line. It is safe for concurrent use.
type Line struct {
	mu      sync.Mutex
	w       io.Writer
	on      bool
	every   time.Duration
	last    time.Time
	shown   int
	started time.Time
}

// New returns a line on w, enabled only when w is a terminal and quiet is
// false.
func New(w io.Writer, quiet bool) *Line {
	return &Line{w: w, on: !quiet && IsTerminal(w), every: 100 * time.Millisecond, started: time.Now()}
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// Enabled reports whether the line draws anything.
func (l *Line) Enabled() bool { return l != nil && l.on }

// Elapsed is the time since the line was created.
func (l *Line) Elapsed() time.Duration { return time.Since(l.started) }

// Update replaces the line with s, at most ten times a second.
func (l *Line) Update(s string) {
	if !l.Enabled() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if now.Sub(l.last) < l.every {
		return
	}
	l.last = now
	pad := ""
	if n := len(s); n < l.shown {
		pad = strings.Repeat(" ", l.shown-n)
	}
	fmt.Fprintf(l.w, "\r%s%s", s, pad)
	l.shown = len(s)
}

// Done erases the line so that the next output starts on a clean row.
func (l *Line) Done() {
	if !l.Enabled() {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shown > 0 {
		fmt.Fprintf(l.w, "\r%s\r", strings.Repeat(" ", l.shown))
		l.shown = 0
	}
}

// Rate formats a count per second with a k/M suffix.
func Rate(n int64, d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return Count(int64(float64(n) / d.Seconds()))
}

// Count formats n with a k/M/G suffix.
func Count(n int64) string {
	switch {
	case n >= 10_000_000_000:
		return fmt.Sprintf("%.0fG", float64(n)/1e9)
	case n >= 10_000_000:
		return fmt.Sprintf("%.0fM", float64(n)/1e6)
	case n >= 10_000:
		return fmt.Sprintf("%.0fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}
