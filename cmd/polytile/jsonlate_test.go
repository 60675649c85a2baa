package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestJSONSummaryWithinGraceOfStop: solve --json encoded its summary
// after the stop without reading the context, and the tiling of a million
// cells takes seconds to encode: --max-coverage --time-limit 1500ms on
// 1024x1024 monominoes ran about 2 s past the limit, and SIGINT there met
// the watchdog ("still running 1s after the signal"). The summary now
// gets drawGrace after the stop, as the pictures do: it is written whole
// when ready in time, else not at all, with a note and exit 1.
func TestJSONSummaryWithinGraceOfStop(t *testing.T) {
	if testing.Short() {
		t.Skip("a million cells")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "mono.yaml")
	os.WriteFile(in, []byte("board: 1024x1024\ncount: unlimited\npieces:\n  I: \"#\"\n"), 0o644)
	for _, args := range [][]string{
		{"--json"},
		{"--json", "-o", filepath.Join(dir, "summary.json")},
	} {
		start := time.Now()
		code, stdout, errs := run(t, "", append([]string{"solve", in, "--max-coverage", "--time-limit", "1500ms", "-q"}, args...)...)
		took := time.Since(start)
		if took > 3*time.Second { // 1.5 s, drawGrace and slack for a loaded machine
			t.Errorf("%v: took %v with --time-limit 1500ms (exit %d): %.200s", args, took, code, errs)
		}
		out := stdout
		if len(args) > 1 {
			data, _ := os.ReadFile(args[2])
			out = string(data)
		}
		switch {
		case strings.Contains(errs, "JSON summary was not finished"):
			if code != exitNoSolution || out != "" {
				t.Errorf("%v: not written, yet exit %d and %d bytes of output", args, code, len(out))
			}
		case !json.Valid([]byte(out)):
			t.Errorf("%v: exit %d, the summary is not valid JSON (%d bytes): %.200s", args, code, len(out), errs)
		}
	}
}

// slowJSON is a value whose encoding ends only when its channel closes.
type slowJSON struct{ release chan struct{} }

func (s slowJSON) MarshalJSON() ([]byte, error) {
	<-s.release
	return []byte("{}"), nil
}

// TestWriteJSONWithinGivesUp: an encoding that outlives drawGrace after
// the stop is given up with errJSONLate and writes nothing (writeJSONLine
// waited for it, however long); before the stop, it is waited for.
func TestWriteJSONWithinGivesUp(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v := slowJSON{make(chan struct{})}
	defer close(v.release)
	done := make(chan error, 1)
	var out strings.Builder
	go func() { done <- writeJSONWithin(ctx, &out, v, true) }()
	select {
	case err := <-done:
		if !errors.Is(err, errJSONLate) || out.Len() != 0 {
			t.Errorf("%v, %d bytes written", err, out.Len())
		}
	case <-time.After(drawGrace + 5*time.Second):
		t.Fatal("the encoding was waited for past its grace")
	}
	quick := slowJSON{make(chan struct{})}
	close(quick.release)
	if err := writeJSONWithin(context.Background(), io.Discard, quick, false); err != nil {
		t.Errorf("an encoding without a stop: %v", err)
	}
}
