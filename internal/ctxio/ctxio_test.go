package ctxio

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestStopsWithContext: reads and writes pass through until the context
// is cancelled, then fail with its error without touching the wrapped
// reader or writer.
func TestStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	w := Writer(ctx, &out)
	r := Reader(ctx, strings.NewReader("abcdef"))
	buf := make([]byte, 3)
	if n, err := r.Read(buf); n != 3 || err != nil {
		t.Fatalf("read before cancel: %d %v", n, err)
	}
	if n, err := w.Write([]byte("xy")); n != 2 || err != nil {
		t.Fatalf("write before cancel: %d %v", n, err)
	}
	cancel()
	if n, err := r.Read(buf); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %d %v", n, err)
	}
	if n, err := w.Write([]byte("z")); n != 0 || !errors.Is(err, context.Canceled) || out.String() != "xy" {
		t.Fatalf("write after cancel: %d %v, wrote %q", n, err, out.String())
	}
}

func ExampleWriter() {
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	w := Writer(ctx, &out)
	w.Write([]byte("written "))
	cancel()
	_, err := w.Write([]byte("not written"))
	fmt.Println(out.String(), err)
	// Output: written  context canceled
}
